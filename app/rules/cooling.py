"""Cooling: GPU TDP vs the chassis' air-cooled limit, rack heat vs the room's cooling ceiling."""

from __future__ import annotations

import math
from collections.abc import Iterator

from app.core.build import CoolingType
from app.core.parts import Gpu, GpuCooling
from app.core.placement import gpu_form_mismatch
from app.rules.context import RuleContext
from app.rules.findings import Issue, Severity
from app.rules.fixes import Fix, ReplacePart, SetEnvironment, SetGpuPowerCap
from app.rules.power import nodes_per_rack_text
from app.rules.registry import Need, rule
from app.rules.suggest import same_kind_gpus
from app.rules.text import cooling_label, t

COOLING_SRC = "DOMAIN.md, Power, racks, cooling; reference/platform.csv"


def _cooling_for(ctx: RuleContext, heat_w: float) -> CoolingType | None:
    """The weakest cooling type stronger than the site's that removes ``heat_w`` per rack."""
    current = ctx.site.cooling_ceiling_w / 1000
    options = sorted(((s.value, c) for c, s in ctx.profile.cooling.items()), key=lambda x: (x[0], x[1].value))
    for kw, c in options:
        if kw > current and kw * 1000 >= heat_w:
            return c
    return None


def _plan_cooling(ctx: RuleContext, target: CoolingType) -> Fix:
    return Fix(description=t("plan {cooling} cooling ({kw:g} kW per rack)", cooling=cooling_label(target),
                             kw=ctx.profile.cooling[target].value),
               ops=(SetEnvironment(changes={"cooling": target.value, "cooling_kw": None}),))


@rule("cooling.gpu-tdp", Severity.ERROR, "GPU TDP within the chassis' air-cooled limit",
      needs=(Need.CHASSIS, Need.GPUS),
      sources=(COOLING_SRC, "the chassis catalog entry (air-cooled GPU power limit)",
               "the GPU catalog entry (power limit range)"))
def gpu_tdp(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    limit = chassis.max_gpu_tdp_air_w
    # A module the chassis cannot mount has its fit error (fit.gpu-form-factor) and nothing to cool.
    hot = [(s, g) for s, g in ctx.gpus if ctx.gpu_power_w(g) > limit and gpu_form_mismatch(g, chassis) is None]
    if not hot:
        return
    g = hot[0][1]
    power = ctx.gpu_power_w(g)
    liquid = ctx.site.cooling.is_liquid
    if chassis.liquid_cooling_option and liquid:
        base = t("{chassis} cools GPUs up to {limit:,g} W with air; {gpu} is rated {tdp:,g} W.", chassis=chassis.name,
                 limit=limit, gpu=g.name, tdp=power)
        yield Issue(
            t("{gpu} ({tdp:,g} W) needs the liquid-cooled version of {chassis}", gpu=g.display_name, tdp=power,
              chassis=chassis.name),
            base + " " + t("The site has {cooling} cooling and the chassis has a liquid option: order that.",
                           cooling=cooling_label(ctx.site.cooling)),
            severity=Severity.WARNING, sources=("the chassis' catalog entry",), slots=tuple(s for s, _ in hot),
            part_ids=(g.id, chassis.id),
        )
        return
    fixed = [(s, x) for s, x in hot if not x.can_cap_to(limit)]
    if fixed:
        yield _over_air_limit(ctx, fixed)
    cappable = [(s, x) for s, x in hot if x.can_cap_to(limit)]
    if cappable:
        yield _cap_to_air_limit(ctx, cappable)


def _over_air_limit(ctx: RuleContext, hot: list[tuple[str, Gpu]]) -> Issue:
    """A GPU whose power cannot be set down to the chassis' air limit: an error."""
    chassis = ctx.chassis
    assert chassis is not None
    limit = chassis.max_gpu_tdp_air_w
    g = hot[0][1]
    power = ctx.gpu_power_w(g)
    slots = tuple(s for s, _ in hot)
    base = t("{chassis} cools GPUs up to {limit:,g} W with air; {gpu} is rated {tdp:,g} W.", chassis=chassis.name,
             limit=limit, gpu=g.name, tdp=power)
    alt = [p for p in same_kind_gpus(ctx, g) if p.tdp_w <= limit]
    fixes = (Fix(description=t("use {gpu} ({tdp:,g} W, {vram:g} GB)", gpu=alt[0].display_name, tdp=alt[0].tdp_w,
                               vram=alt[0].vram_gib),
                 ops=(ReplacePart(slots=slots, part_id=alt[0].id),)),) if alt else ()
    more = (" " + t("A liquid-cooled version exists: choose direct-liquid cooling for the site and order it.")
            if chassis.liquid_cooling_option else "")
    return Issue(
        t("{gpu} ({tdp:,g} W) exceeds {chassis}'s {limit:,g} W air-cooled limit", gpu=g.display_name, tdp=power,
          chassis=chassis.name, limit=limit),
        base + more, sources=("the chassis' catalog entry", COOLING_SRC), slots=slots,
        part_ids=(g.id, chassis.id), fixes=fixes,
    )


def _cap_to_air_limit(ctx: RuleContext, hot: list[tuple[str, Gpu]]) -> Issue:
    """A GPU whose datasheet power range reaches the chassis' air limit: a warning with a power-cap fix."""
    chassis = ctx.chassis
    assert chassis is not None
    limit = chassis.max_gpu_tdp_air_w
    g = hot[0][1]
    power = ctx.gpu_power_w(g)
    saved = sum(ctx.gpu_power_w(x) - x.power_limit_w(limit) for _, x in ctx.gpus if x.can_cap_to(limit))
    saved *= 1 + chassis.fan_w_per_gpu_w  # the fans have less heat to move
    return Issue(
        t("{gpu} runs at {tdp:,g} W; {chassis} cools {limit:,g} W per GPU with air: cap it at {limit:,g} W",
          gpu=g.display_name, tdp=power, chassis=chassis.name, limit=limit),
        t("{gpu}'s power is configurable from {low:g} to {high:,g} W (datasheet). Capped at {limit:,g} W it stays "
          "within the chassis' air cooling; it then holds lower clocks, so compute-bound work (prefill, large "
          "batches) runs slower while memory bandwidth is unchanged, and the node draws {saved:,.0f} W less.",
          gpu=g.name, low=g.tdp_min_w, high=g.tdp_w, limit=limit, saved=saved),
        severity=Severity.WARNING, sources=("the GPU's catalog entry (datasheet power range)",
                                           "the chassis' catalog entry", COOLING_SRC),
        slots=tuple(s for s, _ in hot), part_ids=(g.id, chassis.id),
        fixes=(Fix(description=t("cap the GPUs at {limit:,g} W", limit=limit),
                   ops=(SetGpuPowerCap(watts=limit),)),),
    )


@rule("cooling.rack-heat", Severity.ERROR, "Rack heat within the room's cooling ceiling",
      thresholds=("environments", "cooling", "power.btu_per_watt"))
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
            t("One node gives off {node:,.0f} W ({btu:,.0f} BTU/h); {cooling} cooling removes {ceiling:,.0f} W "
              "per rack",
              node=node_w, btu=node_w * bpw, cooling=cooling_label(site.cooling), ceiling=site.cooling_ceiling_w),
            t("Heat = wall power: {node:,.0f} W x {bpw:g} = {btu:,.0f} BTU/h per node. Above the air ceiling: "
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
            t("{nodes} nodes x {node:,.0f} W = {heat:,.0f} W ({btu:,.0f} BTU/h) per rack vs {ceiling:,.0f} W for "
              "{cooling}. {per_rack} Racks: {now} with this cooling, {then} with stronger cooling.", nodes=wanted,
              node=node_w, heat=heat, btu=heat * bpw, ceiling=site.cooling_ceiling_w,
              cooling=cooling_label(site.cooling), per_rack=nodes_per_rack_text(ctx), now=racks_now,
              then=racks_then),
            severity=Severity.WARNING, sources=src, part_ids=tuple(g.id for g in ctx.gpu_models), fixes=fixes,
        )


@rule("cooling.consumer-card", Severity.WARNING, "No open-air consumer cards in passive-airflow servers",
      needs=(Need.CHASSIS, Need.GPUS),
      sources=(COOLING_SRC, "the GPU and chassis catalog entries (open-air cooler; chassis built for open-air cards)"))
def consumer_card(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    if chassis.open_air_gpus:  # a tower or workstation case built for cards that cool themselves
        return
    open_air = [(s, g) for s, g in ctx.gpus if g.consumer and g.cooling is GpuCooling.ACTIVE
                and gpu_form_mismatch(g, chassis) is None]
    if open_air:
        g = open_air[0][1]
        yield Issue(
            t("{gpu} has an open-air cooler; {chassis} blows air front to back", gpu=g.display_name,
              chassis=chassis.name),
            t("Consumer cards exhaust heat into the case and fight the server's fans; packed side by side they "
              "throttle. Prefer a passive data-center card (e.g. L40S, L20) or a workstation chassis."),
            sources=(COOLING_SRC,), slots=tuple(s for s, _ in open_air), part_ids=(g.id, chassis.id),
        )
