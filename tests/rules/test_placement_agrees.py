"""The drag-and-drop check and validation are one fit rule (issue #17, item 7).

``placement.why_not`` (what lights up while a part is dragged, what Shift-drop and the keyboard add
fill) and the hard slot-fit rules must agree slot by slot: a slot the check accepts gets no fit
error once the part is in it, and a slot it refuses gets one. Checked over the whole bundled catalog
on empty chassis, and as builds grow one accepted placement at a time.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.catalog.seed import load_source_parts
from app.core.build import SLOT_KINDS_FOR_PART, Build, Placement, Slot, SlotKind, slot_layout
from app.core.parts import AnyPart, Chassis, Cpu, Dimm, Llm
from app.core.placement import free_slots_for, why_not
from app.paths import catalog_source_dir
from app.rules.context import CatalogIndex, RuleContext
from app.rules.findings import Severity
from app.rules.profile import default_profile
from app.rules.registry import load_builtin_rules

CATALOG: dict[str, AnyPart] = {p.id: p for p in load_source_parts(catalog_source_dir())}
# A few parts the bundled catalog lacks, so the neighbour-dependent checks are exercised too: a 1-socket
# CPU (two of them in a 2-socket board is an error) and DIMMs a DDR5 controller does not take.
_epyc = CATALOG["amd-epyc-9124"]
_dimm = CATALOG["generic-ddr5-rdimm-64gb-4800"]
assert isinstance(_epyc, Cpu) and isinstance(_dimm, Dimm)
EXTRA: list[AnyPart] = [
    _epyc.model_copy(update={"id": "test-epyc-9124p", "name": "EPYC 9124P (test)", "max_sockets": 1}),
    _dimm.model_copy(update={"id": "test-ddr4-rdimm-64gb", "name": "DDR4 64GB (test)", "memory_type": "DDR4 RDIMM"}),
    _dimm.model_copy(update={"id": "test-mrdimm-64gb", "name": "MRDIMM 64GB (test)", "memory_type": "DDR5 MRDIMM"}),
]
PARTS: dict[str, AnyPart] = {**CATALOG, **{p.id: p for p in EXTRA}}

CHASSIS = sorted(p.id for p in CATALOG.values() if isinstance(p, Chassis))
HARDWARE = sorted(p.id for p in CATALOG.values() if not isinstance(p, Chassis | Llm))

# The hard slot-fit rules: a part in a slot that does not take it. (fit.dimm-socket, fit.dimm-balance,
# fit.gpu-baseboard and fit.pcie-lanes are about how full the node is, not about one slot.)
HARD = ("fit.slot", "fit.gpu-form-factor", "fit.gpu-width", "fit.cpu-socket", "fit.cpu-population",
        "fit.dimm-type", "fit.psu", "fit.drive-bay")
_REGISTRY = load_builtin_rules()
PROFILE = default_profile()
INDEX = CatalogIndex(PARTS)


def _severity(rule_id: str, issue_severity: Severity | None) -> Severity:
    spec = _REGISTRY.get(rule_id)
    assert spec is not None, rule_id
    setting = PROFILE.rules.get(rule_id)
    if setting is not None and setting.severity is not None:
        return setting.severity
    return issue_severity or spec.severity


def fit_errors(chassis_id: str, placed: Mapping[str, list[str]]) -> dict[str, set[str]]:
    """Slot -> ids of the hard fit rules that call a part in it an error (the engine's own functions)."""
    build = Build(name="t", chassis_id=chassis_id,
                  placements=tuple(Placement(part_id=p, slots=tuple(s)) for p, s in placed.items() if s))
    ctx = RuleContext(build, INDEX, PROFILE)
    out: dict[str, set[str]] = defaultdict(set)
    for rule_id in HARD:
        spec = _REGISTRY.get(rule_id)
        assert spec is not None
        for issue in spec.fn(ctx):
            if _severity(rule_id, issue.severity) is not Severity.ERROR:
                continue
            if rule_id == "fit.cpu-population" and len(issue.part_ids) > 1:
                continue  # "different CPU models in one node": population, left to validation
            for s in issue.slots:
                out[s].add(rule_id)
    return out


def _probe_slots(chassis: Chassis) -> list[Slot]:
    """First and last slot of every kind: where an empty chassis' answers can differ."""
    layout = slot_layout(chassis)
    return list({s.id: s for kind in SlotKind for s in (layout.of_kind(kind)[:1] + layout.of_kind(kind)[-1:])}
                .values())


@pytest.mark.parametrize("chassis_id", CHASSIS)
def test_every_catalog_part_in_an_empty_chassis(chassis_id: str) -> None:
    chassis = PARTS[chassis_id]
    assert isinstance(chassis, Chassis)
    layout = slot_layout(chassis)
    for part_id in HARDWARE:
        part = PARTS[part_id]
        # one slot at a time: accepted <=> no hard fit error about it
        for slot in _probe_slots(chassis):
            reason = why_not(part, slot, chassis, {}, PARTS)
            errors = fit_errors(chassis_id, {part_id: [slot.id]}).get(slot.id, set())
            assert (reason is None) == (not errors), (part_id, slot.id, reason, errors)
        # fill all (Shift-drop, Ctrl+Shift+Return): only slots that take it, and together they still fit
        filled = free_slots_for(part, layout, chassis, {}, PARTS)
        assert all(layout.by_id[s].kind in SLOT_KINDS_FOR_PART[part.kind] for s in filled)
        errors = fit_errors(chassis_id, {part_id: filled})
        assert not [s for s in filled if errors.get(s)], (part_id, {s: errors[s] for s in filled if errors.get(s)})


def test_an_m2_boot_drive_goes_only_in_the_m2_slots() -> None:
    """The reported case: an M.2 drive on a chassis whose bays list M.2 lit up all 19 U.2 bays."""
    chassis = PARTS["supermicro-sys-821ge-tnhr"]
    assert isinstance(chassis, Chassis) and "M.2" in chassis.drive_form_factors and chassis.drive_bays == 19
    layout = slot_layout(chassis)
    m2 = PARTS["micron-7450-pro-960gb-m2"]
    assert free_slots_for(m2, layout, chassis, {}, PARTS) == ["m2-0", "m2-1"]
    for bay in layout.of_kind(SlotKind.DRIVE):
        assert why_not(m2, bay, chassis, {}, PARTS) == "an M.2 drive goes in an M.2 slot, not a drive bay"
    assert fit_errors(chassis.id, {m2.id: ["drive0"]})["drive0"] == {"fit.drive-bay"}
    u2 = PARTS["samsung-pm9a3-3.84tb-u2"]
    assert free_slots_for(u2, layout, chassis, {}, PARTS) == [s.id for s in layout.of_kind(SlotKind.DRIVE)]


def test_fill_all_respects_the_neighbours() -> None:
    """Wide cards skip the positions they cover, 1-socket CPUs fill one socket, DIMMs suit the CPU."""
    diy = PARTS["diy-5u-4x-rtx-pro-6000-sp5"]  # PCIe positions 2 slots wide
    assert isinstance(diy, Chassis)
    layout = slot_layout(diy)
    rtx4090 = PARTS["nvidia-geforce-rtx-4090"]  # 3 slots wide
    assert free_slots_for(rtx4090, layout, diy, {}, PARTS) == ["gpu0", "gpu2"]
    assert free_slots_for(rtx4090, layout, diy, {}, PARTS, first="gpu1") == ["gpu1"]  # gpu3 has no gpu4 beside it
    assert why_not(PARTS["nvidia-l40s"], layout.by_id["gpu1"], diy, {"gpu0": rtx4090.id}, PARTS) is not None
    one_p = PARTS["test-epyc-9124p"]
    assert free_slots_for(one_p, layout, diy, {}, PARTS) == ["cpu0"]
    ddr4, ddr5 = PARTS["test-ddr4-rdimm-64gb"], PARTS["generic-ddr5-rdimm-64gb-4800"]
    with_cpu = {"cpu0": "amd-epyc-9124"}
    assert free_slots_for(ddr4, layout, diy, with_cpu, PARTS) == []
    filled = free_slots_for(ddr5, layout, diy, with_cpu, PARTS)
    assert filled and all(layout.by_id[s].socket == 0 for s in filled)  # socket 1 is empty: its DIMMs are dead
    assert len(free_slots_for(ddr5, layout, diy, {}, PARTS)) == len(layout.of_kind(SlotKind.DIMM))


_ALL_PARTS = sorted(p.id for p in PARTS.values() if not isinstance(p, Chassis | Llm))
_EXTRA_IDS = [p.id for p in EXTRA]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_check_and_rules_agree_as_a_build_grows(data: st.DataObject) -> None:
    chassis_id = data.draw(st.sampled_from(CHASSIS), label="chassis")
    chassis = PARTS[chassis_id]
    assert isinstance(chassis, Chassis)
    layout = slot_layout(chassis)
    placed: dict[str, list[str]] = defaultdict(list)
    occupied: dict[str, str] = {}
    for _ in range(data.draw(st.integers(1, 30), label="steps")):
        pool = _EXTRA_IDS if data.draw(st.integers(0, 5), label="extra?") == 0 else _ALL_PARTS
        part_id = data.draw(st.sampled_from(pool), label="part")
        part = PARTS[part_id]
        if data.draw(st.integers(0, 4), label="fill?") == 0:
            filled = free_slots_for(part, layout, chassis, occupied, PARTS)
            trial = {**placed, part_id: placed[part_id] + filled}
            errors = fit_errors(chassis_id, trial)
            assert not [s for s in filled if errors.get(s)], (part_id, filled, dict(errors))
            for s in filled:
                placed[part_id].append(s)
                occupied[s] = part_id
            continue
        own = [s for k in SLOT_KINDS_FOR_PART[part.kind] for s in layout.of_kind(k) if s.id not in occupied]
        free = [s for s in layout.slots if s.id not in occupied]
        if not free:
            break
        slot = data.draw(st.sampled_from(own if own and data.draw(st.integers(0, 5), label="any?") else free),
                         label="slot")
        reason = why_not(part, slot, chassis, occupied, PARTS)
        errors = fit_errors(chassis_id, {**placed, part_id: [*placed[part_id], slot.id]}).get(slot.id, set())
        assert (reason is None) == (not errors), (part_id, slot.id, reason, errors, dict(occupied))
        if reason is None:
            placed[part_id].append(slot.id)
            occupied[slot.id] = part_id
