"""GPU benchmarks over PyTorch (CUDA, ROCm, Apple MPS) or CuPy. Runs inside the worker process.

Figures (all with random inputs, never zeros, and a warm-up before timing):

- ``mem_bw_triad``  a = b + s*c over fp32 arrays; bytes = 3 x N x 4; working set >= max(1 GiB,
  32 x L2), at most a quarter of free memory (``mem_bw_scale`` in full mode: 2 x N x 4).
- ``gemm_bf16`` / ``gemm_fp16``  dense M=N=K GEMM (8192, or 4096 on small GPUs); FLOPs = 2MNK;
  one result tile is checked against an fp32 reference so a no-op can't be timed.
- ``gemm_fp8``  ``torch._scaled_mm`` with e4m3 inputs (e4m3fnuz on ROCm), per-tensor scales,
  bf16 output, where the device and torch support it.
- ``gemv_b1_bf16``  batch-1 decode: y = x @ W^T with W about 1 GiB; bytes = W + x + y.
- ``h2d_pinned`` / ``d2h_pinned``  256 MiB between pinned host memory and the device.
- ``p2p_unidir`` (``p2p_bidir`` in full mode)  256 MiB device-to-device copies between pairs.

Timing is per iteration with CUDA events (``perf_counter`` + synchronize on MPS and for
bidirectional copies), reported as raw seconds; the parent turns them into statistics and
compares them with datasheet peaks. Every kernel is short (milliseconds), well under the
Windows 2 s watchdog.

The orchestration (``run_benchmarks``) only talks to the ``GpuBackend`` protocol, so it is
tested on the CPU with a NumPy fake; the two real backends are thin adapters.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any, Protocol

from app.probe.harness import (
    GIB,
    MIB,
    PerfCounterTimer,
    PhaseBudget,
    Timer,
    bandwidth_working_set,
    run_timed,
    split_elems,
)

Emit = Callable[[dict[str, Any]], None]
GEMM_CHECK_TILE = 64
GEMM_CHECK_TOLERANCE = 0.05
BIG_GEMM_MAX_MS = 5.0  # use 8192^3 when 4096^3 takes less than this


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


# ---- plan ------------------------------------------------------------------------------------
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


def _skip_reason(dev: DeviceProps, skip: Sequence[dict[str, str]]) -> str | None:
    from app.probe.nvml import normalize_bus_id, normalize_uuid  # noqa: PLC0415 - light, pure functions

    uuid, bus = normalize_uuid(dev.uuid), normalize_bus_id(dev.pci_bus_id)
    for s in skip:
        if (uuid and normalize_uuid(s.get("uuid")) == uuid) or (bus and normalize_bus_id(s.get("pci_bus_id")) == bus):
            return s.get("reason") or "skipped"
    return None


# ---- orchestration ---------------------------------------------------------------------------
class _Runner:
    def __init__(self, backend: GpuBackend, spec: WorkerSpec, emit: Emit, clock: Callable[[], float],
                 start: float) -> None:
        self.b = backend
        self.spec = spec
        self.plan = MODE_PLANS[spec.mode]
        self.emit = emit
        self.clock = clock
        self.deadline = start + spec.deadline_s

    def remaining(self) -> float:
        return self.deadline - self.clock()

    def result(self, metric: str, dev: int, status: str, unit: str, *, reason: str | None = None,
               peer: int | None = None, work: float = 0.0, samples: Sequence[float] = (), method: str = "",
               params: dict[str, Any] | None = None, duration_s: float = 0.0) -> None:
        self.emit({"event": "result", "metric": metric, "device": dev, "peer": peer, "status": status,
                   "reason": reason, "unit": unit, "work": work, "samples_s": list(samples), "method": method,
                   "params": params or {}, "duration_s": duration_s})

    def phase(self, metric: str, unit: str, dev: int, build: Callable[[], Workload], budget: PhaseBudget,
              peer: int | None = None) -> None:
        self.emit({"event": "phase", "device": dev, "peer": peer, "phase": metric})
        if budget.seconds <= 0 or self.remaining() <= 0:
            self.result(metric, dev, "skipped", unit, peer=peer, reason="the probe's time budget was used up")
            return
        t0 = self.clock()
        wl: Workload | None = None
        try:
            wl = build()
            if wl.check is not None:
                problem = wl.check()
                if problem:
                    self.result(metric, dev, "error", unit, peer=peer, reason=f"result check failed: {problem}",
                                method=wl.method, params=wl.params, duration_s=self.clock() - t0)
                    return
            timer = wl.timer or self.b.timer(dev)
            samples = run_timed(timer, wl.run, budget, self.clock)
            self.result(metric, dev, "ok", unit, peer=peer, work=wl.work, samples=samples, method=wl.method,
                        params={**wl.params, "iterations": len(samples)}, duration_s=self.clock() - t0)
        except UnsupportedError as exc:
            self.result(metric, dev, "unsupported", unit, peer=peer, reason=str(exc) or "not supported",
                        duration_s=self.clock() - t0)
        except Exception as exc:  # a failed phase is reported and the probe goes on
            if self.b.is_oom(exc):
                self.result(metric, dev, "skipped", unit, peer=peer, duration_s=self.clock() - t0,
                            reason="not enough free GPU memory for this test")
            else:
                self.result(metric, dev, "error", unit, peer=peer, duration_s=self.clock() - t0,
                            reason=f"{type(exc).__name__}: {exc}"[:500])
        finally:
            if wl is not None:
                with contextlib.suppress(Exception):  # releasing is best effort
                    wl.release()
            wl = None
            with contextlib.suppress(Exception):
                self.b.empty_cache()

    def gemm_size(self, dev: int, dtype: str, free: int) -> int:
        """The largest planned size that fits memory and keeps one GEMM short on this device."""
        sizes = self.plan.gemm_sizes
        chosen = sizes[0]
        for size in sizes[1:]:
            need = 3 * size * size * 2
            if need > free * self.spec.memory_fraction:
                break
            try:
                wl = self.b.gemm(dev, dtype, chosen)
                try:
                    t = run_timed(self.b.timer(dev), wl.run, PhaseBudget(seconds=0.0, warmup=1, min_iters=1))
                finally:
                    wl.release()
                    del wl  # the workload's closures hold the device buffers
            except Exception:  # unsupported dtype, out of memory…: the phase itself will say so
                return chosen
            finally:
                with contextlib.suppress(Exception):
                    self.b.empty_cache()
            if not t or t[0] * 1e3 > BIG_GEMM_MAX_MS:
                break
            chosen = size
        return chosen

    def local(self, dev: DeviceProps, factor: float) -> None:
        plan, spec, b = self.plan, self.spec, self.b
        d = dev.index

        def budget(name: str) -> PhaseBudget:
            return PhaseBudget(seconds=plan.budgets[name] * factor)

        free = dev.free_memory
        total_bw, undersized = bandwidth_working_set(free, dev.l2_bytes, memory_fraction=spec.memory_fraction,
                                                     floor_bytes=plan.bw_floor_bytes,
                                                     l2_multiple=plan.bw_l2_multiple)
        n3 = split_elems(total_bw, 3, 4)
        if n3 < 4096 or total_bw < plan.bw_floor_bytes // 8:
            self.emit({"event": "phase", "device": d, "peer": None, "phase": "mem_bw_triad"})
            self.result("mem_bw_triad", d, "skipped", "GB/s",
                        reason=f"too little free GPU memory for a meaningful bandwidth test ({free / GIB:.1f} GiB)")
        else:
            def triad() -> Workload:
                wl = b.triad(d, n3)
                wl.params.update({"working_set_bytes": 3 * n3 * 4, "undersized": undersized})
                return wl
            self.phase("mem_bw_triad", "GB/s", d, triad, budget("mem_bw"))
            if plan.full:
                n2 = split_elems(total_bw, 2, 4)
                self.phase("mem_bw_scale", "GB/s", d, lambda: b.scale(d, n2), budget("mem_bw").scaled(0.5))
        size = self.gemm_size(d, "bf16", free)

        def gemm(dtype: str) -> Callable[[], Workload]:
            return lambda: b.gemm(d, dtype, size)

        for dtype in ("bf16", "fp16", "fp8"):
            self.phase(f"gemm_{dtype}", "TFLOPS", d, gemm(dtype), budget(f"gemm_{dtype}"))
        weight_bytes = min(plan.gemv_max_bytes, int(free * spec.memory_fraction))
        n_out = max((weight_bytes // (plan.gemv_k * 2)) // 256 * 256, 256)
        self.phase("gemv_b1_bf16", "GB/s", d, lambda: b.gemv(d, "bf16", plan.gemv_k, n_out), budget("gemv"))
        host = min(plan.host_bytes, int(free * spec.memory_fraction))
        self.phase("h2d_pinned", "GB/s", d, lambda: b.host_copy(d, host, "h2d"), budget("h2d"))
        self.phase("d2h_pinned", "GB/s", d, lambda: b.host_copy(d, host, "d2h"), budget("d2h"))

    def run(self) -> None:
        devices = self.b.devices()
        self.emit({"event": "hello", "engine": self.b.name, "version": self.b.version, "platform": self.b.platform,
                   "devices": [dv.to_json() for dv in devices]})
        active: list[DeviceProps] = []
        for dv in devices:
            reason = _skip_reason(dv, self.spec.skip)
            if reason:
                for metric, unit in (("mem_bw_triad", "GB/s"), ("gemm_bf16", "TFLOPS")):
                    self.result(metric, dv.index, "skipped", unit, reason=reason)
            else:
                active.append(dv)
        pairs = p2p_pairs([dv.index for dv in active], self.plan.full) if self.spec.p2p else []
        steps = len(active) * (len(LOCAL_PHASES) + (1 if self.plan.full else 0)) + len(pairs) * (
            2 if self.plan.full else 1)
        self.emit({"event": "plan", "steps": steps, "devices": [dv.index for dv in active]})
        if not active:
            return
        self.emit({"event": "phase", "device": active[0].index, "peer": None, "phase": "warm_up"})
        try:
            self.b.warm([dv.index for dv in active], min(self.plan.budgets["warm"], max(self.remaining() * 0.1, 0)))
        except Exception as exc:  # warming is an optimisation; report it and go on
            self.emit({"event": "message", "level": "warn", "code": "WARM_UP_FAILED",
                       "text": f"warm-up failed: {type(exc).__name__}: {exc}"[:500], "device": None})
        per_gpu = sum(v for k, v in self.plan.budgets.items() if k not in ("warm", "p2p"))
        p2p_reserve = self.plan.budgets["p2p"] * len(pairs) * (2 if self.plan.full else 1)
        for i, dv in enumerate(active):
            left = len(active) - i
            factor = min(1.0, max(self.remaining() - p2p_reserve, 0.0) / (left * per_gpu * 1.3))
            self.local(dv, factor)
        for src, dst in pairs:
            factor = min(1.0, max(self.remaining(), 0.0) / max(p2p_reserve, 1e-9))
            budget = PhaseBudget(seconds=self.plan.budgets["p2p"] * factor)
            nbytes = min(self.plan.peer_bytes, int(min(active_free(active, src, dst)) * self.spec.memory_fraction))

            self.phase("p2p_unidir", "GB/s", src, partial(self.peer, src, dst, nbytes, False), budget, peer=dst)
            if self.plan.full:
                self.phase("p2p_bidir", "GB/s", src, partial(self.peer, src, dst, nbytes, True), budget, peer=dst)

    def peer(self, src: int, dst: int, nbytes: int, bidirectional: bool) -> Workload:
        if not self.b.can_access_peer(src, dst):
            raise UnsupportedError(f"GPU {src} cannot access GPU {dst} directly (no P2P); copies would go through "
                                   "the host")
        return self.b.peer_copy(src, dst, nbytes, bidirectional)


def active_free(active: Sequence[DeviceProps], *devs: int) -> list[int]:
    return [dv.free_memory for dv in active if dv.index in devs] or [0]


def run_benchmarks(backend: GpuBackend, spec: WorkerSpec, emit: Emit, *,
                   clock: Callable[[], float] = time.monotonic, start: float | None = None) -> None:
    """Run every phase on every device the spec does not skip, emitting events as it goes."""
    _Runner(backend, spec, emit, clock, clock() if start is None else start).run()


# ---- backends --------------------------------------------------------------------------------
def engine_available(engine: str = "auto") -> bool:
    """Whether a benchmark engine is installed (without importing it)."""
    names = ("torch", "cupy") if engine == "auto" else (engine,)
    for name in names:
        try:
            if importlib.util.find_spec(name) is not None:
                return True
        except (ImportError, ValueError):
            continue
    return False


def load_backend(engine: str = "auto") -> GpuBackend:
    """The first usable engine; BackendUnavailableError (with a stable code) when there is none."""
    problems: list[BackendUnavailableError] = []
    for name in (("torch", "cupy") if engine == "auto" else (engine,)):
        try:
            if name == "torch":
                return TorchBackend.load()
            if name == "cupy":
                return CupyBackend.load()
            problems.append(BackendUnavailableError("UNKNOWN_ENGINE", f"unknown benchmark engine {name!r}"))
        except BackendUnavailableError as exc:
            problems.append(exc)
    best = next((p for p in problems if p.code not in ("TORCH_MISSING", "CUPY_MISSING")), None)
    if best is not None:
        raise best
    raise BackendUnavailableError("NO_GPU_ENGINE", "Neither PyTorch nor CuPy is installed, so the GPUs cannot be "
                                              "benchmarked (pip install torch).")


def _bus_id(domain: object, bus: object, device: object) -> str | None:
    if isinstance(bus, int) and isinstance(device, int):
        return f"{domain if isinstance(domain, int) else 0:04x}:{bus:02x}:{device:02x}.0"
    return None


class CudaEventTimer:
    """Per-iteration CUDA events (torch), recorded back to back and synchronised once."""

    def __init__(self, torch: Any, dev: int) -> None:
        self.t = torch
        self.dev = dev

    def time_iterations(self, fn: Callable[[], object], iterations: int) -> list[float]:
        if iterations <= 0:
            return []
        cuda = self.t.cuda
        with cuda.device(self.dev):
            starts = [cuda.Event(enable_timing=True) for _ in range(iterations)]
            ends = [cuda.Event(enable_timing=True) for _ in range(iterations)]
            for s, e in zip(starts, ends, strict=True):
                s.record()
                fn()
                e.record()
            ends[-1].synchronize()
            return [s.elapsed_time(e) / 1e3 for s, e in zip(starts, ends, strict=True)]


class TorchBackend:
    name = "torch"

    def __init__(self, torch: Any, kind: str) -> None:
        self.t = torch
        self.kind = kind  # "cuda" | "rocm" | "mps"
        self.version = str(getattr(torch, "__version__", "?"))
        if kind == "rocm":
            self.platform = f"rocm {torch.version.hip}"
        elif kind == "cuda":
            self.platform = f"cuda {torch.version.cuda}"
        else:
            self.platform = "mps"

    @classmethod
    def load(cls) -> TorchBackend:
        try:
            torch = importlib.import_module("torch")
        except ImportError:
            raise BackendUnavailableError("TORCH_MISSING", "PyTorch is not installed.") from None
        except Exception as exc:  # a broken install (missing CUDA libraries…)
            raise BackendUnavailableError("TORCH_IMPORT_FAILED", f"PyTorch could not be imported: {exc}") from None
        try:
            if torch.cuda.is_available() and torch.cuda.device_count() > 0:
                return cls(torch, "rocm" if getattr(torch.version, "hip", None) else "cuda")
            mps = getattr(getattr(torch, "backends", None), "mps", None)
            if mps is not None and mps.is_available():
                return cls(torch, "mps")
        except Exception as exc:
            raise BackendUnavailableError("TORCH_CUDA_FAILED", f"PyTorch cannot use the GPU: {exc}") from None
        cuda_build = getattr(torch.version, "cuda", None) or getattr(torch.version, "hip", None)
        if not cuda_build:
            raise BackendUnavailableError("TORCH_CPU_ONLY", "The installed PyTorch is a CPU-only build, so the GPUs "
                                                       "cannot be benchmarked; install a CUDA or ROCm build.")
        raise BackendUnavailableError("TORCH_NO_DEVICE", "PyTorch was built for GPUs but sees none (driver, "
                                                    "CUDA_VISIBLE_DEVICES or container runtime?).")

    # ---- devices ---------------------------------------------------------------------------
    def _dev(self, dev: int) -> str:
        return "mps" if self.kind == "mps" else f"cuda:{dev}"

    def devices(self) -> list[DeviceProps]:
        t = self.t
        if self.kind == "mps":
            total = int(t.mps.recommended_max_memory()) if hasattr(t.mps, "recommended_max_memory") else 0
            used = int(t.mps.driver_allocated_memory()) if hasattr(t.mps, "driver_allocated_memory") else 0
            return [DeviceProps(index=0, name="Apple MPS", total_memory=total, free_memory=max(total - used, 0))]
        out = []
        for i in range(t.cuda.device_count()):
            p = t.cuda.get_device_properties(i)
            free, total = t.cuda.mem_get_info(i)
            uuid = getattr(p, "uuid", None)
            out.append(DeviceProps(
                index=i, name=str(p.name), total_memory=int(total), free_memory=int(free),
                uuid=str(uuid) if uuid is not None else None,
                pci_bus_id=_bus_id(getattr(p, "pci_domain_id", 0), getattr(p, "pci_bus_id", None),
                                   getattr(p, "pci_device_id", None)),
                l2_bytes=int(getattr(p, "L2_cache_size", 0)) or None,
                sm_count=int(p.multi_processor_count),
                compute_capability=f"{p.major}.{p.minor}",
            ))
        return out

    def free_memory(self, dev: int) -> int:
        if self.kind == "mps":
            return self.devices()[0].free_memory
        return int(self.t.cuda.mem_get_info(dev)[0])

    def timer(self, dev: int) -> Timer:
        if self.kind == "mps":
            return PerfCounterTimer(sync=self.t.mps.synchronize)
        return CudaEventTimer(self.t, dev)

    def _sync(self, dev: int) -> None:
        if self.kind == "mps":
            self.t.mps.synchronize()
        else:
            self.t.cuda.synchronize(dev)

    def empty_cache(self) -> None:
        if self.kind == "mps":
            self.t.mps.empty_cache()
        else:
            self.t.cuda.empty_cache()

    def is_oom(self, exc: BaseException) -> bool:
        oom = getattr(self.t.cuda, "OutOfMemoryError", None)
        return (isinstance(oom, type) and isinstance(exc, oom)) or "out of memory" in str(exc).lower()

    def _cc(self, dev: int) -> tuple[int, int]:
        if self.kind != "cuda":
            return (0, 0)
        major, minor = self.t.cuda.get_device_capability(dev)
        return int(major), int(minor)

    # ---- workloads -------------------------------------------------------------------------
    def triad(self, dev: int, n: int) -> Workload:
        t, d = self.t, self._dev(dev)
        a = t.empty(n, device=d, dtype=t.float32)
        b = t.randn(n, device=d, dtype=t.float32)
        c = t.randn(n, device=d, dtype=t.float32)
        bufs = [a, b, c]
        return Workload(run=lambda: t.add(b, c, alpha=1.5, out=a), work=3.0 * n * 4,
                        method="torch.add(b, c, alpha=s, out=a) (STREAM triad), fp32; bytes = 3 x N x 4",
                        params={"elements": n}, release=bufs.clear)

    def scale(self, dev: int, n: int) -> Workload:
        t, d = self.t, self._dev(dev)
        a = t.empty(n, device=d, dtype=t.float32)
        b = t.randn(n, device=d, dtype=t.float32)
        bufs = [a, b]
        return Workload(run=lambda: t.mul(b, 1.5, out=a), work=2.0 * n * 4,
                        method="torch.mul(b, s, out=a) (STREAM scale), fp32; bytes = 2 x N x 4",
                        params={"elements": n}, release=bufs.clear)

    def _dtype(self, dtype: str, dev: int) -> Any:
        t = self.t
        if dtype == "bf16":
            if self.kind == "cuda" and self._cc(dev) < (8, 0):
                raise UnsupportedError("BF16 needs compute capability 8.0 (Ampere) or newer")
            return t.bfloat16
        if dtype == "fp16":
            return t.float16
        raise UnsupportedError(f"unknown dtype {dtype}")

    def gemm(self, dev: int, dtype: str, size: int) -> Workload:
        if dtype == "fp8":
            return self._gemm_fp8(dev, size)
        t, d = self.t, self._dev(dev)
        dt = self._dtype(dtype, dev)
        a = t.randn(size, size, device=d, dtype=dt)
        b = t.randn(size, size, device=d, dtype=dt)
        c = t.empty(size, size, device=d, dtype=dt)
        bufs = [a, b, c]

        def check() -> str | None:
            t.matmul(a, b, out=c)
            tile = GEMM_CHECK_TILE
            ref = a[:tile].float() @ b[:, :tile].float()
            err = float((c[:tile, :tile].float() - ref).abs().max()) / max(float(ref.abs().max()), 1e-6)
            return None if err < GEMM_CHECK_TOLERANCE else f"relative error {err:.3f} against an fp32 reference"

        return Workload(run=lambda: t.matmul(a, b, out=c), work=2.0 * size**3,
                        method=f"torch.matmul(A, B, out=C), {dtype}, randn inputs; FLOPs = 2*M*N*K",
                        params={"m": size, "n": size, "k": size}, release=bufs.clear, check=check)

    def _gemm_fp8(self, dev: int, size: int) -> Workload:
        t, d = self.t, self._dev(dev)
        if self.kind == "mps":
            raise UnsupportedError("FP8 GEMM is not available on Apple MPS")
        if not hasattr(t, "_scaled_mm") or not hasattr(t, "float8_e4m3fn"):
            raise UnsupportedError(f"this PyTorch ({self.version}) has no FP8 GEMM (torch._scaled_mm)")
        if self.kind == "cuda" and self._cc(dev) < (8, 9):
            raise UnsupportedError("FP8 tensor cores need compute capability 8.9 (Ada) or 9.0 (Hopper) or newer")
        f8 = t.float8_e4m3fnuz if self.kind == "rocm" else t.float8_e4m3fn
        scale_a = t.tensor(1.0, device=d, dtype=t.float32)
        scale_b = t.tensor(1.0, device=d, dtype=t.float32)
        a = t.randn(size, size, device=d, dtype=t.bfloat16).to(f8)
        b = t.randn(size, size, device=d, dtype=t.bfloat16).to(f8).t()  # column-major, as _scaled_mm wants

        def run() -> object:
            return t._scaled_mm(a, b, scale_a=scale_a, scale_b=scale_b, out_dtype=t.bfloat16)

        try:
            run()
            self._sync(dev)
        except Exception as exc:
            raise UnsupportedError(f"torch._scaled_mm failed on this device: {exc}"[:300]) from None
        bufs = [a, b, scale_a, scale_b]
        return Workload(run=run, work=2.0 * size**3,
                        method="torch._scaled_mm(A_e4m3, B_e4m3 column-major, per-tensor scales, out bf16); "
                               "FLOPs = 2*M*N*K",
                        params={"m": size, "n": size, "k": size, "dtype": str(f8).removeprefix("torch.")},
                        release=bufs.clear)

    def gemv(self, dev: int, dtype: str, k: int, n: int) -> Workload:
        t, d = self.t, self._dev(dev)
        dt = self._dtype(dtype, dev)
        w = t.randn(n, k, device=d, dtype=dt)  # weights stored out x in, as in a linear layer
        x = t.randn(1, k, device=d, dtype=dt)
        y = t.empty(1, n, device=d, dtype=dt)
        wt = w.t()
        bufs = [w, x, y, wt]
        return Workload(run=lambda: t.mm(x, wt, out=y), work=2.0 * (n * k + k + n),
                        method=f"torch.mm(x[1,K], W[N,K].T, out=y), {dtype}; bytes = W + x + y",
                        params={"k": k, "n": n, "batch": 1, "weight_bytes": 2 * n * k}, release=bufs.clear)

    def host_copy(self, dev: int, nbytes: int, direction: str) -> Workload:
        t, d = self.t, self._dev(dev)
        if self.kind == "mps":
            raise UnsupportedError("Apple silicon has unified memory: there is no host link to measure")
        host = t.empty(nbytes, dtype=t.uint8, pin_memory=True)
        host.fill_(7)
        devbuf = t.empty(nbytes, dtype=t.uint8, device=d)
        bufs = [host, devbuf]
        def run() -> object:
            if direction == "h2d":
                return devbuf.copy_(host, non_blocking=True)
            return host.copy_(devbuf, non_blocking=True)
        return Workload(run=run, work=float(nbytes),
                        method=f"tensor.copy_(non_blocking=True) {direction.upper()} between pinned host memory "
                               "and the device; bytes = buffer",
                        params={"bytes": nbytes, "pinned": True}, release=bufs.clear)

    def can_access_peer(self, src: int, dst: int) -> bool:
        return bool(self.kind != "mps" and self.t.cuda.can_device_access_peer(src, dst))

    def peer_copy(self, src: int, dst: int, nbytes: int, bidirectional: bool) -> Workload:
        t = self.t
        a = t.empty(nbytes, dtype=t.uint8, device=f"cuda:{src}").fill_(1)
        b = t.empty(nbytes, dtype=t.uint8, device=f"cuda:{dst}")
        bufs = [a, b]
        if not bidirectional:
            # torch copies between devices on the source device's current stream: time it there.
            return Workload(run=lambda: b.copy_(a, non_blocking=True), work=float(nbytes),
                            method="dst.copy_(src, non_blocking=True) between devices (copy engine); bytes = buffer",
                            params={"bytes": nbytes}, release=bufs.clear)
        a2 = t.empty(nbytes, dtype=t.uint8, device=f"cuda:{dst}").fill_(2)
        b2 = t.empty(nbytes, dtype=t.uint8, device=f"cuda:{src}")
        bufs += [a2, b2]
        # torch runs a cross-device copy on the source device's current stream after a two-way barrier with
        # the destination's current stream. Give each direction its own pair of streams, or the barriers
        # would serialise the two copies.
        fwd_src, fwd_dst = t.cuda.Stream(device=src), t.cuda.Stream(device=dst)
        back_src, back_dst = t.cuda.Stream(device=dst), t.cuda.Stream(device=src)

        def both() -> None:
            with t.cuda.stream(fwd_src), t.cuda.stream(fwd_dst):
                b.copy_(a, non_blocking=True)
            with t.cuda.stream(back_src), t.cuda.stream(back_dst):
                b2.copy_(a2, non_blocking=True)

        def sync() -> None:
            t.cuda.synchronize(src)
            t.cuda.synchronize(dst)

        return Workload(run=both, work=2.0 * nbytes, timer=PerfCounterTimer(sync=sync),
                        method="simultaneous copies in both directions, wall clock; bytes = 2 x buffer",
                        params={"bytes": nbytes}, release=bufs.clear)

    def warm(self, devs: Sequence[int], seconds: float) -> None:
        """Raise the clocks of all devices together: about ``seconds`` of GEMMs queued on each, then sync."""
        if seconds <= 0:
            return
        t = self.t
        jobs = []
        for dev in devs:
            d = self._dev(dev)
            dt = t.float16 if self.kind == "cuda" and self._cc(dev) < (8, 0) else t.bfloat16
            a = t.randn(2048, 2048, device=d, dtype=dt)
            b = t.randn(2048, 2048, device=d, dtype=dt)
            timing = self.timer(dev).time_iterations(partial(t.matmul, a, b), 2)
            count = int(min(max(seconds / max(timing[-1], 1e-6), 1), 20_000))
            jobs.append((dev, a, b, count))
        for i in range(max((j[3] for j in jobs), default=0)):
            for _, a, b, count in jobs:
                if i < count:
                    t.matmul(a, b)
        for dev, *_ in jobs:
            self._sync(dev)


class CupyBackend:
    """CuPy on CUDA: bandwidth, FP16 GEMM and GEMV, host and peer copies (CuPy has no BF16 or FP8)."""

    name = "cupy"

    def __init__(self, cp: Any) -> None:
        self.cp = cp
        self.version = str(getattr(cp, "__version__", "?"))
        try:
            self.platform = f"cupy cuda {cp.cuda.runtime.runtimeGetVersion()}"
        except Exception:
            self.platform = "cupy"

    @classmethod
    def load(cls) -> CupyBackend:
        try:
            cp = importlib.import_module("cupy")
        except ImportError:
            raise BackendUnavailableError("CUPY_MISSING", "CuPy is not installed.") from None
        except Exception as exc:
            raise BackendUnavailableError("CUPY_IMPORT_FAILED", f"CuPy could not be imported: {exc}") from None
        try:
            count = int(cp.cuda.runtime.getDeviceCount())
        except Exception as exc:
            raise BackendUnavailableError("CUPY_NO_DEVICE", f"CuPy sees no CUDA device: {exc}") from None
        if count < 1:
            raise BackendUnavailableError("CUPY_NO_DEVICE", "CuPy sees no CUDA device.")
        return cls(cp)

    def devices(self) -> list[DeviceProps]:
        cp = self.cp
        out = []
        for i in range(int(cp.cuda.runtime.getDeviceCount())):
            p = cp.cuda.runtime.getDeviceProperties(i)
            name = p.get("name", b"CUDA device")
            with cp.cuda.Device(i):
                free, total = cp.cuda.runtime.memGetInfo()
            raw_uuid = p.get("uuid")
            uuid = None
            if isinstance(raw_uuid, (bytes, bytearray)) and len(raw_uuid) == 16:
                h = raw_uuid.hex()
                uuid = f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
            out.append(DeviceProps(
                index=i, name=name.decode(errors="replace") if isinstance(name, bytes) else str(name),
                total_memory=int(total), free_memory=int(free), uuid=uuid,
                pci_bus_id=_bus_id(p.get("pciDomainID", 0), p.get("pciBusID"), p.get("pciDeviceID")),
                l2_bytes=int(p.get("l2CacheSize", 0)) or None,
                sm_count=int(p.get("multiProcessorCount", 0)) or None,
                compute_capability=f"{p.get('major', 0)}.{p.get('minor', 0)}",
            ))
        return out

    def free_memory(self, dev: int) -> int:
        with self.cp.cuda.Device(dev):
            return int(self.cp.cuda.runtime.memGetInfo()[0])

    def timer(self, dev: int) -> Timer:
        cp = self.cp

        class _EventTimer:
            def time_iterations(self, fn: Callable[[], object], iterations: int) -> list[float]:
                if iterations <= 0:
                    return []
                with cp.cuda.Device(dev):
                    starts = [cp.cuda.Event() for _ in range(iterations)]
                    ends = [cp.cuda.Event() for _ in range(iterations)]
                    for s, e in zip(starts, ends, strict=True):
                        s.record()
                        fn()
                        e.record()
                    ends[-1].synchronize()
                    return [cp.cuda.get_elapsed_time(s, e) / 1e3 for s, e in zip(starts, ends, strict=True)]

        return _EventTimer()

    def empty_cache(self) -> None:
        self.cp.get_default_memory_pool().free_all_blocks()
        self.cp.get_default_pinned_memory_pool().free_all_blocks()

    def is_oom(self, exc: BaseException) -> bool:
        oom = getattr(getattr(self.cp, "cuda", None), "memory", None)
        cls = getattr(oom, "OutOfMemoryError", None)
        return (isinstance(cls, type) and isinstance(exc, cls)) or "out of memory" in str(exc).lower()

    def _randn(self, shape: Any, dtype: Any) -> Any:
        return self.cp.random.standard_normal(shape, dtype=self.cp.float32).astype(dtype)

    def triad(self, dev: int, n: int) -> Workload:
        cp = self.cp
        with cp.cuda.Device(dev):
            a = cp.empty(n, dtype=cp.float32)
            b, c = self._randn(n, cp.float32), self._randn(n, cp.float32)
        bufs = [a, b, c]
        return Workload(run=lambda: cp.add(b, c, out=a), work=3.0 * n * 4,
                        method="cupy.add(b, c, out=a) (same traffic as a triad), fp32; bytes = 3 x N x 4",
                        params={"elements": n}, release=bufs.clear)

    def scale(self, dev: int, n: int) -> Workload:
        cp = self.cp
        with cp.cuda.Device(dev):
            a = cp.empty(n, dtype=cp.float32)
            b = self._randn(n, cp.float32)
        bufs = [a, b]
        return Workload(run=lambda: cp.multiply(b, 1.5, out=a), work=2.0 * n * 4,
                        method="cupy.multiply(b, s, out=a), fp32; bytes = 2 x N x 4", params={"elements": n},
                        release=bufs.clear)

    def gemm(self, dev: int, dtype: str, size: int) -> Workload:
        cp = self.cp
        if dtype != "fp16":
            raise UnsupportedError(f"CuPy has no {dtype.upper()} GEMM; install PyTorch for it")
        with cp.cuda.Device(dev):
            a, b = self._randn((size, size), cp.float16), self._randn((size, size), cp.float16)
            c = cp.empty((size, size), dtype=cp.float16)
        bufs = [a, b, c]

        def check() -> str | None:
            cp.matmul(a, b, out=c)
            tile = GEMM_CHECK_TILE
            ref = a[:tile].astype(cp.float32) @ b[:, :tile].astype(cp.float32)
            err = float(cp.abs(c[:tile, :tile].astype(cp.float32) - ref).max()) / max(float(cp.abs(ref).max()), 1e-6)
            return None if err < GEMM_CHECK_TOLERANCE else f"relative error {err:.3f} against an fp32 reference"

        return Workload(run=lambda: cp.matmul(a, b, out=c), work=2.0 * size**3,
                        method="cupy.matmul(A, B, out=C), fp16, normal inputs; FLOPs = 2*M*N*K",
                        params={"m": size, "n": size, "k": size}, release=bufs.clear, check=check)

    def gemv(self, dev: int, dtype: str, k: int, n: int) -> Workload:
        cp = self.cp
        if dtype not in ("bf16", "fp16"):
            raise UnsupportedError(f"unknown dtype {dtype}")
        with cp.cuda.Device(dev):
            w = self._randn((n, k), cp.float16)
            x = self._randn((1, k), cp.float16)
            y = cp.empty((1, n), dtype=cp.float16)
        bufs = [w, x, y]
        return Workload(run=lambda: cp.matmul(x, w.T, out=y), work=2.0 * (n * k + k + n),
                        method="cupy.matmul(x[1,K], W[N,K].T, out=y), fp16 (CuPy has no bf16); bytes = W + x + y",
                        params={"k": k, "n": n, "batch": 1, "weight_bytes": 2 * n * k, "dtype": "fp16"},
                        release=bufs.clear)

    def host_copy(self, dev: int, nbytes: int, direction: str) -> Workload:
        cp = self.cp
        cupyx = importlib.import_module("cupyx")
        np = importlib.import_module("numpy")
        with cp.cuda.Device(dev):
            host = cupyx.empty_pinned((nbytes,), dtype=np.uint8)
            host.fill(7)
            devbuf = cp.empty(nbytes, dtype=cp.uint8)
            stream = cp.cuda.get_current_stream()
        bufs = [host, devbuf]
        def run() -> object:
            if direction == "h2d":
                return devbuf.set(host, stream=stream)
            return devbuf.get(stream=stream, out=host, blocking=False)  # CuPy >= 11: enqueue, don't wait
        return Workload(run=run, work=float(nbytes),
                        method=f"cupy ndarray.set/get on the current stream, {direction.upper()}, pinned host "
                               "memory; bytes = buffer",
                        params={"bytes": nbytes, "pinned": True}, release=bufs.clear)

    def can_access_peer(self, src: int, dst: int) -> bool:
        return bool(self.cp.cuda.runtime.deviceCanAccessPeer(src, dst))

    def peer_copy(self, src: int, dst: int, nbytes: int, bidirectional: bool) -> Workload:
        cp = self.cp
        if bidirectional:
            raise UnsupportedError("the bidirectional P2P test needs PyTorch")
        with cp.cuda.Device(src):
            with contextlib.suppress(Exception):  # already enabled
                cp.cuda.runtime.deviceEnablePeerAccess(dst)
            a = cp.ones(nbytes, dtype=cp.uint8)
        with cp.cuda.Device(dst):
            b = cp.empty(nbytes, dtype=cp.uint8)
        bufs = [a, b]

        def run() -> None:
            with cp.cuda.Device(src):
                b.data.copy_from_device_async(a.data, nbytes)

        return Workload(run=run, work=float(nbytes),
                        method="cudaMemcpyAsync device to device (copy engine); bytes = buffer",
                        params={"bytes": nbytes}, release=bufs.clear)

    def warm(self, devs: Sequence[int], seconds: float) -> None:
        if seconds <= 0:
            return
        cp = self.cp
        jobs = []
        for dev in devs:
            with cp.cuda.Device(dev):
                a, b = self._randn((2048, 2048), cp.float16), self._randn((2048, 2048), cp.float16)
            timing = self.timer(dev).time_iterations(partial(cp.matmul, a, b), 2)
            jobs.append((dev, a, b, int(min(max(seconds / max(timing[-1], 1e-6), 1), 20_000))))
        for i in range(max((j[3] for j in jobs), default=0)):
            for dev, a, b, count in jobs:
                if i < count:
                    with cp.cuda.Device(dev):
                        cp.matmul(a, b)
        for dev, *_ in jobs:
            with cp.cuda.Device(dev):
                cp.cuda.runtime.deviceSynchronize()
