"""Concurrency sweeps for charts."""

from __future__ import annotations

from dataclasses import replace

from app.perf import DEFAULT_CONCURRENCIES, CostInputs, Deployment, Engine, Workload, estimate, sweep
from tests.perf.parts import H100_SXM, LLAMA_70B


def _inputs() -> tuple[Deployment, Workload]:
    d = Deployment(gpu=H100_SXM, gpu_count=8, tp=8)
    w = Workload(
        llm=LLAMA_70B,
        weight_precision="fp8",
        input_len=2048,
        output_len=512,
        engine=Engine.VLLM,
        ttft_target_ms=1000,
        tpot_target_ms=40,
    )
    return d, w


def test_sweep_matches_single_estimates() -> None:
    d, w = _inputs()
    s = sweep(d, w, (1, 16, 64))
    for pt in s.points:
        single = estimate(d, replace(w, concurrency=pt.concurrency))
        assert pt.tpot_ms == single.tpot_ms
        assert pt.output_tps_total == single.output_tps_total
    assert s.max_concurrency_slo == estimate(d, w).max_concurrency_slo


def test_default_sweep_has_twelve_points_and_slo_flags() -> None:
    d, w = _inputs()
    s = sweep(d, w, cost=CostInputs(hourly_rate=30.0))
    assert len(s.points) == 12 == len(DEFAULT_CONCURRENCIES)
    assert s.points[0].meets_slo is True
    assert s.points[-1].meets_slo is False
    costs = [p.cost_per_million_output for p in s.points]
    assert all(c is not None for c in costs)
    assert costs[0] > costs[5]  # batching makes tokens cheaper
    assert {"concurrency", "ttft_ms", "cost_per_million_output"} <= set(s.points[0].to_dict())
