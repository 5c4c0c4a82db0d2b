"""The calibrated performance model: TTFT, TPOT, throughput, concurrency for a build and a workload.

Physics (shared/research/perf-estimators.md):
- Decode step = roofline blend of streaming the weights touched plus the KV cache read
  (bandwidth x calibrated efficiency) and the GEMM work (peak x calibrated MFU), plus the
  two-term law's fixed floor (per layer and per step, §3.3), plus tensor-parallel all-reduces
  whose cost depends on the interconnect (§1.4: latency-bound at decode, bandwidth-bound at prefill).
- Prefill = the same roofline on the prompt's FLOPs (2·P_active·S + causal attention), with an
  MFU that rises with the tokens in the step and depends on precision.
- Serving = closed loop at a fixed concurrency with in-flight batching: new prompts share steps with
  running decodes (prefill interference in TPOT). TTFT is what a closed-loop benchmark reports (vLLM bench
  serve, InferenceMAX, genai-perf: every client starts at t=0, then sends its next request when an answer
  ends): per-request serving overhead, plus, weighted by rounds, the first round's burst (all prompts at
  once, packed into steps of the engine's token budget) and the steady state (the step in flight, the
  prompt's own prefill step(s) shared with the running decodes, M/D/1 waiting behind other prompts, and
  TensorRT-LLM batch waiting when configured).
- MoE reads only the experts its tokens hit; MLA caches the latent (app.core.memory) and spends more
  attention FLOPs per cached token.
Everything is plain floats: one estimate is a few dozen arithmetic operations.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any

from app.core.labels import interconnect_label
from app.core.memory import GB, GIB, MemoryAssumptions, VramFit, vram_fit
from app.core.parts import AttentionType, Gpu, Llm
from app.perf.calibration import Calibration, default_calibration, perf_data_dir
from app.perf.engines import Engine, EngineProfile, profile
from app.perf.quant import KernelFamily, WeightFormat, kv_bytes, parse_weight_format
from app.perf.tail import RESIDUAL_P99, md1_wait_p99, step_p99
from app.perf.text import t, t_noop
from app.probe.peaks import pcie_peak_gbs

# Tensor-core peaks a format's GEMMs can fall back to when the GPU lacks the native one.
_PEAK_FALLBACK: dict[str, tuple[str, ...]] = {
    # Without FP4 tensor cores engines run FP4 checkpoints weight-only, activations in 16 bit (W4A16
    # Marlin / Triton MXFP4 kernels on Hopper and Ampere), so the GEMMs run at the 16-bit peak.
    "fp4": ("fp4", "bf16"),
    "fp8": ("fp8", "bf16"),
    "int8": ("int8", "bf16"),
    "bf16": ("bf16",),
}
_ACT_BYTES = 2.0  # activations cross the interconnect in 16 bit


class Interconnect(StrEnum):
    NVLINK = "nvlink"  # NVLink/NVSwitch, Infinity Fabric, any GPU-to-GPU fabric
    PCIE = "pcie"


class BatchingMode(StrEnum):
    SERVING = "serving"  # closed loop at a fixed concurrency, in-flight batching (online serving)
    OFFLINE = "offline"  # max throughput: the running batch is as large as the engine and KV cache allow
    STATIC = "static"  # one batch prefilled together then decoded together (latency benchmarks)


class PeakSource(StrEnum):
    DATASHEET = "datasheet"
    MEASURED = "measured"


@dataclass(frozen=True, slots=True)
class MeasuredPeaks:
    """What a probe measured on the client's GPU: replaces datasheet peaks when given.

    Calibrated efficiencies are relative to datasheet peaks, so a measured figure is divided by the
    realistic ceiling a good probe reaches (calibration: probe_bw_ceiling, probe_gemm_ceiling_*).
    """

    bandwidth_gbs: float | None
    tflops_by_precision: Mapping[str, float] = field(default_factory=dict)
    source_label: str = "probe"


@dataclass(frozen=True, slots=True)
class Deployment:
    """The hardware side: which GPUs, how many, how the model is split over them."""

    gpu: Gpu
    gpu_count: int = 1
    tp: int = 1
    pp: int = 1
    interconnect: Interconnect | None = None  # None: NVLink if the GPU has a fabric, else PCIe
    measured: MeasuredPeaks | None = None
    # Board power limit (W) set below the GPU's TDP (Build.gpu_power_cap_w): lower sustained clocks.
    power_limit_w: float | None = None

    def __post_init__(self) -> None:
        if self.tp < 1 or self.pp < 1 or self.gpu_count < 1:
            raise ValueError("gpu_count, tp and pp must be >= 1")
        if self.tp * self.pp > self.gpu_count:
            raise ValueError(
                f"TP {self.tp} x PP {self.pp} needs {self.tp * self.pp} GPUs, the build has {self.gpu_count}"
            )

    @property
    def replicas(self) -> int:
        return self.gpu_count // (self.tp * self.pp)

    @property
    def link(self) -> Interconnect:
        if self.interconnect is not None:
            return self.interconnect
        return Interconnect.NVLINK if self.gpu.has_nvlink else Interconnect.PCIE


@dataclass(frozen=True, slots=True)
class Workload:
    """The model and traffic side. concurrency=None means as many as the engine and KV cache allow."""

    llm: Llm
    weight_precision: str
    input_len: int
    output_len: int
    concurrency: int | None = 1
    kv_precision: str | None = None
    engine: Engine = Engine.VLLM
    mode: BatchingMode = BatchingMode.SERVING
    ttft_target_ms: float | None = None
    tpot_target_ms: float | None = None
    # TensorRT-LLM batch_wait_timeout_iters: new prompts are held up to this many decode steps so that
    # more of them share one prefill step (0, the default, admits them at the next step).
    batch_wait_iters: int = 0
    # How the engine budgets GPU memory (the rule profile's, for a build); None: the engine's defaults.
    memory: MemoryAssumptions | None = None

    def __post_init__(self) -> None:
        if self.input_len < 0 or self.output_len < 1:
            raise ValueError("input_len must be >= 0 and output_len >= 1")
        if self.concurrency is not None and self.concurrency < 1:
            raise ValueError("concurrency must be >= 1")
        if self.batch_wait_iters < 0:
            raise ValueError("batch_wait_iters must be >= 0")


@dataclass(frozen=True, slots=True)
class PeaksUsed:
    bandwidth_gbs: float  # the peak the efficiency multiplies (datasheet, or measured / probe ceiling)
    tflops: float
    compute_precision: str
    source: PeakSource
    label: str


@dataclass(frozen=True, slots=True)
class Estimate:
    """One operating point, with everything needed to explain and chart it."""

    ttft_ms: float
    tpot_ms: float
    e2e_latency_ms: float
    ttft_p99_ms: float  # under Poisson arrivals at this load (app/perf/tail.py): what P99 targets bound
    tpot_p99_ms: float
    output_tps_per_user: float
    output_tps_total: float
    input_tps_total: float
    requests_per_s: float
    concurrency: int  # requests in flight across the build
    running_per_replica: int  # requests decoding at once on one TP x PP group
    queued_per_replica: int  # requests waiting for KV-cache space or a scheduler slot (queue_limit says which)
    queue_limit: str  # "" (none wait), "kv-cache" or "scheduler" (the engine's max_batch)
    replicas: int
    max_concurrency_kv: int  # across the build, for input+output tokens per request
    max_concurrency_slo: int | None  # across the build; None when no targets were given
    meets_slo: bool | None
    decode_bound: str  # "memory" or "compute"
    fits: bool
    bands: dict[str, float]  # metric -> relative half-width (0.2 = +/- 20 %)
    peaks: PeaksUsed
    breakdown: dict[str, float]
    inputs: dict[str, Any]
    assumptions: tuple[str, ...]
    warnings: tuple[str, ...]

    def band(self, metric: str) -> float:
        return self.bands.get(metric, self.bands.get("default", 0.5))

    def describe(self, metric: str) -> str:
        """'~2,400 tok/s (+/- 20 %)' for a chart label or a PDF line."""
        value = float(getattr(self, metric))
        unit = _UNITS.get(metric)
        digits = 0 if abs(value) >= 100 else (1 if abs(value) >= 10 else 2)
        number, band = f"{value:,.{digits}f}", round(self.band(metric) * 100)
        if unit is None:
            return t("~{value} (+/- {band:d} %)", value=number, band=band)
        return t("~{value} {unit} (+/- {band:d} %)", value=number, unit=t(unit), band=band)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            name: getattr(self, name)
            for name in (
                "ttft_ms",
                "tpot_ms",
                "e2e_latency_ms",
                "ttft_p99_ms",
                "tpot_p99_ms",
                "output_tps_per_user",
                "output_tps_total",
                "input_tps_total",
                "requests_per_s",
                "concurrency",
                "running_per_replica",
                "queued_per_replica",
                "queue_limit",
                "replicas",
                "max_concurrency_kv",
                "max_concurrency_slo",
                "meets_slo",
                "decode_bound",
                "fits",
            )
        }
        out["bands"] = dict(self.bands)
        out["peaks"] = {
            "bandwidth_gbs": self.peaks.bandwidth_gbs,
            "tflops": self.peaks.tflops,
            "compute_precision": self.peaks.compute_precision,
            "source": self.peaks.source.value,
            "label": self.peaks.label,
        }
        out["breakdown"] = dict(self.breakdown)
        out["inputs"] = dict(self.inputs)
        out["assumptions"] = list(self.assumptions)
        out["warnings"] = list(self.warnings)
        return out


_UNITS = {
    "ttft_ms": t_noop("ms"),
    "tpot_ms": t_noop("ms"),
    "e2e_latency_ms": t_noop("ms"),
    "output_tps_per_user": t_noop("tok/s"),
    "output_tps_total": t_noop("tok/s"),
    "input_tps_total": t_noop("tok/s"),
    "requests_per_s": t_noop("req/s"),
}

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


def gpu_class(gpu: Gpu) -> str:
    """Memory family: llama.cpp-class kernels reach very different bandwidth fractions on HBM vs GDDR."""
    mt = gpu.memory_type.lower()
    if "hbm" in mt:
        return "hbm"
    if "lpddr" in mt or "unified" in mt:
        return "unified"
    return "gddr"


@dataclass(frozen=True, slots=True)
class MoeShape:
    experts: int
    active: int
    source: str


@lru_cache(maxsize=1)
def _moe_table() -> tuple[tuple[str, MoeShape], ...]:
    path = perf_data_dir() / "moe.csv"
    rows: list[tuple[str, MoeShape]] = []
    if path.exists():
        with path.open(encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh):
                rows.append(
                    (row["pattern"].lower(), MoeShape(int(row["experts"]), int(row["active_experts"]), row["source"]))
                )
    return tuple(rows)


def moe_shape(llm: Llm) -> MoeShape | None:
    """Routed experts and how many each token uses (db/perf/moe.csv, from the models' config.json)."""
    if not llm.is_moe:
        return None
    keys = (llm.id.lower(), llm.name.lower())
    for pattern, shape in _moe_table():
        if any(pattern in k for k in keys):
            return shape
    return None


# --------------------------------------------------------------------------------------------------
# The prepared core: everything that does not depend on concurrency, resolved once.


@dataclass(slots=True)
class _Core:
    layers: int
    hidden: int
    p_active: float
    bpp: float  # bytes per weight parameter
    shared_bytes: float  # weights every token touches (whole model, all GPUs)
    expert_bytes: float  # routed-expert weights (whole model)
    expert_hit: float  # probability one token uses a given expert (k / E)
    attn_prefill: float  # causal prefill attention FLOPs per token per context token (2·L·h·d)
    attn_decode: float  # decode attention FLOPs per cached token
    kv_tok_gpu: float  # KV bytes per token per GPU (sharded over TP where heads allow, over PP)
    window: int | None
    tp: int
    pp: int
    bw: float  # effective bytes/s per GPU for weight streaming
    kv_factor: float
    peak: float  # dense FLOP/s per GPU at the compute precision
    mfu_max: float
    sharp: float
    chunk: int | None
    step_tokens: float  # token budget of one scheduler step
    max_batch: float  # most decodes the scheduler runs in one step
    t_layer: float  # s
    t_step: float  # s
    t_request: float  # s
    rounds: float  # requests per client in a closed-loop benchmark (its first round starts all at once)
    ar_alpha: float  # s per all-reduce call (latency part)
    ar_bw: float  # bytes/s per direction for the bandwidth part
    ar_hops: float  # multiplier on alpha (ring hops over PCIe, 1 for one-shot fabric kernels)
    p2p_alpha: float
    p2p_bw: float

    def weights_touched(self, tokens: float) -> float:
        """Bytes of weights a step reads (per GPU) when `tokens` tokens go through the experts."""
        if self.expert_bytes <= 0.0:
            return self.shared_bytes / (self.tp * self.pp)
        miss: float = (1.0 - self.expert_hit) ** max(tokens, 1.0)
        frac = 1.0 - miss
        return (self.shared_bytes + self.expert_bytes * frac) / (self.tp * self.pp)

    def roofline(self, t_mem: float, t_comp: float) -> float:
        """Smooth max: sharp -> infinity is the ideal roofline, 1 is no overlap at all."""
        if t_mem <= 0.0:
            return t_comp
        if t_comp <= 0.0:
            return t_mem
        n = self.sharp
        hi = max(t_mem, t_comp)
        lo = min(t_mem, t_comp)
        ratio: float = (lo / hi) ** n
        scale: float = (1.0 + ratio) ** (1.0 / n)
        return hi * scale

    def allreduce(self, tokens: float) -> float:
        """Time of one all-reduce of `tokens` hidden vectors over the TP group (0 at TP 1)."""
        if self.tp <= 1:
            return 0.0
        size = tokens * self.hidden * _ACT_BYTES
        return self.ar_alpha * self.ar_hops + 2.0 * (self.tp - 1) / self.tp * size / self.ar_bw

    def p2p(self, tokens: float) -> float:
        if self.pp <= 1:
            return 0.0
        return (self.pp - 1) * (self.p2p_alpha + tokens * self.hidden * _ACT_BYTES / self.p2p_bw)

    def ctx(self, s: float) -> float:
        return min(s, float(self.window)) if self.window else s

    def decode_step(self, batch: float, ctx: float, pf_tokens: float, pf_len: float) -> tuple[float, float, float]:
        """One token period for `batch` sequences per replica at mean context `ctx`.

        `pf_tokens` prompt tokens of length-`pf_len` prompts are prefilled in the same steps (in-flight batching).
        Returns (seconds, memory seconds, compute seconds) of one stage, the latter two for the breakdown.
        """
        pp = self.pp
        b = batch / pp  # micro-batch per stage
        pf = pf_tokens / pp
        c = self.ctx(ctx)
        mem = self.weights_touched(b + pf) + b * c * self.kv_tok_gpu * self.kv_factor
        t_mem = mem / self.bw
        flops = (
            2.0 * self.p_active * (b + pf) + self.attn_decode * c * b + self.attn_prefill * self.ctx(pf_len) * pf
        ) / (self.tp * pp)
        t_comp = flops / (self.peak * self.mfu_max)
        stage = self.roofline(t_mem, t_comp)
        total = (
            pp * stage
            + self.layers * self.t_layer
            + self.t_step
            + 2.0 * self.layers * self.allreduce(b + pf)
            + self.p2p(b + pf)
        )
        return total, t_mem, t_comp

    def prefill_amid(self, others: float, ctx: float, length: float) -> float:
        """One prompt's own prefill step(s) while `others` requests decode in the same steps (in-flight batching).

        The prompt takes ceil(length / budget) steps, the budget being what the step's token limit leaves
        after one token per running decode; each step also advances every running decode.
        """
        if length <= 0:
            return (
                self.decode_step(others, ctx, 0.0, 0.0)[0] if others > 0 else self.layers * self.t_layer + self.t_step
            )
        budget = max(1.0, self.step_tokens - min(others, self.max_batch))
        chunks = math.ceil(length / budget)
        return chunks * self.decode_step(others, ctx, length / chunks, length)[0]

    def cold_start(self, n_req: float, length: float) -> float:
        """Mean time to first token of `n_req` prompts that arrive together (the first round of a closed-loop run).

        The scheduler packs them into steps of `step_tokens` (whole prompts where prefill is not chunked);
        the j-th of `steps` steps finishes at j/steps of the total, so the mean is total*(steps+1)/(2*steps).
        """
        if n_req <= 1.0:
            return self.prefill(1.0, length)[0]
        if self.chunk:
            steps = max(1, math.ceil(n_req * length / self.step_tokens))
        else:
            per_step = max(1.0, float(math.floor(self.step_tokens / max(length, 1.0))))
            steps = math.ceil(n_req / per_step)
        total = steps * self.prefill(n_req / steps, length)[0]
        return total * (steps + 1) / (2.0 * steps)

    def prefill(self, n_req: float, length: float) -> tuple[float, float, float, float]:
        """Prefill `n_req` prompts of `length` tokens together: (seconds, compute s, memory s, all-reduce s)."""
        tokens = n_req * length
        if tokens <= 0:
            return self.layers * self.t_layer + self.t_step, 0.0, 0.0, 0.0
        flops = n_req * length * (2.0 * self.p_active + self.attn_prefill * self.ctx(length)) / self.tp
        step_tokens = float(min(self.chunk, tokens)) if self.chunk else tokens
        chunks = math.ceil(tokens / step_tokens)
        t_comp = flops / (self.peak * self.mfu_max)
        t_mem = chunks * self.weights_touched(step_tokens) * self.pp / self.bw
        t_ar = chunks * 2.0 * self.layers * self.allreduce(step_tokens)
        total = (
            self.roofline(t_mem, t_comp)
            + t_ar
            + chunks * (self.layers * self.t_layer + self.t_step)
            + chunks * self.p2p(step_tokens)
        )
        return total, t_comp, t_mem, t_ar


@dataclass(frozen=True, slots=True)
class _Point:
    ttft: float
    tpot: float
    e2e: float
    tps_total_replica: float
    running: int
    queued: int
    t_mem: float
    t_comp: float
    pf_own: float
    pf_comp: float
    pf_ar: float
    queue: float  # waiting behind other prompts (steady state) and for KV-cache space
    hold: float  # TensorRT-LLM batch waiting
    cold: float  # what the first round (all clients at once) adds to the mean over the run (may be < 0)
    in_flight: float  # step(s) ahead of the prompt: the one running when it arrives (+ the one planned behind it)
    # P99 under Poisson arrivals at the same rate (app/perf/tail.py): what the scenario targets bound.
    ttft_p99: float = 0.0
    tpot_p99: float = 0.0


def _evaluate(core: _Core, wl: Workload, prof: EngineProfile, batch: int, kv_cap: int) -> _Point:
    """Metrics at `batch` requests in flight on one replica."""
    isl = float(wl.input_len)
    osl = float(wl.output_len)
    # The scheduler runs at most max_batch requests (vLLM max_num_seqs, ...); the KV cache may hold fewer.
    # Whoever is over either limit waits, and a closed-loop client counts that wait in its TTFT.
    sched = max(1, int(prof.max_batch))
    running = max(1, min(batch, kv_cap, sched)) if kv_cap > 0 else max(1, min(batch, sched))
    queued = max(0, batch - running)
    ctx = isl + osl / 2.0
    if wl.mode is BatchingMode.STATIC:
        pf_total, pf_comp, _, pf_ar = core.prefill(running, isl)
        tpot, t_mem, t_comp = core.decode_step(running, ctx, 0.0, 0.0)
        ttft = pf_total
        e2e = ttft + (osl - 1.0) * tpot
        return _Point(
            ttft,
            tpot,
            e2e,
            running * osl / e2e,
            running,
            queued,
            t_mem,
            t_comp,
            pf_total,
            pf_comp,
            pf_ar,
            0.0,
            0.0,
            0.0,
            0.0,
            ttft_p99=ttft,  # one batch, prefilled together: every prompt waits the same
            tpot_p99=tpot,
        )

    # In-flight batching: on average running/osl new prompts enter per token period.
    pf_rate = running / osl if prof.inflight_batching else 0.0
    tpot, t_mem, t_comp = core.decode_step(running, ctx, pf_rate * isl, isl)
    pf_own, pf_comp, _, pf_ar = core.prefill(1.0, isl)
    if wl.mode is BatchingMode.OFFLINE:
        # Requests are always waiting: a slot's life is output_len token periods.
        ttft = pf_own + 0.5 * tpot
        e2e = ttft + (osl - 1.0) * tpot
        return _Point(
            ttft,
            tpot,
            e2e,
            running / tpot,
            running,
            queued,
            t_mem,
            t_comp,
            pf_own,
            pf_comp,
            pf_ar,
            0.0,
            0.0,
            0.0,
            0.5 * tpot,
            ttft_p99=pf_own + RESIDUAL_P99 * tpot,
            tpot_p99=tpot,
        )

    # Closed loop at a fixed concurrency, as serving benchmarks run it (vLLM bench serve, InferenceMAX,
    # genai-perf): every client sends its first request at t=0, then a new one as soon as its answer ends.
    # Steady state: a new prompt waits for the step(s) ahead of it, then is prefilled in step(s) it shares
    # with the other running decodes, behind whatever other prompts are queued (M/D/1 at the prefill load).
    others = running - 1.0
    steady_pf = core.prefill_amid(others, ctx, isl)
    t_dec = core.decode_step(others, ctx, 0.0, 0.0)[0] if others > 0 else 0.0
    work = max(0.0, steady_pf - t_dec)  # GPU time the prompt adds to the steps it rides in
    cycle = steady_pf + osl * tpot
    lam = running / cycle  # prompts per second arriving at this replica
    rho = min(0.95, lam * work)
    wait = min(work * rho / (2.0 * (1.0 - rho)), others * work)  # never behind more than every other prompt
    # The step in flight when the prompt arrives (half of one on average), plus the one already planned
    # behind it where the scheduler overlaps planning with execution.
    resid = (1.5 if prof.overlap_scheduling else 0.5) * tpot if others > 0 else 0.0
    hold = 0.0
    if wl.batch_wait_iters and others > 0:
        # TensorRT-LLM batch waiting: the first prompt of a batch waits the whole window, the m others that
        # arrive during it wait half of it on average.
        window = wl.batch_wait_iters * t_dec
        m = lam * window
        hold = window * (1.0 + 0.5 * m) / (1.0 + m)
    steady = resid + hold + steady_pf + wait
    # The first round: all `running` prompts arrive together and are prefilled in packed steps.
    first = core.cold_start(running, isl)
    share = 1.0 / max(core.rounds, 1.0)
    ttft = core.t_request + share * first + (1.0 - share) * steady
    e2e = ttft + (osl - 1.0) * tpot
    kv_wait = 0.0
    if queued > 0:  # waiting for KV-cache space or a scheduler slot: a whole request lifetime per round of `running`
        kv_wait = queued / running * e2e
        ttft += kv_wait
        e2e = ttft + (osl - 1.0) * tpot
    return _Point(
        ttft,
        tpot,
        e2e,
        batch * osl / e2e,
        running,
        queued,
        t_mem,
        t_comp,
        steady_pf,
        pf_comp,
        pf_ar,
        ttft - core.t_request - steady_pf - resid - hold - share * (first - steady),  # behind prompts, KV space
        hold,
        share * (first - steady),
        resid,
        # Never below the mean the charts show (which counts the first round, every client at once).
        ttft_p99=max(ttft, core.t_request + steady_pf + hold + kv_wait
                     + (resid - 0.5 * tpot + RESIDUAL_P99 * tpot if others > 0 else 0.0)
                     + min(md1_wait_p99(lam, work), others * work)),
        tpot_p99=step_p99(tpot, steady_pf, lam, others),
    )


@dataclass(slots=True)
class Prepared:
    """A deployment + workload resolved against the calibration; evaluate at any concurrency cheaply."""

    deployment: Deployment
    workload: Workload
    core: _Core
    profile: EngineProfile
    fmt: WeightFormat
    kv_precision: str
    fit: VramFit
    kv_cap_replica: int
    peaks: PeaksUsed
    cls: str
    assumptions: list[str]
    warnings: list[str]
    bands: dict[str, float]

    @property
    def max_concurrency_kv(self) -> int:
        return self.kv_cap_replica * self.deployment.replicas

    @property
    def max_concurrency_scheduler(self) -> int:
        """Requests the engine runs at once across the build (its max_batch per replica)."""
        return int(self.profile.max_batch) * self.deployment.replicas

    def batch_per_replica(self, concurrency: int | None) -> int:
        if concurrency is None:
            cap = self.kv_cap_replica if self.kv_cap_replica > 0 else 1
            return max(1, min(self.profile.max_batch, cap))
        return max(1, math.ceil(concurrency / self.deployment.replicas))

    @property
    def queue_starts(self) -> tuple[int, str]:
        """Build-wide concurrency past which requests wait, and the engine setting behind it ("" when
        the KV cache fills first)."""
        kv, sched = self.max_concurrency_kv, self.max_concurrency_scheduler
        return (sched, self.profile.max_batch_setting) if sched < kv else (kv, "")

    def queue_limit(self, p: _Point) -> str:
        """What the waiting requests of ``p`` wait for: "" (none wait), "kv-cache" or "scheduler"."""
        if not p.queued:
            return ""
        return "kv-cache" if 0 < self.kv_cap_replica <= p.running else "scheduler"

    def point(self, concurrency: int | None) -> _Point:
        return _evaluate(
            self.core, self.workload, self.profile, self.batch_per_replica(concurrency), self.kv_cap_replica
        )

    def total_tps(self, p: _Point, concurrency: int | None) -> float:
        """Build-wide output tokens/s: replicas share the requests (a replica with none adds nothing)."""
        reps = self.deployment.replicas
        total = p.tps_total_replica * reps
        if concurrency is not None and self.workload.mode is not BatchingMode.OFFLINE:
            total *= min(1.0, concurrency / float(self.batch_per_replica(concurrency) * reps))
        return total

    def meets(self, p: _Point) -> bool:
        """The scenario's targets are P99 bounds: compared with the P99 TTFT and TPOT, never the means."""
        wl = self.workload
        if wl.ttft_target_ms is not None and p.ttft_p99 * 1e3 > wl.ttft_target_ms:
            return False
        return not (wl.tpot_target_ms is not None and p.tpot_p99 * 1e3 > wl.tpot_target_ms)

    def concurrency_for_qps(self, qps: float) -> int:
        """Smallest build-wide concurrency whose request rate reaches ``qps`` (capped by the KV cache).

        The rate is the one ``estimate`` reports (replicas share the requests; idle ones add nothing).
        It never falls as concurrency grows, so: gallop up from 1, then bisect.
        """
        cap = max(1, self.max_concurrency_kv)
        osl = self.workload.output_len

        def rate(c: int) -> float:
            return self.total_tps(self.point(c), c) / osl

        if rate(cap) < qps:
            return cap
        lo, hi = 0, 1  # rate(lo) < qps (or lo = 0)
        while hi < cap and rate(hi) < qps:
            lo, hi = hi, min(cap, hi * 2)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if rate(mid) >= qps:
                hi = mid
            else:
                lo = mid
        return hi

    def max_concurrency_slo(self) -> int | None:
        """Largest build-wide concurrency whose TTFT and TPOT meet the targets (0: not even one user)."""
        wl = self.workload
        if wl.ttft_target_ms is None and wl.tpot_target_ms is None:
            return None
        reps = self.deployment.replicas
        hi_batch = self.kv_cap_replica if self.kv_cap_replica > 0 else 0
        if hi_batch == 0 or not self.meets(_evaluate(self.core, wl, self.profile, 1, self.kv_cap_replica)):
            return 0
        if self.meets(_evaluate(self.core, wl, self.profile, hi_batch, self.kv_cap_replica)):
            return hi_batch * reps
        lo, hi = 1, hi_batch  # meets at lo, fails at hi
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.meets(_evaluate(self.core, wl, self.profile, mid, self.kv_cap_replica)):
                lo = mid
            else:
                hi = mid
        return lo * reps

    def estimate(self, concurrency: int | None = None, *, with_slo: bool = True) -> Estimate:
        wl = self.workload
        conc = wl.concurrency if concurrency is None and wl.mode is not BatchingMode.OFFLINE else concurrency
        batch = self.batch_per_replica(conc)
        p = _evaluate(self.core, wl, self.profile, batch, self.kv_cap_replica)
        reps = self.deployment.replicas
        tps_total = self.total_tps(p, conc)
        warnings = list(self.warnings)
        limit = self.queue_limit(p)
        if limit == "kv-cache":
            warnings.append(
                t("KV cache holds {running} requests per replica; {queued} more wait for space (TTFT includes it)",
                  running=p.running, queued=p.queued)
            )
        elif limit == "scheduler":
            warnings.append(
                t("{engine} runs at most {running} requests per replica at once ({setting} {running}); {queued} more "
                  "wait for a slot (TTFT includes it). Raise {setting} if the KV cache has room.",
                  engine=self.profile.label, running=p.running, setting=self.profile.max_batch_setting,
                  queued=p.queued)
            )
        slo = self.max_concurrency_slo() if with_slo else None
        c = self.core
        breakdown = {
            "tpot_memory_ms": p.t_mem * c.pp * 1e3,
            "tpot_compute_ms": p.t_comp * c.pp * 1e3,
            "tpot_fixed_ms": (c.layers * c.t_layer + c.t_step) * 1e3,
            "tpot_allreduce_ms": 2.0 * c.layers * c.allreduce(p.running / c.pp) * 1e3,
            "ttft_prefill_ms": p.pf_own * 1e3,
            "ttft_prefill_compute_ms": p.pf_comp * 1e3,
            "ttft_allreduce_ms": p.pf_ar * 1e3,
            "ttft_queue_ms": p.queue * 1e3,
            "ttft_step_in_flight_ms": p.in_flight * 1e3,
            "ttft_batch_wait_ms": p.hold * 1e3,
            "ttft_cold_start_ms": p.cold * 1e3,
            "ttft_request_overhead_ms": (c.t_request * 1e3) if wl.mode is BatchingMode.SERVING else 0.0,
            "weights_gb_per_gpu": self.fit.weights_bytes / GB,
            "kv_gb_per_gpu": p.running * (wl.input_len + wl.output_len) * self.fit.kv_bytes_per_token / GB,
            "weights_gib_per_gpu": self.fit.weights_bytes / GIB,
            "kv_gib_per_gpu": p.running * (wl.input_len + wl.output_len) * self.fit.kv_bytes_per_token / GIB,
            "usable_gib_per_gpu": self.fit.usable_bytes / GIB,
            "overhead_gib_per_gpu": self.fit.overhead_bytes / GIB,
        }
        meets = None
        if wl.ttft_target_ms is not None or wl.tpot_target_ms is not None:
            meets = self.meets(p)
        return Estimate(
            ttft_ms=p.ttft * 1e3,
            tpot_ms=p.tpot * 1e3,
            e2e_latency_ms=p.e2e * 1e3,
            ttft_p99_ms=p.ttft_p99 * 1e3,
            tpot_p99_ms=p.tpot_p99 * 1e3,
            output_tps_per_user=1.0 / p.tpot,
            output_tps_total=tps_total,
            input_tps_total=tps_total / wl.output_len * wl.input_len,
            requests_per_s=tps_total / wl.output_len,
            concurrency=conc if conc is not None else batch * reps,
            running_per_replica=p.running,
            queued_per_replica=p.queued,
            queue_limit=limit,
            replicas=reps,
            max_concurrency_kv=self.max_concurrency_kv,
            max_concurrency_slo=slo,
            meets_slo=meets,
            decode_bound="memory" if p.t_mem >= p.t_comp else "compute",
            fits=self.fit.weights_fit and self.max_concurrency_kv >= 1,
            bands=dict(self.bands),
            peaks=self.peaks,
            breakdown=breakdown,
            inputs=_inputs(self, conc),
            assumptions=tuple(self.assumptions),
            warnings=tuple(warnings),
        )


def _inputs(prep: Prepared, concurrency: int | None) -> dict[str, Any]:
    d, w = prep.deployment, prep.workload
    return {
        "gpu": d.gpu.id,
        "gpu_name": d.gpu.display_name,
        "gpu_count": d.gpu_count,
        "tp": d.tp,
        "pp": d.pp,
        "replicas": d.replicas,
        "interconnect": d.link.value,
        "model": w.llm.id,
        "model_name": w.llm.display_name,
        "weight_precision": prep.fmt.name,
        "kv_precision": prep.kv_precision,
        "engine": w.engine.value,
        "mode": w.mode.value,
        "input_len": w.input_len,
        "output_len": w.output_len,
        "concurrency": concurrency if concurrency is not None else "max",
        "ttft_target_ms": w.ttft_target_ms,
        "batch_wait_iters": w.batch_wait_iters,
        "tpot_target_ms": w.tpot_target_ms,
        "calibration": "measured peaks" if d.measured else "datasheet peaks",
        "gpu_power_limit_w": d.power_limit_w if d.power_limit_w is not None else d.gpu.tdp_w,
    }


def _peak_tflops(gpu: Gpu, measured: MeasuredPeaks | None, compute: str) -> tuple[float, str, bool]:
    """(TFLOPS, precision used, from measurement) for the first precision the GPU supports."""
    for prec in _PEAK_FALLBACK[compute]:
        if measured is not None and prec in measured.tflops_by_precision:
            return measured.tflops_by_precision[prec], prec, True
        value = gpu.dense_tflops(prec)
        if value:
            return value, prec, False
    raise ValueError(f"{gpu.id} has no dense {compute} or 16-bit peak")


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


def prepare(deployment: Deployment, workload: Workload, calibration: Calibration | None = None) -> Prepared:
    """Resolve formats, peaks, efficiencies and KV capacity once; `Prepared.estimate(c)` is then cheap."""
    cal = calibration or default_calibration()
    gpu, llm = deployment.gpu, workload.llm
    eng = workload.engine.value
    prof = profile(workload.engine)
    fmt = parse_weight_format(workload.weight_precision)
    cls = gpu_class(gpu)
    assumptions: list[str] = []
    warnings: list[str] = []
    widen = 1.0

    # KV precision: explicit, else the engine's default for this weight format.
    if workload.kv_precision:
        kv_prec = parse_weight_format(workload.kv_precision).core_precision.value
    elif fmt.bytes_per_param <= 1.0 and fmt.family is KernelFamily.NATIVE and gpu.fp8_dense_tflops:
        kv_prec = prof.kv_for_low_precision_weights
    else:
        kv_prec = "fp16"
    if kv_prec not in ("fp16", "bf16", "fp8", "int8"):
        raise ValueError(f"KV cache precision {kv_prec!r} is not offered by serving engines")
    kv_bytes(kv_prec)  # validates

    # Peaks: datasheet, or a probe's measurement scaled to the datasheet-relative calibration.
    peak_tf, compute_prec, tf_measured = _peak_tflops(gpu, deployment.measured, fmt.compute)
    family = fmt.family
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
    m = deployment.measured
    if m is not None and m.bandwidth_gbs:
        bw_peak = m.bandwidth_gbs / cal.get("probe_bw_ceiling")
        bw_note = t("measured {gbs:.0f} GB/s ({source})", gbs=m.bandwidth_gbs, source=m.source_label)
    else:
        bw_peak = gpu.mem_bandwidth_gbs
        bw_note = t("datasheet {gbs:.0f} GB/s", gbs=gpu.mem_bandwidth_gbs)
    if tf_measured:
        ceiling = cal.get(f"probe_gemm_ceiling_{'bf16' if compute_prec == 'bf16' else 'lowp'}")
        tf_note = t("measured {tflops:.0f} TFLOPS {precision}", tflops=peak_tf, precision=compute_prec.upper())
        peak_tf = peak_tf / ceiling
    else:
        tf_note = t("datasheet {tflops:.0f} TFLOPS {precision} dense", tflops=peak_tf, precision=compute_prec.upper())
        peak_tf, cap_note = _capped_peak(gpu, deployment.power_limit_w, peak_tf, cal)
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

    # Efficiencies.
    eta = cal.get("eta_bw", eng, cls)
    if family is KernelFamily.GGUF:
        eta *= cal.get("gguf_eta_factor", eng, cls)
    elif family is KernelFamily.WEIGHT_ONLY:
        eta *= cal.get("weight_only_eta_factor", eng, cls)
    prec_factor = {
        "bf16": 1.0,
        "fp8": cal.get("lowp_mfu_factor"),
        "int8": cal.get("lowp_mfu_factor"),
        "fp4": cal.get("fp4_mfu_factor"),
    }[compute_prec]
    mfu_max = min(0.95, cal.get("mfu_max", eng, cls) * prec_factor)
    if llm.is_moe:
        mfu_max *= cal.get("moe_mfu_factor", eng, cls)  # grouped GEMMs over many small experts, routing

    # Interconnect.
    link = deployment.link
    tp = deployment.tp
    if link is Interconnect.NVLINK and gpu.interconnect_gbs:
        ar_bw = gpu.interconnect_gbs / 2.0 * 1e9 * cal.get("allreduce_bw_eff")
        ar_alpha = cal.get("allreduce_nvlink_us") * 1e-6
        ar_hops = 1.0
        p2p_bw = ar_bw
    else:
        if link is Interconnect.NVLINK:
            warnings.append(t("{gpu} lists no GPU-to-GPU fabric: PCIe costs used", gpu=gpu.display_name))
            link = Interconnect.PCIE
        pcie = pcie_peak_gbs(gpu.pcie_gen, gpu.pcie_lanes) or 31.5  # per direction, after line encoding
        ar_bw = pcie * 1e9 * cal.get("allreduce_bw_eff")
        ar_alpha = cal.get("allreduce_pcie_hop_us") * 1e-6
        ar_hops = 2.0 * (tp - 1)  # ring: 2(N-1) latency-bound steps per all-reduce
        if not gpu.p2p:
            ar_bw *= 0.5  # no peer-to-peer: every transfer bounces through host memory
            ar_alpha *= 2.0
            if tp > 1:
                warnings.append(t("{gpu} has no PCIe peer-to-peer: all-reduce goes through host memory",
                                  gpu=gpu.display_name))
        p2p_bw = ar_bw
        if tp > 2:
            warnings.append(t("TP {tp} over PCIe: every layer waits on two all-reduces; consider PP or a bigger GPU",
                              tp=tp))
        if tp > 1:
            widen *= 1.25
            assumptions.append(t("PCIe all-reduce cost is from Vidur's profiled PCIe latency, not fitted to serving "
                                 "data"))

    # Model shape.
    layers = llm.layers
    attn_dim = llm.attention_heads * llm.head_dim
    if llm.attention_type is AttentionType.MLA:
        assert llm.kv_lora_rank is not None and llm.qk_rope_head_dim is not None
        attn_decode = 2.0 * layers * llm.attention_heads * (2 * llm.kv_lora_rank + llm.qk_rope_head_dim)
        assumptions.append(t("MLA: latent KV cache; decode attention in the absorbed form (more FLOPs per cached "
                             "token)"))
    else:
        attn_decode = 4.0 * layers * attn_dim
    p_total = llm.total_params_b * 1e9
    p_active = llm.active_params_b * 1e9
    shape = moe_shape(llm)
    if llm.is_moe:
        if shape is not None and shape.experts > shape.active:
            per_expert = (p_total - p_active) / (shape.experts - shape.active)
            shared = max(0.0, p_active - shape.active * per_expert)
            experts = p_total - shared
            hit = shape.active / shape.experts
        else:
            shared, experts, hit = 0.0, p_total, p_active / p_total
            assumptions.append(t("MoE expert count unknown: expert hit rate taken as active/total parameters"))
        assumptions.append(t("MoE: a step reads the experts its tokens hit (1-(1-k/E)^tokens); experts split like TP"))
    else:
        shared, experts, hit = p_total, 0.0, 0.0

    # KV capacity from app.core.memory; GGUF's extra bytes over the nearest core precision count as overhead.
    mem_a = workload.memory or MemoryAssumptions.for_engine(workload.engine.value)
    extra = (fmt.bytes_per_param - fmt.core_precision_bytes()) * p_total / (tp * deployment.pp)
    if extra > 0:
        mem_a = replace(mem_a, extra_weights_bytes=extra)
    ctx_tokens = workload.input_len + workload.output_len
    fit = vram_fit(
        llm,
        gpu,
        weight_precision=fmt.core_precision,
        kv_precision=kv_prec,
        tp=tp,
        pp=deployment.pp,
        context_tokens=ctx_tokens,
        concurrency=workload.concurrency or 1,
        assumptions=mem_a,
    )
    kv_cap = fit.max_concurrency(ctx_tokens) if fit.weights_fit else 0
    if not fit.weights_fit:
        warnings.append(
            t("weights ({weights:.1f} GiB per GPU) + overhead do not fit in {usable:.1f} GiB usable: the numbers "
              "assume it would run", weights=fit.weights_bytes / GIB, usable=fit.usable_bytes / GIB)
        )
    elif kv_cap == 0:
        warnings.append(t("no room for even one request's KV cache at this context length"))
    if deployment.replicas * tp * deployment.pp < deployment.gpu_count:
        warnings.append(
            t("{unused} GPU(s) unused by TP {tp} x PP {pp}",
              unused=deployment.gpu_count - deployment.replicas * tp * deployment.pp, tp=tp, pp=deployment.pp)
        )
    if llm.sliding_window:
        assumptions.append(t("sliding window {window}: KV reads capped at the window on every layer",
                             window=llm.sliding_window))

    core = _Core(
        layers=layers,
        hidden=llm.hidden_size,
        p_active=p_active,
        bpp=fmt.bytes_per_param,
        shared_bytes=shared * fmt.bytes_per_param,
        expert_bytes=experts * fmt.bytes_per_param,
        expert_hit=hit,
        attn_prefill=2.0 * layers * attn_dim,
        attn_decode=attn_decode,
        kv_tok_gpu=fit.kv_bytes_per_token,
        window=llm.sliding_window,
        tp=tp,
        pp=deployment.pp,
        bw=bw_peak * 1e9 * eta,
        kv_factor=cal.get("kv_read_factor", eng, cls),
        peak=peak_tf * 1e12,
        mfu_max=mfu_max,
        sharp=cal.get("roofline_sharpness", eng, cls),
        chunk=prof.prefill_chunk,
        step_tokens=float(prof.step_tokens),
        max_batch=float(prof.max_batch),
        t_layer=cal.get("t_layer_us", eng, cls) * 1e-6,
        t_step=cal.get("t_step_ms", eng, cls) * 1e-3,
        t_request=cal.get("t_request_ms", eng, cls) * 1e-3,
        rounds=cal.get("bench_rounds"),
        ar_alpha=ar_alpha,
        ar_bw=ar_bw,
        ar_hops=ar_hops,
        p2p_alpha=cal.get("p2p_latency_us") * 1e-6,
        p2p_bw=p2p_bw,
    )

    # Confidence: held-out residual bands, widened where the calibration has no data like this.
    ent = cal.entry("eta_bw", eng, cls)
    if ent.tie is not None or not cal.has_specific("eta_bw", eng, cls):
        widen *= 1.5
        assumptions.append(
            t("no {engine} measurements on {cls} GPUs in the calibration: efficiencies borrowed", engine=prof.label,
              cls=cls.upper())
        )
    if gpu.vendor.lower() != "nvidia":
        widen *= 1.5
        assumptions.append(t("calibration data are NVIDIA GPUs; {vendor} kernels may reach other efficiencies",
                             vendor=gpu.vendor))
    if llm.is_moe or llm.attention_type is AttentionType.MLA:
        widen *= 1.2
    if workload.mode is BatchingMode.SERVING and prof.engine is Engine.LLAMACPP and (workload.concurrency or 1) > 1:
        widen *= 1.3
        assumptions.append(t("llama.cpp with parallel slots: batching efficiency not calibrated"))
    bands: dict[str, float] = {}
    for metric, key in _BAND_OF.items():
        b = cal.band(key)
        bands[metric] = min(0.9, (b.p80 if b else 0.35) * widen)
    bands["default"] = min(0.9, 0.35 * widen)

    assumptions.extend(
        [
            t("{engine}: weight streaming at {eta:.0%} of measured bandwidth, prefill MFU up to {mfu:.0%} of "
              "{precision} peak", engine=prof.label, eta=eta, mfu=mfu_max, precision=compute_prec.upper())
            if src is PeakSource.MEASURED else
            t("{engine}: weight streaming at {eta:.0%} of datasheet bandwidth, prefill MFU up to {mfu:.0%} of "
              "{precision} peak", engine=prof.label, eta=eta, mfu=mfu_max, precision=compute_prec.upper()),
            t("fixed floor {floor_ms:.2f} ms per decode step ({layer_us:.0f} us/layer + {step_ms:.2f} ms/step)",
              floor_ms=core.layers * core.t_layer * 1e3 + core.t_step * 1e3, layer_us=core.t_layer * 1e6,
              step_ms=core.t_step * 1e3),
            t("KV cache {kv}: {budget:.1f} GiB per GPU after weights {weights:.1f} GiB and overhead {overhead:.1f} GiB "
              "of {usable:.1f} GiB usable ({engine}'s memory budget), {tokens} tokens per request",
              kv=kv_prec.upper(), budget=fit.kv_budget_bytes / GIB, weights=fit.weights_bytes / GIB,
              overhead=fit.overhead_bytes / GIB, usable=fit.usable_bytes / GIB, engine=mem_a.engine_memory.label,
              tokens=ctx_tokens),
            t("interconnect {link}", link=interconnect_label(link)) + (f", TP {tp}" if tp > 1 else ""),
        ]
    )
    if workload.mode is BatchingMode.SERVING:
        assumptions.append(
            t("closed-loop serving at fixed concurrency; TTFT is the mean a benchmark run reports ({rounds:g} "
              "requests per client, all clients starting together; the breakdown shows what that first burst adds "
              "apart), including waiting behind other prompts", rounds=core.rounds)
        )
        if workload.batch_wait_iters:
            assumptions.append(
                t("TensorRT-LLM batch waiting: new prompts held up to {steps} decode steps",
                  steps=workload.batch_wait_iters)
            )
    return Prepared(
        deployment=deployment,
        workload=workload,
        core=core,
        profile=prof,
        fmt=fmt,
        kv_precision=kv_prec,
        fit=fit,
        kv_cap_replica=kv_cap,
        peaks=peaks,
        cls=cls,
        assumptions=assumptions,
        warnings=warnings,
        bands=bands,
    )


def estimate(deployment: Deployment, workload: Workload, calibration: Calibration | None = None) -> Estimate:
    """The one-call API: TTFT, TPOT, throughput, concurrency limits, bands, inputs and assumptions."""
    return prepare(deployment, workload, calibration).estimate()
