"""What a user's own parts take from the bundled catalog when it learns a field: user parts are never replaced."""

from __future__ import annotations

from collections.abc import Iterable

from app.core.parts import AnyPart, Llm

# The MoE routing fields (app.core.parts.Llm). Before the catalog held them, the performance model found a model's
# routing by a bundled model's id in its id or name (db/perf/moe.csv), so a user's copy of DeepSeek-R1 had it.
ROUTING_FIELDS = ("routed_experts", "experts_per_token", "routed_expert_params_b", "experts_only_checkpoint")


def _same_size(a: Llm, b: Llm) -> bool:
    return abs(a.total_params_b - b.total_params_b) < 1e-9 and abs(a.active_params_b - b.active_params_b) < 1e-9


def moe_routing_backfill(user: Iterable[AnyPart], bundled: Iterable[AnyPart]) -> list[tuple[Llm, str]]:
    """User MoE models without routing that copy a bundled one (its id in theirs, as my-deepseek-r1, or its name
    in theirs) with the same parameter counts, each with that routing: (the updated model, the bundled id).
    Their estimates stay what the old lookup made them; a model of another size is left for its user to fill."""
    sources = sorted((b for b in bundled if isinstance(b, Llm) and b.routed_experts is not None),
                     key=lambda b: len(b.id), reverse=True)
    out: list[tuple[Llm, str]] = []
    for part in user:
        if not isinstance(part, Llm) or not part.is_moe or part.routed_experts is not None:
            continue
        uid, uname = part.id.lower(), part.name.lower()
        for b in sources:
            if (b.id.lower() in uid or b.name.lower() in uname) and _same_size(part, b):
                data = {**part.model_dump(), **{f: getattr(b, f) for f in ROUTING_FIELDS}}
                out.append((Llm.model_validate(data), b.id))
                break
    return out
