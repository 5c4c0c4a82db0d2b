"""take_inventory: NVML first, nvidia-smi when NVML can't load, clear messages when neither works."""

from __future__ import annotations

import sys
import types

import pytest

from app.probe.inventory import busy_reason, gpu_messages, take_inventory
from app.probe.nvml import Nvml
from app.probe.report import GpuInfo, HostInfo, MigInfo, PcieLink
from tests.probe.conftest import smi_replay
from tests.probe.fake_nvml import a100_mig, h100_server, l40s, make_nvml

HOST = HostInfo(hostname="test-host", cpu_model="Test CPU", ram_bytes=64 * 2**30)


def _codes(inv: object) -> set[str]:
    return {m.code for m in inv.messages}  # type: ignore[attr-defined]


def test_nvml_path_keeps_session_for_telemetry(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = make_nvml(h100_server(2))
    monkeypatch.setitem(sys.modules, "pynvml", fake)
    inv = take_inventory(HOST, smi_runner=smi_replay(None, missing=True), system="Linux", keep_nvml=True)
    try:
        assert len(inv.gpus) == 2 and inv.nvml is not None and len(inv.nvml_handles) == 2
        assert [b.name for b in inv.backends][:1] == ["nvml"] and inv.backends[0].available
        assert not any(b.name == "nvidia-smi" for b in inv.backends)  # not needed
    finally:
        inv.close()
    assert fake.shutdowns == 1


def test_falls_back_to_nvidia_smi_when_nvml_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)
    inv = take_inventory(HOST, smi_runner=smi_replay("h100x8"), system="Linux")
    assert len(inv.gpus) == 8 and all(g.source == "nvidia-smi" for g in inv.gpus)
    assert inv.topology is not None and inv.nvml is None
    assert "NVML_PYTHON_MISSING" in _codes(inv)


def test_container_without_nvml_library(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml([], init_error=12))
    inv = take_inventory(HOST, smi_runner=smi_replay("l40s"), system="Linux")
    assert [g.name for g in inv.gpus] == ["NVIDIA L40S"]
    assert "NVML_UNAVAILABLE" in _codes(inv)


def test_no_driver_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml([], init_error=12))
    inv = take_inventory(HOST, smi_runner=smi_replay(None, failure=(9, "smi_no_driver.txt")), system="Linux")
    assert inv.gpus == []
    assert "NVIDIA_DRIVER_NOT_LOADED" in _codes(inv)
    smi = next(b for b in inv.backends if b.name == "nvidia-smi")
    assert not smi.available and "NVIDIA_DRIVER_NOT_LOADED" in (smi.detail or "")


def test_plain_laptop_without_nvidia_says_nothing_alarming(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)
    inv = take_inventory(HOST, smi_runner=smi_replay(None, missing=True), system="Linux")
    assert inv.gpus == [] and inv.messages == []


def test_driver_updated_without_reboot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml([], init_error=18))
    inv = take_inventory(HOST, smi_runner=smi_replay(None, failure=(18, "smi_version_mismatch.txt")),
                         system="Linux")
    msg = next(m for m in inv.messages if m.code == "DRIVER_VERSION_MISMATCH_REBOOT")
    assert msg.level == "warn" and "reboot" in msg.text


def test_broken_nvml_mid_inventory_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    def exploding() -> Nvml:
        session = Nvml(make_nvml([l40s()]))
        session.handles = lambda: 1 / 0  # type: ignore[method-assign]
        return session

    inv = take_inventory(HOST, nvml_open=exploding, smi_runner=smi_replay("l40s"), system="Linux")
    assert [g.source for g in inv.gpus] == ["nvidia-smi"]


def test_amd_gpus_are_appended(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)
    amd = types.SimpleNamespace(
        amdsmi_init=lambda: None, amdsmi_shut_down=lambda: None,
        amdsmi_get_processor_handles=lambda: ["h0"],
        amdsmi_get_gpu_asic_info=lambda h: {"market_name": "AMD Instinct MI300X", "num_compute_units": 304},
        amdsmi_get_gpu_device_bdf=lambda h: "0000:0c:00.0",
        amdsmi_get_gpu_driver_info=lambda h: {"driver_version": "6.8.5"},
        amdsmi_get_power_cap_info=lambda h: {"power_cap": 750_000_000, "default_power_cap": 750_000_000},
        amdsmi_get_pcie_info=lambda h: {"pcie_static": {"max_pcie_width": 16, "max_pcie_speed": 32000,
                                                        "pcie_interface_version": 5},
                                        "pcie_metric": {"pcie_width": 16, "pcie_speed": 32000}},
        AmdSmiMemoryType=types.SimpleNamespace(VRAM=0),
        amdsmi_get_gpu_memory_total=lambda h, t: 192 * 2**30,
        amdsmi_get_gpu_memory_usage=lambda h, t: 2**30,
    )
    inv = take_inventory(HOST, smi_runner=smi_replay(None, missing=True), amd_module=amd, system="Linux")
    (g,) = inv.gpus
    assert g.vendor == "amd" and g.name == "AMD Instinct MI300X" and g.sm_count == 304
    assert g.power_limit_w == 750.0 and g.pcie.gen_max == 5 and g.memory_free_bytes == 191 * 2**30


def test_apple_silicon_gpu_from_the_host() -> None:
    mac = HostInfo(hostname="mbp", cpu_model="Apple M3 Max", ram_bytes=64 * 2**30)
    inv = take_inventory(mac, nvml_open=lambda: Nvml.open(make_nvml([], init_error=12)),
                         smi_runner=smi_replay(None, missing=True), system="Darwin", machine="arm64")
    (g,) = inv.gpus
    assert g.vendor == "apple" and g.name == "Apple M3 Max" and g.memory_total_bytes == 64 * 2**30


def test_messages_for_mig_busy_throttled_and_downtrained(monkeypatch: pytest.MonkeyPatch) -> None:
    hot = h100_server(1)[0]
    hot.processes = [4242]
    hot.reasons = 0x40
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml([hot, a100_mig()]))
    inv = take_inventory(HOST, smi_runner=smi_replay(None, missing=True), system="Linux")
    by_gpu = {(m.code, m.gpu) for m in inv.messages}
    assert ("GPU_BUSY", 0) in by_gpu and ("THERMAL_THROTTLE", 0) in by_gpu and ("MIG_SLICE", 1) in by_gpu
    narrow = GpuInfo(index=3, vendor="nvidia", source="nvml", name="X", pcie=PcieLink(width_current=8, width_max=16))
    assert [m.code for m in gpu_messages([narrow])] == ["PCIE_DOWNTRAINED"]


def test_busy_reason() -> None:
    idle = GpuInfo(index=0, vendor="nvidia", source="nvml", name="X", utilization_pct=2.0, other_processes=0)
    assert busy_reason(idle) is None
    assert "87 %" in (busy_reason(idle.model_copy(update={"utilization_pct": 87.0})) or "")
    assert "2 other" in (busy_reason(idle.model_copy(update={"other_processes": 2})) or "")
    assert busy_reason(GpuInfo(index=0, vendor="nvidia", source="nvml", name="X", mig=MigInfo(enabled=True))) is None
