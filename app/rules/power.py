"""Power: node draw vs PSUs under the redundancy mode and line voltage, and vs the rack's feed."""

from __future__ import annotations

import math
from collections.abc import Iterator

from app.core.build import EnvironmentKind, Redundancy
from app.rules.context import RuleContext, psu_usable_w
from app.rules.findings import Issue, Severity
from app.rules.fixes import Fix, SetEnvironment, SetPsus, SetRedundancy
from app.rules.registry import Need, rule
from app.rules.suggest import MODE_LABEL, psu_fix

POWER_SRC = "DOMAIN.md, Power, racks, cooling"


def describe_draw(ctx: RuleContext) -> str:
    p = ctx.power
    parts = ", ".join(f"{k} {v:.0f}" for k, v in p.max_by_kind.items() if v)
    return (f"Node max draw {p.max_dc_w:.0f} W DC ({parts}); typical {p.typical_dc_w:.0f} W. "
            f"At the wall (PSU efficiency {p.efficiency:.0%}): max {p.max_ac_w:.0f} W, typical {p.typical_ac_w:.0f} W.")


def _psu_slots(ctx: RuleContext) -> tuple[str, ...]:
    return tuple(s for s, _ in ctx.psus)


@rule("power.psu-capacity", Severity.ERROR, "PSUs carry the node's max draw under the redundancy mode")
def psu_capacity(ctx: RuleContext) -> Iterator[Issue]:
    psu = ctx.psu
    if not psu.count:
        return
    load = ctx.power.max_dc_w
    if psu.usable_w >= load:
        return
    model = psu.models[0]
    mode = MODE_LABEL[psu.mode]
    fixes: list[Fix] = []
    fix = psu_fix(ctx, load)
    if fix is not None:
        fixes.append(fix)
    line = "high line" if psu.voltage >= 180 else "low line"
    if psu.voltage < 180 and psu_usable_w(psu.count, min(p.rating_high_line_w for p in psu.models), psu.mode) >= load:
        fixes.append(Fix(description="feed the PSUs from 200-240 V (high line)",
                         ops=(SetEnvironment(changes={"feed_voltage_v": 230}),)))
    yield Issue(
        f"PSUs give {psu.usable_w:.0f} W under {mode}; the node draws up to {load:.0f} W",
        f"{psu.count} x {model.name} at {psu.voltage:g} V ({line}) = {psu.rating_w:g} W each; under {mode} "
        f"{psu.usable_w:.0f} W is usable (N+1: count-1 carry the load; N+N: half). " + describe_draw(ctx),
        sources=(POWER_SRC, "the PSU's catalog entry"), slots=_psu_slots(ctx),
        part_ids=tuple(p.id for p in psu.models), fixes=tuple(fixes),
    )


@rule("power.low-line", Severity.WARNING, "PSU derating on a 100-127 V feed")
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
    what = f"gives {low:g} W, not {p.rating_high_line_w:g} W" if low else "does not run at all (high line only)"
    yield Issue(
        f"At {psu.voltage:g} V each {p.name} {what}",
        f"High-wattage server PSUs deliver their rating only on 200-240 V. Usable here: {psu.usable_w:.0f} W "
        f"vs {high_usable:.0f} W on high line; node max draw {load:.0f} W.",
        severity=severity, sources=(POWER_SRC, "the PSU's catalog entry"), slots=_psu_slots(ctx),
        part_ids=(p.id,),
    )


@rule("power.psu-redundancy", Severity.ERROR, "PSU count allows the redundancy mode")
def psu_redundancy(ctx: RuleContext) -> Iterator[Issue]:
    psu = ctx.psu
    if not psu.count or psu.mode is Redundancy.NONE:
        return
    model = psu.models[0]
    if psu.count < 2:
        fixes = []
        chassis = ctx.chassis
        assert chassis is not None
        if chassis.psu_bays >= 2:
            need = max(2, psu.count + 1) if psu.mode is Redundancy.N_PLUS_1 else 2
            fixes.append(Fix(description=f"add a PSU: {need} x {model.id}",
                             ops=(SetPsus(part_id=model.id, count=need),)))
        fixes.append(Fix(description="accept no PSU redundancy", ops=(SetRedundancy(mode=Redundancy.NONE),)))
        yield Issue(
            f"{MODE_LABEL[psu.mode]} needs at least 2 PSUs; {psu.count} placed",
            "With one PSU its failure stops the node.", sources=(POWER_SRC,), slots=_psu_slots(ctx),
            part_ids=(model.id,), fixes=tuple(fixes),
        )
    elif psu.mode is Redundancy.N_PLUS_N and psu.count % 2:
        yield Issue(
            f"N+N with an odd number of PSUs ({psu.count}): one adds nothing",
            f"N+N splits PSUs over two feeds; usable = {psu.count // 2} x {psu.rating_w:g} W.",
            severity=Severity.WARNING, sources=(POWER_SRC,), slots=_psu_slots(ctx), part_ids=(model.id,),
            fixes=(Fix(description=f"use {psu.count + 1} x {model.id}",
                       ops=(SetPsus(part_id=model.id, count=psu.count + 1),)),)
            if ctx.chassis is not None and psu.count + 1 <= ctx.chassis.psu_bays else (),
        )


@rule("power.psu-mixed", Severity.ERROR, "One PSU model per node")
def psu_mixed(ctx: RuleContext) -> Iterator[Issue]:
    psu = ctx.psu
    if len(psu.models) > 1:
        first = ctx.psus[0][1]
        yield Issue(
            "Different PSU models in one node",
            "Redundant PSUs share the load only when identical; mixed models may refuse to pair or overload "
            "the smaller one: " + ", ".join(p.id for p in psu.models) + ".",
            sources=(POWER_SRC,), slots=_psu_slots(ctx), part_ids=tuple(p.id for p in psu.models),
            fixes=(Fix(description=f"use {psu.count} x {first.id}",
                       ops=(SetPsus(part_id=first.id, count=psu.count),)),),
        )


@rule("power.rack-budget", Severity.ERROR, "A node fits the rack's power budget at 80 % feed loading")
def rack_budget(ctx: RuleContext) -> Iterator[Issue]:
    rack, site = ctx.rack, ctx.site
    assert rack is not None
    if rack.by_power >= 1:
        return
    yield Issue(
        f"One node draws up to {rack.node_w:.0f} W; the {site.label.lower()} rack allows {site.usable_w:.0f} W",
        f"Rack budget {site.budget_w:.0f} W x {site.feed_max_load:.0%} feed loading = {site.usable_w:.0f} W usable. "
        + describe_draw(ctx) + " Choose a denser site, a bigger feed, or fewer/lower-power GPUs.",
        sources=(site.budget_source, site.feed_source), part_ids=tuple(g.id for g in ctx.gpu_models),
    )


@rule("power.edge-gpu", Severity.ERROR, "Edge/office: a single GPU of at most 300 W", needs=(Need.CHASSIS, Need.GPUS))
def edge_gpu(ctx: RuleContext) -> Iterator[Issue]:
    site = ctx.site
    if site.kind is not EnvironmentKind.EDGE:
        return
    if site.max_gpu_tdp_w is not None:
        limit = site.max_gpu_tdp_w
        hot = [(s, g) for s, g in ctx.gpus if g.tdp_w > limit.value]
        if hot:
            g = hot[0][1]
            yield Issue(
                f"{g.display_name} draws {g.tdp_w:g} W; edge/office sites take GPUs up to {limit.value:g} W",
                f"Edge and office rooms have neither the feed nor the cooling for {g.tdp_w:g} W cards "
                f"(limit {limit}).",
                sources=(limit.source,), slots=tuple(s for s, _ in hot), part_ids=(g.id,),
            )
    if site.max_gpus is not None and ctx.gpu_count > site.max_gpus.value:
        limit_n = site.max_gpus
        yield Issue(
            f"{ctx.gpu_count} GPUs at an edge/office site; the guideline is {limit_n.value:g}",
            f"Edge deployments are single-card by default ({limit_n.source}); check the room's power and heat.",
            severity=Severity.WARNING, sources=(limit_n.source,), slots=tuple(s for s, _ in ctx.gpus),
        )


def nodes_per_rack_text(ctx: RuleContext) -> str:
    rack, site = ctx.rack, ctx.site
    assert rack is not None and ctx.chassis is not None
    return (f"Per rack: power {site.usable_w:.0f} W / {rack.node_w:.0f} W = {rack.by_power}; rack units "
            f"{site.rack_units} U / {ctx.chassis.rack_units} U = {rack.by_rack_units}; cooling "
            f"{site.cooling_ceiling_w:.0f} W / {rack.node_w:.0f} W = {rack.by_cooling}. "
            f"{rack.nodes_per_rack} node(s) per rack, limited by {' and '.join(rack.binding).replace('_', ' ')}; "
            f"{ctx.build.node_count} node(s) need "
            f"{math.ceil(ctx.build.node_count / rack.nodes_per_rack) if rack.nodes_per_rack else 'no'} rack(s).")
