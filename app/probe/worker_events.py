"""The parent's side of the worker protocol: each event the worker sends, turned into report entries.

``WorkerSession`` maps the engine's devices to the inventoried GPUs, converts results into
measurements (with the telemetry of their time window), reports progress and remembers the
phase in flight so a timeout or crash can be charged to it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from app.core.i18n import translate_format
from app.probe.device_ids import normalize_bus_id, normalize_uuid
from app.probe.peaks import match_gpu
from app.probe.progress import measurement_line, phase_label
from app.probe.report import BackendInfo, GpuInfo, Level, Message, Vendor
from app.probe.results import clip_text, measurement_from_raw
from app.probe.run_state import ProbeState
from app.probe.telemetry import POWER_AVERAGING_S, TelemetrySampler, summarize_telemetry

if TYPE_CHECKING:
    from app.core.parts import Gpu

CONTEXT: Final = "Probe"  # app.i18n.extract reads a context constant from the module that uses it
NO_DEVICE_CODES: Final = frozenset({"TORCH_CPU_ONLY", "TORCH_NO_DEVICE", "CUPY_NO_DEVICE", "NO_GPU_ENGINE",
                                    "TORCH_MISSING", "CUPY_MISSING"})
ENGINE_CODES: Final = NO_DEVICE_CODES | {"TORCH_IMPORT_FAILED", "TORCH_CUDA_FAILED", "CUPY_IMPORT_FAILED",
                                         "WORKER_ERROR", "WORKER_BAD_SPEC"}


class WorkerSession:
    """Drives one worker: maps its devices to report GPUs, converts its results, enforces timeouts."""

    def __init__(self, state: ProbeState, catalog: Callable[[], Sequence[Gpu]]) -> None:
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
                index=index, vendor=vendor, source="torch", name=clip_text(d.get("name"), f"GPU {index}")[:200],
                uuid=clip_text(d.get("uuid"))[:200] or None, pci_bus_id=normalize_bus_id(d.get("pci_bus_id")),
                memory_total_bytes=total if isinstance(total, int) and total >= 0 else None,
                compute_capability=clip_text(d.get("compute_capability"))[:200] or None,
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
            self.map_devices(devices, clip_text(ev.get("platform")))
            self.s.backends.append(BackendInfo(name=clip_text(ev.get("engine"), "engine")[:200], available=True,
                                               version=clip_text(ev.get("version"))[:200] or None,
                                               detail=clip_text(ev.get("platform")) or None))
            self.s.say(12, translate_format(CONTEXT, "Benchmark engine: {engine} {version} ({platform}), "
                                            "{count} device(s)", engine=ev.get("engine"), version=ev.get("version"),
                                            platform=ev.get("platform"), count=len(devices)))
        elif kind == "plan":
            steps = ev.get("steps")
            self.steps = steps if isinstance(steps, int) and steps > 0 else 1
        elif kind == "phase":
            dev, phase, peer_dev = ev.get("device"), clip_text(ev.get("phase")), ev.get("peer")
            if isinstance(dev, int):
                key = (dev, phase, peer_dev if isinstance(peer_dev, int) else None)
                self.starts[key] = now
                self.current = key
                gpu = self.gpu_of(dev)
                who = f"GPU {gpu.index}" if gpu else translate_format(CONTEXT, "device {n}", n=dev)
                if (peer := self.gpu_of(peer_dev)) is not None:
                    who += f"->{peer.index}"
                self.s.say(self.pct(), translate_format(CONTEXT, "{who}: {phase}…", who=who, phase=phase_label(phase)))
        elif kind == "result":
            self._result(ev, now)
        elif kind == "message":
            gpu = self.gpu_of(ev.get("device"))
            level: Level = ev["level"] if ev.get("level") in ("info", "warn", "error") else "warn"
            code = clip_text(ev.get("code"), "WORKER_MESSAGE").upper()
            code = code if code.replace("_", "").isalnum() and code[:1].isalpha() else "WORKER_MESSAGE"
            if not self.s.gpus and code in NO_DEVICE_CODES:
                level = "info"  # nothing to benchmark anyway
            elif code in ENGINE_CODES:
                self.s.gpu_problem = True
            self.s.messages.append(Message(level=level, code=code[:64], text=clip_text(ev.get("text"), code),
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
            key = (dev, clip_text(ev.get("metric")), peer_dev if isinstance(peer_dev, int) else None)
            t0 = self.starts.pop(key, None)
        telemetry = None
        if self.sampler is not None and gpu is not None and t0 is not None:
            telemetry = summarize_telemetry(self.sampler.window(gpu.index, t0, now), power_from=t0 + POWER_AVERAGING_S)
        m = measurement_from_raw(self.s, ev, gpu, peer, telemetry)
        self.s.results.append(m)
        if m.status in ("timeout", "error"):
            self.s.gpu_problem = True
        self.current = None
        self.done_steps += 1
        self.s.say(self.pct(), measurement_line(m, gpu))

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
