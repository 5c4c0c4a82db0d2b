"""What a benchmark run does per mode (budgets, sizes) and the spec the parent sends the worker."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from app.probe.gpu_types import DeviceProps
from app.probe.harness import GIB, MIB


@dataclass(frozen=True, slots=True)
class ModePlan:
    budgets: dict[str, float]  # seconds per phase per GPU
    gemm_sizes: tuple[int, ...]  # candidate sizes, small first
    gemv_k: int
    gemv_max_bytes: int
    host_bytes: int
    peer_bytes: int
    bw_floor_bytes: int
    bw_l2_multiple: int
    full: bool


MODE_PLANS: dict[str, ModePlan] = {
    "smoke": ModePlan(
        budgets={"warm": 0.1, "mem_bw": 0.15, "gemm_bf16": 0.15, "gemm_fp16": 0.1, "gemm_fp8": 0.1, "gemv": 0.1,
                 "h2d": 0.1, "d2h": 0.1, "p2p": 0.1},
        gemm_sizes=(512,), gemv_k=1024, gemv_max_bytes=8 * MIB, host_bytes=8 * MIB, peer_bytes=8 * MIB,
        bw_floor_bytes=32 * MIB, bw_l2_multiple=0, full=False),
    "quick": ModePlan(
        budgets={"warm": 1.0, "mem_bw": 0.8, "gemm_bf16": 1.2, "gemm_fp16": 0.5, "gemm_fp8": 0.8, "gemv": 0.5,
                 "h2d": 0.4, "d2h": 0.4, "p2p": 0.25},
        gemm_sizes=(4096, 8192), gemv_k=8192, gemv_max_bytes=GIB, host_bytes=256 * MIB, peer_bytes=256 * MIB,
        bw_floor_bytes=GIB, bw_l2_multiple=32, full=False),
    "full": ModePlan(
        budgets={"warm": 3.0, "mem_bw": 3.0, "gemm_bf16": 4.0, "gemm_fp16": 2.0, "gemm_fp8": 3.0, "gemv": 2.0,
                 "h2d": 1.0, "d2h": 1.0, "p2p": 0.6},
        gemm_sizes=(4096, 8192), gemv_k=8192, gemv_max_bytes=GIB, host_bytes=256 * MIB, peer_bytes=256 * MIB,
        bw_floor_bytes=GIB, bw_l2_multiple=32, full=True),
}
LOCAL_PHASES = ("mem_bw", "gemm_bf16", "gemm_fp16", "gemm_fp8", "gemv", "h2d", "d2h")


@dataclass(slots=True)
class WorkerSpec:
    mode: str = "quick"
    deadline_s: float = 45.0  # from worker start, imports included
    memory_fraction: float = 0.25
    skip: list[dict[str, str]] = field(default_factory=list)  # {"uuid"|"pci_bus_id": …, "reason": …}
    p2p: bool = True
    engine: str = "auto"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WorkerSpec:
        mode = str(data.get("mode", "quick"))
        return cls(
            mode=mode if mode in MODE_PLANS else "quick",
            deadline_s=float(data.get("deadline_s", 45.0)),
            memory_fraction=min(max(float(data.get("memory_fraction", 0.25)), 0.01), 0.5),
            skip=[{str(k): str(v) for k, v in s.items()} for s in data.get("skip", []) if isinstance(s, dict)],
            p2p=bool(data.get("p2p", True)),
            engine=str(data.get("engine", "auto")),
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def p2p_pairs(devs: Sequence[int], full: bool) -> list[tuple[int, int]]:
    """All ordered pairs in full mode; a ring (each GPU sends to the next) in quick mode."""
    if len(devs) < 2:
        return []
    if full:
        return [(a, b) for a in devs for b in devs if a != b]
    if len(devs) == 2:
        return [(devs[0], devs[1]), (devs[1], devs[0])]
    return [(devs[i], devs[(i + 1) % len(devs)]) for i in range(len(devs))]


def skip_reason(dev: DeviceProps, skip: Sequence[dict[str, str]]) -> str | None:
    """Why the spec skips this device (matched on UUID or PCI bus ID), or None to benchmark it."""
    from app.probe.device_ids import normalize_bus_id, normalize_uuid  # noqa: PLC0415

    uuid, bus = normalize_uuid(dev.uuid), normalize_bus_id(dev.pci_bus_id)
    for s in skip:
        if (uuid and normalize_uuid(s.get("uuid")) == uuid) or (bus and normalize_bus_id(s.get("pci_bus_id")) == bus):
            return s.get("reason") or "skipped"
    return None
