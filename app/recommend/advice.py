"""When nothing qualifies: say so, and which requirement to relax ("INT4 would fit one H200").

Every evaluated candidate knows which requirements it misses (results.FailureKind). A candidate
that misses exactly one relaxable requirement, and passes everything else (the rules included), is
the proof behind one piece of advice; the best such candidate per requirement is named with its
figures. When no single relaxation is enough, pairs are tried; when even that fails, the closest
builds are listed with what stops them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from app.core.build import CoolingType, Environment, EnvironmentKind
from app.core.labels import environment_label
from app.core.parts import Llm
from app.core.precision import Precision
from app.recommend.plans import precision_key
from app.recommend.ranking import price_key, rank_key
from app.recommend.requirements import RankBy, Requirements
from app.recommend.results import RELAXABLE, Advice, Candidate, FailureKind
from app.recommend.text import consumer_failure, kind_label, t
from app.rules.profile import RuleProfile
from app.rules.site import resolve_site
from app.rules.text import cooling_label

ORDER: tuple[FailureKind, ...] = (
    FailureKind.PRECISION, FailureKind.ENVIRONMENT, FailureKind.LATENCY, FailureKind.NODES, FailureKind.BUDGET,
    FailureKind.GPU,
)
PAIR_ADVICE = 3


def phrase(c: Candidate) -> str:
    """'one H200 NVL', '4 x L40S', '2 nodes of 8 x H100 SXM5 80GB'."""
    if c.gpu_total == 1:
        gpus = t("one {gpu}", gpu=c.gpu_name)
    elif c.node_count == 1:
        gpus = t("{count} x {gpu}", count=c.gpus_per_node, gpu=c.gpu_name)
    else:
        gpus = t("{nodes} nodes of {count} x {gpu}", nodes=c.node_count, count=c.gpus_per_node, gpu=c.gpu_name)
    return t("{gpus} ({chassis}, {layout})", gpus=gpus, chassis=c.chassis_name, layout=c.layout())


def _price(c: Candidate) -> str:
    return c.price.describe()


def _precision(group: Sequence[Candidate], req: Requirements, llm: Llm) -> tuple[str, Candidate]:
    best = min(group, key=lambda x: (precision_key(Precision(x.precision), llm), rank_key(x, req.rank_by)))
    others = sorted({x.precision for x in group if x.precision != best.precision},
                    key=lambda p: precision_key(Precision(p), llm))
    text = t("{precision} would fit {build}: accept {precision} weights and it qualifies ({price})",
             precision=best.precision.upper(), build=phrase(best), price=_price(best))
    if others:
        text += t("; {precisions} would work too", precisions=", ".join(p.upper() for p in others))
    return text, best


def _cooling_for(profile: RuleProfile, watts: float, current: CoolingType) -> CoolingType | None:
    have = profile.cooling[current].value
    for kw, kind in sorted(((s.value, k) for k, s in profile.cooling.items()), key=lambda x: (x[0], x[1].value)):
        if kw > have and kw * 1000 >= watts:
            return kind
    return None


def _environment(group: Sequence[Candidate], req: Requirements, site_usable_w: float,
                 profile: RuleProfile) -> tuple[str, Candidate]:
    best = min(group, key=lambda c: (c.node_power_w, price_key(c)))
    rules = {f.rule_id for f in best.failures}
    parts: list[str] = []
    if "power.edge-gpu" in rules:
        limit = profile.environments[EnvironmentKind.EDGE].max_gpu_tdp_w
        limit_w = f"{limit.value:g} W" if limit is not None else t("the edge limit")
        parts.append(t("{gpu} is over the edge/office limit of {limit} per GPU: an enterprise machine room or a "
                       "data center is needed for {build}", gpu=best.gpu_name, limit=limit_w, build=phrase(best)))
    if "power.rack-budget" in rules:
        need_kw = math.ceil(best.node_power_w / 1000)
        usable = {k: resolve_site(Environment(kind=k), profile).usable_w / 1000 for k in profile.environments
                  if k is not EnvironmentKind.CUSTOM}
        presets = sorted((kw, profile.environments[k].label) for k, kw in usable.items() if kw >= need_kw)
        parts.append(t("a {need_kw:g} kW rack is needed: {build} draws {node_w:,.0f} W per node at the wall and the "
                       "{environment} rack gives {usable_w:,.0f} W", need_kw=need_kw,
                       build=phrase(best), node_w=best.node_power_w, environment=environment_label(req.environment),
                       usable_w=site_usable_w)
                     + (t("; the {preset} preset ({kw:g} kW) has enough", preset=presets[0][1].lower(),
                          kw=round(presets[0][0], 1)) if presets else ""))
    if "cooling.rack-heat" in rules:
        env = req.environment_model()
        current = env.cooling or profile.environments[env.kind].cooling
        target = _cooling_for(profile, best.node_power_w, current)
        parts.append(t("{node_w:,.0f} W of heat per node is more than {cooling} cooling removes",
                       node_w=best.node_power_w, cooling=cooling_label(current))
                     + (t(": plan {cooling} cooling", cooling=cooling_label(target)) if target else ""))
    return "; ".join(parts) + t(" ({price})", price=_price(best)), best


def _latency(group: Sequence[Candidate], req: Requirements) -> tuple[str, Candidate]:
    ttft, tpot = req.targets()

    def excess(c: Candidate) -> float:
        if c.perf is None:
            return math.inf
        return max(c.perf.ttft_p99_ms / ttft if ttft else 0.0, c.perf.tpot_p99_ms / tpot if tpot else 0.0)

    best = min(group, key=lambda c: (excess(c), rank_key(c, req.rank_by)))
    if best.perf is None:
        return t("the latency targets cannot be met at this load"), best
    relax = []
    if ttft is not None and best.perf.ttft_p99_ms > ttft:
        relax.append(t("TTFT to {ms} ms (target {target:g})", ms=_round_up(best.perf.ttft_p99_ms), target=ttft))
    if tpot is not None and best.perf.tpot_p99_ms > tpot:
        relax.append(t("TPOT to {ms} ms (target {target:g})", ms=_round_up(best.perf.tpot_p99_ms), target=tpot))
    what = t(" and ").join(relax) if relax else t("the load")
    text = t("relax {what}: the closest build found that meets everything else, {build}, gives P99 TTFT {ttft:,.0f} "
             "ms and P99 TPOT {tpot:,.1f} ms at the load ({price})", what=what, build=phrase(best),
             ttft=best.perf.ttft_p99_ms, tpot=best.perf.tpot_p99_ms, price=_price(best))
    return text, best


def _round_up(ms: float) -> int:
    step = 10 if ms < 1000 else 100
    return int(math.ceil(ms / step) * step)


def _nodes(group: Sequence[Candidate], req: Requirements) -> tuple[str, Candidate]:
    best = min(group, key=lambda c: (c.node_count, rank_key(c, req.rank_by)))
    return t("allow {nodes} nodes (at most {limit} now): {build} carries the load ({price}); or lower the load",
             nodes=best.node_count, limit=req.node_limit(), build=phrase(best), price=_price(best)), best


def _budget(group: Sequence[Candidate], req: Requirements) -> tuple[str, Candidate]:
    priced = [c for c in group if c.price.gpu_priced]
    if not priced:
        best = min(group, key=lambda c: rank_key(c, req.rank_by))
        return t("the builds that meet everything else have GPUs without a price, e.g. {build}: import a price "
                 "list to check the budget", build=phrase(best)), best
    best = min(priced, key=lambda c: (price_key(c), rank_key(c, req.rank_by)))
    return t("a budget of at least {total:,.0f} {currency} is needed: {build} is the cheapest build that meets "
             "everything else ({price})", total=best.price.total, currency=best.price.currency, build=phrase(best),
             price=_price(best)), best


def _gpu(group: Sequence[Candidate], req: Requirements) -> tuple[str, Candidate]:
    best = min(group, key=lambda c: rank_key(c, req.rank_by))
    consumer = any(f.message == consumer_failure(best.gpu_name) for f in best.failures)
    what = t("consumer GeForce cards") if consumer else best.gpu_name
    return t("allow {what}: {build} would qualify ({price})", what=what, build=phrase(best), price=_price(best)), best


def _single(kind: FailureKind, group: Sequence[Candidate], req: Requirements, site_usable_w: float,
            profile: RuleProfile, llm: Llm) -> Advice:
    if kind is FailureKind.PRECISION:
        text, best = _precision(group, req, llm)
    elif kind is FailureKind.ENVIRONMENT:
        text, best = _environment(group, req, site_usable_w, profile)
    elif kind is FailureKind.LATENCY:
        text, best = _latency(group, req)
    elif kind is FailureKind.NODES:
        text, best = _nodes(group, req)
    elif kind is FailureKind.BUDGET:
        text, best = _budget(group, req)
    else:
        text, best = _gpu(group, req)
    return Advice((kind,), text, best)


def relaxation_advice(req: Requirements, llm: Llm, candidates: Sequence[Candidate], site_usable_w: float,
                      profile: RuleProfile) -> tuple[Advice, ...]:
    """What to relax so that something qualifies; empty only when a candidate already qualifies."""
    if any(c.qualifies for c in candidates):
        return ()
    if req.context_tokens > llm.max_context:
        return (Advice((), t("{model} reads at most {window:,} tokens per request; {input:,} in + {output:,} out = "
                             "{context:,}: shorten the requests or pick a model with a longer window.",
                             model=llm.display_name, window=llm.max_context, input=req.input_tokens,
                             output=req.output_tokens, context=req.context_tokens), None),)
    if not candidates:
        return (Advice((), t("No GPU in the catalog holds {model} at any precision within {limit} node(s): allow "
                             "more nodes or pick a smaller model.", model=llm.display_name, limit=req.node_limit()),
                       None),)
    relaxable = [c for c in candidates if c.failure_kinds <= RELAXABLE]
    out: list[Advice] = []
    for kind in ORDER:
        group = [c for c in relaxable if c.failure_kinds == {kind}]
        if group:
            out.append(_single(kind, group, req, site_usable_w, profile, llm))
    if out:
        return tuple(out)
    pairs: dict[tuple[FailureKind, ...], list[Candidate]] = {}
    for c in relaxable:
        if len(c.failure_kinds) == 2:
            key = tuple(k for k in ORDER if k in c.failure_kinds)
            pairs.setdefault(key, []).append(c)
    for key in sorted(pairs, key=lambda k: (ORDER.index(k[0]), ORDER.index(k[1])))[:PAIR_ADVICE]:
        best = min(pairs[key], key=lambda c: rank_key(c, req.rank_by))
        what = t(" and ").join(kind_label(k) for k in key)
        reasons = "; ".join(f.message for f in best.failures)
        out.append(Advice(key, t("relax both {what}: {build} misses only these ({reasons}); {price}", what=what,
                                 build=phrase(best), reasons=reasons, price=_price(best)), best))
    if out:
        return tuple(out)
    closest = min(candidates, key=lambda c: (len(c.failures), rank_key(c, RankBy.PRICE)))
    reasons = "; ".join(f.message for f in closest.failures[:4])
    return (Advice(tuple(sorted(closest.failure_kinds, key=lambda k: k.value)),
                   t("Nothing in the catalog meets these requirements, even with one or two relaxed. The closest, "
                     "{build}, fails: {reasons}.", build=phrase(closest), reasons=reasons), closest),)
