"""#19 item 4: nodes placed by U over as many racks as the load needs, with weight, per-feed load and heat."""

from __future__ import annotations

import math

import pytest

from app.core.build import Redundancy
from app.facility import FacilityPlan, plan_facility
from app.facility.elevation import M3H_PER_CFM, airflow_cfm
from app.rules.engine import RuleEngine
from app.rules.summary import Summary
from tests.rules.factory import PARTS, hgx_build


def _plan(nodes: int, weight_kg: float | None) -> tuple[FacilityPlan, Summary]:
    parts = dict(PARTS)
    parts["hgx-sp5"] = parts["hgx-sp5"].model_copy(update={"weight_kg": weight_kg})
    engine = RuleEngine(parts)
    build = hgx_build(node_count=nodes)
    report = engine.validate(build)
    return plan_facility(engine, build, report, with_scenarios=False), report.summary


def test_seven_nodes_fill_racks_from_u1_with_weight_feed_load_and_heat() -> None:
    plan, s = _plan(7, 100.0)
    per_rack = s.nodes_per_rack
    assert per_rack is not None and per_rack >= 1
    assert len(plan.racks) == math.ceil(7 / per_rack) == s.racks_needed
    assert [len(r.nodes) for r in plan.racks] == [per_rack] * (7 // per_rack) + ([7 % per_rack] if 7 % per_rack else [])
    numbers = [n.number for r in plan.racks for n in r.nodes]
    assert numbers == list(range(1, 8))
    first = plan.racks[0]
    assert [(n.u_bottom, n.u_top) for n in first.nodes] == [(1 + 8 * i, 8 + 8 * i) for i in range(per_rack)]
    assert first.used_units == 8 * per_rack <= first.rack_units == 42
    assert first.weight_kg == pytest.approx(100.0 * per_rack)
    assert first.max_w == pytest.approx(s.power_max_wall_w * per_rack)
    assert first.heat_btu_h == pytest.approx(first.max_w * 3.412)
    a_load, a_max = first.feed_w("A")
    b_load, b_max = first.feed_w("B")
    assert a_max + b_max == pytest.approx(first.max_w) and a_max == pytest.approx(b_max)  # 3 + 3 PSUs per node
    assert a_load + b_load == pytest.approx(s.power_load_wall_w * per_rack)
    assert sum(r.max_w for r in plan.racks) == pytest.approx(7 * s.power_max_wall_w)


def test_an_unknown_weight_stays_not_stated_and_the_sheet_sums_up() -> None:
    plan, _ = _plan(3, None)
    assert all(r.weight_kg is None for r in plan.racks) and "not stated" in plan.weight_note
    totals = [row for row in plan.rows if row.is_total]
    assert len(totals) == len(plan.racks)
    for rack, total in zip(plan.racks, totals, strict=True):
        phases = [row for row in plan.rows if row.rack == rack.name and not row.is_total]
        assert sum(p.max_w for p in phases) == pytest.approx(total.max_w)
        assert sum(p.btu_h for p in phases) == pytest.approx(total.btu_h)
        assert total.airflow_cfm == pytest.approx(airflow_cfm(total.max_w, 3.412))
        assert total.airflow_m3h == pytest.approx(total.airflow_cfm * M3H_PER_CFM)
    # 10 kW at a 20 F rise: 34,120 BTU/h / 21.6 = 1,580 CFM (reference/platform.csv's formula)
    assert airflow_cfm(10_000, 3.412) == pytest.approx(1579.6, abs=0.1)


def test_no_racks_when_not_one_node_fits() -> None:
    parts = dict(PARTS)
    engine = RuleEngine(parts)
    build = hgx_build()
    build = build.model_copy(update={"environment": build.environment.model_copy(update={"rack_budget_kw": 1.0})})
    plan = plan_facility(engine, build, with_scenarios=False)
    assert plan.racks == () and plan.rows == ()


def test_a_stated_feed_breaker_is_checked_per_feed_and_phase() -> None:
    """A 230 V / 32 A three-phase feed at 80 %: 25.6 A per phase. One 8-GPU node puts one PSU on each
    phase of each feed: with the other feed lost each of them carries a third of the node's maximum."""
    engine = RuleEngine(PARTS)
    build = hgx_build()
    build = build.model_copy(update={"environment": build.environment.model_copy(update={"feed_amps": 32.0})})
    plan = plan_facility(engine, build, with_scenarios=False)
    phases = [row for row in plan.rows if not row.is_total and row.rack == plan.racks[0].name]
    assert all(row.usable_a == pytest.approx(25.6) for row in phases)
    node_w = plan.node.max_wall_w
    assert phases[0].failover_a == pytest.approx(phases[0].psus * node_w / 3 / (230 * 0.95))
    per_rack = len(plan.racks[0].nodes)
    assert all(p.within_breaker == (p.failover_a <= 25.6) for p in plan.racks[0].phases)
    assert plan.to_dict()["breaker_a"] == 32.0 and per_rack >= 1


def test_feed_lost_names_a_breaker_the_other_feed_would_overload() -> None:
    """4 PSUs on a 230 V / 20 A three-phase feed (16 A a phase at 80 %): the rules see the node's
    ~9 kW spread over three phases (13.9 A each) and pass it, but with feed A lost feed B's two PSUs sit
    on L1 and L2 only and carry half the node each: about 21 A."""
    engine = RuleEngine(PARTS)
    build = hgx_build(psu_redundancy=Redundancy.N_PLUS_1)
    build = build.model_copy(update={
        "placements": tuple(p if p.part_id != "psu-3000" else p.model_copy(update={"slots": ("psu0", "psu1", "psu2",
                                                                                             "psu3")})
                            for p in build.placements),
        "environment": build.environment.model_copy(update={"feed_amps": 20.0})})
    plan = plan_facility(engine, build)
    assert plan.racks
    feed = next(s for s in plan.scenarios if s.key == "feed-lost")
    worst = max(p.failover_a for p in plan.racks[0].phases)
    assert worst == pytest.approx(plan.node.max_wall_w / 2 / (230 * 0.95)) and worst > 16
    assert f"draws {worst:.1f} A, over the breaker's 16.0 A continuous limit" in feed.note
