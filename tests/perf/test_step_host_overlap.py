"""Per-step fixed costs by engine and architecture: the host's per-step work hides under the GPU's where the
scheduler overlaps (SGLang, TensorRT-LLM) and adds to it where it does not (vLLM); MLA layers carry kernels
of their own. Every number here is recomputed by hand on the toy core of test_ttft."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.parts import Llm
from app.perf import Deployment, Engine, Workload, prepare
from app.perf.calibration import load_calibration
from app.perf.engines import overlap_from_text, profile
from app.perf.step_costs import _Core
from tests.perf.parts import DEEPSEEK_V3, H200_SXM, LLAMA_70B, MIXTRAL
from tests.perf.test_ttft import _toy_core


def test_decode_step_adds_or_overlaps_the_host_work() -> None:
    """1 GB of weights at 100 GB/s = 10 ms, one layer of 1 ms, 3 ms of host work a step.

    Added (vLLM): 10 + 1 + 3 = 14 ms. Overlapped: max(10 + 1, 3) = 11 ms. A step with little GPU work
    (1 MB of weights: the token's 2 GFLOP, 0.1 ms, set the roofline; + 1 ms) is host-bound when overlapped:
    3 ms, against 4.1 ms added."""
    added = replace(_toy_core(), t_layer=0.001, t_step=0.003)
    overlapped = replace(added, host_overlap=True)
    assert added.decode_step(1.0, 0.0, 0.0, 0.0)[0] == pytest.approx(0.014, rel=1e-9)
    assert overlapped.decode_step(1.0, 0.0, 0.0, 0.0)[0] == pytest.approx(0.011, rel=1e-9)
    small_added = replace(added, shared_bytes=1e6)
    small = replace(small_added, host_overlap=True)
    assert small.decode_step(1.0, 0.0, 0.0, 0.0)[0] == pytest.approx(0.003, rel=1e-9)
    assert small_added.decode_step(1.0, 0.0, 0.0, 0.0)[0] == pytest.approx(0.0041, rel=1e-9)
    assert small.empty_step() == pytest.approx(0.003) and added.empty_step() == pytest.approx(0.004)


def test_prefill_chunks_overlap_their_host_work() -> None:
    """A 20,000-token prompt in 8,192-token chunks: 3 chunks, 2 GFLOP a token at 20 TFLOPS = 2 s of compute,
    3 x 1 ms of layers; host 3 x 3 ms. Added: 2.003 + 0.009 = 2.012 s; overlapped: 2.003 s."""
    added = replace(_toy_core(), t_layer=0.001, t_step=0.003)
    assert added.prefill(1.0, 20_000)[0] == pytest.approx(2.012, rel=1e-9)
    assert replace(added, host_overlap=True).prefill(1.0, 20_000)[0] == pytest.approx(2.003, rel=1e-9)


def test_engines_that_overlap_and_mla_layers() -> None:
    """SGLang, TensorRT-LLM and vLLM (async scheduling on by default since 0.14.0) overlap the host's step work; a
    run of an older vLLM says it does not, and vLLM keeps it off under pipeline parallelism. An MLA model's layer
    costs moe_mla_layer_us more than another MoE model's; a dense model pays neither."""
    assert all(profile(e).overlap_scheduling for e in (Engine.SGLANG, Engine.TRTLLM, Engine.VLLM))
    cal = load_calibration()
    d8 = Deployment(gpu=H200_SXM, gpu_count=8, tp=8)

    def core(llm: Llm, engine: Engine) -> _Core:
        w = Workload(llm=llm, weight_precision="fp8", input_len=1024, output_len=1024, engine=engine)
        return prepare(d8, w, cal).core

    mla, moe, dense = core(DEEPSEEK_V3, Engine.SGLANG), core(MIXTRAL, Engine.SGLANG), core(LLAMA_70B, Engine.SGLANG)
    us = 1e-6
    assert mla.host_overlap and core(LLAMA_70B, Engine.VLLM).host_overlap
    old_vllm = Workload(llm=LLAMA_70B, weight_precision="fp8", input_len=1024, output_len=1024,
                        overlap_scheduling=False)
    assert not prepare(d8, old_vllm, cal).core.host_overlap
    pp = Deployment(gpu=H200_SXM, gpu_count=8, tp=4, pp=2)
    assert not prepare(pp, replace(old_vllm, overlap_scheduling=None), cal).core.host_overlap
    assert prepare(pp, replace(old_vllm, overlap_scheduling=None, engine=Engine.SGLANG), cal).core.host_overlap
    assert dense.t_layer == pytest.approx(cal.get("t_layer_us", "sglang", "hbm") * us)
    assert moe.t_layer - dense.t_layer == pytest.approx(cal.get("moe_layer_us", "sglang", "hbm") * us)
    assert mla.t_layer - moe.t_layer == pytest.approx(cal.get("moe_mla_layer_us", "sglang", "hbm") * us)
    assert cal.get("moe_mla_layer_us", "sglang", "hbm") > 0.0


@pytest.mark.parametrize(("engine_text", "expected"), [
    ("vLLM v0.11.0", False),
    ("vLLM 0.12.0", False),
    ("vLLM 0.14.1 (llm-d v0.5.0 image)", True),
    ("vLLM (vllm-gaudi 0.17.1rc1)", True),
    ("vLLM 0.9.0.2.dev108 (ROCm 6.4.1), V0 engine", False),
    ("vLLM (version not recorded; measured 2025-10-29)", False),
    ("vLLM (version not stated; docker image rocm/vllm:latest as of 2025-08-07; V1 engine)", False),
    ("vLLM v0.11.0 --async-scheduling", True),
    ("vLLM 0.15.0 --no-async-scheduling", False),
    ("vLLM", None),
])
def test_a_runs_vllm_version_says_whether_it_planned_ahead(engine_text: str, expected: bool | None) -> None:
    """vLLM turned async scheduling on by default in v0.14.0 (2026-01-20); a row's engine and scenario text say
    which it ran, an explicit flag winning; other engines and unversioned text leave it to the profile."""
    assert overlap_from_text(Engine.VLLM, engine_text) is expected
    assert overlap_from_text(Engine.SGLANG, "SGLang v0.5.12") is None
