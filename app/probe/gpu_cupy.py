"""The CuPy adapter of ``GpuBackend`` (CUDA only; no BF16 or FP8)."""

from __future__ import annotations

import contextlib
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
from app.probe.harness import Timer

# STREAM triad and scale with 16-byte (float4) loads and stores, one float4 per thread; n4 = elements / 4.
_STREAM_KERNELS = r"""
extern "C" __global__ void stream_triad4(const float4* __restrict__ b, const float4* __restrict__ c,
                                         float4* __restrict__ a, float s, long long n4) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 x = b[i], y = c[i];
        a[i] = make_float4(x.x + s * y.x, x.y + s * y.y, x.z + s * y.z, x.w + s * y.w);
    }
}
extern "C" __global__ void stream_scale4(const float4* __restrict__ b, float4* __restrict__ a, float s, long long n4) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 x = b[i];
        a[i] = make_float4(s * x.x, s * x.y, s * x.z, s * x.w);
    }
}
"""


def np_float32(x: float) -> Any:
    return importlib.import_module("numpy").float32(x)


def np_int64(x: int) -> Any:
    return importlib.import_module("numpy").int64(x)


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
                pci_bus_id=bus_id(p.get("pciDomainID", 0), p.get("pciBusID"), p.get("pciDeviceID")),
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

    def _stream_kernel(self, name: str) -> Any:
        """The vectorized STREAM kernel ``name`` (compiled once by NVRTC), or None where CuPy cannot compile.

        CuPy's own elementwise kernels (cupy.add(b, c, out=a)) load one 4-byte float per thread and reached
        2,519 GB/s on an H200 where PyTorch's vectorized triad reached 4,362 (0.52 against 0.91 of the 4.8 TB/s
        datasheet; this probe, 2026-12-04): too few bytes in flight for HBM3e. 16-byte loads, as PyTorch's and
        BabelStream's kernels use, measure the memory rather than the kernel."""
        cache = self.__dict__.setdefault("_kernels", {})
        if name not in cache:
            try:
                cache[name] = self.cp.RawKernel(_STREAM_KERNELS, name)
                cache[name].compile()
            except Exception:
                cache[name] = None
        return cache[name]

    def _stream(self, dev: int, n: int, name: str, inputs: int) -> Workload:
        cp = self.cp
        n4 = max(n // 4, 1)
        with cp.cuda.Device(dev):
            a = cp.empty(4 * n4, dtype=cp.float32)
            srcs = [self._randn(4 * n4, cp.float32) for _ in range(inputs)]
            kernel = self._stream_kernel(name)
        bufs = [a, *srcs]
        scalar = 1.5
        nbytes = float((inputs + 1) * 4 * n4 * 4)
        label = "a = b + s*c (STREAM triad)" if inputs == 2 else "a = s*b (STREAM scale)"
        if kernel is None:  # no NVRTC: CuPy's elementwise kernels, which read low on HBM3e (see _stream_kernel)
            if inputs == 2:  # a = b + c: the triad's traffic without a temporary for s*c
                scalar = 1.0
                run: Callable[[], object] = partial(cp.add, srcs[0], srcs[1], out=a)
            else:
                run = partial(cp.multiply, srcs[0], scalar, out=a)
            method = (f"cupy elementwise {label}, fp32, 4-byte loads (no NVRTC for the vectorized kernel: "
                      f"reads low on HBM3e); bytes = {inputs + 1} x N x 4")
        else:
            threads = 256
            grid = (-(-n4 // threads),)
            args = (*srcs, a, np_float32(scalar), np_int64(n4))
            run = partial(kernel, grid, (threads,), args)
            method = f"CuPy RawKernel {label}, fp32, float4 (16-byte) loads; bytes = {inputs + 1} x N x 4"

        def check() -> str | None:
            run()
            idx = cp.arange(0, 4 * n4, max(4 * n4 // 997, 1))
            want = srcs[0][idx] + scalar * srcs[1][idx] if inputs == 2 else scalar * srcs[0][idx]
            err = float(cp.abs(a[idx] - want).max())
            return None if err < 1e-4 else f"largest difference {err:.3g} from the expected {label}"

        return Workload(run=run, work=nbytes, method=method, params={"elements": 4 * n4},
                        release=bufs.clear, check=check)

    def triad(self, dev: int, n: int) -> Workload:
        return self._stream(dev, n, "stream_triad4", 2)

    def scale(self, dev: int, n: int) -> Workload:
        return self._stream(dev, n, "stream_scale4", 1)

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
