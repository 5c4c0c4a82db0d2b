"""The performance model's inputs and outputs: deployment, workload, measured peaks, the estimate.

Plain frozen dataclasses and enums; :mod:`app.perf.preparation` resolves them against the
calibration and :mod:`app.perf.serving` evaluates them at a concurrency.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from app.core.build import MAX_INPUT_TOKENS_CV
from app.core.memory import MemoryAssumptions
from app.core.parts import Gpu, Llm
from app.core.speculation import check_speculation
from app.perf.engines import Engine
from app.perf.text import t, t_noop

# The same bound as a project's workload (input_tokens_cv).
MAX_INPUT_LEN_CV = MAX_INPUT_TOKENS_CV
# Requests a client of a closed-loop benchmark may send (bench_rounds): a bound on absurd input, far past any run.
MAX_BENCH_ROUNDS = 100_000


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

    Calibrated efficiencies are relative to datasheet peaks, so a measured figure is scaled by what the same
    probe engine reads on a stock board of that model (db/perf/probe-reference.csv), or where none was taken
    divided by the realistic ceiling a good probe reaches (calibration: probe_bw_ceiling, probe_gemm_ceiling_*).
    """

    bandwidth_gbs: float | None
    tflops_by_precision: Mapping[str, float] = field(default_factory=dict)
    source_label: str = "probe"
    # The probe's benchmark engine ("torch", "cupy"): a reading is scaled by the same engine's reading on a stock
    # board where one was taken (app.perf.probe_reference), else by the typical ceilings.
    engine: str | None = None


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
    # Attention data parallelism over the TP group (TensorRT-LLM enable_attention_dp, SGLang --enable-dp-attention):
    # each GPU runs attention for its own share of the requests with the attention weights whole, the MoE / MLP
    # layers stay split over the group. MLA's latent KV then is not copied to every GPU: the KV cache holds TP times
    # the requests, and each GPU reads only its own requests' cache.
    attention_dp: bool = False
    # Expert parallelism: the MoE layers' experts split over this many GPUs of the TP group, each GPU running whole
    # experts on the tokens routed to them (TensorRT-LLM moe_expert_parallel_size / trtllm-bench --ep, SGLang
    # --ep-size, vLLM --enable-expert-parallel); 1: every GPU holds a slice of every expert (tensor-parallel MoE).
    # Attention-DP recipes run their experts so (TensorRT-LLM's DEP): with attention_dp the group's size counts.
    expert_parallel: int = 1

    def __post_init__(self) -> None:
        if self.tp < 1 or self.pp < 1 or self.gpu_count < 1:
            raise ValueError("gpu_count, tp and pp must be >= 1")
        if self.expert_parallel < 1 or self.tp % self.expert_parallel:
            raise ValueError(f"expert parallelism {self.expert_parallel} must divide TP {self.tp}")
        if self.tp * self.pp > self.gpu_count:
            raise ValueError(
                f"TP {self.tp} x PP {self.pp} needs {self.tp * self.pp} GPUs, the build has {self.gpu_count}"
            )

    @property
    def replicas(self) -> int:
        return self.gpu_count // (self.tp * self.pp)

    @property
    def expert_groups(self) -> int:
        """How many GPUs of the TP group the routed experts are spread over, whole (1: tensor-parallel MoE)."""
        return self.tp if self.attention_dp else self.expert_parallel

    @property
    def link(self) -> Interconnect:
        if self.interconnect is not None:
            return self.interconnect
        return Interconnect.NVLINK if self.gpu.has_nvlink else Interconnect.PCIE

    @property
    def link_name(self) -> str:
        """What the all-reduces run over, as the catalog names it: the GPU's own fabric ('NVLink 4', 'Infinity
        Fabric (7 links)', Gaudi's RoCE ports), else PCIe. `link` says only fabric or PCIe."""
        if self.link is Interconnect.NVLINK and self.gpu.interconnect_gbs:  # as app.perf.preparation prices it
            return self.gpu.interconnect
        return "PCIe"


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
    # The batch closes early once this many prompts wait (TensorRT-LLM batch_wait_max_tokens_ratio x
    # max_num_tokens in prompts, or attention-DP balancing: one prompt per DP rank); 0: only the timeout.
    batch_wait_prompts: int = 0
    # Decode steps the scheduler runs between looks at new requests (SGLang --scheduler-recv-interval; not
    # --num-continuous-decode-steps, which SGLang reads nowhere since 0.3.6); a prompt that arrives while
    # decodes run waits for the next look.
    recv_interval: int = 0
    # The scheduler keeps to recv_interval only while at least this many requests run (AMD's MLPerf vLLM patch:
    # VLLM_SUBSEQUENT_DECODE_STEPS = recv_interval - 1, VLLM_MIN_REQUEST_DECODE_STEP); 0: always.
    recv_min_running: int = 0
    # Prompt tokens one scheduler step takes (SGLang --chunked-prefill-size, vLLM max_num_batched_tokens,
    # TensorRT-LLM max_num_tokens); 0: the engine's default (app.perf.engines).
    prefill_chunk: int = 0
    # Requests one replica runs at once (vLLM --max-num-seqs, SGLang --max-running-requests, TensorRT-LLM
    # max_batch_size); 0: the engine's default for the GPU (app.perf.engines.defaults_on).
    max_num_seqs: int = 0
    # Requests each client of a closed-loop benchmark sends (its first round starts all at once); 0: the
    # calibration's bench_rounds (InferenceMAX's 10 x concurrency prompts), 1: every request sent together
    # (vllm bench serve --num-prompts N with neither --max-concurrency nor --request-rate: one burst of N).
    bench_rounds: int = 0
    # Requests an offline run processes, all queued at the start, every prompt and answer the same length
    # (trtllm-bench on a fixed-length synthetic dataset, TensorRT-LLM's perf-overview num_requests table); 0: a
    # stream long enough for the steady state. Such a run goes in waves of the requests the engine holds at once,
    # the last one partly filled (app.perf.serving.Prepared.total_tps).
    offline_requests: int = 0
    # Spread of the prompts' lengths, their standard deviation over their mean (input_len): 0 for fixed lengths
    # (random-token benchmarks), ~0.4-0.8 for real sets (MLPerf's OpenOrca 0.77, its gpt-oss set 0.45). Longer
    # prompts wait longer behind each other (an M/G/1 queue) and the P99 prompt is prefilled longer.
    input_len_cv: float = 0.0
    # Every prompt and every answer of a closed-loop run the same length (a random-token benchmark with no length
    # range and --ignore-eos: vLLM bench serve's random dataset by default): the clients' rounds stay in step,
    # each round's prompts arriving one step's budget at a time and waiting for each other's prefill steps
    # (app.perf.lockstep). False: lengths vary enough that the clients spread out, as real traffic does.
    lock_step: bool = False
    # How the engine budgets GPU memory (the rule profile's, for a build); None: the engine's defaults.
    memory: MemoryAssumptions | None = None
    # Requests arrive at random at a rate (Poisson: MLPerf Server, vLLM --request-rate), not as clients that
    # all start together: no first-round burst in the mean TTFT.
    open_loop: bool = False
    # Tokens at the start of every prompt already in the engine's prefix cache (a shared system prompt or RAG
    # context, vLLM/SGLang automatic prefix caching): not prefilled again, their KV held once per replica.
    prefix_cached_len: int = 0
    # The engine plans step n+1 while the GPU runs step n, its host work hidden under the GPU's (vLLM async
    # scheduling, on by default since v0.14.0; SGLang's overlap schedule; TensorRT-LLM's overlap scheduler);
    # None: the engine's default (app.perf.engines). A run of an older vLLM says False.
    overlap_scheduling: bool | None = None
    # Speculative decoding (MTP, EAGLE; app.perf.speculative): draft tokens a step proposes per request (0: off),
    # and the mean tokens a verify step keeps per request, the engine's logged accept length (0: the default).
    speculative_tokens: int = 0
    acceptance_length: float = 0.0

    def __post_init__(self) -> None:
        check_speculation(self.speculative_tokens, self.acceptance_length)
        if self.input_len < 0 or self.output_len < 1:
            raise ValueError("input_len must be >= 0 and output_len >= 1")
        if self.concurrency is not None and self.concurrency < 1:
            raise ValueError("concurrency must be >= 1")
        if self.batch_wait_iters < 0:
            raise ValueError("batch_wait_iters must be >= 0")
        if min(self.batch_wait_prompts, self.recv_interval, self.recv_min_running, self.prefill_chunk,
               self.bench_rounds, self.max_num_seqs, self.offline_requests) < 0:
            raise ValueError("batch_wait_prompts, recv_interval, recv_min_running, prefill_chunk, bench_rounds, "
                             "max_num_seqs and offline_requests must be >= 0")
        if self.bench_rounds > MAX_BENCH_ROUNDS:
            raise ValueError(f"bench_rounds must be at most {MAX_BENCH_ROUNDS:,}")
        if not 0.0 <= self.input_len_cv <= MAX_INPUT_LEN_CV:
            raise ValueError(f"input_len_cv must be between 0 and {MAX_INPUT_LEN_CV:g}")
        if self.lock_step and self.input_len_cv > 0.0:
            raise ValueError("uniform lengths (lock_step) give every prompt one length: the prompts' spread "
                             "(input_len_cv) must be 0")
        if self.lock_step and (self.open_loop or self.mode is not BatchingMode.SERVING):
            raise ValueError("uniform lengths (lock_step) describe a closed-loop benchmark's clients: serving mode at "
                             "a concurrency, not a request rate or an offline run")
        if not 0 <= self.prefix_cached_len < max(self.input_len, 1):
            raise ValueError("the cached prefix must be shorter than the prompt (at least one token is new)")


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
        if unit == "ms":
            value, unit = in_time_unit(value)
        digits = 1 if unit in (_MINUTES, _HOURS) else (0 if abs(value) >= 100 else (1 if abs(value) >= 10 else 2))
        # A rate below 0.01 keeps two significant digits (a million-token prompt: '0.0036 tok/s', not '0.00').
        number = f"{value:.2g}" if 0.0 < abs(value) < 0.01 else f"{value:,.{digits}f}"
        band = round(self.band(metric) * 100)
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


MINUTE_MS, _HOUR_MS = 60_000.0, 3_600_000.0  # MINUTE_MS: where a latency starts to read in minutes
_MILLISECONDS, _MINUTES, _HOURS = t_noop("ms"), t_noop("min"), t_noop("h")


def in_time_unit(ms: float) -> tuple[float, str]:
    """A latency in the unit it reads in: milliseconds below a minute, minutes below an hour, then hours (a queue's
    wait; eight-digit milliseconds do not read). The unit is untranslated (t_noop'd): the caller translates it."""
    if abs(ms) >= _HOUR_MS:
        return ms / _HOUR_MS, _HOURS
    if abs(ms) >= MINUTE_MS:
        return ms / MINUTE_MS, _MINUTES
    return ms, _MILLISECONDS


def time_text(ms: float, *, signed: bool = False) -> str:
    """'1,234 ms', '5.3 min' or '68.7 h', the unit translated; `signed` puts a + before a positive figure."""
    value, unit = in_time_unit(ms)
    digits = 0 if unit == _MILLISECONDS else 1
    return f"{value:{'+' if signed else ''},.{digits}f} {t(unit)}"


_UNITS = {
    "ttft_ms": t_noop("ms"),
    "tpot_ms": t_noop("ms"),
    "e2e_latency_ms": t_noop("ms"),
    "output_tps_per_user": t_noop("tok/s"),
    "output_tps_total": t_noop("tok/s"),
    "input_tps_total": t_noop("tok/s"),
    "requests_per_s": t_noop("req/s"),
}
