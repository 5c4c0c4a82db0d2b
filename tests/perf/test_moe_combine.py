"""The MoE layers' output side: every (token, expert) pair's down projection writes a 16-bit hidden vector that the
combine reads back and sums, memory-bound work the step costs add to the roofline; tensor-parallel MoE does it
for every pair on every GPU, expert parallelism for 1/EP of them. Numbers recomputed by hand."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from app.cli.main import main
from app.perf import Deployment, Engine, Workload, prepare
from app.perf.dataset import Measurement, _expert_parallel, build_cases
from app.perf.moe import combine_bytes_per_token
from tests.perf.parts import H200_SXM
from tests.perf.test_dataset import needs_catalog
from tests.perf.test_layouts import _gpu, _llm
from tests.perf.test_ttft import _toy_core


@needs_catalog
def test_combine_bytes_by_hand() -> None:
    """DeepSeek-R1: 61 layers, hidden 7,168, top-8 of 256 experts. Tensor-parallel MoE: 61 x 7,168 x 2 bytes x
    (2 x 8 + 1) = 14,866,432 bytes a token a GPU; over 8 GPUs of experts (EP 8): 61 x 7,168 x 2 x (2 x 1 + 1) =
    2,623,488. Mixtral-8x7B (32 layers, hidden 4,096, top-2) under TP: 32 x 4,096 x 2 x 5 = 1,310,720. A dense
    model moves none."""
    r1 = _llm("deepseek-r1")
    assert combine_bytes_per_token(r1) == 61 * 7168 * 2 * 17 == 14_866_432
    assert combine_bytes_per_token(r1, 8) == 61 * 7168 * 2 * 3 == 2_623_488
    assert combine_bytes_per_token(_llm("mixtral-8x7b-v0.1")) == 32 * 4096 * 2 * 5 == 1_310_720
    assert combine_bytes_per_token(_llm("meta-llama-3.1-70b")) == 0.0


def test_steps_add_the_combine_traffic() -> None:
    """The toy core (1 GB of weights at 100 GB/s, 2 GFLOP a token at 20 TFLOPS, ideal roofline) with 1 MB of
    combine traffic a token: a 1,000-token prompt adds 1,000 x 1e6 / 1e11 = 10 ms to its 0.1 s of compute; a decode
    step of 10 sequences adds 10 x 1e6 / 1e11 = 0.1 ms to its 10 ms of weights; under PP 2 a GPU holds half the
    layers and runs them for both micro-batches of 5: 10 x 0.5e6 / 1e11 = 0.05 ms a token period."""
    core = _toy_core()
    moved = replace(core, moe_act_bytes=1e6)
    assert moved.prefill(1.0, 1000)[0] - core.prefill(1.0, 1000)[0] == pytest.approx(0.010, rel=1e-9)
    assert moved.decode_step(10.0, 0.0, 0.0, 0.0)[0] - core.decode_step(10.0, 0.0, 0.0, 0.0)[0] == pytest.approx(
        1e-4, rel=1e-9)
    pp2 = replace(core, pp=2)
    assert replace(pp2, moe_act_bytes=1e6).decode_step(10.0, 0.0, 0.0, 0.0)[0] - pp2.decode_step(
        10.0, 0.0, 0.0, 0.0)[0] == pytest.approx(5e-5, rel=1e-9)


@needs_catalog
def test_expert_parallelism_moves_less_and_says_so() -> None:
    """DeepSeek-R1 FP8 on 8 x H200, TP 8: EP 8 gives each GPU an eighth of the pairs, attention-DP runs its experts
    over the whole group; either way the prompt is faster and the estimate names the layout."""
    llm, gpu = _llm("deepseek-r1"), _gpu("nvidia-h200-sxm-141gb")
    wl = Workload(llm=llm, weight_precision="fp8", input_len=8192, output_len=1024, concurrency=16,
                  engine=Engine.SGLANG)
    tp = prepare(Deployment(gpu=gpu, gpu_count=8, tp=8), wl)
    ep = prepare(Deployment(gpu=gpu, gpu_count=8, tp=8, expert_parallel=8), wl)
    dp = prepare(Deployment(gpu=gpu, gpu_count=8, tp=8, attention_dp=True), wl)
    assert tp.core.moe_act_bytes == 14_866_432 and ep.core.moe_act_bytes == dp.core.moe_act_bytes == 2_623_488
    saved = 8192 * (14_866_432 - 2_623_488) / tp.core.bw
    assert tp.core.prefill(1.0, 8192)[0] - ep.core.prefill(1.0, 8192)[0] == pytest.approx(saved, rel=1e-9)
    assert any("split like TP, so every GPU writes and sums" in a for a in tp.estimate(16).assumptions)
    assert any("split whole over 8 GPUs (expert parallelism)" in a for a in ep.estimate(16).assumptions)


def test_expert_parallelism_must_divide_tp() -> None:
    with pytest.raises(ValueError, match="expert parallelism 3 must divide TP 8"):
        Deployment(gpu=H200_SXM, gpu_count=8, tp=8, expert_parallel=3)
    assert Deployment(gpu=H200_SXM, gpu_count=8, tp=8, expert_parallel=4).expert_groups == 4
    assert Deployment(gpu=H200_SXM, gpu_count=8, tp=8, attention_dp=True).expert_groups == 8
    assert Deployment(gpu=H200_SXM, gpu_count=8, tp=8).expert_groups == 1


@pytest.mark.parametrize(
    ("scenario", "tp", "expected"),
    [
        ("InferenceX single-node, TP=8, EP=8, DP-attention off", 8, 8),
        ("TP=8, EP=1, DP-attention off", 8, 1),
        ("trtllm-bench throughput --tp 8 --ep 4 (TP=8)", 8, 4),
        ("sglang.launch_server --tp 8 --ep-size 8", 8, 8),
        ("moe_expert_parallel_size: 2", 4, 2),
        ("TP=8, EP=3", 8, 1),  # does not divide TP: tensor-parallel MoE stands
        ("TP=8, no expert parallelism named", 8, 1),
    ],
)
def test_runs_name_their_expert_parallelism(scenario: str, tp: int, expected: int) -> None:
    assert _expert_parallel(scenario, tp) == expected


@needs_catalog
def test_calibration_rows_carry_expert_parallelism() -> None:
    base = {"gpu": "B200", "gpu_count": "8", "model": "DeepSeek-R1-0528", "params_b": "671", "precision": "FP8",
            "engine": "TensorRT-LLM 1.3.0rc14", "batch": "64", "input_len": "1024", "output_len": "1024",
            "unit": "ms", "source": "test", "metric": "tpot", "value": "20"}
    cases, _ = build_cases([Measurement({**base, "scenario": "TP=8, EP=8, DP-attention off"}, "t", 1),
                            Measurement({**base, "scenario": "TP=8, EP=1, DP-attention off"}, "t", 2)])
    assert [c.deployment.expert_parallel for c in cases] == [8, 1]


@needs_catalog
def test_cli_expert_parallel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--data-dir", str(tmp_path), "estimate", "--gpu", "nvidia-h200-sxm-141gb", "--count", "8", "--tp", "8",
            "--model", "deepseek-r1", "--precision", "fp8", "--engine", "sglang", "--input-len", "8192",
            "--output-len", "1024", "--concurrency", "16", "--json"]
    assert main(argv) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*argv, "--expert-parallel", "8"]) == 0
    ep = json.loads(capsys.readouterr().out)
    assert plain["inputs"]["expert_parallel"] == 1 and ep["inputs"]["expert_parallel"] == 8
    assert ep["ttft_ms"] < plain["ttft_ms"] and ep["tpot_ms"] < plain["tpot_ms"]
    assert main([*argv, "--expert-parallel", "3"]) == 2
    assert "expert parallelism 3 must divide TP 8" in capsys.readouterr().err


@needs_catalog
def test_the_builds_expert_parallel_reaches_estimate_and_pdf(tmp_path: Path) -> None:
    """The project's expert-parallel switch (HGX H200 sample, DeepSeek-R1 TP 8) becomes EP = TP in the estimate and
    an engine setting in the PDF's GPU row; without it the row names no expert split."""
    from app.export.bom import build_bom
    from app.export.pdf_performance import _perf_rows
    from app.export.performance import PerfUnavailable, estimate_build
    from app.perf.from_build import build_inputs
    from tests.perf.test_layouts import _h200_sample_and_parts

    build, parts = _h200_sample_and_parts(tmp_path)
    assert build.workload is not None and not build.workload.expert_parallel
    ep_build = build.model_copy(update={"workload": build.workload.model_copy(update={"expert_parallel": True})})
    assert build_inputs(build, parts.get)[0].expert_parallel == 1
    assert build_inputs(ep_build, parts.get)[0].expert_parallel == 8
    try:
        figures = [estimate_build(b, parts, build_bom(b, parts), 6000.0) for b in (build, ep_build)]
    except PerfUnavailable as exc:  # pragma: no cover - the sample estimates
        pytest.fail(str(exc))
    plain, ep = figures
    assert plain.expert_parallel == 1 and ep.expert_parallel == 8 and ep.ttft_ms < plain.ttft_ms
    gpus = dict(_perf_rows(ep, "USD"))
    assert "MoE experts split whole over 8 GPUs" in next(v for v in gpus.values() if "model copy" in v)
    assert not any("experts split whole" in v for v in dict(_perf_rows(plain, "USD")).values())


@needs_catalog
def test_a_dense_model_reports_no_expert_split() -> None:
    """Attention-DP on a dense model splits no experts: the estimate's inputs (which the PDF reads) say 1."""
    wl = Workload(llm=_llm("meta-llama-3.1-70b"), weight_precision="fp8", input_len=1024, output_len=256,
                  concurrency=8)
    dep = Deployment(gpu=_gpu("nvidia-h200-sxm-141gb"), gpu_count=8, tp=8, attention_dp=True)
    assert dep.expert_groups == 8 and prepare(dep, wl).estimate(8).inputs["expert_parallel"] == 1
