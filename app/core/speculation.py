"""Speculative decoding settings of a workload (MTP, EAGLE): what a build may say and what the memory holds.

Kept in the core because a project's workload carries them and the VRAM rules count the draft module's weights;
the performance model (app.perf.speculative) prices the steps.
"""

from __future__ import annotations

import math
from dataclasses import replace

from app.core.memory import MemoryAssumptions, weights_bytes
from app.core.parts import Llm
from app.core.precision import Precision

MAX_SPECULATIVE_TOKENS = 16


def check_speculation(draft_tokens: int, acceptance_length: float) -> None:
    """Refuse a setting no engine can have, naming it (a ValueError: the workload's and the CLI's message)."""
    if not 0 <= draft_tokens <= MAX_SPECULATIVE_TOKENS:
        raise ValueError(f"speculative draft tokens must be between 0 and {MAX_SPECULATIVE_TOKENS}")
    if not math.isfinite(acceptance_length) or acceptance_length < 0.0:
        raise ValueError("the acceptance length must be a number >= 1 (or 0 for the default)")
    if acceptance_length > 0.0 and draft_tokens == 0:
        raise ValueError("an acceptance length needs speculative draft tokens (speculative_tokens >= 1)")
    if acceptance_length > 0.0 and not 1.0 <= acceptance_length <= draft_tokens + 1.0:
        raise ValueError(f"the acceptance length must be between 1 and {draft_tokens + 1} (draft tokens + 1)")


def draft_module_bytes(llm: Llm, model_weight_bytes: float, tp: int) -> float:
    """Bytes per GPU of the draft module speculative decoding loads besides the model: one transformer layer, as
    DeepSeek's MTP layer and an EAGLE head are, split over the TP group; it shares the embedding and unembedding."""
    return model_weight_bytes / max(1, llm.layers) / max(1, tp)


def with_draft_module(assumptions: MemoryAssumptions, llm: Llm, weight_precision: Precision | str, tp: int,
                      draft_tokens: int) -> MemoryAssumptions:
    """The memory assumptions with the draft module's weights added where the workload speculates: the VRAM
    rules and the sizing assistant's weight fit count it as the estimate does."""
    if draft_tokens <= 0:
        return assumptions
    draft = draft_module_bytes(llm, weights_bytes(llm, weight_precision), tp)
    return replace(assumptions, extra_weights_bytes=assumptions.extra_weights_bytes + draft)
