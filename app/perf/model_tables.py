"""Per-model tables in db/perf (moe.csv, architecture.csv): rows keyed by a pattern on the catalog id or name."""

from __future__ import annotations

import csv
from collections.abc import Callable
from typing import TypeVar

from app.core.parts import Llm
from app.perf.calibration import perf_data_dir

T = TypeVar("T")


def read_pattern_table(name: str, make: Callable[[dict[str, str]], T]) -> tuple[tuple[str, T], ...]:
    """(lower-case pattern, value) for each row of db/perf/``name``; empty when the file is absent."""
    path = perf_data_dir() / name
    if not path.exists():
        return ()
    with path.open(encoding="utf-8", newline="") as fh:
        return tuple((row["pattern"].lower(), make(row)) for row in csv.DictReader(fh))


def lookup(table: tuple[tuple[str, T], ...], llm: Llm) -> T | None:
    """The first row whose pattern is in the model's id or name."""
    keys = (llm.id.lower(), llm.name.lower())
    for pattern, value in table:
        if any(pattern in k for k in keys):
            return value
    return None
