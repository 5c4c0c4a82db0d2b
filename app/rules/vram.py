"""VRAM: weights + KV cache at the requested context x concurrency + overhead vs usable VRAM.

The arithmetic is app.core.memory's (shared with the performance model); these rules only
judge it, explain it with the numbers used, and propose fixes.
"""

from __future__ import annotations

from collections.abc import Iterator

from app.core.memory import GB, GIB, VramFit
from app.core.precision import bytes_per_element
from app.rules.context import RuleContext
from app.rules.findings import Issue, Severity
from app.rules.fixes import Fix, SetWorkload
from app.rules.registry import Need, rule
from app.rules.suggest import precision_fixes, tp_fix

MEMORY_SRC = "DOMAIN.md, Memory (VRAM) fit; research/perf-estimators.md 1.1"


def _gb(b: float) -> str:
    return f"{b / GB:.1f} GB"


def describe_fit(ctx: RuleContext, fit: VramFit) -> str:
    """The whole sum with every input, so a presales engineer can redo it by hand."""
    w, llm, gpu = ctx.workload, ctx.llm, ctx.gpu
    assert w is not None and llm is not None and gpu is not None
    a = ctx.memory_assumptions
    bpe = bytes_per_element(w.weight_precision)
    kv_bpe = bytes_per_element(w.kv_precision)
    moe = (f" (MoE: all {llm.total_params_b:g} B parameters resident, {llm.active_params_b:g} B active)"
           if llm.is_moe else "")
    shards = f" / {fit.tp} GPUs" if fit.tp > 1 else ""
    kv_note = "MLA latent" if llm.attention_type.value == "MLA" else f"{llm.kv_heads} KV heads"
    frac = ctx.profile.vram.engine_memory_fraction[w.engine]
    return (
        f"Per GPU, TP={w.tp} x PP={w.pp}: weights {llm.total_params_b:g} B params x {bpe:g} B "
        f"({w.weight_precision.value}){shards} = {_gb(fit.weights_bytes)}{moe}; "
        f"overhead {_gb(fit.overhead_bytes)} (runtime {a.runtime_overhead_bytes / GIB:g} GiB"
        f"{', NCCL buffers' if fit.tp > 1 else ''}, prefill activations for {a.activation_tokens} tokens); "
        f"KV cache {fit.kv_bytes_per_token / 1e3:.1f} kB/token ({llm.layers} layers, {kv_note}, "
        f"{w.kv_precision.value} = {kv_bpe:g} B) x {w.context_tokens} tokens x {ctx.replica_concurrency} "
        f"request(s) = {_gb(fit.kv_bytes_requested)}. "
        f"Need {_gb(fit.need_bytes)} of {_gb(fit.usable_bytes)} usable "
        f"({gpu.vram_gb:g} GB x {frac.value:g}, {w.engine.value} memory fraction)."
        + (f" {w.concurrency} concurrent requests over {ctx.replicas} model copies."
           if w.concurrency is not None and ctx.replicas > 1 else "")
    )


def _sources(ctx: RuleContext) -> tuple[str, ...]:
    assert ctx.workload is not None
    v = ctx.profile.vram
    return (MEMORY_SRC, v.engine_memory_fraction[ctx.workload.engine].source, v.runtime_overhead_gib.source)


def _gpu_slots(ctx: RuleContext) -> tuple[str, ...]:
    return tuple(s for s, _ in ctx.gpus)


def _ids(ctx: RuleContext) -> tuple[str, ...]:
    assert ctx.llm is not None
    return (ctx.llm.id, *(g.id for g in ctx.gpu_models))


@rule("vram.model", Severity.ERROR, "The workload's model is in the catalog", needs=())
def model_known(ctx: RuleContext) -> Iterator[Issue]:
    if ctx.workload is not None and ctx.llm is None:
        yield Issue(
            f"Model '{ctx.workload.llm_id}' is not in the catalog",
            "VRAM, storage and parallelism checks need the model's size and shape; they are skipped.",
            part_ids=(ctx.workload.llm_id,),
        )


@rule("vram.no-gpu", Severity.ERROR, "A workload needs GPUs", needs=(Need.CHASSIS, Need.WORKLOAD))
def no_gpu(ctx: RuleContext) -> Iterator[Issue]:
    if not ctx.gpus:
        assert ctx.chassis is not None and ctx.llm is not None
        yield Issue(
            f"No GPU placed for {ctx.llm.name}",
            f"{ctx.chassis.name} has {ctx.chassis.gpu_slots} {ctx.chassis.gpu_form_factor.value} GPU positions.",
            part_ids=(ctx.chassis.id,),
        )


@rule("vram.context", Severity.ERROR, "Requested context fits the model's context window", needs=(Need.WORKLOAD,))
def context_window(ctx: RuleContext) -> Iterator[Issue]:
    w, llm = ctx.workload, ctx.llm
    assert w is not None and llm is not None
    if w.context_tokens > llm.max_context:
        fixes: tuple[Fix, ...] = ()
        if llm.max_context > w.output_tokens:
            fixes = (Fix(description=f"cut the input to {llm.max_context - w.output_tokens} tokens",
                         ops=(SetWorkload(changes={"input_tokens": llm.max_context - w.output_tokens}),)),)
        yield Issue(
            f"{w.context_tokens} tokens per request exceed {llm.name}'s {llm.max_context}-token window",
            f"Input {w.input_tokens} + output {w.output_tokens} = {w.context_tokens} > max_context "
            f"{llm.max_context} (model config).",
            sources=("the model's config.json (catalog entry)",), part_ids=(llm.id,), fixes=fixes,
        )


@rule("vram.fit", Severity.ERROR, "Weights + KV cache + overhead fit usable VRAM", needs=(Need.WORKLOAD, Need.GPUS))
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
        group = f"{w.gpus_per_replica} x {gpu.name}" if w.gpus_per_replica > 1 else f"one {gpu.name}"
        yield Issue(
            f"{llm.name} at {w.weight_precision.value.upper()} does not fit {group}: weights and runtime need "
            f"{_gb(fit.weights_bytes + fit.overhead_bytes)} of {_gb(fit.usable_bytes)} per GPU",
            describe_fit(ctx, fit), sources=_sources(ctx), slots=_gpu_slots(ctx), part_ids=_ids(ctx),
            fixes=tuple(fixes),
        )
        return
    per_replica_max = fit.max_concurrency(w.context_tokens)
    total_max = per_replica_max * max(1, ctx.replicas)
    if total_max >= 1:
        fixes.append(Fix(description=f"limit concurrency to {total_max} requests",
                         ops=(SetWorkload(changes={"concurrency": total_max}),)))
    else:
        longest = fit.max_tokens_in_flight
        if longest > w.output_tokens:
            fixes.append(Fix(description=f"cut the input to {longest - w.output_tokens} tokens",
                             ops=(SetWorkload(changes={"input_tokens": longest - w.output_tokens}),)))
    fixes += precision_fixes(ctx, need_concurrency=ctx.replica_concurrency)
    tp = tp_fix(ctx, need_concurrency_total=total_conc)
    if tp is not None:
        fixes.append(tp)
    yield Issue(
        f"KV cache for {ctx.replica_concurrency} x {w.context_tokens} tokens per model copy does not fit: "
        f"{_gb(fit.kv_bytes_requested)} wanted, {_gb(fit.kv_budget_bytes)} left; at most {total_max} requests",
        describe_fit(ctx, fit) + f" Longest context that fits one request: {fit.max_tokens_in_flight} tokens.",
        sources=_sources(ctx), slots=_gpu_slots(ctx), part_ids=_ids(ctx), fixes=tuple(fixes),
    )


@rule("vram.headroom", Severity.WARNING, "VRAM keeps a safety margin", needs=(Need.WORKLOAD, Need.GPUS))
def headroom(ctx: RuleContext) -> Iterator[Issue]:
    fit = ctx.fit
    assert fit is not None
    margin = ctx.profile.vram.min_headroom_fraction
    if fit.fits and fit.headroom_bytes < margin.value * fit.usable_bytes:
        yield Issue(
            f"Only {_gb(fit.headroom_bytes)} VRAM headroom per GPU ({fit.headroom_bytes / fit.usable_bytes:.0%})",
            describe_fit(ctx, fit) + f" The profile asks for at least {margin.value:.0%} of usable VRAM free.",
            sources=(*_sources(ctx), margin.source), slots=_gpu_slots(ctx), part_ids=_ids(ctx),
        )


@rule("vram.concurrency", Severity.INFO, "Concurrency is given for the KV-cache check",
      needs=(Need.WORKLOAD, Need.GPUS))
def concurrency_unset(ctx: RuleContext) -> Iterator[Issue]:
    w, fit = ctx.workload, ctx.fit
    assert w is not None and fit is not None
    if w.concurrency is None:
        most = fit.max_concurrency(w.context_tokens) * max(1, ctx.replicas)
        yield Issue(
            f"Only target QPS given: VRAM checked for one request per model copy; up to {most} requests fit",
            f"Concurrency = QPS x request time needs the latency model; set concurrency to check the KV cache "
            f"at load. {most} requests of {w.context_tokens} tokens fit across {max(1, ctx.replicas)} "
            "model copies.",
            sources=(MEMORY_SRC,), part_ids=_ids(ctx),
        )


@rule("vram.rule-of-thumb", Severity.INFO, "Seed 003's weights x 1.2 quick check (shown when it disagrees)",
      needs=(Need.WORKLOAD, Need.GPUS))
def rule_of_thumb(ctx: RuleContext) -> Iterator[Issue]:
    w, gpu, fit = ctx.workload, ctx.gpu, ctx.fit
    assert w is not None and gpu is not None and fit is not None and ctx.weights_gb is not None
    factor = ctx.profile.vram.rule_of_thumb_factor
    thumb = ctx.weights_gb * factor.value
    have = gpu.vram_gb * w.gpus_per_replica
    quick = thumb <= have
    if quick != fit.fits:
        verdict = "fits" if quick else "does not fit"
        yield Issue(
            f"Quick check (weights x {factor.value:g}) says it {verdict}; the detailed check says otherwise",
            f"Weights {ctx.weights_gb:.1f} GB x {factor.value:g} = {thumb:.1f} GB vs {have:g} GB of VRAM in the "
            f"TP x PP group. The rule of thumb ignores the engine's memory fraction, the runtime overhead and "
            f"the KV cache for {ctx.replica_concurrency} x {w.context_tokens} tokens; trust the detailed check.",
            sources=(factor.source,), part_ids=_ids(ctx),
        )
