"""Issue #19 item 1: node power at the client's operating point, against published measurements.

Every case of shared/research/power.md is a test within +/- 15 % (app.perf.power_fit.CASES says which
model each ran and what was assumed where the source is silent); the node side (host, fans, PSU curve)
is checked against SemiAnalysis PowerX and the measured 8 x H100 maximum; then the PSU curve, the
order of the four figures, the power cap and the command-line keys.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.catalog.seed import by_id, load_source_parts
from app.cli.main import main
from app.cli.project_cmd import run_validate
from app.core.build import Build, Workload
from app.core.parts import AnyPart, Gpu
from app.perf.power import (
    GpuPowerDataError,
    default_families,
    family_for,
    gpu_power_at,
    read_families,
    reference_node_wall_w,
)
from app.perf.power_fit import CASES, PowerCase, case_estimate, case_parts, predicted_w
from app.project import Project
from app.project.model import ProjectInfo
from app.rules import RuleEngine
from app.rules.context import GPU_POWER_AT_LOAD, fan_speed, psu_efficiency
from tests.perf.test_power_cap import nvl_build
from tests.rules.test_vendor_power import dgx_h100_equivalent

TOLERANCE = 0.15
POWERX_8X_H100 = ((0.0, 1852.0), (350.0, 4856.0), (700.0, 8000.0))  # W per GPU -> chassis IT W (draft model)
MEASURED_8X_H100_MAX_W = 8400.0  # Latif et al., IEEE Access 13 (2025): 8-GPU HGX H100 under training
DGX_H100_NAMEPLATE_W = 10200.0  # NVIDIA DGX H100 datasheet


@pytest.fixture(scope="module")
def catalog() -> dict[str, AnyPart]:
    return by_id(load_source_parts())


@pytest.fixture(scope="module")
def engine(catalog: dict[str, AnyPart]) -> RuleEngine:
    return RuleEngine(catalog)


def dgx_h100(workload: Workload | None = None, cap: float | None = None) -> Build:
    """The DGX H100's parts in the closest catalog chassis (tests/rules/test_vendor_power.py), with a load."""
    return dgx_h100_equivalent().model_copy(update={"workload": workload, "gpu_power_cap_w": cap})


def llama70b(concurrency: int, input_tokens: int = 8192, output_tokens: int = 1024) -> Workload:
    return Workload(llm_id="meta-llama-3.3-70b-instruct", weight_precision="fp8", kv_precision="fp8",
                    input_tokens=input_tokens, output_tokens=output_tokens, concurrency=concurrency, tp=8)


# ---- the published cases (one test each) -------------------------------------------------------------
FITTED = [c for c in CASES if not c.held_out]


@pytest.mark.parametrize("case", FITTED, ids=[c.name for c in FITTED])
def test_gpu_power_at_the_load_matches_the_published_case(case: PowerCase, catalog: dict[str, AnyPart]) -> None:
    est, gpu, llm = case_estimate(case, case_parts(catalog))
    got = predicted_w(gpu_power_at(est, gpu, llm), case)
    assert got == pytest.approx(case.measured_w, rel=TOLERANCE), f"{case.name}: {got:.0f} W vs {case.source}"


def test_gpt_oss_on_8_h100_stays_within_the_measured_range_at_every_concurrency(catalog: dict[str, AnyPart]) -> None:
    """Issue #828: 159-205 W per GPU (23-29 % of TDP) from concurrency 4 to 64: an MoE stays low."""
    base = next(c for c in CASES if c.name == "h100-gptoss-1k1k-c4")
    watts = []
    for conc in (4, 8, 16, 32, 64):
        case = PowerCase(**{**{f: getattr(base, f) for f in base.__dataclass_fields__}, "concurrency": conc})
        est, gpu, llm = case_estimate(case, catalog)
        watts.append(gpu_power_at(est, gpu, llm).board_w)
    assert all(159 * (1 - TOLERANCE) <= w <= 205 * (1 + TOLERANCE) for w in watts), watts
    assert watts == sorted(watts)  # more requests in flight, more power


def test_v100_prefill_draws_more_than_decode(catalog: dict[str, AnyPart]) -> None:
    case = next(c for c in CASES if c.name == "v100-decode")
    est, gpu, llm = case_estimate(case, case_parts(catalog))
    p = gpu_power_at(est, gpu, llm)
    assert p.idle_w < p.decode_w < p.prefill_w <= gpu.tdp_w


def test_mi300x_prefill_spikes_near_89_percent_of_tdp_while_decode_averages_about_half(
        catalog: dict[str, AnyPart]) -> None:
    cases = {c.name: c for c in CASES}
    est, gpu, llm = case_estimate(cases["mi300x-gptoss-1k8k"], catalog)
    decode_heavy = gpu_power_at(est, gpu, llm)
    assert decode_heavy.board_w / gpu.tdp_w == pytest.approx(0.47, rel=TOLERANCE)
    assert decode_heavy.prefill_w / gpu.tdp_w == pytest.approx(0.89, rel=TOLERANCE)


# ---- the node: host, fans and PSUs ------------------------------------------------------------------
@pytest.mark.parametrize(("gpu_w", "chassis_w"), POWERX_8X_H100, ids=["0W", "350W", "700W"])
def test_node_at_a_given_gpu_power_matches_the_powerx_chassis_curve(gpu_w: float, chassis_w: float,
                                                                    engine: RuleEngine) -> None:
    ctx = engine.context(dgx_h100())
    ctx.memo[GPU_POWER_AT_LOAD] = (gpu_w, 0.0)
    assert ctx.node_power().load_wall_w == pytest.approx(chassis_w, rel=TOLERANCE)
    assert reference_node_wall_w(gpu_w, 8) == pytest.approx(chassis_w, rel=TOLERANCE)  # estimate's reference host


def test_8_h100_node_with_gpus_at_tdp_is_near_the_measured_max_and_sizing_keeps_the_nameplate(
        engine: RuleEngine) -> None:
    """8.4 kW measured under heavy training vs 10.2 kW nameplate: max (sizing) stays the nameplate-class sum,
    the node with every GPU at its TDP lands near the measurement, the extreme above both."""
    ctx = engine.context(dgx_h100())
    ctx.memo[GPU_POWER_AT_LOAD] = (700.0, 70.0)
    node = ctx.node_power()
    assert node.load_wall_w == pytest.approx(MEASURED_8X_H100_MAX_W, rel=TOLERANCE)
    assert node.max_wall_w == pytest.approx(DGX_H100_NAMEPLATE_W, rel=0.05)
    assert node.max_wall_w > MEASURED_8X_H100_MAX_W and node.extreme_wall_w > node.max_wall_w


def test_summary_carries_the_four_figures_at_the_operating_point(engine: RuleEngine) -> None:
    report = engine.validate(dgx_h100(llama70b(4)))
    s = report.summary
    assert s.power_load_basis == "operating point" and s.gpu_power_load_w is not None
    assert s.gpu_power_load_w == pytest.approx(317, rel=TOLERANCE)  # the PR #2323 case through the whole path
    assert s.power_idle_wall_w < s.power_load_wall_w <= s.power_max_wall_w <= s.power_extreme_wall_w
    assert s.heat_load_w == s.power_load_wall_w and s.heat_w == s.power_max_wall_w  # cooling keeps the max
    assert s.rack_power_w is not None and s.rack_power_w["load"] == pytest.approx(s.power_load_wall_w)
    assert report.load is not None and report.load["gpu_power_w"] == pytest.approx(s.gpu_power_load_w, abs=0.1)
    # Without a workload there is no operating point: the profile's typical share, said so.
    bare = engine.validate(dgx_h100()).summary
    assert bare.power_load_basis == "typical" and bare.gpu_power_load_w is None
    assert bare.power_idle_wall_w < bare.power_load_wall_w <= bare.power_max_wall_w <= bare.power_extreme_wall_w


def test_more_load_more_watts_and_the_cap_holds(engine: RuleEngine) -> None:
    loads = [engine.validate(dgx_h100(llama70b(c, 1024, 1024))).summary for c in (1, 8, 64, 256)]
    gpu_w = [s.gpu_power_load_w or 0.0 for s in loads]
    assert all(s.power_load_basis == "operating point" for s in loads) and gpu_w == sorted(gpu_w)
    assert gpu_w[0] < gpu_w[-1]
    assert [s.power_load_wall_w for s in loads] == sorted(s.power_load_wall_w for s in loads)
    # 4 x H100 NVL (350-400 W configurable): capped at 350 W, the board never draws more.
    full = engine.validate(nvl_build(concurrency=64)).summary
    capped = engine.validate(nvl_build(350, concurrency=64)).summary
    assert full.gpu_power_load_w is not None and capped.gpu_power_load_w is not None
    assert capped.gpu_power_load_w <= 350 < full.gpu_power_load_w <= 400
    assert capped.power_load_wall_w < full.power_load_wall_w and capped.power_load_basis == "operating point"


# ---- pieces ---------------------------------------------------------------------------------------
def test_psu_curve_follows_the_80_plus_level() -> None:
    points = {0.1: 0.90, 0.2: 0.94, 0.5: 0.96, 1.0: 0.91}  # Titanium, 230 V internal redundant
    for load, eff in points.items():
        assert psu_efficiency("80 PLUS Titanium", 0.96, load) == pytest.approx(eff)
    assert psu_efficiency("80 PLUS Titanium", 0.96, 0.35) == pytest.approx(0.95)
    assert psu_efficiency("80 PLUS Titanium", 0.96, 0.02) < 0.90  # fixed losses at a light load
    assert psu_efficiency("80 PLUS Platinum", 0.94, 0.2) == pytest.approx(0.90)
    assert psu_efficiency("80 PLUS Platinum", 0.95, 0.2) == pytest.approx(0.91)  # moved to the PSU's own 50 %
    assert psu_efficiency("vendor curve", 0.93, 0.2) == 0.93  # no known level: its 50 % figure


def test_fans_speed_up_with_the_gpus_and_a_hot_inlet() -> None:
    assert fan_speed(0.0) < fan_speed(0.5) < fan_speed(1.0) < fan_speed(1.0, inlet_c=35.0) <= 1.0


def test_every_catalog_gpu_has_a_power_family(catalog: dict[str, AnyPart]) -> None:
    families = default_families()
    assert families[-1].family == "other"
    named = {g.id: family_for(g).family for g in catalog.values() if isinstance(g, Gpu)}
    assert named["nvidia-h100-sxm5-80gb"] == named["nvidia-h200-sxm-141gb"] == "hopper"
    assert named["amd-instinct-mi300x"] == "cdna3" and named["nvidia-b200-sxm"] == "blackwell"
    assert all(f.source for f in families)


def test_a_broken_power_table_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "gpu-power.csv"
    bad.write_text("family,match,idle_share,busy_share,source,notes\nx,nvidia-*,0.5,0.2,src,\n", encoding="utf-8")
    with pytest.raises(GpuPowerDataError, match="line 2"):
        read_families(bad)
    bad.write_text("family,match,idle_share,busy_share,source,notes\nx,nvidia-*,0.1,0.2,src,\n", encoding="utf-8")
    with pytest.raises(GpuPowerDataError, match="every GPU"):
        read_families(bad)


# ---- the command line -----------------------------------------------------------------------------
def test_estimate_json_gains_the_watts_at_the_operating_point(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["--data-dir", str(tmp_path), "estimate", "--gpu", "nvidia-h100-sxm5-80gb", "--tp", "8",
               "--model", "meta-llama-3.3-70b-instruct", "--precision", "fp8", "--input-len", "8192",
               "--output-len", "1024", "--concurrency", "4", "--json"])
    assert rc == 0
    d = json.loads(capsys.readouterr().out)
    p = d["power"]
    assert p["gpu_power_w"] == pytest.approx(317, rel=TOLERANCE)
    assert p["gpu_power_idle_w"] < p["gpu_power_w"] < p["gpu_power_prefill_w"] <= p["gpu_power_limit_w"] == 700
    assert p["node_wall_w"] == pytest.approx(reference_node_wall_w(p["gpu_power_w"], 8), rel=1e-3)
    assert "reference host" in p["node_basis"] and p["gpu_count"] == 8
    assert any("operating point" in n for n in d["cost_notes"])  # energy priced at the load, not TDP x 1.3


def test_validate_json_carries_the_four_figures(catalog: dict[str, AnyPart]) -> None:
    project = Project(project=ProjectInfo(name="dgx"), builds=(dgx_h100(llama70b(4)),))
    doc, _ = run_validate(project, project.builds, catalog, as_json=True, path="dgx.json")
    build = json.loads(doc)["builds"][0]
    s = build["summary"]
    for key in ("power_idle_wall_w", "power_load_wall_w", "power_max_wall_w", "power_extreme_wall_w",
                "gpu_power_load_w", "power_load_basis", "heat_load_w", "rack_power_w",
                "power_typical_wall_w"):  # the old keys stay
        assert key in s, key
    assert s["power_load_basis"] == "operating point"
    assert build["load"]["gpu_power_w"] == pytest.approx(s["gpu_power_load_w"], abs=0.1)
