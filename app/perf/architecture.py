"""Architecture facts the catalog's columns cannot hold (db/perf/architecture.csv).

How a model's FP4 or INT4 checkpoint is built (gpt-oss ships only its MoE experts in MXFP4, Kimi K2.5 only its
experts in INT4; the rest BF16). Which
layers a sliding window covers is the catalog's (``Llm.sliding_window_layers``): the VRAM fit needs it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from app.core.parts import Llm
from app.perf.model_tables import lookup, read_pattern_table
from app.perf.quant import INT4_EXPERTS, MXFP4_EXPERTS

# fp4_checkpoint: "mxfp4-experts" (app.perf.quant.MXFP4_EXPERTS, whose name it is) = MoE experts in MXFP4, the
# other weights BF16. Blank: an FP4 checkpoint is NVFP4/MXFP4 throughout, W4A4.
# int4_checkpoint: "int4-experts" (app.perf.quant.INT4_EXPERTS) = MoE experts in INT4, the other weights BF16.
# Blank: an INT4 checkpoint (AWQ, GPTQ) quantises every linear layer.


@dataclass(frozen=True, slots=True)
class ArchitectureFacts:
    fp4_checkpoint: str
    int4_checkpoint: str
    source: str


def _facts(row: dict[str, str]) -> ArchitectureFacts:
    return ArchitectureFacts(row["fp4_checkpoint"].strip().lower(), row["int4_checkpoint"].strip().lower(),
                             row["source"])


@lru_cache(maxsize=1)
def _table() -> tuple[tuple[str, ArchitectureFacts], ...]:
    return read_pattern_table("architecture.csv", _facts)


def architecture_facts(llm: Llm) -> ArchitectureFacts | None:
    return lookup(_table(), llm)


def fp4_is_mx_experts(llm: Llm) -> bool:
    facts = architecture_facts(llm)
    return facts is not None and facts.fp4_checkpoint == MXFP4_EXPERTS.name


def int4_is_experts(llm: Llm) -> bool:
    facts = architecture_facts(llm)
    return facts is not None and facts.int4_checkpoint == INT4_EXPERTS.name
