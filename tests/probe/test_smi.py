"""The nvidia-smi fallback on recorded outputs: 8 x H100 SXM, 1 x L40S, a MIG A100, failures."""

from __future__ import annotations

import pytest

from app.probe.smi import (
    QUERY_FIELDS,
    SmiResult,
    SmiUnavailableError,
    classify_failure,
    parse_cuda_version,
    parse_gpu_list,
    parse_query_csv,
    parse_topo_matrix,
    smi_inventory,
)
from tests.probe.conftest import fixture_text, smi_replay

MIB = 2**20


def test_h100_server_inventory() -> None:
    calls: list[list[str]] = []
    inv = smi_inventory(smi_replay("h100x8", calls=calls))
    assert len(inv.gpus) == 8
    g = inv.gpus[0]
    assert g.name == "NVIDIA H100 80GB HBM3" and g.source == "nvidia-smi" and g.vendor == "nvidia"
    assert g.uuid == "GPU-7c9e2d41-3b0a-8f6e-1d2c-4a5b6c7d8e01"
    assert g.pci_bus_id == "0000:18:00.0"
    assert g.memory_total_bytes == 81559 * MIB and g.memory_free_bytes == 81004 * MIB
    assert g.driver_version == "550.54.15" and inv.driver_version == "550.54.15"
    assert g.cuda_driver_version == "12.4" and inv.cuda_version == "12.4"
    assert g.power_limit_w == 700.0 and g.power_draw_w == pytest.approx(71.53)
    assert (g.pcie.gen_current, g.pcie.gen_max, g.pcie.width_current, g.pcie.width_max) == (5, 5, 16, 16)
    assert (g.sm_clock_mhz, g.sm_clock_max_mhz, g.mem_clock_max_mhz) == (345, 1980, 2619)
    assert g.temperature_c == 31 and g.ecc_enabled is True and g.mig.enabled is False
    assert g.compute_capability == "9.0" and g.utilization_pct == 0
    assert g.clock_event_reasons == ["GPU_IDLE"]
    # NVSwitch: every peer is NV18; the topology gives NUMA and CPU affinity
    assert inv.topology is not None and inv.topology.source == "nvidia-smi"
    assert len(inv.topology.pairs) == 28
    assert all(p.link == "NV18" and p.nvlinks == 18 for p in inv.topology.pairs)
    assert inv.gpus[0].nvlink.active_links == 18
    assert inv.gpus[0].cpu_affinity == "0-55,112-167" and inv.gpus[0].numa_node == 0
    assert inv.gpus[7].cpu_affinity == "56-111,168-223" and inv.gpus[7].numa_node == 1
    assert ["topo", "-m"] in calls and ["-L"] not in calls  # no MIG: no need to list instances


def test_l40s_single_gpu() -> None:
    calls: list[list[str]] = []
    inv = smi_inventory(smi_replay("l40s", calls=calls))
    (g,) = inv.gpus
    assert g.name == "NVIDIA L40S" and g.compute_capability == "8.9"
    assert g.pcie.gen_current == 1 and g.pcie.gen_max == 4  # idle power saving, not a fault
    assert g.mig.enabled is None  # "[N/A]": the L40S has no MIG
    assert g.cuda_driver_version == "12.2"
    assert inv.topology is None and ["topo", "-m"] not in calls


def test_mig_a100_lists_instances() -> None:
    inv = smi_inventory(smi_replay("a100_mig"))
    (g,) = inv.gpus
    assert g.mig.enabled is True
    assert [i.name for i in g.mig.instances] == ["3g.20gb", "2g.10gb", "1g.5gb"]
    assert g.mig.instances[0].uuid == "MIG-0f7a1c22-8d43-5b8e-9a61-3c2e7d4b5f10"
    assert g.utilization_pct is None  # [N/A] under MIG
    assert g.clock_event_reasons == []


@pytest.mark.parametrize(("fixture", "rc", "code"), [
    ("smi_no_driver.txt", 9, "NVIDIA_DRIVER_NOT_LOADED"),
    ("smi_version_mismatch.txt", 18, "DRIVER_VERSION_MISMATCH_REBOOT"),
])
def test_failures_are_classified(fixture: str, rc: int, code: str) -> None:
    with pytest.raises(SmiUnavailableError) as info:
        smi_inventory(smi_replay(None, failure=(rc, fixture)))
    assert info.value.code == code
    assert "reboot" in info.value.text if code.endswith("REBOOT") else "driver" in info.value.text


def test_missing_binary() -> None:
    with pytest.raises(SmiUnavailableError) as info:
        smi_inventory(smi_replay(None, missing=True))
    assert info.value.code == "NVIDIA_SMI_NOT_FOUND"


def test_old_driver_field_is_dropped_and_retried() -> None:
    calls: list[list[str]] = []
    inv = smi_inventory(smi_replay("l40s", reject_field="clocks_event_reasons.active", calls=calls))
    queries = [c for c in calls if c and c[0].startswith("--query-gpu=")]
    assert len(queries) == 2 and "clocks_event_reasons.active" not in queries[1][0]
    (g,) = inv.gpus
    assert g.name == "NVIDIA L40S" and g.clock_event_reasons == [] and g.compute_capability == "8.9"


def test_unknown_failure_names_exit_code_and_first_line() -> None:
    err = classify_failure(SmiResult(255, "\nSomething odd happened\nmore"))
    assert err.code == "NVIDIA_SMI_FAILED" and "255" in err.text and "Something odd happened" in err.text
    assert classify_failure(SmiResult(6, "No devices were found")).code == "NO_NVIDIA_GPU"


def test_query_parser_tolerates_header_and_bad_rows() -> None:
    fields = ("index", "name", "memory.total")
    text = "index, name, memory.total [MiB]\n0, NVIDIA L4, 23034\nbroken row\n1, NVIDIA L4, [N/A]\n"
    rows = parse_query_csv(text, fields)
    assert rows == [{"index": "0", "name": "NVIDIA L4", "memory.total": "23034"},
                    {"index": "1", "name": "NVIDIA L4", "memory.total": None}]
    with pytest.raises(ValueError, match="columns"):
        parse_query_csv("1, 2\n", QUERY_FIELDS)


def test_topology_parser_plain_spaces_and_pcie_labels() -> None:
    text = """        GPU0    GPU1    GPU2    GPU3    CPU Affinity    NUMA Affinity
GPU0     X      PIX     SYS     SYS     0-15            0
GPU1    PIX      X      SYS     SYS     0-15            0
GPU2    SYS     SYS      X      NV4     16-31           1
GPU3    SYS     SYS     NV4      X      16-31           1

Legend:
  X    = Self
"""
    m = parse_topo_matrix(text)
    labels = {(p.a, p.b): p.link for p in m.pairs}
    assert labels == {(0, 1): "PIX", (0, 2): "SYS", (0, 3): "SYS", (1, 2): "SYS", (1, 3): "SYS", (2, 3): "NV4"}
    assert next(p for p in m.pairs if (p.a, p.b) == (2, 3)).nvlinks == 4
    assert m.cpu_affinity == {0: "0-15", 1: "0-15", 2: "16-31", 3: "16-31"}
    assert m.numa_node == {0: 0, 1: 0, 2: 1, 3: 1}
    with pytest.raises(ValueError):
        parse_topo_matrix("no matrix here")


def test_small_parsers() -> None:
    assert parse_cuda_version(fixture_text("smi_h100x8_banner.txt")) == "12.4"
    assert parse_cuda_version("CUDA Version                              : 12.6") == "12.6"
    assert parse_cuda_version("nothing") is None
    listing = parse_gpu_list(fixture_text("smi_a100_mig_list.txt"))
    assert list(listing) == [0] and len(listing[0]) == 3
