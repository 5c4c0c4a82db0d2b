"""The whole probe: inventory, CPU benchmark, GPU benchmarks in a watched child, the report.

``run_probe`` never raises for a hardware problem: whatever fails (no driver, NVML missing,
a GPU busy or in MIG mode, PyTorch missing or CPU-only, a benchmark phase that hangs or a
worker that crashes) becomes a status in the report and a message with a stable code.

Safety: the GPU work runs in a child process (``app.probe.worker``). The parent enforces a
silence timeout per phase and an overall deadline and kills the child when either runs out;
GPUs with other compute processes on them are skipped unless ``allow_busy``; every buffer is
capped at a fraction (25 %) of free GPU memory.

The pieces:
    run_state      ``ProbeOptions`` and the state a run builds up
    progress       the progress lines, in the user's language
    gpu_run        the worker child process, its timeouts and telemetry
    worker_events  the worker's events turned into report entries
    results        measurements, datasheet peaks, the report's status
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import app
from app.core.i18n import translate, translate_format
from app.probe.bench_cpu import run_cpu_bench
from app.probe.bench_gpu import engine_available
from app.probe.calibration import build_calibration
from app.probe.external_python import PYTHON_ENV, find_external_worker
from app.probe.gpu_run import DEADLINE_GRACE_S, SILENCE_TIMEOUT_S, WORKER_DEADLINE_S, run_gpu_benchmarks
from app.probe.host import host_info, platform_info
from app.probe.inventory import Inventory, take_inventory
from app.probe.nvml import Nvml
from app.probe.peaks import load_catalog_gpus
from app.probe.progress import MODE_NAMES, PHASE_NAMES, Progress, fmt_bytes, measurement_line, mode_label
from app.probe.report import BackendInfo, GpuInfo, GpuTelemetry, Message, ProbeReport, RunInfo
from app.probe.results import PHASE_STATUSES, UNITS, attach_catalog, measurement_from_raw, report_status
from app.probe.run_state import FIRST_EVENT_TIMEOUT_S, ProbeOptions, ProbeState
from app.probe.smi import SmiRunner, run_nvidia_smi

if TYPE_CHECKING:
    from app.core.parts import Gpu

__all__ = [
    "CONTEXT",
    "DEADLINE_GRACE_S",
    "FIRST_EVENT_TIMEOUT_S",
    "MODE_NAMES",
    "PHASE_NAMES",
    "PHASE_STATUSES",
    "SILENCE_TIMEOUT_S",
    "UNITS",
    "WORKER_DEADLINE_S",
    "ProbeOptions",
    "Progress",
    "engine_available",
    "measurement_from_raw",
    "mode_label",
    "run_probe",
]

CONTEXT: Final = "Probe"  # app.i18n.extract reads a context constant from the module that uses it


def _catalog_loader(catalog: Sequence[Gpu] | None, catalog_dir: Path | None,
                    messages: list[Message]) -> Callable[[], Sequence[Gpu]]:
    loaded: list[Sequence[Gpu]] = [catalog] if catalog is not None else []

    def get_catalog() -> Sequence[Gpu]:
        """The catalog's GPU rows, read once and only when a GPU needs matching."""
        if not loaded:
            try:
                loaded.append(load_catalog_gpus(catalog_dir))
            except (OSError, ValueError) as exc:
                loaded.append(())
                messages.append(Message(level="warn", code="CATALOG_UNAVAILABLE",
                                        text=f"The GPU catalog could not be read, so figures are not compared "
                                             f"with datasheet peaks: {exc}"[:2000]))
        return loaded[0]

    return get_catalog


def _say_gpus(say: Progress, gpus: Sequence[GpuInfo]) -> None:
    if gpus:
        say(4, translate_format(CONTEXT, "Found {count} GPU(s):", count=len(gpus)))
        for g in gpus:
            say(4, f"  GPU {g.index}: {g.name}, {fmt_bytes(g.memory_total_bytes)}"
                   + (translate_format(CONTEXT, " = catalog {id}", id=g.catalog_id) if g.catalog_id
                      else translate(CONTEXT, " (not in the catalog)")))
    else:
        say(4, translate(CONTEXT, "No GPU found."))


def _benchmark(state: ProbeState, inv: Inventory, get_catalog: Callable[[], Sequence[Gpu]],
               ram_bytes: int | None) -> list[GpuTelemetry]:
    """The CPU benchmark, then the GPU benchmarks when an engine is installed; the GPUs' telemetry."""
    opts, say = state.options, state.say
    if opts.cpu:
        say(5, translate(CONTEXT, "CPU benchmark (NumPy GEMM and memory copy)…"))
        for m in run_cpu_bench(opts.mode, ram_bytes):
            state.results.append(m)
            say(10, measurement_line(m, None))
    if opts.python is None and engine_available(opts.engine):
        return run_gpu_benchmarks(state, inv, get_catalog, grace_s=DEADLINE_GRACE_S)
    tried: list[str] = []
    if state.gpus and (opts.python or os.environ.get(PYTHON_ENV) or getattr(sys, "frozen", False)):
        external, tried = find_external_worker(opts.engine, opts.python)
        if external is not None:
            say(11, translate_format(CONTEXT, "Benchmarking with {python}", python=external.python))
            opts.worker_command, opts.worker_env, opts.worker_cwd = external.command, external.env, external.cwd
            state.backends.append(BackendInfo(name="python", available=True, detail=external.python[:2000]))
            return run_gpu_benchmarks(state, inv, get_catalog, grace_s=DEADLINE_GRACE_S)
    if state.gpus:
        why = f" (tried: {'; '.join(tried)})" if tried else ""
        state.messages.append(Message(
            level="warn", code="NO_GPU_ENGINE",
            text=("No Python with PyTorch or CuPy was found" + why + ", so the GPUs were listed but not "
                  "benchmarked. Give one with --python PATH (a Python 3.10+ with a CUDA or ROCm build of "
                  "PyTorch), or install PyTorch."
                  if opts.python or getattr(sys, "frozen", False) else
                  "PyTorch (or CuPy) is not installed here, so the GPUs were listed but not benchmarked. "
                  "Install a CUDA or ROCm build of PyTorch to measure them, or give --python PATH: a Python "
                  "that has it.")[:2000]))
        state.gpu_problem = True
    backend_names = ("torch", "cupy") if opts.engine == "auto" else (opts.engine,)
    state.backends.extend(BackendInfo(name=n, available=False, detail="not installed") for n in backend_names)
    return []


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
                            ram=fmt_bytes(host.ram_bytes)))
    inv = take_inventory(host, nvml_open=nvml_open, smi_runner=smi_runner, amd_module=amd_module,
                         keep_nvml=benchmarks)
    try:
        messages = list(inv.messages)
        get_catalog = _catalog_loader(catalog, opts.catalog_dir, messages)
        gpus, parts = attach_catalog(inv.gpus, get_catalog() if inv.gpus else ())
        state = ProbeState(options=opts, say=say, gpus=gpus, topology=inv.topology, parts=parts, messages=messages,
                           backends=list(inv.backends))
        _say_gpus(say, gpus)
        telemetry = _benchmark(state, inv, get_catalog, host.ram_bytes) if benchmarks else []
        if not state.gpus:
            state.messages.append(Message(
                level="warn", code="NO_GPU",
                text="No GPU was found (see the backend details for why); this report holds CPU figures only."))
        calibration = build_calibration(state.gpus, state.results, state.messages, opts.mode)
    finally:
        inv.close()
    finished = datetime.now(UTC)
    report = ProbeReport(
        status=report_status(state, benchmarks),
        run=RunInfo(tool_version=app.__version__, started_at=started, finished_at=max(finished, started),
                    duration_s=time.monotonic() - t0, mode=opts.mode, interrupted=state.interrupted),
        platform=plat, host=host, backends=state.backends, gpus=state.gpus, topology=state.topology,
        results=state.results, telemetry=telemetry, calibration=calibration, messages=state.messages,
    )
    say(100, translate_format(CONTEXT, "Probe finished: {status}, {count} figure(s) in {seconds:.0f} s",
                              status=report.status, count=sum(m.status == "ok" for m in report.results),
                              seconds=report.run.duration_s))
    return report
