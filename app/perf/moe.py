"""MoE shape: routed experts and how many each token uses (db/perf/moe.csv)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from app.core.parts import Llm
from app.perf.model_tables import lookup, read_pattern_table


@dataclass(frozen=True, slots=True)
class MoeShape:
    experts: int
    active: int
    source: str


@lru_cache(maxsize=1)
def _moe_table() -> tuple[tuple[str, MoeShape], ...]:
    return read_pattern_table(
        "moe.csv", lambda row: MoeShape(int(row["experts"]), int(row["active_experts"]), row["source"]))


def moe_shape(llm: Llm) -> MoeShape | None:
    """Routed experts and how many each token uses (db/perf/moe.csv, from the models' config.json)."""
    if not llm.is_moe:
        return None
    return lookup(_moe_table(), llm)
