"""Workload findings: the build against the client's load and latency targets.

Registered in the rules engine like any other rule (app.rules.registry names this module), so the
Findings panel, ``validate``, the PDF and the sizing assistant all show them. They read one
estimate at the load (the same ``build_inputs`` → ``prepare`` → ``estimate`` the charts and
``estimate --project`` use) and compare P99s with the P99 targets (app/perf/tail.py says how the
tail is derived). Each fix offered is re-estimated first: only fixes that really clear the finding
are offered.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from app.core.build import Build
from app.core.precision import Precision
from app.perf.datatypes import time_text
from app.perf.from_build import BuildNotEstimableError, build_inputs
from app.perf.model import Estimate, MeasuredPeaks, prepare
from app.perf.power import GpuPowerAtLoad, gpu_power_at
from app.perf.text import t
from app.rules.context import GPU_POWER_AT_LOAD, LOAD_FIGURES, RuleContext
from app.rules.findings import Issue, Severity
from app.rules.fixes import Fix, FixError, SetNodeCount, SetWorkload, apply_fix
from app.rules.registry import Need, rule

TAIL_SOURCE = "P99 from the arrival model (Poisson arrivals at the load; app/perf/tail.py)"
TARGET_SOURCE = ("targets: the workload's P99 TTFT and TPOT, else the scenario's (seed 003 via DOMAIN.md, Latency "
                 "scenarios)")
MODEL_SOURCE = "performance model at the load (python -m app estimate --project), band = its median error"
MAX_NODES_TRIED = 64
MAX_FIXES = 3
MAX_TARGET_MS = 3_600_000  # the workload's own target fields accept at most an hour


@dataclass(frozen=True, slots=True)
class _AtLoad:
    estimate: Estimate
    ttft_target: float | None
    tpot_target: float | None
    power: GpuPowerAtLoad | None = None  # board W per GPU at this point (app.perf.power)


def _estimate(build: Build, ctx: RuleContext, *, with_power: bool = False) -> _AtLoad | None:
    measured = ctx.measured if isinstance(ctx.measured, MeasuredPeaks) else None
    try:
        deployment, workload = build_inputs(build, ctx.parts.get, measured, ctx.memory_assumptions)
        est = prepare(deployment, workload).estimate(with_slo=False)
    except (BuildNotEstimableError, ValueError):
        return None  # the fit, layout and VRAM rules say what is missing
    if not est.fits:
        return None
    # The power at this point costs a few multiplications: no second estimate (issue 19).
    power = gpu_power_at(est, deployment.gpu, workload.llm, deployment.power_limit_w) if with_power else None
    return _AtLoad(est, workload.ttft_target_ms, workload.tpot_target_ms, power)


def load_figures(got: _AtLoad) -> dict[str, float | int | bool | str | None]:
    """What the report carries of the estimate at the load (Report.load; ``validate --json``)."""
    est = got.estimate
    return {
        "concurrency": est.concurrency, "ttft_ms": est.ttft_ms, "ttft_p99_ms": est.ttft_p99_ms,
        "tpot_ms": est.tpot_ms, "tpot_p99_ms": est.tpot_p99_ms, "ttft_target_ms": got.ttft_target,
        "tpot_target_ms": got.tpot_target, "requests_per_s": est.requests_per_s,
        "output_tps_total": est.output_tps_total, "max_concurrency_kv": est.max_concurrency_kv,
        "queued": est.queued_per_replica * est.replicas, "queue_limit": est.queue_limit,
        "meets_targets": ((got.ttft_target is None or est.ttft_p99_ms <= got.ttft_target)
                          and (got.tpot_target is None or est.tpot_p99_ms <= got.tpot_target)),
        "ttft_band": est.band("ttft_ms"), "tpot_band": est.band("tpot_ms"), "peaks": est.peaks.label,
        **(got.power.to_dict() if got.power is not None else {}),
    }


def at_load(ctx: RuleContext) -> _AtLoad | None:
    """The estimate at the client's load, computed once per validation and shared by the rules."""
    if "at_load" not in ctx.memo:
        got = _estimate(ctx.build, ctx, with_power=True)
        ctx.memo["at_load"] = got
        if got is not None:
            ctx.memo[LOAD_FIGURES] = load_figures(got)
            if got.power is not None:
                ctx.memo[GPU_POWER_AT_LOAD] = (got.power.board_w, got.power.idle_w)
    found = ctx.memo["at_load"]
    return found if isinstance(found, _AtLoad) else None


def _verdict(p99: float, band: float, target: float, ctx: RuleContext) -> Severity | None:
    """Error when missed beyond the band (times the profile's multiple), warning when the band straddles."""
    k = ctx.profile.workload.band_multiple.value
    if p99 * max(0.0, 1.0 - k * band) > target:
        return Severity.ERROR
    if p99 * (1.0 + k * band) > target:
        return Severity.WARNING
    return None


# ---- fixes that clear the finding -----------------------------------------------------------------
def _candidate_fixes(ctx: RuleContext) -> Iterator[Fix]:
    build, wl = ctx.build, ctx.build.workload
    assert wl is not None
    gpu = ctx.gpu
    if wl.max_num_seqs is not None:  # the project's own running-request limit: the cheapest change of all
        yield Fix(description=t("Let the engine run its default number of requests at once (drop the limit of "
                                "{n})", n=wl.max_num_seqs), ops=(SetWorkload(changes={"max_num_seqs": None}),))
    if gpu is not None and gpu.fp8_dense_tflops and wl.weight_precision in (Precision.BF16, Precision.FP16):
        yield Fix(description=t("Serve the weights in FP8"), ops=(SetWorkload(changes={"weight_precision": "fp8"}),))
    if wl.kv_precision in (Precision.BF16, Precision.FP16):
        yield Fix(description=t("Store the KV cache in FP8"), ops=(SetWorkload(changes={"kv_precision": "fp8"}),))
    per_node = len(ctx.gpus)
    if per_node and wl.tp * 2 * wl.pp <= per_node and per_node % (wl.tp * 2) == 0:
        yield Fix(description=t("Raise tensor parallelism to {tp}", tp=wl.tp * 2),
                  ops=(SetWorkload(changes={"tp": wl.tp * 2}),))
    nodes = build.node_count
    while nodes < MAX_NODES_TRIED:
        nodes = nodes * 2 if nodes < 8 else nodes + 8
        yield Fix(description=t("Add nodes: {n} in all (more model copies share the load)", n=nodes),
                  ops=(SetNodeCount(count=nodes),))


def _clearing_fixes(ctx: RuleContext, clears: Callable[[_AtLoad], bool]) -> tuple[Fix, ...]:
    found: list[Fix] = []
    node_fix_found = False
    for fix in _candidate_fixes(ctx):
        is_node_fix = any(isinstance(op, SetNodeCount) for op in fix.ops)
        if is_node_fix and node_fix_found:
            continue  # the smallest node count that clears it is enough
        try:
            fixed = apply_fix(ctx.build, fix)
        except FixError:
            continue
        after = _estimate(fixed, ctx)
        if after is not None and clears(after):
            found.append(fix)
            node_fix_found = node_fix_found or is_node_fix
        if len(found) >= MAX_FIXES:
            break
    return tuple(found)


def _met_target(p99: float, band: float, ctx: RuleContext) -> float:
    """The smallest round target this build meets at this load (two significant figures, rounded up)."""
    need = p99 * (1.0 + ctx.profile.workload.band_multiple.value * band)
    step = 10 ** max(0, math.floor(math.log10(max(need, 1.0))) - 1)
    return float(math.ceil(need / step) * step)


def _relax_fixes(field: str, label: str, p99: float, band: float, ctx: RuleContext) -> tuple[Fix, ...]:
    """The target this build meets, as a fix, when it is one a client could agree (at most an hour)."""
    target = _met_target(p99, band, ctx)
    if target > MAX_TARGET_MS:
        return ()
    text = t("Agree a P99 {label} target of {time} (met at this load)", label=label, time=time_text(target))
    return (Fix(description=text, ops=(SetWorkload(changes={field: target}),)),)


def _load_text(est: Estimate) -> str:
    return t("{n} concurrent request(s)", n=est.concurrency)


# ---- the rules ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Latency:
    """One P99 latency metric judged against its target: what differs between TTFT and TPOT."""

    label: str  # "TTFT" / "TPOT", in the agreed-target fix
    band_key: str  # the estimate's band for this metric
    target_field: str  # the workload field of the client's own target
    p99: Callable[[Estimate], float]
    target: Callable[[_AtLoad], float | None]
    message: Callable[[Estimate, float, Severity, float], str]  # (estimate, target, severity, band)
    explanation: Callable[[Estimate, float], str]  # (estimate, band)


def _latency_issue(ctx: RuleContext, metric: _Latency) -> Iterator[Issue]:
    got = at_load(ctx)
    target = metric.target(got) if got is not None else None
    if got is None or target is None:
        return
    est = got.estimate
    band = est.band(metric.band_key)
    severity = _verdict(metric.p99(est), band, target, ctx)
    if severity is None:
        return

    def clears(after: _AtLoad) -> bool:
        return _verdict(metric.p99(after.estimate), after.estimate.band(metric.band_key), target, ctx) is None

    yield Issue(
        message=metric.message(est, target, severity, band),
        explanation=metric.explanation(est, band),
        severity=severity,
        sources=(TAIL_SOURCE, MODEL_SOURCE, ctx.profile.workload.band_multiple.source),
        fixes=(*_clearing_fixes(ctx, clears),
               *_relax_fixes(metric.target_field, metric.label, metric.p99(est), band, ctx)),
    )


def _ttft_message(est: Estimate, target: float, severity: Severity, band: float) -> str:
    if severity is Severity.ERROR:
        return t("P99 TTFT {p99} misses the {target} target at {load}",
                 p99=time_text(est.ttft_p99_ms), target=time_text(target), load=_load_text(est))
    return t("P99 TTFT {p99} may miss the {target} target at {load} (within the model's "
             "+/- {band:.0%})", p99=time_text(est.ttft_p99_ms), target=time_text(target), load=_load_text(est),
             band=band)


def _ttft_explanation(est: Estimate, band: float) -> str:
    b = est.breakdown
    def part(key: str) -> str:
        return time_text(b.get(key, 0.0))

    return t("Mean TTFT {mean} (+/- {band:.0%}): prefill {prefill}, waiting behind other prompts {queue}, the step "
             "in flight {step}, request overhead {overhead}, the first round's burst (every client at once) {cold}. "
             "The target is a P99: with requests arriving at random at this rate ({rate:.3g}/s), 1 in 100 waits "
             "{p99} or more. Error beyond the band, warning within it.",
             mean=time_text(est.ttft_ms), band=band, prefill=part("ttft_prefill_ms"), queue=part("ttft_queue_ms"),
             step=part("ttft_step_in_flight_ms"), overhead=part("ttft_request_overhead_ms"),
             cold=part("ttft_cold_start_ms"), rate=est.requests_per_s, p99=time_text(est.ttft_p99_ms))


def _tpot_message(est: Estimate, target: float, severity: Severity, band: float) -> str:
    if severity is Severity.ERROR:
        return t("P99 time per output token {p99:,.1f} ms misses the {target:g} ms bound at {load}",
                 p99=est.tpot_p99_ms, target=target, load=_load_text(est))
    return t("P99 time per output token {p99:,.1f} ms may miss the {target:g} ms bound at {load} (within the "
             "model's +/- {band:.0%})", p99=est.tpot_p99_ms, target=target, load=_load_text(est), band=band)


def _tpot_explanation(est: Estimate, band: float) -> str:
    return t("Mean TPOT {mean:,.1f} ms (+/- {band:.0%}). The target is a P99 over requests of each request's "
             "own TPOT (time after its first token over its tokens, as MLPerf and vLLM's benchmark count it): "
             "{p99:,.1f} ms. A decode step that also prefills a new prompt takes {stall:,.0f} ms and holds up "
             "every running request, but a request averages its own steps; what spreads it is how many prompts "
             "join while it decodes and, with requests arriving at random, how many run beside it.",
             mean=est.tpot_ms, band=band, p99=est.tpot_p99_ms, stall=est.breakdown.get("ttft_prefill_ms", 0.0))


TTFT = _Latency("TTFT", "ttft_ms", "ttft_target_ms", lambda e: e.ttft_p99_ms, lambda g: g.ttft_target,
                _ttft_message, _ttft_explanation)
TPOT = _Latency("TPOT", "tpot_ms", "tpot_target_ms", lambda e: e.tpot_p99_ms, lambda g: g.tpot_target,
                _tpot_message, _tpot_explanation)


@rule("perf.ttft-target", Severity.ERROR, "P99 time to first token meets the target at the load",
      needs=(Need.LOAD,),
      thresholds=("workload.band_multiple",), sources=(TAIL_SOURCE, MODEL_SOURCE, TARGET_SOURCE))
def ttft_target(ctx: RuleContext) -> Iterator[Issue]:
    yield from _latency_issue(ctx, TTFT)


@rule("perf.tpot-target", Severity.ERROR, "P99 time per output token meets the bound at the load",
      needs=(Need.LOAD,),
      thresholds=("workload.band_multiple",), sources=(TAIL_SOURCE, MODEL_SOURCE, TARGET_SOURCE))
def tpot_target(ctx: RuleContext) -> Iterator[Issue]:
    yield from _latency_issue(ctx, TPOT)


@rule("perf.capacity", Severity.WARNING, "The load fits in the KV cache and the engine's running limit",
      needs=(Need.LOAD,),
      thresholds=("workload.queue_tolerance",), sources=(MODEL_SOURCE,))
def capacity(ctx: RuleContext) -> Iterator[Issue]:
    got = at_load(ctx)
    if got is None:
        return
    est = got.estimate
    queued = est.queued_per_replica * est.replicas
    if queued <= ctx.profile.workload.queue_tolerance.value * est.concurrency:
        return
    if est.queue_limit == "scheduler":
        why = t("the engine runs {running} per model copy at once", running=est.running_per_replica)
    else:
        why = t("the KV cache holds {running} per model copy", running=est.running_per_replica)

    def clears(after: _AtLoad) -> bool:
        a = after.estimate
        return a.queued_per_replica * a.replicas <= ctx.profile.workload.queue_tolerance.value * a.concurrency

    yield Issue(
        message=t("{queued} of {load} wait: {why}", queued=queued, load=_load_text(est), why=why),
        explanation=t("Build-wide the KV cache holds {kv} requests of this length; waiting requests count their "
                      "wait in TTFT.", kv=est.max_concurrency_kv),
        sources=(MODEL_SOURCE, ctx.profile.workload.queue_tolerance.source),
        fixes=_clearing_fixes(ctx, clears),
    )


@rule("perf.throughput", Severity.ERROR, "The build serves the requested rate", needs=(Need.LOAD,),
      thresholds=("workload.throughput_margin",), sources=(MODEL_SOURCE,))
def throughput(ctx: RuleContext) -> Iterator[Issue]:
    got = at_load(ctx)
    wl = ctx.build.workload
    if got is None or wl is None or wl.target_qps is None:
        return
    est = got.estimate
    need = wl.target_qps * ctx.profile.workload.throughput_margin.value
    if est.requests_per_s >= need * (1 - 1e-6):
        return

    def clears(after: _AtLoad) -> bool:
        return after.estimate.requests_per_s >= need * (1 - 1e-6)

    yield Issue(
        message=t("Serves {rate:.3g} requests/s of the {need:.3g} asked for", rate=est.requests_per_s, need=need),
        explanation=t("At {n} requests in flight (as many as the KV cache and the engine allow) the build completes "
                      "{rate:.3g} requests/s (+/- {band:.0%}).", n=est.concurrency, rate=est.requests_per_s,
                      band=est.band("requests_per_s")),
        sources=(MODEL_SOURCE, ctx.profile.workload.throughput_margin.source),
        fixes=_clearing_fixes(ctx, clears),
    )
