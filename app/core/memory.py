"""VRAM arithmetic shared by the rules (does it fit?) and the performance model (how many users?).

Formulas: DOMAIN.md "Memory (VRAM) fit" and shared/research/perf-estimators.md §1.1.
Everything is in bytes (decimal GB = 1e9 bytes, as GPU memory is marketed).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.parts import Gpu, Llm
from app.core.precision import Precision, bytes_per_element

GB = 1e9
GIB = 1024**3


@dataclass(frozen=True, slots=True)
class MemoryAssumptions:
    """Defaults with sources; the rule profile may override each."""

    # vLLM's default --gpu-memory-utilization (vLLM docs); TRT-LLM uses 0.9 of free memory too.
    engine_memory_fraction: float = 0.90
    # CUDA context, cuBLAS workspace, CUDA graphs: aiconfigurator h100 YAML `other_mem` 3.5 GiB.
    runtime_overhead_bytes: float = 3.5 * GIB
    # NCCL buffers when TP > 1: aiconfigurator `nccl_mem` ≈ 392 MB at TP4/8.
    nccl_overhead_bytes: float = 0.392 * GB
    # Activation workspace per GPU for a prefill chunk (vLLM default chunk 8192 tokens):
    # hidden × chunk × 2 B × ~16 live tensors; rounded to a fraction of weights for small models.
    activation_tokens: int = 8192


@dataclass(frozen=True, slots=True)
class VramFit:
    """Per-GPU view of a model placed on a tensor-parallel group."""

    tp: int
    gpu_vram_bytes: float
    usable_bytes: float  # per GPU, after the engine's memory fraction
    weights_bytes: float  # per GPU
    overhead_bytes: float  # per GPU
    kv_bytes_per_token: float  # per GPU (sharded over TP where heads allow)
    tokens_requested: int  # context × concurrency
    kv_bytes_requested: float  # per GPU

    @property
    def need_bytes(self) -> float:
        return self.weights_bytes + self.overhead_bytes + self.kv_bytes_requested

    @property
    def headroom_bytes(self) -> float:
        return self.usable_bytes - self.need_bytes

    @property
    def fits(self) -> bool:
        return self.headroom_bytes >= 0

    @property
    def weights_fit(self) -> bool:
        return self.weights_bytes + self.overhead_bytes <= self.usable_bytes

    @property
    def kv_budget_bytes(self) -> float:
        return max(0.0, self.usable_bytes - self.weights_bytes - self.overhead_bytes)

    @property
    def max_tokens_in_flight(self) -> int:
        if self.kv_bytes_per_token <= 0:
            return 0
        return int(self.kv_budget_bytes // self.kv_bytes_per_token)

    def max_concurrency(self, context_tokens: int) -> int:
        """Requests of `context_tokens` each whose KV cache fits at once."""
        if context_tokens <= 0:
            return 0
        return self.max_tokens_in_flight // context_tokens


def weights_bytes(llm: Llm, precision: Precision | str) -> float:
    """All experts resident: MoE sizes on total, not active, parameters."""
    return llm.total_params_b * 1e9 * bytes_per_element(precision)


def kv_shard_factor(llm: Llm, tp: int) -> int:
    """How many ways the KV cache splits over TP.

    KV heads are replicated once TP exceeds kv_heads; MLA's compressed latent is not sharded.
    """
    if llm.attention_type.value == "MLA":
        return 1
    return max(1, min(tp, llm.kv_heads))


def activation_bytes(llm: Llm, assumptions: MemoryAssumptions, tp: int) -> float:
    # Prefill chunk temporaries: hidden states, QKV, MLP intermediate (≈ 4 × hidden), in 16 bit.
    per_token = llm.hidden_size * 2 * 12 / tp
    return per_token * assumptions.activation_tokens


def vram_fit(
    llm: Llm,
    gpu: Gpu,
    *,
    weight_precision: Precision | str,
    kv_precision: Precision | str,
    tp: int,
    pp: int = 1,
    context_tokens: int,
    concurrency: int,
    assumptions: MemoryAssumptions | None = None,
) -> VramFit:
    a = assumptions or MemoryAssumptions()
    shards = tp * pp
    usable = gpu.vram_gb * GB * a.engine_memory_fraction
    w = weights_bytes(llm, weight_precision) / shards
    overhead = a.runtime_overhead_bytes + (a.nccl_overhead_bytes if shards > 1 else 0.0)
    overhead += activation_bytes(llm, a, tp)
    kv_tok = llm.kv_bytes_per_token(bytes_per_element(kv_precision)) / kv_shard_factor(llm, tp) / pp
    tokens = max(0, context_tokens) * max(0, concurrency)
    return VramFit(
        tp=shards,
        gpu_vram_bytes=gpu.vram_gb * GB,
        usable_bytes=usable,
        weights_bytes=w,
        overhead_bytes=overhead,
        kv_bytes_per_token=kv_tok,
        tokens_requested=tokens,
        kv_bytes_requested=kv_tok * tokens,
    )


def rule_of_thumb_bytes(llm: Llm, precision: Precision | str) -> float:
    """Seed 003's "weights × 1.2": a quick check only, never the verdict."""
    return weights_bytes(llm, precision) * 1.2
