"""Report assembly: worker results to measurements, datasheet peaks, telemetry warnings, the status."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from app.probe.nvml import THROTTLE_REASONS
from app.probe.peaks import Peaks, host_link_peak_gbs, match_gpu, nvlink_peak_gbs
from app.probe.report import (
    GpuInfo,
    Measurement,
    Message,
    ParamValue,
    PhaseStatus,
    ReportStatus,
    Unit,
    summarize,
)
from app.probe.run_state import ProbeState

if TYPE_CHECKING:
    from app.core.parts import Gpu

PHASE_STATUSES: Final = ("ok", "skipped", "unsupported", "timeout", "error")
UNITS: Final[dict[str, float]] = {"GB/s": 1e9, "TFLOPS": 1e12, "GFLOPS": 1e9}


def sanitize_params(params: object) -> dict[str, ParamValue]:
    out: dict[str, ParamValue] = {}
    if not isinstance(params, dict):
        return out
    for k, v in list(params.items())[:64]:
        if isinstance(v, bool | int | str) or (isinstance(v, float) and math.isfinite(v)):
            out[str(k)[:200]] = v if not isinstance(v, str) else v[:200]
    return out


def clip_text(value: object, default: str = "") -> str:
    return str(value)[:2000] if value is not None else default


def attach_catalog(gpus: list[GpuInfo], parts: Sequence[Gpu]) -> tuple[list[GpuInfo], dict[int, Gpu]]:
    matched: dict[int, Gpu] = {}
    out = []
    for g in gpus:
        m = match_gpu(g.name, g.memory_total_bytes, g.power_default_limit_w or g.power_limit_w, parts, g.vendor)
        if m.part is not None:
            matched[g.index] = m.part
            out.append(g.model_copy(update={"catalog_id": m.part.id, "catalog_match": m.how}))
        else:
            out.append(g)
    return out, matched


def peak_for(state: ProbeState, metric: str, gpu: GpuInfo, peer: GpuInfo | None) -> tuple[float | None, str | None]:
    part = state.parts.get(gpu.index)
    peaks = Peaks.of(part)
    if gpu.mig.enabled and not metric.startswith(("h2d", "d2h")):
        return None, None  # a MIG slice is not comparable with the whole GPU's datasheet
    if metric.startswith(("mem_bw", "gemv")):
        return peaks.mem_bw_gbs, peaks.source
    if metric.startswith("gemm_"):
        dtype = metric.removeprefix("gemm_")
        value = peaks.tflops.get(dtype)
        return (value, peaks.source) if value else (None, None)
    if metric.startswith(("h2d", "d2h")):
        return host_link_peak_gbs(gpu, part)
    if metric.startswith("p2p") and peer is not None:
        factor = 2.0 if metric == "p2p_bidir" else 1.0
        pair = None
        if state.topology is not None:
            key = (min(gpu.index, peer.index), max(gpu.index, peer.index))
            pair = next((p for p in state.topology.pairs if (p.a, p.b) == key), None)
        if pair is not None and pair.nvlinks > 0:
            value, source = nvlink_peak_gbs(gpu, part, pair.nvlinks)
        else:
            a, sa = host_link_peak_gbs(gpu, part)
            b, _ = host_link_peak_gbs(peer, state.parts.get(peer.index))
            value, source = (min(a, b), f"{sa} (PCIe P2P)") if a and b else (None, None)
        return (value * factor, source) if value else (None, None)
    return None, None


def measurement_from_raw(state: ProbeState, raw: dict[str, Any], gpu: GpuInfo | None, peer: GpuInfo | None,
                         telemetry: Any = None) -> Measurement:
    """A worker's raw result (seconds per iteration and work per iteration) -> a report Measurement."""
    metric = clip_text(raw.get("metric"), "unknown")[:64]
    unit: Unit = raw["unit"] if raw.get("unit") in UNITS else "GB/s"
    status: PhaseStatus = raw["status"] if raw.get("status") in PHASE_STATUSES else "error"
    reason = clip_text(raw.get("reason")) or None
    params = sanitize_params(raw.get("params"))
    duration = raw.get("duration_s")
    duration_s = float(duration) if isinstance(duration, int | float) and math.isfinite(duration) else None
    duration_s = duration_s if duration_s is not None and duration_s >= 0 else None
    method = clip_text(raw.get("method"))
    common: dict[str, Any] = {"metric": metric, "gpu": gpu.index if gpu else None, "peer": peer.index if peer else None,
                              "unit": unit, "method": method, "params": params, "duration_s": duration_s,
                              "telemetry": telemetry}
    if status != "ok":
        return Measurement(status=status, reason=reason or status, **common)
    work = raw.get("work")
    samples = raw.get("samples_s")
    values = []
    if isinstance(work, int | float) and work > 0 and isinstance(samples, list):
        values = [work / s / UNITS[unit] for s in samples
                  if isinstance(s, int | float) and math.isfinite(s) and s > 0]
    if not values:
        return Measurement(status="error", reason="the benchmark returned no valid timings", **common)
    stats = summarize(values)
    peak, source = peak_for(state, metric, gpu, peer) if gpu is not None else (None, None)
    fraction = stats.median / peak if peak else None
    if gpu is not None and gpu.mig.enabled:
        params["peak_comparable"] = False
    return Measurement(status="ok", value=stats, peak=peak, peak_source=source,
                       fraction_of_peak=min(fraction, 100.0) if fraction is not None else None, **common)



def telemetry_messages(state: ProbeState) -> None:
    _throttle_messages(state)
    _power_cap_messages(state)


def _power_cap_messages(state: ProbeState) -> None:
    """Say where a GEMM ran at the board's power limit: its figure is then a sustained rate below the datasheet's
    boost-clock peak (a stock H200 SXM: 0.68 of its BF16 datasheet at 1,485-1,515 MHz against 0.80 in the first
    products, before the cap engaged), which is what long prefills get, not a fault."""
    done = {m.gpu for m in state.messages if m.code == "POWER_CAPPED"}
    max_clock = {g.index: g.sm_clock_max_mhz for g in state.gpus}
    for m in state.results:
        tel = m.telemetry
        if (m.gpu is None or m.gpu in done or tel is None or not m.metric.startswith("gemm_")
                or "SW_POWER_CAP" not in tel.clock_event_reasons):
            continue
        done.add(m.gpu)
        clocks = [c for c in (tel.sm_clock_mhz_min, tel.sm_clock_mhz_median) if c]
        top = max_clock.get(m.gpu)
        clock_text = ""
        if clocks:
            lo, hi = min(clocks), max(clocks)
            clock_text = f" at {lo:,.0f} MHz" if lo == hi else f" at {lo:,.0f}-{hi:,.0f} MHz"
            clock_text += f" of {top:,.0f} MHz" if top else ""
        state.messages.append(Message(level="info", code="POWER_CAPPED", gpu=m.gpu,
                                      text=f"GPU {m.gpu} held its power limit during the GEMM tests{clock_text}: "
                                           "the GEMM figures are sustained rates under the cap, as long prefills "
                                           "run; short bursts run faster. Estimates compare them with a stock "
                                           "board's reading where one was taken."))


def _throttle_messages(state: ProbeState) -> None:
    flagged = {m.gpu for m in state.messages if m.code == "THERMAL_THROTTLE"}
    for m in state.results:
        if m.gpu is None or m.telemetry is None or not m.telemetry.throttled or m.gpu in flagged:
            continue
        flagged.add(m.gpu)
        reasons = sorted(set(m.telemetry.clock_event_reasons) & THROTTLE_REASONS)
        state.messages.append(Message(level="warn", code="THERMAL_THROTTLE", gpu=m.gpu,
                                      text=f"GPU {m.gpu} slowed its clocks during the benchmarks "
                                           f"({', '.join(reasons)}); its figures may read low."))


def report_status(state: ProbeState, benchmarks: bool) -> ReportStatus:
    if not state.gpus:
        return "no_gpu"
    if not benchmarks:
        return "ok"
    if not any(m.status == "ok" for m in state.results):
        return "error"
    measured = {m.gpu for m in state.results if m.status == "ok" and m.gpu is not None}
    if state.gpu_problem or state.interrupted or any(g.index not in measured for g in state.gpus):
        return "partial"  # some GPU has no figure (busy, failed, no engine) or a phase failed
    return "ok"
