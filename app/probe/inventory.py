"""Every GPU on this machine, from the best source available, with stable status messages.

Order: NVML (``pynvml``) → ``nvidia-smi`` when NVML cannot be loaded → ``amdsmi`` → Apple
silicon (from the OS). Nothing here creates a CUDA context or imports torch.
"""

from __future__ import annotations

import platform
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.probe.amd import AmdUnavailableError, amd_inventory
from app.probe.nvml import THROTTLE_REASONS, Nvml, NvmlUnavailableError, nvml_inventory
from app.probe.report import BackendInfo, GpuInfo, HostInfo, Message, Topology
from app.probe.smi import SmiRunner, SmiUnavailableError, run_nvidia_smi, smi_inventory

BUSY_UTILIZATION_PCT = 10.0
# NVML failure codes that mean "there is an NVIDIA driver problem", not merely "no NVIDIA here".
_DRIVER_PROBLEMS = frozenset({"NVIDIA_DRIVER_NOT_LOADED", "DRIVER_VERSION_MISMATCH_REBOOT", "NVML_NO_PERMISSION",
                              "GPU_IS_LOST", "NVML_INIT_FAILED", "NVIDIA_SMI_TIMEOUT", "NVIDIA_SMI_FAILED"})


@dataclass(slots=True)
class Inventory:
    gpus: list[GpuInfo] = field(default_factory=list)
    topology: Topology | None = None
    backends: list[BackendInfo] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    nvml: Nvml | None = None  # still open when take_inventory(keep_nvml=True) found NVIDIA GPUs
    nvml_handles: list[Any] = field(default_factory=list)

    def close(self) -> None:
        if self.nvml is not None:
            self.nvml.close()
            self.nvml = None


def busy_reason(gpu: GpuInfo) -> str | None:
    """Why benchmarking this GPU now would disturb someone else's work (None when idle)."""
    if gpu.other_processes:
        return f"{gpu.other_processes} other compute process(es) are using it"
    if gpu.utilization_pct is not None and gpu.utilization_pct >= BUSY_UTILIZATION_PCT:
        return f"it is {gpu.utilization_pct:.0f} % busy"
    return None


def gpu_messages(gpus: Sequence[GpuInfo]) -> list[Message]:
    out: list[Message] = []
    for g in gpus:
        label = f"GPU {g.index} ({g.name})"
        if g.mig.enabled:
            out.append(Message(level="warn", code="MIG_SLICE", gpu=g.index,
                               text=f"{label} is in MIG mode: benchmarks see one MIG slice, so its figures are "
                                    "not compared with the full GPU's datasheet peaks and are left out of "
                                    "calibration."))
        busy = busy_reason(g)
        if busy:
            out.append(Message(level="warn", code="GPU_BUSY", gpu=g.index,
                               text=f"{label} is busy: {busy}. Its benchmarks are skipped unless you pass "
                                    "--allow-busy; figures from a shared GPU read low."))
        throttled = sorted(set(g.clock_event_reasons) & THROTTLE_REASONS)
        if throttled:
            out.append(Message(level="warn", code="THERMAL_THROTTLE", gpu=g.index,
                               text=f"{label} reports clock slowdown at rest ({', '.join(throttled)}): check "
                                    "cooling and power before trusting its figures."))
        if (g.pcie.width_current and g.pcie.width_max and g.pcie.width_current < g.pcie.width_max):
            out.append(Message(level="warn", code="PCIE_DOWNTRAINED", gpu=g.index,
                               text=f"{label} runs its PCIe link at x{g.pcie.width_current} of "
                                    f"x{g.pcie.width_max}: check the slot and riser."))
        if g.driver_model == "WDDM":
            out.append(Message(level="info", code="WDDM_DRIVER_MODEL", gpu=g.index,
                               text=f"{label} uses the Windows display driver model (WDDM): host transfers "
                                    "and launch latency are slower than under Linux or TCC."))
    return out


def apple_gpu(host: HostInfo, system: str, machine: str) -> GpuInfo | None:
    if system != "Darwin" or machine not in ("arm64", "aarch64"):
        return None
    return GpuInfo(index=0, vendor="apple", source="system",
                   name=(host.cpu_model or "Apple silicon GPU")[:200],
                   memory_total_bytes=host.ram_bytes)  # unified memory


def take_inventory(
    host: HostInfo,
    *,
    nvml_open: Callable[[], Nvml] = Nvml.open,
    smi_runner: SmiRunner = run_nvidia_smi,
    amd_module: Any | None = None,
    system: str | None = None,
    machine: str | None = None,
    keep_nvml: bool = False,
) -> Inventory:
    inv = Inventory()
    nvml_error: NvmlUnavailableError | None = None
    try:
        session = nvml_open()
    except NvmlUnavailableError as exc:
        nvml_error = exc
        inv.backends.append(BackendInfo(name="nvml", available=False, detail=f"{exc.code}: {exc.text}"[:2000]))
    else:
        try:
            found = nvml_inventory(session)
        except Exception as exc:  # a broken driver must not stop the probe
            session.close()
            nvml_error = NvmlUnavailableError("NVML_INIT_FAILED", f"NVML failed while listing GPUs: {exc}")
            inv.backends.append(BackendInfo(name="nvml", available=False, detail=nvml_error.text[:2000]))
        else:
            inv.backends.append(BackendInfo(name="nvml", available=True, version=found.nvml_version,
                                            detail=f"driver {found.driver_version}, CUDA {found.cuda_version}"))
            inv.gpus, inv.topology = found.gpus, found.topology
            if keep_nvml and found.gpus:
                inv.nvml = session
                inv.nvml_handles = session.handles()
            else:
                session.close()

    if nvml_error is not None:
        try:
            smi = smi_inventory(smi_runner)
        except SmiUnavailableError as exc:
            inv.backends.append(BackendInfo(name="nvidia-smi", available=False, detail=f"{exc.code}: {exc.text}"))
            problem = next((e for e in (nvml_error, exc) if e.code in _DRIVER_PROBLEMS), None)
            if problem is not None:
                inv.messages.append(Message(level="warn", code=problem.code, text=problem.text))
        else:
            inv.backends.append(BackendInfo(name="nvidia-smi", available=True,
                                            detail=f"driver {smi.driver_version}, CUDA {smi.cuda_version}"))
            inv.gpus, inv.topology = smi.gpus, smi.topology
            if nvml_error.code != "NVML_PYTHON_MISSING":
                inv.messages.append(Message(level="info", code="NVML_UNAVAILABLE",
                                            text=f"{nvml_error.text} The inventory comes from nvidia-smi."))
            else:
                inv.messages.append(Message(level="info", code="NVML_PYTHON_MISSING",
                                            text="nvidia-ml-py is not installed: the inventory comes from "
                                                 "nvidia-smi and no clocks or power are sampled during the "
                                                 "benchmarks."))

    try:
        amd = amd_inventory(amd_module)
    except AmdUnavailableError as exc:
        inv.backends.append(BackendInfo(name="amdsmi", available=False, detail=f"{exc.code}: {exc.text}"))
    else:
        inv.backends.append(BackendInfo(name="amdsmi", available=True))
        base = len(inv.gpus)
        inv.gpus.extend(g.model_copy(update={"index": base + i}) for i, g in enumerate(amd))

    apple = apple_gpu(host, system or platform.system(), machine or platform.machine())
    if apple is not None and not inv.gpus:
        inv.gpus.append(apple)

    inv.messages.extend(gpu_messages(inv.gpus))
    return inv
