"""The PyTorch adapter of ``GpuBackend``: CUDA, ROCm and Apple MPS."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from app.probe.gpu_types import (
    GEMM_CHECK_TILE,
    GEMM_CHECK_TOLERANCE,
    BackendUnavailableError,
    DeviceProps,
    UnsupportedError,
    Workload,
    bus_id,
)
from app.probe.harness import PerfCounterTimer, Timer


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
                pci_bus_id=bus_id(getattr(p, "pci_domain_id", 0), getattr(p, "pci_bus_id", None),
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

