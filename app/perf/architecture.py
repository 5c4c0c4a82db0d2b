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
from app.perf.quant import EXPERTS_ONLY_FORMATS, WeightFormat

# <format>_checkpoint columns: how the model's checkpoint in that format is built. "mxfp4-experts" (fp4) and
# "int4-experts" (int4), the names of app.perf.quant's EXPERTS_ONLY_FORMATS: the MoE experts in that format, the
# other weights BF16. Blank: the format quantises every linear layer (NVFP4 W4A4; AWQ/GPTQ INT4).
_SUFFIX = "_checkpoint"


@dataclass(frozen=True, slots=True)
class ArchitectureFacts:
    checkpoints: dict[str, str]  # picked format name -> its layout (an EXPERTS_ONLY_FORMATS name)
    source: str


def _facts(row: dict[str, str]) -> ArchitectureFacts:
    layouts = {k.removesuffix(_SUFFIX): v.strip().lower() for k, v in row.items()
               if k.endswith(_SUFFIX) and v and v.strip()}
    return ArchitectureFacts(layouts, row["source"])


@lru_cache(maxsize=1)
def _table() -> tuple[tuple[str, ArchitectureFacts], ...]:
    return read_pattern_table("architecture.csv", _facts)


def architecture_facts(llm: Llm) -> ArchitectureFacts | None:
    return lookup(_table(), llm)


def checkpoint_format(llm: Llm, fmt: WeightFormat) -> WeightFormat:
    """The format as the model's checkpoint in it is built: gpt-oss's FP4 is mxfp4-experts, Kimi K2.5's INT4
    int4-experts; any other model or format as picked."""
    facts = architecture_facts(llm)
    layout = facts.checkpoints.get(fmt.name) if facts is not None else None
    return EXPERTS_ONLY_FORMATS[layout] if layout else fmt
