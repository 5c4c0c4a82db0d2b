"""Power rules: node draw, PSU capacity per redundancy mode and line voltage, rack budget."""

from __future__ import annotations

import pytest

from app.core.build import Placement, Redundancy
from app.rules import RuleEngine, Severity
from tests.rules.factory import hgx_build, placed, small_build, swap, with_env, without
from tests.rules.helpers import fixed, only

# hgx_build(): 8 x 700 + 2 x 360 + 24 x 9 + 8 x 25 + (2 x 8 + 2 x 13.5) + 2000 baseline
HGX_MAX_DC = 5600 + 720 + 216 + 200 + 43 + 2000  # 8,779 W


def test_node_draw_max_typical_and_wall(engine: RuleEngine) -> None:
    s = engine.validate(hgx_build()).summary
    assert s.power_max_w == HGX_MAX_DC
    assert s.power_by_component_w == {"gpu": 5600, "cpu": 720, "dimm": 216, "nic": 200, "drive": 43, "chassis": 2000}
    # typical: GPU 0.75, CPU 0.6, DIMM 0.7, NIC 0.8, drive 0.5, chassis 0.6 (profile assumptions)
    typical = 5600 * 0.75 + 720 * 0.6 + 216 * 0.7 + 200 * 0.8 + 43 * 0.5 + 2000 * 0.6
    assert s.power_typical_w == pytest.approx(typical, abs=0.1)
    assert s.power_max_wall_w == pytest.approx(HGX_MAX_DC / 0.96, abs=0.1)  # Titanium 96 % at 50 % load
    assert s.heat_btu_h == pytest.approx(HGX_MAX_DC / 0.96 * 3.412, abs=0.5)


def test_psu_capacity_n_plus_n(engine: RuleEngine) -> None:
    # 6 x 3000 W as 3+3 = 9000 W usable >= 8779 W: fine. 4 x 3000 W as 2+2 = 6000 W: not.
    assert not engine.validate(hgx_build()).by_rule("power.psu-capacity")
    build = without(hgx_build(), "psu-3000")
    build = placed(build, Placement(part_id="psu-3000", slots=("psu0", "psu1", "psu2", "psu3")))
    report = engine.validate(build)
    f = only(report, "power.psu-capacity")
    assert f.severity is Severity.ERROR
    assert "6,000 W under N+N" in f.message and "8,779 W" in f.message
    assert report.summary.psu_usable_w == 6000
    # ceil(8779 / 3000) = 3 carry the load, doubled for N+N.
    assert f.fixes[0].description.startswith("use 6 x 3,000 W PSUs (Test 3000 W) for N+N")
    assert not fixed(engine, build, f).by_rule("power.psu-capacity")


def test_psu_capacity_n_plus_1_picks_bigger_psu_when_bays_run_out(engine: RuleEngine) -> None:
    # 4 x L40S: 1400 + 720 + 216 + 9 + 29.5 + 400 = 2774.5 W; 2 bays, N+1 -> one PSU must carry it all.
    build = small_build(gpu="l40s", gpus=4)
    report = engine.validate(build)
    assert report.summary.power_max_w == 2774.5
    f = only(report, "power.psu-capacity")
    assert f.fixes[0].description == "use 2 x 3,000 W PSUs (Test 3000 W) for N+1: 3,000 W usable >= 2,774 W"
    assert not fixed(engine, build, f).by_rule("power.psu-capacity")


def test_no_redundancy_uses_every_psu(engine: RuleEngine) -> None:
    build = small_build(gpu="l40s", gpus=4).model_copy(update={"psu_redundancy": Redundancy.NONE})
    report = engine.validate(build)
    assert report.summary.psu_usable_w == 4000
    assert not report.by_rule("power.psu-capacity")


def test_low_line_derating(engine: RuleEngine) -> None:
    # At 120 V the 2000 W PSU gives 1000 W: N+1 of 2 -> 1000 W < 1724.5 W.
    build = with_env(small_build(), feed_voltage_v=120)
    report = engine.validate(build)
    assert report.summary.psu_rating_w == 1000
    f = only(report, "power.low-line")
    assert f.severity is Severity.WARNING  # it would have been enough on high line
    assert "gives 1,000 W, not 2,000 W" in f.message
    capacity = only(report, "power.psu-capacity")
    assert capacity.severity is Severity.ERROR
    # No PSU gives 1724 W on 120 V (the 3000 W model gives 1500 W there), so only the feed can change.
    assert [x.description for x in capacity.fixes] == ["feed the PSUs from 200-240 V (high line)"]
    assert not fixed(engine, build, capacity).by_rule("power.psu-capacity")


def test_redundancy_needs_two_psus(engine: RuleEngine) -> None:
    build = without(small_build(), "psu-2000")
    build = placed(build, Placement(part_id="psu-2000", slots=("psu0",)))
    f = only(engine.validate(build), "power.psu-redundancy")
    assert f.severity is Severity.ERROR
    assert [fx.description for fx in f.fixes] == ["add a PSU: 2 x Test 2000 W", "accept no PSU redundancy"]
    for i in range(2):
        assert not fixed(engine, build, f, i).by_rule("power.psu-redundancy")


def test_odd_count_under_n_plus_n(engine: RuleEngine) -> None:
    build = without(hgx_build(), "psu-3000")
    build = placed(build, Placement(part_id="psu-3000", slots=("psu0", "psu1", "psu2", "psu3", "psu4")))
    report = engine.validate(build)
    f = only(report, "power.psu-redundancy")
    assert f.severity is Severity.WARNING
    assert report.summary.psu_usable_w == 6000  # 5 // 2 = 2 x 3000


def test_mixed_psu_models(engine: RuleEngine) -> None:
    build = without(small_build(), "psu-2000")
    build = placed(build, Placement(part_id="psu-2000", slots=("psu0",)), Placement(part_id="psu-2700",
                                                                                     slots=("psu1",)))
    report = engine.validate(build)
    f = only(report, "power.psu-mixed")
    assert f.severity is Severity.ERROR
    assert report.summary.psu_rating_w == 2000  # the smaller one counts
    assert not fixed(engine, build, f).by_rule("power.psu-mixed")


def test_rack_budget_enterprise_room_refuses_hgx(engine: RuleEngine) -> None:
    # Enterprise room: the rack may draw 6 kW (the low end of seed 003's 6-8 kW, and it says so) < 9,145 W.
    report = engine.validate(with_env(hgx_build(), kind="enterprise"))
    f = only(report, "power.rack-budget")
    assert f.severity is Severity.ERROR
    assert "The rack may draw 6,000 W (seed 003: enterprise rooms give 6-8 kW per rack" in f.explanation
    assert "the preset takes the low end, 6 kW: set the rack power to 8 kW if the room has it" in f.explanation
    assert report.summary.nodes_per_rack == 0


def test_enterprise_room_takes_a_two_gpu_node(engine: RuleEngine) -> None:
    # 2 x H100 PCIe node: 700 + 720 + 216 + 9 + 29.5 + 400 = 2074.5 W DC, 2161 W at the wall:
    # 4800 // 2161 = 2 nodes per rack by power.
    report = engine.validate(with_env(small_build(gpu="h100-pcie", gpus=2), kind="enterprise"))
    assert not report.by_rule("power.rack-budget")
    assert report.summary.nodes_per_rack_limits == {"power": 2, "rack_units": 21, "cooling": 3}
    assert report.summary.binding_limit == ["power"]


def test_custom_feed_from_amps(engine: RuleEngine) -> None:
    # 230 V x 32 A x 3 phases = 22,080 W; 80 % = 17,664 W.
    report = engine.validate(with_env(hgx_build(), kind="custom", feed_amps=32, feed_phases=3))
    assert report.summary.rack_budget_w == 22080
    assert report.summary.rack_usable_w == pytest.approx(17664)
    assert report.summary.nodes_per_rack_limits == {"power": 1, "rack_units": 5, "cooling": 2}


def test_edge_gpu_limit(engine: RuleEngine) -> None:
    edge = small_build(chassis="edge-1u", gpu="l20")
    edge = with_env(edge, kind="edge")
    assert not engine.validate(edge).by_rule("power.edge-gpu")
    hot = engine.validate(swap(edge, "l20", "rtx-5090"))
    f = only(hot, "power.edge-gpu")
    assert f.severity is Severity.ERROR and "575 W" in f.message and "300 W" in f.message
    two = with_env(small_build(gpu="l20", gpus=2), kind="edge")
    assert only(engine.validate(two), "power.edge-gpu").severity is Severity.WARNING
