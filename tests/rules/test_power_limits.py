"""Issue #17 items 4 and 8 (cooling): configurable GPU power limits, N+2 PSUs, cooling findings that
only fire where they mean something (open-air towers, modules that can be mounted)."""

from __future__ import annotations

import json

import pytest

from app.core.build import Build, Redundancy
from app.core.parts import Chassis, Gpu
from app.project import Project
from app.project.model import ProjectInfo
from app.rules import RuleEngine, Severity
from app.rules.context import psu_usable_w, psus_needed
from app.rules.fixes import SetGpuPowerCap, apply_op
from tests.rules.factory import PARTS, SRC, hgx_build, small_build, swap, with_env
from tests.rules.helpers import fixed, only, rule_ids

# H100 NVL: 400 W, configurable 350-400 W (NVIDIA H100 datasheet); an H100-PCIe-class card at
# 300-350 W; a 2U chassis whose air cooling takes 350 W per GPU (Dell R760xa class).
NVL = Gpu(id="h100-nvl", name="H100 NVL", form_factor="PCIe", vram_gib=94, memory_type="HBM3",
          mem_bandwidth_gbs=3900, bf16_dense_tflops=835.5, fp8_dense_tflops=1670.5, tdp_w=400, tdp_min_w=350,
          pcie_gen=5, slot_width=2, interconnect="NVLink bridge", interconnect_gbs=600, **SRC)
PCIE_300_350 = Gpu(id="h100-pcie-range", name="H100 PCIe", form_factor="PCIe", vram_gib=80, memory_type="HBM2e",
                   mem_bandwidth_gbs=2000, bf16_dense_tflops=756, tdp_w=350, tdp_min_w=300, pcie_gen=5,
                   slot_width=2, interconnect="PCIe", **SRC)
CHASSIS_350 = Chassis(id="pcie-350", name="2U 350 W", rack_units=2, gpu_slots=4, gpu_form_factor="PCIe",
                      gpu_max_slot_width=2, max_gpu_tdp_air_w=350, cpu_sockets=2, cpu_socket_type="SP5",
                      dimm_slots_per_socket=24, memory_channels_per_socket=12, pcie_slots=2, psu_bays=2,
                      drive_bays=8, drive_form_factors="U.2/2.5in", boot_m2_slots=2, baseline_power_w=400, **SRC)
CHASSIS_300 = CHASSIS_350.model_copy(update={"id": "pcie-300", "max_gpu_tdp_air_w": 300})
TOWER = Chassis(id="tower", name="Tower", rack_units=5, gpu_slots=1, gpu_form_factor="PCIe", gpu_max_slot_width=4,
                max_gpu_tdp_air_w=600, cpu_sockets=1, cpu_socket_type="SP5", dimm_slots_per_socket=12,
                memory_channels_per_socket=12, pcie_slots=2, psu_bays=1, drive_bays=2,
                drive_form_factors="U.2/2.5in", boot_m2_slots=2, baseline_power_w=100, open_air_gpus=True, **SRC)
B200 = Gpu(id="b200-sxm", name="B200", form_factor="SXM", vram_gib=180, memory_type="HBM3e", mem_bandwidth_gbs=8000,
           bf16_dense_tflops=2250, tdp_w=1000, pcie_gen=5, interconnect="NVLink 5", interconnect_gbs=1800,
           baseboard="hgx-b200", **SRC)
EXTRA = {p.id: p for p in (NVL, PCIE_300_350, CHASSIS_350, CHASSIS_300, TOWER, B200)}


@pytest.fixture(scope="module")
def eng() -> RuleEngine:
    return RuleEngine({**PARTS, **EXTRA})


def nvl_build(chassis: str = "pcie-350", gpus: int = 4) -> Build:
    return swap(small_build(chassis=chassis, gpu="l40s", gpus=gpus), "l40s", "h100-nvl")


def test_configurable_gpu_over_the_air_limit_is_a_warning_with_a_cap_fix(eng: RuleEngine) -> None:
    # The case: H100 NVL (350-400 W configurable) in a chassis rated 350 W per GPU.
    build = nvl_build()
    report = eng.validate(build)
    f = only(report, "cooling.gpu-tdp")
    assert f.severity is Severity.WARNING
    assert "400 W" in f.message and "cap it at 350 W" in f.message
    assert "configurable from 350 to 400 W" in f.explanation and "200 W less" in f.explanation  # 4 x 50 W
    assert f.fixes[0].description == "cap the GPUs at 350 W"
    assert f.fixes[0].ops == (SetGpuPowerCap(watts=350),)
    assert report.summary.power_by_component_w["gpu"] == 1600 and report.summary.gpu_power_limit_w == 400
    after = fixed(eng, build, f)
    assert not after.by_rule("cooling.gpu-tdp")
    # The capped GPUs' power shows in the node's sums.
    assert after.summary.power_by_component_w["gpu"] == 1400 and after.summary.gpu_power_limit_w == 350
    assert after.summary.power_max_w == report.summary.power_max_w - 200
    assert apply_op(build, f.fixes[0].ops[0]).gpu_power_cap_w == 350


def test_fixed_tdp_or_a_range_that_does_not_reach_stays_an_error(eng: RuleEngine) -> None:
    # The NVL cannot go below 350 W: in a 300 W chassis it is still an error, with no cap fix.
    f = only(eng.validate(nvl_build("pcie-300")), "cooling.gpu-tdp")
    assert f.severity is Severity.ERROR
    assert not any("cap" in x.description for x in f.fixes)
    # A GPU whose datasheet gives one figure (RTX 5090, 575 W) stays an error too.
    assert only(eng.validate(small_build(gpu="rtx-5090")), "cooling.gpu-tdp").severity is Severity.ERROR


def test_power_cap_is_held_inside_each_gpus_range(eng: RuleEngine) -> None:
    assert NVL.power_limit_w(None) == 400 and NVL.power_limit_w(370) == 370
    assert NVL.power_limit_w(200) == 350 and NVL.power_limit_w(500) == 400  # clamped to 350-400 W
    l40s = PARTS["l40s"]
    assert isinstance(l40s, Gpu) and l40s.power_limit_w(300) == 350  # no range: the TDP
    capped = nvl_build().model_copy(update={"gpu_power_cap_w": 200})
    assert eng.validate(capped).summary.gpu_power_limit_w == 350
    with pytest.raises(ValueError, match="tdp_min_w cannot exceed tdp_w"):
        Gpu.model_validate({**NVL.model_dump(), "tdp_min_w": 450})


def test_edge_limit_offers_the_cap_when_the_range_reaches_it(eng: RuleEngine) -> None:
    # Edge sites take GPUs up to 300 W; a 300-350 W card can be capped to it.
    build = with_env(swap(small_build(chassis="edge-1u", gpu="l20"), "l20", "h100-pcie-range"), kind="edge")
    f = only(eng.validate(build), "power.edge-gpu")
    assert f.fixes and f.fixes[0].description == "cap the GPUs at 300 W"
    assert not fixed(eng, build, f).by_rule("power.edge-gpu")


def test_power_cap_round_trips_and_old_builds_load(eng: RuleEngine) -> None:
    build = nvl_build().model_copy(update={"gpu_power_cap_w": 350.0})
    project = Project(project=ProjectInfo(name="p"), builds=(build,))
    data = json.loads(project.model_dump_json())
    assert data["builds"][0]["gpu_power_cap_w"] == 350
    assert Project.model_validate(data).builds[0].gpu_power_cap_w == 350
    del data["builds"][0]["gpu_power_cap_w"]  # a file written before the cap existed
    assert Project.model_validate(data).builds[0].gpu_power_cap_w is None


def test_n_plus_2_keeps_two_psus_in_reserve(eng: RuleEngine) -> None:
    # NVIDIA DGX H100 runs 4 + 2 of its 6 PSUs.
    assert psu_usable_w(6, 3300, Redundancy.N_PLUS_2) == 4 * 3300
    assert psus_needed(9792, 3300, Redundancy.N_PLUS_2) == 5  # 3 carry it, 2 in reserve
    report = eng.validate(hgx_build(psu_redundancy=Redundancy.N_PLUS_2))
    assert report.summary.psu_redundancy == "n+2" and report.summary.psu_usable_w == 12000
    assert not report.by_rule("power.psu-capacity") and not report.by_rule("power.psu-redundancy")
    # Two PSUs cannot be N+2.
    two = small_build().model_copy(update={"psu_redundancy": Redundancy.N_PLUS_2})
    f = only(eng.validate(two), "power.psu-redundancy")
    assert f.message == "N+2 needs at least 3 PSUs; 2 placed"
    assert [x.description for x in f.fixes] == ["use N+1 redundancy", "accept no PSU redundancy"]  # 2 bays only
    assert not fixed(eng, two, f).by_rule("power.psu-redundancy")


def test_consumer_card_in_a_tower_built_for_open_air_cards(eng: RuleEngine) -> None:
    tower = swap(small_build(chassis="edge-1u", gpu="l20"), "l20", "rtx-5090").model_copy(
        update={"chassis_id": "tower", "psu_redundancy": Redundancy.NONE})
    tower = tower.model_copy(update={"placements": tuple(
        p.model_copy(update={"slots": ("psu0",)}) if p.part_id == "psu-2000" else p for p in tower.placements)})
    assert not eng.validate(tower).by_rule("cooling.consumer-card")
    # The same card in a front-to-back server still gets the warning.
    assert only(eng.validate(swap(small_build(chassis="edge-1u", gpu="l20"), "l20", "rtx-5090")),
                "cooling.consumer-card").severity is Severity.WARNING


def test_a_module_that_cannot_be_mounted_gets_only_the_fit_error(eng: RuleEngine) -> None:
    # 4 x H100 SXM (700 W modules) in a PCIe chassis rated 400 W per GPU: the fit error, no cooling error.
    build = swap(small_build(gpu="l40s", gpus=4), "l40s", "h100-sxm")
    ids = rule_ids(eng.validate(build))
    assert "fit.gpu-form-factor" in ids
    assert "cooling.gpu-tdp" not in ids and "cooling.consumer-card" not in ids
    # A 1000 W module for another baseboard in a 700 W HGX Hopper chassis: the same.
    ids = rule_ids(eng.validate(swap(hgx_build(), "h100-sxm", "b200-sxm")))
    assert "fit.gpu-form-factor" in ids and "cooling.gpu-tdp" not in ids
