"""Checkpoints that quantise only their MoE experts (gpt-oss MXFP4, Kimi K2.5 INT4) are sized as shipped, in the
rules and the estimate alike, and run on GPUs without the format's tensor cores; the catalog carries the routing."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from app.catalog.seed import by_id, load_source_parts
from app.core.build import Build, Placement, ServingEngine, Workload
from app.core.memory import GIB, attention_dp_extra_bytes, attention_params, weights_bytes
from app.core.parts import AnyPart, Gpu, Llm
from app.core.precision import (
    EXPERTS_ONLY_EXPERT_BYTES,
    EXPERTS_ONLY_PRECISION,
    ExpertsOnlyCheckpoint,
    Precision,
)
from app.perf.engines import Engine
from app.perf.model import Deployment, estimate, moe_shape
from app.perf.model import Workload as PerfWorkload
from app.rules import RuleEngine


@pytest.fixture(scope="module")
def parts() -> dict[str, AnyPart]:
    return by_id(load_source_parts())


def _llm(parts: dict[str, AnyPart], part_id: str) -> Llm:
    llm = parts[part_id]
    assert isinstance(llm, Llm)
    return llm


def test_gpt_oss_checkpoints_weigh_what_the_model_card_says(parts: dict[str, AnyPart]) -> None:
    """The model card: 60.8 GiB (120b) and 12.8 GiB (20b). Experts 114.71 B / 19.12 B at 4.25 bits, the rest
    (116.8 - 114.71 and 20.9 - 19.12 B) at 2 bytes. Every weight at NVFP4's 4.5 bits was 61.2 and 11.0 GiB."""
    big, small = _llm(parts, "openai-gpt-oss-120b"), _llm(parts, "openai-gpt-oss-20b")
    assert weights_bytes(big, "fp4") == pytest.approx(114.71e9 * 4.25 / 8 + (116.8 - 114.71) * 1e9 * 2)
    assert weights_bytes(big, "fp4") / GIB == pytest.approx(60.8, rel=0.005)
    assert weights_bytes(small, "fp4") / GIB == pytest.approx(12.8, rel=0.005)
    # Another precision quantises every weight as before; a model without such a checkpoint too.
    assert weights_bytes(big, "bf16") == pytest.approx(116.8e9 * 2)
    assert weights_bytes(big, "fp8") == pytest.approx(116.8e9)
    ds = _llm(parts, "deepseek-r1")
    assert weights_bytes(ds, "fp4") == pytest.approx(671e9 * 0.5625)


def test_kimi_int4_experts_and_bf16_rest(parts: dict[str, AnyPart]) -> None:
    """1,014.69 B routed parameters (the config's count) at 4.5 bits, the other 11.31 B at 2 bytes: 593 GB where
    AWQ-style INT4 throughout (0.55 bytes) gave 564 GB; NVFP4 ('fp4') quantises every expert and stays 0.5625."""
    kimi = _llm(parts, "moonshotai-kimi-k2.5")
    assert kimi.routed_expert_params() == pytest.approx(1014.69e9)
    assert weights_bytes(kimi, "int4") == pytest.approx(1014.69e9 * 4.5 / 8 + 11.31e9 * 2, rel=1e-6)
    assert weights_bytes(kimi, "int4") / 1e9 == pytest.approx(593, abs=1)
    assert weights_bytes(kimi, "fp4") == pytest.approx(1026e9 * 0.5625)


def test_every_bundled_moe_model_states_its_routing(parts: dict[str, AnyPart]) -> None:
    """The routing lives in the catalog (it was a side table keyed by id patterns); a dense model has none, not
    even DeepSeek's distilled dense models, whose ids contain 'deepseek-r1'."""
    llms = [p for p in parts.values() if isinstance(p, Llm)]
    moe = [m for m in llms if m.is_moe]
    assert len(moe) >= 11
    for m in moe:
        shape = moe_shape(m)
        assert shape is not None and shape.active < shape.experts, m.id
        # What a step reads besides the experts its tokens hit is left: active > top-k experts.
        assert m.active_params_b * 1e9 > m.experts_per_token * m.routed_expert_params() / shape.experts, m.id  # type: ignore[operator]
    for m in llms:
        if not m.is_moe:
            assert m.routed_experts is None and moe_shape(m) is None and m.routed_expert_params() == 0.0, m.id
    assert {m.id for m in moe if m.experts_only_checkpoint} == {
        "openai-gpt-oss-120b", "openai-gpt-oss-20b", "moonshotai-kimi-k2-thinking", "moonshotai-kimi-k2.5",
        "moonshotai-kimi-k2.6"}


@pytest.mark.parametrize(("changes", "message"), [
    ({"experts_per_token": None}, "go together"),
    ({"routed_experts": 8, "experts_per_token": 8}, "fewer than routed_experts"),
    ({"routed_experts": None, "experts_per_token": None, "experts_only_checkpoint": None,
      "routed_expert_params_b": None, "active_params_b": 116.8}, None),  # a dense model without routing is fine
    ({"active_params_b": 116.8}, "active_params_b below total_params_b"),
    ({"routed_experts": None, "experts_per_token": None, "routed_expert_params_b": None}, "needs routed_experts"),
    ({"routed_expert_params_b": 116.8}, "below total_params_b"),
    ({"routed_expert_params_b": 116.0, "experts_per_token": 8}, "exceed active_params_b"),
    ({"routed_expert_params_b": None, "experts_per_token": 8}, "give routed_expert_params_b"),  # 8 x 0.93 > 5.1 B
    ({"experts_only_checkpoint": "nvfp4-experts"}, "experts_only_checkpoint"),
])
def test_routing_that_cannot_be_is_refused_by_name(parts: dict[str, AnyPart], changes: dict[str, Any],
                                                   message: str | None) -> None:
    data = {**_llm(parts, "openai-gpt-oss-120b").model_dump(), **changes}
    if message is None:
        Llm.model_validate(data)
        return
    with pytest.raises(ValidationError, match=message):
        Llm.model_validate(data)


def test_the_rules_and_the_estimate_count_the_same_weights(parts: dict[str, AnyPart]) -> None:
    """gpt-oss-20b at its MXFP4 on a 24 GB RTX 4090, vLLM: the build's VRAM figures and the estimate's agree (12.78
    GiB of weights), and neither calls it unservable for the card's lack of FP4 tensor cores."""
    build = Build(
        name="tower", chassis_id="diy-tower-1p-sp5-1gpu",
        placements=(Placement(part_id="nvidia-geforce-rtx-4090", slots=("gpu0",)),),
        workload=Workload(llm_id="openai-gpt-oss-20b", weight_precision=Precision.FP4, input_tokens=7168,
                          output_tokens=1024, concurrency=1, engine=ServingEngine.VLLM),
    )
    report = RuleEngine(parts).validate(build)
    assert not report.by_rule("precision.weights")
    s = report.summary
    assert s.weights_per_gpu_gib == pytest.approx(12.78, abs=0.01)
    gpu, llm = parts["nvidia-geforce-rtx-4090"], _llm(parts, "openai-gpt-oss-20b")
    assert isinstance(gpu, Gpu)
    est = estimate(Deployment(gpu=gpu), PerfWorkload(llm=llm, weight_precision="fp4", input_len=7168, output_len=1024,
                                                      concurrency=1, engine=Engine.VLLM))
    assert est.breakdown["weights_gib_per_gpu"] == pytest.approx(s.weights_per_gpu_gib, abs=0.01)
    assert est.max_concurrency_kv == s.max_concurrency
    assert not any("tensor cores" in w for w in est.warnings)
    # NVFP4 on a model without such a checkpoint still needs Blackwell: the rule says so, as before.
    llama = build.model_copy(update={"workload": build.workload.model_copy(update={"llm_id": "meta-llama-3.1-8b"})})
    assert RuleEngine(parts).validate(llama).by_rule("precision.weights")


def test_attention_dp_copies_the_bf16_attention_of_an_experts_only_checkpoint(parts: dict[str, AnyPart]) -> None:
    """Attention-DP holds the attention projections whole on each GPU: 2 bytes a parameter in gpt-oss's MXFP4
    checkpoint (its attention is BF16), not the experts' 4.25 bits."""
    gpt = _llm(parts, "openai-gpt-oss-120b")
    assert attention_dp_extra_bytes(gpt, "fp4", 8) == pytest.approx(attention_params(gpt) * 2.0 * 7 / 8)
    assert attention_dp_extra_bytes(gpt, "fp8", 8) == pytest.approx(attention_params(gpt) * 1.0 * 7 / 8)


def test_a_moe_model_without_its_routing_is_named(parts: dict[str, AnyPart]) -> None:
    """A MoE model a user enters without routed_experts gets a finding that says what the estimate assumes
    instead (every parameter an expert, 4 % of them a token for gpt-oss-120b) and where to find the figures; a
    bundled one gets none."""
    gpt = _llm(parts, "openai-gpt-oss-120b")
    bare = Llm.model_validate({**gpt.model_dump(), "id": "my-moe", "routed_experts": None, "experts_per_token": None,
                               "routed_expert_params_b": None, "experts_only_checkpoint": None})
    mine = {**parts, bare.id: bare}

    def tower(llm_id: str) -> Build:
        return Build(name="t", chassis_id="diy-tower-1p-sp5-1gpu",
                     placements=(Placement(part_id="nvidia-rtx-pro-6000-blackwell-workstation", slots=("gpu0",)),),
                     workload=Workload(llm_id=llm_id, weight_precision=Precision.FP8, concurrency=1))

    found = RuleEngine(mine).validate(tower("my-moe")).by_rule("vram.moe-routing")
    assert len(found) == 1 and found[0].severity.value == "info"
    assert "without its routing" in found[0].message
    assert "all 116.8 B parameters as experts, each token touching 4%" in found[0].explanation
    assert found[0].part_ids == ("my-moe",)
    assert not RuleEngine(mine).validate(tower(gpt.id)).by_rule("vram.moe-routing")
    assert not RuleEngine(mine).validate(tower("meta-llama-3.1-8b")).by_rule("vram.moe-routing")


def test_the_vram_finding_shows_the_experts_only_sum(parts: dict[str, AnyPart]) -> None:
    """gpt-oss-120b's MXFP4 checkpoint on one 24 GB card does not fit, and the finding's arithmetic is the one the
    fit does (so an engineer can redo it): experts at 4.25 bits plus the rest at 2 bytes, not 116.8 B x 0.5625."""
    build = Build(
        name="tower", chassis_id="diy-tower-1p-sp5-1gpu",
        placements=(Placement(part_id="nvidia-geforce-rtx-4090", slots=("gpu0",)),),
        workload=Workload(llm_id="openai-gpt-oss-120b", weight_precision=Precision.FP4, concurrency=1),
    )
    found = RuleEngine(parts).validate(build).by_rule("vram.fit")
    assert found
    text = found[0].explanation
    assert "weights 114.71 B expert params x 0.53125 B (mxfp4-experts) + 2.09 B other params x 2 B (BF16) = " \
           "60.6 GiB" in text, text
    dense = build.model_copy(update={"workload": build.workload.model_copy(update={"weight_precision": Precision.FP8})})
    assert "weights 116.8 B params x 1 B (fp8) = 108.8 GiB" in RuleEngine(parts).validate(dense).by_rule(
        "vram.fit")[0].explanation


def test_weights_wider_than_the_release_are_named_with_a_fix(parts: dict[str, AnyPart]) -> None:
    """gpt-oss in FP8 is its MXFP4 release widened (117 GB instead of 65 GB): an info finding whose fix serves
    FP4, after which it is gone. DeepSeek-R1 in BF16 on an A100 (no FP8 tensor cores) is how that GPU runs it: no
    finding; nor for a BF16 model in FP8."""
    from app.rules.fixes import apply_op

    def tower(llm_id: str, precision: Precision, gpu: str = "nvidia-rtx-pro-6000-blackwell-workstation") -> Build:
        return Build(name="t", chassis_id="diy-tower-1p-sp5-1gpu",
                     placements=(Placement(part_id=gpu, slots=("gpu0",)),),
                     workload=Workload(llm_id=llm_id, weight_precision=precision, concurrency=1))

    engine = RuleEngine(parts)
    build = tower("openai-gpt-oss-120b", Precision.FP8)
    found = engine.validate(build).by_rule("precision.upcast")
    assert len(found) == 1 and found[0].severity.value == "info"
    assert found[0].message == "gpt-oss-120b is released in FP4: FP8 weights add memory, not quality"
    assert "117 GB instead of 65 GB" in found[0].explanation
    fixed = build
    for op in found[0].fixes[0].ops:
        fixed = apply_op(fixed, op)
    assert fixed.workload is not None and fixed.workload.weight_precision is Precision.FP4
    assert not engine.validate(fixed).by_rule("precision.upcast")
    assert not engine.validate(tower("deepseek-r1", Precision.BF16, "nvidia-a100-pcie-80gb")).by_rule(
        "precision.upcast")
    assert engine.validate(tower("deepseek-r1", Precision.BF16)).by_rule("precision.upcast")
    assert not engine.validate(tower("meta-llama-3.1-8b", Precision.FP8)).by_rule("precision.upcast")


@given(total=st.floats(2.0, 2000.0), active_share=st.floats(0.01, 0.9), experts=st.integers(4, 512),
       k_share=st.floats(0.0, 0.5), layout=st.sampled_from(list(ExpertsOnlyCheckpoint)),
       given_share=st.one_of(st.none(), st.floats(0.5, 0.99)))
@example(total=1151.2132047675643, active_share=0.01, experts=100, k_share=0.0,
         layout=ExpertsOnlyCheckpoint.MXFP4_EXPERTS, given_share=None)  # derived routing rounded above the total
@settings(max_examples=200, deadline=None)
def test_any_routing_the_catalog_accepts_sizes_between_its_bounds(
        total: float, active_share: float, experts: int, k_share: float, layout: ExpertsOnlyCheckpoint,
        given_share: float | None) -> None:
    """Whatever routing a user enters, the model either refuses it by name or sizes it sanely: routed
    parameters within the total, the experts-only checkpoint between every weight at the experts' bits and
    every weight at 2 bytes, and the step's always-read share (active less top-k experts) never negative."""
    k = max(1, min(experts - 1, round(experts * k_share)))
    data: dict[str, Any] = {
        "id": "prop-moe", "vendor": "Lab", "name": "Prop MoE", "source": "test", "family": "test",
        "total_params_b": total, "active_params_b": total * active_share, "layers": 32, "hidden_size": 4096,
        "attention_heads": 32, "kv_heads": 8, "head_dim": 128, "attention_type": "GQA", "vocab_size": 32000,
        "max_context": 32768, "routed_experts": experts, "experts_per_token": k, "experts_only_checkpoint": layout,
        "routed_expert_params_b": None if given_share is None else total * given_share,
    }
    try:
        llm = Llm.model_validate(data)
    except ValidationError as exc:
        assert exc.errors()[0]["msg"].startswith("Value error, "), exc
        return
    routed = llm.routed_expert_params()
    assert 0.0 < routed <= total * 1e9
    assert llm.active_params_b * 1e9 - k * routed / experts >= -1e-3 * total * 1e9
    precision = EXPERTS_ONLY_PRECISION[layout].value
    size = weights_bytes(llm, precision)
    assert total * 1e9 * EXPERTS_ONLY_EXPERT_BYTES[layout] - 1.0 <= size <= total * 1e9 * 2.0 + 1.0
