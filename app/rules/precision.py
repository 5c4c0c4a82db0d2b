"""Weight precision the GPU can serve: native tensor-core formats need the hardware.

FP8 needs Ada/Hopper-class tensor cores, FP4 (NVFP4/MXFP4) Blackwell-class, BF16 Ampere or newer;
weight-only INT8/INT4 (AWQ, GPTQ) and FP16 run on any of them. The catalog says which: a GPU has
``fp8_dense_tflops`` / ``fp4_dense_tflops`` / ``bf16_dense_tflops`` only where its datasheet lists
that format. Without this rule FP4 on an H100 passed in silence (and was estimated faster than FP8). A model
whose own checkpoint quantises only its experts (gpt-oss MXFP4) is the exception: engines serve it weight-only.
"""

from __future__ import annotations

from collections.abc import Iterator

from app.core.memory import weights_bytes
from app.core.parts import Gpu, Llm
from app.core.precision import BYTES_PER_ELEMENT, Precision
from app.rules.context import RuleContext
from app.rules.findings import Issue, Severity
from app.rules.fixes import Fix, SetWorkload
from app.rules.registry import Need, rule
from app.rules.text import t

RELEASE_SOURCE = "the model's catalog entry (native_precision, experts_only_checkpoint: its config.json)"
SOURCE = ("GPU datasheets (the catalog's fp8/fp4/bf16 dense TFLOPS columns): FP8 from Ada/Hopper, FP4 from "
          "Blackwell, BF16 from Ampere; INT8/INT4 weight-only and FP16 run on all")
# What to offer instead, nearest first (the same bytes per weight, or the next size up).
ALTERNATIVES: dict[Precision, tuple[Precision, ...]] = {
    Precision.FP4: (Precision.FP8, Precision.INT4, Precision.INT8),
    Precision.FP8: (Precision.INT8, Precision.INT4, Precision.BF16, Precision.FP16),
    Precision.BF16: (Precision.FP16,),
}


def supports(gpu: Gpu, precision: Precision, llm: Llm | None = None) -> bool:
    """Whether ``gpu`` serves weights in ``precision`` (the same test the estimator falls back on). ``llm``'s own
    experts-only checkpoint in that precision (gpt-oss MXFP4, Kimi INT4 experts) runs on any GPU: every engine
    runs it weight-only, 16-bit activations, where the tensor cores lack the format (Marlin and Triton kernels
    on Hopper and Ampere), as the estimate prices it."""
    if llm is not None and llm.experts_only_layout(precision.value) is not None:
        return True
    return gpu.serves_weights(precision.value)


@rule("precision.weights", Severity.ERROR, "The GPU serves the weights' precision", needs=(Need.WORKLOAD, Need.GPUS),
      sources=(SOURCE,))
def weight_precision(ctx: RuleContext) -> Iterator[Issue]:
    wl = ctx.workload
    assert wl is not None
    for gpu in ctx.gpu_models:
        if supports(gpu, wl.weight_precision, ctx.llm):
            continue
        options = [p for p in ALTERNATIVES.get(wl.weight_precision, ()) if supports(gpu, p, ctx.llm)]
        yield Issue(
            message=t("{gpu} has no {precision} tensor cores", gpu=gpu.name,
                      precision=wl.weight_precision.value.upper()),
            explanation=t("{precision} weights need hardware support the {gpu} lacks; serving engines refuse "
                          "them or fall back to a slower path. Weight-only INT8/INT4 and FP16 run on any GPU.",
                          precision=wl.weight_precision.value.upper(), gpu=gpu.name),
            sources=(SOURCE,),
            part_ids=(gpu.id,),
            fixes=tuple(Fix(description=t("Serve the weights in {precision}", precision=p.value.upper()),
                            ops=(SetWorkload(changes={"weight_precision": p.value}),)) for p in options[:2]),
        )


@rule("precision.upcast", Severity.INFO, "Weights no wider than the model's release", needs=(Need.WORKLOAD, Need.GPUS),
      sources=(RELEASE_SOURCE,))
def upcast_weights(ctx: RuleContext) -> Iterator[Issue]:
    wl, llm = ctx.workload, ctx.llm
    assert wl is not None and llm is not None
    released = llm.released_precision
    chosen = wl.weight_precision
    if BYTES_PER_ELEMENT[chosen] <= BYTES_PER_ELEMENT[released]:
        return
    if not all(supports(gpu, released, llm) for gpu in ctx.gpu_models):
        return  # the GPU cannot serve the release (FP8 on an A100): the wider weights are how it runs
    yield Issue(
        message=t("{model} is released in {released}: {chosen} weights add memory, not quality",
                  model=llm.name, released=released.value.upper(), chosen=chosen.value.upper()),
        explanation=t("Serving {chosen} widens the released {released} weights: {chosen_gb:.0f} GB instead of "
                      "{released_gb:.0f} GB to hold and to stream every step, for no better answers than the "
                      "release gives.",
                      chosen=chosen.value.upper(), released=released.value.upper(),
                      chosen_gb=weights_bytes(llm, chosen) / 1e9, released_gb=weights_bytes(llm, released) / 1e9),
        sources=(RELEASE_SOURCE,),
        part_ids=(llm.id,),
        fixes=(Fix(description=t("Serve the weights in {precision}", precision=released.value.upper()),
                   ops=(SetWorkload(changes={"weight_precision": released.value}),)),),
    )
