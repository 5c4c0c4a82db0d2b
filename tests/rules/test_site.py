"""Sites that add up (issue #17, item 6): each preset states its power, cooling type and capacity per rack;
nodes per rack is the least of power (the feed derated, a stated rack power not), cooling and rack units, and
a finding names the limit that binds, in words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.catalog.seed import by_id, load_source_parts
from app.cli.project_cmd import run_validate
from app.core.build import CoolingType, Environment, EnvironmentKind
from app.paths import resources_dir
from app.project import load_project
from app.rules import FixError, ProfileError, RuleEngine, Severity, apply_fix, apply_op, default_profile, load_profile
from app.rules.fixes import SetEnvironment
from app.rules.site import resolve_site
from tests.rules.factory import hgx_build, small_build, with_env
from tests.rules.helpers import fixed, only

AIR = (CoolingType.OFFICE_AIR, CoolingType.AIR_PERIMETER, CoolingType.AIR_CONTAINMENT)
HGX_WALL_W = 8779 / 0.96  # 9,145 W per node


def test_each_preset_states_power_and_cooling_type_and_capacity_with_sources() -> None:
    profile = default_profile()
    for kind, preset in profile.environments.items():
        if kind is EnvironmentKind.CUSTOM:
            assert preset.rack_budget_kw is None and preset.feed_amps is None  # the build gives its own
            continue
        assert preset.rack_budget_kw is not None or preset.feed_amps is not None, kind
        assert preset.cooling_kw is not None and preset.cooling_kw.source, kind
    # 40 kW per rack is no air-cooled figure: the data center preset says which cooling it assumes and cools it all.
    dc = profile.environments[EnvironmentKind.DATACENTER]
    assert dc.rack_budget_kw is not None and dc.rack_budget_kw.value == 40
    assert dc.cooling not in AIR and dc.cooling is CoolingType.REAR_DOOR
    assert dc.cooling_kw is not None and dc.cooling_kw.value >= dc.rack_budget_kw.value
    assert "rear-door" in dc.cooling_kw.source and "direct liquid" in dc.cooling_kw.source
    # The enterprise room's 6-8 kW: the preset names the value it takes and how to change it.
    room = profile.environments[EnvironmentKind.ENTERPRISE]
    assert room.rack_budget_kw is not None and room.rack_budget_kw.value == 6
    assert "6-8 kW" in room.rack_budget_kw.source and "low end, 6 kW" in room.rack_budget_kw.source
    assert room.cooling in AIR and room.cooling_kw is not None and room.cooling_kw.value == 8


def test_data_center_rack_no_longer_binds_an_8_gpu_node_at_2(engine: RuleEngine) -> None:
    # The issue: 40 kW of power but 20 kW of (air) cooling held every 8-GPU node at 2 per rack, unexplained.
    report = engine.validate(hgx_build())
    s = report.summary
    assert s.cooling == "rear-door" and s.cooling_limit_w == 40_000 and s.rack_usable_w == 40_000
    assert s.nodes_per_rack_limits == {"power": 4, "rack_units": 5, "cooling": 4}
    assert s.nodes_per_rack == 4 and s.binding_limit == ["power", "cooling"]
    f = only(report, "rack.binding")
    assert f.severity is Severity.INFO
    assert f.message == ("4 node(s) per rack of 9.1 kW and 8 U each, where power and cooling bind together: 40 kW "
                         "of power, 40 kW of rear-door cooling; rack units would allow 5.")
    assert s.rack_limit_text == f.message


def test_cooling_that_binds_is_named_in_words(engine: RuleEngine) -> None:
    # One node alone: nothing is broken, but the rack holds 2 where power would allow 4.
    report = engine.validate(with_env(hgx_build(), cooling="air-containment"))
    f = only(report, "rack.binding")
    assert f.message == ("Cooling binds: 20 kW of air-containment cooling per rack holds 2 node(s) of 9.1 kW; "
                         "power would allow 4, rack units would allow 5.")
    assert "cooling 20,000 W / 9,145 W = 2" in f.explanation
    assert "air with containment: about 15-20 kW per rack" in " ".join(f.sources)
    assert not report.by_rule("cooling.rack-heat")
    # With more nodes than the cooling holds, the warning speaks instead (no second finding).
    three = engine.validate(with_env(hgx_build(node_count=3), cooling="air-containment"))
    assert only(three, "cooling.rack-heat").severity is Severity.WARNING and not three.by_rule("rack.binding")


def test_power_that_binds_is_named_in_words(engine: RuleEngine) -> None:
    build = with_env(hgx_build(), kind="custom", rack_budget_kw=20, cooling="direct-liquid")
    report = engine.validate(build)
    assert report.summary.nodes_per_rack_limits == {"power": 2, "rack_units": 5, "cooling": 10}
    assert only(report, "rack.binding").message == (
        "Power binds: 20 kW per rack holds 2 node(s) of 9.1 kW; cooling would allow 10, rack units would allow 5.")
    # A rack filled by its rack units has nothing to explain.
    assert engine.validate(small_build()).summary.binding_limit == ["rack_units"]
    assert not engine.validate(small_build()).by_rule("rack.binding")


def test_feed_is_derated_a_stated_rack_power_is_not(engine: RuleEngine) -> None:
    profile = default_profile()
    stated = resolve_site(Environment(kind="custom", rack_budget_kw=40), profile)
    assert stated.usable_w == 40_000 and stated.feed_w is None
    # 230 V x 32 A x 3 phases = 22,080 W; loaded to 80 %: 17,664 W.
    feed = resolve_site(Environment(kind="custom", feed_amps=32, feed_phases=3), profile)
    assert feed.feed_w == 22_080 and feed.usable_w == pytest.approx(17_664)
    # Both: the lower counts, and the finding says how it was reached.
    both = with_env(hgx_build(), kind="custom", rack_budget_kw=40, feed_amps=16, feed_phases=1)
    report = engine.validate(both)
    assert report.summary.rack_usable_w == pytest.approx(230 * 16 * 0.8)
    assert report.summary.feed_rating_w == 3680 and report.summary.feed_max_load == 0.8
    f = only(report, "power.rack-budget")
    assert ("The rack may draw 40,000 W (set for this site). Feed 230 V x 16 A = 3,680 W; loaded to at most 80% of "
            "its rating: 2,944 W. The lower, 2,944 W, counts.") in f.explanation
    # The breaker derating is the site's to set (a breaker rated for continuous load: 100 %).
    full = resolve_site(Environment(kind="custom", feed_amps=32, feed_phases=3, breaker_derating=1.0), profile)
    assert full.usable_w == 22_080 and full.feed_source == "set for this site"
    # The edge preset is an office circuit: 230 V x 10 A at 80 %.
    edge = resolve_site(Environment(kind="edge"), profile)
    assert edge.rack_power_w is None and edge.usable_w == pytest.approx(1840)


def test_enterprise_room_value_is_stated_and_can_be_the_high_end(engine: RuleEngine) -> None:
    two_gpus = with_env(small_build(gpu="h100-pcie", gpus=2), kind="enterprise")
    report = engine.validate(two_gpus)
    assert report.summary.rack_usable_w == 6000 and report.summary.nodes_per_rack_limits == {
        "power": 2, "rack_units": 21, "cooling": 3}
    f = only(report, "rack.binding")
    assert f.message.startswith("Power binds: 6 kW per rack holds 2 node(s) of 2.2 kW")
    assert "the preset takes the low end, 6 kW: set the rack power to 8 kW" in f.explanation
    # The room has 8 kW: typed over the preset's figure, the rest of the preset stays.
    eight = engine.validate(with_env(two_gpus, rack_budget_kw=8))
    assert eight.summary.rack_usable_w == 8000 and eight.summary.cooling == "air-perimeter"
    assert eight.summary.nodes_per_rack_limits == {"power": 3, "rack_units": 21, "cooling": 3}


def test_cooling_capacity_is_the_sites_own_and_the_cooling_fix_clears_it(engine: RuleEngine) -> None:
    # A rear-door sized at 10 kW holds one node; three are wanted.
    build = with_env(hgx_build(node_count=3), cooling_kw=10)
    report = engine.validate(build)
    assert report.summary.cooling_limit_w == 10_000 and report.summary.cooling_source == "set for this site"
    f = only(report, "cooling.rack-heat")
    after = fixed(engine, build, f)
    assert not after.by_rule("cooling.rack-heat")
    assert apply_fix(build, f.fixes[0]).environment.cooling_kw is None  # the new type brings its own capacity


def test_custom_site_without_power_gives_a_plain_message() -> None:
    with pytest.raises(FixError) as err:
        apply_op(hgx_build(), SetEnvironment(changes={"kind": "custom"}))
    assert str(err.value) == "a custom environment needs rack_budget_kw or feed_amps"  # no ": Value error, ..."
    with pytest.raises(FixError, match=r"^cooling_kw: Input should be greater than 0"):
        apply_op(hgx_build(), SetEnvironment(changes={"cooling_kw": 0}))


def test_old_environments_and_profiles_still_load(tmp_path: Path) -> None:
    old = Environment.model_validate({"kind": "custom", "feed_amps": 32, "feed_phases": 3, "cooling": "rear-door"})
    assert old.cooling_kw is None and old.breaker_derating is None
    assert resolve_site(old, default_profile()).cooling_ceiling_w == 50_000  # the type's figure
    # A user's profile override that still sets only the old fields merges and loads.
    path = tmp_path / "override.json"
    path.write_text(json.dumps({"environments": {"datacenter": {"rack_budget_kw": {"value": 60}}}}))
    assert load_profile(overrides=path).environments[EnvironmentKind.DATACENTER].cooling_kw is not None
    with pytest.raises(ProfileError, match=r"environments\.enterprise needs rack_budget_kw or feed_amps"):
        load_profile(overrides={"environments": {"enterprise": {"rack_budget_kw": None}}})


def test_validate_json_keeps_its_keys_and_adds_the_site_ones() -> None:
    project = load_project(resources_dir() / "samples" / "hgx-h100-8gpu.json")
    doc, _code = run_validate(project, project.builds, by_id(load_source_parts()), as_json=True, path="hgx.json")
    build = json.loads(doc)["builds"][0]
    summary = build["summary"]
    for key in ("rack_budget_w", "rack_usable_w", "cooling", "cooling_limit_w", "nodes_per_rack",
                "nodes_per_rack_limits", "binding_limit", "racks_needed", "heat_w", "heat_btu_h"):
        assert key in summary, key
    assert summary["cooling"] == "rear-door" and summary["cooling_limit_w"] == 40_000
    assert summary["rack_limit_text"] and summary["feed_max_load"] == 0.8 and summary["feed_rating_w"] is None
    (binding,) = [f for f in build["findings"] if f["rule_id"] == "rack.binding"]
    assert binding["severity"] == "info" and binding["message"] == summary["rack_limit_text"]
    assert set(binding) == {"rule_id", "severity", "message", "explanation", "sources", "slots", "part_ids", "fixes"}
