"""Weight formats the estimator understands: bytes streamed per parameter and which peak the GEMMs run at.

The core `Precision` covers the serving engines' formats; llama.cpp's GGUF block formats are added
here because the calibration data (and presales on workstations) use them. Bytes per parameter
include quantisation scales; GGUF Q4_K_M keeps embeddings/output in higher precision, so its
whole-file average is above 4.5 bits (Llama-3-8B: 4.92 GB / 8.03 B params = 0.61 B/param).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from app.core.parts import Llm
from app.core.precision import (
    BYTES_PER_ELEMENT,
    EXPERTS_ONLY_EXPERT_BYTES,
    EXPERTS_ONLY_OTHER_BYTES,
    ExpertsOnlyCheckpoint,
    Precision,
)


class KernelFamily(StrEnum):
    NATIVE = "native"  # weights and activations in the same format (BF16, FP8 W8A8, NVFP4 W4A4)
    WEIGHT_ONLY = "weight_only"  # weights dequantised to 16 bit inside the kernel (AWQ/GPTQ INT4, FP8 on Ampere)
    GGUF = "gguf"  # llama.cpp block quantisation


@dataclass(frozen=True, slots=True)
class WeightFormat:
    name: str
    bytes_per_param: float
    compute: str  # the dense peak the GEMMs use: bf16, fp8, int8 or fp4
    family: KernelFamily
    core_precision: Precision  # nearest core precision, for app.core.memory (KV capacity)
    # Bytes per parameter of the weights outside the MoE experts when the checkpoint keeps them in another
    # format (None: as the experts). gpt-oss: experts MXFP4, attention, router and embeddings BF16.
    shared_bytes_per_param: float | None = None
    # Activations in an OCP MX format (block-scaled): only tensor cores that also take FP4 run it (Blackwell,
    # CDNA 4); elsewhere the engines fall back to 16-bit activations (weight-only kernels).
    mx_activations: bool = False

    def shared_bpp(self) -> float:
        return self.bytes_per_param if self.shared_bytes_per_param is None else self.shared_bytes_per_param

    def core_precision_bytes(self) -> float:
        return BYTES_PER_ELEMENT[self.core_precision]


FORMATS: dict[str, WeightFormat] = {
    "fp16": WeightFormat("fp16", 2.0, "bf16", KernelFamily.NATIVE, Precision.FP16),
    "bf16": WeightFormat("bf16", 2.0, "bf16", KernelFamily.NATIVE, Precision.BF16),
    "fp8": WeightFormat("fp8", BYTES_PER_ELEMENT[Precision.FP8], "fp8", KernelFamily.NATIVE, Precision.FP8),
    "int8": WeightFormat("int8", BYTES_PER_ELEMENT[Precision.INT8], "int8", KernelFamily.NATIVE, Precision.INT8),
    "int4": WeightFormat("int4", BYTES_PER_ELEMENT[Precision.INT4], "bf16", KernelFamily.WEIGHT_ONLY, Precision.INT4),
    "fp4": WeightFormat("fp4", BYTES_PER_ELEMENT[Precision.FP4], "fp4", KernelFamily.NATIVE, Precision.FP4),
    # GGUF: bits per weight from llama.cpp's quantize table; Q4_K_M measured as whole-file average.
    "q4_0": WeightFormat("q4_0", 4.5 / 8, "bf16", KernelFamily.GGUF, Precision.INT4),
    "q4_k_m": WeightFormat("q4_k_m", 0.61, "bf16", KernelFamily.GGUF, Precision.INT4),
    "q5_k_m": WeightFormat("q5_k_m", 5.7 / 8, "bf16", KernelFamily.GGUF, Precision.INT8),
    "q8_0": WeightFormat("q8_0", 8.5 / 8, "bf16", KernelFamily.GGUF, Precision.INT8),
}

# The experts-only checkpoints (app.core.precision.ExpertsOnlyCheckpoint, the catalog's
# Llm.experts_only_checkpoint), their bytes the core's, so the VRAM fit and the step costs count the same weights.
#
# gpt-oss's FP4 checkpoint: experts MXFP4 (4.25 bits: one 8-bit scale per 32 values), the rest BF16. TensorRT-LLM
# runs the experts with MXFP8 activations on Blackwell (W4A8, its gpt-oss deployment guide's MoE backend matrix:
# B200 MXFP8 x MXFP4) and with BF16 activations on Hopper (W4A16, the TRITON backend); vLLM's and SGLang's gpt-oss
# kernels do the same.
MXFP4_EXPERTS = WeightFormat(
    ExpertsOnlyCheckpoint.MXFP4_EXPERTS.value, EXPERTS_ONLY_EXPERT_BYTES[ExpertsOnlyCheckpoint.MXFP4_EXPERTS], "fp8",
    KernelFamily.NATIVE, Precision.FP4, shared_bytes_per_param=EXPERTS_ONLY_OTHER_BYTES, mx_activations=True)

# A natively INT4 MoE checkpoint: the routed experts INT4 with a 16-bit scale per group of 32 (4.5 bits); attention,
# shared experts, dense layers and embeddings BF16. Kimi K2-Thinking, K2.5 and K2.6 ship so (quantisation-aware
# trained; compressed-tensors pack-quantized, ignore: self_attn, shared_experts, lm_head). The engines run the
# experts weight-only (W4A16 Marlin / Machete kernels, BF16 activations).
INT4_EXPERTS = WeightFormat(
    ExpertsOnlyCheckpoint.INT4_EXPERTS.value, EXPERTS_ONLY_EXPERT_BYTES[ExpertsOnlyCheckpoint.INT4_EXPERTS], "bf16",
    KernelFamily.WEIGHT_ONLY, Precision.INT4, shared_bytes_per_param=EXPERTS_ONLY_OTHER_BYTES)

EXPERTS_ONLY_FORMATS: dict[ExpertsOnlyCheckpoint, WeightFormat] = {
    ExpertsOnlyCheckpoint.MXFP4_EXPERTS: MXFP4_EXPERTS,
    ExpertsOnlyCheckpoint.INT4_EXPERTS: INT4_EXPERTS,
}


def checkpoint_format(llm: Llm, fmt: WeightFormat) -> WeightFormat:
    """The format as the model's checkpoint in it is built: gpt-oss's 'fp4' is mxfp4-experts, Kimi K2.5's 'int4'
    int4-experts (not formats users pick); any other model or format as picked."""
    layout = llm.experts_only_layout(fmt.name)
    return EXPERTS_ONLY_FORMATS[layout] if layout is not None else fmt


_ALIASES: dict[str, str] = {
    "f16": "fp16",
    "float16": "fp16",
    "half": "fp16",
    "bfloat16": "bf16",
    "nvfp4": "fp4",
    "mxfp4": "fp4",
    "w4a4": "fp4",
    "awq": "int4",
    "gptq": "int4",
    "w4a16": "int4",
    "w8a8": "int8",
    "e4m3": "fp8",
}


def parse_weight_format(text: str) -> WeightFormat:
    """Read a precision as people write it: 'FP8', 'FP4 (NVFP4)', 'Q4_K_M (GGUF)', 'unspecified (BF16 likely)'."""
    raw = text.strip().lower()
    if raw in FORMATS:
        return FORMATS[raw]
    if raw in _ALIASES:
        return FORMATS[_ALIASES[raw]]
    # The first format named is the label: 'MXFP4 (experts MXFP4, the rest BF16)' is an FP4 checkpoint.
    for tok in re.findall(r"[a-z0-9_]+", raw):
        if tok in FORMATS:
            return FORMATS[tok]
        if tok in _ALIASES:
            return FORMATS[_ALIASES[tok]]
    raise ValueError(f"unknown weight precision {text!r}; known: {', '.join(FORMATS)}")


def kv_bytes(precision: str) -> float:
    """KV-cache element size (engines offer 16-bit or 8-bit KV)."""
    return BYTES_PER_ELEMENT[Precision(precision)]
