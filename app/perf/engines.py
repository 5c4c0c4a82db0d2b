"""Serving-engine profiles: the scheduling facts that differ between engines (not efficiencies).

Efficiencies live in the calibration table (db/perf/calibration.csv); these are the engines'
documented defaults, each with where it came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum

from app.core.memory import large_gpu
from app.core.parts import Gpu
from app.perf.text import t, t_noop


class Engine(StrEnum):
    VLLM = "vllm"
    TRTLLM = "trtllm"
    SGLANG = "sglang"
    LLAMACPP = "llamacpp"


@dataclass(frozen=True, slots=True)
class EngineProfile:
    engine: Engine
    label: str
    # Largest running batch the scheduler admits (the KV cache may cap it lower).
    max_batch: int
    # Tokens one prefill step processes; None: a whole prompt per step.
    prefill_chunk: int | None
    # Token budget of one scheduler step (prompt tokens + one per running decode): how many prompts
    # that arrive together are prefilled in the same step (vLLM max_num_batched_tokens, TRT-LLM max_num_tokens).
    step_tokens: int
    # KV precision when the user gives none and the weights are 8 bit or less.
    kv_for_low_precision_weights: str
    # In-flight (continuous) batching: prefills of new requests share steps with running decodes.
    inflight_batching: bool
    # The scheduler plans step n+1 while step n runs (TRT-LLM's overlap scheduler, SGLang's overlap
    # schedule), so a prompt that arrives during step n is first prefilled in step n+2.
    overlap_scheduling: bool
    notes: str
    # The engine's name for max_batch, for messages ("raise max_num_seqs to run more at once").
    max_batch_setting: str = "max batch size"
    # Prompt tokens and decodes share one step's token budget, named so (vLLM V1 max_num_batched_tokens);
    # "" where prompts run in steps of their own or the budget is not known.
    step_budget_setting: str = ""
    # What the engine's benchmarks time as TTFT (marked for translation; shown with every serving estimate).
    ttft_definition: str = ""
    # A step that prefills runs no decodes: the running requests wait for the queued prompts' prefill steps (SGLang
    # without --enable-mixed-chunk). Where a step mixes both (vLLM V1, TensorRT-LLM's in-flight batching), the
    # requests prefilled first decode while the later ones prefill, so clients of one length stay staggered.
    prefill_pauses_decodes: bool = False
    # KV precision for NVFP4 weights on NVIDIA GPUs when the user gives none ("": as kv_for_low_precision_weights).
    # NVIDIA's NVFP4 checkpoints are ModelOpt exports whose hf_quant_config.json declares kv_cache_quant_algo FP8
    # (nvidia/Qwen3-30B-A3B-NVFP4, vLLM issue #34752); an engine that follows the checkpoint caches FP8.
    kv_for_nvfp4_weights: str = ""

    @property
    def budget_bound(self) -> bool:
        """The step budget, not the request limit, bounds how many run at once (bound_by_step_budget)."""
        return bool(self.step_budget_setting) and self.max_batch_setting == self.step_budget_setting


PROFILES: dict[Engine, EngineProfile] = {
    Engine.VLLM: EngineProfile(
        Engine.VLLM,
        "vLLM",
        max_batch_setting="max_num_seqs",
        max_batch=256,
        prefill_chunk=8192,
        step_tokens=8192,
        kv_for_low_precision_weights="fp16",
        inflight_batching=True,
        overlap_scheduling=True,
        kv_for_nvfp4_weights="fp8",
        notes="kv_cache_dtype 'auto' (= model dtype) is vLLM's default (vLLM engine args docs), except that a ModelOpt "
        "checkpoint's declared kv_cache_quant_algo is followed (PR #29980, merged 2025-12: NVFP4 checkpoints get an "
        "FP8 KV cache); V1 always chunks "
        "prefills at max_num_batched_tokens; max_num_seqs and max_num_batched_tokens follow the GPU (defaults_on); "
        "async scheduling is on by default since v0.14.0 (release notes: #27614, 'overlaps engine core scheduling "
        "with GPU execution'; off with --no-async-scheduling and under pipeline parallelism); earlier releases ran "
        "it only with --async-scheduling.",
        ttft_definition=t_noop(
            "from the client sending the request to the first streamed chunk it receives (vllm bench serve, "
            "benchmark_serving: the first server-sent event, even one without text), so it holds the HTTP round "
            "trip, tokenization, the wait for a step and the prefill"),
    ),
    Engine.TRTLLM: EngineProfile(
        Engine.TRTLLM,
        "TensorRT-LLM",
        max_batch_setting="max_batch_size",
        max_batch=2048,
        prefill_chunk=None,
        step_tokens=8192,
        kv_for_low_precision_weights="fp8",
        inflight_batching=True,
        overlap_scheduling=True,
        notes="trtllm-bench CUDA-graph batch sizes up to 2048+ (TensorRT-LLM perf-overview.md); ModelOpt FP8/FP4 "
        "checkpoints ship an FP8 KV cache; max_num_tokens 8192, whole (unchunked) prompts and the PyTorch "
        "backend's overlap scheduler are the LLM API defaults. FasterTransformer rows are mapped here (its "
        "predecessor).",
        ttft_definition=t_noop(
            "from the client sending the request to trtllm-serve to the first streamed token it receives "
            "(benchmark_serving, genai-perf); the PyTorch executor returns a request's first token with its "
            "prefill step"),
    ),
    Engine.SGLANG: EngineProfile(
        Engine.SGLANG,
        "SGLang",
        max_batch_setting="max_running_requests",
        max_batch=2048,  # the floor of its KV-sized default (sglang_running_limit), which prepare() applies
        prefill_chunk=8192,
        step_tokens=8192,
        kv_for_low_precision_weights="fp16",
        inflight_batching=True,
        overlap_scheduling=True,
        notes="chunked_prefill_size follows the GPU's memory (defaults_on), max_running_requests the KV pool "
        "(sglang_running_limit), overlap schedule on by default; prefill first: while prompts wait, the scheduler "
        "runs prefill batches and the running decodes wait (python/sglang/srt/managers/scheduler.py "
        "get_next_batch_to_run, 'Run prefill first if possible'; --enable-mixed-chunk, off by default, mixes "
        "them).",
        prefill_pauses_decodes=True,
        ttft_definition=t_noop(
            "from the client sending the request to the first streamed chunk it receives (sglang.bench_serving, "
            "the same definition as vLLM's); SGLang streams a request's first token as soon as its prefill ends"),
    ),
    Engine.LLAMACPP: EngineProfile(
        Engine.LLAMACPP,
        "llama.cpp",
        max_batch_setting="--parallel",
        max_batch=4,
        prefill_chunk=512,
        step_tokens=2048,
        kv_for_low_precision_weights="fp16",
        inflight_batching=True,
        overlap_scheduling=False,
        notes="llama-server parallel slots default to a handful; prompt processed in ubatches of 512 "
        "(llama-bench -ub 512) out of a 2048-token batch (-b); KV cache F16 by default.",
        ttft_definition=t_noop(
            "from the client sending the request to llama-server to the first streamed token it receives; the "
            "server's own timings (prompt_ms) count the prompt's processing alone, without the wait for a slot, "
            "so they read lower"),
    ),
}

_PATTERNS: tuple[tuple[str, Engine], ...] = (
    (r"tensor\s*-?rt|trt[-_ ]?llm|trtllm|fastertransformer|faster transformer", Engine.TRTLLM),
    (r"sglang", Engine.SGLANG),
    (r"llama[._ -]?cpp|llamacpp|ollama|gguf|lm ?studio", Engine.LLAMACPP),
    (r"vllm", Engine.VLLM),
)


def parse_engine(text: str) -> Engine:
    """Map an engine as written ('TensorRT-LLM 1.0 (PyTorch backend)', 'llama.cpp (layer split)') to a profile."""
    raw = text.strip().lower()
    try:
        return Engine(raw)
    except ValueError:
        pass
    for pattern, engine in _PATTERNS:
        if re.search(pattern, raw):
            return engine
    raise ValueError(f"unknown serving engine {text!r}; known: {', '.join(e.value for e in Engine)}")


def profile(engine: Engine) -> EngineProfile:
    return PROFILES[engine]


# vLLM turned async scheduling on by default in v0.14.0, released 2026-01-20 (#27614).
VLLM_ASYNC_DEFAULT_SINCE = (0, 14)
VLLM_ASYNC_DEFAULT_DATE = "2026-01-20"


def overlap_from_text(engine: Engine, text: str) -> bool | None:
    """Whether a vLLM run as written ('vLLM v0.11.0', '--async-scheduling', 'measured 2025-10-29') planned steps
    ahead (async scheduling); None where the text does not say or the engine is not vLLM (its profile decides)."""
    if engine is not Engine.VLLM:
        return None
    raw = text.lower()
    if re.search(r"--no-async-scheduling|async[_ -]scheduling (?:off|false)", raw):
        return False
    if re.search(r"--async-scheduling|async[_ -]scheduling (?:on|true)", raw):
        return True
    if "v0 engine" in raw:
        return False
    version = re.search(r"vllm(?:-gaudi|-fork)?\s*\(?\s*v?(\d+)\.(\d+)", raw)
    if version:
        return (int(version.group(1)), int(version.group(2))) >= VLLM_ASYNC_DEFAULT_SINCE
    date = re.search(r"(20\d\d-\d\d-\d\d)", raw)
    if date:
        return date.group(1) >= VLLM_ASYNC_DEFAULT_DATE
    return None


# vLLM >= 0.9 (PRs #16158, #17073, #17885; vllm/engine/arg_utils.py EngineArgs.get_batch_defaults): a GPU with
# at least 70 GiB that is not an A100 (H100, H200, B200, MI300X, ...) gets max_num_batched_tokens 8192 for the
# API server (16384 for the offline LLM class) and max_num_seqs 1024; any other GPU 2048 (8192) and 256. A100
# is kept small on purpose: a large step budget cost it 36 % of Llama-70B TP2 serving throughput (#17885).
VLLM_LARGE = {False: (8192, 1024), True: (16384, 1024)}  # offline? -> (max_num_batched_tokens, max_num_seqs)
VLLM_SMALL = {False: (2048, 256), True: (8192, 256)}
# vLLM's V0 engine (releases before 0.9 on these GPUs; EngineArgs.max_num_seqs) ran 256 on every GPU.
VLLM_V0_MAX_NUM_SEQS = 256
# SGLang (python/sglang/srt/server_args.py, the GPU-memory tiers of chunked_prefill_size): below 35 GiB 2048
# (A10, RTX 4090/5090), below 60 GiB 4096 (A100 40GB, L40S), below 160 GiB 8192 (A100/H100 80GB, H200, RTX PRO
# 6000), larger 16384 (B200, MI300X, MI355X). A prefill batch takes at most one chunk's tokens in all.
SGLANG_CHUNK_TIERS: tuple[tuple[float, int], ...] = ((35.0, 2048), (60.0, 4096), (160.0, 8192))
SGLANG_LARGEST_CHUNK = 16384
# SGLang's running-request limit when --max-running-requests is not given (python/sglang/srt/model_executor/
# model_runner.py: max_num_reqs = min(max(KV pool tokens / context_len x 512, 2048), 4096), and the model runner
# takes min(that, KV pool tokens // 2)), per attention-DP worker.
SGLANG_REQS_PER_CONTEXT = 512
SGLANG_MIN_RUNNING, SGLANG_MAX_RUNNING = 2048, 4096


def sglang_running_limit(kv_tokens: int, context_len: int, dp_workers: int = 1) -> int:
    """SGLang's default max_running_requests for a KV pool of `kv_tokens` tokens a worker and a model of
    `context_len` tokens: 2,048 to 4,096, fewer only where the pool holds under twice as many tokens."""
    sized = int(kv_tokens / max(context_len, 1) * SGLANG_REQS_PER_CONTEXT)
    limit = min(max(sized, SGLANG_MIN_RUNNING), SGLANG_MAX_RUNNING)
    return max(1, min(limit, kv_tokens // 2)) * max(1, dp_workers)


def vllm_sizes_by_gpu(prof: EngineProfile, gpu: Gpu) -> bool:
    """vLLM on NVIDIA and AMD sizes its scheduler by the GPU (get_batch_defaults); vllm-gaudi does not."""
    return prof.engine is Engine.VLLM and gpu.vendor.strip().lower() in ("nvidia", "amd")


def defaults_on(prof: EngineProfile, gpu: Gpu, offline: bool) -> EngineProfile:
    """The engine's scheduler defaults on this GPU: vLLM and SGLang size them by the GPU's memory.

    A user who names no setting runs with these, so the step budget (how long a decode waits behind prompts)
    and the batch limit (how many run at once) differ between an A100 and an H100 of the same 80 GB.
    vLLM on Gaudi (the vllm-gaudi plugin, its own bucketing) keeps the generic profile.
    """
    if vllm_sizes_by_gpu(prof, gpu):
        tokens, seqs = (VLLM_LARGE if large_gpu(gpu) else VLLM_SMALL)[offline]
        return replace(prof, max_batch=seqs, prefill_chunk=tokens, step_tokens=tokens,
                       step_budget_setting="max_num_batched_tokens")
    if prof.engine is Engine.SGLANG:
        chunk = next((c for limit, c in SGLANG_CHUNK_TIERS if gpu.vram_gib < limit), SGLANG_LARGEST_CHUNK)
        return replace(prof, prefill_chunk=chunk, step_tokens=chunk)
    return prof


def request_limit_note(prof: EngineProfile, gpu: Gpu, step_tokens: float, given: bool, bench: bool = False) -> str:
    """Where an offline run's batch limit comes from: offline throughput scales with it, and engine releases
    differ (vLLM's V0 engine ran 256 where vLLM 0.9+ runs 1,024 on the same GPU), so a user comparing with a
    published run can see which one the figure assumes. `bench`: sized as trtllm-bench sizes it."""
    if bench:
        return t("offline: {engine} runs at most {n:,} requests at once a replica with steps of up to {tokens:,.0f} "
                 "tokens (max_batch_size and max_num_tokens as trtllm-bench sizes them from the KV cache for these "
                 "lengths; give --max-num-seqs for another)", engine=prof.label, n=int(prof.max_batch),
                 tokens=step_tokens)
    if prof.budget_bound:
        return t("offline: {engine}'s step budget ({setting} {tokens:,.0f} tokens) decodes at most {n:,} requests at "
                 "once a replica", engine=prof.label, setting=prof.max_batch_setting, tokens=step_tokens,
                 n=int(prof.max_batch))
    if given:
        return t("offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, as given)",
                 engine=prof.label, setting=prof.max_batch_setting, n=int(prof.max_batch))
    if prof.engine is Engine.SGLANG:
        return t("offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, its default: "
                 "SGLang sizes it from its KV pool, {lo:,} to {hi:,}; give --max-num-seqs for another)",
                 engine=prof.label, setting=prof.max_batch_setting, n=int(prof.max_batch), lo=SGLANG_MIN_RUNNING,
                 hi=SGLANG_MAX_RUNNING)
    if vllm_sizes_by_gpu(prof, gpu) and int(prof.max_batch) != VLLM_V0_MAX_NUM_SEQS:
        return t("offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, its default on "
                 "this GPU since vLLM 0.9; older releases' V0 engine ran {v0}: give --max-num-seqs to compare with "
                 "such a run)", engine=prof.label, setting=prof.max_batch_setting, n=int(prof.max_batch),
                 v0=VLLM_V0_MAX_NUM_SEQS)
    return t("offline: {engine} runs at most {n:,} requests at once a replica ({setting} {n}, its default; give "
             "--max-num-seqs for another)", engine=prof.label, setting=prof.max_batch_setting, n=int(prof.max_batch))


def bound_by_step_budget(prof: EngineProfile, step_tokens: float, prompt_tokens: float, output_tokens: float
                         ) -> EngineProfile:
    """Where prompts and decodes share one step's token budget, the budget bounds how many requests decode.

    In steady state every request that finishes is replaced by one whose prompt is prefilled, so a step that
    carries D decodes also carries D x prompt/output prompt tokens: D (1 + prompt/output) <= budget. Past that
    the step is full of prompt chunks, the others hold a slot while their prompt waits, and a decode takes
    a whole budget's step: with 4000-token prompts and 107-token answers vLLM's 2048-token A100 budget
    decodes about 53 at a time, not its 256 max_num_seqs (GPUStack's gpt-oss-20b A100 burst: 123 ms TPOT,
    415 tok/s; a 2048-token step of gpt-oss-20b takes ~130 ms there).
    """
    if not prof.step_budget_setting or output_tokens <= 0:
        return prof
    decoding = max(1, int(step_tokens / (1.0 + prompt_tokens / output_tokens)))
    if decoding >= prof.max_batch:
        return prof
    return replace(prof, max_batch=decoding, max_batch_setting=prof.step_budget_setting)
