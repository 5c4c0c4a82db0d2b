"""Cooling rules: GPU TDP vs air limit, rack heat in W and BTU/h vs the cooling ceiling."""

from __future__ import annotations

import pytest

from app.rules import RuleEngine, Severity
from tests.rules.factory import hgx_build, small_build, swap, with_env
from tests.rules.helpers import fixed, only

HGX_WALL_W = 8779 / 0.96  # 9,144.8 W per node = heat


def test_one_node_hotter_than_the_cooling_ceiling(engine: RuleEngine) -> None:
    # Perimeter CRAC removes 8 kW per rack; one HGX node gives off 9,145 W = 31,202 BTU/h.
    build = with_env(hgx_build(), kind="custom", rack_budget_kw=60, cooling="air-perimeter")
    report = engine.validate(build)
    f = only(report, "cooling.rack-heat")
    assert f.severity is Severity.ERROR
    assert "9,145 W (31,202 BTU/h)" in f.message
    assert report.summary.heat_btu_h == pytest.approx(HGX_WALL_W * 3.412, abs=0.5)
    # The weakest stronger cooling that removes 9.1 kW per rack: containment (20 kW).
    assert f.fixes[0].description == "plan air-containment cooling (20 kW per rack)"
    assert not fixed(engine, build, f).by_rule("cooling.rack-heat")


def test_cooling_binds_before_power(engine: RuleEngine) -> None:
    # Data center with containment air instead of its rear-door: 40 kW feeds 4 nodes of 9,145 W, the air
    # (20 kW) cools 2; 3 nodes wanted.
    build = with_env(hgx_build(node_count=3), cooling="air-containment")
    report = engine.validate(build)
    s = report.summary
    assert s.nodes_per_rack_limits == {"power": 4, "rack_units": 5, "cooling": 2}
    assert s.binding_limit == ["cooling"] and s.racks_needed == 2
    f = only(report, "cooling.rack-heat")
    assert f.severity is Severity.WARNING
    assert "Racks: 2 with this cooling, 1 with stronger cooling" in f.explanation
    after = fixed(engine, build, f)
    assert after.summary.cooling == "rear-door"
    assert after.summary.binding_limit == ["power"] and after.summary.racks_needed == 1
    # One node alone is within every limit: nothing to say.
    assert not engine.validate(hgx_build()).by_rule("cooling.rack-heat")


def test_gpu_tdp_over_chassis_air_limit(engine: RuleEngine) -> None:
    # pcie-2u cools GPUs up to 400 W with air; the RTX 5090 is 575 W.
    build = small_build(gpu="rtx-5090")
    f = only(engine.validate(build), "cooling.gpu-tdp")
    assert f.severity is Severity.ERROR
    assert "575 W" in f.message and "400 W" in f.message
    assert "liquid-cooled version exists" in f.explanation
    # Closest passive PCIe card within 400 W and 2 slots, at least the 5090's 32 GB: the L20.
    assert f.fixes[0].description == "use Test l20 (275 W, 48 GB)"
    assert not fixed(engine, build, f).by_rule("cooling.gpu-tdp")
    # With direct liquid cooling at the site and a liquid option on the chassis it is only a warning.
    liquid = with_env(build, cooling="direct-liquid")
    assert only(engine.validate(liquid), "cooling.gpu-tdp").severity is Severity.WARNING


def test_consumer_open_air_card_in_server(engine: RuleEngine) -> None:
    report = engine.validate(swap(small_build(chassis="edge-1u", gpu="l20"), "l20", "rtx-5090"))
    f = only(report, "cooling.consumer-card")
    assert f.severity is Severity.WARNING
    assert f.slots == ("gpu0",)
    assert not engine.validate(small_build(chassis="edge-1u", gpu="l20")).by_rule("cooling.consumer-card")
