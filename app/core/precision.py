"""Numeric precisions for weights and KV cache, and what they cost in bytes."""

from __future__ import annotations

from enum import StrEnum


class Precision(StrEnum):
    FP16 = "fp16"
    BF16 = "bf16"
    FP8 = "fp8"
    INT8 = "int8"
    INT4 = "int4"
    FP4 = "fp4"


# Bytes per element including quantisation scales. INT4 "≈ 0.53–0.56 in practice"
# (DOMAIN.md, AWQ/GPTQ group-128 scales); NVFP4 = 4 bits + one FP8 scale per 16 values.
BYTES_PER_ELEMENT: dict[Precision, float] = {
    Precision.FP16: 2.0,
    Precision.BF16: 2.0,
    Precision.FP8: 1.0,
    Precision.INT8: 1.0,
    Precision.INT4: 0.55,
    Precision.FP4: 0.5625,
}

# KV-cache precisions engines actually offer (no INT4/FP4 KV in vLLM/TRT-LLM/SGLang).
KV_PRECISIONS: tuple[Precision, ...] = (Precision.FP16, Precision.BF16, Precision.FP8, Precision.INT8)


def bytes_per_element(precision: Precision | str) -> float:
    return BYTES_PER_ELEMENT[Precision(precision)]


class ExpertsOnlyCheckpoint(StrEnum):
    """A model's own low-bit checkpoint that quantises only its routed MoE experts; attention, shared experts,
    router, dense layers and embeddings stay BF16. Picking the layout's precision for such a model sizes and runs
    the checkpoint as shipped, not every weight at that precision."""

    MXFP4_EXPERTS = "mxfp4-experts"  # gpt-oss: MXFP4, one 8-bit scale per 32 values (4.25 bits)
    INT4_EXPERTS = "int4-experts"  # Kimi K2-Thinking, K2.5, K2.6: INT4 with a 16-bit scale per group of 32 (4.5 bits)


# The precision a user picks to get the layout, and bytes per expert parameter, scales included.
EXPERTS_ONLY_PRECISION: dict[ExpertsOnlyCheckpoint, Precision] = {
    ExpertsOnlyCheckpoint.MXFP4_EXPERTS: Precision.FP4,
    ExpertsOnlyCheckpoint.INT4_EXPERTS: Precision.INT4,
}
EXPERTS_ONLY_EXPERT_BYTES: dict[ExpertsOnlyCheckpoint, float] = {
    ExpertsOnlyCheckpoint.MXFP4_EXPERTS: 4.25 / 8,
    ExpertsOnlyCheckpoint.INT4_EXPERTS: 4.5 / 8,
}
EXPERTS_ONLY_OTHER_BYTES = 2.0  # BF16
