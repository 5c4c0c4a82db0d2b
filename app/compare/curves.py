"""Throughput and latency against concurrency, for the charts: the perf model's sweep, widened
past the KV-cache limit so a chart shows where the cache runs out, plus the marks a chart draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.core.build import Build
from app.core.parts import AnyPart
from app.perf.from_build import BuildNotEstimableError, build_inputs
from app.perf.model import MeasuredPeaks, prepare
from app.perf.probe_shift import probe_shift, shift_text
from app.perf.sweep import SweepPoint, sweep

MAX_CONCURRENCY = 4096


class CurvesUnavailable(Exception):  # noqa: N818 - carries the reason a chart shows instead
    """No estimate for this build; the message says why (no GPUs, no workload…)."""


@dataclass(frozen=True, slots=True)
class Curves:
    points: tuple[SweepPoint, ...]
    kv_limit: int  # highest concurrency whose KV cache fits
    # Where requests start to queue: the KV limit, or the engine's running-request limit when that comes
    # first (vLLM max_num_seqs ...), and that setting's name ("" when the KV cache binds).
    queue_limit: int
    queue_setting: str
    slo_limit: int | None  # highest concurrency meeting the latency targets; None: no targets
    load: int  # the workload's concurrency
    ttft_target_ms: float | None
    p99_latency_ms: float | None  # the P99 TPOT bound (the client's or the scenario's), drawn on TPOT
    bands: Mapping[str, float]  # metric -> relative half-width
    peaks_label: str
    probe_shift_text: str = ""  # how far an imported probe report moves the estimate at the load (app.perf.probe_shift)

    def band(self, metric: str) -> float:
        return self.bands.get(metric, self.bands.get("default", 0.5))

    def series(self, attr: str) -> tuple[list[float], list[float]]:
        return [float(p.concurrency) for p in self.points], [float(getattr(p, attr)) for p in self.points]


def concurrency_grid(load: int, kv_limit: int, slo_limit: int | None, queue_limit: int | None = None) -> list[int]:
    """Powers of two up to well past the load and where requests start to queue, plus the points the
    hardware marks (KV limit, targets' limit, queue start). The load itself is not a grid point and
    the top is a power of two: an edit of the load alone moves the load line, not the curve, which
    then need not be redrawn (the figures at the load are the findings' and the gauges')."""
    first_queue = queue_limit or kv_limit  # queue_limit: where requests start to wait (<= kv_limit)
    need = max(8, 2 * load, int(first_queue * 1.5))
    top = min(MAX_CONCURRENCY, 1 << (need - 1).bit_length())
    grid = {top}
    c = 1
    while c < top:
        grid.add(c)
        c *= 2
    for extra in (kv_limit, slo_limit, queue_limit):
        if extra is not None and 1 <= extra <= top:
            grid.add(extra)
    return sorted(grid)


def performance_curves(build: Build, parts: Mapping[str, AnyPart],
                       measured: MeasuredPeaks | None = None) -> Curves:
    try:
        deployment, workload = build_inputs(build, parts.get, measured)
        prep = prepare(deployment, workload)
        est = prep.estimate()
        load = est.concurrency
        queue_limit, queue_setting = prep.queue_starts
        grid = concurrency_grid(load, est.max_concurrency_kv, est.max_concurrency_slo, queue_limit)
        result = sweep(deployment, workload, grid)
        shift = shift_text(probe_shift(deployment, workload, est))
    except (BuildNotEstimableError, ValueError) as exc:
        raise CurvesUnavailable(str(exc)) from None
    return Curves(
        points=result.points,
        kv_limit=result.max_concurrency_kv,
        queue_limit=queue_limit,
        queue_setting=queue_setting,
        slo_limit=result.max_concurrency_slo,
        load=load,
        ttft_target_ms=workload.ttft_target_ms,
        p99_latency_ms=workload.tpot_target_ms,
        bands=dict(est.bands),
        peaks_label=est.peaks.label,
        probe_shift_text=shift,
    )
