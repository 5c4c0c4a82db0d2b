"""A realistic probe report built directly from the schema (two H100s, CPU figures, calibration)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from app.probe.report import (
    BackendInfo,
    CalibrationEntry,
    GpuInfo,
    GpuTelemetry,
    HostInfo,
    Measurement,
    Message,
    NvlinkInfo,
    PcieLink,
    PlatformInfo,
    ProbeReport,
    RunInfo,
    TelemetrySummary,
    Topology,
    TopologyPair,
    summarize,
)

STARTED = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)


def _ok(metric: str, gpu: int | None, unit: str, values: list[float], peak: float | None,
        peer: int | None = None, **params: Any) -> Measurement:
    stats = summarize(values)
    return Measurement(metric=metric, gpu=gpu, peer=peer, status="ok", unit=unit, value=stats,  # type: ignore[arg-type]
                       peak=peak, peak_source="catalog:nvidia-h100-sxm5-80gb" if peak else None,
                       fraction_of_peak=stats.median / peak if peak else None, method="test", params=params,
                       telemetry=TelemetrySummary(samples=5, sm_clock_mhz_median=1980, sm_clock_mhz_min=1965,
                                                  power_w_max=690, temperature_c_max=61,
                                                  clock_event_reasons=["SW_POWER_CAP"]),
                       duration_s=0.8)


def sample_report(*, host: str = "gpu-node-7", started: datetime = STARTED, bf16: float = 790.0,
                  mem_bw: float = 2950.0) -> ProbeReport:
    gpus = [GpuInfo(index=i, vendor="nvidia", source="nvml", name="NVIDIA H100 80GB HBM3",
                    uuid=f"GPU-7c9e2d41-3b0a-8f6e-1d2c-4a5b6c7d8e0{i}", pci_bus_id=f"0000:{0x18 + i:02x}:00.0",
                    memory_total_bytes=81559 * 2**20, memory_free_bytes=81004 * 2**20, driver_version="550.54.15",
                    cuda_driver_version="12.4", compute_capability="9.0", sm_count=132, power_limit_w=700.0,
                    pcie=PcieLink(gen_current=5, gen_max=5, width_current=16, width_max=16),
                    nvlink=NvlinkInfo(active_links=18, version=4), catalog_id="nvidia-h100-sxm5-80gb",
                    catalog_match="fuzzy") for i in range(2)]
    results = [
        _ok("cpu_gemm_fp32", None, "GFLOPS", [2100.0, 2150.0, 2120.0], None),
        _ok("cpu_mem_copy", None, "GB/s", [180.0, 182.0, 181.0], None),
    ]
    for i in range(2):
        results += [
            _ok("mem_bw_triad", i, "GB/s", [mem_bw * f for f in (0.99, 1.0, 1.01)], 3350.0,
                working_set_bytes=3 * 2**30, undersized=False),
            _ok("gemm_bf16", i, "TFLOPS", [bf16 * f for f in (0.99, 1.0, 1.01)], 989.0, m=8192, n=8192, k=8192),
            _ok("gemm_fp8", i, "TFLOPS", [1400.0, 1410.0, 1395.0], 1979.0),
            _ok("gemv_b1_bf16", i, "GB/s", [2480.0, 2500.0, 2520.0], 3350.0),
            _ok("h2d_pinned", i, "GB/s", [55.0, 55.2, 54.9], 63.0),
        ]
    results.append(Measurement(metric="gemm_fp16", gpu=1, status="timeout", unit="TFLOPS",
                               reason="no answer from the benchmark for 30 s"))
    results.append(_ok("p2p_unidir", 0, "GB/s", [390.0, 392.0, 389.0], 450.0, peer=1))
    return ProbeReport(
        status="partial",
        run=RunInfo(tool_version="0.1.0", started_at=started, finished_at=started + timedelta(seconds=48),
                    duration_s=48.0, mode="quick"),
        platform=PlatformInfo(os="linux", os_release="6.8.0", machine="x86_64", python="3.11.9"),
        host=HostInfo(hostname=host, cpu_model="AMD EPYC 9554 64-Core Processor", cpu_sockets=2,
                      cores_physical=128, cores_logical=256, ram_bytes=2 * 2**40, numa_nodes=2),
        backends=[BackendInfo(name="nvml", available=True, version="12.550.54.15"),
                  BackendInfo(name="torch", available=True, version="2.5.1", detail="cuda 12.4")],
        gpus=gpus,
        topology=Topology(source="nvml", pairs=[TopologyPair(a=0, b=1, link="NV18", nvlinks=18, p2p=True)]),
        results=results,
        telemetry=[GpuTelemetry(gpu=i, during_run=TelemetrySummary(samples=200, sm_clock_mhz_median=1980,
                                                                      power_w_max=699, temperature_c_max=63))
                   for i in range(2)],
        calibration=[CalibrationEntry(
            gpu_id="nvidia-h100-sxm5-80gb", gpu_name="NVIDIA H100 80GB HBM3", gpus=[0, 1],
            measured={"mem_bw_gbs": mem_bw, "gemm_bf16_tflops": bf16, "gemm_fp8_tflops": 1400.0,
                      "gemv_b1_gbs": 2500.0, "h2d_gbs": 55.0, "p2p_gbs": 390.0},
            peak={"mem_bw_gbs": 3350.0, "gemm_bf16_tflops": 989.0},
            efficiency={"mem_bw_gbs": mem_bw / 3350.0, "gemm_bf16_tflops": bf16 / 989.0},
            confidence="high", notes=[])],
        messages=[Message(level="error", code="PHASE_TIMEOUT", text="Benchmark stopped.", gpu=1)],
    )
