"""Re-check a candidate the way a hand-made build is checked: a fresh RuleEngine and app.perf."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from app.core.build import SlotKind, slot_layout
from app.core.parts import AnyPart, Chassis
from app.core.placement import why_not
from app.perf import prepare
from app.perf.from_build import build_inputs
from app.recommend import Candidate, Requirements
from app.rules import RuleEngine, Severity


def assert_honest(c: Candidate, req: Requirements, parts: Mapping[str, AnyPart], engine: RuleEngine) -> None:
    """Zero error findings, the warnings it lists, every part in a slot that takes it, targets met at the load."""
    assert c.qualifies, c.failures
    report = engine.validate(c.build)
    errors = [f for f in report.findings if f.severity is Severity.ERROR]
    assert errors == [], [(f.rule_id, f.message) for f in errors]
    assert sorted(f.rule_id for f in c.warnings) == sorted(
        f.rule_id for f in report.findings if f.severity is Severity.WARNING)

    # Fully placed: every placement sits in a slot of its chassis that takes it (the drag-and-drop check).
    chassis = parts[c.build.chassis_id]
    assert isinstance(chassis, Chassis)
    layout = slot_layout(chassis)
    occupied = c.build.occupied()
    for slot_id, placement in c.build.iter_slots():
        slot = layout.by_id[slot_id]
        assert why_not(parts[placement.part_id], slot, chassis, occupied) is None, (slot_id, placement.part_id)
    gpu_slots = [s for s in layout.of_kind(SlotKind.GPU) if s.id in occupied]
    assert len(gpu_slots) == c.gpus_per_node

    # The same performance model as the GUI: build_inputs, the scenario's targets, at the load.
    assert c.build.workload is not None
    dep, wl = build_inputs(c.build, parts.get)
    ttft, tpot = req.targets()
    est = prepare(dep, replace(wl, ttft_target_ms=ttft, tpot_target_ms=tpot)).estimate(wl.concurrency)
    if ttft is not None:
        assert est.ttft_ms <= ttft
    if tpot is not None:
        assert est.tpot_ms <= tpot
    assert est.queued_per_replica == 0
    if req.peak_qps is not None:
        assert est.requests_per_s >= req.peak_qps * (1 - 1e-6)
    else:
        assert wl.concurrency == req.concurrency
    # The site: one node within the rack's power and the room's cooling.
    s = report.summary
    assert s.nodes_per_rack is not None and s.nodes_per_rack >= 1
    assert s.power_max_wall_w <= s.rack_usable_w
