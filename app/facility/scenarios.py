"""Failure scenarios a client asks about, each answered by validating the build again with the
change applied: one PSU lost, feed A lost, a 110 V site, a hot aisle at 35 degC inlet.

For each: does the node keep running (no power error: the remaining PSUs carry its maximum draw and
the rack still takes it), and if not, the highest GPU power cap that does (within the GPUs'
datasheet range, ``Gpu.tdp_min_w``), and which findings appear or disappear against the build as it
stands. A failure uses up redundancy, so the degraded build is judged with what is left (N+2 less
one PSU is N+1; anything else less a PSU, or less a feed, has none).

Pure: no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from app.core.build import Build, Environment, Placement, Redundancy
from app.core.parts import Psu
from app.perf.datatypes import MeasuredPeaks
from app.rules.engine import Report, RuleEngine
from app.rules.findings import Severity
from app.rules.text import t, t_noop

# An error from these rules means the node (or its rack) cannot run at the power it draws.
BLOCKING_RULES = frozenset({"power.psu-capacity", "power.rack-budget"})
LOW_LINE_SITE_V = 110.0  # "a 110 V site": the figure, inside the 100-127 V low-line range
HOT_AISLE_INLET_C = 35.0  # the client's question; ASHRAE class A2 allows 10-35 degC, A1 15-32 degC
ASHRAE_SOURCE = t_noop("ASHRAE TC 9.9 thermal guidelines (2021): allowable inlet A1 15-32 °C, A2 10-35 °C, "
                       "A3 5-40 °C")

SCENARIO_TITLES = {
    "psu-lost": t_noop("One PSU lost"),
    "feed-lost": t_noop("Feed A lost"),
    "low-line": t_noop("110 V site"),
    "hot-aisle": t_noop("Hot aisle, 35 °C inlet"),
}


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    key: str  # psu-lost, feed-lost, low-line, hot-aisle
    title: str
    change: str  # what was changed, in words
    keeps_running: bool | None  # None: not known (the vendor's figure is missing)
    cap_w: float | None  # the highest GPU power cap that keeps it running, where the build as set does not
    node_max_wall_w: float | None  # the node's maximum at the wall in the scenario (at the cap if one is needed)
    appeared: tuple[str, ...]  # finding rule ids new against the build as it stands
    disappeared: tuple[str, ...]
    note: str
    verdict: str = ""  # in words, translated when the plan is made (exports only lay it out)
    # The new findings as the client reads them (their messages), beside the ids above.
    appeared_text: tuple[str, ...] = ()
    # Whether the PSUs left still carry the node at the client's load (not at its sizing maximum):
    # a node that stops at max may ride through at the load. None where nothing was judged.
    runs_at_load: bool | None = None


def _verdict(keeps_running: bool | None, cap_w: float | None) -> str:
    if keeps_running is None:
        return t("unknown")
    if keeps_running:
        return t("keeps running")
    return t("keeps running capped at {cap:,.0f} W per GPU", cap=cap_w) if cap_w is not None else t("stops")


def _result(key: str, change: str, keeps_running: bool | None, cap_w: float | None, wall: float | None,
            appeared: tuple[str, ...], gone: tuple[str, ...], note: str, report: Report | None = None,
            base: Report | None = None) -> ScenarioResult:
    texts: tuple[str, ...] = ()
    at_load: bool | None = None
    if report is not None:
        texts = tuple(f.message for f in report.findings if f.rule_id in appeared)
        s = report.summary
        if keeps_running is not None and s.psu_usable_w > 0 and base is not None:
            at_load = keeps_running or base.summary.power_load_dc_w <= s.psu_usable_w
    verdict = _verdict(keeps_running, cap_w)
    if keeps_running is False and at_load:
        verdict = (t("stops at its maximum; runs at the client's load") if cap_w is None else
                   t("at its maximum only capped at {cap:,.0f} W per GPU; runs at the client's load", cap=cap_w))
    return ScenarioResult(key, t(SCENARIO_TITLES[key]), change, keeps_running, cap_w, wall, appeared, gone, note,
                          verdict, texts, at_load)


def changed_findings(s: ScenarioResult) -> list[str]:
    """What a reader sees change: each new finding's message, then how many cleared."""
    lines = [f"+ {text}" for text in s.appeared_text] or [f"+ {rule}" for rule in s.appeared]
    if s.disappeared:
        lines.append(t("- {n} finding(s) cleared: {rules}", n=len(s.disappeared), rules=", ".join(s.disappeared)))
    return lines


def _blocked(report: Report) -> bool:
    return any(f.severity is Severity.ERROR and f.rule_id in BLOCKING_RULES for f in report.findings)


def _ids(report: Report) -> set[str]:
    return {f.rule_id for f in report.findings}


def _psu_slots(build: Build, parts: Mapping[str, object]) -> list[str]:
    """The build's PSU slots in drawing order (psu0, psu1, ...)."""
    slots = [s for s, p in build.iter_slots() if isinstance(parts.get(p.part_id), Psu)]
    return sorted(slots, key=lambda s: int(s[3:]) if s[3:].isdigit() else 1 << 20)


def _without_slots(build: Build, drop: set[str], mode: Redundancy) -> Build:
    placements: list[Placement] = []
    for p in build.placements:
        kept = tuple(s for s in p.slots if s not in drop)
        if kept:
            placements.append(p if kept == p.slots else p.model_copy(update={"slots": kept}))
    return build.model_copy(update={"placements": tuple(placements), "psu_redundancy": mode})


class _Judge:
    """Validates variants of one build and remembers the base report."""

    def __init__(self, engine: RuleEngine, build: Build, base: Report, measured: MeasuredPeaks | None = None) -> None:
        self.engine, self.build, self.base = engine, build, base
        self.measured = measured  # the probe's peaks the base report was made with: every variant reads them too
        ctx = engine.context(build)
        self.gpus = [g for _, g in ctx.gpus]

    def validate(self, variant: Build) -> Report:
        return self.engine.validate(variant, self.measured)

    def result(self, key: str, change: str, variant: Build | None, note: str = "") -> ScenarioResult:
        if variant is None:  # nothing left to run on
            return _result(key, change, False, None, None, (), (), note)
        report = self.validate(variant)
        appeared = tuple(sorted(_ids(report) - _ids(self.base)))
        gone = tuple(sorted(_ids(self.base) - _ids(report)))
        if not _blocked(report):
            return _result(key, change, True, None, report.summary.power_max_wall_w, appeared, gone, note, report,
                           self.base)
        cap = self.highest_cap(lambda c: variant.model_copy(update={"gpu_power_cap_w": c}))
        wall = None
        if cap is not None:
            wall = self.validate(variant.model_copy(update={"gpu_power_cap_w": cap})).summary.power_max_wall_w
        else:
            note = " ".join(x for x in (note, self.why_no_cap()) if x)
        return _result(key, change, False, cap, wall, appeared, gone, note, report, self.base)

    def why_no_cap(self) -> str:
        if not self.gpus:
            return t("No GPU to cap.")
        fixed = sorted({g.name for g in self.gpus if g.tdp_min_w is None})
        if fixed:
            return t("No GPU power cap is offered: the datasheet of {gpus} gives no configurable power range.",
                     gpus=", ".join(fixed))
        return t("Not even the lowest power limit the GPUs' datasheet allows ({low:,.0f} W) is enough.",
                 low=max(g.tdp_min_w or 0.0 for g in self.gpus))

    def highest_cap(self, with_cap: Callable[[float], Build]) -> float | None:
        """The highest whole-watt GPU power cap under which the variant runs; None when even the lowest
        limit every GPU's datasheet allows does not (or a GPU has no configurable range)."""
        if not self.gpus or any(g.tdp_min_w is None for g in self.gpus):
            return None
        low = math.ceil(max(g.tdp_min_w or 0.0 for g in self.gpus))
        high = math.floor(max(g.power_limit_w(self.build.gpu_power_cap_w) for g in self.gpus)) - 1
        if high < low or _blocked(self.validate(with_cap(low))):
            return None
        while low < high:  # invariant: ``low`` runs
            mid = (low + high + 1) // 2
            if _blocked(self.validate(with_cap(mid))):
                high = mid - 1
            else:
                low = mid
        return float(low)


def _lesser(mode: Redundancy) -> Redundancy:
    return Redundancy.N_PLUS_1 if mode is Redundancy.N_PLUS_2 else Redundancy.NONE


def failure_scenarios(engine: RuleEngine, build: Build, base: Report,
                      measured: MeasuredPeaks | None = None) -> tuple[ScenarioResult, ...]:
    """The four scenarios for ``build`` (``base``: its report as it stands)."""
    judge = _Judge(engine, build, base, measured)
    slots = _psu_slots(build, engine.index.parts)
    out: list[ScenarioResult] = []

    lesser = _lesser(build.psu_redundancy)
    change = t("{n} of {count} PSUs left ({slot} failed); judged at {mode}", n=max(0, len(slots) - 1),
               count=len(slots), slot=slots[-1] if slots else "-", mode=lesser.value.upper())
    out.append(judge.result("psu-lost", change, _without_slots(build, {slots[-1]}, lesser) if len(slots) > 1 else None))

    on_a = {s for i, s in enumerate(slots) if i % 2 == 0}
    change = t("feed B's {n} of {count} PSUs carry the node alone (A: {a})", n=len(slots) - len(on_a),
               count=len(slots), a=", ".join(sorted(on_a, key=slots.index)) or "-")
    note = "" if build.psu_redundancy is Redundancy.N_PLUS_N else t(
        "The build is set to {mode}, not N+N; its PSUs are still split A/B alternately.",
        mode=build.psu_redundancy.value.upper())
    out.append(judge.result("feed-lost", change, _without_slots(build, on_a, Redundancy.NONE)
                            if len(slots) > 1 else None, note))

    env = build.environment.model_copy(update={"feed_voltage_v": LOW_LINE_SITE_V, "feed_phases": 1})
    out.append(judge.result("low-line", t("feed at {volts:g} V single phase (low line)", volts=LOW_LINE_SITE_V),
                            build.model_copy(update={"environment": Environment.model_validate(env.model_dump())})))
    out.append(_hot_aisle(engine, build, base))
    return tuple(out)


def _hot_aisle(engine: RuleEngine, build: Build, base: Report) -> ScenarioResult:
    """No rule reads the inlet temperature: the verdict is the vendor's supported inlet range."""
    chassis = engine.context(build).chassis
    limit = chassis.max_inlet_c if chassis is not None else None
    change = t("inlet air at {inlet:g} °C", inlet=HOT_AISLE_INLET_C)
    wall = base.summary.power_max_wall_w
    if limit is None:
        note = t("The catalog has no supported inlet temperature for this chassis (not stated): ask the vendor. "
                 "{source}. Fans run at full speed near the top of the range: plan for the node's maximum, "
                 "{wall:,.0f} W.", source=t(ASHRAE_SOURCE), wall=wall)
        return _result("hot-aisle", change, None, None, wall, (), (), note)
    runs = limit >= HOT_AISLE_INLET_C
    note = t("The vendor supports inlet air up to {limit:g} °C. {source}. A power cap does not lower the inlet "
             "temperature.", limit=limit, source=t(ASHRAE_SOURCE))
    return _result("hot-aisle", change, runs, None, wall, (), (), note)
