"""Parts named as people write them: ids, names, Hugging Face repositories, shorter forms; never a guess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.catalog.lookup import PartNotFoundError, names_of, normalized, resolve_part
from app.catalog.query import PartQuery
from app.catalog.seed import load_source_parts
from app.catalog.store import Catalog
from app.cli.main import main
from app.core.parts import Gpu, Llm, Part, PartKind

PARTS = {p.id: p for p in load_source_parts()}


def llm(text: str) -> tuple[str, str]:
    found = resolve_part(PARTS, text, Llm, "an LLM", variants=True)
    return found.part.id, found.reading


def gpu(text: str) -> tuple[str, str]:
    found = resolve_part(PARTS, text, Gpu, "a GPU")
    return found.part.id, found.reading


@pytest.mark.parametrize(("text", "expected"), [
    ("deepseek-r1", ("deepseek-r1", "id")),
    ("gpt-oss-120b", ("openai-gpt-oss-120b", "exact")),            # the model's own name
    ("openai/gpt-oss-120b", ("openai-gpt-oss-120b", "exact")),     # its Hugging Face repository
    ("DeepSeek-V3.1", ("deepseek-v3.1", "exact")),                 # not read as V3: a part of its own
    ("deepseek-ai/DeepSeek-R1-0528", ("deepseek-r1", "variant")),  # a dated refresh of the same weights' shape
    ("Qwen/Qwen3-235B-A22B-Instruct-2507", ("qwen3-235b-a22b", "variant")),
    ("Qwen3-235B-A22B-FP8", ("qwen3-235b-a22b", "variant")),
    ("meta-llama/Llama-3.1-8B-Instruct", ("meta-llama-3.1-8b", "variant")),
    ("Llama 3.3 70B", ("meta-llama-3.3-70b-instruct", "words")),
    # suffixes come off one at a time, so the Instruct tune is found before the thinking one
    ("moonshotai/Kimi-K2-Instruct-0905", ("moonshotai-kimi-k2-instruct", "variant")),
    ("Kimi-K2-Thinking", ("moonshotai-kimi-k2-thinking", "exact")),
    # another organisation's quantised upload is read by its repository's name
    ("nvidia/DeepSeek-R1-0528-FP4-V2", ("deepseek-r1", "variant")),
    ("RedHatAI/Llama-3.3-70B-Instruct-FP8-dynamic", ("meta-llama-3.3-70b-instruct", "variant")),
    ("amd/Llama-3.1-405B-Instruct-FP8-KV", ("meta-llama-3.1-405b", "variant")),
])
def test_models_by_the_names_people_write(text: str, expected: tuple[str, str]) -> None:
    assert llm(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("nvidia-b200-sxm", ("nvidia-b200-sxm", "id")),
    ("B200", ("nvidia-b200-sxm", "words")),
    ("MI300X", ("amd-instinct-mi300x", "words")),
    ("H100 SXM", ("nvidia-h100-sxm5-80gb", "words")),  # 'sxm' fits its numbered form 'sxm5'
    ("h200 sxm", ("nvidia-h200-sxm-141gb", "words")),
    ("H20", ("nvidia-h20-96gb", "words")),             # ...but 'h20' is not 'h200'
    ("rtx 4090", ("nvidia-geforce-rtx-4090", "words")),  # a GPU's number is not a date suffix
    ("L40", ("nvidia-l40", "exact")),                  # not the L40S
    ("A100 80GB PCIe", ("nvidia-a100-pcie-80gb", "words")),
])
def test_gpus_by_the_names_people_write(text: str, expected: tuple[str, str]) -> None:
    assert gpu(text) == expected


@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("H200", Gpu, {"nvidia-h200-sxm-141gb", "nvidia-h200-nvl-141gb"}),
    ("H100", Gpu, {"nvidia-h100-sxm5-80gb", "nvidia-h100-pcie-80gb", "nvidia-h100-nvl-94gb"}),
    ("gaudi 3", Gpu, {"intel-gaudi-3-oam", "intel-gaudi-3-pcie"}),
    ("mixtral", Llm, {"mixtral-8x7b-v0.1", "mixtral-8x22b-v0.1"}),
    ("Kimi K2", Llm, {"moonshotai-kimi-k2-instruct", "moonshotai-kimi-k2-thinking"}),
    ("llama-70b", Llm, {"meta-llama-2-70b", "meta-llama-3.1-70b", "meta-llama-3.3-70b-instruct",
                        "deepseek-r1-distill-llama-70b"}),
])
def test_a_name_that_fits_several_parts_is_never_guessed(text: str, kind: type[Part], expected: set[str]) -> None:
    with pytest.raises(PartNotFoundError) as exc:
        resolve_part(PARTS, text, kind, "a part", variants=kind is Llm)
    assert exc.value.ambiguous and {p.id for p in exc.value.candidates} == expected


@pytest.mark.parametrize(("text", "kind", "first"), [
    ("Kimi-K3", Llm, {"moonshotai-kimi-k2.5", "moonshotai-kimi-k2.6"}),
    ("GLM-4.6", Llm, {"zai-glm-4.7"}),
    ("DeepSeek-V3.2", Llm, {"deepseek-v3.1", "deepseek-v3"}),
    ("Gaudi3", Gpu, {"intel-gaudi-3-oam", "intel-gaudi-3-pcie"}),  # the name run together
])
def test_a_name_that_fits_none_offers_the_nearest(text: str, kind: type[Part], first: set[str]) -> None:
    with pytest.raises(PartNotFoundError) as exc:
        resolve_part(PARTS, text, kind, "a part", variants=kind is Llm)
    assert not exc.value.ambiguous
    assert {p.id for p in exc.value.candidates[:len(first)]} == first


def test_hugging_face_names_are_models_only() -> None:
    # The H100 SXM5's source cites huggingface.co/hardware/h100; "hardware/h100" is not one of its names,
    # or "H100" would read as the SXM5 rather than fit three GPUs.
    assert "huggingface.co/hardware/h100" in PARTS["nvidia-h100-sxm5-80gb"].source
    assert not {"h100", "hardware-h100"} & set(names_of(PARTS["nvidia-h100-sxm5-80gb"]))
    assert normalized("deepseek-ai/DeepSeek-R1-Distill-Qwen-32B") in names_of(PARTS["deepseek-r1-distill-qwen-32b"])


def test_normalized_folds_case_and_separators() -> None:
    assert normalized("  Llama 3.1_70B ") == normalized("llama-3.1-70b") == "llama-3.1-70b"


@given(st.text(max_size=60))
def test_any_text_resolves_or_says_why(text: str) -> None:
    for kind in (Gpu, Llm):
        try:
            found = resolve_part(PARTS, text, kind, "a part", variants=kind is Llm)
        except PartNotFoundError as exc:
            assert str(exc) and all(isinstance(p, kind) for p in exc.candidates)
        else:
            assert isinstance(found.part, kind)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


ESTIMATE = ("estimate", "--count", "8", "--tp", "8", "--precision", "fp8", "--engine", "sglang",
            "--input-len", "1000", "--output-len", "100", "--concurrency", "8", "--json")


def test_estimate_takes_names_and_says_how_it_read_them(capsys: pytest.CaptureFixture[str]) -> None:
    code, by_id, _ = run(capsys, *ESTIMATE, "--gpu", "nvidia-h200-sxm-141gb", "--model", "deepseek-r1")
    assert code == 0
    code, by_name, err = run(capsys, *ESTIMATE, "--gpu", "H200 SXM", "--model", "deepseek-ai/DeepSeek-R1-0528")
    assert code == 0
    assert json.loads(by_name) == json.loads(by_id)  # standard output stays the JSON alone
    assert "--gpu H200 SXM: read as NVIDIA H200 SXM 141GB (nvidia-h200-sxm-141gb)" in err
    assert "--model deepseek-ai/DeepSeek-R1-0528: read as DeepSeek DeepSeek-R1 (deepseek-r1)" in err


def test_estimate_names_the_parts_a_name_might_mean(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *ESTIMATE, "--gpu", "H200", "--model", "deepseek-r1")
    assert code == 2 and out == ""
    assert ("--gpu 'H200' fits more than one part in the catalog: nvidia-h200-nvl-141gb, "
            "nvidia-h200-sxm-141gb; give one of these IDs") in err
    code, _, err = run(capsys, *ESTIMATE, "--gpu", "B200", "--model", "DeepSeek-V3.2")
    assert code == 2
    assert "--model 'DeepSeek-V3.2' is not an LLM in the catalog; nearest: deepseek-v3.1, deepseek-v3" in err
    code, _, err = run(capsys, *ESTIMATE, "--gpu", "toaster", "--model", "deepseek-r1")
    assert code == 2 and "--gpu 'toaster' is not a GPU in the catalog (try: catalog list --search WORD)" in err


def test_recommend_stores_the_ids_of_named_parts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "recommend", "--model", "Llama 3.1 8B Instruct", "--scenario", "chat",
                         "--concurrency", "4", "--gpu", "L40S", "H100 SXM", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["requirements"]["llm_id"] == "meta-llama-3.1-8b"
    assert data["requirements"]["gpu_ids"] == ["nvidia-l40s", "nvidia-h100-sxm5-80gb"]
    assert "--gpu H100 SXM: read as NVIDIA H100 SXM5 80GB" in err


def test_catalog_show_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "catalog", "show", "gpt-oss-120b", "--json")
    assert code == 0 and json.loads(out)["id"] == "openai-gpt-oss-120b"
    assert "gpt-oss-120b: read as OpenAI gpt-oss-120b (openai-gpt-oss-120b)" in err
    code, _, err = run(capsys, "catalog", "show", "Gaudi3")
    assert code == 2  # the XE9680 OAM chassis names Gaudi 3 too
    assert "no part with ID 'Gaudi3'; nearest: dell-poweredge-xe9680-oam, intel-gaudi-3-oam, intel-gaudi-3-pcie" in err


def test_catalog_search_falls_back_to_the_parts_a_name_names(capsys: pytest.CaptureFixture[str]) -> None:
    """No part's text holds 'nvidia/DeepSeek-R1-0528-FP4-V2' or '0905': the search lists what they name, as the
    window's search box does (Catalog.query)."""
    code, out, _ = run(capsys, "catalog", "list", "--kind", "llm", "--search", "nvidia/DeepSeek-R1-0528-FP4-V2",
                       "--json")
    assert code == 0 and [p["id"] for p in json.loads(out)["parts"]] == ["deepseek-r1"]
    code, out, _ = run(capsys, "catalog", "list", "--search", "Kimi K2 Instruct 0905", "--json")
    assert [p["id"] for p in json.loads(out)["parts"]] == ["moonshotai-kimi-k2-instruct"]
    code, out, _ = run(capsys, "catalog", "list", "--kind", "gpu", "--search", "Gaudi3", "--json")
    assert json.loads(out)["parts"] == []  # the nearest are suggestions for a name given as an ID, not matches
    # A search some part's text holds is answered by the text alone, as before.
    code, out, _ = run(capsys, "catalog", "list", "--kind", "gpu", "--search", "h100", "--json")
    assert {p["id"] for p in json.loads(out)["parts"]} == {
        "nvidia-h100-sxm5-80gb", "nvidia-h100-pcie-80gb", "nvidia-h100-nvl-94gb"}


def test_search_adds_only_a_part_a_name_names_alone(tmp_path: Path) -> None:
    """Catalog.search: the query's answer, or the one part a name names; query() itself stays the SQL's answer."""
    cat = Catalog.open(tmp_path / "c.db")
    try:
        named = PartQuery(kind=PartKind.LLM, search="deepseek-ai/DeepSeek-R1-0528")
        assert cat.query(named) == []
        assert [p.id for p in cat.search(named)] == ["deepseek-r1"]
        # 'qwen3 a22b 2507' names one model; 'llama 70b 2024' fits four: the search adds nothing for it.
        assert [p.id for p in cat.search(PartQuery(kind=PartKind.LLM, search="Qwen3-235B-A22B-2507"))] == [
            "qwen3-235b-a22b"]
        assert cat.search(PartQuery(kind=PartKind.LLM, search="llama 70b 2024")) == []
        # A limited, filtered or origin-bound query is answered by the text alone.
        assert cat.search(PartQuery(kind=PartKind.LLM, search="deepseek-ai/DeepSeek-R1-0528", limit=5)) == []
    finally:
        cat.close()
