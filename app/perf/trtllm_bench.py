"""How trtllm-bench sizes an offline run: its max batch size and step token budget from the model, GPUs and lengths.

TensorRT-LLM's throughput benchmark (``trtllm-bench throughput``, the tool behind its perf-overview tables) does
not run the LLM API defaults (max_batch_size 2048, max_num_tokens 8192) when no setting is given: for unquantized,
FP8 and NVFP4 checkpoints it estimates how many requests of the dataset's mean lengths its KV cache holds and sizes
both limits from that (tensorrt_llm/bench/build/tuning.py, ``calc_engine_setting`` and ``finetune_setting``;
``get_benchmark_engine_settings`` keeps the defaults for any other quantization). Reproduced here so an offline
TensorRT-LLM estimate runs the batch the tool would: 4,096 requests for a small model at short lengths, a few
hundred for a 70B at 2k/2k, and a budget that fits a step's prompts at the dataset's prompt/answer ratio.

Its KV estimate uses the Hugging Face config as it reads it: ``num_key_value_heads`` (at least one a TP rank)
times ``head_dim`` (hidden / heads where the config gives none), so an MLA model (DeepSeek: 128 heads of 56) is
counted as a per-head cache, about twelve times its latent one. That is what the tool does, so it is kept.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from app.core.memory import GIB
from app.core.parts import AttentionType, Gpu, Llm
from app.perf.quant import WeightFormat, kv_bytes

# The weight formats trtllm-bench tunes (TUNED_QUANTS: NVFP4, FP8, FP8 block scales, no quantization).
TUNED_FORMATS = frozenset({"fp16", "bf16", "fp8", "fp4"})
KV_MEMORY_FRACTION = 0.95  # its kv_cache_gpu_mem_fraction default
BATCH_CAP = 4096  # "cap total batch size to avoid decoder buffer size becoming too large"
TOKEN_CAP = 32768  # "cap num tokens to avoid TRT activation buffer becoming too large"
MIN_TOKENS = 2048  # "set min to 2048 to ensure ctx/gen overlap efficiency"
MIN_BATCH = 64


@dataclass(frozen=True, slots=True)
class BenchSizes:
    max_batch_size: int  # per pipeline micro-batch, as TensorRT-LLM's setting reads
    max_num_tokens: int
    kv_requests: float  # requests of the dataset's lengths the tool reckons its KV cache holds


def tuned(fmt: WeightFormat) -> bool:
    """Whether trtllm-bench sizes this checkpoint itself: NVFP4, FP8 or 16-bit everywhere. A mixed checkpoint
    (gpt-oss's MXFP4 experts), MX activations, INT4/INT8 run the LLM API defaults."""
    return fmt.name in TUNED_FORMATS and fmt.shared_bytes_per_param is None and not fmt.mx_activations


def kv_requests(llm: Llm, gpu: Gpu, tp: int, pp: int, fmt: WeightFormat, kv_precision: str, seq_len: int) -> float:
    """Requests of `seq_len` tokens the tool's estimate fits: the GPUs' memory less the checkpoint, 95 % of it,
    over its per-request KV bytes (whole model, every TP rank holding at least one KV head)."""
    if llm.attention_type is AttentionType.MLA:
        heads, head_size = llm.attention_heads, llm.hidden_size // llm.attention_heads
    else:
        heads, head_size = llm.kv_heads, llm.head_dim
    per_token = 2.0 * llm.layers * max(tp, heads) * head_size * kv_bytes(kv_precision)
    engine = llm.total_params_b * 1e9 * fmt.bytes_per_param
    available = gpu.vram_gib * GIB * tp * pp - engine
    if available <= 0.0 or seq_len <= 0:
        return 0.0
    return available * KV_MEMORY_FRACTION / (per_token * seq_len)


def finetune(requests: float, input_len: int, output_len: int, pp: int) -> tuple[int, int]:
    """finetune_setting: the batch and token limits rounded up ("slightly optimistic"), the batch per stage."""
    raw_bs = min(requests, BATCH_CAP) / pp
    raw_tokens = min(raw_bs * (1.0 + input_len / max(output_len, 1)), TOKEN_CAP)
    batch = _round_up(raw_bs, ((256, 32), (1024, 128), (math.inf, 256)), MIN_BATCH)
    tokens = _round_up(raw_tokens, ((4096, 256), (8192, 512), (math.inf, 1024)), MIN_TOKENS)
    return batch, tokens


def _round_up(value: float, ladder: tuple[tuple[float, int], ...], floor: int) -> int:
    """``value`` rounded up to the step of the first rung it lies below, at least ``floor``. The tool applies the
    floor on the first rung only; past it every value already exceeds the floor, so this is the same."""
    step = next(step for below, step in ladder if value < below)
    return max(floor, step * math.ceil(value / step))


def bench_sizes(llm: Llm, gpu: Gpu, tp: int, pp: int, fmt: WeightFormat, kv_precision: str, input_len: int,
                output_len: int) -> BenchSizes | None:
    """The limits trtllm-bench runs an offline benchmark with, or None where it keeps the API defaults (an
    untuned format) or its estimate finds no room (it refuses to run). Without chunked prefill (its default) a
    step must hold a whole prompt, so the budget is at least one prompt."""
    if not tuned(fmt):
        return None
    requests = kv_requests(llm, gpu, tp, pp, fmt, kv_precision, input_len + output_len)
    if requests < 1.0:
        return None
    batch, tokens = finetune(requests, input_len, output_len, pp)
    return BenchSizes(batch, max(tokens, input_len), requests)
