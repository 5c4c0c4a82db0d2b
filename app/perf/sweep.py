"""Concurrency sweeps for charts: one prepared model, many operating points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.perf.calibration import Calibration
from app.perf.cost import CostInputs, cost_per_million
from app.perf.model import Deployment, Workload, prepare

DEFAULT_CONCURRENCIES: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048)


@dataclass(frozen=True, slots=True)
class SweepPoint:
    concurrency: int
    ttft_ms: float
    tpot_ms: float
    output_tps_per_user: float
    output_tps_total: float
    requests_per_s: float
    queued: int  # per replica, waiting for KV-cache space or a scheduler slot
    queue_limit: str  # "" (none wait), "kv-cache" or "scheduler" (Estimate.queue_limit)
    meets_slo: bool | None
    cost_per_million_output: float | None

    def to_dict(self) -> dict[str, object]:
        return {
            "concurrency": self.concurrency,
            "ttft_ms": self.ttft_ms,
            "tpot_ms": self.tpot_ms,
            "output_tps_per_user": self.output_tps_per_user,
            "output_tps_total": self.output_tps_total,
            "requests_per_s": self.requests_per_s,
            "queued": self.queued,
            "queue_limit": self.queue_limit,
            "meets_slo": self.meets_slo,
            "cost_per_million_output": self.cost_per_million_output,
        }


@dataclass(frozen=True, slots=True)
class Sweep:
    points: tuple[SweepPoint, ...]
    max_concurrency_kv: int
    max_concurrency_slo: int | None
    bands: dict[str, float]
    max_batch_setting: str = ""  # the engine's name for its running-request limit (max_num_seqs, ...)


def sweep(
    deployment: Deployment,
    workload: Workload,
    concurrencies: Sequence[int] = DEFAULT_CONCURRENCIES,
    *,
    calibration: Calibration | None = None,
    cost: CostInputs | None = None,
) -> Sweep:
    """Metrics at each concurrency (build-wide), sharing one resolution of the calibration."""
    prep = prepare(deployment, workload, calibration)
    has_slo = workload.ttft_target_ms is not None or workload.tpot_target_ms is not None
    points = []
    for c in concurrencies:
        if c < 1:
            raise ValueError("concurrency must be >= 1")
        p = prep.point(c)
        total = prep.total_tps(p, c)
        cpm = None
        if cost is not None:
            cpm = cost_per_million(total, total / workload.output_len * workload.input_len, cost).per_million_output
        points.append(
            SweepPoint(
                concurrency=c,
                ttft_ms=p.ttft * 1e3,
                tpot_ms=p.tpot * 1e3,
                output_tps_per_user=1.0 / p.tpot,
                output_tps_total=total,
                requests_per_s=total / workload.output_len,
                queued=p.queued,
                queue_limit=prep.queue_limit(p),
                meets_slo=prep.meets(p) if has_slo else None,
                cost_per_million_output=cpm,
            )
        )
    return Sweep(tuple(points), prep.max_concurrency_kv, prep.max_concurrency_slo(), dict(prep.bands),
                 prep.profile.max_batch_setting)
