"""A fake ``pynvml`` module built from a machine description, for monkeypatching into sys.modules.

It follows nvidia-ml-py's conventions: errors are ``NVMLError`` instances with a ``value`` code,
power in milliwatts, strings returned as str (PCI bus IDs as bytes, as the ctypes struct gives
them), ``nvmlDeviceGetMigMode`` returning [current, pending].
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from typing import Any

NOT_SUPPORTED = 3
INVALID_ARGUMENT = 2
NOT_FOUND = 6


class NVMLError(Exception):
    def __init__(self, value: int) -> None:
        super().__init__(value)
        self.value = value

    def __str__(self) -> str:
        return {2: "Invalid Argument", 3: "Not Supported", 6: "Not Found", 9: "Driver Not Loaded",
                12: "NVML Shared Library Not Found", 18: "RM has detected an NVML/RM version mismatch."}.get(
            self.value, f"NVML Error with code {self.value}")


@dataclass
class FakeGpu:
    name: str
    uuid: str
    bus_id: str  # "00000000:18:00.0"
    total_mib: int
    free_mib: int
    power_limit_w: float
    power_w: float = 70.0
    gen: tuple[int, int] = (5, 5)  # current, max
    width: tuple[int, int] = (16, 16)
    sm_mhz: tuple[int, int] = (345, 1980)  # current, max
    mem_mhz: tuple[int, int] = (2619, 2619)
    temp_c: int = 31
    ecc: bool = True
    cc: tuple[int, int] = (9, 0)
    util: int | None = 0  # None: NotSupported
    processes: list[int] = field(default_factory=list)
    reasons: int = 0x1
    nvlinks: int = 0
    nvlink_remote: list[str] = field(default_factory=list)  # remote bus id per link
    mig_instances: list[tuple[str, str, int]] = field(default_factory=list)  # uuid, name, bytes
    numa: int | None = 0


def h100_server(count: int = 8) -> list[FakeGpu]:
    """An HGX H100 SXM board: 18 NVLinks per GPU, all to NVSwitches."""
    buses = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
    gpus = []
    for i in range(count):
        gpus.append(FakeGpu(
            name="NVIDIA H100 80GB HBM3", uuid=f"GPU-7c9e2d41-3b0a-8f6e-1d2c-4a5b6c7d8e{i:02d}",
            bus_id=f"00000000:{buses[i]}:00.0", total_mib=81559, free_mib=81004, power_limit_w=700.0,
            nvlinks=18, nvlink_remote=[f"00000000:{0x40 + (link % 4):02X}:00.0" for link in range(18)],
            numa=0 if i < 4 else 1, temp_c=30 + i % 4,
        ))
    return gpus


def l40s() -> FakeGpu:
    return FakeGpu(name="NVIDIA L40S", uuid="GPU-9d8c7b6a-5f4e-3d2c-1b0a-f9e8d7c6b5a4", bus_id="00000000:41:00.0",
                   total_mib=46068, free_mib=45452, power_limit_w=350.0, power_w=35.1, gen=(1, 4), width=(16, 16),
                   sm_mhz=(210, 2520), mem_mhz=(405, 9001), cc=(8, 9), temp_c=29)


def a100_mig() -> FakeGpu:
    return FakeGpu(name="NVIDIA A100-SXM4-40GB", uuid="GPU-4a2b7c1e-1d3f-9c8e-2b6a-5e4d3c2b1a09",
                   bus_id="00000000:07:00.0", total_mib=40960, free_mib=40349, power_limit_w=400.0, gen=(4, 4),
                   sm_mhz=(1410, 1410), mem_mhz=(1215, 1215), cc=(8, 0), util=None, reasons=0,
                   mig_instances=[("MIG-0f7a1c22-8d43-5b8e-9a61-3c2e7d4b5f10", "NVIDIA A100-SXM4-40GB MIG 3g.20gb",
                                   19968 * 2**20),
                                  ("MIG-5b2e9c31-7a14-5d6f-8b20-1e3c4d5a6f72", "NVIDIA A100-SXM4-40GB MIG 2g.10gb",
                                   9856 * 2**20)])


def make_nvml(gpus: list[FakeGpu], *, init_error: int | None = None, driver: str = "550.54.15",
              cuda: int = 12040, missing: tuple[str, ...] = (), failing: dict[str, int] | None = None,
              topology_level: int = 40) -> Any:
    """A module object that behaves like pynvml over ``gpus``.

    ``missing`` names functions the module lacks (an old nvidia-ml-py); ``failing`` maps function
    names to an NVML error code they raise for every call.
    """
    m = types.ModuleType("pynvml")
    m.NVMLError = NVMLError  # type: ignore[attr-defined]
    m.NVML_P2P_CAPS_INDEX_READ = (0,)  # type: ignore[attr-defined]  # the real 13.x quirk
    m.calls = []  # type: ignore[attr-defined]
    m.shutdowns = 0  # type: ignore[attr-defined]
    failing = dict(failing or {})

    class Mig:
        def __init__(self, parent: int, k: int) -> None:
            self.parent, self.k = parent, k

    def dev(h: Any) -> FakeGpu:
        return gpus[h]

    def fn(name: str):  # type: ignore[no-untyped-def]
        def deco(f):  # type: ignore[no-untyped-def]
            def wrapper(*args: Any) -> Any:
                m.calls.append(name)  # type: ignore[attr-defined]
                if name in failing:
                    raise NVMLError(failing[name])
                return f(*args)
            if name not in missing:
                setattr(m, name, wrapper)
            return wrapper
        return deco

    @fn("nvmlInit")
    def _init() -> None:
        if init_error is not None:
            raise NVMLError(init_error)

    @fn("nvmlShutdown")
    def _shutdown() -> None:
        m.shutdowns += 1  # type: ignore[attr-defined]

    @fn("nvmlSystemGetDriverVersion")
    def _driver() -> str:
        return driver

    @fn("nvmlSystemGetCudaDriverVersion_v2")
    def _cuda() -> int:
        return cuda

    @fn("nvmlSystemGetNVMLVersion")
    def _nvml_version() -> str:
        return "12." + driver

    @fn("nvmlDeviceGetCount")
    def _count() -> int:
        return len(gpus)

    @fn("nvmlDeviceGetHandleByIndex")
    def _handle(i: int) -> int:
        if not 0 <= i < len(gpus):
            raise NVMLError(INVALID_ARGUMENT)
        return i

    @fn("nvmlDeviceGetName")
    def _name(h: Any) -> str:
        if isinstance(h, Mig):
            return dev(h.parent).mig_instances[h.k][1]
        return dev(h).name

    @fn("nvmlDeviceGetUUID")
    def _uuid(h: Any) -> str:
        if isinstance(h, Mig):
            return dev(h.parent).mig_instances[h.k][0]
        return dev(h).uuid

    @fn("nvmlDeviceGetPciInfo")
    def _pci(h: int) -> Any:
        return types.SimpleNamespace(busId=dev(h).bus_id.encode())

    @fn("nvmlDeviceGetMemoryInfo")
    def _mem(h: Any) -> Any:
        if isinstance(h, Mig):
            total = dev(h.parent).mig_instances[h.k][2]
            return types.SimpleNamespace(total=total, free=total, used=0)
        g = dev(h)
        return types.SimpleNamespace(total=g.total_mib * 2**20, free=g.free_mib * 2**20,
                                     used=(g.total_mib - g.free_mib) * 2**20)

    @fn("nvmlDeviceGetCudaComputeCapability")
    def _cc(h: int) -> tuple[int, int]:
        return dev(h).cc

    @fn("nvmlDeviceGetUtilizationRates")
    def _util(h: int) -> Any:
        g = dev(h)
        if g.util is None:
            raise NVMLError(NOT_SUPPORTED)
        return types.SimpleNamespace(gpu=g.util, memory=0)

    @fn("nvmlDeviceGetEccMode")
    def _ecc(h: int) -> list[int]:
        return [int(dev(h).ecc), int(dev(h).ecc)]

    @fn("nvmlDeviceGetDriverModel")
    def _driver_model(h: int) -> list[int]:
        raise NVMLError(NOT_SUPPORTED)  # Linux

    @fn("nvmlDeviceGetCurrentClocksEventReasons")
    def _reasons(h: int) -> int:
        return dev(h).reasons

    @fn("nvmlDeviceGetNvLinkState")
    def _link_state(h: int, link: int) -> int:
        g = dev(h)
        if g.nvlinks == 0:
            raise NVMLError(NOT_SUPPORTED)
        return 1 if link < g.nvlinks else 0

    @fn("nvmlDeviceGetNvLinkVersion")
    def _link_version(h: int, link: int) -> int:
        return 4

    @fn("nvmlDeviceGetNvLinkRemotePciInfo")
    def _link_remote(h: int, link: int) -> Any:
        return types.SimpleNamespace(busId=dev(h).nvlink_remote[link].encode())

    @fn("nvmlDeviceGetTemperature")
    def _temp(h: int, sensor: int) -> int:
        return dev(h).temp_c

    @fn("nvmlDeviceGetDisplayActive")
    def _display(h: int) -> int:
        return 0

    @fn("nvmlDeviceGetCurrPcieLinkGeneration")
    def _gen_cur(h: int) -> int:
        return dev(h).gen[0]

    @fn("nvmlDeviceGetMaxPcieLinkGeneration")
    def _gen_max(h: int) -> int:
        return dev(h).gen[1]

    @fn("nvmlDeviceGetCurrPcieLinkWidth")
    def _width_cur(h: int) -> int:
        return dev(h).width[0]

    @fn("nvmlDeviceGetMaxPcieLinkWidth")
    def _width_max(h: int) -> int:
        return dev(h).width[1]

    @fn("nvmlDeviceGetClockInfo")
    def _clock(h: int, kind: int) -> int:
        return dev(h).sm_mhz[0] if kind == 1 else dev(h).mem_mhz[0]

    @fn("nvmlDeviceGetMaxClockInfo")
    def _max_clock(h: int, kind: int) -> int:
        return dev(h).sm_mhz[1] if kind == 1 else dev(h).mem_mhz[1]

    @fn("nvmlDeviceGetPowerManagementLimit")
    def _power_limit(h: int) -> int:
        return int(dev(h).power_limit_w * 1000)

    @fn("nvmlDeviceGetPowerManagementDefaultLimit")
    def _power_default(h: int) -> int:
        return int(dev(h).power_limit_w * 1000)

    @fn("nvmlDeviceGetPowerUsage")
    def _power(h: int) -> int:
        return int(dev(h).power_w * 1000)

    @fn("nvmlDeviceGetComputeRunningProcesses")
    def _procs(h: int) -> list[Any]:
        g = dev(h)
        if g.mig_instances:
            raise NVMLError(NOT_SUPPORTED)
        return [types.SimpleNamespace(pid=p, usedGpuMemory=2**30) for p in g.processes]

    @fn("nvmlDeviceGetNumaNodeId")
    def _numa(h: int) -> int:
        g = dev(h)
        if g.numa is None:
            raise NVMLError(NOT_SUPPORTED)
        return g.numa

    @fn("nvmlDeviceGetMigMode")
    def _mig_mode(h: int) -> list[int]:
        g = dev(h)
        if "L40S" in g.name:  # no MIG on Ada
            raise NVMLError(NOT_SUPPORTED)
        mode = 1 if g.mig_instances else 0
        return [mode, mode]

    @fn("nvmlDeviceGetMaxMigDeviceCount")
    def _mig_count(h: int) -> int:
        return 7

    @fn("nvmlDeviceGetMigDeviceHandleByIndex")
    def _mig_handle(h: int, k: int) -> Any:
        if k >= len(dev(h).mig_instances):
            raise NVMLError(NOT_FOUND)
        return Mig(h, k)

    @fn("nvmlDeviceGetTopologyCommonAncestor")
    def _topo(h1: int, h2: int) -> int:
        return topology_level

    @fn("nvmlDeviceGetP2PStatus")
    def _p2p(h1: int, h2: int, index: int) -> int:
        if not isinstance(index, int):
            raise TypeError("index must be an int (pass 0, not NVML_P2P_CAPS_INDEX_READ)")
        if index == 2:  # NVLINK
            return 0 if dev(h1).nvlinks and dev(h2).nvlinks else 5
        return 0

    return m
