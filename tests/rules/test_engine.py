"""The engine: ordering, determinism, profile overrides, the registry, fixes as pure edits."""

from __future__ import annotations

import json
import random

import pytest

from app.core.build import Build, Placement, Redundancy
from app.rules import (
    REGISTRY,
    FixError,
    ProfileError,
    RuleEngine,
    Severity,
    apply_fix,
    apply_op,
    load_profile,
)
from app.rules.findings import Issue
from app.rules.fixes import AddParts, Fix, RemoveParts, ReplacePart, SetEnvironment, SetPsus, SetWorkload
from app.rules.registry import Need, RuleRegistry, load_builtin_rules
from tests.rules.factory import PARTS, hgx_build, placed, small_build, swap, with_env, without
from tests.rules.helpers import only, rule_ids


def broken_build() -> Build:
    """Many problems at once: errors, warnings and info from several concerns, most with fixes."""
    build = small_build(gpu="l40s", gpus=2, llm="llama-70b", weight_precision="int8", tp=1)
    build = placed(without(build, "epyc-9555"), Placement(part_id="epyc-9124", slots=("cpu0",)))
    build = placed(without(build, "m2-480"), Placement(part_id="mystery", slots=("pcie1",)))
    return with_env(build, feed_voltage_v=120)


def test_findings_ordered_by_severity_then_rule_id(engine: RuleEngine) -> None:
    report = engine.validate(broken_build())
    keys = [(f.severity.rank, f.rule_id) for f in report.findings]
    assert keys == sorted(keys)
    assert {f.severity for f in report.findings} == set(Severity)
    assert report.has_errors
    assert report.counts()["error"] == sum(1 for f in report.findings if f.severity is Severity.ERROR)


def test_findings_do_not_depend_on_placement_order(engine: RuleEngine) -> None:
    build = broken_build()
    expected = engine.validate(build)
    rng = random.Random(7)
    for _ in range(5):
        placements = list(build.placements)
        rng.shuffle(placements)
        shuffled = build.model_copy(update={"placements": tuple(placements)})
        assert engine.validate(shuffled).findings == expected.findings


def test_report_serialises_to_json(engine: RuleEngine) -> None:
    doc = engine.validate(broken_build()).to_dict()
    text = json.dumps(doc)
    back = json.loads(text)
    assert back["counts"] == doc["counts"]
    first = back["findings"][0]
    assert set(first) == {"rule_id", "severity", "message", "explanation", "sources", "slots", "part_ids", "fixes"}
    assert any(f["fixes"] and f["fixes"][0]["ops"][0]["op"] for f in back["findings"])
    assert back["summary"]["power_max_w"] > 0


def test_every_offered_fix_applies_cleanly(engine: RuleEngine) -> None:
    builds = [broken_build(), swap(hgx_build(), "ddr5-64", "ddr5-32"), swap(hgx_build(), "h100-sxm", "l40s"),
              with_env(hgx_build(node_count=3), cooling="air-perimeter", kind="custom", rack_budget_kw=60),
              without(small_build(), "m2-480")]
    applied = 0
    for build in builds:
        report = engine.validate(build)
        for f in report.findings:
            for fix in f.fixes:
                after = engine.validate(apply_fix(build, fix))
                # The finding a fix was offered for is gone afterwards.
                assert not [g for g in after.by_rule(f.rule_id) if g.message == f.message], \
                    (f.rule_id, fix.description)
                applied += 1
    assert applied >= 10


def test_rules_can_be_disabled_or_reclassified_by_profile() -> None:
    profile = load_profile(overrides={"rules": {"host.cores-per-gpu": {"enabled": False},
                                                "power.low-line": {"severity": "error"}}})
    engine = RuleEngine(PARTS, profile)
    report = engine.validate(broken_build())
    assert not report.by_rule("host.cores-per-gpu")
    assert {f.severity for f in report.by_rule("power.low-line")} == {Severity.ERROR}


def test_unknown_rule_in_profile_is_refused() -> None:
    with pytest.raises(ProfileError, match=r"unknown rules: no\.such-rule"):
        RuleEngine(PARTS, load_profile(overrides={"rules": {"no.such-rule": {"enabled": False}}}))


def test_threshold_override_changes_verdict_and_source(engine: RuleEngine) -> None:
    build = swap(hgx_build(), "epyc-9555", "epyc-9124")  # 4 cores per GPU
    assert engine.validate(build).by_rule("host.cores-per-gpu")
    relaxed = load_profile(overrides={"host": {"cores_per_gpu_min": {"value": 4}}})
    assert relaxed.host.cores_per_gpu_min.source.startswith("user override (default 8 cores per GPU: seed 004")
    assert not RuleEngine(PARTS, relaxed).validate(build).by_rule("host.cores-per-gpu")


def test_a_new_rule_is_one_decorated_function() -> None:
    registry = RuleRegistry()

    @registry.rule("custom.gpu-count", Severity.WARNING, "At most 4 GPUs", needs=(Need.GPUS,))
    def at_most_four(ctx):  # type: ignore[no-untyped-def]
        if ctx.gpu_count > 4:
            yield Issue(f"{ctx.gpu_count} GPUs", "site policy: at most 4", slots=tuple(s for s, _ in ctx.gpus))

    engine = RuleEngine(PARTS, registry=registry)
    assert rule_ids(engine.validate(hgx_build())) == ["custom.gpu-count"]
    assert engine.validate(small_build()).findings == ()
    with pytest.raises(ValueError, match="registered twice"):
        registry.rule("custom.gpu-count", Severity.INFO, "again")(at_most_four)


def test_builtin_registry_covers_every_concern() -> None:
    registry = load_builtin_rules()
    assert registry is REGISTRY
    assert {spec.concern for spec in registry} == {"fit", "vram", "power", "cooling", "rack", "host", "multigpu",
                                                   "perf", "precision", "engine"}
    assert all(spec.title for spec in registry)


def test_apply_fix_is_pure_and_checks_slots() -> None:
    build = small_build()
    fix = Fix(description="add GPU", ops=(AddParts(part_id="l40s", slots=("gpu1",)), SetWorkload(changes={"tp": 2})))
    new = apply_fix(build, fix)
    assert build.workload is not None and build.workload.tp == 1
    assert new.workload is not None and new.workload.tp == 2
    assert new.occupied()["gpu1"] == "l40s" and "gpu1" not in build.occupied()
    with pytest.raises(FixError, match="already holds"):
        apply_op(new, AddParts(part_id="l20", slots=("gpu1",)))
    with pytest.raises(FixError, match="no part in slot gpu3"):
        apply_op(new, RemoveParts(slots=("gpu3",)))
    with pytest.raises(FixError, match="tp"):
        apply_op(new, SetWorkload(changes={"tp": 0}))
    with pytest.raises(FixError, match="unknown workload field"):
        apply_op(new, SetWorkload(changes={"turbo": True}))
    with pytest.raises(FixError):
        apply_op(new, SetEnvironment(changes={"kind": "moon"}))


def test_set_psus_and_replace_part() -> None:
    build = apply_op(small_build(), SetPsus(part_id="psu-2700", count=2))
    assert [p for p in build.placements if p.part_id.startswith("psu")] == [
        Placement(part_id="psu-2700", slots=("psu0", "psu1"))]
    swapped = apply_op(build, ReplacePart(slots=("gpu0",), part_id="l20"))
    assert swapped.occupied()["gpu0"] == "l20"
    assert build.model_copy(update={"psu_redundancy": Redundancy.NONE}).psu_redundancy is Redundancy.NONE


def test_fix_round_trips_through_json(engine: RuleEngine) -> None:
    f = only(engine.validate(broken_build()), "vram.fit")
    for fix in f.fixes:
        assert Fix.model_validate_json(fix.model_dump_json()) == fix
