"""Architecture facts the catalog's columns cannot hold (db/perf/architecture.csv).

How many layers a sliding window covers (gpt-oss and Gemma 2 alternate windowed and full-context
layers; the catalog's ``sliding_window`` alone would cap every layer's KV reads at the window), and
how a model's FP4 checkpoint is built (gpt-oss ships only its MoE experts in MXFP4, the rest BF16).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from app.core.parts import Llm
from app.perf.model_tables import lookup, read_pattern_table
from app.perf.quant import MXFP4_EXPERTS

# fp4_checkpoint: "mxfp4-experts" (app.perf.quant.MXFP4_EXPERTS, whose name it is) = MoE experts in MXFP4, the
# other weights BF16. Blank: an FP4 checkpoint is NVFP4/MXFP4 throughout, W4A4.


@dataclass(frozen=True, slots=True)
class ArchitectureFacts:
    windowed_layers: int | None  # None: every layer (when the model has a sliding window)
    fp4_checkpoint: str
    source: str


def _facts(row: dict[str, str]) -> ArchitectureFacts:
    windowed = row["windowed_layers"].strip()
    return ArchitectureFacts(int(windowed) if windowed else None, row["fp4_checkpoint"].strip().lower(), row["source"])


@lru_cache(maxsize=1)
def _table() -> tuple[tuple[str, ArchitectureFacts], ...]:
    return read_pattern_table("architecture.csv", _facts)


def architecture_facts(llm: Llm) -> ArchitectureFacts | None:
    return lookup(_table(), llm)


def window_share(llm: Llm) -> float:
    """The share of layers whose attention the sliding window caps (0 without a window)."""
    if not llm.sliding_window:
        return 0.0
    facts = architecture_facts(llm)
    if facts is None or facts.windowed_layers is None:
        return 1.0
    return min(1.0, max(0.0, facts.windowed_layers / llm.layers))


def fp4_is_mx_experts(llm: Llm) -> bool:
    facts = architecture_facts(llm)
    return facts is not None and facts.fp4_checkpoint == MXFP4_EXPERTS.name
