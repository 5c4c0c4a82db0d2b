"""Physical-fit rules: slots, form factors, widths, sockets, DIMMs, PSUs, drives, PCIe lanes."""

from __future__ import annotations

from app.core.build import Build, Placement, dimm_slot_id
from app.rules import RuleEngine, Severity
from tests.rules.factory import dimms, hgx_build, placed, small_build, swap, with_workload, without
from tests.rules.helpers import fixed, only, rule_ids


def test_clean_builds_have_no_fit_findings(engine: RuleEngine) -> None:
    for build in (hgx_build(), small_build(), small_build(chassis="edge-1u", gpu="l20")):
        assert not [r for r in rule_ids(engine.validate(build)) if r.startswith("fit.")], build.name


def test_unknown_chassis_stops_slot_rules(engine: RuleEngine) -> None:
    report = engine.validate(hgx_build(chassis_id="no-such-box"))
    assert only(report, "fit.chassis").severity is Severity.ERROR
    assert "fit.slot" not in rule_ids(report) and "power.psu-capacity" not in rule_ids(report)
    assert report.summary.nodes_per_rack is None


def test_unknown_part_and_missing_slot(engine: RuleEngine) -> None:
    build = placed(hgx_build(), Placement(part_id="mystery-card", slots=("pcie9",)),
                   Placement(part_id="cx6-lx", slots=("pcie12",)))
    report = engine.validate(build)
    unknown = only(report, "fit.unknown-part")
    assert unknown.slots == ("pcie9",) and unknown.part_ids == ("mystery-card",)
    missing = only(report, "fit.slot")
    assert "has no slot pcie12" in missing.message and "10 PCIe slots" in missing.explanation
    after = fixed(engine, fixed_build := build, unknown)
    assert not after.by_rule("fit.unknown-part")
    assert fixed_build is build  # fixes never change the build they were applied to


def test_wrong_slot_kind(engine: RuleEngine) -> None:
    build = placed(without(small_build(), "l40s"), Placement(part_id="ddr5-64", slots=("gpu0",)),
                   Placement(part_id="llama-8b", slots=("pcie1",)))
    report = engine.validate(build)
    msgs = [f.message for f in report.by_rule("fit.slot")]
    assert msgs == ["DIMM 'ddr5-64' cannot sit in gpu slot gpu0", "LLM 'llama-8b' cannot sit in pcie slot pcie1"]
    assert report.summary.ram_gb == 24 * 64  # the misplaced DIMM is not counted


def test_sxm_module_in_pcie_chassis(engine: RuleEngine) -> None:
    build = swap(small_build(gpu="l40s", gpus=2), "l40s", "h100-sxm")
    f = only(engine.validate(build), "fit.gpu-form-factor")
    assert f.severity is Severity.ERROR
    assert f.slots == ("gpu0", "gpu1")
    assert f.fixes[0].description == "use Test h100-pcie (80 GB, PCIe) instead"
    assert not fixed(engine, build, f).by_rule("fit.gpu-form-factor")


def test_sxm_module_of_another_baseboard_generation(engine: RuleEngine) -> None:
    """An A100 SXM4 is an SXM module too, but an HGX H100/H200 chassis' tray does not take it."""
    build = swap(hgx_build(), "h100-sxm", "a100-sxm")
    f = only(engine.validate(build), "fit.gpu-form-factor")
    assert f.severity is Severity.ERROR and len(f.slots) == 8
    assert f.message == "Test a100-sxm mounts on the hgx-ampere baseboard; HGX 8U takes hgx-hopper"
    assert "baseboard" in f.explanation
    assert f.fixes[0].description.startswith("use Test h")  # an SXM module of the right generation
    assert not fixed(engine, build, f).by_rule("fit.gpu-form-factor")


def test_unrecorded_baseboard_is_not_refused(engine: RuleEngine) -> None:
    """A custom SXM part without a baseboard, or a chassis without a list, is checked on form factor only."""
    from app.core.parts import Gpu
    from tests.rules.factory import PARTS

    custom = PARTS["a100-sxm"].model_copy(update={"id": "my-sxm", "baseboard": ""})
    assert isinstance(custom, Gpu)
    engine = RuleEngine({**PARTS, custom.id: custom})
    assert "fit.gpu-form-factor" not in rule_ids(engine.validate(swap(hgx_build(), "h100-sxm", "my-sxm")))


def test_pcie_card_in_sxm_baseboard(engine: RuleEngine) -> None:
    f = only(engine.validate(swap(hgx_build(), "h100-sxm", "l40s")), "fit.gpu-form-factor")
    assert "SXM sockets on a baseboard" in f.explanation


def test_triple_width_card_covers_its_neighbour(engine: RuleEngine) -> None:
    # RTX 4090 is 3 slots wide; pcie-2u positions take 2: it covers gpu0 and gpu1.
    one = swap(small_build(gpu="l40s"), "l40s", "rtx-4090")
    f = only(engine.validate(one), "fit.gpu-width")
    assert f.severity is Severity.WARNING and f.slots == ("gpu0", "gpu1")
    two = swap(small_build(gpu="l40s", gpus=2), "l40s", "rtx-4090")
    blocked = engine.validate(two).by_rule("fit.gpu-width")
    assert [b.severity for b in blocked] == [Severity.ERROR, Severity.WARNING]  # gpu0 blocked by gpu1; gpu1 ok
    last = Build.model_validate({**dict(one), "placements": (
        *without(one, "rtx-4090").placements, Placement(part_id="rtx-4090", slots=("gpu3",)))})
    assert only(engine.validate(last), "fit.gpu-width").severity is Severity.ERROR  # no gpu4 to cover


def test_partly_populated_baseboard(engine: RuleEngine) -> None:
    build = without(hgx_build(), "h100-sxm")
    build = placed(build, Placement(part_id="h100-sxm", slots=("gpu0", "gpu1", "gpu2", "gpu3")))
    build = with_workload(build, tp=4)
    f = only(engine.validate(build), "fit.gpu-baseboard")
    assert f.severity is Severity.WARNING
    assert f.fixes[0].description == "fill the baseboard with 4 more Test h100-sxm"
    assert not fixed(engine, build, f).by_rule("fit.gpu-baseboard")


def test_cpu_socket_must_match_chassis(engine: RuleEngine) -> None:
    build = swap(hgx_build(), "epyc-9555", "xeon-8480")
    f = only(engine.validate(build), "fit.cpu-socket")
    assert f.severity is Severity.ERROR
    assert "LGA4677" in f.message and "SP5" in f.message
    assert f.fixes[0].description.startswith("use Test epyc-9555 (64 cores")  # closest core count
    assert not fixed(engine, build, f).by_rule("fit.cpu-socket")


def test_cpu_population(engine: RuleEngine) -> None:
    none = engine.validate(without(small_build(), "epyc-9555"))
    assert only(none, "fit.cpu-population").message == "No CPU placed"
    one = without(small_build(), "epyc-9555")
    one = placed(one, Placement(part_id="epyc-9555", slots=("cpu0",)))
    report = engine.validate(one)
    f = only(report, "fit.cpu-population")
    assert f.severity is Severity.WARNING and f.slots == ("cpu1",)
    assert only(report, "fit.dimm-socket").slots[0] == dimm_slot_id(1, 0, 0)  # socket 1's DIMMs are dead
    mixed = placed(without(small_build(), "epyc-9555"), Placement(part_id="epyc-9555", slots=("cpu0",)),
                   Placement(part_id="epyc-9124", slots=("cpu1",)))
    assert only(engine.validate(mixed), "fit.cpu-population").message == "Different CPU models in one node"


def test_dimm_type_mismatch(engine: RuleEngine) -> None:
    build = swap(small_build(), "ddr5-64", "ddr4-64")
    f = only(engine.validate(build), "fit.dimm-type")
    assert "DDR4 RDIMM" in f.message and "DDR5 RDIMM" in f.message
    assert f.fixes[0].description == "use 64 GB DDR5 RDIMM (Test 64 GB) instead"
    assert not fixed(engine, build, f).by_rule("fit.dimm-type")


def test_add_dimms_to_fill_all_channels(engine: RuleEngine) -> None:
    # Edge box, one EPYC with 12 channels, 8 DIMMs placed: "add 4 DIMMs to fill all 12 channels".
    build = without(small_build(chassis="edge-1u", gpu="l20"), "ddr5-64")
    build = placed(build, Placement(part_id="ddr5-64", slots=tuple(dimm_slot_id(0, c, 0) for c in range(8))))
    f = only(engine.validate(build), "fit.dimm-balance")
    assert f.message == "8 of 12 memory channels populated"
    assert f.fixes[0].description == "add 4 x 64 GB ddr5-64 to fill all 12 channels (1 per channel, 768 GB total)"
    after = fixed(engine, build, f)
    assert not after.by_rule("fit.dimm-balance") and after.summary.ram_gb == 768


def test_uneven_dimms_per_channel_and_mixed_models(engine: RuleEngine) -> None:
    build = placed(small_build(), Placement(part_id="ddr5-64", slots=(dimm_slot_id(0, 0, 1),)))
    assert only(engine.validate(build), "fit.dimm-balance").message == \
        "Memory channels hold different numbers of DIMMs"
    mixed = without(small_build(), "ddr5-64")
    mixed = placed(mixed, Placement(part_id="ddr5-64", slots=dimms(2, 12)[:12]),
                   Placement(part_id="ddr5-32", slots=dimms(2, 12)[12:]))
    f = only(engine.validate(mixed), "fit.dimm-balance")
    assert f.message == "Different DIMM models mixed"
    assert not fixed(engine, mixed, f).by_rule("fit.dimm-balance")


def test_no_dimms_is_an_error(engine: RuleEngine) -> None:
    f = only(engine.validate(without(small_build(), "ddr5-64")), "fit.dimm-balance")
    assert f.severity is Severity.ERROR


def test_psu_missing_or_below_chassis_minimum(engine: RuleEngine) -> None:
    assert only(engine.validate(without(hgx_build(), "psu-3000")), "fit.psu").message == "No PSU placed (6 bays)"
    f = only(engine.validate(swap(hgx_build(), "psu-3000", "psu-2000")), "fit.psu")
    assert "(2,000 W)" in f.message and "2,700 W" in f.message


def test_drive_form_factors(engine: RuleEngine) -> None:
    u2_in_m2 = placed(without(small_build(), "m2-480"), Placement(part_id="u2-3840", slots=("m2-0",)))
    assert only(engine.validate(u2_in_m2), "fit.drive-bay").slots == ("m2-0",)
    m2_in_bay = placed(small_build(), Placement(part_id="m2-480", slots=("drive3",)))
    assert only(engine.validate(m2_in_bay), "fit.drive-bay").slots == ("drive3",)
    e1s = placed(small_build(), Placement(part_id="e1s-3840", slots=("drive1",)))
    f = only(engine.validate(e1s), "fit.drive-bay")
    assert "takes U.2/2.5in" in f.explanation


def test_pcie_lanes_without_switch(engine: RuleEngine) -> None:
    # xeon-4u has no PCIe switch; one Xeon gives 80 lanes; 8 x16 GPUs want 128.
    build = Build(
        name="lanes", chassis_id="xeon-4u",
        placements=(
            Placement(part_id="h100-pcie", slots=tuple(f"gpu{i}" for i in range(8))),
            Placement(part_id="xeon-8480", slots=("cpu0",)),
            Placement(part_id="ddr5-64", slots=dimms(1, 8)),
            Placement(part_id="psu-3000", slots=("psu0", "psu1", "psu2", "psu3")),
        ),
    )
    f = only(engine.validate(build), "fit.pcie-lanes")
    assert f.message == "Devices need 128 PCIe lanes; the CPUs give 80"
    # Two Xeons in 2P give 160 lanes: enough.
    two = placed(without(build, "xeon-8480"), Placement(part_id="xeon-8480", slots=("cpu0", "cpu1")))
    assert not engine.validate(two).by_rule("fit.pcie-lanes")
    # A chassis with PCIe switches is exempt (hgx-sp5).
    assert not engine.validate(hgx_build()).by_rule("fit.pcie-lanes")


def test_nic_in_narrow_slot(engine: RuleEngine) -> None:
    build = swap(small_build(chassis="edge-1u", gpu="l20"), "cx6-lx", "cx7-400")
    f = only(engine.validate(build), "fit.pcie-lanes")
    assert f.severity is Severity.INFO and "runs at x8" in f.explanation


def test_cpu_memory_types_accept_listed_alternatives() -> None:
    """Xeon 6 lists "DDR5 RDIMM / MRDIMM": plain DDR5 RDIMMs are accepted, DDR4 is not."""
    from app.catalog.seed import load_source_parts
    from app.core.parts import Cpu
    from app.rules.context import CatalogIndex

    parts = {p.id: p for p in load_source_parts()}
    xeon6 = parts["intel-xeon-6776p"]
    assert isinstance(xeon6, Cpu)
    assert xeon6.memory_types == {"ddr5 rdimm", "ddr5 mrdimm"}
    pool = CatalogIndex(parts).dimms_for(xeon6)
    assert pool and all(d.memory_type.lower() == "ddr5 rdimm" for d in pool)
    ddr4 = xeon6.model_copy(update={"memory_type": "DDR4 RDIMM"})
    assert CatalogIndex(parts).dimms_for(ddr4) == []


def test_xeon6_with_ddr5_rdimms_is_not_a_type_error() -> None:
    from app.catalog.seed import load_source_parts
    from app.core.build import Build, Placement
    from app.rules.engine import RuleEngine

    parts = {p.id: p for p in load_source_parts()}
    build = Build(name="b", chassis_id="asus-xa-nb3i-e12", placements=(
        Placement(part_id="intel-xeon-6776p", slots=("cpu0",)),
        Placement(part_id="generic-ddr5-rdimm-64gb-6400", slots=("dimm-s0-c0-0",)),
    ))
    report = RuleEngine(parts).validate(build)
    assert not report.by_rule("fit.dimm-type")
