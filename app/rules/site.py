"""Where the nodes stand: the site's power, cooling and rack space with profile presets filled in.

A site has three per-rack limits and nodes per rack is the smallest of them:

- power: the rack's stated power (what it may draw, already within the feed's rules) and/or the
  feed breaker (volts x amps [x 3 phases]) loaded to at most its derating (80 % by default); when
  both are given the lower counts;
- cooling: the heat the room removes per rack, set by its cooling type (air, rear-door heat
  exchanger, direct liquid ...) and capacity;
- rack units.

Each field of a build's environment overrides the preset of its kind one by one. Pure: no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.build import CoolingType, Environment, EnvironmentKind
from app.rules.profile import RuleProfile, Sourced
from app.rules.text import cooling_label, join_and, limit_name, t

SET_HERE = "set for this site"  # the source of a figure the user typed


@dataclass(frozen=True, slots=True)
class SiteFigures:
    """The deployment environment with profile presets filled in."""

    kind: EnvironmentKind
    label: str
    budget_w: float  # the stated rack power, else the feed's rating (before derating)
    budget_source: str
    voltage: float
    phases: int
    cooling: CoolingType
    cooling_ceiling_w: float
    cooling_source: str
    rack_units: int
    feed_max_load: float  # share of the feed breaker's rating a continuous load may use
    feed_source: str
    max_gpu_tdp_w: Sourced | None
    max_gpus: Sourced | None
    rack_power_w: float | None = None  # what the rack may draw, as stated (no derating)
    rack_power_source: str = ""
    feed_amps: float | None = None  # the feed breaker's rating
    feed_amps_source: str = ""
    rack_units_source: str = ""

    @property
    def feed_w(self) -> float | None:
        """The feed's rating: volts x amps, x 3 for a three-phase (wye) feed; None without a feed."""
        if self.feed_amps is None:
            return None
        return self.voltage * self.feed_amps * (3 if self.phases == 3 else 1)

    @property
    def feed_usable_w(self) -> float | None:
        feed = self.feed_w
        return None if feed is None else feed * self.feed_max_load

    @property
    def usable_w(self) -> float:
        """Power the rack's nodes may draw: the lower of the stated rack power and the derated feed."""
        limits = [w for w in (self.rack_power_w, self.feed_usable_w) if w is not None]
        return min(limits) if limits else 0.0

    @property
    def power_set_by_feed(self) -> bool:
        feed = self.feed_usable_w
        return feed is not None and (self.rack_power_w is None or feed < self.rack_power_w)


@dataclass(frozen=True, slots=True)
class RackFigures:
    by_power: int
    by_rack_units: int
    by_cooling: int
    node_w: float  # AC max draw per node = heat per node
    node_units: int = 0  # rack units per node

    @property
    def nodes_per_rack(self) -> int:
        return min(self.by_power, self.by_rack_units, self.by_cooling)

    @property
    def binding(self) -> tuple[str, ...]:
        """Which limits set nodes per rack (several when they tie): power, rack_units, cooling."""
        n = self.nodes_per_rack
        return tuple(name for name, v in (("power", self.by_power), ("rack_units", self.by_rack_units),
                                          ("cooling", self.by_cooling)) if v == n)

    @property
    def without_cooling(self) -> int:
        return min(self.by_power, self.by_rack_units)


def resolve_site(env: Environment, profile: RuleProfile) -> SiteFigures:
    """The site a build stands in: each field the environment sets, else its preset's."""
    preset = profile.environments[env.kind]
    voltage = env.feed_voltage_v if env.feed_voltage_v is not None else preset.feed_voltage_v.value
    phases = env.feed_phases or preset.feed_phases
    rack_power, rack_src = _pick(env.rack_budget_kw, preset.rack_budget_kw)
    amps, amps_src = _pick(env.feed_amps, preset.feed_amps)
    if env.breaker_derating is not None:
        derating, derating_src = env.breaker_derating, SET_HERE
    else:
        derating, derating_src = profile.power.feed_max_load.value, profile.power.feed_max_load.source
    cooling = env.cooling or preset.cooling
    if env.cooling_kw is not None:
        ceiling_kw, ceiling_src = env.cooling_kw, SET_HERE
    elif env.cooling is not None or preset.cooling_kw is None:
        ceiling_kw, ceiling_src = profile.cooling[cooling].value, profile.cooling[cooling].source
    else:
        ceiling_kw, ceiling_src = preset.cooling_kw.value, preset.cooling_kw.source
    ru, ru_src = (env.rack_units, SET_HERE) if env.rack_units is not None else (
        int(preset.rack_units.value), preset.rack_units.source)
    rack_w = rack_power * 1000 if rack_power is not None else None
    if rack_w is not None:
        budget, budget_src = rack_w, rack_src
    elif amps is not None:
        budget = voltage * amps * (3 if phases == 3 else 1)
        budget_src = (f"feed {voltage:g} V x {amps:g} A"
                      + (" x 3 phases (wye, phase-to-neutral at the PSU)" if phases == 3 else "")
                      + f" ({amps_src})")
    else:  # a profile preset without power figures: nothing fits, and the finding says so
        budget, budget_src = 0.0, "the profile gives this site neither rack power nor a feed"
    return SiteFigures(
        kind=env.kind, label=preset.label, budget_w=budget, budget_source=budget_src, voltage=voltage,
        phases=phases, cooling=cooling, cooling_ceiling_w=ceiling_kw * 1000, cooling_source=ceiling_src,
        rack_units=ru, feed_max_load=derating, feed_source=derating_src,
        max_gpu_tdp_w=preset.max_gpu_tdp_w, max_gpus=preset.max_gpus,
        rack_power_w=rack_w, rack_power_source=rack_src, feed_amps=amps, feed_amps_source=amps_src,
        rack_units_source=ru_src,
    )


def _pick(own: float | None, preset: Sourced | None) -> tuple[float | None, str]:
    if own is not None:
        return own, SET_HERE
    if preset is not None:
        return preset.value, preset.source
    return None, ""


def _kw(watts: float) -> str:
    """Kilowatts to one decimal, without a trailing .0 (40, 9.1)."""
    return f"{round(watts / 1000, 1):g}"


def power_limit_text(site: SiteFigures) -> str:
    """How the usable rack power was reached, with the numbers."""
    parts: list[str] = []
    if site.rack_power_w is not None:
        parts.append(t("The rack may draw {rack:,.0f} W ({source}).", rack=site.rack_power_w,
                       source=site.rack_power_source))
    feed, usable = site.feed_w, site.feed_usable_w
    if feed is not None and usable is not None:
        phases = t(" x 3 phases") if site.phases == 3 else ""
        parts.append(t("Feed {volts:g} V x {amps:g} A{phases} = {rating:,.0f} W; loaded to at most {load:.0%} of its "
                       "rating: {usable:,.0f} W.", volts=site.voltage, amps=site.feed_amps, phases=phases,
                       rating=feed, load=site.feed_max_load, usable=usable))
    if site.rack_power_w is not None and usable is not None:
        parts.append(t("The lower, {usable:,.0f} W, counts.", usable=site.usable_w))
    if not parts:
        parts.append(t("No rack power or feed is known for this site."))
    return " ".join(parts)


def binding_text(site: SiteFigures, rack: RackFigures) -> str | None:
    """Which limit sets nodes per rack, in words; None when not even one node fits (an error says why)."""
    n = rack.nodes_per_rack
    if n < 1:
        return None
    binding = rack.binding
    node, cooling = _kw(rack.node_w), cooling_label(site.cooling)
    if binding == ("power",):
        head = t("Power binds: {usable} kW per rack holds {n} node(s) of {node} kW", usable=_kw(site.usable_w),
                 n=n, node=node)
    elif binding == ("cooling",):
        head = t("Cooling binds: {ceiling} kW of {cooling} cooling per rack holds {n} node(s) of {node} kW",
                 ceiling=_kw(site.cooling_ceiling_w), cooling=cooling, n=n, node=node)
    elif binding == ("rack_units",):
        head = t("Rack space binds: {units} U per rack holds {n} node(s) of {node_units} U", units=site.rack_units,
                 n=n, node_units=rack.node_units)
    else:
        clauses = {"power": t("{usable} kW of power", usable=_kw(site.usable_w)),
                   "cooling": t("{ceiling} kW of {cooling} cooling", ceiling=_kw(site.cooling_ceiling_w),
                                cooling=cooling),
                   "rack_units": t("{units} U of rack space", units=site.rack_units)}
        head = t("{n} node(s) per rack of {node} kW and {node_units} U each, where {limits} bind together: "
                 "{clauses}", n=n, node=node, node_units=rack.node_units,
                 limits=join_and([limit_name(b) for b in binding]), clauses=", ".join(clauses[b] for b in binding))
    allowed = {"power": rack.by_power, "cooling": rack.by_cooling, "rack_units": rack.by_rack_units}
    others = [t("{limit} would allow {n}", limit=limit_name(k), n=v) for k, v in allowed.items() if k not in binding]
    return head + ("; " + ", ".join(others) if others else "") + "."
