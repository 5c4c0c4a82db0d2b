"""What the GPU benchmarks share: the backend protocol, its workloads, devices and errors.

``GpuBackend`` is all the orchestration (``app.probe.gpu_phases``) talks to; the adapters
(``app.probe.gpu_torch``, ``app.probe.gpu_cupy``) implement it, and the tests implement it with
NumPy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from app.probe.harness import Timer

Emit = Callable[[dict[str, Any]], None]
GEMM_CHECK_TILE = 64
GEMM_CHECK_TOLERANCE = 0.05


class UnsupportedError(Exception):
    """This device or library cannot run the test (e.g. FP8 before Ada/Hopper)."""


class BackendUnavailableError(Exception):
    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


@dataclass(frozen=True, slots=True)
class DeviceProps:
    index: int
    name: str
    total_memory: int
    free_memory: int
    uuid: str | None = None
    pci_bus_id: str | None = None
    l2_bytes: int | None = None
    sm_count: int | None = None
    compute_capability: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class Workload:
    run: Callable[[], object]
    work: float  # bytes or FLOPs per run
    method: str
    params: dict[str, int | float | str | bool] = field(default_factory=dict)
    release: Callable[[], None] = lambda: None
    check: Callable[[], str | None] | None = None  # None when the result is right, else the problem
    timer: Timer | None = None  # overrides the backend's timer for this workload


class GpuBackend(Protocol):
    name: str
    version: str
    platform: str  # "cuda 12.4", "rocm 6.2", "mps", "cupy cuda 12040"

    def devices(self) -> list[DeviceProps]: ...
    def timer(self, dev: int) -> Timer: ...
    def free_memory(self, dev: int) -> int: ...
    def triad(self, dev: int, n: int) -> Workload: ...
    def scale(self, dev: int, n: int) -> Workload: ...
    def gemm(self, dev: int, dtype: str, size: int) -> Workload: ...
    def gemv(self, dev: int, dtype: str, k: int, n: int) -> Workload: ...
    def host_copy(self, dev: int, nbytes: int, direction: str) -> Workload: ...
    def peer_copy(self, src: int, dst: int, nbytes: int, bidirectional: bool) -> Workload: ...
    def can_access_peer(self, src: int, dst: int) -> bool: ...
    def warm(self, devs: Sequence[int], seconds: float) -> None: ...
    def empty_cache(self) -> None: ...
    def is_oom(self, exc: BaseException) -> bool: ...


def bus_id(domain: object, bus: object, device: object) -> str | None:
    if isinstance(bus, int) and isinstance(device, int):
        return f"{domain if isinstance(domain, int) else 0:04x}:{bus:02x}:{device:02x}.0"
    return None
