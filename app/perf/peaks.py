"""The peaks an estimate multiplies: datasheet or measured bandwidth and dense TFLOPS.

A probe's measurement is scaled to the datasheet-relative calibration (divided by the ceiling a
good probe reaches); a datasheet compute peak is lowered at a board power limit below the TDP. A
format whose tensor cores the GPU lacks runs weight-only, its GEMMs at the 16-bit peak.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache

from app.core.parts import Gpu
from app.perf.calibration import Calibration, perf_data_dir
from app.perf.datatypes import Deployment, MeasuredPeaks, PeakSource, PeaksUsed
from app.perf.probe_reference import stock_reading
from app.perf.quant import KernelFamily, WeightFormat
from app.perf.text import t

# Tensor-core peaks a format's GEMMs can fall back to when the GPU lacks the native one.
_PEAK_FALLBACK: dict[str, tuple[str, ...]] = {
    # Without FP4 tensor cores engines run FP4 checkpoints weight-only, activations in 16 bit (W4A16
    # Marlin / Triton MXFP4 kernels on Hopper and Ampere), so the GEMMs run at the 16-bit peak.
    "fp4": ("fp4", "bf16"),
    "fp8": ("fp8", "bf16"),
    "int8": ("int8", "bf16"),
    "bf16": ("bf16",),
}


def _peak_tflops(gpu: Gpu, measured: MeasuredPeaks | None, fmt: WeightFormat) -> tuple[float, str, bool]:
    """(TFLOPS, precision used, from measurement) for the first precision the GPU supports."""
    chain = _PEAK_FALLBACK[fmt.compute]
    if fmt.mx_activations and not gpu.dense_tflops("fp4"):
        chain = ("bf16",)  # no MX tensor cores: 16-bit activations
    for prec in chain:
        if measured is not None and prec in measured.tflops_by_precision:
            return measured.tflops_by_precision[prec], prec, True
        value = gpu.dense_tflops(prec)
        if value:
            return value, prec, False
    raise ValueError(f"{gpu.id} has no dense {fmt.compute} or 16-bit peak")


@dataclass(frozen=True, slots=True)
class SameSilicon:
    """A board whose die also ships at a higher power limit (db/perf/sustained-clock.csv): under dense GEMM load it
    holds the clock its own limit allows that silicon, which may be below its datasheet boost clock."""

    ref_gpu: str
    ref_tdp_w: float
    ref_bf16_tflops: float
    source: str


SUSTAINED_CSV = "sustained-clock.csv"


@lru_cache(maxsize=1)
def same_silicon_table() -> dict[str, SameSilicon]:
    path = perf_data_dir() / SUSTAINED_CSV
    if not path.exists():
        return {}
    with path.open(encoding="utf-8", newline="") as fh:
        return {r["gpu"].strip(): SameSilicon(r["same_silicon_as"].strip(), float(r["ref_tdp_w"]),
                                              float(r["ref_bf16_dense_tflops"]), r["source"])
                for r in csv.DictReader(fh)}


def board_power_w(gpu: Gpu, limit_w: float | None) -> float:
    """The power the board runs at under load: its power limit when set below the TDP, else the TDP."""
    return min(limit_w, gpu.tdp_w) if limit_w else gpu.tdp_w


def sustained_clock_factor(gpu: Gpu, limit_w: float | None, cal: Calibration) -> float:
    """Share of its datasheet compute peak a board sustains at its power limit (its TDP, or a lower cap), from the
    same die at a higher limit: clock = reference clock x (limit / reference TDP)^power_cap_clock_exponent, the
    power-cap law, at most its own boost clock. 1 for a board that is its die's highest-power version."""
    same = same_silicon_table().get(gpu.id)
    own_bf16 = gpu.dense_tflops("bf16")
    if same is None or not own_bf16:
        return 1.0
    power = board_power_w(gpu, limit_w)
    ref_clock_share = same.ref_bf16_tflops / own_bf16  # peaks scale with the clock on one die
    share: float = ref_clock_share * (power / same.ref_tdp_w) ** cal.get("power_cap_clock_exponent")
    return min(1.0, share)


def _capped_peak(gpu: Gpu, limit_w: float | None, peak_tf: float, cal: Calibration) -> tuple[float, str]:
    """The datasheet compute peak at a board power limit below the TDP, and a note ('' when uncapped).

    At a cap the GPU holds a lower sustained clock; compute scales with the clock, memory bandwidth
    does not (HBM/GDDR clocks stay). Clock = (limit / TDP) ** power_cap_clock_exponent (calibration).
    """
    if limit_w is None or limit_w >= gpu.tdp_w:
        return peak_tf, ""
    exponent = cal.get("power_cap_clock_exponent")
    factor = (limit_w / gpu.tdp_w) ** exponent
    return peak_tf * factor, t(
        "power limit {cap:g} W of {tdp:g} W: compute peak x {factor:.2f} = {tflops:.0f} TFLOPS (sustained clock "
        "taken as (limit / TDP)^{exp:g}: dynamic power grows with clock x voltage squared and voltage with clock); "
        "memory bandwidth unchanged", cap=limit_w, tdp=gpu.tdp_w, factor=factor, tflops=peak_tf * factor, exp=exponent)



def kernel_family(gpu: Gpu, fmt: WeightFormat, compute_prec: str, warnings: list[str]) -> KernelFamily:
    """The kernels the engines run ``fmt`` with on ``gpu`` (weight-only where the tensor cores lack its format)."""
    family = fmt.family
    if fmt.mx_activations:  # said once, in resolve_peaks: it is how every engine runs such a checkpoint
        return KernelFamily.WEIGHT_ONLY if compute_prec != fmt.compute else family
    if compute_prec != fmt.compute and family is KernelFamily.NATIVE:
        family = KernelFamily.WEIGHT_ONLY
        warnings.append(
            t("{gpu} has no {compute} tensor cores: estimated as the engines run it, weight-only ({compute} weights "
              "in memory, GEMMs at the {peak} peak); serve {peak} or a GPU with {compute} support for the native "
              "speed", gpu=gpu.display_name, compute=fmt.compute.upper(), peak=compute_prec.upper())
        )
    elif fmt.name == "bf16" and not gpu.serves_weights("bf16"):
        warnings.append(
            t("{gpu} has no BF16 support: estimated as FP16 (what vLLM's --dtype half serves; same bytes)",
              gpu=gpu.display_name)
        )
    return family


def _from_probe(gpu: Gpu, m: MeasuredPeaks, metric: str, reading: float, datasheet: float | None,
                ceiling: float) -> tuple[float, str]:
    """The datasheet-equivalent peak of a probe reading, and how it was scaled: against the same engine's reading
    on a stock board (datasheet x reading / stock reading: a stock board moves nothing), else reading / ceiling."""
    ref = stock_reading(gpu.id, m.engine, metric)
    if ref is not None and datasheet:
        return datasheet * reading / ref.value, " " + t(
            "= {share:.0%} of a stock {gpu}'s {stock:.0f} ({engine}, {date})", share=reading / ref.value,
            gpu=gpu.display_name, stock=ref.value, engine=ref.engine, date=ref.measured_on)
    return reading / ceiling, " " + t("/ {ceiling:.2f}, a good probe's share of the datasheet", ceiling=ceiling)


def resolve_peaks(deployment: Deployment, fmt: WeightFormat, cal: Calibration, assumptions: list[str],
                  warnings: list[str]) -> tuple[PeaksUsed, KernelFamily]:
    """Peaks: datasheet, or a probe's measurement scaled to the datasheet-relative calibration.

    Returns the peaks and the kernel family; notes go to ``assumptions`` and ``warnings``.
    """
    gpu = deployment.gpu
    peak_tf, compute_prec, tf_measured = _peak_tflops(gpu, deployment.measured, fmt)
    family = kernel_family(gpu, fmt, compute_prec, warnings)
    if fmt.mx_activations:
        assumptions.append(
            t("FP4 checkpoint with MXFP4 experts and BF16 attention: the experts run with MXFP8 activations (W4A8) "
              "on GPUs with MX tensor cores, else with 16-bit activations (W4A16); here {peak}",
              peak=compute_prec.upper())
            + (t("; the BF16 attention and unembedding at the BF16 peak") if compute_prec != "bf16" else ""))
    m = deployment.measured
    if m is not None and m.bandwidth_gbs:
        bw_peak, scale = _from_probe(gpu, m, "mem_bw_gbs", m.bandwidth_gbs, gpu.mem_bandwidth_gbs,
                                     cal.get("probe_bw_ceiling"))
        bw_note = t("measured {gbs:.0f} GB/s ({source})", gbs=m.bandwidth_gbs, source=m.source_label) + scale
    else:
        bw_peak = gpu.mem_bandwidth_gbs
        bw_note = t("datasheet {gbs:.0f} GB/s", gbs=gpu.mem_bandwidth_gbs)
    if tf_measured:
        assert m is not None
        ceiling = cal.get(f"probe_gemm_ceiling_{'bf16' if compute_prec == 'bf16' else 'lowp'}")
        tf_note = t("measured {tflops:.0f} TFLOPS {precision}", tflops=peak_tf, precision=compute_prec.upper())
        peak_tf, scale = _from_probe(gpu, m, f"gemm_{compute_prec}_tflops", peak_tf,
                                     gpu.dense_tflops(compute_prec), ceiling)
        tf_note += scale
    else:
        tf_note = t("datasheet {tflops:.0f} TFLOPS {precision} dense", tflops=peak_tf, precision=compute_prec.upper())
        capped, cap_note = _capped_peak(gpu, deployment.power_limit_w, peak_tf, cal)
        sustained = sustained_clock_factor(gpu, deployment.power_limit_w, cal)
        if peak_tf * sustained < capped:  # the die's own power law binds before the board's cap does
            same = same_silicon_table()[gpu.id]
            tf_note += " " + t("x {factor:.2f} sustained clock", factor=sustained)
            assumptions.append(t(
                "{gpu} shares its die with a {ref_w:g} W board: under dense load at {watts:g} W it holds {share:.0%} "
                "of its datasheet compute peak (clock x (power / {ref_w:g} W)^{exp:g}, the power-cap law); memory "
                "bandwidth unchanged", gpu=gpu.display_name, ref_w=same.ref_tdp_w, share=sustained,
                watts=board_power_w(gpu, deployment.power_limit_w),
                exp=cal.get("power_cap_clock_exponent")))
            peak_tf *= sustained
        else:
            peak_tf = capped
            if cap_note:
                tf_note += " " + t("x clock at a {cap:g} W power limit", cap=deployment.power_limit_w)
                assumptions.append(cap_note)
    src = PeakSource.MEASURED if (m is not None and (tf_measured or m.bandwidth_gbs)) else PeakSource.DATASHEET
    peaks = PeaksUsed(
        bandwidth_gbs=bw_peak,
        tflops=peak_tf,
        compute_precision=compute_prec,
        source=src,
        label=f"{bw_note}; {tf_note}" + ("" if src is PeakSource.MEASURED else t(" x calibrated efficiency")),
    )
    return peaks, family
