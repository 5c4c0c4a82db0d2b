"""Priced parts, builds and projects for export tests, made by hand so every total is fixed.

Prices are chosen so rounding matters: a discount or tax on them lands on half cents.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from app.core.build import Build, Environment, Placement, Redundancy, Workload, dimm_slot_id
from app.core.parts import AnyPart, Chassis, Cpu, Dimm, Drive, Gpu, Llm, Nic, Psu
from app.project.model import Customer, Project, ProjectInfo, QuoteTerms

SRC: dict[str, Any] = {"vendor": "Test", "source": "tests/export/factory.py"}

CHASSIS = Chassis(
    id="hgx-8u", name="HGX 8U server", sku="SYS-HGX-8U", price=Decimal("38500.00"), rack_units=8, gpu_slots=8,
    gpu_form_factor="SXM", max_gpu_tdp_air_w=700, cpu_sockets=2, cpu_socket_type="SP5", dimm_slots_per_socket=12,
    memory_channels_per_socket=12, pcie_slots=10, pcie_switches=True, psu_bays=6, psu_min_rating_w=2700,
    drive_bays=16, drive_form_factors="U.2/U.3/2.5in", boot_m2_slots=2, baseline_power_w=2000, **SRC,
)
GPU = Gpu(
    id="h100-sxm", name="H100 SXM 80GB", sku="GPU-H100-SXM", price=Decimal("27999.99"), form_factor="SXM",
    vram_gib=80, memory_type="HBM3", mem_bandwidth_gbs=3350, bf16_dense_tflops=989.5, fp8_dense_tflops=1979,
    tdp_w=700, pcie_gen=5, interconnect="NVLink 4", interconnect_gbs=900, **{**SRC, "vendor": "NVIDIA"},
)
CPU = Cpu(
    id="epyc-9555", name="EPYC 9555", sku="100-000000919", price=Decimal("9826.33"), socket="SP5", cores=64,
    threads=128, base_ghz=3.2, boost_ghz=4.4, tdp_w=360, memory_channels=12, max_memory_speed_mts=6000,
    pcie_lanes=128, pcie_lanes_2p=160, pcie_gen=5, max_sockets=2, **{**SRC, "vendor": "AMD"},
)
DIMM = Dimm(id="ddr5-64", name="DDR5-5600 RDIMM 64 GB", sku="MEM-64G-5600", price=Decimal("311.45"),
            capacity_gb=64, speed_mts=5600, power_w=9, **SRC)
PSU = Psu(id="psu-3000", name="3000 W Titanium PSU", sku="PWS-3K", price=Decimal("612.50"), rating_high_line_w=3000,
          rating_low_line_w=1500, efficiency="80 PLUS Titanium", efficiency_50pct=0.96, **SRC)
NIC = Nic(id="cx7-400", name="ConnectX-7 1x400G", sku="MCX75310AAS-NEAT", price=Decimal("1733.33"),
          speed_gbps=400, ports=1, nic_type="vpi", rdma=True, pcie_gen=5, pcie_lanes=16, power_w=25,
          **{**SRC, "vendor": "NVIDIA"})
BOOT = Drive(id="m2-480", name="M.2 480 GB boot SSD", sku="SSD-M2-480", price=Decimal("89.99"), capacity_gb=480,
             interface="NVMe", form_factor="M.2", seq_read_mbs=5000, pcie_lanes=4, power_w=8, **SRC)
DATA = Drive(id="u2-3840", name="U.2 3.84 TB NVMe", sku=None, price=None, capacity_gb=3840, interface="NVMe",
             form_factor="U.2", seq_read_mbs=6900, pcie_lanes=4, power_w=13.5, **SRC)
LLM = Llm(id="llama-70b", name="Llama-3.1-70B", family="Llama 3.1", total_params_b=70.55, active_params_b=70.55,
          layers=80, hidden_size=8192, attention_heads=64, kv_heads=8, head_dim=128, attention_type="GQA",
          vocab_size=128256, max_context=131072, **{**SRC, "vendor": "Meta"})

PARTS: dict[str, AnyPart] = {p.id: p for p in (CHASSIS, GPU, CPU, DIMM, PSU, NIC, BOOT, DATA, LLM)}


def priced_parts() -> dict[str, AnyPart]:
    """Every part with a price (the data drive gets one)."""
    parts = dict(PARTS)
    parts["u2-3840"] = DATA.model_copy(update={"price": Decimal("1049.95"), "sku": "SSD-U2-3T84"})
    return parts


def dimms(sockets: int = 2, channels: int = 12) -> tuple[str, ...]:
    return tuple(dimm_slot_id(s, c, 0) for s in range(sockets) for c in range(channels))


def hgx_build(name: str = "HGX H100", **changes: Any) -> Build:
    build = Build(
        name=name,
        chassis_id="hgx-8u",
        placements=(
            Placement(part_id="psu-3000", slots=tuple(f"psu{i}" for i in range(6))),
            Placement(part_id="h100-sxm", slots=tuple(f"gpu{i}" for i in range(8))),
            Placement(part_id="epyc-9555", slots=("cpu0", "cpu1")),
            Placement(part_id="ddr5-64", slots=dimms()),
            Placement(part_id="cx7-400", slots=tuple(f"pcie{i}" for i in range(8))),
            Placement(part_id="m2-480", slots=("m2-0", "m2-1")),
            Placement(part_id="u2-3840", slots=("drive0", "drive1")),
        ),
        workload=Workload(llm_id="llama-70b", weight_precision="fp8", kv_precision="fp8", input_tokens=2048,
                          output_tokens=512, concurrency=64, scenario="chat", tp=8, engine="vllm"),
        environment=Environment(kind="datacenter"),
        psu_redundancy=Redundancy.N_PLUS_N,
    )
    return build.model_copy(update=changes) if changes else build


def project(*builds: Build, customer: str = "ACME Corp", currency: str = "USD", quote: QuoteTerms | None = None,
            **info: Any) -> Project:
    """``quote`` None chooses every build for the quote: hgx_build() misses its TTFT target on purpose
    (an error), so the default choice (builds with GPUs and no errors) would leave it out; chosen, it
    prints as a draft."""
    fields: dict[str, Any] = {"name": "Inference cluster 2026", "reference": "Q-2026-0042", "author": "Jane Presales"}
    fields.update(info)
    builds = builds or (hgx_build(),)
    return Project(
        project=ProjectInfo(**fields),
        customer=Customer(company=customer, contact="Li Wei"),
        currency=currency,
        builds=builds,
        quote=quote if quote is not None else QuoteTerms(include_builds=tuple(b.name for b in builds)),
    )
