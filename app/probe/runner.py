"""The whole probe: inventory, CPU benchmark, GPU benchmarks in a watched child, the report.

``run_probe`` never raises for a hardware problem: whatever fails (no driver, NVML missing,
a GPU busy or in MIG mode, PyTorch missing or CPU-only, a benchmark phase that hangs or a
worker that crashes) becomes a status in the report and a message with a stable code.

Safety: the GPU work runs in a child process (``app.probe.worker``). The parent enforces a
silence timeout per phase and an overall deadline and kills the child when either runs out;
GPUs with other compute processes on them are skipped unless ``allow_busy``; every buffer is
capped at a fraction (25 %) of free GPU memory.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import app
from app.core.i18n import translate, translate_format, translate_noop
from app.probe.bench_cpu import run_cpu_bench
from app.probe.bench_gpu import WorkerSpec, engine_available
from app.probe.calibration import build_calibration
from app.probe.host import host_info, platform_info
from app.probe.inventory import Inventory, busy_reason, take_inventory
from app.probe.nvml import THROTTLE_REASONS, Nvml, normalize_bus_id, normalize_uuid
from app.probe.peaks import Peaks, host_link_peak_gbs, load_catalog_gpus, match_gpu, nvlink_peak_gbs
from app.probe.report import (
    BackendInfo,
    GpuInfo,
    GpuTelemetry,
    Level,
    Measurement,
    Message,
    Mode,
    ParamValue,
    PhaseStatus,
    ProbeReport,
    ReportStatus,
    RunInfo,
    Topology,
    Unit,
    Vendor,
    summarize,
)
from app.probe.smi import SmiRunner, run_nvidia_smi
from app.probe.telemetry import TelemetrySampler, summarize_telemetry
from app.probe.worker import TIMED_OUT, WorkerProcess, worker_command

if TYPE_CHECKING:
    from app.core.parts import Gpu

Progress = Callable[[int, str], None]

WORKER_DEADLINE_S: Final[dict[str, float]] = {"smoke": 60.0, "quick": 42.0, "full": 480.0}
SILENCE_TIMEOUT_S: Final[dict[str, float]] = {"smoke": 45.0, "quick": 30.0, "full": 90.0}
FIRST_EVENT_TIMEOUT_S: Final = 120.0  # importing torch and creating CUDA contexts can be slow the first time
DEADLINE_GRACE_S: Final = 12.0
PHASE_STATUSES: Final = ("ok", "skipped", "unsupported", "timeout", "error")
UNITS: Final[dict[str, float]] = {"GB/s": 1e9, "TFLOPS": 1e12, "GFLOPS": 1e9}
# Progress lines are shown to the user (CLI, GUI dialog) in their language; the report stays English.
# app.probe is packaged standalone: of the rest of the app it uses only app.core.i18n for this.
CONTEXT: Final = "Probe"
PHASE_NAMES: Final[dict[str, str]] = {
    "warm_up": translate_noop(CONTEXT, "warming up"),
    "mem_bw_triad": translate_noop(CONTEXT, "memory bandwidth (STREAM triad)"),
    "mem_bw_scale": translate_noop(CONTEXT, "memory bandwidth (STREAM scale)"),
    "gemm_bf16": translate_noop(CONTEXT, "BF16 GEMM"),
    "gemm_fp16": translate_noop(CONTEXT, "FP16 GEMM"),
    "gemm_fp8": translate_noop(CONTEXT, "FP8 GEMM"),
    "gemv_b1_bf16": translate_noop(CONTEXT, "batch-1 GEMV (decode)"),
    "h2d_pinned": translate_noop(CONTEXT, "host-to-device copy"),
    "d2h_pinned": translate_noop(CONTEXT, "device-to-host copy"),
    "p2p_unidir": translate_noop(CONTEXT, "GPU-to-GPU copy"),
    "p2p_bidir": translate_noop(CONTEXT, "GPU-to-GPU copy, both directions"),
    "cpu_gemm_fp32": translate_noop(CONTEXT, "CPU FP32 GEMM"),
    "cpu_mem_copy": translate_noop(CONTEXT, "CPU memory copy"),
}
MODE_NAMES: Final[dict[str, str]] = {
    "quick": translate_noop(CONTEXT, "quick"),
    "full": translate_noop(CONTEXT, "full"),
    "smoke": translate_noop(CONTEXT, "smoke"),
    "inventory": translate_noop(CONTEXT, "inventory"),
}


def _phase(name: str) -> str:
    """A benchmark phase (a metric name) as the progress lines name it, in the user's language."""
    source = PHASE_NAMES.get(name)
    return name if source is None else translate(CONTEXT, source)


def mode_label(name: str) -> str:
    """A probe mode (quick, full, smoke, inventory) in the user's language."""
    source = MODE_NAMES.get(name)
    return name if source is None else translate(CONTEXT, source)


@dataclass(slots=True)
class ProbeOptions:
    mode: Mode = "full"  # "inventory" lists the hardware only
    cpu: bool = True
    allow_busy: bool = False
    engine: str = "auto"
    timeout_s: float | None = None  # GPU worker deadline; default by mode
    phase_timeout_s: float | None = None  # silence from the worker that counts as hung; default by mode
    first_event_timeout_s: float = FIRST_EVENT_TIMEOUT_S  # importing torch, creating contexts
    memory_fraction: float = 0.25
    worker_command: Sequence[str] | None = None
    catalog_dir: Path | None = None


def _fmt_bytes(n: int | None) -> str:
    return "?" if n is None else f"{n / 1024**3:.0f} GiB"


def _sanitize_params(params: object) -> dict[str, ParamValue]:
    out: dict[str, ParamValue] = {}
    if not isinstance(params, dict):
        return out
    for k, v in list(params.items())[:64]:
        if isinstance(v, bool | int | str) or (isinstance(v, float) and math.isfinite(v)):
            out[str(k)[:200]] = v if not isinstance(v, str) else v[:200]
    return out


def _text(value: object, default: str = "") -> str:
    return str(value)[:2000] if value is not None else default


@dataclass(slots=True)
class _State:
    options: ProbeOptions
    say: Progress
    gpus: list[GpuInfo]
    topology: Topology | None
    parts: dict[int, Gpu]  # report GPU index -> catalog row
    results: list[Measurement] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    backends: list[BackendInfo] = field(default_factory=list)
    gpu_problem: bool = False
    interrupted: bool = False


def _attach_catalog(gpus: list[GpuInfo], parts: Sequence[Gpu]) -> tuple[list[GpuInfo], dict[int, Gpu]]:
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


def _peak_for(state: _State, metric: str, gpu: GpuInfo, peer: GpuInfo | None) -> tuple[float | None, str | None]:
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


def measurement_from_raw(state: _State, raw: dict[str, Any], gpu: GpuInfo | None, peer: GpuInfo | None,
                         telemetry: Any = None) -> Measurement:
    """A worker's raw result (seconds per iteration and work per iteration) -> a report Measurement."""
    metric = _text(raw.get("metric"), "unknown")[:64]
    unit: Unit = raw["unit"] if raw.get("unit") in UNITS else "GB/s"
    status: PhaseStatus = raw["status"] if raw.get("status") in PHASE_STATUSES else "error"
    reason = _text(raw.get("reason")) or None
    params = _sanitize_params(raw.get("params"))
    duration = raw.get("duration_s")
    duration_s = float(duration) if isinstance(duration, int | float) and math.isfinite(duration) else None
    duration_s = duration_s if duration_s is not None and duration_s >= 0 else None
    method = _text(raw.get("method"))
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
    peak, source = _peak_for(state, metric, gpu, peer) if gpu is not None else (None, None)
    fraction = stats.median / peak if peak else None
    if gpu is not None and gpu.mig.enabled:
        params["peak_comparable"] = False
    return Measurement(status="ok", value=stats, peak=peak, peak_source=source,
                       fraction_of_peak=min(fraction, 100.0) if fraction is not None else None, **common)


def _line(m: Measurement, gpu: GpuInfo | None) -> str:
    who = f"GPU {gpu.index}" if gpu is not None else "CPU"
    if m.peer is not None:
        who += f"->{m.peer}"
    what = _phase(m.metric)
    if m.status != "ok" or m.value is None:
        return translate_format(CONTEXT, "{who}: {what}: {status} ({reason})", who=who, what=what, status=m.status,
                                reason=m.reason)
    text = translate_format(CONTEXT, "{who}: {what}: {value:,.1f} {unit}", who=who, what=what,
                            value=m.value.median, unit=m.unit)
    if m.fraction_of_peak is not None:
        text += translate_format(CONTEXT, " ({fraction:.2f} of datasheet peak)", fraction=m.fraction_of_peak)
    return text


_NO_DEVICE_CODES: Final = frozenset({"TORCH_CPU_ONLY", "TORCH_NO_DEVICE", "CUPY_NO_DEVICE", "NO_GPU_ENGINE",
                                     "TORCH_MISSING", "CUPY_MISSING"})
_ENGINE_CODES: Final = _NO_DEVICE_CODES | {"TORCH_IMPORT_FAILED", "TORCH_CUDA_FAILED", "CUPY_IMPORT_FAILED",
                                           "WORKER_ERROR", "WORKER_BAD_SPEC"}


class _WorkerSession:
    """Drives one worker: maps its devices to report GPUs, converts its results, enforces timeouts."""

    def __init__(self, state: _State, catalog: Callable[[], Sequence[Gpu]]) -> None:
        self.s = state
        self.catalog = catalog
        self.dev_to_gpu: dict[int, int] = {}
        self.starts: dict[tuple[int, str, int | None], float] = {}
        self.current: tuple[int, str, int | None] | None = None
        self.steps = 1
        self.done_steps = 0
        self.finished = False
        self.sampler: TelemetrySampler | None = None

    def pct(self) -> int:
        return 12 + int(85 * min(self.done_steps / max(self.steps, 1), 1.0))

    def gpu_of(self, dev: object) -> GpuInfo | None:
        if not isinstance(dev, int):
            return None
        index = self.dev_to_gpu.get(dev)
        return next((g for g in self.s.gpus if g.index == index), None) if index is not None else None

    def map_devices(self, devices: list[dict[str, Any]], platform: str = "") -> None:
        """Match the engine's devices to inventoried GPUs (UUID, MIG UUID, PCI bus ID); add the unknown ones."""
        gpus = self.s.gpus
        vendor: Vendor = ("nvidia" if platform.startswith(("cuda", "cupy")) else "amd" if platform.startswith("rocm")
                          else "apple" if platform == "mps" else "other")
        by_uuid: dict[str, int] = {}
        by_bus: dict[str, int] = {}
        for g in gpus:
            if (u := normalize_uuid(g.uuid)) is not None:
                by_uuid[u] = g.index
            for inst in g.mig.instances:
                if (u := normalize_uuid(inst.uuid)) is not None:
                    by_uuid[u] = g.index
            if g.pci_bus_id:
                by_bus[g.pci_bus_id] = g.index
        unmatched = []
        for d in devices:
            dev = d.get("index")
            if not isinstance(dev, int):
                continue
            uuid, bus = normalize_uuid(d.get("uuid")), normalize_bus_id(d.get("pci_bus_id"))
            index = by_uuid.get(uuid) if uuid else None
            if index is None and bus:
                index = by_bus.get(bus)
            if index is not None:
                self.dev_to_gpu[dev] = index
            else:
                unmatched.append(d)
        if unmatched and not self.dev_to_gpu and len(unmatched) == len(gpus):
            # no IDs to match on: CUDA_DEVICE_ORDER=PCI_BUS_ID makes CUDA's order the PCI (and NVML) order
            for d, g in zip(unmatched, gpus, strict=True):
                self.dev_to_gpu[int(d["index"])] = g.index
            unmatched = []
        for d in unmatched:
            index = max((g.index for g in gpus), default=-1) + 1
            total = d.get("total_memory")
            gpus.append(GpuInfo(
                index=index, vendor=vendor, source="torch", name=_text(d.get("name"), f"GPU {index}")[:200],
                uuid=_text(d.get("uuid"))[:200] or None, pci_bus_id=normalize_bus_id(d.get("pci_bus_id")),
                memory_total_bytes=total if isinstance(total, int) and total >= 0 else None,
                compute_capability=_text(d.get("compute_capability"))[:200] or None,
            ))
            self.dev_to_gpu[int(d["index"])] = index
            self._match_new(index)
        # what only the engine knows: SM count
        for d in devices:
            found = self.gpu_of(d.get("index"))
            sm = d.get("sm_count")
            if (found is not None and isinstance(sm, int) and sm > 0 and found.sm_count is None
                    and not found.mig.enabled):  # a MIG slice has fewer SMs than its GPU
                self._replace(found.model_copy(update={"sm_count": sm}))

    def _match_new(self, index: int) -> None:
        parts = self.catalog()
        if not parts:
            return
        g = next(g for g in self.s.gpus if g.index == index)
        m = match_gpu(g.name, g.memory_total_bytes, None, parts)
        if m.part is not None:
            self.s.parts[index] = m.part
            self._replace(g.model_copy(update={"catalog_id": m.part.id, "catalog_match": m.how}))

    def _replace(self, gpu: GpuInfo) -> None:
        self.s.gpus[:] = [gpu if g.index == gpu.index else g for g in self.s.gpus]

    def handle(self, ev: dict[str, Any]) -> None:
        kind = ev.get("event")
        now = time.monotonic()
        if kind == "hello":
            devices = [d for d in ev.get("devices", []) if isinstance(d, dict)]
            self.map_devices(devices, _text(ev.get("platform")))
            self.s.backends.append(BackendInfo(name=_text(ev.get("engine"), "engine")[:200], available=True,
                                               version=_text(ev.get("version"))[:200] or None,
                                               detail=_text(ev.get("platform")) or None))
            self.s.say(12, translate_format(CONTEXT, "Benchmark engine: {engine} {version} ({platform}), "
                                            "{count} device(s)", engine=ev.get("engine"), version=ev.get("version"),
                                            platform=ev.get("platform"), count=len(devices)))
        elif kind == "plan":
            steps = ev.get("steps")
            self.steps = steps if isinstance(steps, int) and steps > 0 else 1
        elif kind == "phase":
            dev, phase, peer_dev = ev.get("device"), _text(ev.get("phase")), ev.get("peer")
            if isinstance(dev, int):
                key = (dev, phase, peer_dev if isinstance(peer_dev, int) else None)
                self.starts[key] = now
                self.current = key
                gpu = self.gpu_of(dev)
                who = f"GPU {gpu.index}" if gpu else translate_format(CONTEXT, "device {n}", n=dev)
                if (peer := self.gpu_of(peer_dev)) is not None:
                    who += f"->{peer.index}"
                self.s.say(self.pct(), translate_format(CONTEXT, "{who}: {phase}…", who=who, phase=_phase(phase)))
        elif kind == "result":
            self._result(ev, now)
        elif kind == "message":
            gpu = self.gpu_of(ev.get("device"))
            level: Level = ev["level"] if ev.get("level") in ("info", "warn", "error") else "warn"
            code = _text(ev.get("code"), "WORKER_MESSAGE").upper()
            code = code if code.replace("_", "").isalnum() and code[:1].isalpha() else "WORKER_MESSAGE"
            if not self.s.gpus and code in _NO_DEVICE_CODES:
                level = "info"  # nothing to benchmark anyway
            elif code in _ENGINE_CODES:
                self.s.gpu_problem = True
            self.s.messages.append(Message(level=level, code=code[:64], text=_text(ev.get("text"), code),
                                           gpu=gpu.index if gpu else None))
            self.s.say(self.pct(), f"{level}: {ev.get('text')}")
        elif kind == "done":
            self.finished = True

    def _result(self, ev: dict[str, Any], now: float) -> None:
        gpu = self.gpu_of(ev.get("device"))
        peer = self.gpu_of(ev.get("peer"))
        dev, peer_dev = ev.get("device"), ev.get("peer")
        t0 = None
        if isinstance(dev, int):
            t0 = self.starts.pop((dev, _text(ev.get("metric")), peer_dev if isinstance(peer_dev, int) else None), None)
        telemetry = None
        if self.sampler is not None and gpu is not None and t0 is not None:
            telemetry = summarize_telemetry(self.sampler.window(gpu.index, t0, now))
        m = measurement_from_raw(self.s, ev, gpu, peer, telemetry)
        self.s.results.append(m)
        if m.status in ("timeout", "error"):
            self.s.gpu_problem = True
        self.current = None
        self.done_steps += 1
        self.s.say(self.pct(), _line(m, gpu))

    def fail_current(self, status: str, reason: str) -> None:
        self.s.gpu_problem = True
        if self.current is None:
            return
        dev, phase, peer = self.current
        if phase == "warm_up":
            return
        unit = "TFLOPS" if phase.startswith("gemm") else "GB/s"
        self._result({"metric": phase, "device": dev, "peer": peer, "status": status, "reason": reason,
                      "unit": unit}, time.monotonic())


def _worker_env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("CUDA_DEVICE_ORDER", "PCI_BUS_ID")
    env.setdefault("PYTHONIOENCODING", "utf-8")
    return env


def _run_gpu_benchmarks(state: _State, inv: Inventory, catalog: Callable[[], Sequence[Gpu]]) -> list[GpuTelemetry]:
    """Run the worker; returns the whole-run telemetry per sampled GPU."""
    opts = state.options
    skip = []
    for g in state.gpus:
        reason = busy_reason(g)
        if reason and not opts.allow_busy:
            skip.append({"uuid": g.uuid or "", "pci_bus_id": g.pci_bus_id or "",
                         "reason": f"GPU busy: {reason}; rerun with --allow-busy to benchmark it anyway"})
    if state.gpus and len(skip) == len(state.gpus):
        for g, s in zip(state.gpus, skip, strict=True):
            state.results.append(Measurement(metric="mem_bw_triad", gpu=g.index, status="skipped", unit="GB/s",
                                             reason=s["reason"]))
        return []
    mode = opts.mode if opts.mode in WORKER_DEADLINE_S else "quick"
    deadline_s = opts.timeout_s if opts.timeout_s is not None else WORKER_DEADLINE_S[mode]
    spec = WorkerSpec(mode=mode, deadline_s=deadline_s, memory_fraction=opts.memory_fraction, skip=skip,
                      engine=opts.engine)
    session = _WorkerSession(state, catalog)
    nvidia = [g for g in state.gpus if g.source == "nvml"]
    if inv.nvml is not None and len(inv.nvml_handles) == len(nvidia):
        session.sampler = TelemetrySampler(inv.nvml, inv.nvml_handles, [g.index for g in nvidia])
        session.sampler.start()
    state.say(11, translate(CONTEXT, "Starting the GPU benchmark worker…"))
    command = list(opts.worker_command or worker_command())
    started = time.monotonic()
    hard_deadline = started + deadline_s + DEADLINE_GRACE_S
    try:
        worker = WorkerProcess(command, spec.to_json(), env=_worker_env(), cwd=str(Path(app.__file__).parent.parent))
    except OSError as exc:
        state.messages.append(Message(level="error", code="WORKER_START_FAILED",
                                      text=f"The benchmark worker could not be started: {exc}"))
        state.gpu_problem = True
        if session.sampler is not None:
            session.sampler.stop()
        return []
    first = True
    try:
        while not session.finished:
            silence = opts.phase_timeout_s if opts.phase_timeout_s is not None else SILENCE_TIMEOUT_S[mode]
            limit = opts.first_event_timeout_s if first else silence
            wait = min(limit, hard_deadline - time.monotonic())
            ev = worker.next_event(wait)
            if ev is TIMED_OUT:
                overall = time.monotonic() >= hard_deadline - 0.05
                why = (f"the probe's time limit ({deadline_s:.0f} s) ran out" if overall
                       else f"no answer from the benchmark for {limit:.0f} s (driver hung?)")
                state.messages.append(Message(level="error", code="PHASE_TIMEOUT",
                                              text=f"Benchmark stopped: {why}; the worker was killed. Figures "
                                                   "measured before that are kept."))
                session.fail_current("timeout", why)
                worker.kill()
                state.say(session.pct(), translate_format(CONTEXT, "timeout: {why}", why=why))
                break
            if ev is None:
                rc = worker.close()
                tail = " | ".join(list(worker.stderr_tail)[-4:])
                state.messages.append(Message(level="error", code="WORKER_FAILED",
                                              text=f"The benchmark worker exited early (code {rc}). {tail}"[:2000]))
                session.fail_current("error", f"the benchmark worker exited (code {rc})")
                break
            first = False
            assert isinstance(ev, dict)
            session.handle(ev)
    except KeyboardInterrupt:
        state.interrupted = True
        session.fail_current("error", "interrupted by the user")
        state.messages.append(Message(level="warn", code="INTERRUPTED", text="The probe was interrupted."))
        worker.kill()
    finally:
        worker.close(wait_s=10.0)
        if session.sampler is not None:
            session.sampler.stop()
    if session.sampler is None:
        return []
    _telemetry_messages(state)
    out = []
    for g in nvidia:
        summary = summarize_telemetry(session.sampler.all(g.index))
        if summary is not None:
            out.append(GpuTelemetry(gpu=g.index, during_run=summary))
    return out


def _telemetry_messages(state: _State) -> None:
    flagged = {m.gpu for m in state.messages if m.code == "THERMAL_THROTTLE"}
    for m in state.results:
        if m.gpu is None or m.telemetry is None or not m.telemetry.throttled or m.gpu in flagged:
            continue
        flagged.add(m.gpu)
        reasons = sorted(set(m.telemetry.clock_event_reasons) & THROTTLE_REASONS)
        state.messages.append(Message(level="warn", code="THERMAL_THROTTLE", gpu=m.gpu,
                                      text=f"GPU {m.gpu} slowed its clocks during the benchmarks "
                                           f"({', '.join(reasons)}); its figures may read low."))


def _status(state: _State, benchmarks: bool) -> ReportStatus:
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


def run_probe(
    options: ProbeOptions | None = None,
    progress: Progress | None = None,
    *,
    nvml_open: Callable[[], Nvml] = Nvml.open,
    smi_runner: SmiRunner = run_nvidia_smi,
    amd_module: Any | None = None,
    catalog: Sequence[Gpu] | None = None,
) -> ProbeReport:
    """Probe this machine. Hardware problems become statuses and messages, never exceptions."""
    opts = options or ProbeOptions()
    say: Progress = progress or (lambda _pct, _text: None)
    started = datetime.now(UTC)
    t0 = time.monotonic()
    benchmarks = opts.mode != "inventory"
    say(0, translate_format(CONTEXT, "Inference Sizer probe {version}, {mode} mode", version=app.__version__,
                            mode=mode_label(opts.mode)))
    host = host_info()
    plat = platform_info()
    say(2, translate_format(CONTEXT, "Host {host}: {cpu}, {threads} threads, {ram} RAM", host=host.hostname,
                            cpu=host.cpu_model or translate(CONTEXT, "unknown CPU"), threads=host.cores_logical or "?",
                            ram=_fmt_bytes(host.ram_bytes)))
    inv = take_inventory(host, nvml_open=nvml_open, smi_runner=smi_runner, amd_module=amd_module,
                         keep_nvml=benchmarks)
    try:
        messages = list(inv.messages)
        loaded: list[Sequence[Gpu]] = [catalog] if catalog is not None else []

        def get_catalog() -> Sequence[Gpu]:
            """The catalog's GPU rows, read once and only when a GPU needs matching."""
            if not loaded:
                try:
                    loaded.append(load_catalog_gpus(opts.catalog_dir))
                except (OSError, ValueError) as exc:
                    loaded.append(())
                    messages.append(Message(level="warn", code="CATALOG_UNAVAILABLE",
                                            text=f"The GPU catalog could not be read, so figures are not compared "
                                                 f"with datasheet peaks: {exc}"[:2000]))
            return loaded[0]

        gpus, parts = _attach_catalog(inv.gpus, get_catalog() if inv.gpus else ())
        state = _State(options=opts, say=say, gpus=gpus, topology=inv.topology, parts=parts, messages=messages,
                       backends=list(inv.backends))
        telemetry: list[GpuTelemetry] = []
        if gpus:
            say(4, translate_format(CONTEXT, "Found {count} GPU(s):", count=len(gpus)))
            for g in gpus:
                say(4, f"  GPU {g.index}: {g.name}, {_fmt_bytes(g.memory_total_bytes)}"
                       + (translate_format(CONTEXT, " = catalog {id}", id=g.catalog_id) if g.catalog_id
                          else translate(CONTEXT, " (not in the catalog)")))
        else:
            say(4, translate(CONTEXT, "No GPU found."))
        if benchmarks and opts.cpu:
            say(5, translate(CONTEXT, "CPU benchmark (NumPy GEMM and memory copy)…"))
            for m in run_cpu_bench(opts.mode, host.ram_bytes):
                state.results.append(m)
                say(10, _line(m, None))
        if benchmarks:
            if not engine_available(opts.engine):
                if gpus:
                    state.messages.append(Message(
                        level="warn", code="NO_GPU_ENGINE",
                        text="PyTorch (or CuPy) is not installed here, so the GPUs were listed but not benchmarked. "
                             "Install a CUDA or ROCm build of PyTorch to measure them."))
                    state.gpu_problem = True
                backend_names = ("torch", "cupy") if opts.engine == "auto" else (opts.engine,)
                state.backends.extend(BackendInfo(name=n, available=False, detail="not installed")
                                      for n in backend_names)
            else:
                telemetry = _run_gpu_benchmarks(state, inv, get_catalog)
        if not state.gpus:
            state.messages.append(Message(
                level="warn", code="NO_GPU",
                text="No GPU was found (see the backend details for why); this report holds CPU figures only."))
        calibration = build_calibration(state.gpus, state.results, state.messages, opts.mode)
    finally:
        inv.close()
    finished = datetime.now(UTC)
    report = ProbeReport(
        status=_status(state, benchmarks),
        run=RunInfo(tool_version=app.__version__, started_at=started, finished_at=max(finished, started),
                    duration_s=time.monotonic() - t0, mode=opts.mode, interrupted=state.interrupted),
        platform=plat, host=host, backends=state.backends, gpus=state.gpus, topology=state.topology,
        results=state.results, telemetry=telemetry, calibration=calibration, messages=state.messages,
    )
    say(100, translate_format(CONTEXT, "Probe finished: {status}, {count} figure(s) in {seconds:.0f} s",
                              status=report.status, count=sum(m.status == "ok" for m in report.results),
                              seconds=report.run.duration_s))
    return report
