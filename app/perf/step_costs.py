"""Step costs of the prepared core: decode and prefill steps, all-reduce and pipeline hops.

``_Core`` holds everything that does not depend on concurrency, resolved once by
:func:`app.perf.preparation.prepare`; its methods price one scheduler step (roofline of weight and
KV streaming against GEMM work, the fixed floor, tensor-parallel all-reduces, pipeline sends).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

_ACT_BYTES = 2.0  # activations cross the interconnect in 16 bit


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
    window_share: float  # share of layers the window caps (gpt-oss, Gemma 2 alternate windowed and full layers)
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
    prefix: float = 0.0  # cached prompt tokens every prefill attends to without computing them
    # Host time a prompt's prefill adds before its first token (s): its eager prefill step runs outside the
    # decode CUDA graphs, and an MoE layer's router, top-k, token permutation and grouped GEMMs are dozens of
    # host-side launches, with points where the host waits on the GPU, so the host's work adds to the GPU's
    # rather than hiding under it. Measured (InferenceX DeepSeek-R1 on 8 x B200, SGLang, one client): 157 ms to
    # the first token of a 1k prompt, 314 ms of an 8k one; the 7k more tokens add their GPU time, ~150 ms, to a
    # floor that a max(GPU, host) would have absorbed. A latency, not GPU work: the running decodes' steps do
    # not lengthen (their measured TPOT shows no such cost).
    pf_host: float = 0.0
    # Static MoE (vLLM on Gaudi): below this many tokens in a step the engine runs every local expert on
    # every token and masks the result, so the step reads all expert weights and does all their FLOPs
    # (0: experts are gathered per token, as CUDA and ROCm kernels do).
    static_moe_tokens: float = 0.0
    p_all: float = 0.0  # every parameter, experts included: the FLOPs per token of a static-MoE step
    static_mfu: float = 1.0  # the static-MoE experts' share of the MFU dense GEMMs reach (moe_static_mfu_factor)
    # Each prompt is a forward pass of its own, after the step's one decode pass (vLLM on Gaudi serving online:
    # the HPU model runner runs the decodes, then the prompts in batches of VLLM_PROMPT_BS_BUCKET_MAX, default 1),
    # so a step with prompts lasts the decode pass plus every prompt's pass, and prompts that arrive together go
    # one by one. See app.perf.preparation._prompt_passes.
    prompt_passes: bool = False
    # The scheduler plans step n+1 while the GPU runs step n (the profile's overlap_scheduling: vLLM's async
    # scheduling, SGLang's overlap schedule, TensorRT-LLM's overlap scheduler): the host's per-step work (t_step)
    # hides under the GPU's instead of adding to it.
    host_overlap: bool = False
    # The non-expert GEMMs' extra time where the checkpoint keeps them in a slower format than the experts'
    # (gpt-oss: attention and unembedding BF16, experts MXFP4 run W4A8 at the FP8 peak): their parameters count
    # (peak / their own peak - 1) more times. 0: every GEMM at the compute peak.
    shared_extra_params: float = 0.0
    # Bytes per token a step moves through memory (per GPU, all MoE layers) besides weights and KV: the routed
    # experts' down projections write one hidden vector per (token, expert) pair in 16 bit and the top-k combine
    # reads them back and writes the token's sum. Memory-bound kernels outside the compute-bound GEMMs, so their
    # time adds to the step's rather than hiding under it. See app.perf.moe.combine_bytes_per_token.
    moe_act_bytes: float = 0.0
    # Speculative decoding (app.perf.speculative): draft tokens a step proposes per request (0: off), the tokens a
    # verify step keeps per request (acceptance length), the host and launch time of one draft pass (s), and the
    # bytes and parameters of the unembedding every draft pass runs again (per GPU; parameters of the whole matrix).
    spec_tokens: int = 0
    spec_accept: float = 1.0
    spec_draft_fixed: float = 0.0
    lm_head_bytes: float = 0.0
    lm_head_params: float = 0.0
    # Routed-expert parameters a token's FLOPs run through (top-k experts, every layer) and the tokens per expert
    # at which their grouped GEMMs reach half the efficiency of many tokens (moe_gemm_half_tokens; 0: no such
    # loss). A step of T tokens gives each expert T x k / E rows (expert_hit = k / E): a decode step of 64
    # DeepSeek requests 2 rows an expert, a 8k-token prompt chunk 256, Mixtral's 8 experts at 1,000 requests 250.
    routed_active: float = 0.0
    moe_half_tokens: float = 0.0

    def with_host(self, gpu: float, steps: float = 1.0) -> float:
        """Time of ``steps`` steps whose GPU work takes ``gpu`` seconds, the host's per-step work added or, where
        the scheduler overlaps, hidden under the GPU's (the slower of the two sets the pace)."""
        host = steps * self.t_step
        return max(gpu, host) if self.host_overlap else gpu + host

    def empty_step(self) -> float:
        """A step with nothing to compute: the per-layer launches and the host's work."""
        return self.with_host(self.layers * self.t_layer)

    def static_moe(self, tokens: float) -> bool:
        return self.expert_bytes > 0.0 and tokens < self.static_moe_tokens

    def flop_params(self, tokens: float) -> float:
        """Parameters a token's FLOPs run through in a step of ``tokens`` tokens (2 FLOPs each), the experts a
        static-MoE step runs on every token weighted by their lower efficiency (``static_mfu``: each card's
        shard of every expert is a skinny GEMM, dozens of them a layer), and the time the routed experts' GEMMs
        lose to few rows each (expert_rows_penalty)."""
        return self.flop_params_and_work(tokens)[0]

    def flop_params_and_work(self, tokens: float) -> tuple[float, float]:
        """(flop_params, the parameters of the tensor cores' actual work): the second leaves out the rows'
        padding, which costs time but does no work; the breakdown and the power model read it."""
        if self.static_moe(tokens):
            static = self.p_active + self.shared_extra_params + (self.p_all - self.p_active) / self.static_mfu
            return static, static
        work = self.p_active + self.shared_extra_params
        return work + self.routed_active * self.expert_rows_penalty(tokens), work

    def expert_rows_penalty(self, tokens: float) -> float:
        """Extra time of the routed experts' GEMMs, as a share of their FLOPs, in a step of `tokens` tokens: an
        expert's GEMM of m rows (tokens x k / E over the share of experts reached) reaches m / (m + m_half) of a
        large one's efficiency, so it takes m_half / m longer. Small-row GEMMs fill a fraction of each tile; the
        time is the roofline's, not the tensor cores' work (flop_params_and_work)."""
        if self.moe_half_tokens <= 0.0 or self.routed_active <= 0.0:
            return 0.0
        tokens = max(tokens, 1.0)
        touched: float = 1.0 - (1.0 - self.expert_hit) ** tokens  # share of experts the step's tokens reach
        rows = tokens * self.expert_hit / touched  # rows of each expert reached
        return self.moe_half_tokens / rows

    def prompt_pass(self, prefill: float) -> float:
        """A prompt's eager prefill pass: its GPU time plus the host's own (see pf_host)."""
        return prefill + self.pf_host

    def first_token(self, prefill: float) -> float:
        """When a prompt's first token can come after `prefill` seconds of its step(s): plus the host's time, except
        where every prompt runs as a pass of its own (prompt_passes), whose steps hold that time already
        (decode_step, cold_start_span) and must not count it twice."""
        return prefill if self.prompt_passes else self.prompt_pass(prefill)

    def pf_ctx(self, fresh: float) -> float:
        """Context a prefill's attention spans, in the `attn_prefill` convention (twice the mean): the fresh
        tokens attend causally to each other and to the whole cached prefix."""
        return self.ctx(fresh + 2.0 * self.prefix)

    def weights_touched(self, tokens: float) -> float:
        """Bytes of weights a step reads (per GPU) when `tokens` tokens go through the experts."""
        if self.expert_bytes <= 0.0:
            return self.shared_bytes / (self.tp * self.pp)
        miss: float = (1.0 - self.expert_hit) ** max(tokens, 1.0)
        frac = 1.0 if self.static_moe(tokens) else 1.0 - miss
        return (self.shared_bytes + self.expert_bytes * frac) / (self.tp * self.pp)

    def weights_in_step(self, decodes: float, pf: float, pf_len: float) -> float:
        """Weight bytes a step reads (per GPU, averaged over steps) with `pf` prompt tokens per step on average.

        Prompts enter in chunks: a step carries either a whole chunk of one prompt or none. Averaging the
        prompt tokens over every step would have each step route a few fresh tokens through the experts and
        read most of them; a chunk of hundreds of tokens touches (nearly) all experts once, and the steps
        without one read only what the decodes route to. For a dense model both are the same bytes.
        """
        if pf <= 0.0 or self.expert_bytes <= 0.0:
            return self.weights_touched(decodes + pf)
        chunk, share = self._chunk_steps(decodes, pf, pf_len)
        return (1.0 - share) * self.weights_touched(decodes) + share * self.weights_touched(decodes + chunk)

    def _chunk_steps(self, decodes: float, pf: float, pf_len: float) -> tuple[float, float]:
        """(prompt tokens of a step that carries a chunk, share of steps that carry one) for `pf` prompt tokens
        a step on average: a chunk is a whole prompt or the step's token budget left after the decodes."""
        chunk = max(pf, min(max(pf_len, 1.0), self.prompt_budget(decodes)))
        return chunk, pf / chunk

    def gemm_flops_in_step(self, decodes: float, pf: float, pf_len: float) -> float:
        """Weight-GEMM FLOPs of a step (per replica, averaged over steps) with `pf` prompt tokens per step on
        average, the experts' rows padding included (gemm_flops_and_work)."""
        return self.gemm_flops_and_work(decodes, pf, pf_len)[0]

    def gemm_flops_and_work(self, decodes: float, pf: float, pf_len: float) -> tuple[float, float]:
        """(weight-GEMM FLOPs of a step as time, as work): like the weights, the chunks come whole, so a static-MoE
        engine runs the decode-only steps statically and the steps with a chunk dynamically, and an MoE step's
        experts get a chunk's rows or only the decodes' (the mean step's for a dense model)."""
        if pf <= 0.0 or (self.static_moe_tokens <= 0.0 and self.moe_half_tokens <= 0.0):
            tokens = decodes + pf
            time, work = self.flop_params_and_work(tokens)
            return 2.0 * time * tokens, 2.0 * work * tokens
        chunk, share = self._chunk_steps(decodes, pf, pf_len)
        with_chunk = decodes + chunk
        time_d, work_d = self.flop_params_and_work(decodes)
        time_c, work_c = self.flop_params_and_work(with_chunk)
        return (2.0 * ((1.0 - share) * time_d * decodes + share * time_c * with_chunk),
                2.0 * ((1.0 - share) * work_d * decodes + share * work_c * with_chunk))

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
        """Context a token's attention spans, averaged over layers (windowed layers stop at the window)."""
        if not self.window:
            return s
        return self.window_share * min(s, float(self.window)) + (1.0 - self.window_share) * s

    def decode_step(self, batch: float, ctx: float, pf_tokens: float, pf_len: float) -> tuple[float, float, float]:
        """One token period for `batch` sequences per replica at mean context `ctx`.

        `pf_tokens` prompt tokens of length-`pf_len` prompts are prefilled in the same steps (in-flight batching).
        Returns (seconds, memory seconds, compute seconds) of one stage, the latter two for the breakdown. Under
        speculative decoding a step yields `spec_accept` tokens a request: a token period is a step over that.
        """
        if self.spec_tokens > 0 and batch > 0.0:
            return self._speculative_period(batch, ctx, pf_tokens, pf_len)
        return self._step(batch, ctx, pf_tokens, pf_len)

    def step_with_prompt(self, batch: float, ctx: float, pf_tokens: float, pf_len: float) -> float:
        """How long one scheduler step lasts that carries `pf_tokens` prompt tokens besides `batch` decodes: a
        plain decode step, or under speculative decoding a verify step and its draft passes."""
        if self.spec_tokens > 0 and batch > 0.0:
            return self._speculative_step(batch, ctx, pf_tokens, pf_len)[0]
        return self.decode_step(batch, ctx, pf_tokens, pf_len)[0]

    def step_of(self, period: float) -> float:
        """How long a scheduler step lasts whose token period is `period` (longer by the acceptance length where
        each step yields several tokens): what a prompt arriving mid-step waits, and what step counts measure."""
        return period * self.spec_accept if self.spec_tokens > 0 else period

    def _speculative_period(self, batch: float, ctx: float, pf_tokens: float,
                            pf_len: float) -> tuple[float, float, float]:
        """A verify step over k + 1 tokens a request plus k draft passes, over the tokens it yields (see
        app.perf.speculative). Prompts arrive per token period, so a step carries `spec_accept` periods' worth."""
        accept = self.spec_accept
        step, t_mem, t_comp = self._speculative_step(batch, ctx, accept * pf_tokens, pf_len)
        return step / accept, t_mem / accept, t_comp / accept

    def _speculative_step(self, batch: float, ctx: float, pf_tokens: float,
                          pf_len: float) -> tuple[float, float, float]:
        """One whole speculative step carrying `pf_tokens` prompt tokens: the verify pass over k + 1 tokens a
        request and the k draft passes (seconds; the verify pass's memory and compute seconds)."""
        k = self.spec_tokens
        verify, t_mem, t_comp = self._step(batch, ctx, pf_tokens, pf_len, queries=k + 1.0)
        return verify + k * self.draft_pass(batch, ctx), t_mem, t_comp

    def draft_pass(self, batch: float, ctx: float) -> float:
        """One pass of a one-layer draft module (DeepSeek's MTP layer, an EAGLE head) for `batch` requests: a layer's
        share of the weights, KV reads and FLOPs, the unembedding again, one layer's launches and collectives, and
        the pass's own host time (spec_draft_fixed: sampling, draft-tree bookkeeping, a graph launch)."""
        c = self.ctx(ctx)
        tokens = max(batch, 1.0)
        mem = (self.weights_touched(tokens) * self.pp / self.layers + self.lm_head_bytes
               + tokens * c * self.kv_tok_gpu * self.pp / self.layers * self.kv_factor)
        flops = 2.0 * tokens * (self.p_active / self.layers + self.lm_head_params) / self.tp
        flops += self.attn_decode * c * tokens / (self.layers * self.tp)
        gpu = self.roofline(mem / self.bw, flops / (self.peak * self.mfu_max))
        return gpu + self.t_layer + 2.0 * self.allreduce(tokens) + self.spec_draft_fixed

    def _step(self, batch: float, ctx: float, pf_tokens: float, pf_len: float,
              queries: float = 1.0) -> tuple[float, float, float]:
        """One step of `batch` decodes of `queries` tokens each (k + 1 under speculative verification: the weights
        and each request's KV are read once, the GEMM and attention work and the tokens routed are `queries` times
        a plain decode's) and `pf_tokens` prompt tokens."""
        if self.prompt_passes and pf_tokens > 0.0 and pf_len > 0.0:
            passes = pf_tokens / pf_len  # prompts a step carries, on average
            total, t_mem, t_comp = self._step(batch, ctx, 0.0, 0.0, queries) if batch > 0.0 else (0.0, 0.0, 0.0)
            own = self.prefill(1.0, pf_len)
            return total + passes * self.prompt_pass(own[0]), t_mem + passes * own[2], t_comp + passes * own[1]
        pp = self.pp
        b = batch / pp  # micro-batch per stage
        q = b * queries  # decode tokens of the stage's step
        pf = pf_tokens / pp
        c = self.ctx(ctx)
        mem = self.weights_in_step(q, pf, pf_len) + b * c * self.kv_tok_gpu * self.kv_factor
        t_mem = mem / self.bw
        attn = self.attn_decode * c * q + self.attn_prefill * self.pf_ctx(pf_len) * pf
        rate = self.tp * pp * self.peak * self.mfu_max
        gemm, gemm_work = self.gemm_flops_and_work(q, pf, pf_len)
        t_comp = (gemm + attn) / rate
        stage = self.roofline(t_mem, t_comp)
        total = self.with_host(
            pp * stage
            + (q + pf) * self.moe_act_bytes / self.bw
            + self.layers * self.t_layer
            + 2.0 * self.layers * self.allreduce(q + pf)
            + self.p2p(q + pf)
        )
        return total, t_mem, (gemm_work + attn) / rate  # the work: without the rows' padding

    def prompt_budget(self, decodes: float) -> float:
        """Prompt tokens a step can take beside `decodes` running decodes: the step's token limit less a token each
        (the scheduler's decodes go first)."""
        return max(1.0, self.step_tokens - min(decodes, self.max_batch))

    def prefill_amid(self, others: float, ctx: float, length: float, prompts: float = 1.0) -> float:
        """A prompt's own prefill step(s) while `others` requests decode in the same steps (in-flight batching),
        `prompts` prompts of `length` tokens prefilled together (a batch wait's gathering; 1: the prompt alone).

        They take ceil(prompts x length / budget) steps, the budget being what the step's token limit leaves
        after one token per running decode; each step also advances every running decode.
        """
        if length <= 0:
            return (
                self.step_of(self.decode_step(others, ctx, 0.0, 0.0)[0]) if others > 0 else self.empty_step()
            )
        budget = self.prompt_budget(others)
        tokens = length * max(1.0, prompts)
        chunks = math.ceil(tokens / budget)
        return chunks * self.step_with_prompt(others, ctx, tokens / chunks, length)

    def cold_start(self, n_req: float, length: float) -> float:
        """Mean time to first token of `n_req` prompts that arrive together (the first round of a closed-loop run)."""
        return self.cold_start_span(n_req, length)[0]

    def cold_start_span(self, n_req: float, length: float) -> tuple[float, float]:
        """(mean, last) time to first token of `n_req` prompts that arrive together.

        The scheduler packs them into `steps` steps of `step_tokens` (whole prompts where prefill is not
        chunked; one pass a prompt where the engine runs them so); the j-th step ends at j/steps of the total,
        so the mean is total*(steps+1)/(2*steps) and the last prompt waits the whole total. The last one sets
        when a benchmark run ends: its client starts every later request that much behind the others.
        """
        if n_req <= 1.0:
            one = self.prefill(1.0, length)[0]
            return one, one
        steps = self.burst_steps(n_req, length)
        if self.prompt_passes:
            # A step: a decode pass of those prefilled before (half the burst on average), then one pass a prompt.
            one = self.prompt_pass(self.prefill(1.0, length)[0])
            per_step = max(1.0, float(math.floor(self.step_tokens / max(length, 1.0))))
            total = steps * (min(per_step, n_req) * one + self.decode_step(0.5 * n_req, length, 0.0, 0.0)[0])
        else:
            total = steps * self.prefill(n_req / steps, length)[0]
        return total * (steps + 1) / (2.0 * steps), total

    def burst_steps(self, n_req: float, length: float) -> int:
        """Steps that `n_req` prompts of `length` tokens arriving together take: prompt tokens packed into steps
        of `step_tokens` where prefill is chunked, whole prompts into them where it is not (or one pass a prompt)."""
        if n_req <= 1.0:
            return 1
        per_step = max(1.0, float(math.floor(self.step_tokens / max(length, 1.0))))
        if self.chunk and not self.prompt_passes:
            return max(1, math.ceil(n_req * length / self.step_tokens))
        return max(1, math.ceil(n_req / per_step))

    def prefill(self, n_req: float, length: float) -> tuple[float, float, float, float]:
        """Prefill `n_req` prompts of `length` tokens together: (seconds, compute s (the work, without the experts'
        rows padding), memory s, all-reduce s)."""
        tokens = n_req * length
        if tokens <= 0:
            return self.empty_step(), 0.0, 0.0, 0.0
        step_tokens = float(min(self.chunk, tokens)) if self.chunk else tokens
        attn = self.attn_prefill * self.pf_ctx(length)
        rate = self.tp * self.peak * self.mfu_max
        params, params_work = self.flop_params_and_work(step_tokens)
        t_comp = tokens * (2.0 * params + attn) / rate
        chunks = math.ceil(tokens / step_tokens)
        t_mem = chunks * self.weights_touched(step_tokens) * self.pp / self.bw
        t_ar = chunks * 2.0 * self.layers * self.allreduce(step_tokens)
        total = self.with_host(
            self.roofline(t_mem, t_comp)
            + tokens * self.moe_act_bytes / self.bw
            + t_ar
            + chunks * self.layers * self.t_layer
            + chunks * self.p2p(step_tokens),
            chunks,
        )
        return total, tokens * (2.0 * params_work + attn) / rate, t_mem, t_ar
