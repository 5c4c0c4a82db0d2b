"""Serving-engine profiles: the scheduling facts that differ between engines (not efficiencies).

Efficiencies live in the calibration table (db/perf/calibration.csv); these are the engines'
documented defaults, each with where it came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum


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
        overlap_scheduling=False,
        notes="max_num_seqs 256 and kv_cache_dtype 'auto' (= model dtype) are vLLM defaults (vLLM engine args docs); "
        "V1 always chunks prefills, max_num_batched_tokens 8192 (the API-server default on >= 70 GB GPUs); "
        "async scheduling is opt-in (--async-scheduling).",
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
    ),
    Engine.SGLANG: EngineProfile(
        Engine.SGLANG,
        "SGLang",
        max_batch_setting="max_running_requests",
        max_batch=1024,
        prefill_chunk=8192,
        step_tokens=8192,
        kv_for_low_precision_weights="fp16",
        inflight_batching=True,
        overlap_scheduling=True,
        notes="chunked_prefill_size 8192 (SGLang's default on 80-160 GB GPUs), overlap schedule on by default. "
        "No SGLang rows in the calibration data: efficiencies are tied to vLLM's (see calibration.csv).",
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
