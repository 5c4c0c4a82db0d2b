"""VRAM: weights + KV cache at the requested context x concurrency + overhead vs usable VRAM.

The arithmetic is app.core.memory's (shared with the performance model); these rules only
judge it, explain it with the numbers used, and propose fixes.
"""

from __future__ import annotations

from collections.abc import Iterator

from app.core.labels import engine_label
from app.core.memory import GIB, GPU_MEMORY_SOURCE, MEMORY_UNITS_SOURCE, VramFit
from app.core.precision import EXPERTS_ONLY_EXPERT_BYTES, bytes_per_element
from app.rules.context import RuleContext
from app.rules.findings import Issue, Severity
from app.rules.fixes import Fix, SetWorkload
from app.rules.registry import Need, rule
from app.rules.suggest import precision_fixes, tp_fix
from app.rules.text import t

ENGINES_SRC = "per-engine overheads: app.core.memory.ENGINE_MEMORY (vLLM, TensorRT-LLM, SGLang, llama.cpp defaults)"
MEMORY_SRC = "DOMAIN.md, Memory (VRAM) fit; research/perf-estimators.md 1.1"


def _gib(b: float) -> str:
    """GPU memory, always in GiB: the unit GPU capacities are really sold in."""
    return t("{gib:.1f} GiB", gib=b / GIB)


def describe_overhead(fit: VramFit) -> str:
    names = {
        "activations": t("activation peak of a {tokens}-token forward pass", tokens=fit.activation_tokens),
        "sampler": t("sampler warm-up of {rows} requests' logits (on top of the pass)", rows=fit.sampler_rows),
        "runtime": t("runtime workspaces"),
        "nccl": t("NCCL buffers"),
        "unallocated": t("memory the engine leaves unallocated"),
    }
    return ", ".join(f"{names.get(n, n)} {_gib(b)}" for n, b in fit.overhead_parts) or t("none")


def describe_fit(ctx: RuleContext, fit: VramFit) -> str:
    """The whole sum with every input, so a presales engineer can redo it by hand."""
    w, llm, gpu = ctx.workload, ctx.llm, ctx.gpu
    assert w is not None and llm is not None and gpu is not None
    a = ctx.memory_assumptions
    bpe = bytes_per_element(w.weight_precision)
    kv_bpe = bytes_per_element(w.kv_precision)
    moe = (t(" (MoE: all {total:g} B parameters resident, {active:g} B active)", total=llm.total_params_b,
             active=llm.active_params_b) if llm.is_moe else "")
    shards = t(" / {tp} GPUs", tp=fit.tp) if fit.tp > 1 else ""
    kv_note = t("MLA latent") if llm.attention_type.value == "MLA" else t("{n} KV heads", n=llm.kv_heads)
    if llm.sliding_window and llm.windowed_layer_share and w.context_tokens > llm.sliding_window:
        # The per-token figure is the request's average: windowed layers keep only their last window of tokens.
        kv_note += t(", {n} of them holding only the last {window} tokens",
                     n=round(llm.windowed_layer_share * llm.layers), window=llm.sliding_window)
    frac = ctx.profile.vram.engine_memory_fraction[w.engine]
    e = a.engine_memory
    if a.runtime_overhead_bytes is not None or e.fraction_of == "device":
        budget = t("{vram:g} GiB less the driver's reserve x {fraction:g} ({engine} memory fraction)",
                   vram=gpu.vram_gib, fraction=frac.value, engine=engine_label(w.engine))
        if e.context_in_budget and a.runtime_overhead_bytes is None:
            budget += t(", less the CUDA context")
    else:
        budget = t("{vram:g} GiB less the driver's reserve and the CUDA context; {engine} gives the KV cache "
                   "{fraction:g} of what is left after weights and activations", vram=gpu.vram_gib,
                   fraction=frac.value, engine=engine_label(w.engine))
    layout = llm.experts_only_layout(w.weight_precision.value)
    if layout is None:
        weights_sum = t("{params:g} B params x {bpe:g} B ({precision})", params=llm.total_params_b, bpe=bpe,
                        precision=w.weight_precision.value)
    else:  # the model's own checkpoint: experts in its low-bit layout, the rest BF16 (app.core.memory)
        experts = llm.routed_expert_params() / 1e9
        weights_sum = t("{experts:.2f} B expert params x {ebpe:g} B ({layout}) + {rest:.2f} B other params x 2 B "
                        "(BF16)", experts=experts, ebpe=EXPERTS_ONLY_EXPERT_BYTES[layout], layout=layout.value,
                        rest=llm.total_params_b - experts)
    text = t(
        "Per GPU, TP={tp} x PP={pp}: weights {weights_sum}{shards} = {weights}{moe}; "
        "overhead {overhead} ({overhead_parts}); KV cache {kv_kb:.1f} kB/token ({layers} layers, {kv_note}, "
        "{kv_precision} = {kv_bpe:g} B) x {context} tokens x {requests} request(s) = {kv}. Need {need} of "
        "{usable} usable ({budget}).",
        tp=w.tp, pp=w.pp, weights_sum=weights_sum, shards=shards,
        weights=_gib(fit.weights_bytes), moe=moe, overhead=_gib(fit.overhead_bytes),
        overhead_parts=describe_overhead(fit), kv_kb=fit.kv_bytes_per_token / 1e3, layers=llm.layers,
        kv_note=kv_note, kv_precision=w.kv_precision.value, kv_bpe=kv_bpe, context=w.context_tokens,
        requests=ctx.replica_concurrency, kv=_gib(fit.kv_bytes_requested), need=_gib(fit.need_bytes),
        usable=_gib(fit.usable_bytes), budget=budget,
    )
    if w.concurrency is not None and ctx.replicas > 1:
        text += " " + t("{n} concurrent requests over {copies} model copies.", n=w.concurrency,
                        copies=ctx.replicas)
    return text


def _sources(ctx: RuleContext) -> tuple[str, ...]:
    assert ctx.workload is not None
    v = ctx.profile.vram
    engine = ctx.memory_assumptions.engine_memory
    flat = ((v.runtime_overhead_gib.source,) if v.runtime_overhead_gib is not None else
            (engine.source, GPU_MEMORY_SOURCE))
    return (MEMORY_SRC, v.engine_memory_fraction[ctx.workload.engine].source, *flat, MEMORY_UNITS_SOURCE)


def _gpu_slots(ctx: RuleContext) -> tuple[str, ...]:
    return tuple(s for s, _ in ctx.gpus)


def _ids(ctx: RuleContext) -> tuple[str, ...]:
    assert ctx.llm is not None
    return (ctx.llm.id, *(g.id for g in ctx.gpu_models))


@rule("vram.model", Severity.ERROR, "The workload's model is in the catalog", needs=(),
      sources=("the catalog (python -m app catalog list --kind llm)",))
def model_known(ctx: RuleContext) -> Iterator[Issue]:
    if ctx.workload is not None and ctx.llm is None:
        yield Issue(
            t("Model '{id}' is not in the catalog", id=ctx.workload.llm_id),
            t("VRAM, storage and parallelism checks need the model's size and shape; they are skipped."),
            part_ids=(ctx.workload.llm_id,),
        )


@rule("vram.moe-routing", Severity.INFO, "A MoE model's catalog entry gives its routing", needs=(Need.WORKLOAD,),
      sources=("the model's config.json (n_routed_experts / num_local_experts, num_experts_per_tok)",))
def moe_routing(ctx: RuleContext) -> Iterator[Issue]:
    llm = ctx.llm
    assert llm is not None
    if llm.is_moe and llm.routed_experts is None:
        yield Issue(
            t("{model} is a MoE model without its routing in the catalog", model=llm.name),
            t("Without routed_experts and experts_per_token the estimate takes all {total:g} B parameters as "
              "experts, each token touching {share:.0%} of them (active / total), so it cannot tell the weights "
              "every step reads from the experts a batch touches. Edit the model and enter both from its "
              "config.json.", total=llm.total_params_b, share=llm.active_params_b / llm.total_params_b),
            sources=("the model's config.json (n_routed_experts / num_local_experts, num_experts_per_tok)",),
            part_ids=(llm.id,),
        )


@rule("vram.no-gpu", Severity.ERROR, "A workload needs GPUs", needs=(Need.CHASSIS, Need.WORKLOAD),
      sources=(MEMORY_SRC,))
def no_gpu(ctx: RuleContext) -> Iterator[Issue]:
    if not ctx.gpus:
        assert ctx.chassis is not None and ctx.llm is not None
        yield Issue(
            t("No GPU placed for {model}", model=ctx.llm.name),
            t("{chassis} has {n} {form} GPU positions.", chassis=ctx.chassis.name, n=ctx.chassis.gpu_slots,
              form=ctx.chassis.gpu_form_factor.value),
            part_ids=(ctx.chassis.id,),
        )


@rule("vram.context", Severity.ERROR, "Requested context fits the model's context window", needs=(Need.WORKLOAD,),
      sources=("the model config.json max_position_embeddings (catalog max_context)",))
def context_window(ctx: RuleContext) -> Iterator[Issue]:
    w, llm = ctx.workload, ctx.llm
    assert w is not None and llm is not None
    if w.context_tokens > llm.max_context:
        fixes: tuple[Fix, ...] = ()
        if llm.max_context > w.output_tokens:
            fixes = (Fix(description=t("cut the input to {n} tokens", n=llm.max_context - w.output_tokens),
                         ops=(SetWorkload(changes={"input_tokens": llm.max_context - w.output_tokens}),)),)
        yield Issue(
            t("{n} tokens per request exceed {model}'s {max}-token window", n=w.context_tokens, model=llm.name,
              max=llm.max_context),
            t("Input {input} + output {output} = {n} > max_context {max} (model config).", input=w.input_tokens,
              output=w.output_tokens, n=w.context_tokens, max=llm.max_context),
            sources=("the model's config.json (catalog entry)",), part_ids=(llm.id,), fixes=fixes,
        )


@rule("vram.fit", Severity.ERROR, "Weights + KV cache + overhead fit usable VRAM", needs=(Need.WORKLOAD, Need.GPUS),
      thresholds=("vram.engine_memory_fraction", "vram.nccl_overhead_gb"),
      sources=(MEMORY_SRC, MEMORY_UNITS_SOURCE, GPU_MEMORY_SOURCE, ENGINES_SRC))
def vram_fit_rule(ctx: RuleContext) -> Iterator[Issue]:
    fit, w, llm, gpu = ctx.fit, ctx.workload, ctx.llm, ctx.gpu
    assert fit is not None and w is not None and llm is not None and gpu is not None
    if fit.fits:
        return
    total_conc = w.concurrency or 1
    fixes: list[Fix] = []
    if not fit.weights_fit:
        fixes += precision_fixes(ctx, need_concurrency=ctx.replica_concurrency)
        tp = tp_fix(ctx, need_concurrency_total=total_conc)
        if tp is not None:
            fixes.append(tp)
        group = f"{w.gpus_per_replica} x {gpu.name}" if w.gpus_per_replica > 1 else t("one {gpu}", gpu=gpu.name)
        yield Issue(
            t("{model} at {precision} does not fit {group}: {need} needed of {usable} usable per GPU (weights "
              "{weights} + overhead {overhead} before any KV cache)",
              model=llm.name, precision=w.weight_precision.value.upper(), group=group,
              need=_gib(fit.need_bytes), usable=_gib(fit.usable_bytes), weights=_gib(fit.weights_bytes),
              overhead=_gib(fit.overhead_bytes)),
            describe_fit(ctx, fit), sources=_sources(ctx), slots=_gpu_slots(ctx), part_ids=_ids(ctx),
            fixes=tuple(fixes),
        )
        return
    per_replica_max = fit.max_concurrency(w.context_tokens)
    total_max = per_replica_max * max(1, ctx.replicas)
    if total_max >= 1:
        fixes.append(Fix(description=t("limit concurrency to {n} requests", n=total_max),
                         ops=(SetWorkload(changes={"concurrency": total_max}),)))
    else:
        longest = fit.max_tokens_in_flight
        if longest > w.output_tokens:
            fixes.append(Fix(description=t("cut the input to {n} tokens", n=longest - w.output_tokens),
                             ops=(SetWorkload(changes={"input_tokens": longest - w.output_tokens}),)))
    fixes += precision_fixes(ctx, need_concurrency=ctx.replica_concurrency)
    tp = tp_fix(ctx, need_concurrency_total=total_conc)
    if tp is not None:
        fixes.append(tp)
    yield Issue(
        t("KV cache for {requests} x {context} tokens per model copy does not fit: {wanted} wanted, {left} left; "
          "at most {max} requests", requests=ctx.replica_concurrency, context=w.context_tokens,
          wanted=_gib(fit.kv_bytes_requested), left=_gib(fit.kv_budget_bytes), max=total_max),
        describe_fit(ctx, fit) + " " + t("Longest context that fits one request: {n} tokens.",
                                         n=fit.max_tokens_in_flight),
        sources=_sources(ctx), slots=_gpu_slots(ctx), part_ids=_ids(ctx), fixes=tuple(fixes),
    )


@rule("vram.headroom", Severity.WARNING, "VRAM keeps a safety margin", needs=(Need.WORKLOAD, Need.GPUS),
      thresholds=("vram.min_headroom_fraction",))
def headroom(ctx: RuleContext) -> Iterator[Issue]:
    fit = ctx.fit
    assert fit is not None
    margin = ctx.profile.vram.min_headroom_fraction
    if fit.fits and fit.headroom_bytes < margin.value * fit.usable_bytes:
        yield Issue(
            t("Only {headroom} VRAM headroom per GPU ({share:.0%})", headroom=_gib(fit.headroom_bytes),
              share=fit.headroom_bytes / fit.usable_bytes),
            describe_fit(ctx, fit) + " " + t("The profile asks for at least {margin:.0%} of usable VRAM free.",
                                             margin=margin.value),
            sources=(*_sources(ctx), margin.source), slots=_gpu_slots(ctx), part_ids=_ids(ctx),
        )


@rule("vram.concurrency", Severity.INFO, "Concurrency is given for the KV-cache check",
      needs=(Need.WORKLOAD, Need.GPUS),
      sources=(MEMORY_SRC,))
def concurrency_unset(ctx: RuleContext) -> Iterator[Issue]:
    w, fit = ctx.workload, ctx.fit
    assert w is not None and fit is not None
    if w.concurrency is None:
        most = fit.max_concurrency(w.context_tokens) * max(1, ctx.replicas)
        yield Issue(
            t("Only target QPS given: VRAM checked for one request per model copy; up to {n} requests fit", n=most),
            t("Concurrency = QPS x request time needs the latency model; set concurrency to check the KV cache at "
              "load. {n} requests of {context} tokens fit across {copies} model copies.", n=most,
              context=w.context_tokens, copies=max(1, ctx.replicas)),
            sources=(MEMORY_SRC,), part_ids=_ids(ctx),
        )


@rule("vram.rule-of-thumb", Severity.INFO, "Seed 003's weights x 1.2 quick check (shown when it disagrees)",
      needs=(Need.WORKLOAD, Need.GPUS),
      thresholds=("vram.rule_of_thumb_factor",))
def rule_of_thumb(ctx: RuleContext) -> Iterator[Issue]:
    w, gpu, fit = ctx.workload, ctx.gpu, ctx.fit
    assert w is not None and gpu is not None and fit is not None and ctx.weights_gb is not None
    factor = ctx.profile.vram.rule_of_thumb_factor
    weights_gib = ctx.weights_gib
    assert weights_gib is not None
    thumb = weights_gib * factor.value
    have = gpu.vram_gib * w.gpus_per_replica
    quick = thumb <= have
    if quick != fit.fits:
        message = (t("Quick check (weights x {factor:g}) says it fits; the detailed check says otherwise",
                     factor=factor.value) if quick else
                   t("Quick check (weights x {factor:g}) says it does not fit; the detailed check says otherwise",
                     factor=factor.value))
        yield Issue(
            message,
            t("Weights {weights:.1f} GiB x {factor:g} = {thumb:.1f} GiB vs {have:g} GiB of VRAM in the TP x PP "
              "group. The rule of thumb ignores the engine's memory fraction, the runtime overhead and the KV cache "
              "for {requests} x {context} tokens; trust the detailed check.", weights=weights_gib,
              factor=factor.value, thumb=thumb, have=have, requests=ctx.replica_concurrency,
              context=w.context_tokens),
            sources=(factor.source,), part_ids=_ids(ctx),
        )
