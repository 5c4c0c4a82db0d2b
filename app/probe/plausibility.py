"""Is a probe's measured figure believable for the GPU it claims to be?

A report comes from another machine and may have been edited, truncated or produced by a broken
run: one claiming "high" confidence with 5e-324 GB/s of memory bandwidth made the quote show
"TTFT inf ms". Each measured figure is compared with the catalog's datasheet peak for that GPU;
outside the band below it is refused (at import) or ignored (when an estimate reads it).

The band: a healthy run measures 55-95 % of the datasheet memory bandwidth (STREAM triad on
HBM3/GDDR) and 50-90 % of dense GEMM peak; a throttled, shared or power-capped GPU can fall far
lower, so the floor is generous (5 %). Above the datasheet a few percent is clock and rounding
noise; 25 % over is not a real card of that model.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from app.core.parts import Gpu
from app.probe.report import D2H, GEMM_BF16, GEMM_FP8, GEMM_FP16, GEMV_B1, H2D, MEM_BW, P2P

MIN_FRACTION = 0.05
MAX_FRACTION = 1.25
# PCIe host links: a Gen5 x16 slot moves at most ~64 GB/s each way; NVLink peer copies ~900 GB/s.
MAX_LINK_GBS = {H2D: 80.0, D2H: 80.0, P2P: 1000.0}


def datasheet_peaks(gpu: Gpu) -> dict[str, float]:
    """The calibration keys this GPU's catalog entry gives a peak for."""
    peaks: dict[str, float] = {MEM_BW: gpu.mem_bandwidth_gbs, GEMV_B1: gpu.mem_bandwidth_gbs}
    for key, value in ((GEMM_BF16, gpu.bf16_dense_tflops or gpu.fp16_dense_tflops),
                       (GEMM_FP16, gpu.fp16_dense_tflops or gpu.bf16_dense_tflops),
                       (GEMM_FP8, gpu.fp8_dense_tflops)):
        if value:
            peaks[key] = value
    return peaks


def implausible(measured: Mapping[str, float], gpu: Gpu) -> dict[str, str]:
    """Calibration key → why that measured figure cannot be this GPU's (empty when all are fine)."""
    peaks = datasheet_peaks(gpu)
    out: dict[str, str] = {}
    for key, value in measured.items():
        if not math.isfinite(value) or value <= 0:
            out[key] = f"{key} = {value!r} is not a measurement"
            continue
        if key in MAX_LINK_GBS:
            if value > MAX_LINK_GBS[key]:
                out[key] = f"{key} = {value:.4g} GB/s is beyond any {key[:3].upper()} link"
            continue
        peak = peaks.get(key)
        if peak is None:
            continue
        share = value / peak
        if not MIN_FRACTION <= share <= MAX_FRACTION:
            out[key] = (f"{key} = {value:.4g} is {share:.2%} of the {gpu.name} datasheet peak {peak:g} "
                        f"(believable: {MIN_FRACTION:.0%} to {MAX_FRACTION:.0%})")
    return out
