"""NVML inventory against a fake pynvml module: 8 x H100 with NVSwitch, L40S, MIG A100, errors."""

from __future__ import annotations

import sys

import pytest

from app.probe.device_ids import normalize_bus_id, normalize_uuid
from app.probe.nvml import (
    Nvml,
    NvmlUnavailableError,
    cuda_version_text,
    decode_reasons,
    import_pynvml,
    nvml_inventory,
)
from tests.probe.fake_nvml import a100_mig, h100_server, l40s, make_nvml


def test_h100_server(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = make_nvml(h100_server())
    monkeypatch.setitem(sys.modules, "pynvml", fake)
    with Nvml.open() as session:
        inv = nvml_inventory(session)
    assert fake.shutdowns == 1
    assert inv.driver_version == "550.54.15" and inv.cuda_version == "12.4"
    assert len(inv.gpus) == 8
    g = inv.gpus[3]
    assert g.source == "nvml" and g.name == "NVIDIA H100 80GB HBM3"
    assert g.uuid == "GPU-7c9e2d41-3b0a-8f6e-1d2c-4a5b6c7d8e03"
    assert g.pci_bus_id == "0000:5d:00.0"  # bytes from the ctypes struct, normalised
    assert g.memory_total_bytes == 81559 * 2**20
    assert g.power_limit_w == 700.0 and g.power_draw_w == 70.0
    assert g.nvlink.active_links == 18 and g.nvlink.version == 4
    assert g.compute_capability == "9.0" and g.ecc_enabled is True
    assert g.mig.enabled is False and g.driver_model is None  # NotSupported on Linux: left unknown
    assert g.clock_event_reasons == ["GPU_IDLE"] and g.other_processes == 0
    assert g.numa_node == 0 and inv.gpus[5].numa_node == 1
    assert inv.topology is not None and len(inv.topology.pairs) == 28
    assert {p.link for p in inv.topology.pairs} == {"NV18"}  # through NVSwitch, not direct links
    assert all(p.p2p is True for p in inv.topology.pairs)


def test_l40s_without_nvlink(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml([l40s()]))
    with Nvml.open() as session:
        inv = nvml_inventory(session)
    (g,) = inv.gpus
    assert g.nvlink.active_links == 0 and g.nvlink.version is None
    assert (g.pcie.gen_current, g.pcie.gen_max) == (1, 4)
    assert g.mig.enabled is None  # MIG not supported on this GPU
    assert inv.topology is None


def test_mig_a100(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml([a100_mig()]))
    with Nvml.open() as session:
        (g,) = nvml_inventory(session).gpus
    assert g.mig.enabled is True and g.mig.pending is True
    assert [i.name for i in g.mig.instances] == ["NVIDIA A100-SXM4-40GB MIG 3g.20gb",
                                                 "NVIDIA A100-SXM4-40GB MIG 2g.10gb"]
    assert g.mig.instances[0].memory_total_bytes == 19968 * 2**20
    assert g.utilization_pct is None and g.other_processes is None  # both NotSupported under MIG


def test_direct_nvlink_pairs_and_pcie_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    gpus = h100_server(4)
    # GPUs 0-1 bridged by 4 direct links; 2-3 have none
    gpus[0].nvlinks, gpus[0].nvlink_remote = 4, [gpus[1].bus_id] * 4
    gpus[1].nvlinks, gpus[1].nvlink_remote = 4, [gpus[0].bus_id] * 4
    for g in gpus[2:]:
        g.nvlinks, g.nvlink_remote = 0, []
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml(gpus, topology_level=50))
    with Nvml.open() as session:
        inv = nvml_inventory(session)
    assert inv.topology is not None
    links = {(p.a, p.b): (p.link, p.nvlinks) for p in inv.topology.pairs}
    assert links[(0, 1)] == ("NV4", 4)
    assert links[(0, 2)] == ("SYS", 0) and links[(2, 3)] == ("SYS", 0)


@pytest.mark.parametrize(("code", "expected"), [
    (12, "NVML_LIBRARY_NOT_FOUND"),
    (9, "NVIDIA_DRIVER_NOT_LOADED"),
    (18, "DRIVER_VERSION_MISMATCH_REBOOT"),
    (999, "NVML_INIT_FAILED"),
])
def test_init_errors_map_to_codes(monkeypatch: pytest.MonkeyPatch, code: int, expected: str) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml([], init_error=code))
    with pytest.raises(NvmlUnavailableError) as info:
        Nvml.open()
    assert info.value.code == expected and info.value.text


def test_missing_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)  # makes the import raise ImportError
    with pytest.raises(NvmlUnavailableError) as info:
        import_pynvml()
    assert info.value.code == "NVML_PYTHON_MISSING"


def test_failing_and_missing_functions_leave_fields_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = make_nvml(
        [l40s()],
        missing=("nvmlDeviceGetCurrentClocksEventReasons", "nvmlSystemGetCudaDriverVersion_v2",
                 "nvmlDeviceGetNumaNodeId"),
        failing={"nvmlDeviceGetPowerManagementLimit": 3, "nvmlDeviceGetTemperature": 15,
                 "nvmlDeviceGetMemoryInfo": 3, "nvmlDeviceGetPowerUsage": 4},
    )
    monkeypatch.setitem(sys.modules, "pynvml", fake)
    with Nvml.open() as session:
        inv = nvml_inventory(session)
    (g,) = inv.gpus
    assert g.name == "NVIDIA L40S"
    assert g.memory_total_bytes is None and g.temperature_c is None and g.power_draw_w is None
    assert g.power_limit_w is None  # the enforced-limit fallback is missing too in this fake
    assert g.clock_event_reasons == [] and inv.cuda_version is None and g.numa_node is None


def test_telemetry_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    gpu = l40s()
    gpu.reasons = 0x4 | 0x40
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml([gpu]))
    with Nvml.open() as session:
        s = session.sample(session.handles()[0])
    assert s.power_w == pytest.approx(35.1) and s.temperature_c == 29 and s.sm_clock_mhz == 210
    assert decode_reasons(s.reasons) == ["SW_POWER_CAP", "HW_THERMAL_SLOWDOWN"]


def test_helpers() -> None:
    assert normalize_bus_id("00000000:2A:00.0") == "0000:2a:00.0"
    assert normalize_bus_id(b"0000:18:00.0\x00") == "0000:18:00.0"
    assert normalize_bus_id("41:00.0") == "0000:41:00.0"
    assert normalize_bus_id("garbage") is None and normalize_bus_id(None) is None
    assert normalize_uuid("GPU-ABC-1") == "abc-1" and normalize_uuid("MIG-x") == "x" and normalize_uuid("") is None
    assert cuda_version_text(12040) == "12.4" and cuda_version_text(11080) == "11.8" and cuda_version_text(0) is None
    assert decode_reasons(0) == [] and decode_reasons(None) == []


def test_sampler_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.probe.telemetry import TelemetrySampler, summarize_telemetry

    monkeypatch.setitem(sys.modules, "pynvml", make_nvml([l40s()]))
    ticks = iter([10.0, 10.2, 10.4, 11.5])
    with Nvml.open() as session:
        sampler = TelemetrySampler(session, session.handles(), [0], interval_s=0.2)
        for t in ticks:  # drive the sampler by hand with a scripted clock
            monkeypatch.setattr("app.probe.nvml.time.monotonic", lambda t=t: t)
            sampler.sample_once()
    assert [s.t for s in sampler.window(0, 10.1, 10.5)] == [10.2, 10.4]
    assert [s.t for s in sampler.window(0, 10.45, 10.5)] == [10.4]  # shorter than the interval: nearest
    assert sampler.window(0, 13.0, 13.1) == []  # nothing near
    summary = summarize_telemetry(sampler.all(0))
    assert summary is not None and summary.samples == 4 and summary.power_w_max == pytest.approx(35.1)
    assert summary.clock_event_reasons == ["GPU_IDLE"] and summary.throttled is False
    assert summarize_telemetry([]) is None


def test_a_phase_power_skips_the_second_nvml_averages_over() -> None:
    """NVML's power is the mean of the last second: a phase's first second of readings is the phase before."""
    from app.probe.nvml import TelemetrySample
    from app.probe.telemetry import POWER_AVERAGING_S, summarize_telemetry

    def at(t: float, watts: float) -> TelemetrySample:
        return TelemetrySample(t=t, sm_clock_mhz=1980.0, mem_clock_mhz=3201.0, power_w=watts, temperature_c=50.0,
                               reasons=0)

    phase = [at(20.1, 693.0), at(20.4, 690.0), at(21.2, 590.0), at(21.5, 586.0)]  # FP8 GEMM's tail, then a GEMV's
    summary = summarize_telemetry(phase, power_from=20.0 + POWER_AVERAGING_S)
    assert summary is not None and summary.samples == 4
    assert summary.power_w_max == pytest.approx(590.0) and summary.power_w_median == pytest.approx(588.0)
    short = summarize_telemetry(phase[:2], power_from=20.0 + POWER_AVERAGING_S)  # a phase under a second
    assert short is not None and short.power_w_median is None and short.sm_clock_mhz_median == pytest.approx(1980.0)
