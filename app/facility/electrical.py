"""The electrical hand-off: per PSU its load and input current at the site's voltage and its inlet;
per feed (A/B) and phase the current a rack draws, normally and with the other feed lost, against
the breaker loaded to its derating; the PDU outlets and PDUs a rack needs.

Conventions (each said in the sheet beside the figures):

- PSUs share a node's load equally (active-active current sharing); PSU i sits on feed A when i is
  even, on feed B when odd, so N+N puts half on each feed.
- Input current of a PSU = its share of the wall power / (voltage at the PSU x power factor).
- Three-phase feeds are wye: each PSU sits between a phase and neutral at the site's voltage
  (230 V at the PSU = 400 V line to line). A feed's PSUs are dealt across L1, L2, L3 in turn through
  the rack, so a phase carries the sum of its PSUs' currents; for a balanced load this equals
  W / (sqrt(3) x V_LL x PF).
- A breaker may carry its derating (80 % by default) of its rating continuously; a feed passes
  when the current with the other feed lost stays within that.

Pure: no Qt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from app.core.parts import Psu
from app.rules.text import t, t_noop

SQRT3 = math.sqrt(3)
FEEDS = ("A", "B")

# IEC 60320 appliance couplers: C13/C14 are rated 10 A, C19/C20 16 A (UL: 15 A and 20 A).
INLET_LIMIT_A: dict[str, float] = {"C14": 10.0, "C20": 16.0}
OUTLET_FOR_INLET: dict[str, str] = {"C14": "C13", "C20": "C19"}
INLET_SOURCE = t_noop("IEC 60320: C13/C14 rated 10 A, C19/C20 rated 16 A")
OVER_C20 = "over C20"  # a derived input current past 16 A: no IEC 60320 coupler carries it
# The bottom of each nominal input range the catalog's ratings are given for (app.core.parts.Psu).
LOW_LINE_MIN_V = 100.0
HIGH_LINE_MIN_V = 200.0


@dataclass(frozen=True, slots=True)
class ElectricalAssumptions:
    """Figures the hand-off assumes where the catalog has none; each with where it comes from."""

    power_factor: float = 0.95
    # Marked for translation here, translated where shown (app.facility.plan); a user's own text passes as is.
    power_factor_source: str = t_noop(
        "assumption: 0.95, the 80 PLUS Platinum/Titanium minimum power factor at 50 % load "
        "(https://en.wikipedia.org/wiki/80_Plus); server PSUs reach 0.98-0.99 near full load, so currents "
        "here err high")
    outlets_per_pdu: tuple[tuple[str, int], ...] = (("C13", 24), ("C19", 12))
    pdu_source: str = t_noop(
        "assumption: one vertical (0U) PDU per feed with 24 C13 or 12 C19 outlets; set the site's PDU model")

    def outlets_for(self, outlet: str) -> int:
        return dict(self.outlets_per_pdu).get(outlet, 12)


DEFAULT_ASSUMPTIONS = ElectricalAssumptions()


@dataclass(frozen=True, slots=True)
class InletFigure:
    """A PSU model's appliance inlet and the PDU outlet its cord needs."""

    inlet: str  # C14, C20, or OVER_C20
    outlet: str  # C13, C19, or "" when no IEC 60320 outlet fits
    stated: bool  # the vendor states it (catalog ``inlet``); else derived from the input current
    max_input_a: float  # the PSU's input current at full rating on the worst line it runs on
    source: str


def psu_inlet(psu: Psu, power_factor: float) -> InletFigure:
    """The inlet the vendor states, else the smallest IEC 60320 inlet that carries the PSU's input
    current at full rating on the lowest voltage of each line it runs on."""
    currents = [psu.rating_high_line_w / (psu.efficiency_50pct * HIGH_LINE_MIN_V * power_factor)]
    if psu.rating_low_line_w:
        currents.append(psu.rating_low_line_w / (psu.efficiency_50pct * LOW_LINE_MIN_V * power_factor))
    current = max(currents)
    if psu.inlet is not None:
        inlet = str(psu.inlet)  # a PowerInlet (a str enum) from the catalog
        return InletFigure(inlet, OUTLET_FOR_INLET[inlet], True, current,
                           t("stated by the vendor (catalog)"))
    for inlet, limit in INLET_LIMIT_A.items():
        if current <= limit:
            return InletFigure(inlet, OUTLET_FOR_INLET[inlet], False, current, t(
                "derived: {amps:.1f} A at full rating on the lowest line voltage is within {inlet}'s {limit:g} A "
                "({source}); not stated by the vendor", amps=current, inlet=inlet, limit=limit, source=INLET_SOURCE))
    return InletFigure(OVER_C20, "", False, current, t(
        "derived: {amps:.1f} A at full rating on the lowest line voltage is over the 16 A of a C20 ({source}); "
        "check the vendor's cord", amps=current, source=INLET_SOURCE))


@dataclass(frozen=True, slots=True)
class PsuLoad:
    """One PSU of a node: its share of the wall power and its input current."""

    index: int
    slot: str
    feed: str
    load_w: float  # at the workload's operating point
    max_w: float  # at the node's maximum
    load_a: float
    max_a: float
    failover_w: float | None  # at the maximum with the other feed lost (None: no PSU left to carry it)
    failover_a: float | None
    share_of_rating: float  # DC output at the maximum / rating at this voltage (0 when the PSU does not run)
    input_limit_w: float  # the most it draws at the wall: its rating at this voltage / efficiency

    @property
    def worst_w(self) -> float:
        """The most this PSU's cord carries: its failover share, held to what the PSU can deliver."""
        return min(self.failover_w if self.failover_w is not None else self.max_w, self.input_limit_w) \
            if self.input_limit_w else self.max_w


@dataclass(frozen=True, slots=True)
class NodeElectrical:
    """A node's PSUs at the site's voltage."""

    voltage_v: float  # at the PSU (phase to neutral on a three-phase feed)
    phases: int
    power_factor: float
    load_wall_w: float
    max_wall_w: float
    psus: tuple[PsuLoad, ...]
    inlet: InletFigure | None
    psu_name: str

    @property
    def line_to_line_v(self) -> float | None:
        return self.voltage_v * SQRT3 if self.phases == 3 else None

    def on_feed(self, feed: str) -> tuple[PsuLoad, ...]:
        return tuple(p for p in self.psus if p.feed == feed)

    def current_a(self, watts: float) -> float:
        return amps(watts, self.voltage_v, self.power_factor)


def amps(watts: float, voltage_v: float, power_factor: float) -> float:
    """Single-phase current of ``watts`` at ``voltage_v`` (phase to neutral on a wye feed)."""
    return watts / (voltage_v * power_factor) if voltage_v > 0 else 0.0


def balanced_three_phase_a(watts: float, line_to_line_v: float, power_factor: float) -> float:
    """Per-phase current of a balanced three-phase load: W / (sqrt(3) x V_LL x PF)."""
    return watts / (SQRT3 * line_to_line_v * power_factor)


def feed_of(index: int, count: int) -> str:
    """Feed A for even PSU positions, B for odd; a single PSU hangs on A."""
    return FEEDS[index % 2] if count > 1 else FEEDS[0]


def node_electrical(psus: list[tuple[str, Psu]], *, voltage_v: float, phases: int, load_wall_w: float,
                    max_wall_w: float, assumptions: ElectricalAssumptions = DEFAULT_ASSUMPTIONS) -> NodeElectrical:
    """Per-PSU figures for one node from the summary's wall power at the load and at the maximum."""
    pf = assumptions.power_factor
    count = len(psus)
    feeds = [feed_of(i, count) for i in range(count)]
    per_feed = {f: feeds.count(f) for f in FEEDS}
    rows: list[PsuLoad] = []
    for i, (slot, psu) in enumerate(psus):
        load_w, max_w = load_wall_w / count, max_wall_w / count
        on_feed = per_feed[feeds[i]]
        fail_w = max_wall_w / on_feed if count > 1 and on_feed else None
        rating = psu.rating_w(voltage_v)
        rows.append(PsuLoad(
            index=i, slot=slot, feed=feeds[i], load_w=load_w, max_w=max_w,
            load_a=amps(load_w, voltage_v, pf), max_a=amps(max_w, voltage_v, pf),
            failover_w=fail_w, failover_a=amps(fail_w, voltage_v, pf) if fail_w is not None else None,
            share_of_rating=max_w * psu.efficiency_50pct / rating if rating else 0.0,
            input_limit_w=rating / psu.efficiency_50pct,
        ))
    first = psus[0][1] if psus else None
    return NodeElectrical(
        voltage_v=voltage_v, phases=phases, power_factor=pf, load_wall_w=load_wall_w, max_wall_w=max_wall_w,
        psus=tuple(rows), inlet=psu_inlet(first, pf) if first is not None else None,
        psu_name=first.display_name if first is not None else "",
    )


@dataclass(frozen=True, slots=True)
class PhaseLoad:
    """One phase of one feed in one rack."""

    feed: str
    phase: str  # L1, L2, L3 (single phase: L1)
    psus: int
    load_w: float
    max_w: float
    failover_w: float  # at the maximum with the other feed lost
    load_a: float
    max_a: float
    failover_a: float
    usable_a: float | None  # the breaker's rating x derating; None without a stated feed breaker

    @property
    def within_breaker(self) -> bool | None:
        """Whether the current with the other feed lost stays within the derated breaker (None: unknown)."""
        return None if self.usable_a is None else self.failover_a <= self.usable_a + 1e-9


def phase_names(phases: int) -> tuple[str, ...]:
    return ("L1", "L2", "L3") if phases == 3 else ("L1",)


def rack_phase_loads(node: NodeElectrical, nodes: int, *, breaker_a: float | None,
                     derating: float) -> tuple[PhaseLoad, ...]:
    """Deal each feed's PSUs over the phases in turn through the rack's ``nodes`` and sum per phase."""
    names = phase_names(node.phases)
    sums: dict[tuple[str, str], list[float]] = {(f, p): [0, 0.0, 0.0, 0.0] for f in FEEDS for p in names}
    turn = dict.fromkeys(FEEDS, 0)
    for _ in range(nodes):
        for psu in node.psus:
            phase = names[turn[psu.feed] % len(names)]
            turn[psu.feed] += 1
            acc = sums[(psu.feed, phase)]
            acc[0] += 1
            acc[1] += psu.load_w
            acc[2] += psu.max_w
            acc[3] += psu.failover_w or 0.0
    usable = breaker_a * derating if breaker_a is not None else None
    out = []
    for (feed, phase), (n, load_w, max_w, fail_w) in sums.items():
        if not n:
            continue
        out.append(PhaseLoad(feed, phase, int(n), load_w, max_w, fail_w, node.current_a(load_w),
                             node.current_a(max_w), node.current_a(fail_w), usable))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PduNeed:
    """Outlets and PDUs one feed of one rack needs."""

    feed: str
    outlet: str
    outlets: int
    pdus: int
    outlets_per_pdu: int


def pdu_needs(node: NodeElectrical, nodes: int, assumptions: ElectricalAssumptions) -> tuple[PduNeed, ...]:
    """One outlet per PSU cord on its feed; PDUs = outlets / outlets per PDU, rounded up."""
    outlet = node.inlet.outlet if node.inlet is not None and node.inlet.outlet else "C19"
    per_pdu = assumptions.outlets_for(outlet)
    out = []
    for feed in FEEDS:
        outlets = len(node.on_feed(feed)) * nodes
        if outlets:
            out.append(PduNeed(feed, outlet, outlets, math.ceil(outlets / per_pdu), per_pdu))
    return tuple(out)
