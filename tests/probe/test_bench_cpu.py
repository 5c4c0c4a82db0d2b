"""The CPU fallback benchmark, for real but with tiny sizes."""

from __future__ import annotations

import pytest

from app.probe import bench_cpu
from app.probe.bench_cpu import CpuBenchConfig, run_cpu_bench
from app.probe.harness import MIB

TINY = CpuBenchConfig(gemm_n=128, copy_bytes=4 * MIB, budget_s=0.05)


def test_real_numpy_figures() -> None:
    gemm, copy = run_cpu_bench("smoke", config=TINY)
    assert gemm.metric == "cpu_gemm_fp32" and gemm.status == "ok" and gemm.unit == "GFLOPS"
    assert copy.metric == "cpu_mem_copy" and copy.status == "ok" and copy.unit == "GB/s"
    for m in (gemm, copy):
        assert m.value is not None and m.value.n >= 3 and 0 < m.value.min <= m.value.median <= m.value.max
        assert m.gpu is None and m.method
    assert gemm.params["n"] == 128 and copy.params["buffer_bytes"] == 4 * MIB


def test_copy_size_is_capped_by_ram() -> None:
    _, copy = run_cpu_bench("smoke", ram_bytes=64 * MIB, config=TINY)
    assert copy.status == "ok" and MIB <= int(copy.params["buffer_bytes"]) <= 2 * MIB  # 5 % of RAM, two buffers


def test_without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_numpy() -> None:
        raise ImportError("No module named 'numpy'")

    monkeypatch.setattr(bench_cpu, "_import_numpy", no_numpy)
    out = run_cpu_bench("quick")
    assert [m.status for m in out] == ["skipped", "skipped"] and "NumPy" in (out[0].reason or "")


def test_a_failure_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object) -> None:
        raise RuntimeError("BLAS exploded")

    monkeypatch.setattr(bench_cpu, "cpu_gemm", broken)
    gemm, copy = run_cpu_bench("smoke", config=TINY)
    assert gemm.status == "error" and "BLAS exploded" in (gemm.reason or "") and copy.status == "ok"
