"""VRAM arithmetic shared by the rules (does it fit?) and the performance model (how many users?).

Formulas: DOMAIN.md "Memory (VRAM) fit" and shared/research/perf-estimators.md §1.1.
Everything is in bytes. GPU memory is binary: a GPU sold as "80 GB" has 80 GiB (nvidia-smi shows
81,559 MiB on an H100 80GB), so a Gpu's capacity is ``vram_gib``; parameter counts are decimal
(8.03 B parameters = 8.03e9). Views print GPU memory in GiB.

What each engine reserves differs, so the overhead is computed per engine and GPU (EngineMemory):
  vLLM      gpu_memory_utilization x device memory holds weights + the profile run's peak + non-torch
            allocations; the rest is KV cache. The profile run is a forward pass of max_num_batched_tokens
            tokens, then a sampler warm-up over max_num_seqs requests' logits with top-k and top-p on
            (a sort of the whole vocabulary per row); whichever needs more sets the peak. The CUDA
            context and CUDA graphs live in the remaining 10 %.
  TRT-LLM   kv_cache_free_gpu_mem_fraction (0.9) of the memory still free after the context,
            weights and activations becomes KV cache; the other 10 % of it stays unused.
  SGLang    mem_fraction_static x device memory holds weights + KV pool; activations and CUDA
            graphs live outside it.
  llama.cpp no cap: the KV cache it is asked for, plus a compute buffer of one ubatch (512 tokens).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.core.parts import Gpu, Llm
from app.core.precision import (
    EXPERTS_ONLY_EXPERT_BYTES,
    EXPERTS_ONLY_OTHER_BYTES,
    Precision,
    bytes_per_element,
)

GB = 1e9
GIB = 1024**3
MIB = 1024**2

MEMORY_UNITS_SOURCE = "nvidia-smi: H100 80GB shows 81,559 MiB, RTX 4090 24,564 MiB: a GPU's 'GB' is GiB"


@dataclass(frozen=True, slots=True)
class EngineMemory:
    """How one serving engine divides GPU memory, from its documented defaults (with sources)."""

    label: str
    # What the engine's memory fraction (the profile's engine_memory_fraction) is a fraction of:
    # "device" (all device memory: vLLM, SGLang, llama.cpp) or "free" (memory left after the context,
    # weights and activations: TensorRT-LLM's kv_cache_free_gpu_mem_fraction).
    fraction_of: str
    context_in_budget: bool  # the CUDA/HIP context is taken out of the budget
    activations_in_budget: bool  # the forward pass's activation peak is taken out of the budget
    batched_tokens: int  # tokens in the largest forward pass (activation peak) on large GPUs
    batched_tokens_small_gpu: int  # ... on smaller GPUs (see large_gpu)
    logits_rows: int  # rows of fp32 logits (and their probabilities) inside the forward pass's buffer (llama.cpp)
    non_torch_bytes: float  # cuBLAS/cuDNN workspaces and allocator slack inside the budget
    source: str
    default_fraction: float = 0.9  # the engine's default memory fraction (the rule profile repeats it)
    # A sampler warm-up after the forward pass (vLLM's profile run: _dummy_sampler_run over max_num_seqs rows):
    # its rows on large and on smaller GPUs, and the bytes it holds at once per logit. 0 rows: none.
    sampler_rows: int = 0
    sampler_rows_small_gpu: int = 0
    sampler_bytes_per_logit: float = 0.0


# vLLM switches its default max_num_batched_tokens at 70 GiB of device memory (engine arg defaults).
SMALL_GPU_GIB = 70.0


def large_gpu(gpu: Gpu) -> bool:
    """vLLM's larger scheduler defaults (>= 0.9, EngineArgs.get_batch_defaults): at least 70 GiB and not an A100,
    which keeps the small ones on purpose (PR #17885)."""
    return gpu.vram_gib >= SMALL_GPU_GIB and "a100" not in f"{gpu.id} {gpu.name}".lower()


# vLLM's sampler warm-up (gpu_model_runner._dummy_sampler_run, profile_run) samples max_num_seqs dummy requests
# with top_p 0.9 and top_k = vocabulary - 1, so the PyTorch top-k/top-p path runs (topk_topp_sampler.
# apply_top_k_top_p): while logits.sort() runs, each logit is held as the 16-bit logits (2 B) and their fp32 copy
# (4), the sort's int64 index input (8), its sorted values and indices (4 + 8) and the radix sort's alternate
# buffers (4 + 8): 38 B; the top-k/top-p masks, softmax and scatter that follow hold less (28 B). Checked against
# three start-up logs: Llama-3.1-8B on an RTX 4090 (256 rows x 128,256: 1.16 GiB, KV ~5.0 GiB as logged);
# Llama-3-8B on an H100 under V0 (256 rows: 1.16 GiB against the logged 1.26 GiB activation peak, vLLM PR
# #10511); gpt-oss-120b on one H100 under V1 (1,024 rows x 201,088: 7.29 GiB + 0.15 non-torch = 7.44 GiB, what
# vLLM issue #23278's log leaves between 0.9 x 79.2 GiB, 65.97 GiB of weights and -2.14 GiB of KV cache).
VLLM_SAMPLER_BYTES_PER_LOGIT = 38.0
VLLM_SAMPLER_SOURCE = ("vLLM profile_run: a forward pass of max_num_batched_tokens, then _dummy_sampler_run over "
                       "max_num_seqs rows with top-k and top-p (a full-vocabulary sort, ~38 B a logit at its peak; "
                       "max_num_seqs 1024 on >= 70 GiB GPUs other than the A100 since v0.9, 256 otherwise)")

ENGINE_MEMORY: dict[str, EngineMemory] = {
    "vllm": EngineMemory(
        "vLLM", "device", context_in_budget=False, activations_in_budget=True,
        batched_tokens=8192, batched_tokens_small_gpu=2048, logits_rows=0, non_torch_bytes=0.15 * GIB,
        source="vLLM engine args: gpu_memory_utilization 0.9 of device memory; V1 API-server "
               "max_num_batched_tokens 8192 and max_num_seqs 1024 on >= 70 GiB GPUs other than the A100, 2048 "
               "and 256 otherwise; the start-up log itemises weights, the profile run's peak and non-torch memory "
               "(~0.1-0.2 GiB) before the KV cache. " + VLLM_SAMPLER_SOURCE,
        sampler_rows=1024, sampler_rows_small_gpu=256, sampler_bytes_per_logit=VLLM_SAMPLER_BYTES_PER_LOGIT),
    "trtllm": EngineMemory(
        "TensorRT-LLM", "free", context_in_budget=True, activations_in_budget=True,
        batched_tokens=8192, batched_tokens_small_gpu=8192, logits_rows=0, non_torch_bytes=0.15 * GIB,
        source="TensorRT-LLM KvCacheConfig.free_gpu_memory_fraction 0.9 of the memory free after weights "
               "and activations; LLM API max_num_tokens 8192"),
    "sglang": EngineMemory(
        "SGLang", "device", context_in_budget=True, activations_in_budget=False,
        batched_tokens=8192, batched_tokens_small_gpu=2048, logits_rows=0, non_torch_bytes=0.0,
        source="SGLang server args: mem_fraction_static (0.88 at TP1, lower at larger TP) of device memory "
               "for weights + KV pool; activations and CUDA graphs are kept outside it", default_fraction=0.88),
    "llamacpp": EngineMemory(
        "llama.cpp", "device", context_in_budget=True, activations_in_budget=True,
        batched_tokens=512, batched_tokens_small_gpu=512, logits_rows=512, non_torch_bytes=0.0,
        source="llama.cpp: no memory cap; compute buffer for one ubatch (-ub 512) and its logits, "
               "as llama-server logs 'CUDA0 compute buffer size'", default_fraction=0.95),
    "other": EngineMemory(
        "other engine", "device", context_in_budget=False, activations_in_budget=True,
        batched_tokens=8192, batched_tokens_small_gpu=2048, logits_rows=0, non_torch_bytes=0.15 * GIB,
        source="assumption: budgets memory like vLLM",
        sampler_rows=1024, sampler_rows_small_gpu=256, sampler_bytes_per_logit=VLLM_SAMPLER_BYTES_PER_LOGIT),
}

# Memory the driver keeps (ECC, reserved regions) before a process sees the device: nvidia-smi
# reports 81,559 MiB of 81,920 on an H100 80GB and torch ~79.2 GiB; 24,217 MiB visible to torch of
# 24,576 on an RTX 4090. Modelled as the larger of 0.35 GiB and 1 % of the capacity.
DEVICE_RESERVED_MIN_BYTES = 0.35 * GIB
DEVICE_RESERVED_FRACTION = 0.01
# A CUDA (or HIP) context with PyTorch loaded, lazy module loading (CUDA >= 12.2): ~0.3-0.6 GiB per
# process as nvidia-smi shows it; 0.5 GiB is taken.
CONTEXT_BYTES = 0.5 * GIB
GPU_MEMORY_SOURCE = ("driver reserve max(0.35 GiB, 1 % of capacity) and a 0.5 GiB CUDA/HIP context "
                     "(nvidia-smi and torch totals on H100 80GB and RTX 4090)")


def device_visible_bytes(gpu: Gpu) -> float:
    """What the engine sees as the device's total memory."""
    nominal = gpu.vram_gib * GIB
    return nominal - max(DEVICE_RESERVED_MIN_BYTES, DEVICE_RESERVED_FRACTION * nominal)


def engine_memory(engine: str) -> EngineMemory:
    return ENGINE_MEMORY.get(engine, ENGINE_MEMORY["other"])


@dataclass(frozen=True, slots=True)
class MemoryAssumptions:
    """Defaults with sources; the rule profile may override each."""

    engine: str = "vllm"
    # The engine's memory fraction: vLLM's default --gpu-memory-utilization; see EngineMemory.fraction_of.
    engine_memory_fraction: float = 0.90
    # NCCL buffers when TP > 1: aiconfigurator `nccl_mem` ≈ 392 MB at TP4/8.
    nccl_overhead_bytes: float = 0.392 * GB
    # Overrides: a flat per-GPU runtime overhead (profiles before version 2 had one: 3.5 GiB) and the
    # tokens of the largest forward pass; None = the engine's and GPU's own figures.
    runtime_overhead_bytes: float | None = None
    activation_tokens: int | None = None
    # The deployment's running-request limit (vLLM --max-num-seqs) where it sets one: the sampler warm-up's rows.
    sampler_rows: int | None = None
    # Bytes per GPU beyond the core precision (GGUF's scales and mixed-bit layers).
    extra_weights_bytes: float = 0.0
    sources: tuple[str, ...] = field(default=())

    @classmethod
    def for_engine(cls, engine: str) -> MemoryAssumptions:
        """The engine's documented defaults (what the default rule profile says too)."""
        return cls(engine=engine, engine_memory_fraction=engine_memory(engine).default_fraction)

    @property
    def engine_memory(self) -> EngineMemory:
        return engine_memory(self.engine)

    def batched_tokens(self, gpu: Gpu) -> int:
        if self.activation_tokens is not None:
            return self.activation_tokens
        e = self.engine_memory
        return e.batched_tokens if large_gpu(gpu) else e.batched_tokens_small_gpu

    def with_running_limit(self, max_num_seqs: int | None) -> MemoryAssumptions:
        """The deployment's own running-request limit sizes vLLM's sampler warm-up (unless already set)."""
        if not max_num_seqs or self.sampler_rows is not None:
            return self
        return replace(self, sampler_rows=max_num_seqs)

    def sampler_rows_on(self, gpu: Gpu) -> int:
        """Requests the engine's sampler warm-up samples at once (0: it has none)."""
        e = self.engine_memory
        if e.sampler_bytes_per_logit <= 0.0:
            return 0
        if self.sampler_rows is not None:
            return self.sampler_rows
        return e.sampler_rows if large_gpu(gpu) else e.sampler_rows_small_gpu


@dataclass(frozen=True, slots=True)
class VramFit:
    """Per-GPU view of a model placed on a tensor-parallel group."""

    tp: int
    gpu_vram_bytes: float
    usable_bytes: float  # per GPU: the engine's budget for weights, overhead and KV cache
    weights_bytes: float  # per GPU
    overhead_bytes: float  # per GPU
    kv_bytes_per_token: float  # per GPU (sharded over TP where heads allow); windowed layers hold their window
    tokens_requested: int  # context × concurrency
    kv_bytes_requested: float  # per GPU
    # What the overhead is made of, (name, bytes), for explanations.
    overhead_parts: tuple[tuple[str, float], ...] = ()
    activation_tokens: int = 0
    sampler_rows: int = 0  # requests the profile run's sampler warm-up sampled (0: none counted)
    shared_prefix_tokens: int = 0  # a prompt prefix every request shares: its KV is held once (prefix caching)
    # ... once per cache that serves it: under attention data-parallel every GPU of the group caches its own
    # requests, so each holds the prefix whole (kv_bytes_per_token then being 1/TP of a token's KV).
    prefix_copies: int = 1
    # Per GPU, every layer's KV for one token: what attention reads per token of context before a sliding window
    # caps it (the step costs apply the window to the context read, app.perf.step_costs); 0: kv_bytes_per_token.
    kv_bytes_per_token_all_layers: float = 0.0

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
        """Requests of `context_tokens` each whose KV cache fits at once (a shared prefix counted once)."""
        own = context_tokens - self.shared_prefix_tokens
        if own <= 0:
            return 0
        return max(0, self.max_tokens_in_flight - self.shared_prefix_tokens * self.prefix_copies) // own


def weights_bytes(llm: Llm, precision: Precision | str) -> float:
    """All experts resident: MoE sizes on total, not active, parameters. A model whose own checkpoint in
    ``precision`` quantises only its experts (gpt-oss MXFP4, Kimi K2.5 INT4) is sized as shipped: experts in the
    layout's bytes, the rest BF16 (gpt-oss-20b: 12.8 GiB as its model card says, not the 11.0 GiB of every weight at
    NVFP4's 4.5 bits)."""
    total = llm.total_params_b * 1e9
    layout = llm.experts_only_layout(str(precision))
    if layout is None:
        return total * bytes_per_element(precision)
    experts = llm.routed_expert_params()
    return experts * EXPERTS_ONLY_EXPERT_BYTES[layout] + (total - experts) * EXPERTS_ONLY_OTHER_BYTES


def non_expert_bytes_per_param(llm: Llm, precision: Precision | str) -> float:
    """Bytes a parameter outside the routed experts (attention, embeddings) takes at ``precision``: BF16 in an
    experts-only checkpoint, else the precision's own."""
    if llm.experts_only_layout(str(precision)) is not None:
        return EXPERTS_ONLY_OTHER_BYTES
    return bytes_per_element(precision)


def kv_shard_factor(llm: Llm, tp: int) -> int:
    """How many ways the KV cache splits over TP.

    KV heads are replicated once TP exceeds kv_heads; MLA's compressed latent is not sharded.
    """
    if llm.attention_type.value == "MLA":
        return 1
    return max(1, min(tp, llm.kv_heads))


def kv_ways(llm: Llm, tp: int, attention_dp: bool = False) -> int:
    """How many ways the KV cache splits over a TP group: by KV heads under TP (kv_shard_factor), by requests
    under attention data parallelism (every GPU caches its own requests', whatever the heads)."""
    return max(1, tp) if attention_dp else kv_shard_factor(llm, tp)


# DeepSeek-V3/R1 and Kimi K2 compress queries to 1536 = 3 x kv_lora_rank (config.json q_lora_rank); the catalog
# keeps no q_lora_rank, so MLA models are taken as built alike.
_MLA_Q_LORA_PER_KV_LORA = 3


def attention_params(llm: Llm) -> float:
    """Parameters of the attention projections over all layers (Q, K, V, O; MLA's down and up projections)."""
    h, heads, d = llm.hidden_size, llm.attention_heads, llm.head_dim
    if llm.attention_type.value == "MLA":
        assert llm.kv_lora_rank is not None and llm.qk_rope_head_dim is not None
        kv, rope = llm.kv_lora_rank, llm.qk_rope_head_dim
        q = _MLA_Q_LORA_PER_KV_LORA * kv
        per_layer = h * q + q * heads * (d + rope) + h * (kv + rope) + kv * heads * 2 * d + heads * d * h
    else:
        per_layer = h * (2 * heads * d + 2 * llm.kv_heads * d)
    return float(llm.layers * per_layer)


def attention_dp_extra_bytes(llm: Llm, precision: Precision | str, tp: int, pp: int = 1) -> float:
    """What attention data parallelism adds to each GPU's weights: the attention projections whole, not 1/TP."""
    if tp <= 1:
        return 0.0
    return attention_params(llm) * non_expert_bytes_per_param(llm, precision) * (1.0 - 1.0 / tp) / pp


def mlp_width(llm: Llm) -> float:
    """Active MLP width per layer (intermediate size x active experts), from the parameter counts.

    The catalog keeps no intermediate size; per layer, active parameters minus attention are ~3 x
    hidden x width (gate, up and down projections), after the embeddings (taken untied).
    """
    h = llm.hidden_size
    attention = h * (2 * llm.attention_heads * llm.head_dim + 2 * llm.kv_heads * llm.head_dim)
    per_layer = (llm.active_params_b * 1e9 - 2 * llm.vocab_size * h) / llm.layers - attention
    return max(float(h), per_layer / (3 * h))


def activation_bytes(llm: Llm, tokens: int, tp: int, logits_rows: int = 0) -> float:
    """Activation peak of one forward pass of ``tokens`` tokens, per GPU.

    16-bit MLP gate/up output (2 x width) and its product (width), sharded over TP, plus ~6 hidden-size
    tensors (residual, norm, attention in/out); then fp32 logits and probabilities for the sampled rows.
    Llama-3.1-8B at 8192 tokens: 1.27 GiB (vLLM logs ~1.2 GiB of activation peak).
    """
    per_token = (3 * mlp_width(llm) / tp + 6 * llm.hidden_size) * 2
    logits = min(tokens, logits_rows) * llm.vocab_size * 4 * 2
    return per_token * tokens + logits


def sampler_bytes(llm: Llm, rows: int, bytes_per_logit: float) -> float:
    """What a sampler warm-up over ``rows`` requests' logits holds at its peak (see VLLM_SAMPLER_BYTES_PER_LOGIT):
    every GPU of a TP group samples the whole vocabulary (the logits are gathered before sampling)."""
    return max(0, rows) * llm.vocab_size * bytes_per_logit


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
    shared_prefix_tokens: int = 0,
    attention_dp: bool = False,
) -> VramFit:
    """What one GPU holds. ``attention_dp``: attention data-parallel over the TP group (each GPU the attention
    weights whole and only its own requests' KV cache; the MoE/MLP layers still split TP ways)."""
    a = assumptions or MemoryAssumptions()
    e = a.engine_memory
    shards = tp * pp
    visible = device_visible_bytes(gpu)
    w = weights_bytes(llm, weight_precision) / shards + a.extra_weights_bytes
    if attention_dp:
        w += attention_dp_extra_bytes(llm, weight_precision, tp, pp)
    tokens_pass = a.batched_tokens(gpu)
    parts: list[tuple[str, float]] = []
    if a.runtime_overhead_bytes is not None:  # a profile's flat figure replaces the engine's own
        usable = visible * a.engine_memory_fraction
        parts.append(("runtime", a.runtime_overhead_bytes))
    else:
        fraction = a.engine_memory_fraction if e.fraction_of == "device" else 1.0
        usable = visible * fraction - (CONTEXT_BYTES if e.context_in_budget else 0.0)
        if e.activations_in_budget:
            forward = activation_bytes(llm, tokens_pass, tp, e.logits_rows)
            parts.append(("activations", forward))
            rows = a.sampler_rows_on(gpu)
            # The warm-up runs after the forward pass has freed its activations: only what it needs beyond
            # them raises the peak.
            beyond = sampler_bytes(llm, rows, e.sampler_bytes_per_logit) - forward
            if beyond > 0.0:
                parts.append(("sampler", beyond))
        if e.non_torch_bytes:
            parts.append(("runtime", e.non_torch_bytes))
    if shards > 1:
        parts.append(("nccl", a.nccl_overhead_bytes))
    overhead = sum(b for _, b in parts)
    if a.runtime_overhead_bytes is None and e.fraction_of == "free":
        # The engine gives the KV cache this fraction of what is still free; the rest stays unused.
        unused = (1.0 - a.engine_memory_fraction) * max(0.0, usable - w - overhead)
        parts.append(("unallocated", unused))
        overhead += unused
    per_gpu = kv_ways(llm, tp, attention_dp) * pp
    kv_tok = llm.kv_bytes_per_token_at(context_tokens, bytes_per_element(kv_precision)) / per_gpu  # window held only
    kv_all_layers = llm.kv_bytes_per_token(bytes_per_element(kv_precision)) / per_gpu
    prefix = min(max(0, shared_prefix_tokens), max(0, context_tokens - 1))
    copies = kv_ways(llm, tp, attention_dp) if attention_dp else 1
    tokens = (max(0, context_tokens) - prefix) * max(0, concurrency) + (prefix * copies if concurrency > 0 else 0)
    return VramFit(
        tp=shards,
        gpu_vram_bytes=gpu.vram_gib * GIB,
        usable_bytes=usable,
        weights_bytes=w,
        overhead_bytes=overhead,
        kv_bytes_per_token=kv_tok,
        tokens_requested=tokens,
        kv_bytes_requested=kv_tok * tokens,
        overhead_parts=tuple(parts),
        activation_tokens=tokens_pass if any(n == "activations" for n, _ in parts) else 0,
        sampler_rows=a.sampler_rows_on(gpu) if any(n == "sampler" for n, _ in parts) else 0,
        shared_prefix_tokens=prefix,
        prefix_copies=copies,
        kv_bytes_per_token_all_layers=kv_all_layers,
    )


def rule_of_thumb_bytes(llm: Llm, precision: Precision | str) -> float:
    """Seed 003's "weights × 1.2": a quick check only, never the verdict."""
    return weights_bytes(llm, precision) * 1.2
