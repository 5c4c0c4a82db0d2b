"""Project builds to estimator inputs: the request rate a target QPS asks for."""

from __future__ import annotations

import pytest

from app.catalog.seed import load_source_parts
from app.perf.from_build import concurrency_for_qps
from app.perf.model import Deployment, Workload, prepare


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
