"""Confidence: which held-out error band an estimate carries, and how much wider it gets where the calibration has
no measurements like it (another engine's efficiencies, another vendor's GPUs, MoE or MLA without MoE bands,
llama.cpp's parallel slots). The bands themselves come from `python -m app.perf.fit` (db/perf/bands.csv).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.parts import AttentionType
from app.perf.calibration import MOE_BAND, Calibration, data_class, engine_band, is_vendor_class
from app.perf.datatypes import BatchingMode, Deployment, Workload
from app.perf.engines import Engine, EngineProfile, profile
from app.perf.text import t, t_noop

# Metrics whose band comes from the residuals of another measured metric.
_BAND_OF: dict[str, str] = {
    "ttft_ms": "ttft",
    "tpot_ms": "tpot",
    "e2e_latency_ms": "tpot",
    "output_tps_per_user": "tpot",
    "output_tps_total": "output_throughput_total",
    "input_tps_total": "output_throughput_total",
    "requests_per_s": "output_throughput_total",
}


@dataclass(frozen=True, slots=True)
class KnownMiss:
    """Where published measurements the fit does not learn from (db/perf/measurement-overrides.csv: fit=no) say
    the estimate misses: the estimate says so and widens its bands. One entry a finding, with its source."""

    engine: str
    gpu_class: str
    moe: bool  # the finding is about MoE models (True) or dense ones (False)
    widen: float
    text: str  # marked for translation (t_noop); shown through t()
    source: str


KNOWN_MISSES: tuple[KnownMiss, ...] = (
    KnownMiss(
        "vllm", "hbm-amd-cdna4", True, 1.5,
        t_noop("vLLM's MoE path on MI350X/MI355X measured slower than this estimate: decode 1.4-1.7x the estimated "
               "TPOT in vLLM's January 2026 ROCm benchmarks (this GPU class is calibrated on SGLang); bands widened"),
        "github vllm-project/vllm-project.github.io _posts/2026-02-27-rocm-attention-backend.md (Qwen3-235B, "
        "DeepSeek-R1-0528 on 8x MI355X, vLLM nightly 2026-01-15, 10K/1K at 64 and 128 clients: TPOT -29 to -41 %); "
        "MLPerf Inference v6.0 gpt-oss-120b Offline on 8x MI355X under vLLM (output +17 %)",
    ),
)


def known_misses(eng: str, cls: str, moe: bool) -> list[KnownMiss]:
    return [m for m in KNOWN_MISSES if m.engine == eng and m.gpu_class == cls and m.moe == moe]


def confidence_bands(cal: Calibration, eng: str, cls: str, prof: EngineProfile, deployment: Deployment,
                     workload: Workload, widen: float = 1.0) -> tuple[dict[str, float], list[str]]:
    """The estimate's bands, each metric's held-out residual band (p80) widened where the calibration has no data
    like this (`widen`: what preparation already found, e.g. a PCIe topology it prices from a prior), and the
    assumptions that say which data the bands come from."""
    said: list[str] = []
    gpu, llm = deployment.gpu, workload.llm
    cls = data_class(cls)  # a generation's (Blackwell's) rows are its family's: no bands or efficiencies of its own
    ent = cal.entry("eta_bw", eng, cls)
    # Another engine's value on these same GPUs (a tie inside the class), else None.
    tied = ent.tie if cal.has_specific("eta_bw", eng, cls) else None
    if tied is not None and is_vendor_class(cls):
        # A vendor class's ties join two engines' rows on the same GPUs into one fitted value (vLLM's and SGLang's
        # on AMD: the ROCm kernels both run); nothing is borrowed from another vendor.
        said.append(
            t("{engine} on {cls} GPUs: efficiencies fitted as one with {other}'s, on both engines' measurements on "
              "these GPUs", engine=prof.label, cls=cls.upper(), other=profile(Engine(tied)).label)
        )
    elif tied is not None and llm.is_moe and cal.entry("moe_prefill_layer_us", eng, cls).fitted:
        # The engine's rows on this class are MoE serving runs: its MoE path is fitted on them, and its MoE bands
        # come from their held-out errors; only the dense-path efficiencies are another engine's on the same GPUs,
        # so the band is not widened again.
        said.append(
            t("{engine} on {cls} GPUs: its MoE path is calibrated on its own MoE measurements; weight-read and "
              "GEMM efficiencies are {other}'s", engine=prof.label, cls=cls.upper(), other=profile(Engine(tied)).label)
        )
    elif ent.tie is not None or not cal.has_specific("eta_bw", eng, cls):
        widen *= 1.5
        said.append(
            t("no {engine} measurements on {cls} GPUs in the calibration: efficiencies borrowed",
              engine=prof.label, cls=cls.upper())
        )
    own_bands = cal.band("ttft", cls) is not cal.band("ttft")
    own_values = any(key[2] == cls for key in cal.entries)
    if gpu.vendor.lower() != "nvidia" and not (own_bands and own_values):
        # Efficiencies borrowed from NVIDIA's rows; where the vendor's rows made bands (Gaudi), those are used.
        widen *= 1.0 if own_bands else 1.5
        said.append(t("calibration data are NVIDIA GPUs; {vendor} kernels may reach other efficiencies",
                                   vendor=gpu.vendor))
    elif own_bands:
        said.append(t("{vendor} GPUs calibrated on their own measurements (class {cls}); bands from "
                                   "their held-out errors", vendor=gpu.vendor, cls=cls))
    # MoE models carry the MoE rows' own held-out bands ("ttft@moe") where the fit made them; a vendor
    # class's own bands come from MoE rows already (all AMD rows are MoE).
    moe_bands = llm.is_moe and not own_bands and cal.band("ttft", MOE_BAND) is not cal.band("ttft")
    if (llm.is_moe or llm.attention_type is AttentionType.MLA) and not moe_bands:
        widen *= 1.2
    for miss in known_misses(eng, cls, llm.is_moe):
        widen *= miss.widen
        said.append(t(miss.text))
    if workload.mode is BatchingMode.SERVING and prof.engine is Engine.LLAMACPP and (workload.concurrency or 1) > 1:
        widen *= 1.3
        said.append(t("llama.cpp with parallel slots: batching efficiency not calibrated"))
    bands: dict[str, float] = {}
    for metric, key in _BAND_OF.items():
        # The engine's own band on the shared classes where its held-out rows made one, else its group's.
        own_engine = engine_band(eng, llm.is_moe)
        if not own_bands and (moe_bands or not llm.is_moe) and cal.has_band(key, own_engine):
            b = cal.band(key, own_engine)
        else:
            b = cal.band(key, MOE_BAND) if moe_bands else cal.band(key, cls)
        bands[metric] = min(0.9, (b.p80 if b else 0.35) * widen)
    bands["default"] = min(0.9, 0.35 * widen)
    return bands, said
