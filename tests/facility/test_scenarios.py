"""#19 item 3: failure scenarios, each judged by validating the build again with the change applied."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.catalog.seed import by_id, load_source_parts
from app.core.build import Build, Redundancy
from app.facility.scenarios import failure_scenarios
from app.paths import resources_dir
from app.project import load_project
from app.rules.engine import RuleEngine
from app.rules.findings import Severity
from tests.rules.factory import PARTS, hgx_build, swap

SAMPLE = resources_dir() / "samples" / "hgx-h200-8gpu.json"


@pytest.fixture(scope="module")
def sample() -> tuple[RuleEngine, Build]:
    return RuleEngine(by_id(load_source_parts())), load_project(SAMPLE).builds[0]


def test_hgx_sample_scenarios(sample: tuple[RuleEngine, Build]) -> None:
    """6 x 3,000 W, N+2, node max 9,678 W DC: one PSU lost leaves N+1 (4 x 3,000 W carry it); feed A
    lost leaves 3 x 3,000 = 9,000 W (short); at 110 V each PSU gives 1,500 W (N+2: 6,000 W, short); the
    H200's datasheet gives no configurable range, so no cap is offered; the chassis' inlet range is
    not in the catalog."""
    engine, build = sample
    base = engine.validate(build)
    by_key = {s.key: s for s in failure_scenarios(engine, build, base)}
    assert list(by_key) == ["psu-lost", "feed-lost", "low-line", "hot-aisle"]
    lost = by_key["psu-lost"]
    assert lost.keeps_running is True and lost.appeared == () and "judged at N+1" in lost.change
    feed = by_key["feed-lost"]
    assert feed.keeps_running is False and feed.cap_w is None and feed.appeared == ("power.psu-capacity",)
    assert "no configurable power range" in feed.note and "N+2, not N+N" in feed.note
    low = by_key["low-line"]
    assert low.keeps_running is False and set(low.appeared) == {"power.low-line", "power.psu-capacity"}
    hot = by_key["hot-aisle"]
    assert hot.keeps_running is None and hot.verdict == "unknown" and "not stated" in hot.note
    assert base == engine.validate(build)  # the build itself is untouched


def test_the_highest_gpu_cap_that_keeps_a_node_running_on_one_feed() -> None:
    """6 x 2,700 W under N+1: feed B's three give 8,100 W, short of the node's maximum; with a configurable
    200-700 W range the node runs capped on one feed, and one watt more does not."""
    parts = dict(PARTS)
    parts["h100-sxm"] = parts["h100-sxm"].model_copy(update={"tdp_min_w": 200.0})
    engine = RuleEngine(parts)
    build = swap(hgx_build(psu_redundancy=Redundancy.N_PLUS_1), "psu-3000", "psu-2700")
    base = engine.validate(build)
    assert not base.by_rule("power.psu-capacity")
    feed = next(s for s in failure_scenarios(engine, build, base) if s.key == "feed-lost")
    assert feed.keeps_running is False and feed.cap_w is not None and 200 <= feed.cap_w < 700
    one_feed = build.model_copy(update={"placements": tuple(
        p if p.part_id != "psu-2700" else p.model_copy(update={"slots": ("psu1", "psu3", "psu5")})
        for p in build.placements), "psu_redundancy": Redundancy.NONE})

    def runs(cap: float) -> bool:
        report = engine.validate(one_feed.model_copy(update={"gpu_power_cap_w": cap}))
        return not any(f.severity is Severity.ERROR and f.rule_id == "power.psu-capacity" for f in report.findings)

    assert runs(feed.cap_w) and not runs(feed.cap_w + 1)
    assert feed.node_max_wall_w is not None and feed.node_max_wall_w < base.summary.power_max_wall_w
    assert "capped at" in feed.verdict


def test_a_vendor_inlet_range_decides_the_hot_aisle(sample: tuple[RuleEngine, Build]) -> None:
    engine, build = sample
    parts = dict(engine.index.parts)
    chassis = parts[build.chassis_id]
    for limit, verdict in ((35.0, True), (30.0, False)):
        parts[build.chassis_id] = chassis.model_copy(update={"max_inlet_c": limit})
        eng = RuleEngine(parts)
        hot = failure_scenarios(eng, build, eng.validate(build))[-1]
        assert (hot.key, hot.keeps_running) == ("hot-aisle", verdict)


def test_a_single_psu_node_stops_when_it_is_lost() -> None:
    engine = RuleEngine(PARTS)
    build = hgx_build(psu_redundancy=Redundancy.NONE)
    build = build.model_copy(update={"placements": tuple(
        p if p.part_id != "psu-3000" else p.model_copy(update={"slots": ("psu0",)}) for p in build.placements)})
    scenarios = failure_scenarios(engine, build, engine.validate(build))
    assert [(s.key, s.keeps_running) for s in scenarios[:2]] == [("psu-lost", False), ("feed-lost", False)]
    assert replace(scenarios[0], note="").verdict == "stops"
