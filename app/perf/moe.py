"""MoE shape: routed experts and how many each token uses (db/perf/moe.csv)."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache

from app.core.parts import Llm
from app.perf.calibration import perf_data_dir


@dataclass(frozen=True, slots=True)
class MoeShape:
    experts: int
    active: int
    source: str


@lru_cache(maxsize=1)
def _moe_table() -> tuple[tuple[str, MoeShape], ...]:
    path = perf_data_dir() / "moe.csv"
    rows: list[tuple[str, MoeShape]] = []
    if path.exists():
        with path.open(encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh):
                rows.append(
                    (row["pattern"].lower(), MoeShape(int(row["experts"]), int(row["active_experts"]), row["source"]))
                )
    return tuple(rows)


def moe_shape(llm: Llm) -> MoeShape | None:
    """Routed experts and how many each token uses (db/perf/moe.csv, from the models' config.json)."""
    if not llm.is_moe:
        return None
    keys = (llm.id.lower(), llm.name.lower())
    for pattern, shape in _moe_table():
        if any(pattern in k for k in keys):
            return shape
    return None
