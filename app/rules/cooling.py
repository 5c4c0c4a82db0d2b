"""Cooling: GPU TDP vs the chassis' air-cooled limit, rack heat vs the room's cooling ceiling."""

from __future__ import annotations

import math
from collections.abc import Iterator

from app.core.build import CoolingType
from app.core.parts import GpuCooling
from app.rules.context import RuleContext
from app.rules.findings import Issue, Severity
from app.rules.fixes import Fix, ReplacePart, SetEnvironment
from app.rules.power import nodes_per_rack_text
from app.rules.registry import Need, rule
from app.rules.suggest import same_kind_gpus
from app.rules.text import cooling_label, t

COOLING_SRC = "DOMAIN.md, Power, racks, cooling; reference/platform.csv"


def _cooling_for(ctx: RuleContext, heat_w: float) -> CoolingType | None:
    """The weakest cooling type stronger than the current one that removes ``heat_w`` per rack."""
    current = ctx.profile.cooling[ctx.site.cooling].value
    options = sorted(((s.value, c) for c, s in ctx.profile.cooling.items()), key=lambda x: (x[0], x[1].value))
    for kw, c in options:
        if kw > current and kw * 1000 >= heat_w:
            return c
    return None


def _plan_cooling(ctx: RuleContext, target: CoolingType) -> Fix:
    return Fix(description=t("plan {cooling} cooling ({kw:g} kW per rack)", cooling=cooling_label(target),
                             kw=ctx.profile.cooling[target].value),
               ops=(SetEnvironment(changes={"cooling": target.value}),))


@rule("cooling.gpu-tdp", Severity.ERROR, "GPU TDP within the chassis' air-cooled limit",
      needs=(Need.CHASSIS, Need.GPUS))
def gpu_tdp(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    hot = [(s, g) for s, g in ctx.gpus if g.tdp_w > chassis.max_gpu_tdp_air_w]
    if not hot:
        return
    g = hot[0][1]
    slots = tuple(s for s, _ in hot)
    liquid = ctx.site.cooling.is_liquid
    base = t("{chassis} cools GPUs up to {limit:g} W with air; {gpu} is rated {tdp:g} W.", chassis=chassis.name,
             limit=chassis.max_gpu_tdp_air_w, gpu=g.name, tdp=g.tdp_w)
    if chassis.liquid_cooling_option and liquid:
        yield Issue(
            t("{gpu} ({tdp:g} W) needs the liquid-cooled version of {chassis}", gpu=g.display_name, tdp=g.tdp_w,
              chassis=chassis.name),
            base + " " + t("The site has {cooling} cooling and the chassis has a liquid option: order that.",
                           cooling=cooling_label(ctx.site.cooling)),
            severity=Severity.WARNING, sources=("the chassis' catalog entry",), slots=slots,
            part_ids=(g.id, chassis.id),
        )
        return
    alt = [p for p in same_kind_gpus(ctx, g) if p.tdp_w <= chassis.max_gpu_tdp_air_w]
    fixes = (Fix(description=t("use {gpu} ({tdp:g} W, {vram:g} GB)", gpu=alt[0].display_name, tdp=alt[0].tdp_w,
                               vram=alt[0].vram_gb),
                 ops=(ReplacePart(slots=slots, part_id=alt[0].id),)),) if alt else ()
    more = (" " + t("A liquid-cooled version exists: choose direct-liquid cooling for the site and order it.")
            if chassis.liquid_cooling_option else "")
    yield Issue(
        t("{gpu} ({tdp:g} W) exceeds {chassis}'s {limit:g} W air-cooled limit", gpu=g.display_name, tdp=g.tdp_w,
          chassis=chassis.name, limit=chassis.max_gpu_tdp_air_w),
        base + more, sources=("the chassis' catalog entry", COOLING_SRC), slots=slots,
        part_ids=(g.id, chassis.id), fixes=fixes,
    )


@rule("cooling.rack-heat", Severity.ERROR, "Rack heat within the room's cooling ceiling")
def rack_heat(ctx: RuleContext) -> Iterator[Issue]:
    rack, site = ctx.rack, ctx.site
    assert rack is not None
    bpw = ctx.btu_per_watt
    node_w = rack.node_w
    src = (site.cooling_source, ctx.profile.power.btu_per_watt.source)
    if rack.by_cooling < 1:
        target = _cooling_for(ctx, node_w)
        fixes = (_plan_cooling(ctx, target),) if target else ()
        yield Issue(
            t("One node gives off {node:.0f} W ({btu:,.0f} BTU/h); {cooling} cooling removes {ceiling:.0f} W per rack",
              node=node_w, btu=node_w * bpw, cooling=cooling_label(site.cooling), ceiling=site.cooling_ceiling_w),
            t("Heat = wall power: {node:.0f} W x {bpw:g} = {btu:,.0f} BTU/h per node. Above the air ceiling: "
              "rear-door heat exchanger or direct liquid cooling.", node=node_w, bpw=bpw, btu=node_w * bpw),
            sources=src, part_ids=tuple(g.id for g in ctx.gpu_models), fixes=fixes,
        )
        return
    wanted = min(ctx.build.node_count, rack.without_cooling)
    if rack.by_cooling < wanted:
        heat = wanted * node_w
        target = _cooling_for(ctx, heat)
        fixes = (_plan_cooling(ctx, target),) if target else ()
        racks_now = math.ceil(ctx.build.node_count / rack.by_cooling)
        racks_then = math.ceil(ctx.build.node_count / rack.without_cooling)
        yield Issue(
            t("Cooling limits the rack to {n} node(s); power and space allow {without}", n=rack.by_cooling,
              without=rack.without_cooling),
            t("{nodes} nodes x {node:.0f} W = {heat:.0f} W ({btu:,.0f} BTU/h) per rack vs {ceiling:.0f} W for "
              "{cooling}. {per_rack} Racks: {now} with this cooling, {then} with stronger cooling.", nodes=wanted,
              node=node_w, heat=heat, btu=heat * bpw, ceiling=site.cooling_ceiling_w,
              cooling=cooling_label(site.cooling), per_rack=nodes_per_rack_text(ctx), now=racks_now,
              then=racks_then),
            severity=Severity.WARNING, sources=src, part_ids=tuple(g.id for g in ctx.gpu_models), fixes=fixes,
        )


@rule("cooling.consumer-card", Severity.WARNING, "No open-air consumer cards in passive-airflow servers",
      needs=(Need.CHASSIS, Need.GPUS))
def consumer_card(ctx: RuleContext) -> Iterator[Issue]:
    open_air = [(s, g) for s, g in ctx.gpus if g.consumer and g.cooling is GpuCooling.ACTIVE]
    if open_air:
        g = open_air[0][1]
        assert ctx.chassis is not None
        yield Issue(
            t("{gpu} has an open-air cooler; {chassis} blows air front to back", gpu=g.display_name,
              chassis=ctx.chassis.name),
            t("Consumer cards exhaust heat into the case and fight the server's fans; packed side by side they "
              "throttle. Prefer a passive data-center card (e.g. L40S, L20) or a workstation chassis."),
            sources=(COOLING_SRC,), slots=tuple(s for s, _ in open_air), part_ids=(g.id, ctx.chassis.id),
        )
