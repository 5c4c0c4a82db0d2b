"""Performance figures for a quote, from the perf model's public API.

:func:`app.perf.from_build.build_inputs` turns the build into the model's deployment and workload
(all GPUs of all ``node_count`` nodes; the scenario's TTFT target; concurrency from the target QPS
where the build gives one), so the PDF shows the same estimate as the GUI and ``estimate``. This
module adds the sweep the chart draws and the cost per million output tokens priced from the BOM.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal

from app.core.build import Build
from app.core.parts import AnyPart
from app.export.bom import Bom
from app.perf.cost import CostInputs, cost_per_million
from app.perf.from_build import BuildNotEstimableError, build_inputs
from app.perf.model import MeasuredPeaks, PeakSource, prepare
from app.perf.probe_shift import probe_shift, shift_text
from app.perf.sweep import SweepPoint, sweep

COST_QUANTUM = Decimal("0.0001")


@dataclass(frozen=True, slots=True)
class PerfFigures:
    """The whole build (all nodes) at its target load, with the sweep the chart draws."""

    model_name: str
    engine: str
    weight_precision: str
    kv_precision: str
    input_tokens: int
    output_tokens: int
    gpu_count: int  # all nodes
    tp: int
    pp: int
    replicas: int
    concurrency: int  # requests in flight across the build, at the target load
    ttft_ms: float
    tpot_ms: float
    ttft_p99_ms: float  # what the P99 targets are compared with (app/perf/tail.py)
    tpot_p99_ms: float
    output_tps_total: float
    output_tps_per_user: float
    requests_per_s: float
    ttft_target_ms: float | None
    tpot_target_ms: float | None
    meets_targets: bool | None
    max_concurrency_kv: int
    # The engine's running-request limit across the build and its setting, when it comes before the
    # KV cache (vLLM max_num_seqs ...): past it requests wait. (0, "") when the KV cache binds first.
    scheduler_limit: int
    scheduler_setting: str
    max_concurrency_at_target: int | None  # meeting the latency targets; None: no targets
    probe_calibrated: bool
    peaks_label: str
    bands: Mapping[str, float]  # metric -> relative half-width (0.2 = +/- 20 %)
    cost_per_mtok: Decimal | None  # quote currency per million output tokens, 4 decimals
    cost_note: str  # how the hourly cost was made, or why there is no cost
    sweep: tuple[SweepPoint, ...]
    assumptions: tuple[str, ...]
    warnings: tuple[str, ...]
    # Attention data-parallel over the TP group: the client's engine must be set so (enable_attention_dp,
    # --enable-dp-attention), or the capacity shown is not what it gets.
    attention_dp: bool = False
    # MoE experts split whole over this many GPUs of the TP group (1: tensor-parallel experts): an engine setting too.
    expert_parallel: int = 1
    # Read as a benchmark whose prompts and answers all have one length (its rounds in step): a benchmark's TTFT,
    # longer than a service of varied traffic sees, so the table says so beside the workload.
    uniform_lengths: bool = False
    probe_shift_text: str = ""  # how far an imported probe report moves these figures (app.perf.probe_shift)

    def band(self, metric: str) -> float:
        return self.bands.get(metric, self.bands.get("default", 0.5))


class PerfUnavailable(Exception):  # noqa: N818 - a reason shown in the PDF, not a failure of the export
    """No estimate for this build; the message says why."""


def sweep_concurrencies(target: int, limit: int) -> list[int]:
    """Powers of two up to about twice the target (at least 8; no further than the KV limit), plus the target."""
    top = max(target, 2, min(max(limit, 1), max(2 * target, 8)))
    points = {target, top}
    c = 1
    while c < top:
        points.add(c)
        c *= 2
    return sorted(points)


def build_cost(bom: Bom, wall_power_w: float, tps: float, input_tps: float,
               cost: CostInputs) -> tuple[Decimal | None, str]:
    """Quote currency per million output tokens, and how it was made (or why there is none)."""
    if tps <= 0 or not math.isfinite(tps):
        return None, "no throughput"
    if cost.hourly_rate is None and not bom.complete:
        return None, "prices incomplete (items priced on request)"
    inputs = replace(cost, capex=float(bom.total), power_w=wall_power_w, currency=bom.currency)
    estimate = cost_per_million(tps, input_tps, inputs)
    if estimate.per_million_output is None:
        return None, "no throughput"
    value = Decimal(repr(estimate.per_million_output)).quantize(COST_QUANTUM, rounding=ROUND_HALF_UP)
    return value, estimate.basis


def estimate_build(
    build: Build,
    parts: Mapping[str, AnyPart],
    bom: Bom,
    typical_wall_w_per_node: float,
    cost: CostInputs | None = None,
    measured: MeasuredPeaks | None = None,
) -> PerfFigures:
    """Estimate ``build`` at its workload's load; raises :class:`PerfUnavailable` with the reason.

    ``typical_wall_w_per_node`` prices the energy: pass the summary's power_load_wall_w (the node at the
    operating point, issue 19); the name stays for callers written before it.
    """
    try:
        deployment, workload = build_inputs(build, parts.get, measured)
        prep = prepare(deployment, workload)
        est = prep.estimate()
    except (BuildNotEstimableError, ValueError) as exc:
        raise PerfUnavailable(str(exc)) from None
    if not math.isfinite(est.output_tps_total):
        raise PerfUnavailable("the model gave no finite throughput")
    series = sweep(deployment, workload, sweep_concurrencies(est.concurrency, est.max_concurrency_kv))
    shift = shift_text(probe_shift(deployment, workload, est))
    price, note = build_cost(bom, typical_wall_w_per_node * build.node_count, est.output_tps_total,
                             est.input_tps_total, cost or CostInputs())
    return PerfFigures(
        model_name=workload.llm.display_name,
        engine=workload.engine.value,
        weight_precision=prep.fmt.name,
        kv_precision=prep.kv_precision,
        input_tokens=workload.input_len,
        output_tokens=workload.output_len,
        gpu_count=deployment.gpu_count,
        tp=deployment.tp,
        pp=deployment.pp,
        attention_dp=deployment.attention_dp,
        expert_parallel=int(est.inputs["expert_parallel"]),  # the estimate's own reading of the layout
        uniform_lengths=bool(est.inputs["uniform_lengths"]),  # in step at this load (not where requests queue)
        replicas=deployment.replicas,
        concurrency=est.concurrency,
        ttft_ms=est.ttft_ms,
        tpot_ms=est.tpot_ms,
        ttft_p99_ms=est.ttft_p99_ms,
        tpot_p99_ms=est.tpot_p99_ms,
        output_tps_total=est.output_tps_total,
        output_tps_per_user=est.output_tps_per_user,
        requests_per_s=est.requests_per_s,
        ttft_target_ms=workload.ttft_target_ms,
        tpot_target_ms=workload.tpot_target_ms,
        meets_targets=est.meets_slo,
        max_concurrency_kv=est.max_concurrency_kv,
        scheduler_limit=prep.queue_starts[0] if prep.queue_starts[1] else 0,
        scheduler_setting=prep.queue_starts[1],
        max_concurrency_at_target=est.max_concurrency_slo,
        probe_calibrated=est.peaks.source is PeakSource.MEASURED,
        peaks_label=est.peaks.label,
        bands=dict(est.bands),
        cost_per_mtok=price,
        cost_note=note,
        sweep=series.points,
        assumptions=est.assumptions,
        warnings=est.warnings,
        probe_shift_text=shift,
    )
