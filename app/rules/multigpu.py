"""Multi-GPU: the tensor/pipeline layout against the GPUs placed, their links and their models."""

from __future__ import annotations

from collections.abc import Iterator

from app.rules.context import RuleContext
from app.rules.findings import Issue, Severity
from app.rules.fixes import Fix, SetNodeCount, SetWorkload
from app.rules.registry import Need, rule
from app.rules.text import t

TP_SRC = "seed 004 via DOMAIN.md, Multi-GPU"
ENGINE_SRC = ("vLLM/SGLang/TRT-LLM: attention heads are split evenly across the TP group, and KV heads evenly or "
              "replicated whole (vLLM's attention layers assert both)")


def _gpu_slots(ctx: RuleContext) -> tuple[str, ...]:
    return tuple(s for s, _ in ctx.gpus)


def _valid_tps(ctx: RuleContext, limit: int) -> list[int]:
    assert ctx.llm is not None
    return [tp for tp in range(1, limit + 1) if ctx.llm.splits_over_tp(tp)]


@rule("multigpu.layout", Severity.ERROR, "TP x PP matches the GPUs placed", needs=(Need.WORKLOAD, Need.GPUS),
      sources=(TP_SRC,))
def layout(ctx: RuleContext) -> Iterator[Issue]:
    w = ctx.workload
    assert w is not None
    group, per_node, nodes = w.gpus_per_replica, ctx.gpu_count, ctx.build.node_count
    if group > ctx.gpus_total:
        need_nodes = -(-group // per_node)
        fixes = [Fix(description=t("deploy {n} nodes for TP={tp} x PP={pp}", n=need_nodes, tp=w.tp, pp=w.pp),
                     ops=(SetNodeCount(count=need_nodes),))]
        fit_tp = [tp for tp in _valid_tps(ctx, per_node) if per_node % tp == 0]
        if fit_tp:
            top = max(fit_tp)
            fixes.insert(0, Fix(description=t("use TP={tp}, PP=1 on this node's {n} GPU(s)", tp=top, n=per_node),
                                ops=(SetWorkload(changes={"tp": top, "pp": 1}),)))
        yield Issue(
            t("TP={tp} x PP={pp} needs {group} GPUs; {total} deployed", tp=w.tp, pp=w.pp, group=group,
              total=ctx.gpus_total),
            t("{per_node} GPU(s) per node x {nodes} node(s) = {total} < {group}.", per_node=per_node, nodes=nodes,
              total=ctx.gpus_total, group=group),
            slots=_gpu_slots(ctx), fixes=tuple(fixes),
        )
        return
    if group <= per_node and per_node % group:
        idle = per_node % group
        yield Issue(
            t("{idle} of {per_node} GPUs idle: {per_node} is not a multiple of TP x PP = {group}", idle=idle,
              per_node=per_node, group=group),
            t("{copies} model copies of {group} GPU(s) each fit on the node; the rest serve nothing.",
              copies=per_node // group, group=group),
            severity=Severity.WARNING, slots=_gpu_slots(ctx)[-idle:],
        )
    if w.tp > per_node:
        pp = w.tp * w.pp // per_node
        cross: tuple[Fix, ...] = ()
        if (w.tp * w.pp) % per_node == 0 and ctx.llm is not None and ctx.llm.splits_over_tp(per_node):
            cross = (Fix(description=t("keep TP inside the node: TP={tp}, PP={pp} across nodes", tp=per_node, pp=pp),
                         ops=(SetWorkload(changes={"tp": per_node, "pp": pp}),)),)
        yield Issue(
            t("TP={tp} spans nodes of {n} GPUs: all-reduces cross the network", tp=w.tp, n=per_node),
            t("Tensor parallelism does two all-reduces per layer; across nodes they run at network speed. "
              "Use TP within a node and pipeline parallelism between nodes."),
            severity=Severity.WARNING, sources=(TP_SRC,), slots=_gpu_slots(ctx), fixes=cross,
        )


@rule("multigpu.tp-heads", Severity.ERROR, "TP splits the model's attention and KV heads", needs=(Need.WORKLOAD,),
      sources=(ENGINE_SRC,))
def tp_heads(ctx: RuleContext) -> Iterator[Issue]:
    w, llm = ctx.workload, ctx.llm
    assert w is not None and llm is not None
    if llm.splits_over_tp(w.tp):
        return
    options = [tp for tp in _valid_tps(ctx, max(w.tp, ctx.gpu_count or 1))
               if tp * w.pp <= max(ctx.gpus_total, 1)]
    fixes: tuple[Fix, ...] = ()
    if options:
        best = min(options, key=lambda o: (abs(o - w.tp), -o))
        fixes = (Fix(description=t("use TP={tp}", tp=best), ops=(SetWorkload(changes={"tp": best}),)),)
    if llm.attention_heads % w.tp:
        message = t("TP={tp} does not divide {model}'s {heads} attention heads", tp=w.tp, model=llm.name,
                    heads=llm.attention_heads)
        why = t("{heads} heads / {tp} is not whole; engines refuse to start.", heads=llm.attention_heads, tp=w.tp)
    else:
        message = t("TP={tp} does not split {model}'s {kv} KV heads", tp=w.tp, model=llm.name, kv=llm.kv_heads)
        why = t("{kv} KV heads over TP {tp}: neither divides the other, so they can be neither split evenly nor "
                "replicated whole; engines refuse to start.", kv=llm.kv_heads, tp=w.tp)
    yield Issue(message, why, sources=(ENGINE_SRC,), part_ids=(llm.id,), fixes=fixes)


@rule("multigpu.tp-pcie", Severity.WARNING, "TP > 2 only over NVLink/NVSwitch", needs=(Need.WORKLOAD, Need.GPUS),
      thresholds=("multigpu.pcie_tp_max",))
def tp_over_pcie(ctx: RuleContext) -> Iterator[Issue]:
    w, gpu = ctx.workload, ctx.gpu
    assert w is not None and gpu is not None
    limit = ctx.profile.multigpu.pcie_tp_max
    tp_in_node = min(w.tp, ctx.gpu_count)
    if tp_in_node <= limit.value or all(g.has_nvlink for g in ctx.gpu_models):
        return
    fixes: list[Fix] = []
    new_tp = int(limit.value)
    if (w.tp * w.pp) % new_tp == 0:
        pp = w.tp * w.pp // new_tp
        fit = ctx.fit_for(tp=new_tp, pp=pp)
        if fit is not None and fit.fits:
            fixes.append(Fix(description=t("use TP={tp} x PP={pp} (pipeline parallelism over PCIe)", tp=new_tp, pp=pp),
                             ops=(SetWorkload(changes={"tp": new_tp, "pp": pp}),)))
    link = gpu.interconnect or t("PCIe only")
    yield Issue(
        t("TP={tp} over PCIe: {gpu} has no NVLink/NVSwitch between all GPUs", tp=w.tp, gpu=gpu.name),
        t("Tensor parallelism does two all-reduces per layer; over PCIe ({link}) keep TP <= {limit:g} and use "
          "pipeline parallelism, or a GPU with more memory.", link=link, limit=limit.value),
        sources=(limit.source,), slots=_gpu_slots(ctx), part_ids=(gpu.id,), fixes=tuple(fixes),
    )


@rule("multigpu.p2p", Severity.WARNING, "Multi-GPU serving needs peer-to-peer", needs=(Need.WORKLOAD, Need.GPUS),
      sources=(TP_SRC,))
def p2p(ctx: RuleContext) -> Iterator[Issue]:
    w = ctx.workload
    assert w is not None
    if w.gpus_per_replica <= 1:
        return
    no_p2p = [g for g in ctx.gpu_models if not g.p2p]
    if no_p2p:
        g = no_p2p[0]
        yield Issue(
            t("{gpu} has no peer-to-peer over PCIe: TP/PP traffic goes through host memory", gpu=g.display_name),
            t("Consumer GeForce cards have P2P disabled; every all-reduce is staged through the CPU, which costs "
              "latency at each layer."),
            sources=("DOMAIN.md, Multi-GPU",), slots=_gpu_slots(ctx), part_ids=(g.id,),
        )


@rule("multigpu.mixed", Severity.WARNING, "One GPU model per node", needs=(Need.CHASSIS, Need.GPUS),
      sources=(TP_SRC,))
def mixed(ctx: RuleContext) -> Iterator[Issue]:
    if len(ctx.gpu_models) < 2:
        return
    w = ctx.workload
    grouped = w is not None and w.gpus_per_replica > 1
    yield Issue(
        t("Different GPU models in one node in one TP/PP group") if grouped else
        t("Different GPU models in one node"),
        t("{models}. A TP/PP group runs at the pace and memory of its weakest GPU; the VRAM check uses the "
          "smallest.", models=", ".join(f"{sum(1 for _, g in ctx.gpus if g.id == m.id)} x {m.name}"
                                        for m in ctx.gpu_models)),
        severity=Severity.ERROR if grouped else None, slots=_gpu_slots(ctx),
        part_ids=tuple(g.id for g in ctx.gpu_models),
    )
