"""The serving engine runs on the build's GPUs (engine.gpu): TensorRT-LLM on an MI300X is an error with a fix, the
estimate warns the same, and the sizing assistant never offers such a build."""

from __future__ import annotations

import pytest

from app.catalog.seed import load_source_parts
from app.core.build import Build, Placement, ServingEngine, Workload
from app.core.engine_support import ENGINE_SUPPORT, Platform, engine_runs_on, engines_on, platform_of
from app.core.parts import AnyPart, Gpu, Llm
from app.core.precision import Precision
from app.core.scenarios import Scenario
from app.perf.engines import Engine
from app.perf.model import Deployment, estimate
from app.perf.model import Workload as PerfWorkload
from app.recommend import Recommender, Requirements
from app.rules import RuleEngine
from app.rules.fixes import apply_fix


@pytest.fixture(scope="module")
def parts() -> dict[str, AnyPart]:
    return {p.id: p for p in load_source_parts()}


def gpu(parts: dict[str, AnyPart], part_id: str) -> Gpu:
    found = parts[part_id]
    assert isinstance(found, Gpu)
    return found


@pytest.mark.parametrize(("gpu_id", "platform", "engines"), [
    ("nvidia-h100-sxm5-80gb", Platform.CUDA, ("vllm", "sglang", "trtllm", "llamacpp")),
    ("nvidia-geforce-rtx-4090", Platform.CUDA, ("vllm", "sglang", "trtllm", "llamacpp")),
    ("amd-instinct-mi300x", Platform.ROCM, ("vllm", "sglang", "llamacpp")),  # TensorRT-LLM is NVIDIA's
    ("intel-gaudi-3-oam", Platform.GAUDI, ("vllm", "sglang")),  # vllm-gaudi, Intel's SGLang; no llama.cpp backend
    ("huawei-ascend-910b", Platform.ASCEND, ("vllm", "sglang", "llamacpp")),  # vllm-ascend, SGLang NPU, CANN
])
def test_which_engines_run_where(parts: dict[str, AnyPart], gpu_id: str, platform: Platform,
                                 engines: tuple[str, ...]) -> None:
    g = gpu(parts, gpu_id)
    assert platform_of(g) is platform
    assert engines_on(g) == engines


def test_every_bundled_gpu_has_a_known_platform_and_every_entry_a_source(parts: dict[str, AnyPart]) -> None:
    assert all(platform_of(p) is not Platform.UNKNOWN for p in parts.values() if isinstance(p, Gpu))
    assert all(entry.source and entry.platforms for entry in ENGINE_SUPPORT.values())
    # The table covers every engine the model estimates; 'other' is no claim about any GPU.
    assert {e.value for e in Engine} <= set(ENGINE_SUPPORT)
    assert engine_runs_on("other", gpu(parts, "amd-instinct-mi300x"))


def _amd_build(engine: ServingEngine) -> Build:
    return Build(
        name="mi300x", chassis_id="dell-poweredge-xe9680-oam",
        placements=(Placement(part_id="amd-instinct-mi300x", slots=tuple(f"gpu{i}" for i in range(8))),),
        workload=Workload(llm_id="meta-llama-3.1-70b", weight_precision=Precision.FP8, input_tokens=2048,
                          output_tokens=512, concurrency=32, tp=8, engine=engine),
    )


def test_tensorrt_llm_on_mi300x_is_an_error_whose_fix_clears_it(parts: dict[str, AnyPart]) -> None:
    engine = RuleEngine(parts)
    report = engine.validate(_amd_build(ServingEngine.TRTLLM))
    (finding,) = report.by_rule("engine.gpu")
    assert finding.severity.value == "error"
    assert finding.message == "TensorRT-LLM does not run on Instinct MI300X"
    assert "built for NVIDIA GPUs (CUDA), not AMD GPUs (ROCm)" in finding.explanation
    assert finding.sources == (ENGINE_SUPPORT["trtllm"].source,)  # where the table's entry comes from
    assert [f.description for f in finding.fixes] == ["Serve it with vLLM", "Serve it with SGLang"]
    fixed = apply_fix(_amd_build(ServingEngine.TRTLLM), finding.fixes[0])
    assert fixed.workload is not None and fixed.workload.engine is ServingEngine.VLLM
    assert not engine.validate(fixed).by_rule("engine.gpu")
    for ok in (ServingEngine.VLLM, ServingEngine.SGLANG, ServingEngine.OTHER):
        assert not engine.validate(_amd_build(ok)).by_rule("engine.gpu")


def test_the_estimate_warns_where_the_rule_errs(parts: dict[str, AnyPart]) -> None:
    llm = parts["meta-llama-3.1-8b"]
    assert isinstance(llm, Llm)

    def warnings(gpu_id: str, eng: Engine) -> list[str]:
        wl = PerfWorkload(llm=llm, weight_precision="fp8", input_len=1000, output_len=100, concurrency=8, engine=eng)
        return [w for w in estimate(Deployment(gpu=gpu(parts, gpu_id)), wl).warnings if "does not run on" in w]

    (w,) = warnings("amd-instinct-mi300x", Engine.TRTLLM)
    assert w.startswith("TensorRT-LLM does not run on AMD Instinct MI300X (it is built for NVIDIA GPUs (CUDA))")
    assert w.endswith("engines that run there: vLLM, SGLang, llama.cpp")
    (w,) = warnings("intel-gaudi-3-oam", Engine.LLAMACPP)
    assert w.endswith("engines that run there: vLLM, SGLang")
    assert not warnings("nvidia-h100-sxm5-80gb", Engine.TRTLLM)
    assert not warnings("amd-instinct-mi300x", Engine.VLLM)


def test_the_assistant_offers_no_build_its_engine_cannot_serve(parts: dict[str, AnyPart]) -> None:
    req = Requirements(llm_id="meta-llama-3.1-70b", scenario=Scenario.CHAT, concurrency=16,
                       engine=ServingEngine.TRTLLM, gpu_ids=("amd-instinct-mi300x", "nvidia-h200-sxm-141gb"))
    rec = Recommender(parts).recommend(req)
    assert rec.results
    assert {r.candidate.gpu_id for r in rec.results} == {"nvidia-h200-sxm-141gb"}
