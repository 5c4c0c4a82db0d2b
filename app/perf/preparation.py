"""Preparation: a deployment and a workload resolved once against the calibration.

``prepare`` does, in order: formats and KV precision, peaks (:mod:`app.perf.peaks`), calibrated
efficiencies, interconnect costs, the model's shape (MoE, MLA), KV capacity (app.core.memory),
the step-cost core (:mod:`app.perf.step_costs`), confidence bands (:mod:`app.perf.confidence`), and the
assumptions that explain it all. The result, :class:`app.perf.serving.Prepared`, is then cheap to evaluate at any
concurrency.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.core.links import pcie_peak_gbs
from app.core.memory import (
    GIB,
    MemoryAssumptions,
    VramFit,
    attention_dp_extra_bytes,
    attention_params,
    vram_fit,
    weights_bytes,
)
from app.core.parts import AttentionType, Gpu, Llm
from app.core.precision import KV_PRECISIONS
from app.core.speculation import draft_module_bytes
from app.perf.calibration import BLACKWELL_CLASS, Calibration, default_calibration
from app.perf.confidence import confidence_bands
from app.perf.datatypes import BatchingMode, Deployment, Estimate, Interconnect, PeakSource, PeaksUsed, Workload
from app.perf.deployment_notes import engine_on_gpu_warnings, layout_notes
from app.perf.efficiency import efficiencies_for
from app.perf.engines import (
    Engine,
    EngineProfile,
    bound_by_step_budget,
    defaults_on,
    profile,
    request_limit_note,
    sglang_running_limit,
)
from app.perf.moe import combine_bytes_per_token, moe_shape
from app.perf.peaks import resolve_peaks
from app.perf.quant import KernelFamily, WeightFormat, checkpoint_format, kv_bytes, parse_weight_format
from app.perf.serving import Prepared
from app.perf.speculative import apply_speculation
from app.perf.step_costs import _Core
from app.perf.tail import Z99, gamma_quantile_ratio
from app.perf.text import t
from app.perf.trtllm_bench import BenchSizes, bench_sizes


def gpu_class(gpu: Gpu) -> str:
    """Memory family: llama.cpp-class kernels reach very different bandwidth fractions on HBM vs GDDR.

    AMD's HBM GPUs are a class of their own ("hbm-amd"): ROCm's kernels (AITER, hipBLASLt, RCCL) reach
    other fractions of the datasheet than CUDA's, so they are calibrated on AMD measurements and fall
    back to "hbm" where none exist (app.perf.calibration.parent_class). Intel's Gaudi ("hbm-intel") the
    same: its few rows must neither pull CUDA's vLLM parameters nor borrow NVIDIA's bands.

    AMD's two generations part ways ("hbm-amd" CDNA 3: MI300X, MI325X; "hbm-amd-cdna4": MI350X, MI355X, the
    ones with FP4 tensor cores): on the same DeepSeek-R1 runs MI300X/MI325X decode slower than one class
    predicts and MI355X faster, and measured GEMMs reach 51 / 60 / 68 % of the BF16 peak on MI300X / MI325X /
    MI355X (Bekman's MAMF table, shared/research/gpu-probe.md) against ~80 % on H100 and B200.

    NVIDIA's HBM GPUs with FP4 tensor cores ("hbm-blackwell": B200, B300) are a generation of the shared class, not
    a vendor's (app.perf.calibration.GENERATION_CLASSES): their rows fit the shared values with Hopper's, and only
    what the engines run differently there has values of its own. The engines take other kernel paths for a MoE
    prompt on Blackwell (SGLang: TRT-LLM MLA attention and FlashInfer's TRT-LLM MoE runner; FP4/FP8 activation
    quantisation), and the prompt pass's host time (moe_prefill_layer_us) parts ways: InferenceX's B200 runs take
    157-182 ms to a 1k prompt's first token at one to four clients where H200's take 85-170 ms.
    """
    mt = gpu.memory_type.lower()
    if "hbm" in mt:
        vendor = gpu.vendor.strip().lower()
        if vendor == "amd" and gpu.dense_tflops("fp4"):
            return "hbm-amd-cdna4"
        if vendor in ("amd", "intel"):
            return f"hbm-{vendor}"
        return BLACKWELL_CLASS if gpu.dense_tflops("fp4") else "hbm"
    if "lpddr" in mt or "unified" in mt:
        return "unified"
    return "gddr"


@dataclass(slots=True)
class _Notes:
    """What preparation tells the reader, and how much the confidence bands widen for it."""

    assumptions: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    widen: float = 1.0


@dataclass(frozen=True, slots=True)
class _Link:
    """Interconnect costs: all-reduce latency and bandwidth, pipeline sends, and the link actually used."""

    link: Interconnect
    ar_bw: float
    ar_alpha: float
    ar_hops: float
    p2p_bw: float


@dataclass(frozen=True, slots=True)
class _Shape:
    """The model's shape as the step costs see it: attention FLOPs, active, shared and expert parameters."""

    attn_dim: int
    attn_decode: float
    p_attention: float  # attention projection parameters (replicated on every GPU under attention-DP)
    p_total: float
    p_active: float
    shared: float
    experts: float
    hit: float
    expert_params: float  # one routed expert's parameters in one layer (0: dense, or the expert count unknown)


@dataclass(frozen=True, slots=True)
class _Capacity:
    """KV capacity from app.core.memory: the fit, requests per replica, the memory budget, tokens per request."""

    fit: VramFit
    kv_cap: int
    memory: MemoryAssumptions
    ctx_tokens: int


def nvfp4_checkpoint_kv(workload: Workload, fmt: WeightFormat, gpu: Gpu, prof: EngineProfile) -> bool:
    """The KV precision is the default an NVFP4 checkpoint declares (EngineProfile.kv_for_nvfp4_weights): FP4
    weights on an NVIDIA GPU (NVFP4; FP4 on AMD is Quark's MXFP4), no KV precision given, an engine that follows
    the checkpoint."""
    return (not workload.kv_precision and bool(prof.kv_for_nvfp4_weights) and not fmt.mx_activations
            and fmt.family is KernelFamily.NATIVE and fmt.compute == "fp4"
            and gpu.vendor.strip().lower() == "nvidia")


def _kv_precision(workload: Workload, fmt: WeightFormat, gpu: Gpu, prof: EngineProfile, notes: _Notes) -> str:
    """KV precision: explicit, else the engine's default for this weight format (said where the checkpoint's)."""
    if workload.kv_precision:
        kv_prec = parse_weight_format(workload.kv_precision).core_precision.value
    elif nvfp4_checkpoint_kv(workload, fmt, gpu, prof):
        kv_prec = prof.kv_for_nvfp4_weights
        notes.assumptions.append(
            t("KV cache {kv} by default: NVIDIA's NVFP4 checkpoints (ModelOpt) declare it and {engine} follows the "
              "checkpoint; give the KV precision for a checkpoint that declares none", kv=kv_prec.upper(),
              engine=prof.label))
    elif fmt.mx_activations:  # gpt-oss: FP8 KV where its experts run W4A8 (TRT-LLM's Blackwell recipe), else BF16
        kv_prec = prof.kv_for_low_precision_weights if gpu.dense_tflops("fp4") else "bf16"
    elif fmt.bytes_per_param <= 1.0 and fmt.family is KernelFamily.NATIVE and gpu.fp8_dense_tflops:
        kv_prec = prof.kv_for_low_precision_weights
    else:
        kv_prec = "fp16"
    if kv_prec not in {p.value for p in KV_PRECISIONS}:
        raise ValueError(f"KV cache precision {kv_prec!r} is not offered by serving engines")
    kv_bytes(kv_prec)  # validates
    return kv_prec


def _interconnect(deployment: Deployment, cal: Calibration, notes: _Notes, eng: str, cls: str) -> _Link:
    """All-reduce and pipeline costs over the GPU fabric, else PCIe (ring, maybe through host memory).

    The fabric's per-call latency is the GPU class's own where it has one: Gaudi's all-reduce runs over the
    card's RoCE ports (HCCL), not NVSwitch's one-shot kernels."""
    gpu = deployment.gpu
    link = deployment.link
    tp = deployment.tp
    if link is Interconnect.NVLINK and gpu.interconnect_gbs:
        ar_bw = gpu.interconnect_gbs / 2.0 * 1e9 * cal.get("allreduce_bw_eff")
        return _Link(link, ar_bw, cal.get("allreduce_nvlink_us", eng, cls) * 1e-6, 1.0, ar_bw)
    if link is Interconnect.NVLINK:
        notes.warnings.append(t("{gpu} lists no GPU-to-GPU fabric: PCIe costs used", gpu=gpu.display_name))
        link = Interconnect.PCIE
    pcie = pcie_peak_gbs(gpu.pcie_gen, gpu.pcie_lanes) or 31.5  # per direction, after line encoding
    ar_bw = pcie * 1e9 * cal.get("allreduce_bw_eff")
    ar_alpha = cal.get("allreduce_pcie_hop_us") * 1e-6
    ar_hops = 2.0 * (tp - 1)  # ring: 2(N-1) latency-bound steps per all-reduce
    if not gpu.p2p:
        ar_bw *= 0.5  # no peer-to-peer: every transfer bounces through host memory
        ar_alpha *= 2.0
        if tp > 1:
            notes.warnings.append(t("{gpu} has no PCIe peer-to-peer: all-reduce goes through host memory",
                                    gpu=gpu.display_name))
    if tp > 2:
        notes.warnings.append(t("TP {tp} over PCIe: every layer waits on two all-reduces; consider PP or a bigger "
                                "GPU", tp=tp))
    if tp > 1:
        notes.widen *= 1.25
        notes.assumptions.append(t("PCIe all-reduce cost is from Vidur's profiled PCIe latency, not fitted to "
                                   "serving data"))
    return _Link(link, ar_bw, ar_alpha, ar_hops, ar_bw)


def _mla_rope_dim(llm: Llm) -> int:
    """The RoPE dimensions MLA adds to every query and key head (0 for other attention)."""
    return (llm.qk_rope_head_dim or 0) if llm.attention_type is AttentionType.MLA else 0


def _model_shape(llm: Llm, notes: _Notes, expert_groups: int = 1) -> _Shape:
    """Decode attention FLOPs (MLA: absorbed form) and, for MoE, shared and routed-expert parameters."""
    layers = llm.layers
    attn_dim = llm.attention_heads * llm.head_dim
    if llm.attention_type is AttentionType.MLA:
        assert llm.kv_lora_rank is not None and llm.qk_rope_head_dim is not None
        attn_decode = 2.0 * layers * llm.attention_heads * (2 * llm.kv_lora_rank + llm.qk_rope_head_dim)
        notes.assumptions.append(t("MLA: latent KV cache; decode attention in the absorbed form (more FLOPs per "
                                   "cached token); prompts attend uncompressed, keys of {dims} dimensions a head",
                                   dims=llm.head_dim + _mla_rope_dim(llm)))
    else:
        attn_decode = 4.0 * layers * attn_dim
    p_total = llm.total_params_b * 1e9
    p_active = llm.active_params_b * 1e9
    shape = moe_shape(llm)
    if llm.is_moe:
        if shape is not None:
            # What a step reads besides the experts its tokens hit: the active parameters less top-k experts (an
            # input embedding that "active" leaves out is read a row a token, so it belongs to neither).
            per_expert = llm.routed_expert_params() / shape.experts
            shared = max(0.0, p_active - shape.active * per_expert)
            experts = p_total - shared
            hit = shape.active / shape.experts
            expert_params = per_expert / layers
        else:
            shared, experts, hit, expert_params = 0.0, p_total, p_active / p_total, 0.0
            notes.assumptions.append(t("MoE expert count unknown: expert hit rate taken as active/total parameters"))
        if expert_groups > 1:
            notes.assumptions.append(t("MoE: a step reads the experts its tokens hit (1-(1-k/E)^tokens); experts "
                                       "split whole over {ep} GPUs (expert parallelism); each token's expert outputs "
                                       "are written and summed in 16 bit", ep=expert_groups))
        else:
            notes.assumptions.append(t("MoE: a step reads the experts its tokens hit (1-(1-k/E)^tokens); experts "
                                       "split like TP, so every GPU writes and sums a 16-bit output for each token's "
                                       "every expert"))
    else:
        shared, experts, hit, expert_params = p_total, 0.0, 0.0, 0.0
    return _Shape(attn_dim, attn_decode, attention_params(llm), p_total, p_active, shared, experts, hit,
                  expert_params)


def _kv_capacity(deployment: Deployment, workload: Workload, fmt: WeightFormat, kv_prec: str, p_total: float,
                 notes: _Notes) -> _Capacity:
    """KV capacity from app.core.memory, the build's VRAM fit (which the rules and gauges read); what the format
    holds beyond the core's count at its nearest precision (GGUF's block scales) counts as extra weights. An
    experts-only checkpoint (gpt-oss MXFP4, Kimi K2.5 INT4) the core sizes as shipped, so it adds nothing."""
    tp = deployment.tp
    mem_a = (workload.memory or MemoryAssumptions.for_engine(workload.engine.value)).with_running_limit(
        workload.max_num_seqs)
    routed = workload.llm.routed_expert_params()
    fmt_bytes = routed * fmt.bytes_per_param + (p_total - routed) * fmt.shared_bpp()
    extra = (fmt_bytes - weights_bytes(workload.llm, fmt.core_precision)) / (tp * deployment.pp)
    if workload.speculative_tokens:  # the draft module's weights (one layer), on every GPU of the group
        extra += draft_module_bytes(workload.llm, fmt_bytes, tp)
    if extra > 1.0:  # bytes: not a rounding difference
        mem_a = replace(mem_a, extra_weights_bytes=extra)
    ctx_tokens = workload.input_len + workload.output_len
    fit = vram_fit(
        workload.llm,
        deployment.gpu,
        weight_precision=fmt.core_precision,
        kv_precision=kv_prec,
        tp=tp,
        pp=deployment.pp,
        context_tokens=ctx_tokens,
        concurrency=workload.concurrency or 1,
        assumptions=mem_a,
        shared_prefix_tokens=workload.prefix_cached_len,  # its KV held once per replica
        attention_dp=deployment.attention_dp,
    )
    kv_cap = fit.max_concurrency(ctx_tokens) if fit.weights_fit else 0
    if ctx_tokens > workload.llm.max_context:
        notes.warnings.append(
            t("{n:,} tokens per request exceed {model}'s {max:,}-token context window: the engines refuse such "
              "requests; the figures assume they were taken", n=ctx_tokens, model=workload.llm.display_name,
              max=workload.llm.max_context))
    if not fit.weights_fit:
        notes.warnings.append(
            t("weights ({weights:.1f} GiB per GPU) + overhead do not fit in {usable:.1f} GiB usable: the numbers "
              "assume it would run", weights=fit.weights_bytes / GIB, usable=fit.usable_bytes / GIB)
        )
    elif kv_cap == 0:
        notes.warnings.append(t("no room for even one request's KV cache at this context length"))
    return _Capacity(fit, kv_cap, mem_a, ctx_tokens)


def _build_core(deployment: Deployment, llm: Llm, fmt: WeightFormat, shape: _Shape, fit: VramFit,
                peaks: PeaksUsed, efficiencies: tuple[float, float], link: _Link, cal: Calibration, eng: str,
                cls: str, prof: EngineProfile) -> _Core:
    """Everything the step costs need that does not depend on concurrency."""
    eta, mfu_max = efficiencies
    layers = llm.layers
    return _Core(
        layers=layers,
        hidden=llm.hidden_size,
        p_active=shape.p_active,
        bpp=fmt.bytes_per_param,
        # Under attention-DP every GPU reads the whole attention weights; the rest splits over the group.
        shared_bytes=(shape.shared + (deployment.tp - 1 if deployment.attention_dp else 0) * shape.p_attention)
        * fmt.shared_bpp(),
        # Routed experts stream at a lower share of the bandwidth than dense GEMMs (grouped GEMMs over a few
        # tokens per expert, routing and permutation): priced as more bytes at the same bandwidth.
        expert_bytes=shape.experts * fmt.bytes_per_param / (cal.get("moe_eta_factor", eng, cls) if llm.is_moe else 1.0),
        expert_hit=shape.hit,
        # Prompts run MLA in its uncompressed (MHA) form: keys of head_dim + the RoPE part (128 + 64 in DeepSeek),
        # values of head_dim, so QK^T and PV cost h x (192 + 128) a token pair, not 2 h x 128.
        attn_prefill=layers * llm.attention_heads * (2 * llm.head_dim + _mla_rope_dim(llm)),
        attn_decode=shape.attn_decode,
        kv_tok_gpu=fit.kv_bytes_per_token_all_layers or fit.kv_bytes_per_token,  # the window caps ctx() instead
        window=llm.sliding_window,
        window_share=llm.windowed_layer_share,
        tp=deployment.tp,
        pp=deployment.pp,
        bw=peaks.bandwidth_gbs * 1e9 * eta,
        kv_factor=cal.get("kv_read_factor", eng, cls),
        peak=peaks.tflops * 1e12,
        mfu_max=mfu_max,
        sharp=cal.get("roofline_sharpness", eng, cls),
        chunk=prof.prefill_chunk,
        step_tokens=float(prof.step_tokens),
        max_batch=float(prof.max_batch),
        # An MoE layer adds fixed kernels to every step: router, top-k, token permutation and combine, and with
        # expert parallelism the dispatch/combine collectives (moe_layer_us, fitted on MoE rows).
        # MLA adds kernels of its own to every layer (the latent's down- and up-projections and norms, the absorbed
        # key and value products): moe_mla_layer_us, fitted on the MoE rows, the only MLA models measured.
        t_layer=(cal.get("t_layer_us", eng, cls) + (cal.get("moe_layer_us", eng, cls) if llm.is_moe else 0.0)
                 + (cal.get("moe_mla_layer_us", eng, cls) if llm.attention_type is AttentionType.MLA else 0.0)) * 1e-6,
        t_step=cal.get("t_step_ms", eng, cls) * 1e-3,
        host_overlap=prof.overlap_scheduling,
        t_request=cal.get("t_request_ms", eng, cls) * 1e-3,
        rounds=cal.get("bench_rounds"),
        ar_alpha=link.ar_alpha,
        ar_bw=link.ar_bw,
        ar_hops=link.ar_hops,
        p2p_alpha=cal.get("p2p_latency_us") * 1e-6,
        p2p_bw=link.p2p_bw,
        pf_host=layers * cal.get("moe_prefill_layer_us", eng, cls) * 1e-6 if llm.is_moe else 0.0,
        static_moe_tokens=_static_moe_tokens(llm, eng, cls),
        p_all=shape.p_total,
        static_mfu=cal.get("moe_static_mfu_factor", eng, cls) if llm.is_moe else 1.0,
        shared_extra_params=shape.shared * _shared_slowdown(deployment, fmt, peaks),
        moe_act_bytes=combine_bytes_per_token(llm, deployment.expert_groups),
        routed_active=max(0.0, shape.p_active - shape.shared) if shape.expert_params > 0.0 else 0.0,
        moe_half_tokens=cal.get("moe_gemm_half_tokens", eng, cls) if shape.expert_params > 0.0 else 0.0,
    )


def _shared_slowdown(deployment: Deployment, fmt: WeightFormat, peaks: PeaksUsed) -> float:
    """How much longer the non-expert GEMMs take than the compute peak implies, less one: they run at the 16-bit
    peak where the checkpoint keeps them in 16 bit (gpt-oss) and the experts run faster (W4A8 at the FP8 peak)."""
    if fmt.shared_bytes_per_param is None or fmt.shared_bytes_per_param < 2.0 or peaks.compute_precision == "bf16":
        return 0.0
    gpu = deployment.gpu
    fast, slow = gpu.dense_tflops(peaks.compute_precision), gpu.dense_tflops("bf16")
    return max(0.0, fast / slow - 1.0) if fast and slow else 0.0


# vLLM's HPU model runner runs a step's decodes as one forward pass, then its prompts in passes of
# VLLM_PROMPT_BS_BUCKET_MAX prompts, default 1 (github vllm-project/vllm-gaudi, vllm_gaudi/v1/worker/
# hpu_model_runner.py, execute_model: "First, we will execute all decodes (if any) in a single batch, then
# we'll execute prefills in batches of up to max_prefill_batch_size elements"; merged_prefill off by default).
# Online serving runs it so: InferenceX's GLM-4.7 on 8 x Gaudi 3 takes 164 ms for one 1k prompt and 29.5 s
# (P99) for 128 arriving together, one pass after another. Throughput runs batch their prompts
# (--max-num-prefill-seqs, Intel's Gaudi vLLM benchmarking tutorials use 16), which the fused step prices.
def _prompt_passes(eng: str, cls: str, workload: Workload) -> bool:
    return eng == "vllm" and cls == "hbm-intel" and workload.mode is BatchingMode.SERVING


# vLLM on Gaudi runs MoE layers "static" (every local expert on every token, masked) while a step has fewer
# than VLLM_DYNAMIC_MOE_MIN_TOKENS tokens (default 256) and a card holds at least
# VLLM_DYNAMIC_MOE_MIN_EXPERTS_SINGLEHPU experts (default 32); tensor parallelism leaves a shard of every
# expert on each card. Source: github HabanaAI/vllm-fork scripts/qwen3/Quant_QWen3-FP8.md ("if num_tokens
# exceed the VLLM_DYNAMIC_MOE_MIN_TOKENS, dynamic MoE is used ... default value is 256"; "... smaller than
# VLLM_DYNAMIC_MOE_MIN_EXPERTS_SINGLEHPU, dynamic MoE is used ... default value 32"). It is what InferenceX's
# GLM-4.7 runs on 8 x Gaudi 3 show: 54 ms a token at concurrency 1, the time to read every expert, not 8 of 160.
GAUDI_STATIC_MOE_MAX_TOKENS = 256
GAUDI_DYNAMIC_MOE_MIN_EXPERTS = 32


def _static_moe_tokens(llm: Llm, eng: str, cls: str) -> float:
    shape = moe_shape(llm)
    if shape is None or eng != "vllm" or cls != "hbm-intel" or shape.experts < GAUDI_DYNAMIC_MOE_MIN_EXPERTS:
        return 0.0
    return float(GAUDI_STATIC_MOE_MAX_TOKENS)


def _summary(prof: EngineProfile, peaks: PeaksUsed, efficiencies: tuple[float, float], core: _Core, kv_prec: str,
             capacity: _Capacity, link_name: str, workload: Workload, notes: _Notes) -> None:
    """The assumptions every estimate states: efficiencies, fixed floor, KV budget, interconnect, serving."""
    eta, mfu_max = efficiencies
    compute_prec, fit, tp = peaks.compute_precision, capacity.fit, core.tp
    notes.assumptions.extend(
        [
            t("{engine}: weight streaming at {eta:.0%} of measured bandwidth, prefill MFU up to {mfu:.0%} of "
              "{precision} peak", engine=prof.label, eta=eta, mfu=mfu_max, precision=compute_prec.upper())
            if peaks.source is PeakSource.MEASURED else
            t("{engine}: weight streaming at {eta:.0%} of datasheet bandwidth, prefill MFU up to {mfu:.0%} of "
              "{precision} peak", engine=prof.label, eta=eta, mfu=mfu_max, precision=compute_prec.upper()),
            t("fixed floor {floor_ms:.2f} ms per decode step ({layer_us:.0f} us/layer; the host's {step_ms:.2f} ms "
              "a step overlaps the GPU's work)", floor_ms=core.empty_step() * 1e3, layer_us=core.t_layer * 1e6,
              step_ms=core.t_step * 1e3)
            if core.host_overlap else
            t("fixed floor {floor_ms:.2f} ms per decode step ({layer_us:.0f} us/layer + {step_ms:.2f} ms/step)",
              floor_ms=core.empty_step() * 1e3, layer_us=core.t_layer * 1e6, step_ms=core.t_step * 1e3),
            t("KV cache {kv}: {budget:.1f} GiB per GPU after weights {weights:.1f} GiB and overhead {overhead:.1f} GiB "
              "of {usable:.1f} GiB usable ({engine}'s memory budget), {tokens} tokens per request",
              kv=kv_prec.upper(), budget=fit.kv_budget_bytes / GIB, weights=fit.weights_bytes / GIB,
              overhead=fit.overhead_bytes / GIB, usable=fit.usable_bytes / GIB,
              engine=capacity.memory.engine_memory.label, tokens=capacity.ctx_tokens),
            t("interconnect {link}", link=link_name) + (f", TP {tp}" if tp > 1 else ""),
        ]
    )
    if workload.prefix_cached_len:
        notes.assumptions.append(
            t("prefix cache: the first {prefix:,} of {tokens:,} prompt tokens are cached (a shared system prompt or "
              "context); prefill computes the other {fresh:,}, attending to all; the prefix's KV is held once per "
              "replica", prefix=workload.prefix_cached_len, tokens=workload.input_len,
              fresh=workload.input_len - workload.prefix_cached_len))
    notes.assumptions.append(t("not modelled: disaggregated prefill/decode; deployments using it differ from these "
                               "figures") if workload.speculative_tokens else
                             t("not modelled: speculative decoding (MTP, EAGLE; give its draft tokens to model it) and "
                               "disaggregated prefill/decode; deployments using them differ from these figures"))
    if workload.mode is BatchingMode.SERVING:
        notes.assumptions.append(
            t("a warm engine, its kernels compiled for every batch shape: a freshly started engine, or a benchmark "
              "that warms up on one prompt, may compile them during its first batches (JIT kernels: AITER and Triton "
              "on ROCm, DeepGEMM on NVIDIA), seconds each, not modelled")
        )
    if workload.mode is BatchingMode.SERVING and prof.ttft_definition:
        notes.assumptions.append(t("TTFT as {engine} is benchmarked: {definition}", engine=prof.label,
                                   definition=t(prof.ttft_definition)))
    if workload.mode is BatchingMode.SERVING and workload.open_loop:
        notes.assumptions.append(
            t("requests arrive at random at the load's rate (Poisson, as MLPerf Server and vLLM's --request-rate); "
              "TTFT is the mean over a long run, including waiting behind other prompts; P99s from the same arrivals")
        )
    elif workload.mode is BatchingMode.SERVING:
        notes.assumptions.append(
            t("closed-loop serving at fixed concurrency; TTFT is the mean a benchmark run reports ({rounds:g} "
              "requests per client, all clients starting together; the breakdown shows what that first burst adds "
              "apart), including waiting behind other prompts", rounds=core.rounds)
        )
        if workload.lock_step and prof.prefill_pauses_decodes:
            notes.assumptions.append(
                t("every prompt and every answer one length (a random-token benchmark with --ignore-eos and no "
                  "length range): {engine} prefills waiting prompts in steps of their own while the running "
                  "requests wait (no --enable-mixed-chunk), so every answer of a round ends on the same step and "
                  "every round is a burst like the first: each prompt waits for the prompts ahead of it in the "
                  "round, and each request's later tokens wait for the prompts behind it", engine=prof.label)
            )
        elif workload.lock_step:
            notes.assumptions.append(
                t("every prompt and every answer one length (a random-token benchmark with --ignore-eos and no "
                  "length range): the clients' rounds stay in step, so each later round's prompts arrive a step's "
                  "token budget at a time, wait for the full prefill step in flight and are prefilled in a full "
                  "step of their own, and each request decodes through the other prompts' prefill steps")
            )
        else:
            notes.assumptions.append(
                t("after the first round the clients' requests arrive spread out, as prompts and answers of varied "
                  "length keep them; a benchmark whose prompts and answers all have one length (vLLM's random "
                  "dataset by default, with --ignore-eos) keeps its rounds in step and waits longer, which these "
                  "figures do not show (the Workload panel's Uniform lengths box and estimate --uniform-lengths "
                  "do)")
            )
        if workload.batch_wait_iters:
            notes.assumptions.append(
                t("TensorRT-LLM batch waiting: new prompts held up to {steps} decode steps, then prefilled together "
                  "(each waits for the whole batch)", steps=workload.batch_wait_iters)
            )
    if workload.mode is BatchingMode.SERVING:
        if workload.input_len_cv > 0.0:
            notes.assumptions.append(
                t("prompt lengths vary (standard deviation {cv:.2f} x the mean, gamma-distributed): they wait behind "
                  "each other longer (M/G/1) and the P99 prompt ({long:,.0f} tokens) is prefilled longer",
                  cv=workload.input_len_cv,
                  long=workload.input_len * gamma_quantile_ratio(workload.input_len_cv, Z99)))
        elif workload.open_loop:
            notes.assumptions.append(t("every prompt {tokens:,} tokens long: P99 TTFT assumes no longer ones (give "
                                       "their spread, --input-len-cv, for a real mix)", tokens=workload.input_len))


def _kv_sized_limits(prof: EngineProfile, deployment: Deployment, workload: Workload, fmt: WeightFormat,
                     kv_prec: str, fit: VramFit) -> tuple[EngineProfile, BenchSizes | None]:
    """The engine limits that follow the KV cache when the user gives none (defaults_on sets those that follow the
    GPU alone): SGLang's max_running_requests from its KV pool, and an offline TensorRT-LLM run's batch and step
    budget as trtllm-bench sizes them (app.perf.trtllm_bench; with attention DP that sizing differs between
    releases, so the API defaults stand). Returns the profile and the trtllm-bench sizes where they apply."""
    if workload.max_num_seqs:
        return prof, None
    if workload.engine is Engine.SGLANG and fit.weights_fit:
        workers = deployment.tp if deployment.attention_dp else 1
        return replace(prof, max_batch=sglang_running_limit(fit.max_tokens_in_flight, workload.llm.max_context,
                                                            workers)), None
    if workload.engine is not Engine.TRTLLM or workload.mode is not BatchingMode.OFFLINE or deployment.attention_dp:
        return prof, None
    bench = bench_sizes(workload.llm, deployment.gpu, deployment.tp, deployment.pp, fmt, kv_prec,
                        workload.input_len, workload.output_len)
    if bench is None:
        return prof, None
    return replace(prof, max_batch=bench.max_batch_size * deployment.pp, step_tokens=bench.max_num_tokens), bench


def prepare(deployment: Deployment, workload: Workload, calibration: Calibration | None = None) -> Prepared:
    """Resolve formats, peaks, efficiencies and KV capacity once; `Prepared.estimate(c)` is then cheap."""
    cal = calibration or default_calibration()
    gpu, llm = deployment.gpu, workload.llm
    eng = workload.engine.value
    prof = defaults_on(profile(workload.engine), gpu, offline=workload.mode is BatchingMode.OFFLINE)
    if workload.max_num_seqs:  # the deployment's own request limit (e.g. MLPerf configs' 1,792 a GPU)
        prof = replace(prof, max_batch=workload.max_num_seqs)
    if workload.overlap_scheduling is not None:  # the run's own (an older vLLM without async scheduling)
        prof = replace(prof, overlap_scheduling=workload.overlap_scheduling)
    elif workload.engine is Engine.VLLM and deployment.pp > 1:  # vLLM keeps async scheduling off under PP
        prof = replace(prof, overlap_scheduling=False)
    fmt = checkpoint_format(llm, parse_weight_format(workload.weight_precision))
    cls = gpu_class(gpu)
    notes = _Notes()
    notes.warnings.extend(engine_on_gpu_warnings(eng, gpu))
    kv_prec = _kv_precision(workload, fmt, gpu, prof, notes)
    peaks, family = resolve_peaks(deployment, fmt, cal, notes.assumptions, notes.warnings)
    shape = _model_shape(llm, notes, deployment.expert_groups)
    efficiencies = efficiencies_for(cal, eng, cls, family, peaks.compute_precision, llm, gpu, shape.expert_params)
    link = _interconnect(deployment, cal, notes, eng, cls)
    capacity = _kv_capacity(deployment, workload, fmt, kv_prec, shape.p_total, notes)
    prof, bench = _kv_sized_limits(prof, deployment, workload, fmt, kv_prec, capacity.fit)
    layout_warnings, layout_assumptions = layout_notes(deployment, llm)
    notes.warnings.extend(layout_warnings)
    notes.assumptions.extend(layout_assumptions)
    if deployment.attention_dp and deployment.tp > 1:
        notes.assumptions.append(t("attention data-parallel over the TP {tp} group: each GPU runs attention for its "
                                   "own requests with the attention weights whole ({gb:.1f} GB more a GPU); its KV "
                                   "cache holds only those requests", tp=deployment.tp,
                                   gb=attention_dp_extra_bytes(llm, fmt.core_precision, deployment.tp,
                                                               deployment.pp) / 1e9))
    core = _build_core(deployment, llm, fmt, shape, capacity.fit, peaks, efficiencies, link, cal, eng, cls, prof)
    core.prefix = float(workload.prefix_cached_len)
    notes.assumptions.extend(apply_speculation(core, workload, llm, fmt.shared_bpp(), cal, eng, cls))
    core.prompt_passes = _prompt_passes(eng, cls, workload)
    if core.moe_half_tokens > 0.0:
        notes.assumptions.append(t("MoE: an expert's GEMM given m tokens in a step runs at m / (m + {half:.0f}) of "
                                   "its full efficiency (few tokens an expert fill a fraction of each tile)",
                                   half=core.moe_half_tokens))
    if core.static_moe_tokens > 0.0:
        notes.assumptions.append(t("vLLM on Gaudi: MoE layers run every expert on every token below {tokens:.0f} "
                                   "tokens a step (static MoE), so decode reads all expert weights",
                                   tokens=core.static_moe_tokens))
    if core.prompt_passes:
        notes.assumptions.append(t("vLLM on Gaudi: a step runs its decodes as one pass, then every new prompt as a "
                                   "pass of its own, so prompts that arrive together are prefilled one by one and "
                                   "each holds up the running requests' next token"))
    if core.pf_host > 0.0:  # fitted on MoE serving measurements (moe_prefill_layer_us): say so where it applies
        notes.assumptions.append(t("MoE: a prompt's prefill takes {floor_ms:.0f} ms of host work on top of its GPU "
                                   "time (the host launches the step outside CUDA graphs, {layer_us:.0f} us per "
                                   "layer)",
                                   floor_ms=core.pf_host * 1e3, layer_us=core.pf_host * 1e6 / llm.layers))
    if workload.mode is BatchingMode.OFFLINE and workload.offline_requests:
        notes.assumptions.append(t("offline run of {n} requests of the same length, all queued at once: it goes in "
                                   "waves of what the engine holds at once, the last one partly filled, and the "
                                   "throughput is over the whole run", n=workload.offline_requests))
    if workload.bench_rounds:  # the benchmark's own requests per client (1: all sent at once)
        core.rounds = float(workload.bench_rounds)
    if workload.prefill_chunk:  # the deployment's own step budget (e.g. SGLang --chunked-prefill-size 32768)
        core.step_tokens = float(workload.prefill_chunk)
        core.chunk = workload.prefill_chunk if core.chunk is not None else None
    if workload.mode is not BatchingMode.STATIC:
        prof = bound_by_step_budget(prof, core.step_tokens, workload.input_len - workload.prefix_cached_len,
                                    workload.output_len)
    if workload.mode is BatchingMode.OFFLINE:
        notes.assumptions.append(request_limit_note(prof, gpu, core.step_tokens, given=bool(workload.max_num_seqs),
                                                    bench=bench is not None))
    bands, said = confidence_bands(cal, eng, cls, prof, deployment, workload, notes.widen)
    notes.assumptions.extend(said)
    _summary(prof, peaks, efficiencies, core, kv_prec, capacity, deployment.link_name, workload, notes)
    return Prepared(
        deployment=deployment,
        workload=workload,
        core=core,
        profile=prof,
        fmt=fmt,
        kv_precision=kv_prec,
        fit=capacity.fit,
        kv_cap_replica=capacity.kv_cap,
        peaks=peaks,
        cls=cls,
        assumptions=notes.assumptions,
        warnings=notes.warnings,
        bands=bands,
    )


def estimate(deployment: Deployment, workload: Workload, calibration: Calibration | None = None) -> Estimate:
    """The one-call API: TTFT, TPOT, throughput, concurrency limits, bands, inputs and assumptions."""
    return prepare(deployment, workload, calibration).estimate()
