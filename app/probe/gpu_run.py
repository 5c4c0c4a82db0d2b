"""Running the GPU benchmark worker: the child process, its timeouts, its telemetry.

The parent enforces a silence timeout per phase and an overall deadline and kills the child
when either runs out; GPUs with other compute processes on them are skipped unless
``allow_busy``. Whatever happens becomes measurements and messages in the state, never an
exception.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

import app
from app.core.i18n import translate, translate_format
from app.probe.gpu_plan import WorkerSpec
from app.probe.inventory import Inventory, busy_reason
from app.probe.report import GpuInfo, GpuTelemetry, Measurement, Message
from app.probe.results import telemetry_messages
from app.probe.run_state import ProbeState
from app.probe.telemetry import TelemetrySampler, summarize_telemetry
from app.probe.worker import TIMED_OUT, WorkerProcess, worker_command
from app.probe.worker_events import WorkerSession

if TYPE_CHECKING:
    from app.core.parts import Gpu

CONTEXT: Final = "Probe"  # app.i18n.extract reads a context constant from the module that uses it
WORKER_DEADLINE_S: Final[dict[str, float]] = {"smoke": 60.0, "quick": 42.0, "full": 480.0}
SILENCE_TIMEOUT_S: Final[dict[str, float]] = {"smoke": 45.0, "quick": 30.0, "full": 90.0}
DEADLINE_GRACE_S: Final = 12.0


def worker_env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("CUDA_DEVICE_ORDER", "PCI_BUS_ID")
    env.setdefault("PYTHONIOENCODING", "utf-8")
    return env


def busy_skips(state: ProbeState) -> list[dict[str, str]]:
    """The worker spec's skip list: every busy GPU, unless the options allow busy ones."""
    skip = []
    for g in state.gpus:
        reason = busy_reason(g)
        if reason and not state.options.allow_busy:
            skip.append({"uuid": g.uuid or "", "pci_bus_id": g.pci_bus_id or "",
                         "reason": f"GPU busy: {reason}; rerun with --allow-busy to benchmark it anyway"})
    return skip


def _start_sampler(session: WorkerSession, state: ProbeState, inv: Inventory) -> list[GpuInfo]:
    """Sample NVML telemetry while the worker runs (when every NVIDIA GPU has a handle); the sampled GPUs."""
    nvidia = [g for g in state.gpus if g.source == "nvml"]
    if inv.nvml is not None and len(inv.nvml_handles) == len(nvidia):
        session.sampler = TelemetrySampler(inv.nvml, inv.nvml_handles, [g.index for g in nvidia])
        session.sampler.start()
    return nvidia


def _pump_events(worker: WorkerProcess, session: WorkerSession, mode: str, deadline_s: float,
                 hard_deadline: float) -> None:
    """Hand the worker's events to the session until it is done, goes silent too long, or exits."""
    state, opts = session.s, session.s.options
    first = True
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


def _whole_run_telemetry(state: ProbeState, session: WorkerSession, nvidia: Sequence[GpuInfo]) -> list[GpuTelemetry]:
    if session.sampler is None:
        return []
    telemetry_messages(state)
    out = []
    for g in nvidia:
        summary = summarize_telemetry(session.sampler.all(g.index))
        if summary is not None:
            out.append(GpuTelemetry(gpu=g.index, during_run=summary))
    return out


def run_gpu_benchmarks(state: ProbeState, inv: Inventory, catalog: Callable[[], Sequence[Gpu]], *,
                       grace_s: float = DEADLINE_GRACE_S) -> list[GpuTelemetry]:
    """Run the worker; returns the whole-run telemetry per sampled GPU.

    ``grace_s`` is how long past the worker's own deadline the parent waits before killing it.
    """
    opts = state.options
    skip = busy_skips(state)
    if state.gpus and len(skip) == len(state.gpus):
        for g, s in zip(state.gpus, skip, strict=True):
            state.results.append(Measurement(metric="mem_bw_triad", gpu=g.index, status="skipped", unit="GB/s",
                                             reason=s["reason"]))
        return []
    mode = opts.mode if opts.mode in WORKER_DEADLINE_S else "quick"
    deadline_s = opts.timeout_s if opts.timeout_s is not None else WORKER_DEADLINE_S[mode]
    spec = WorkerSpec(mode=mode, deadline_s=deadline_s, memory_fraction=opts.memory_fraction, skip=skip,
                      engine=opts.engine)
    session = WorkerSession(state, catalog)
    nvidia = _start_sampler(session, state, inv)
    state.say(11, translate(CONTEXT, "Starting the GPU benchmark worker…"))
    command = list(opts.worker_command or worker_command())
    started = time.monotonic()
    hard_deadline = started + deadline_s + grace_s
    try:
        worker = WorkerProcess(command, spec.to_json(),
                               env=dict(opts.worker_env) if opts.worker_env is not None else worker_env(),
                               cwd=opts.worker_cwd or str(Path(app.__file__).parent.parent))
    except OSError as exc:
        state.messages.append(Message(level="error", code="WORKER_START_FAILED",
                                      text=f"The benchmark worker could not be started: {exc}"))
        state.gpu_problem = True
        if session.sampler is not None:
            session.sampler.stop()
        return []
    try:
        _pump_events(worker, session, mode, deadline_s, hard_deadline)
    except KeyboardInterrupt:
        state.interrupted = True
        session.fail_current("error", "interrupted by the user")
        state.messages.append(Message(level="warn", code="INTERRUPTED", text="The probe was interrupted."))
        worker.kill()
    finally:
        worker.close(wait_s=10.0)
        if session.sampler is not None:
            session.sampler.stop()
    return _whole_run_telemetry(state, session, nvidia)
