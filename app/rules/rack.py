"""The rack: which limit (power, cooling, rack space) sets nodes per rack, said in words.

``power.rack-budget`` and ``cooling.rack-heat`` speak when a limit is broken; this rule speaks when
nothing is broken but power or cooling leaves the rack part empty, so a number like "2 nodes per
rack" never stands without its reason.
"""

from __future__ import annotations

from collections.abc import Iterator

from app.rules.context import RuleContext
from app.rules.findings import Issue, Severity
from app.rules.power import nodes_per_rack_text
from app.rules.registry import rule
from app.rules.site import binding_text, power_limit_text
from app.rules.text import cooling_label, t


@rule("rack.binding", Severity.INFO, "Say which limit sets nodes per rack when power or cooling leaves rack space",
      thresholds=("environments", "cooling", "power.feed_max_load"))
def rack_binding(ctx: RuleContext) -> Iterator[Issue]:
    rack, site = ctx.rack, ctx.site
    assert rack is not None
    text = binding_text(site, rack)
    if text is None or "rack_units" in rack.binding:
        return  # not even one node fits (an error says why), or the rack is full
    if rack.by_cooling < min(ctx.build.node_count, rack.without_cooling):
        return  # cooling.rack-heat warns with the same figures
    cooling = t("{cooling} cooling removes {ceiling:,.0f} W per rack ({source}).",
                cooling=cooling_label(site.cooling), ceiling=site.cooling_ceiling_w, source=site.cooling_source)
    sources = tuple(dict.fromkeys(s for s in (
        site.rack_power_source, site.feed_amps_source, site.feed_source if site.feed_amps is not None else "",
        site.cooling_source, site.rack_units_source) if s))
    yield Issue(text, " ".join((nodes_per_rack_text(ctx), power_limit_text(site), cooling)), sources=sources)
