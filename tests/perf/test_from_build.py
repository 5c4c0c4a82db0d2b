"""Project builds to estimator inputs: the request rate a target QPS asks for, a benchmark of uniform lengths."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from app.catalog.seed import load_source_parts
from app.core.build import Workload as BuildWorkload
from app.perf.from_build import build_inputs, concurrency_for_qps
from app.perf.model import Deployment, Workload, prepare
from app.project.io import load_project

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


@pytest.mark.parametrize("qps", [0.5, 5.0, 30.0])
def test_concurrency_for_qps_reaches_the_rate_estimate_reports(qps: float) -> None:
    """With several replicas, the chosen concurrency serves the asked rate as estimate() counts it."""
    parts = {p.id: p for p in load_source_parts()}
    dep = Deployment(gpu=parts["nvidia-l40s"], gpu_count=8, tp=1)  # type: ignore[arg-type]
    wl = Workload(llm=parts["qwen2.5-7b"], weight_precision="fp8", input_len=1024, output_len=64)  # type: ignore[arg-type]
    c = concurrency_for_qps(dep, wl, qps)
    prep = prepare(dep, wl)
    assert prep.estimate(c).requests_per_s >= qps * 0.999
    if c > 1:
        assert prep.estimate(c - 1).requests_per_s < qps


def test_uniform_lengths_describe_a_closed_loop_of_one_length() -> None:
    """A project can say so only for clients at a concurrency whose prompts have no spread; it says why not."""
    ok = BuildWorkload(llm_id="deepseek-r1", concurrency=64, uniform_lengths=True)
    assert ok.uniform_lengths and not BuildWorkload(llm_id="deepseek-r1").uniform_lengths  # off unless asked
    with pytest.raises(ValidationError, match="closed-loop"):
        BuildWorkload(llm_id="deepseek-r1", concurrency=None, target_qps=2.0, uniform_lengths=True)
    with pytest.raises(ValidationError, match="input_tokens_cv must be 0"):
        BuildWorkload(llm_id="deepseek-r1", concurrency=64, input_tokens_cv=0.5, uniform_lengths=True)


def test_a_build_with_uniform_lengths_estimates_the_lock_step_run() -> None:
    """The build's box is the estimate's lock_step: the same figures as the CLI's --uniform-lengths."""
    parts = {p.id: p for p in load_source_parts()}
    build = load_project(SAMPLES / "hgx-h200-8gpu.json").builds[0]
    assert build.workload is not None
    uniform = build.model_copy(update={"workload": build.workload.model_copy(update={"uniform_lengths": True})})
    dep, wl = build_inputs(uniform, parts.get)
    assert wl.lock_step
    spread_dep, spread_wl = build_inputs(build, parts.get)
    assert not spread_wl.lock_step
    conc = build.workload.concurrency
    assert prepare(dep, wl).estimate(conc).ttft_ms > prepare(spread_dep, spread_wl).estimate(conc).ttft_ms
