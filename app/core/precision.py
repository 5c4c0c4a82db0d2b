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
