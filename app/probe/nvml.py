"""NVIDIA inventory and telemetry through NVML (``pynvml`` from the ``nvidia-ml-py`` package).

``pynvml`` is optional and imported lazily. Every per-device query is wrapped on its own: a
``NotSupported`` (GeForce, WSL, MIG) or a missing function (old driver) leaves that one field
None and never aborts the inventory. Initialisation errors are mapped to stable message codes
with a hint for the user (no driver, container without the NVIDIA runtime, driver updated
without a reboot).
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from app.probe.device_ids import normalize_bus_id
from app.probe.report import GpuInfo, MigInfo, MigInstance, NvlinkInfo, PcieLink, Topology, TopologyPair

# NVML return codes (nvml.h) that the user needs explained.
_INIT_ERRORS: dict[int, tuple[str, str]] = {
    4: ("NVML_NO_PERMISSION", "NVML refused access (insufficient permissions)."),
    9: ("NVIDIA_DRIVER_NOT_LOADED", "The NVIDIA kernel driver is not loaded."),
    12: ("NVML_LIBRARY_NOT_FOUND",
         "No NVIDIA driver found (the NVML library is missing). In a container, start it with the "
         "NVIDIA container runtime (docker run --gpus all)."),
    13: ("NVML_FUNCTION_NOT_FOUND", "The NVIDIA driver is too old for this NVML call."),
    15: ("GPU_IS_LOST", "A GPU has fallen off the bus or stopped responding (GPU is lost)."),
    18: ("DRIVER_VERSION_MISMATCH_REBOOT",
         "The NVIDIA driver and its library have different versions: the driver was updated; "
         "reboot the machine."),
}

NVML_TOPOLOGY_LABELS: dict[int, str] = {0: "PIX", 10: "PIX", 20: "PXB", 30: "PHB", 40: "NODE", 50: "SYS"}
P2P_CAPS_INDEX_READ = 0  # pynvml 13.x defines NVML_P2P_CAPS_INDEX_READ as the tuple (0,): use the literal
P2P_CAPS_INDEX_NVLINK = 2
P2P_STATUS_OK = 0
NVML_CLOCK_SM = 1
NVML_CLOCK_MEM = 2
NVML_TEMPERATURE_GPU = 0
NVML_FEATURE_ENABLED = 1
NVLINK_MAX_LINKS = 18
DRIVER_MODELS = {0: "WDDM", 1: "TCC", 2: "MCDM"}

CLOCK_EVENT_REASONS: tuple[tuple[int, str], ...] = (
    (0x1, "GPU_IDLE"),
    (0x2, "APPLICATIONS_CLOCKS_SETTING"),
    (0x4, "SW_POWER_CAP"),
    (0x8, "HW_SLOWDOWN"),
    (0x10, "SYNC_BOOST"),
    (0x20, "SW_THERMAL_SLOWDOWN"),
    (0x40, "HW_THERMAL_SLOWDOWN"),
    (0x80, "HW_POWER_BRAKE_SLOWDOWN"),
    (0x100, "DISPLAY_CLOCK_SETTING"),
)
THROTTLE_REASONS = frozenset({"HW_SLOWDOWN", "SW_THERMAL_SLOWDOWN", "HW_THERMAL_SLOWDOWN", "HW_POWER_BRAKE_SLOWDOWN"})


class NvmlUnavailableError(Exception):
    """NVML cannot be used here; ``code`` is a stable message code, str(exc) a hint for the user."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


def decode_reasons(mask: int | None) -> list[str]:
    if not mask:
        return []
    return [name for bit, name in CLOCK_EVENT_REASONS if mask & bit]


def _text(value: object) -> str | None:
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, str):
        value = value.rstrip("\x00").strip()
        return value or None
    return None


def import_pynvml() -> Any:
    """The pynvml module, or NvmlUnavailableError when the package is missing or broken."""
    try:
        return importlib.import_module("pynvml")
    except ImportError:
        raise NvmlUnavailableError(
            "NVML_PYTHON_MISSING",
            "The nvidia-ml-py package is not installed; using nvidia-smi instead (pip install nvidia-ml-py).",
        ) from None
    except Exception as exc:  # a broken or incompatible wrapper must not stop the probe
        raise NvmlUnavailableError("NVML_IMPORT_FAILED", f"pynvml could not be imported: {exc}") from None


def cuda_version_text(value: object) -> str | None:
    """NVML's CUDA driver version integer (12040) -> '12.4'."""
    if isinstance(value, int) and value > 0:
        return f"{value // 1000}.{(value % 1000) // 10}"
    return None


@dataclass(frozen=True, slots=True)
class TelemetrySample:
    t: float  # time.monotonic() in the sampling process
    sm_clock_mhz: float | None
    mem_clock_mhz: float | None
    power_w: float | None
    temperature_c: float | None
    reasons: int | None


class Nvml:
    """An initialised NVML session. Use as a context manager, or call close()."""

    def __init__(self, module: Any) -> None:
        self.nv = module
        self._open = True

    @classmethod
    def open(cls, module: Any | None = None) -> Nvml:
        nv = module if module is not None else import_pynvml()
        try:
            nv.nvmlInit()
        except Exception as exc:
            code = getattr(exc, "value", None)
            known = _INIT_ERRORS.get(code) if isinstance(code, int) else None
            if known is not None:
                raise NvmlUnavailableError(*known) from None
            raise NvmlUnavailableError("NVML_INIT_FAILED", f"NVML could not be initialised: {exc}") from None
        return cls(nv)

    def close(self) -> None:
        if self._open:
            self._open = False
            try:
                self.nv.nvmlShutdown()
            except Exception:  # shutting down a broken NVML is not worth an error
                return

    def __enter__(self) -> Nvml:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # ---- safe calls ---------------------------------------------------------------------------
    def call(self, name: str, *args: Any) -> Any:
        """nv.<name>(*args), or None when the function is missing or the call fails."""
        fn = getattr(self.nv, name, None)
        if fn is None:
            return None
        try:
            return fn(*args)
        except Exception:  # NVMLError_NotSupported and friends: this field stays unknown
            return None

    def _int(self, name: str, *args: Any) -> int | None:
        value = self.call(name, *args)
        return int(value) if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None

    def _pair(self, name: str, *args: Any) -> tuple[int | None, int | None]:
        value = self.call(name, *args)
        if isinstance(value, (list, tuple)) and len(value) >= 2:
            cur, pend = value[0], value[1]
            return (cur if isinstance(cur, int) else None, pend if isinstance(pend, int) else None)
        return (None, None)

    # ---- inventory ----------------------------------------------------------------------------
    def handles(self) -> list[Any]:
        count = self._int("nvmlDeviceGetCount") or 0
        out = []
        for i in range(count):
            h = self.call("nvmlDeviceGetHandleByIndex", i)
            if h is not None:
                out.append(h)
        return out

    def driver_version(self) -> str | None:
        return _text(self.call("nvmlSystemGetDriverVersion"))

    def cuda_driver_version(self) -> str | None:
        value = self.call("nvmlSystemGetCudaDriverVersion_v2")
        if value is None:
            value = self.call("nvmlSystemGetCudaDriverVersion")
        return cuda_version_text(value)

    def bus_id(self, handle: Any) -> str | None:
        info = self.call("nvmlDeviceGetPciInfo", handle)
        return normalize_bus_id(getattr(info, "busId", None)) if info is not None else None

    def active_links(self, handle: Any) -> list[int]:
        links = []
        for link in range(NVLINK_MAX_LINKS):
            if self.call("nvmlDeviceGetNvLinkState", handle, link) == NVML_FEATURE_ENABLED:
                links.append(link)
        return links

    def other_compute_processes(self, handle: Any, own_pids: Sequence[int] = ()) -> int | None:
        procs = self.call("nvmlDeviceGetComputeRunningProcesses", handle)
        if procs is None:
            return None
        mine = {os.getpid(), *own_pids}
        return sum(1 for p in procs if getattr(p, "pid", None) not in mine)

    def mig(self, handle: Any) -> MigInfo:
        current, pending = self._pair("nvmlDeviceGetMigMode", handle)
        if current is None:
            return MigInfo()
        instances: list[MigInstance] = []
        if current == 1:
            for i in range(min(self._int("nvmlDeviceGetMaxMigDeviceCount", handle) or 0, 64)):
                mh = self.call("nvmlDeviceGetMigDeviceHandleByIndex", handle, i)
                if mh is None:
                    continue
                mem = self.call("nvmlDeviceGetMemoryInfo", mh)
                total = getattr(mem, "total", None)
                instances.append(MigInstance(
                    uuid=_text(self.call("nvmlDeviceGetUUID", mh)),
                    name=_text(self.call("nvmlDeviceGetName", mh)),
                    memory_total_bytes=total if isinstance(total, int) else None,
                ))
        return MigInfo(enabled=current == 1, pending=None if pending is None else pending == 1, instances=instances)

    def gpu_info(self, index: int, handle: Any, *, driver: str | None, cuda: str | None) -> GpuInfo:
        def mw_to_w(name: str) -> float | None:
            v = self._int(name, handle)
            return v / 1000.0 if v is not None else None

        mem = self.call("nvmlDeviceGetMemoryInfo", handle)
        total = getattr(mem, "total", None) if mem is not None else None
        free = getattr(mem, "free", None) if mem is not None else None
        cc = self.call("nvmlDeviceGetCudaComputeCapability", handle)
        cc_text = f"{cc[0]}.{cc[1]}" if isinstance(cc, (tuple, list)) and len(cc) == 2 else None
        util = self.call("nvmlDeviceGetUtilizationRates", handle)
        util_gpu = getattr(util, "gpu", None) if util is not None else None
        ecc_current, _ = self._pair("nvmlDeviceGetEccMode", handle)
        driver_model, _ = self._pair("nvmlDeviceGetDriverModel", handle)
        reasons = self.call("nvmlDeviceGetCurrentClocksEventReasons", handle)
        if reasons is None:
            reasons = self.call("nvmlDeviceGetCurrentClocksThrottleReasons", handle)
        links = self.active_links(handle)
        version = self._int("nvmlDeviceGetNvLinkVersion", handle, links[0]) if links else None
        temp = self._int("nvmlDeviceGetTemperature", handle, NVML_TEMPERATURE_GPU)
        display = self._int("nvmlDeviceGetDisplayActive", handle)
        gen_cur = self._int("nvmlDeviceGetCurrPcieLinkGeneration", handle)
        gen_max = self._int("nvmlDeviceGetMaxPcieLinkGeneration", handle)
        width_cur = self._int("nvmlDeviceGetCurrPcieLinkWidth", handle)
        width_max = self._int("nvmlDeviceGetMaxPcieLinkWidth", handle)
        return GpuInfo(
            index=index,
            vendor="nvidia",
            source="nvml",
            name=(_text(self.call("nvmlDeviceGetName", handle)) or f"NVIDIA GPU {index}")[:200],
            uuid=_text(self.call("nvmlDeviceGetUUID", handle)),
            pci_bus_id=self.bus_id(handle),
            memory_total_bytes=total if isinstance(total, int) else None,
            memory_free_bytes=free if isinstance(free, int) else None,
            driver_version=driver,
            cuda_driver_version=cuda,
            compute_capability=cc_text,
            power_limit_w=mw_to_w("nvmlDeviceGetPowerManagementLimit") or mw_to_w("nvmlDeviceGetEnforcedPowerLimit"),
            power_default_limit_w=mw_to_w("nvmlDeviceGetPowerManagementDefaultLimit"),
            power_draw_w=mw_to_w("nvmlDeviceGetPowerUsage"),
            pcie=PcieLink(
                gen_current=gen_cur if gen_cur and gen_cur <= 8 else None,
                gen_max=gen_max if gen_max and gen_max <= 8 else None,
                width_current=width_cur if width_cur and width_cur <= 32 else None,
                width_max=width_max if width_max and width_max <= 32 else None,
            ),
            nvlink=NvlinkInfo(active_links=len(links), version=version),
            sm_clock_mhz=self._int("nvmlDeviceGetClockInfo", handle, NVML_CLOCK_SM),
            mem_clock_mhz=self._int("nvmlDeviceGetClockInfo", handle, NVML_CLOCK_MEM),
            sm_clock_max_mhz=self._int("nvmlDeviceGetMaxClockInfo", handle, NVML_CLOCK_SM),
            mem_clock_max_mhz=self._int("nvmlDeviceGetMaxClockInfo", handle, NVML_CLOCK_MEM),
            temperature_c=float(temp) if temp is not None and temp <= 200 else None,
            ecc_enabled=None if ecc_current is None else ecc_current == 1,
            mig=self.mig(handle),
            utilization_pct=float(util_gpu) if isinstance(util_gpu, int) and 0 <= util_gpu <= 100 else None,
            other_processes=self.other_compute_processes(handle),
            clock_event_reasons=decode_reasons(reasons if isinstance(reasons, int) else None),
            driver_model=DRIVER_MODELS.get(driver_model) if driver_model is not None else None,
            display_active=None if display is None else display == 1,
            numa_node=self._int("nvmlDeviceGetNumaNodeId", handle),
        )

    def topology(self, handles: Sequence[Any], gpus: Sequence[GpuInfo]) -> Topology:
        """Pairwise links: NV# where NVLink connects the pair (directly or through NVSwitch), else the PCIe level."""
        bus_to_index = {g.pci_bus_id: i for i, g in enumerate(gpus) if g.pci_bus_id}
        direct: dict[tuple[int, int], int] = {}
        active = []
        for i, h in enumerate(handles):
            links = self.active_links(h)
            active.append(len(links))
            for link in links:
                remote = self.call("nvmlDeviceGetNvLinkRemotePciInfo", h, link)
                remote_bus = normalize_bus_id(getattr(remote, "busId", None)) if remote is not None else None
                j = bus_to_index.get(remote_bus) if remote_bus else None
                if j is not None and j != i:
                    direct[(i, j)] = direct.get((i, j), 0) + 1
        pairs: list[TopologyPair] = []
        for i in range(len(handles)):
            for j in range(i + 1, len(handles)):
                hi, hj = handles[i], handles[j]
                nvlink_ok = self.call("nvmlDeviceGetP2PStatus", hi, hj, P2P_CAPS_INDEX_NVLINK) == P2P_STATUS_OK
                read = self.call("nvmlDeviceGetP2PStatus", hi, hj, P2P_CAPS_INDEX_READ)
                n_direct = max(direct.get((i, j), 0), direct.get((j, i), 0))
                nvlinks = n_direct or (min(active[i], active[j]) if nvlink_ok else 0)
                if nvlinks:
                    label = f"NV{nvlinks}"
                else:
                    level = self.call("nvmlDeviceGetTopologyCommonAncestor", hi, hj)
                    label = NVML_TOPOLOGY_LABELS.get(level, "?") if isinstance(level, int) else "?"
                pairs.append(TopologyPair(a=gpus[i].index, b=gpus[j].index, link=label, nvlinks=nvlinks,
                                          p2p=None if read is None else read == P2P_STATUS_OK))
        return Topology(source="nvml", pairs=pairs)

    # ---- telemetry ----------------------------------------------------------------------------
    def sample(self, handle: Any) -> TelemetrySample:
        power = self._int("nvmlDeviceGetPowerUsage", handle)
        temp = self._int("nvmlDeviceGetTemperature", handle, NVML_TEMPERATURE_GPU)
        sm = self._int("nvmlDeviceGetClockInfo", handle, NVML_CLOCK_SM)
        mem = self._int("nvmlDeviceGetClockInfo", handle, NVML_CLOCK_MEM)
        reasons = self.call("nvmlDeviceGetCurrentClocksEventReasons", handle)
        if reasons is None:
            reasons = self.call("nvmlDeviceGetCurrentClocksThrottleReasons", handle)
        return TelemetrySample(
            t=time.monotonic(),
            sm_clock_mhz=float(sm) if sm is not None else None,
            mem_clock_mhz=float(mem) if mem is not None else None,
            power_w=power / 1000.0 if power is not None else None,
            temperature_c=float(temp) if temp is not None else None,
            reasons=reasons if isinstance(reasons, int) else None,
        )


@dataclass(slots=True)
class NvmlInventory:
    gpus: list[GpuInfo]
    topology: Topology | None
    driver_version: str | None
    cuda_version: str | None
    nvml_version: str | None


def nvml_inventory(session: Nvml) -> NvmlInventory:
    driver = session.driver_version()
    cuda = session.cuda_driver_version()
    handles = session.handles()
    gpus = [session.gpu_info(i, h, driver=driver, cuda=cuda) for i, h in enumerate(handles)]
    topology = session.topology(handles, gpus) if len(handles) > 1 else None
    return NvmlInventory(gpus=gpus, topology=topology, driver_version=driver, cuda_version=cuda,
                         nvml_version=_text(session.call("nvmlSystemGetNVMLVersion")))
