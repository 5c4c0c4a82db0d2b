"""#19 item 2: per PSU, per feed and per phase currents, computed by hand.

6 x 3,000 W Titanium PSUs (N+N, three on each feed), a node drawing 9,000 W at the wall at its
maximum and 6,000 W at the operating point, power factor 0.95:

- 230 V single phase: a PSU carries 9,000 / 6 = 1,500 W = 1,500 / (230 x 0.95) = 6.865 A; feed A's
  three PSUs 4,500 W = 20.59 A; with feed B lost they carry 9,000 W = 41.19 A, over a 32 A breaker
  at 80 % (25.6 A).
- 415 V three phase (239.6 V phase to neutral): each feed's three PSUs sit on L1, L2, L3: 1,500 W
  = 6.590 A per phase; feed B lost: 3,000 W = 13.18 A per phase, the balanced-load formula
  W / (sqrt(3) x 415 x 0.95) = 9,000 / 655.6 = 13.18 A; within a 32 A breaker at 80 %.
- 110 V: 1,500 W = 14.35 A per PSU.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from app.core.parts import Psu
from app.facility.electrical import (
    OVER_C20,
    ElectricalAssumptions,
    NodeElectrical,
    balanced_three_phase_a,
    node_electrical,
    pdu_needs,
    psu_inlet,
    rack_phase_loads,
)

SRC = {"vendor": "Test", "source": "tests/facility"}
PSU_3000 = Psu(id="psu-3000", name="3000 W", rating_high_line_w=3000, rating_low_line_w=1500,
               efficiency="Titanium", efficiency_50pct=0.96, **SRC)
SIX = [(f"psu{i}", PSU_3000) for i in range(6)]


def _node(volts: float, phases: int = 1) -> NodeElectrical:
    return node_electrical(SIX, voltage_v=volts, phases=phases, load_wall_w=6000, max_wall_w=9000)


def test_six_psus_n_plus_n_at_230_v_single_phase() -> None:
    node = _node(230)
    assert [p.feed for p in node.psus] == ["A", "B", "A", "B", "A", "B"]
    psu = node.psus[0]
    assert psu.max_w == pytest.approx(1500)
    assert psu.max_a == pytest.approx(1500 / (230 * 0.95)) == pytest.approx(6.865, abs=1e-3)
    assert psu.load_a == pytest.approx(1000 / (230 * 0.95))
    assert psu.failover_w == pytest.approx(3000)
    assert psu.failover_a == pytest.approx(13.730, abs=1e-3)
    assert psu.share_of_rating == pytest.approx(1500 * 0.96 / 3000)
    (a, b) = rack_phase_loads(node, 1, breaker_a=32, derating=0.8)
    assert (a.feed, a.phase, a.psus, b.feed) == ("A", "L1", 3, "B")
    assert a.max_w == pytest.approx(4500) and a.max_a == pytest.approx(20.595, abs=1e-3)
    assert a.failover_w == pytest.approx(9000) and a.failover_a == pytest.approx(41.190, abs=1e-3)
    assert a.usable_a == pytest.approx(25.6)
    assert a.within_breaker is False  # one feed must carry the node: 41 A on a 32 A breaker


def test_six_psus_n_plus_n_at_415_v_three_phase() -> None:
    node = _node(415 / math.sqrt(3), phases=3)
    assert node.line_to_line_v == pytest.approx(415)
    loads = rack_phase_loads(node, 1, breaker_a=32, derating=0.8)
    assert [(p.feed, p.phase, p.psus) for p in loads] == [
        ("A", "L1", 1), ("A", "L2", 1), ("A", "L3", 1), ("B", "L1", 1), ("B", "L2", 1), ("B", "L3", 1)]
    for p in loads:
        assert p.max_a == pytest.approx(6.590, abs=1e-3)
        assert p.failover_w == pytest.approx(3000)
        assert p.failover_a == pytest.approx(balanced_three_phase_a(9000, 415, 0.95))
        assert p.failover_a == pytest.approx(13.18, abs=0.01)
        assert p.within_breaker is True


def test_three_phase_deals_psus_over_the_phases_through_the_rack() -> None:
    """Two nodes: feed A's six PSUs fall two to a phase, so the phases stay balanced."""
    loads = rack_phase_loads(_node(230, phases=3), 2, breaker_a=None, derating=0.8)
    assert {p.psus for p in loads} == {2}
    assert all(p.within_breaker is None for p in loads)  # no breaker stated: no verdict, never a guess
    assert sum(p.max_w for p in loads) == pytest.approx(18000)


def test_a_110_v_site_draws_more_current() -> None:
    node = _node(110)
    assert node.psus[0].max_a == pytest.approx(1500 / (110 * 0.95)) == pytest.approx(14.354, abs=1e-3)
    assert node.psus[0].share_of_rating == pytest.approx(1500 * 0.96 / 1500)  # low line: 1,500 W rating
    assert node.psus[0].worst_w == pytest.approx(1500 / 0.96)  # failover 3,000 W held to what it can draw


def test_single_psu_hangs_on_feed_a_with_no_failover() -> None:
    node = node_electrical(SIX[:1], voltage_v=230, phases=1, load_wall_w=500, max_wall_w=800)
    assert [p.feed for p in node.psus] == ["A"] and node.psus[0].failover_w is None
    assert [d.feed for d in pdu_needs(node, 3, ElectricalAssumptions())] == ["A"]


def test_inlet_stated_by_the_vendor_or_derived_and_said_so() -> None:
    stated = psu_inlet(PSU_3000.model_copy(update={"inlet": "C20"}), 0.95)
    assert (stated.inlet, stated.outlet, stated.stated) == ("C20", "C19", True)
    # 1,500 W / (0.96 x 100 V x 0.95) = 16.4 A on low line: past a C20's 16 A
    derived = psu_inlet(PSU_3000, 0.95)
    assert derived.inlet == OVER_C20 and not derived.stated and derived.max_input_a == pytest.approx(16.447, abs=1e-3)
    small = Psu(id="psu-800", name="800 W", rating_high_line_w=800, rating_low_line_w=800, efficiency="Platinum",
                efficiency_50pct=0.94, **SRC)
    # 800 / (0.94 x 100 x 0.95) = 8.96 A: a C14 (10 A)
    assert psu_inlet(small, 0.95).inlet == "C14" and "derived" in psu_inlet(small, 0.95).source
    mid = small.model_copy(update={"rating_high_line_w": 2400, "rating_low_line_w": 1200})
    assert psu_inlet(mid, 0.95).inlet == "C20"  # 1,200 / 89.3 = 13.4 A


def test_pdus_count_one_outlet_per_cord() -> None:
    node = replace(_node(230), inlet=psu_inlet(PSU_3000.model_copy(update={"inlet": "C20"}), 0.95))
    needs = pdu_needs(node, 5, ElectricalAssumptions())
    # five nodes x three PSUs per feed = 15 C19 cords per feed; 12 C19 outlets per PDU: 2 PDUs each
    assert [(d.feed, d.outlet, d.outlets, d.pdus) for d in needs] == [("A", "C19", 15, 2), ("B", "C19", 15, 2)]
