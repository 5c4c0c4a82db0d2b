"""A small, hand-written catalog source tree, so catalog tests don't depend on bundled data."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

ROWS: dict[str, list[dict[str, str]]] = {
    "gpus.csv": [
        {"id": "nvidia-h100-sxm5-80gb", "vendor": "NVIDIA", "name": "H100 SXM5 80GB", "sku": "935-24287-0000-000",
         "price": "30000", "source": "datasheet", "confidence": "V", "form_factor": "SXM", "vram_gib": "80",
         "memory_type": "HBM3", "mem_bandwidth_gbs": "3350", "bf16_dense_tflops": "989.5", "fp8_dense_tflops": "1979",
         "tdp_w": "700", "pcie_gen": "5", "interconnect": "NVLink 4", "interconnect_gbs": "900"},
        {"id": "nvidia-l40s", "vendor": "NVIDIA", "name": "L40S", "sku": "900-2G133-0080-000", "price": "",
         "source": "datasheet", "confidence": "K", "form_factor": "PCIe", "vram_gib": "48", "memory_type": "GDDR6",
         "mem_bandwidth_gbs": "864", "bf16_dense_tflops": "362", "fp8_dense_tflops": "733", "tdp_w": "350",
         "pcie_gen": "4", "slot_width": "2", "interconnect": "PCIe"},
    ],
    "cpus.csv": [
        {"id": "amd-epyc-9554", "vendor": "AMD", "name": "EPYC 9554", "source": "amd.com", "socket": "SP5",
         "cores": "64", "threads": "128", "base_ghz": "3.1", "boost_ghz": "3.75", "tdp_w": "360",
         "memory_channels": "12", "max_memory_speed_mts": "4800", "pcie_lanes": "128", "pcie_gen": "5",
         "max_sockets": "2"},
    ],
    "chassis.csv": [
        {"id": "supermicro-sys-821ge-tnhr", "vendor": "Supermicro", "name": "SYS-821GE-TNHR", "source": "sm",
         "rack_units": "8", "gpu_slots": "8", "gpu_form_factor": "SXM", "max_gpu_tdp_air_w": "700",
         "cpu_sockets": "2", "cpu_socket_type": "LGA4677", "dimm_slots_per_socket": "16",
         "memory_channels_per_socket": "8", "pcie_slots": "10", "pcie_switches": "true", "psu_bays": "6",
         "drive_bays": "16", "drive_form_factors": "U.2/2.5in", "baseline_power_w": "1200"},
    ],
    "nics.csv": [
        {"id": "nvidia-connectx-7-400g", "vendor": "NVIDIA", "name": "ConnectX-7 400G", "source": "nv",
         "speed_gbps": "400", "ports": "1", "nic_type": "vpi", "rdma": "true", "pcie_gen": "5", "pcie_lanes": "16",
         "power_w": "25"},
    ],
    "psus.csv": [
        {"id": "generic-psu-3000w-titanium", "vendor": "Generic", "name": "3000 W Titanium", "sku": "PWS-3K",
         "source": "80plus", "rating_high_line_w": "3000", "rating_low_line_w": "1500", "efficiency": "Titanium",
         "efficiency_50pct": "0.96"},
    ],
    "dimms.csv": [
        {"id": "ddr5-rdimm-64gb-4800", "vendor": "Generic", "name": "64 GB DDR5-4800 RDIMM", "source": "jedec",
         "capacity_gb": "64", "speed_mts": "4800", "power_w": "10"},
    ],
    "drives.csv": [
        {"id": "samsung-pm9a3-3.84tb", "vendor": "Samsung", "name": "PM9A3 3.84 TB", "source": "samsung",
         "capacity_gb": "3840", "interface": "NVMe", "form_factor": "U.2", "seq_read_mbs": "6900",
         "pcie_lanes": "4", "power_w": "14"},
    ],
    "llms.csv": [
        {"id": "meta-llama-3.1-70b", "vendor": "Meta", "name": "Llama 3.1 70B", "source": "hf", "family": "Llama 3.1",
         "total_params_b": "70.6", "active_params_b": "70.6", "layers": "80", "hidden_size": "8192",
         "attention_heads": "64", "kv_heads": "8", "head_dim": "128", "attention_type": "GQA",
         "vocab_size": "128256", "max_context": "131072"},
    ],
}


def write_sources(directory: Path, rows: dict[str, list[dict[str, str]]] | None = None) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for filename, items in (rows or ROWS).items():
        columns: list[str] = []
        for item in items:
            columns += [c for c in item if c not in columns]
        with (directory / filename).open("w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=columns or ["id"])
            writer.writeheader()
            writer.writerows(items)
    return directory


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    return write_sources(tmp_path / "sources")
