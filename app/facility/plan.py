"""Everything the data-centre team gets for one build, computed once: the node's PSUs at the site's
voltage, the racks, the facility sheet's rows, the failure scenarios and the NetBox device type.

The power figures come from the rules engine's report (``Report.summary``: the wall power at the
workload's operating point and at the maximum, nodes per rack): the hand-off never recomputes them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from app.core.build import Build
from app.facility.electrical import (
    DEFAULT_ASSUMPTIONS,
    INLET_SOURCE,
    ElectricalAssumptions,
    NodeElectrical,
    node_electrical,
)
from app.facility.elevation import AIRFLOW_SOURCE, RackPlan, SheetRow, plan_racks, sheet_rows
from app.facility.netbox import DeviceType, device_type
from app.facility.scenarios import ScenarioResult, failure_scenarios
from app.perf.datatypes import MeasuredPeaks
from app.rules.engine import Report, RuleEngine
from app.rules.text import t


@dataclass(frozen=True, slots=True)
class FacilityPlan:
    build_name: str
    node_count: int
    nodes_per_rack: int | None
    node: NodeElectrical
    power_basis: str  # Summary.power_load_basis: what "at the operating point" rests on
    breaker_a: float | None  # the per-rack feed breaker, None when the site states none
    derating: float
    racks: tuple[RackPlan, ...]
    rows: tuple[SheetRow, ...]
    scenarios: tuple[ScenarioResult, ...]
    device_type: DeviceType | None
    weight_note: str
    sources: tuple[tuple[str, str], ...]  # (what, where it comes from)

    def to_dict(self) -> dict[str, Any]:
        """Plain figures for ``--json`` (keys are only ever added)."""
        node = self.node
        return {
            "build": self.build_name,
            "node_count": self.node_count,
            "nodes_per_rack": self.nodes_per_rack,
            "voltage_v": node.voltage_v,
            "line_to_line_v": node.line_to_line_v,
            "phases": node.phases,
            "power_factor": node.power_factor,
            "power_basis": self.power_basis,
            "node_load_wall_w": node.load_wall_w,
            "node_max_wall_w": node.max_wall_w,
            "breaker_a": self.breaker_a,
            "derating": self.derating,
            "inlet": asdict(node.inlet) if node.inlet is not None else None,
            "psus": [asdict(p) for p in node.psus],
            "racks": [{
                "name": r.name, "rack_units": r.rack_units, "used_units": r.used_units,
                "nodes": [asdict(n) for n in r.nodes], "weight_kg": r.weight_kg, "load_w": r.load_w,
                "max_w": r.max_w, "heat_btu_h": r.heat_btu_h, "airflow_m3h": r.airflow_m3h,
                "airflow_cfm": r.airflow_cfm, "phases": [asdict(p) for p in r.phases],
                "pdus": [asdict(p) for p in r.pdus],
            } for r in self.racks],
            "sheet": [asdict(row) for row in self.rows],
            "scenarios": [asdict(s) for s in self.scenarios],
            "sources": [{"what": w, "source": s} for w, s in self.sources],
        }


def plan_facility(engine: RuleEngine, build: Build, report: Report | None = None,
                  assumptions: ElectricalAssumptions = DEFAULT_ASSUMPTIONS,
                  with_scenarios: bool = True, measured: MeasuredPeaks | None = None) -> FacilityPlan:
    """The hand-off for ``build``; ``report``: its report when the caller has one (the same verdict);
    ``measured``: the probe's peaks that report read, which the failure scenarios' variants read too."""
    report = report or engine.validate(build, measured)
    s = report.summary
    ctx = engine.context(build)
    site = ctx.site
    node = node_electrical(list(ctx.psus), voltage_v=site.voltage, phases=site.phases,
                           load_wall_w=s.power_load_wall_w, max_wall_w=s.power_max_wall_w, assumptions=assumptions)
    chassis = ctx.chassis
    weight = chassis.weight_kg if chassis is not None else None
    racks = plan_racks(node, node_count=build.node_count, nodes_per_rack=s.nodes_per_rack,
                       node_units=chassis.rack_units if chassis is not None else 0, rack_units=site.rack_units,
                       weight_kg=weight, btu_per_watt=ctx.btu_per_watt, breaker_a=site.feed_amps,
                       derating=site.feed_max_load, assumptions=assumptions,
                       rack_name=lambda n: t("Rack {n}", n=n))
    weight_note = (t("{kg:g} kg per node as the vendor publishes it (catalog source)", kg=weight)
                   if weight is not None else t("not stated: the vendor's weight is not in the catalog"))
    sources = (
        (t("Power factor"), t(assumptions.power_factor_source)),
        (t("Inlet and outlet ratings"), t(INLET_SOURCE)),
        (t("PDUs"), t(assumptions.pdu_source)),
        (t("Breaker derating"), site.feed_source),
        (t("Airflow"), t(AIRFLOW_SOURCE)),
        (t("Heat"), ctx.profile.power.btu_per_watt.source),
        (t("Load sharing"), t("PSUs share the load equally; PSU 1, 3, 5 ... on feed A, 2, 4, 6 ... on feed B; a "
                              "three-phase feed's PSUs dealt over L1, L2, L3 in turn")),
    )
    scenarios = failure_scenarios(engine, build, report, measured) if with_scenarios else ()
    return FacilityPlan(
        build_name=build.name, node_count=build.node_count, nodes_per_rack=s.nodes_per_rack, node=node,
        power_basis=s.power_load_basis, breaker_a=site.feed_amps, derating=site.feed_max_load, racks=racks,
        rows=sheet_rows(racks), scenarios=tuple(_with_breaker(s, racks) for s in scenarios),
        device_type=device_type(chassis, node) if chassis is not None else None,
        weight_note=weight_note, sources=sources,
    )


def _with_breaker(scenario: ScenarioResult, racks: tuple[RackPlan, ...]) -> ScenarioResult:
    """Feed A lost: say when feed B's breaker would carry more than its derating allows."""
    if scenario.key != "feed-lost":
        return scenario
    over = [(r.name, p) for r in racks for p in r.phases if p.within_breaker is False]
    if not over:
        return scenario
    name, worst = max(over, key=lambda x: x[1].failover_a)
    text = t("With one feed, {rack} {phase} draws {amps:.1f} A, over the breaker's {usable:.1f} A continuous "
             "limit.", rack=name, phase=worst.phase, amps=worst.failover_a, usable=worst.usable_a)
    return replace(scenario, note=" ".join(x for x in (scenario.note, text) if x))
