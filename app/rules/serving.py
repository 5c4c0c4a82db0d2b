"""The serving engine runs on the build's GPUs: TensorRT-LLM is NVIDIA's, llama.cpp has no Gaudi backend.

Without this rule a build of MI300X with TensorRT-LLM validated clean and its estimate priced a deployment
that cannot start. The facts are one table in the core (app.core.engine_support), each entry with its source.
"""

from __future__ import annotations

from collections.abc import Iterator

from app.core.engine_support import (
    ENGINE_SUPPORT,
    engine_runs_on,
    engines_on,
    platform_label,
    platform_of,
    platforms_text,
)
from app.rules.context import RuleContext
from app.rules.findings import Issue, Severity
from app.rules.fixes import Fix, SetWorkload
from app.rules.registry import Need, rule
from app.rules.text import t

SOURCE = "app/core/engine_support.py: each engine's documented hardware platforms"


@rule("engine.gpu", Severity.ERROR, "The serving engine runs on the GPUs", needs=(Need.WORKLOAD, Need.GPUS),
      sources=(SOURCE,))
def engine_on_gpu(ctx: RuleContext) -> Iterator[Issue]:
    wl = ctx.workload
    assert wl is not None
    engine = wl.engine.value
    entry = ENGINE_SUPPORT.get(engine)
    if entry is None:
        return
    for gpu in ctx.gpu_models:
        if engine_runs_on(engine, gpu):
            continue
        platform = platform_label(platform_of(gpu))
        options = [e for e in engines_on(gpu) if all(engine_runs_on(e, g) for g in ctx.gpu_models)]
        yield Issue(
            message=t("{engine} does not run on {gpu}", engine=entry.label, gpu=gpu.name),
            explanation=t("{engine} is built for {platforms}, not {platform}: a build of {gpu} cannot serve it, "
                          "and its estimate prices a deployment that cannot start.",
                          engine=entry.label, platforms=platforms_text(entry.platforms),
                          platform=platform, gpu=gpu.name),
            sources=(entry.source,),
            part_ids=(gpu.id,),
            fixes=tuple(Fix(description=t("Serve it with {engine}", engine=ENGINE_SUPPORT[e].label),
                            ops=(SetWorkload(changes={"engine": e}),)) for e in options[:2]),
        )
