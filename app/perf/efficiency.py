"""How much of the datasheet's peaks an engine reaches: bandwidth efficiency and most MFU by engine, GPU class,
kernel family and compute precision, with the MoE grouped-GEMM factor. Fitted values come from the calibration;
what is physics (the 8-bit factor only where 8-bit runs faster, the expert-size factor) is here."""

from __future__ import annotations

import math

from app.core.parts import Gpu, Llm
from app.perf.calibration import Calibration
from app.perf.quant import KernelFamily


def lowp_speedup(gpu: Gpu, compute_prec: str) -> float:
    """The datasheet's dense peak at an 8-bit compute precision over the 16-bit one (2 where either is unknown:
    the usual doubling)."""
    if compute_prec not in ("fp8", "int8"):
        return 1.0
    low, high = gpu.dense_tflops(compute_prec), gpu.dense_tflops("bf16")
    return low / high if low and high else 2.0


def lowp_factor(factor: float, speedup: float) -> float:
    """The 8-bit MFU factor for a GPU whose 8-bit peak is `speedup` times its 16-bit one: the whole factor from
    a doubling on, none without a faster rate (factor ** log2(speedup), log2 clamped to [0, 1])."""
    if speedup <= 1.0:
        return 1.0
    return float(factor ** min(1.0, math.log2(speedup)))


def efficiencies_for(cal: Calibration, eng: str, cls: str, family: KernelFamily, compute_prec: str,
                     llm: Llm, gpu: Gpu, expert_params: float = 0.0) -> tuple[float, float]:
    """(bandwidth efficiency, most MFU) for this engine, GPU class, kernel family and precision.

    lowp_mfu_factor is the share of a doubled peak that 8-bit kernels reach (fitted where FP8 runs twice as fast:
    Hopper, Blackwell, CDNA 3/4, Ada); where the GPU's 8-bit rate is no higher (Gaudi 3's MME runs FP8 at its
    BF16 rate, MI250's INT8 at its BF16 rate) there is no faster path to under-use and the GEMMs keep the 16-bit
    MFU (lowp_factor, lowp_speedup)."""
    eta = cal.get("eta_bw", eng, cls)
    if family is KernelFamily.GGUF:
        eta *= cal.get("gguf_eta_factor", eng, cls)
    elif family is KernelFamily.WEIGHT_ONLY:
        eta *= cal.get("weight_only_eta_factor", eng, cls)
    if compute_prec in ("fp8", "int8"):
        prec_factor = lowp_factor(cal.get("lowp_mfu_factor"), lowp_speedup(gpu, compute_prec))
    elif compute_prec == "fp4":
        prec_factor = cal.get("fp4_mfu_factor", eng, cls)  # AMD CDNA 4 has its own (MXFP4 kernels)
    elif compute_prec == "bf16":
        prec_factor = 1.0
    else:
        raise KeyError(compute_prec)
    mfu_max = min(0.95, cal.get("mfu_max", eng, cls) * prec_factor)
    if llm.is_moe:
        mfu_max *= moe_gemm_factor(cal, eng, cls, expert_params)
    return eta, mfu_max


def moe_gemm_factor(cal: Calibration, eng: str, cls: str, expert_params: float) -> float:
    """MFU multiplier of an MoE model: its grouped expert GEMMs, token permutation and routing.

    The smaller one expert's matrices, the fewer tiles each GEMM of a step fills and the more the per-expert
    fixed work weighs: a layer's expert of P parameters reaches P / (P + P_half) of what large experts do
    (moe_gemm_half_mparams, fitted with moe_mfu_factor on the MoE rows: at the fitted ~3M, Mixtral's
    176M-parameter experts get nearly all of moe_mfu_factor, Qwen3-30B-A3B's 4.7M ones about 60 % of it).
    Unknown size: the plain factor.
    """
    factor = cal.get("moe_mfu_factor", eng, cls)
    half = cal.get("moe_gemm_half_mparams", eng, cls) * 1e6
    if expert_params <= 0.0 or half <= 0.0:
        return factor
    return factor * expert_params / (expert_params + half)
