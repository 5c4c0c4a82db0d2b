"""Power: node draw vs PSUs under the redundancy mode and line voltage, and vs the rack's feed."""

from __future__ import annotations

import math
from collections.abc import Iterator

from app.core.build import EnvironmentKind, Redundancy
from app.rules.context import RuleContext, psu_usable_w
from app.rules.findings import Issue, Severity
from app.rules.fixes import Fix, SetEnvironment, SetGpuPowerCap, SetPsus, SetRedundancy
from app.rules.registry import Need, rule
from app.rules.site import power_limit_text
from app.rules.suggest import psu_fix
from app.rules.text import component_label, join_and, limit_name, redundancy_label, site_label, t

POWER_SRC = "DOMAIN.md, Power, racks, cooling"


def describe_draw(ctx: RuleContext) -> str:
    p = ctx.power
    parts = ", ".join(f"{component_label(k)} {v:.0f}" for k, v in p.max_by_kind.items() if v)
    text = t("Node max draw {max:,.0f} W DC ({parts}); typical {typical:,.0f} W. At the wall (PSU efficiency "
             "{efficiency:.0%}): max {max_ac:,.0f} W, typical {typical_ac:,.0f} W.", max=p.max_dc_w, parts=parts,
             typical=p.typical_dc_w, efficiency=p.efficiency, max_ac=p.max_ac_w, typical_ac=p.typical_ac_w)
    return text + vendor_figure_text(ctx)


def vendor_figure_text(ctx: RuleContext) -> str:
    """The vendor's published maximum beside the app's sum, where the chassis has one ('' otherwise)."""
    chassis = ctx.chassis
    if chassis is None or chassis.vendor_max_w is None:
        return ""
    return " " + t("The vendor states {vendor:,.0f} W max at the wall ({source}); this build sums to {ours:,.0f} W "
                   "({delta:+.0%}).", vendor=chassis.vendor_max_w, source=chassis.vendor_max_source,
                   ours=ctx.power.max_ac_w, delta=ctx.power.max_ac_w / chassis.vendor_max_w - 1)


def _psu_slots(ctx: RuleContext) -> tuple[str, ...]:
    return tuple(s for s, _ in ctx.psus)


@rule("power.psu-capacity", Severity.ERROR, "PSUs carry the node's max draw under the redundancy mode",
      sources=(POWER_SRC, "the PSU catalog entry (rating at high and low line)"))
def psu_capacity(ctx: RuleContext) -> Iterator[Issue]:
    psu = ctx.psu
    if not psu.count:
        return
    load = ctx.power.max_dc_w
    if psu.usable_w >= load:
        return
    model = psu.models[0]
    mode = redundancy_label(psu.mode)
    fixes: list[Fix] = []
    fix = psu_fix(ctx, load)
    if fix is not None:
        fixes.append(fix)
    line = t("high line") if psu.voltage >= 180 else t("low line")
    if psu.voltage < 180 and psu_usable_w(psu.count, min(p.rating_high_line_w for p in psu.models), psu.mode) >= load:
        fixes.append(Fix(description=t("feed the PSUs from 200-240 V (high line)"),
                         ops=(SetEnvironment(changes={"feed_voltage_v": 230}),)))
    yield Issue(
        t("PSUs give {usable:,.0f} W under {mode}; the node draws up to {load:,.0f} W", usable=psu.usable_w,
          mode=mode, load=load),
        t("{count} x {model} at {volts:g} V ({line}) = {rating:,g} W each; under {mode} {usable:,.0f} W is usable "
          "(N+1: count-1 carry the load; N+N: half). {draw}", count=psu.count, model=model.name,
          volts=psu.voltage, line=line, rating=psu.rating_w, mode=mode, usable=psu.usable_w,
          draw=describe_draw(ctx)),
        sources=(POWER_SRC, "the PSU's catalog entry"), slots=_psu_slots(ctx),
        part_ids=tuple(p.id for p in psu.models), fixes=tuple(fixes),
    )


@rule("power.low-line", Severity.WARNING, "PSU derating on a 100-127 V feed",
      sources=(POWER_SRC, "the PSU catalog entry (rating at 100-127 V)"))
def low_line(ctx: RuleContext) -> Iterator[Issue]:
    psu = ctx.psu
    if not psu.count or psu.voltage >= 180:
        return
    derated = [p for p in psu.models if p.rating_w(psu.voltage) < p.rating_high_line_w]
    if not derated:
        return
    p = derated[0]
    high_usable = psu_usable_w(psu.count, p.rating_high_line_w, psu.mode)
    load = ctx.power.max_dc_w
    severity = Severity.WARNING if psu.usable_w < load <= high_usable else Severity.INFO
    low = p.rating_w(psu.voltage)
    message = (t("At {volts:g} V each {psu} gives {low:,g} W, not {high:,g} W", volts=psu.voltage, psu=p.name, low=low,
                 high=p.rating_high_line_w) if low else
               t("At {volts:g} V each {psu} does not run at all (high line only)", volts=psu.voltage, psu=p.name))
    yield Issue(
        message,
        t("High-wattage server PSUs deliver their rating only on 200-240 V. Usable here: {usable:,.0f} W vs "
          "{high_usable:,.0f} W on high line; node max draw {load:,.0f} W.", usable=psu.usable_w,
          high_usable=high_usable, load=load),
        severity=severity, sources=(POWER_SRC, "the PSU's catalog entry"), slots=_psu_slots(ctx),
        part_ids=(p.id,),
    )


@rule("power.psu-redundancy", Severity.ERROR, "PSU count allows the redundancy mode",
      sources=(POWER_SRC,))
def psu_redundancy(ctx: RuleContext) -> Iterator[Issue]:
    psu = ctx.psu
    if not psu.count or psu.mode is Redundancy.NONE:
        return
    model = psu.models[0]
    least = 3 if psu.mode is Redundancy.N_PLUS_2 else 2
    if psu.count < least:
        fixes = []
        chassis = ctx.chassis
        assert chassis is not None
        if chassis.psu_bays >= least:
            fixes.append(Fix(description=t("add a PSU: {n} x {psu}", n=least, psu=model.display_name),
                             ops=(SetPsus(part_id=model.id, count=least),)))
        if psu.mode is Redundancy.N_PLUS_2 and psu.count == 2:
            fixes.append(Fix(description=t("use N+1 redundancy"), ops=(SetRedundancy(mode=Redundancy.N_PLUS_1),)))
        fixes.append(Fix(description=t("accept no PSU redundancy"), ops=(SetRedundancy(mode=Redundancy.NONE),)))
        yield Issue(
            t("{mode} needs at least 2 PSUs; {n} placed", mode=redundancy_label(psu.mode), n=psu.count)
            if least == 2 else
            t("{mode} needs at least 3 PSUs; {n} placed", mode=redundancy_label(psu.mode), n=psu.count),
            t("With one PSU its failure stops the node.") if psu.count < 2 else
            t("N+2 keeps the node running with two PSUs failed; with {n} PSUs none would be left.", n=psu.count),
            sources=(POWER_SRC,), slots=_psu_slots(ctx), part_ids=(model.id,), fixes=tuple(fixes),
        )
    elif psu.mode is Redundancy.N_PLUS_N and psu.count % 2:
        yield Issue(
            t("N+N with an odd number of PSUs ({n}): one adds nothing", n=psu.count),
            t("N+N splits PSUs over two feeds; usable = {half} x {rating:,g} W.", half=psu.count // 2,
              rating=psu.rating_w),
            severity=Severity.WARNING, sources=(POWER_SRC,), slots=_psu_slots(ctx), part_ids=(model.id,),
            fixes=(Fix(description=t("use {n} x {psu}", n=psu.count + 1, psu=model.display_name),
                       ops=(SetPsus(part_id=model.id, count=psu.count + 1),)),)
            if ctx.chassis is not None and psu.count + 1 <= ctx.chassis.psu_bays else (),
        )


@rule("power.psu-mixed", Severity.ERROR, "One PSU model per node",
      sources=(POWER_SRC,))
def psu_mixed(ctx: RuleContext) -> Iterator[Issue]:
    psu = ctx.psu
    if len(psu.models) > 1:
        first = ctx.psus[0][1]
        yield Issue(
            t("Different PSU models in one node"),
            t("Redundant PSUs share the load only when identical; mixed models may refuse to pair or overload "
              "the smaller one: {models}.", models=", ".join(p.display_name for p in psu.models)),
            sources=(POWER_SRC,), slots=_psu_slots(ctx), part_ids=tuple(p.id for p in psu.models),
            fixes=(Fix(description=t("use {n} x {psu}", n=psu.count, psu=first.display_name),
                       ops=(SetPsus(part_id=first.id, count=psu.count),)),),
        )


@rule("power.rack-budget", Severity.ERROR, "A node fits the rack's power (its stated power, or its feed at 80 % "
      "loading)", thresholds=("environments", "power.feed_max_load"))
def rack_budget(ctx: RuleContext) -> Iterator[Issue]:
    rack, site = ctx.rack, ctx.site
    assert rack is not None
    if rack.by_power >= 1:
        return
    sources = tuple(s for s in (site.rack_power_source, site.feed_amps_source,
                                site.feed_source if site.feed_amps is not None else "") if s)
    yield Issue(
        t("One node draws up to {node:,.0f} W; the {site} rack allows {usable:,.0f} W", node=rack.node_w,
          site=site_label(site.kind, site.label).lower(), usable=site.usable_w),
        t("{limit} {draw} Choose a denser site, a bigger feed, or fewer/lower-power GPUs.",
          limit=power_limit_text(site), draw=describe_draw(ctx)),
        sources=sources or (site.budget_source,), part_ids=tuple(g.id for g in ctx.gpu_models),
    )


@rule("power.edge-gpu", Severity.ERROR, "Edge/office: a single GPU of at most 300 W", needs=(Need.CHASSIS, Need.GPUS),
      thresholds=("environments.edge.max_gpu_tdp_w", "environments.edge.max_gpus"))
def edge_gpu(ctx: RuleContext) -> Iterator[Issue]:
    site = ctx.site
    if site.kind is not EnvironmentKind.EDGE:
        return
    if site.max_gpu_tdp_w is not None:
        limit = site.max_gpu_tdp_w
        hot = [(s, g) for s, g in ctx.gpus if ctx.gpu_power_w(g) > limit.value]
        if hot:
            g = hot[0][1]
            power = ctx.gpu_power_w(g)
            # GPUs whose datasheet power range reaches the limit can be capped to it (nvidia-smi -pl).
            cap = (Fix(description=t("cap the GPUs at {limit:,g} W", limit=limit.value),
                       ops=(SetGpuPowerCap(watts=limit.value),)),) if all(
                x.can_cap_to(limit.value) for _, x in hot) else ()
            yield Issue(
                t("{gpu} draws {tdp:,g} W; edge/office sites take GPUs up to {limit:,g} W", gpu=g.display_name,
                  tdp=power, limit=limit.value),
                t("Edge and office rooms have neither the feed nor the cooling for {tdp:,g} W cards (limit {limit}).",
                  tdp=power, limit=limit),
                sources=(limit.source,), slots=tuple(s for s, _ in hot), part_ids=(g.id,), fixes=cap,
            )
    if site.max_gpus is not None and ctx.gpu_count > site.max_gpus.value:
        limit_n = site.max_gpus
        yield Issue(
            t("{n} GPUs at an edge/office site; the guideline is {limit:g}", n=ctx.gpu_count, limit=limit_n.value),
            t("Edge deployments are single-card by default ({source}); check the room's power and heat.",
              source=limit_n.source),
            severity=Severity.WARNING, sources=(limit_n.source,), slots=tuple(s for s, _ in ctx.gpus),
        )


def nodes_per_rack_text(ctx: RuleContext) -> str:
    rack, site = ctx.rack, ctx.site
    assert rack is not None and ctx.chassis is not None
    racks = math.ceil(ctx.build.node_count / rack.nodes_per_rack) if rack.nodes_per_rack else t("no")
    return t("Per rack: power {usable:,.0f} W / {node:,.0f} W = {by_power}; rack units {units} U / {node_units} U = "
             "{by_units}; cooling {ceiling:,.0f} W / {node:,.0f} W = {by_cooling}. {per_rack} node(s) per rack, "
             "limited by {binding}; {nodes} node(s) need {racks} rack(s).", usable=site.usable_w, node=rack.node_w,
             by_power=rack.by_power, units=site.rack_units, node_units=ctx.chassis.rack_units,
             by_units=rack.by_rack_units, ceiling=site.cooling_ceiling_w, by_cooling=rack.by_cooling,
             per_rack=rack.nodes_per_rack, binding=join_and([limit_name(b) for b in rack.binding]),
             nodes=ctx.build.node_count, racks=racks)
