"""The rack elevation: nodes placed by U in as many racks as the load needs, with each rack's
weight, per-feed and per-phase load, heat and airflow; and the facility sheet's rows.

Nodes per rack is the rules' figure (the smallest of power, cooling and rack space), so the drawing
never disagrees with the summary. Nodes stack from U1 (the bottom: the heaviest load low) upwards.
Weight is the vendor's published system weight; where none is published the rack's weight is
"not stated", never guessed.

Airflow from heat: CFM = W x 3.412 / (1.08 x dT[F]) at an assumed 20 F (11.1 K) rise through the
servers (reference/platform.csv, https://es.coolnetsystem.com/120kw-racks-demand-high-density-data-
center-cooling-not-air); 1 CFM = 1.699 m3/h.

Pure: no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from app.facility.electrical import FEEDS, NodeElectrical, PduNeed, PhaseLoad, pdu_needs, rack_phase_loads
from app.facility.electrical import ElectricalAssumptions as _Assumptions
from app.rules.text import t_noop

DELTA_T_F = 20.0
AIRFLOW_SOURCE = t_noop("CFM = W x 3.412 / (1.08 x dT), dT = 20 F (11.1 K) assumed rise through the servers "
                  "(reference/platform.csv; https://es.coolnetsystem.com/120kw-racks-demand-high-density-data-"
                  "center-cooling-not-air); 1 CFM = 1.699 m3/h")
M3H_PER_CFM = 1.699


def airflow_cfm(watts: float, btu_per_watt: float, delta_t_f: float = DELTA_T_F) -> float:
    return watts * btu_per_watt / (1.08 * delta_t_f)


@dataclass(frozen=True, slots=True)
class PlacedNode:
    number: int  # 1-based across all racks
    u_bottom: int  # the lowest U it occupies (U1 = bottom)
    u_height: int

    @property
    def u_top(self) -> int:
        return self.u_bottom + self.u_height - 1


@dataclass(frozen=True, slots=True)
class RackPlan:
    name: str
    rack_units: int
    nodes: tuple[PlacedNode, ...]
    weight_kg: float | None  # None: the chassis weight is not stated
    load_w: float  # at the workload's operating point
    max_w: float  # every node at its maximum = the heat to remove at worst
    btu_per_watt: float
    phases: tuple[PhaseLoad, ...]
    pdus: tuple[PduNeed, ...]

    @property
    def heat_btu_h(self) -> float:
        return self.max_w * self.btu_per_watt

    @property
    def airflow_cfm(self) -> float:
        return airflow_cfm(self.max_w, self.btu_per_watt)

    @property
    def airflow_m3h(self) -> float:
        return self.airflow_cfm * M3H_PER_CFM

    @property
    def used_units(self) -> int:
        return sum(n.u_height for n in self.nodes)

    def feed_w(self, feed: str) -> tuple[float, float]:
        """(load, max) watts the feed carries normally."""
        rows = [p for p in self.phases if p.feed == feed]
        return sum(p.load_w for p in rows), sum(p.max_w for p in rows)


def plan_racks(node: NodeElectrical, *, node_count: int, nodes_per_rack: int | None, node_units: int,
               rack_units: int, weight_kg: float | None, btu_per_watt: float, breaker_a: float | None,
               derating: float, assumptions: _Assumptions,
               rack_name: Callable[[int], str] = "Rack {}".format) -> tuple[RackPlan, ...]:
    """Fill racks with ``nodes_per_rack`` nodes each (the last takes the rest); none when not one fits."""
    if not nodes_per_rack or nodes_per_rack < 1 or node_units < 1:
        return ()
    racks = []
    for r in range(math.ceil(node_count / nodes_per_rack)):
        n = min(nodes_per_rack, node_count - r * nodes_per_rack)
        placed = tuple(PlacedNode(r * nodes_per_rack + i + 1, 1 + i * node_units, node_units) for i in range(n))
        racks.append(RackPlan(
            name=rack_name(r + 1), rack_units=rack_units, nodes=placed,
            weight_kg=weight_kg * n if weight_kg is not None else None,
            load_w=node.load_wall_w * n, max_w=node.max_wall_w * n, btu_per_watt=btu_per_watt,
            phases=rack_phase_loads(node, n, breaker_a=breaker_a, derating=derating),
            pdus=pdu_needs(node, n, assumptions),
        ))
    return tuple(racks)


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One row of the facility sheet: a phase of a feed in a rack, or a rack's total (feed and phase "")."""

    rack: str
    feed: str
    phase: str
    psus: int
    load_w: float
    max_w: float
    max_a: float | None  # normal, every node at its maximum
    failover_a: float | None  # the other feed lost
    usable_a: float | None  # the breaker's rating x derating
    btu_h: float
    airflow_m3h: float
    airflow_cfm: float
    weight_kg: float | None  # rack totals only

    @property
    def is_total(self) -> bool:
        return not self.feed


def sheet_rows(racks: tuple[RackPlan, ...]) -> tuple[SheetRow, ...]:
    """Per rack: each feed's phases (heat and airflow of the load each carries normally), then the total."""
    rows: list[SheetRow] = []
    for rack in racks:
        bpw = rack.btu_per_watt
        for feed in FEEDS:
            for p in (p for p in rack.phases if p.feed == feed):
                cfm = airflow_cfm(p.max_w, bpw)
                rows.append(SheetRow(rack.name, feed, p.phase, p.psus, p.load_w, p.max_w, p.max_a, p.failover_a,
                                     p.usable_a, p.max_w * bpw, cfm * M3H_PER_CFM, cfm, None))
        rows.append(SheetRow(rack.name, "", "", sum(p.psus for p in rack.phases), rack.load_w, rack.max_w, None,
                             None, None, rack.heat_btu_h, rack.airflow_m3h, rack.airflow_cfm, rack.weight_kg))
    return tuple(rows)
