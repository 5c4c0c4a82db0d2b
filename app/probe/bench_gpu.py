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

This module picks the engine and is what the worker and the runner import; the pieces live in
    gpu_types    the ``GpuBackend`` protocol, ``Workload``, ``DeviceProps``, the errors
    gpu_plan     per-mode budgets and sizes (``MODE_PLANS``), ``WorkerSpec``, GPU pairs
    gpu_phases   the orchestration: warm-up, memory bandwidth, GEMM/GEMV, host and P2P copies
    gpu_torch    the PyTorch adapter (CUDA, ROCm, MPS)
    gpu_cupy     the CuPy adapter
"""

from __future__ import annotations

import importlib.util

from app.probe.gpu_cupy import CupyBackend
from app.probe.gpu_phases import BIG_GEMM_MAX_MS, active_free, run_benchmarks
from app.probe.gpu_plan import LOCAL_PHASES, MODE_PLANS, ModePlan, WorkerSpec, p2p_pairs
from app.probe.gpu_torch import CudaEventTimer, TorchBackend
from app.probe.gpu_types import (
    GEMM_CHECK_TILE,
    GEMM_CHECK_TOLERANCE,
    BackendUnavailableError,
    DeviceProps,
    Emit,
    GpuBackend,
    UnsupportedError,
    Workload,
    bus_id,
)

__all__ = [
    "BIG_GEMM_MAX_MS",
    "GEMM_CHECK_TILE",
    "GEMM_CHECK_TOLERANCE",
    "LOCAL_PHASES",
    "MODE_PLANS",
    "BackendUnavailableError",
    "CudaEventTimer",
    "CupyBackend",
    "DeviceProps",
    "Emit",
    "GpuBackend",
    "ModePlan",
    "TorchBackend",
    "UnsupportedError",
    "WorkerSpec",
    "Workload",
    "active_free",
    "engine_available",
    "load_backend",
    "p2p_pairs",
    "run_benchmarks",
]

_bus_id = bus_id  # the name the tests (and older callers) use


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
