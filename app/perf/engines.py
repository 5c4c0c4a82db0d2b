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
    # KV precision when the user gives none and the weights are 8 bit or less.
    kv_for_low_precision_weights: str
    # In-flight (continuous) batching: prefills of new requests share steps with running decodes.
    inflight_batching: bool
    notes: str


PROFILES: dict[Engine, EngineProfile] = {
    Engine.VLLM: EngineProfile(
        Engine.VLLM,
        "vLLM",
        max_batch=256,
        prefill_chunk=8192,
        kv_for_low_precision_weights="fp16",
        inflight_batching=True,
        notes="max_num_seqs 256 and kv_cache_dtype 'auto' (= model dtype) are vLLM defaults (vLLM engine args docs); "
        "chunked prefill with max_num_batched_tokens 8192.",
    ),
    Engine.TRTLLM: EngineProfile(
        Engine.TRTLLM,
        "TensorRT-LLM",
        max_batch=2048,
        prefill_chunk=None,
        kv_for_low_precision_weights="fp8",
        inflight_batching=True,
        notes="trtllm-bench CUDA-graph batch sizes up to 2048+ (TensorRT-LLM perf-overview.md); ModelOpt FP8/FP4 "
        "checkpoints ship an FP8 KV cache. FasterTransformer rows are mapped here (its predecessor).",
    ),
    Engine.SGLANG: EngineProfile(
        Engine.SGLANG,
        "SGLang",
        max_batch=1024,
        prefill_chunk=8192,
        kv_for_low_precision_weights="fp16",
        inflight_batching=True,
        notes="No SGLang rows in the calibration data: efficiencies are tied to vLLM's (see calibration.csv).",
    ),
    Engine.LLAMACPP: EngineProfile(
        Engine.LLAMACPP,
        "llama.cpp",
        max_batch=4,
        prefill_chunk=512,
        kv_for_low_precision_weights="fp16",
        inflight_batching=True,
        notes="llama-server parallel slots default to a handful; prompt processed in ubatches of 512 "
        "(llama-bench -ub 512); KV cache F16 by default.",
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
