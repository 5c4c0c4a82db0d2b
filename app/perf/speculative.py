"""Speculative decoding (MTP, EAGLE, a draft model): what a decode step costs and how many tokens it yields.

A step drafts `k` tokens for every running request (k passes of a one-layer draft module: DeepSeek's MTP layer,
an EAGLE head), then the target model verifies them in one forward pass over k + 1 tokens a request and keeps
the longest prefix it agrees with, plus its own next token. Each request then gains the *acceptance length*
(1 to k + 1 tokens; SGLang and vLLM log it as "accept length" / "mean acceptance length") per step, so:

    time per output token = (verify step over k + 1 tokens a request + k draft passes) / acceptance length

The verify step reads the weights and each request's KV cache once (the k + 1 queries attend together) but does
k + 1 times the GEMM and attention work, and routes k + 1 times the tokens through the experts: at small batches,
where a decode step is memory-bound, the k extra tokens are nearly free and the request runs ~acceptance length
times faster; at large batches the step is compute-bound and speculation costs throughput.

The acceptance length depends on the data and the draft head, not on the hardware: give the one your engine logs
on your prompts. Without one the estimate takes a per-draft-token acceptance of DEFAULT_DRAFT_ACCEPTANCE, each
draft token accepted only if all before it were (Leviathan et al. 2023, arXiv 2211.17192, eq. 1):
(1 - a^(k+1)) / (1 - a).
"""

from __future__ import annotations

from app.core.parts import Llm
from app.core.speculation import MAX_SPECULATIVE_TOKENS, check_speculation
from app.perf.calibration import Calibration
from app.perf.datatypes import Workload
from app.perf.step_costs import _Core
from app.perf.text import t

__all__ = ["DEFAULT_DRAFT_ACCEPTANCE", "MAX_SPECULATIVE_TOKENS", "acceptance_length", "apply_speculation",
           "check_speculation", "default_acceptance_length"]


# Per-draft-token acceptance taken when the user gives no acceptance length. Published DeepSeek-V3 MTP figures
# bracket it: the technical report (arXiv 2412.19437, section 5.4.3) accepts the first draft token 85-90 % of
# the time; SGLang's DeepSeek-V3 MTP on production-like prompts (lmsys.org blog 2025-07-17) accepts 2.18 tokens a
# step with 2 draft tokens and 2.44 with 3, i.e. about 0.6 per draft token. 0.7: between them.
DEFAULT_DRAFT_ACCEPTANCE = 0.7


def default_acceptance_length(draft_tokens: int, acceptance: float = DEFAULT_DRAFT_ACCEPTANCE) -> float:
    """Mean tokens a verify step yields per request when each draft token is accepted with probability
    `acceptance` given all before it were: 1 + a + a^2 + ... + a^k."""
    if draft_tokens <= 0:
        return 1.0
    return sum(acceptance ** i for i in range(draft_tokens + 1))


def acceptance_length(draft_tokens: int, given: float) -> float:
    """The acceptance length a workload's step yields: the one given, else the default for its draft tokens."""
    if draft_tokens <= 0:
        return 1.0
    return given if given > 0.0 else default_acceptance_length(draft_tokens)


def apply_speculation(core: _Core, workload: Workload, llm: Llm, shared_bpp: float, cal: Calibration, eng: str,
                      cls: str) -> list[str]:
    """Set the prepared core's speculative-decoding terms; the assumptions to show (none when it is off)."""
    k = workload.speculative_tokens
    if k <= 0:
        return []
    accept = acceptance_length(k, workload.acceptance_length)
    core.spec_tokens = k
    core.spec_accept = accept
    core.spec_draft_fixed = cal.get("spec_draft_pass_ms", eng, cls) * 1e-3
    core.lm_head_params = float(llm.vocab_size * llm.hidden_size)
    core.lm_head_bytes = core.lm_head_params * shared_bpp / core.tp
    given = workload.acceptance_length > 0.0
    return [t("speculative decoding: {k} draft tokens a step, {accept:.2f} kept a request on average ({how}); a step "
              "is one verify pass over {q} tokens a request and {k} one-layer draft passes ({fixed:.1f} ms each "
              "besides their weights), so decode runs faster where a step is memory-bound and slower where it is "
              "compute-bound", k=k, accept=accept, q=k + 1, fixed=core.spec_draft_fixed * 1e3,
              how=t("as given") if given else t("taken as {a:.0%} acceptance a draft token; give your engine's "
                                                 "logged accept length", a=DEFAULT_DRAFT_ACCEPTANCE))]
