"""The CuPy backend's STREAM kernels over a NumPy stand-in for CuPy (CPU only).

The real kernels ran on an H200 (2026-12-04); here the wiring is checked: the arguments reach the kernel in its
order and types, the bytes counted match what the kernel moves, the result check catches a wrong kernel, and
without NVRTC the backend falls back to CuPy's elementwise kernels and says so.
"""

from __future__ import annotations

import contextlib
import types
from typing import Any, ClassVar

import numpy as np
import pytest

from app.probe.gpu_cupy import _STREAM_KERNELS, CupyBackend


class FakeRawKernel:
    """Runs stream_triad4 / stream_scale4 in NumPy, with CUDA's argument conventions checked."""

    calls: ClassVar[list[tuple[str, tuple[int, ...], tuple[int, ...]]]] = []
    broken: ClassVar[bool] = False

    def __init__(self, source: str, name: str) -> None:
        assert f"void {name}(" in source
        self.name = name

    def compile(self) -> None:
        pass

    def __call__(self, grid: tuple[int, ...], block: tuple[int, ...], args: tuple[Any, ...]) -> None:
        FakeRawKernel.calls.append((self.name, grid, block))
        *arrays, scalar, n4 = args
        assert isinstance(scalar, np.float32), "a Python float would reach the kernel as a double"
        assert isinstance(n4, np.int64)
        assert grid[0] * block[0] >= n4, "the grid must cover every float4"
        out = arrays[-1]
        assert out.size == 4 * int(n4)
        if self.name == "stream_triad4":
            b, c = arrays[0], arrays[1]
            out[:] = b + scalar * c
        else:
            out[:] = scalar * arrays[0]
        if FakeRawKernel.broken:
            out[::7] = 0.0


def fake_cupy(*, nvrtc: bool) -> Any:
    cp = types.SimpleNamespace()
    cp.float32, cp.float16 = np.float32, np.float16
    cp.empty = np.empty
    cp.arange = np.arange
    cp.abs = np.abs
    cp.add, cp.multiply = np.add, np.multiply
    rng = np.random.default_rng(0)

    def standard_normal(shape: Any, dtype: Any) -> Any:
        return np.asarray(rng.standard_normal(shape), dtype=dtype)

    cp.random = types.SimpleNamespace(standard_normal=standard_normal)

    def raw_kernel(source: str, name: str) -> FakeRawKernel:
        if not nvrtc:
            raise RuntimeError("nvrtc: libnvrtc.so not found")
        return FakeRawKernel(source, name)

    cp.RawKernel = raw_kernel
    cp.cuda = types.SimpleNamespace(Device=lambda dev: contextlib.nullcontext(),
                                    runtime=types.SimpleNamespace(runtimeGetVersion=lambda: 13000))
    return cp


@pytest.fixture(autouse=True)
def _reset() -> None:
    FakeRawKernel.calls = []
    FakeRawKernel.broken = False


@pytest.mark.parametrize(("phase", "kernel", "arrays"), [("triad", "stream_triad4", 3), ("scale", "stream_scale4", 2)])
def test_stream_kernels_count_the_bytes_they_move(phase: str, kernel: str, arrays: int) -> None:
    backend = CupyBackend(fake_cupy(nvrtc=True))
    wl = getattr(backend, phase)(0, 1_000_003)  # not a multiple of 4: rounded down to whole float4s
    assert wl.check is not None and wl.check() is None
    wl.run()
    assert FakeRawKernel.calls[-1][0] == kernel
    assert wl.params["elements"] == 1_000_000
    assert wl.work == arrays * 1_000_000 * 4
    assert "float4" in wl.method
    assert f"void {kernel}(" in _STREAM_KERNELS


def test_a_wrong_kernel_fails_the_result_check() -> None:
    FakeRawKernel.broken = True
    wl = CupyBackend(fake_cupy(nvrtc=True)).triad(0, 4096)
    assert wl.check is not None
    problem = wl.check()
    assert problem is not None and "triad" in problem


def test_without_nvrtc_the_elementwise_kernels_run_and_say_they_read_low() -> None:
    backend = CupyBackend(fake_cupy(nvrtc=False))
    for phase in ("triad", "scale"):
        wl = getattr(backend, phase)(0, 4096)
        assert wl.check is not None and wl.check() is None
        assert "reads low on HBM3e" in wl.method
    assert FakeRawKernel.calls == []
