"""Issue #17, items 1-3, on the bundled catalog: GPU memory in GiB, overhead per engine and GPU,
precision the GPU cannot serve.

Hand computations (vLLM, app.core.memory's docstring): an RTX 4090 "24 GB" is 24 GiB; vLLM sees
24 - 0.35 = 23.65 GiB and budgets 0.9 of it = 21.285 GiB. Llama-3.1-8B BF16: 8.03e9 x 2 B = 14.96 GiB.
Under 70 GiB vLLM's profile run is a 2048-token forward pass, 2048 x (3 x 14,336 + 6 x 4,096) x 2 B =
0.258 GiB, then a sampler warm-up over 256 requests' logits at 38 B each (the full-vocabulary sort of top-k and
top-p), 256 x 128,256 x 38 B = 1.162 GiB: the larger sets the peak. Plus 0.15 GiB non-torch: KV budget
21.285 - 14.96 - 1.162 - 0.15 = 5.01 GiB (vLLM logs ~5 GiB on this card). KV per token: 2 x 32 layers x 8
heads x 128 x 2 B = 128 KiB, so one 8,192-token request takes 1 GiB: 5 requests.
"""

from __future__ import annotations

import json

import pytest

from app.catalog.seed import by_id, load_source_parts
from app.cli.main import main
from app.core.build import Build, Placement, ServingEngine, Workload
from app.core.memory import ENGINE_MEMORY, GIB, MemoryAssumptions, vram_fit
from app.core.parts import AnyPart, Gpu, Llm
from app.core.precision import Precision
from app.perf.engines import Engine
from app.perf.model import Deployment, estimate
from app.perf.model import Workload as PerfWorkload
from app.rules import RuleEngine
from app.rules.profile import default_profile

KV_BUDGET_4090_GIB = 21.285 - 8.03e9 * 2 / GIB - 256 * 128256 * 38 / GIB - 0.15


@pytest.fixture(scope="module")
def parts() -> dict[str, AnyPart]:
    return by_id(load_source_parts())


def _tower(gpu: str, *, concurrency: int = 1, engine: ServingEngine = ServingEngine.VLLM,
           precision: Precision = Precision.BF16, llm: str = "meta-llama-3.1-8b") -> Build:
    return Build(
        name="tower", chassis_id="diy-tower-1p-sp5-1gpu",
        placements=(Placement(part_id=gpu, slots=("gpu0",)),),
        workload=Workload(llm_id=llm, weight_precision=precision, input_tokens=7168, output_tokens=1024,
                          concurrency=concurrency, engine=engine),
    )


def test_rtx_4090_holds_five_8k_requests_of_llama_8b(parts: dict[str, AnyPart]) -> None:
    engine = RuleEngine(parts)
    report = engine.validate(_tower("nvidia-geforce-rtx-4090"))
    assert not report.by_rule("vram.fit")
    s = report.summary
    assert s.vram_per_gpu_gib == 24
    assert s.vram_usable_per_gpu_gib == pytest.approx(21.285, abs=0.01)
    assert s.vram_usable_per_gpu_gib - s.weights_per_gpu_gib - s.overhead_per_gpu_gib == pytest.approx(
        KV_BUDGET_4090_GIB, abs=0.02)
    assert s.max_concurrency == 5
    assert engine.validate(_tower("nvidia-geforce-rtx-4090", concurrency=6)).by_rule("vram.fit")


def test_estimate_agrees_and_a_build_with_no_room_for_one_request_does_not_fit(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["estimate", "--gpu", "nvidia-geforce-rtx-4090", "--model", "meta-llama-3.1-8b", "--precision", "bf16",
            "--input-len", "7168", "--output-len", "1024", "--concurrency", "1", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["fits"] is True and out["max_concurrency_kv"] == 5
    assert out["breakdown"]["usable_gib_per_gpu"] == pytest.approx(21.285, abs=0.01)
    # 64k tokens need 8 GiB of KV: the weights fit, no request does, so "fits" is false.
    assert main([*args[:6], "bf16", "--input-len", "64512", "--output-len", "1024", "--concurrency", "1",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["max_concurrency_kv"] == 0 and out["fits"] is False


def test_overhead_depends_on_engine_and_gpu(parts: dict[str, AnyPart]) -> None:
    llm, h100, rtx = parts["meta-llama-3.1-8b"], parts["nvidia-h100-sxm5-80gb"], parts["nvidia-geforce-rtx-4090"]
    assert isinstance(llm, Llm) and isinstance(h100, Gpu) and isinstance(rtx, Gpu)

    def fit(gpu: Gpu, engine: str) -> tuple[float, float]:
        f = vram_fit(llm, gpu, weight_precision="bf16", kv_precision="bf16", tp=1, context_tokens=8192,
                     concurrency=1, assumptions=MemoryAssumptions.for_engine(engine))
        return f.usable_bytes / GIB, f.overhead_bytes / GIB

    # vLLM: the sampler warm-up sets the peak on both: 1024 rows on an H100 (>= 70 GiB), 256 on a 4090, x 128,256
    # x 38 B = 4.648 and 1.162 GiB (the forward passes, 8192 and 2048 tokens, need 1.03 and 0.26), + 0.15.
    assert fit(h100, "vllm")[1] == pytest.approx(4.648 + 0.15, abs=0.01)
    assert fit(rtx, "vllm")[1] == pytest.approx(1.162 + 0.15, abs=0.01)
    # A deployment's own max_num_seqs sizes the warm-up: 64 rows need 0.29 GiB, less than the 8192-token pass.
    few = vram_fit(llm, h100, weight_precision="bf16", kv_precision="bf16", tp=1, context_tokens=8192,
                   concurrency=1, assumptions=MemoryAssumptions(sampler_rows=64))
    assert few.overhead_bytes / GIB == pytest.approx(1.031 + 0.15, abs=0.01)
    assert [n for n, _ in few.overhead_parts] == ["activations", "runtime"]
    # H100 80 GiB: 79.2 GiB seen, x 0.9 = 71.28 GiB for vLLM; SGLang 0.88 x 79.2 less the 0.5 GiB context
    # with no activations inside its static pool; llama.cpp 0.95 x 79.2 less the context.
    assert fit(h100, "vllm")[0] == pytest.approx(71.28, abs=0.01)
    assert fit(h100, "sglang") == pytest.approx((0.88 * 79.2 - 0.5, 0.0), abs=0.01)
    assert fit(h100, "llamacpp")[0] == pytest.approx(0.95 * 79.2 - 0.5, abs=0.01)
    # TensorRT-LLM: 0.9 of what is free after context, weights and activations goes to the KV cache
    # (its activations hold no profile-run logits: 1.27 - 0.245 + 0.15 = 1.18 GiB).
    usable, overhead = fit(h100, "trtllm")
    assert usable == pytest.approx(79.2 - 0.5, abs=0.01)
    free = usable - 8.03e9 * 2 / GIB - 1.18
    assert overhead == pytest.approx(1.18 + 0.1 * free, abs=0.01)
    assert len({fit(h100, e) for e in ENGINE_MEMORY}) >= 4


def test_profile_repeats_the_engines_own_memory_fractions() -> None:
    profile = default_profile()
    for engine in ServingEngine:
        assert profile.vram.engine_memory_fraction[engine].value == ENGINE_MEMORY[engine.value].default_fraction


def test_explanation_names_each_part_of_the_overhead_and_its_source(parts: dict[str, AnyPart]) -> None:
    report = RuleEngine(parts).validate(_tower("nvidia-geforce-rtx-4090", concurrency=8))
    f = report.by_rule("vram.fit")[0]
    assert "activation peak of a 2048-token forward pass 0.3 GiB" in f.explanation
    assert "sampler warm-up of 256 requests' logits (on top of the pass) 0.9 GiB" in f.explanation
    assert "runtime workspaces 0.1 GiB" in f.explanation
    assert "24 GiB less the driver's reserve x 0.9" in f.explanation
    assert any("max_num_batched_tokens" in s for s in f.sources)
    assert any("GiB" in s and "nvidia-smi" in s for s in f.sources)


def test_fp4_on_hopper_is_estimated_weight_only_and_said(parts: dict[str, AnyPart]) -> None:
    h100, llm = parts["nvidia-h100-sxm5-80gb"], parts["meta-llama-3.1-70b"]
    assert isinstance(h100, Gpu) and isinstance(llm, Llm)

    def run(precision: str) -> object:
        return estimate(Deployment(gpu=h100, gpu_count=2, tp=2),
                        PerfWorkload(llm=llm, weight_precision=precision, input_len=4096, output_len=256,
                                     concurrency=32, engine=Engine.VLLM))

    fp4, fp8 = run("fp4"), run("fp8")
    assert fp4.peaks.compute_precision == "bf16"  # type: ignore[attr-defined]
    assert any("no FP4 tensor cores" in w and "weight-only" in w for w in fp4.warnings)  # type: ignore[attr-defined]
    assert not any("tensor cores" in w for w in fp8.warnings)  # type: ignore[attr-defined]
    # Prefill is compute bound: W4A16 GEMMs at the BF16 peak take longer than native FP8.
    assert fp4.ttft_ms > fp8.ttft_ms  # type: ignore[attr-defined]
    # And the rule says it too, with fixes the GPU can serve.
    build = Build(name="fp4", chassis_id="supermicro-sys-821ge-tnhr",
                  placements=(Placement(part_id="nvidia-h100-sxm5-80gb", slots=tuple(f"gpu{i}" for i in range(8))),),
                  workload=Workload(llm_id="meta-llama-3.1-70b", weight_precision=Precision.FP4, tp=8, concurrency=8))
    f = RuleEngine(parts).validate(build).by_rule("precision.weights")
    assert f and f[0].severity.value == "error"
    assert f[0].fixes[0].description == "Serve the weights in FP8"


@pytest.mark.parametrize(("gpu", "precision", "warned"), [
    ("nvidia-t4", "bf16", "no BF16 support"),  # Turing: served as FP16
    ("nvidia-a100-sxm4-80gb", "fp8", "no FP8 tensor cores"),  # Ampere: FP8 weight-only (Marlin)
    ("nvidia-t4", "int4", None),  # weight-only INT4 runs anywhere
    ("nvidia-a100-sxm4-80gb", "int4", None),
])
def test_precision_fallbacks_are_named(parts: dict[str, AnyPart], gpu: str, precision: str,
                                       warned: str | None) -> None:
    g, llm = parts[gpu], parts["meta-llama-3.1-8b"]
    assert isinstance(g, Gpu) and isinstance(llm, Llm)
    est = estimate(Deployment(gpu=g, gpu_count=1),
                   PerfWorkload(llm=llm, weight_precision=precision, input_len=512, output_len=128))
    notes = [w for w in est.warnings if "support" in w or "tensor cores" in w]
    assert (notes == []) if warned is None else any(warned in w for w in notes), est.warnings


def test_vllm_sampler_warm_up_on_a_large_vocabulary(capsys: pytest.CaptureFixture[str]) -> None:
    # gpt-oss-120b (vocabulary 201,088) on one H100 under vLLM: the warm-up samples 1024 rows x 201,088 x 38 B =
    # 7.287 GiB, + 0.15 GiB non-torch = 7.437 GiB between the weights and the KV cache: what vLLM issue #23278's
    # start-up log leaves (0.9 x 79.2 GiB = 71.27, less 65.97 GiB of weights and -2.14 GiB of KV cache = 7.44).
    args = ["estimate", "--gpu", "nvidia-h100-sxm5-80gb", "--model", "openai-gpt-oss-120b", "--precision", "fp4",
            "--engine", "vllm", "--input-len", "1024", "--output-len", "1024", "--concurrency", "1", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    sampler = 1024 * 201088 * 38 / GIB
    assert out["breakdown"]["overhead_gib_per_gpu"] == pytest.approx(sampler + 0.15, abs=0.005)
    full = out["max_concurrency_kv"]
    # --max-num-seqs 256 warms up on 256 rows (1.822 GiB): 5.6 GiB more for the KV cache, three times the requests.
    assert main([*args, "--max-num-seqs", "256"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["breakdown"]["overhead_gib_per_gpu"] == pytest.approx(256 * 201088 * 38 / GIB + 0.15, abs=0.005)
    assert out["max_concurrency_kv"] > 2.5 * full


def test_a_builds_max_num_seqs_sizes_the_warm_up_in_the_rules(parts: dict[str, AnyPart]) -> None:
    engine = RuleEngine(parts)
    h100 = _tower("nvidia-h100-sxm5-80gb")
    default = engine.validate(h100).summary
    assert default.overhead_per_gpu_gib == pytest.approx(1024 * 128256 * 38 / GIB + 0.15, abs=0.01)
    assert h100.workload is not None
    limited = Build.model_validate({**h100.model_dump(), "workload": {**h100.workload.model_dump(),
                                                                      "max_num_seqs": 64}})
    # 64 rows need 0.29 GiB, under the 8192-token forward pass's 1.03 GiB, which then sets the peak.
    assert engine.validate(limited).summary.overhead_per_gpu_gib == pytest.approx(
        8192 * (3 * 14336 + 6 * 4096) * 2 / GIB + 0.15, abs=0.01)
    # An A100 80GB keeps vLLM's small defaults (2048-token pass, 256 rows) although it has >= 70 GiB.
    a100 = engine.validate(_tower("nvidia-a100-sxm4-80gb")).summary
    assert a100.overhead_per_gpu_gib == pytest.approx(256 * 128256 * 38 / GIB + 0.15, abs=0.01)
