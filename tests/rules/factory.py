"""Hand-built parts and builds for rule tests, with DOMAIN.md / reference-table numbers.

Built by hand so each test's arithmetic stays fixed when the bundled catalog is edited.
"""

from __future__ import annotations

from typing import Any

from app.core.build import Build, Environment, Placement, Redundancy, Workload, dimm_slot_id
from app.core.parts import AnyPart, Chassis, Cpu, Dimm, Drive, Gpu, Llm, Nic, Psu

SRC = {"vendor": "Test", "source": "tests/rules/factory.py (reference tables)"}


def _gpu(id: str, **kw: Any) -> Gpu:
    base: dict[str, Any] = {"memory_type": "HBM3", "mem_bandwidth_gbs": 3350, "bf16_dense_tflops": 989.5,
                            "pcie_gen": 5}
    return Gpu(id=id, name=id, **SRC, **{**base, **kw})


GPUS = [
    _gpu("h100-sxm", form_factor="SXM", vram_gib=80, tdp_w=700, fp8_dense_tflops=1979,
         interconnect="NVLink 4", interconnect_gbs=900, baseboard="hgx-hopper"),
    _gpu("h200-sxm", form_factor="SXM", vram_gib=141, tdp_w=700, fp8_dense_tflops=1979,
         interconnect="NVLink 4", interconnect_gbs=900, mem_bandwidth_gbs=4800, baseboard="hgx-hopper"),
    _gpu("a100-sxm", form_factor="SXM", vram_gib=80, tdp_w=400, mem_bandwidth_gbs=2039, bf16_dense_tflops=312,
         pcie_gen=4, interconnect="NVLink 3", interconnect_gbs=600, baseboard="hgx-ampere"),
    _gpu("h100-pcie", form_factor="PCIe", vram_gib=80, tdp_w=350, slot_width=2, fp8_dense_tflops=1513,
         interconnect="NVLink bridge", interconnect_gbs=600),
    _gpu("l40s", form_factor="PCIe", vram_gib=48, tdp_w=350, slot_width=2, fp8_dense_tflops=733,
         interconnect="PCIe", memory_type="GDDR6"),
    _gpu("l20", form_factor="PCIe", vram_gib=48, tdp_w=275, slot_width=2, fp8_dense_tflops=239,
         interconnect="PCIe", memory_type="GDDR6"),
    _gpu("a10", form_factor="PCIe", vram_gib=24, tdp_w=150, slot_width=1, interconnect="PCIe", memory_type="GDDR6"),
    _gpu("rtx-5090", form_factor="PCIe", vram_gib=32, tdp_w=575, slot_width=2, fp8_dense_tflops=419.2,
         interconnect="PCIe", memory_type="GDDR7", consumer=True, p2p=False, cooling="active"),
    _gpu("rtx-4090", form_factor="PCIe", vram_gib=24, tdp_w=450, slot_width=3, fp8_dense_tflops=330.3,
         interconnect="PCIe", memory_type="GDDR6X", consumer=True, p2p=False, cooling="active"),
]


def _cpu(id: str, **kw: Any) -> Cpu:
    base: dict[str, Any] = {"socket": "SP5", "memory_channels": 12, "max_memory_speed_mts": 6000,
                            "pcie_lanes": 128, "pcie_lanes_2p": 160, "pcie_gen": 5, "max_sockets": 2}
    kw.setdefault("threads", kw["cores"] * 2)
    return Cpu(id=id, name=id, **SRC, **{**base, **kw})


CPUS = [
    _cpu("epyc-9555", cores=64, base_ghz=3.2, boost_ghz=4.4, tdp_w=360),
    _cpu("epyc-9755", cores=128, base_ghz=2.7, boost_ghz=4.1, tdp_w=500),
    _cpu("epyc-9124", cores=16, base_ghz=3.0, boost_ghz=3.7, tdp_w=200),
    _cpu("epyc-9354", cores=32, base_ghz=3.25, boost_ghz=3.8, tdp_w=280),
    _cpu("epyc-9654", cores=96, base_ghz=2.4, boost_ghz=3.7, tdp_w=360),
    _cpu("xeon-8480", socket="LGA4677", cores=56, base_ghz=2.0, boost_ghz=3.8, tdp_w=350, memory_channels=8,
         pcie_lanes=80, max_memory_speed_mts=4800),
]

DIMMS = [
    Dimm(id="ddr5-16", name="16 GB", capacity_gb=16, speed_mts=4800, power_w=4.5, **SRC),
    Dimm(id="ddr5-32", name="32 GB", capacity_gb=32, speed_mts=4800, power_w=6, **SRC),
    Dimm(id="ddr5-64", name="64 GB", capacity_gb=64, speed_mts=4800, power_w=9, **SRC),
    Dimm(id="ddr5-128", name="128 GB", capacity_gb=128, speed_mts=4800, power_w=13.5, **SRC),
    Dimm(id="ddr4-64", name="64 GB DDR4", capacity_gb=64, memory_type="DDR4 RDIMM", speed_mts=3200, power_w=8, **SRC),
]

PSUS = [
    Psu(id="psu-1600", name="1600 W", rating_high_line_w=1600, rating_low_line_w=1000, efficiency="Platinum",
        efficiency_50pct=0.94, **SRC),
    Psu(id="psu-2000", name="2000 W", rating_high_line_w=2000, rating_low_line_w=1000, efficiency="Titanium",
        efficiency_50pct=0.96, **SRC),
    Psu(id="psu-2700", name="2700 W", rating_high_line_w=2700, rating_low_line_w=1000, efficiency="Titanium",
        efficiency_50pct=0.96, **SRC),
    Psu(id="psu-3000", name="3000 W", rating_high_line_w=3000, rating_low_line_w=1500, efficiency="Titanium",
        efficiency_50pct=0.96, **SRC),
]

NICS = [
    Nic(id="x710", name="X710 2x10", speed_gbps=10, ports=2, nic_type="ethernet", rdma=False, pcie_gen=3,
        pcie_lanes=8, power_w=4, **SRC),
    Nic(id="cx6-lx", name="CX6 Lx 2x25", speed_gbps=25, ports=2, nic_type="ethernet", rdma=True, pcie_gen=4,
        pcie_lanes=8, power_w=9, **SRC),
    Nic(id="cx7-400", name="CX7 1x400", speed_gbps=400, ports=1, nic_type="vpi", rdma=True, pcie_gen=5,
        pcie_lanes=16, power_w=25, **SRC),
]

DRIVES = [
    Drive(id="m2-480", name="M.2 480", capacity_gb=480, interface="NVMe", form_factor="M.2", seq_read_mbs=5000,
          pcie_lanes=4, power_w=8, **SRC),
    Drive(id="u2-3840", name="U.2 3.84", capacity_gb=3840, interface="NVMe", form_factor="U.2", seq_read_mbs=6900,
          pcie_lanes=4, power_w=13.5, **SRC),
    Drive(id="sata-960", name="SATA 960", capacity_gb=960, interface="SATA", form_factor="2.5in", seq_read_mbs=550,
          pcie_lanes=0, power_w=3, **SRC),
    Drive(id="e1s-3840", name="E1.S 3.84", capacity_gb=3840, interface="NVMe", form_factor="E1.S",
          seq_read_mbs=6800, pcie_lanes=4, power_w=12, **SRC),
]

CHASSIS = [
    # 8-GPU HGX baseboard, EPYC host: 12 channels x 1 DPC.
    Chassis(id="hgx-sp5", name="HGX 8U", rack_units=8, gpu_slots=8, gpu_form_factor="SXM", max_gpu_tdp_air_w=700,
            cpu_sockets=2, cpu_socket_type="SP5", dimm_slots_per_socket=12, memory_channels_per_socket=12,
            pcie_slots=10, pcie_switches=True, psu_bays=6, psu_min_rating_w=2700, drive_bays=16,
            drive_form_factors="U.2/U.3/2.5in", boot_m2_slots=2, baseline_power_w=2000,
            gpu_baseboards="hgx-hopper", **SRC),
    # 2U, 4 double-width PCIe GPUs, no PCIe switch, 2 DPC.
    Chassis(id="pcie-2u", name="2U 4-GPU", rack_units=2, gpu_slots=4, gpu_form_factor="PCIe", gpu_max_slot_width=2,
            max_gpu_tdp_air_w=400, liquid_cooling_option=True, cpu_sockets=2, cpu_socket_type="SP5",
            dimm_slots_per_socket=24, memory_channels_per_socket=12, pcie_slots=2, psu_bays=2, drive_bays=8,
            drive_form_factors="U.2/2.5in", boot_m2_slots=2, baseline_power_w=400, **SRC),
    # Edge box: one GPU, one socket.
    Chassis(id="edge-1u", name="Edge 2U", rack_units=2, gpu_slots=1, gpu_form_factor="PCIe", gpu_max_slot_width=2,
            max_gpu_tdp_air_w=300, cpu_sockets=1, cpu_socket_type="SP5", dimm_slots_per_socket=12,
            memory_channels_per_socket=12, pcie_slots=1, pcie_slot_lanes=8, psu_bays=2, drive_bays=2,
            drive_form_factors="U.2/2.5in",
            boot_m2_slots=2, baseline_power_w=120, **SRC),
    Chassis(id="xeon-4u", name="Xeon 4U 8 GPU", rack_units=4, gpu_slots=8, gpu_form_factor="PCIe",
            gpu_max_slot_width=2, max_gpu_tdp_air_w=400, cpu_sockets=2, cpu_socket_type="LGA4677",
            dimm_slots_per_socket=16, memory_channels_per_socket=8, pcie_slots=4, psu_bays=4, drive_bays=8,
            drive_form_factors="U.2", boot_m2_slots=2, baseline_power_w=900, **SRC),
]

LLMS = [
    Llm(id="llama-70b", name="Llama-3.1-70B", family="Llama 3.1", total_params_b=70.55, active_params_b=70.55,
        layers=80, hidden_size=8192, attention_heads=64, kv_heads=8, head_dim=128, attention_type="GQA",
        vocab_size=128256, max_context=131072, **SRC),
    Llm(id="llama-8b", name="Llama-3.1-8B", family="Llama 3.1", total_params_b=8.03, active_params_b=8.03,
        layers=32, hidden_size=4096, attention_heads=32, kv_heads=8, head_dim=128, attention_type="GQA",
        vocab_size=128256, max_context=131072, **SRC),
    Llm(id="qwen-32b", name="Qwen2.5-32B", family="Qwen2.5", total_params_b=32.76, active_params_b=32.76,
        layers=64, hidden_size=5120, attention_heads=40, kv_heads=8, head_dim=128, attention_type="GQA",
        vocab_size=152064, max_context=131072, **SRC),
    # 40 query heads but 10 KV heads: TP 4 divides the first, neither splits nor replicates the second.
    Llm(id="phi-3-medium", name="Phi-3-medium", family="Phi-3", total_params_b=13.96, active_params_b=13.96,
        layers=40, hidden_size=5120, attention_heads=40, kv_heads=10, head_dim=128, attention_type="GQA",
        vocab_size=32064, max_context=131072, **SRC),
    Llm(id="deepseek-v3", name="DeepSeek-V3", family="DeepSeek", total_params_b=671, active_params_b=37, layers=61,
        hidden_size=7168, attention_heads=128, kv_heads=128, head_dim=128, attention_type="MLA", kv_lora_rank=512,
        qk_rope_head_dim=64, vocab_size=129280, max_context=163840, **SRC),
]

ALL: list[AnyPart] = [*GPUS, *CPUS, *DIMMS, *PSUS, *NICS, *DRIVES, *CHASSIS, *LLMS]
PARTS: dict[str, AnyPart] = {p.id: p for p in ALL}


def dimms(sockets: int, channels: int, per_channel: int = 1) -> tuple[str, ...]:
    return tuple(dimm_slot_id(s, c, n) for s in range(sockets) for n in range(per_channel) for c in range(channels))


def hgx_build(**changes: Any) -> Build:
    """8 x H100 SXM + 2 x EPYC 9555 + 24 x 64 GB + 6 x 3000 W + 8 x 400G + 4 drives: a clean 52-part build."""
    build = Build(
        name="HGX H100",
        chassis_id="hgx-sp5",
        placements=(
            Placement(part_id="h100-sxm", slots=tuple(f"gpu{i}" for i in range(8))),
            Placement(part_id="epyc-9555", slots=("cpu0", "cpu1")),
            Placement(part_id="ddr5-64", slots=dimms(2, 12)),
            Placement(part_id="psu-3000", slots=tuple(f"psu{i}" for i in range(6))),
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


def small_build(chassis: str = "pcie-2u", gpu: str = "l40s", gpus: int = 1, llm: str = "llama-8b",
                **workload: Any) -> Build:
    """A PCIe build with a balanced host, for varying one thing at a time."""
    sockets = 2 if chassis != "edge-1u" else 1
    wl: dict[str, Any] = {"llm_id": llm, "weight_precision": "bf16", "kv_precision": "bf16", "input_tokens": 2048,
                          "output_tokens": 512, "concurrency": 1, "scenario": "chat", "tp": 1}
    wl.update(workload)
    return Build(
        name="small",
        chassis_id=chassis,
        placements=(
            Placement(part_id=gpu, slots=tuple(f"gpu{i}" for i in range(gpus))),
            Placement(part_id="epyc-9555", slots=tuple(f"cpu{i}" for i in range(sockets))),
            Placement(part_id="ddr5-64", slots=dimms(sockets, 12)),
            Placement(part_id="psu-2000", slots=("psu0", "psu1")),
            Placement(part_id="cx6-lx", slots=("pcie0",)),
            Placement(part_id="m2-480", slots=("m2-0", "m2-1")),
            Placement(part_id="u2-3840", slots=("drive0",)),
        ),
        workload=Workload(**wl),
        environment=Environment(kind="datacenter"),
        psu_redundancy=Redundancy.N_PLUS_1,
    )


def swap(build: Build, old: str, new: str) -> Build:
    """The same build with every ``old`` part replaced by ``new`` in the same slots."""
    return build.model_copy(update={"placements": tuple(
        p.model_copy(update={"part_id": new}) if p.part_id == old else p for p in build.placements)})


def without(build: Build, part_id: str) -> Build:
    return build.model_copy(update={"placements": tuple(p for p in build.placements if p.part_id != part_id)})


def with_workload(build: Build, **changes: Any) -> Build:
    assert build.workload is not None
    return build.model_copy(update={"workload": Workload.model_validate({**build.workload.model_dump(), **changes})})


def with_env(build: Build, **changes: Any) -> Build:
    return build.model_copy(update={"environment": Environment.model_validate(
        {**build.environment.model_dump(), **changes})})


def placed(build: Build, *placements: Placement) -> Build:
    return build.model_copy(update={"placements": build.placements + placements})
