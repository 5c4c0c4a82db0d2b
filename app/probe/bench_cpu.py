"""The CPU benchmark: NumPy FP32 GEMM and memory copy bandwidth, a few seconds in all.

It runs on every probe, so a report is never empty even without a GPU or a driver.
NumPy is imported lazily; without it the figures are reported as skipped.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.probe.harness import MIB, PerfCounterTimer, PhaseBudget, run_timed
from app.probe.report import Measurement, Unit, summarize


@dataclass(frozen=True, slots=True)
class CpuBenchConfig:
    gemm_n: int
    copy_bytes: int
    budget_s: float


CPU_CONFIGS: dict[str, CpuBenchConfig] = {
    "smoke": CpuBenchConfig(gemm_n=256, copy_bytes=8 * MIB, budget_s=0.15),
    "quick": CpuBenchConfig(gemm_n=2048, copy_bytes=256 * MIB, budget_s=1.2),
    "full": CpuBenchConfig(gemm_n=4096, copy_bytes=512 * MIB, budget_s=3.0),
}
RAM_FRACTION = 0.05  # the copy test never takes more than this share of RAM (two buffers)


def _skipped(metric: str, unit: Unit, reason: str) -> Measurement:
    return Measurement(metric=metric, status="skipped", reason=reason, unit=unit)


def _import_numpy() -> Any:
    return importlib.import_module("numpy")


def cpu_gemm(np: Any, n: int, budget: PhaseBudget) -> Measurement:
    rng = np.random.default_rng(1234)
    a = rng.standard_normal((n, n), dtype=np.float32)
    b = rng.standard_normal((n, n), dtype=np.float32)
    c = np.empty((n, n), dtype=np.float32)
    t0 = time.monotonic()
    samples = run_timed(PerfCounterTimer(), lambda: np.matmul(a, b, out=c), budget)
    flops = 2.0 * n * n * n
    return Measurement(
        metric="cpu_gemm_fp32", status="ok", unit="GFLOPS",
        value=summarize(flops / s / 1e9 for s in samples if s > 0),
        method="numpy.matmul(a, b, out=c), float32, standard normal inputs; FLOPs = 2*n^3",
        params={"n": n, "iterations": len(samples)}, duration_s=time.monotonic() - t0,
    )


def cpu_copy(np: Any, nbytes: int, budget: PhaseBudget) -> Measurement:
    n = max(nbytes // 4, 1024)
    src = np.full(n, 1.5, dtype=np.float32)  # content does not matter to DRAM; filling touches every page
    dst = np.empty_like(src)
    t0 = time.monotonic()
    samples = run_timed(PerfCounterTimer(), lambda: np.copyto(dst, src), budget)
    moved = 2.0 * src.nbytes  # read + write
    return Measurement(
        metric="cpu_mem_copy", status="ok", unit="GB/s",
        value=summarize(moved / s / 1e9 for s in samples if s > 0),
        method="numpy.copyto(dst, src), float32; bytes = read + write = 2 x buffer",
        params={"buffer_bytes": int(src.nbytes), "iterations": len(samples)}, duration_s=time.monotonic() - t0,
    )


def run_cpu_bench(mode: str, ram_bytes: int | None = None, *,
                  config: CpuBenchConfig | None = None) -> list[Measurement]:
    """Both CPU figures; a failure in one is reported in its measurement, never raised."""
    cfg = config or CPU_CONFIGS.get(mode, CPU_CONFIGS["quick"])
    try:
        np = _import_numpy()
    except ImportError:
        reason = "NumPy is not installed"
        return [_skipped("cpu_gemm_fp32", "GFLOPS", reason), _skipped("cpu_mem_copy", "GB/s", reason)]
    budget = PhaseBudget(seconds=cfg.budget_s, warmup=1, min_iters=3, max_iters=200)
    copy_bytes = cfg.copy_bytes
    if ram_bytes:
        copy_bytes = max(min(copy_bytes, int(ram_bytes * RAM_FRACTION / 2)), MIB)
    out = []
    tests: tuple[tuple[str, Unit, Callable[[], Measurement]], ...] = (
        ("cpu_gemm_fp32", "GFLOPS", lambda: cpu_gemm(np, cfg.gemm_n, budget)),
        ("cpu_mem_copy", "GB/s", lambda: cpu_copy(np, copy_bytes, budget)),
    )
    for metric, unit, run in tests:
        try:
            out.append(run())
        except MemoryError:
            out.append(_skipped(metric, unit, "not enough free memory"))
        except Exception as exc:  # report, never crash the probe
            out.append(Measurement(metric=metric, status="error", unit=unit,
                                   reason=f"{type(exc).__name__}: {exc}"[:500]))
    return out
