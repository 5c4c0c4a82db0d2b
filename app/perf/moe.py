"""MoE shape: routed experts and how many each token uses (the catalog's ``Llm.routed_experts`` and
``experts_per_token``), and the bytes a token's routing moves."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.parts import Llm


@dataclass(frozen=True, slots=True)
class MoeShape:
    experts: int
    active: int


def moe_shape(llm: Llm) -> MoeShape | None:
    """Routed experts and how many each token uses; None for a dense model or a MoE model whose catalog entry
    does not give its routing."""
    if not llm.is_moe or llm.routed_experts is None or llm.experts_per_token is None:
        return None
    return MoeShape(llm.routed_experts, llm.experts_per_token)


# Expert outputs and their combine run in 16 bit in every engine's MoE path.
_OUT_BYTES = 2.0


def combine_bytes_per_token(llm: Llm, expert_groups: int = 1) -> float:
    """Bytes a token moves per GPU through the MoE layers' output side, besides weights and KV cache: each of its
    top-k experts' down projection writes a 16-bit hidden vector, the combine reads it back and writes the token's
    sum (SGLang's intermediate_cache3 and moe_sum, TensorRT-LLM's finalizeMoeRouting, vLLM's fused_moe).

    Under tensor-parallel MoE every GPU does this for every (token, expert) pair, its slice of each expert giving a
    full hidden vector; with the experts split whole over `expert_groups` GPUs a GPU holds 1/expert_groups of the
    pairs. Memory-bound kernels outside the compute-bound GEMMs, so the step costs add their time. Counted on every
    layer (DeepSeek's 3 dense layers of 61 included: within 5 %). 0 for a dense model.
    """
    shape = moe_shape(llm)
    if shape is None:
        return 0.0
    pairs = shape.active / max(1, expert_groups)
    return llm.layers * llm.hidden_size * _OUT_BYTES * (2.0 * pairs + 1.0)
