"""The hand-written catalog SQL agrees with a plain-Python reading of the same query.

Random queries (kind, origin, search terms with LIKE's special characters, numeric filters
on any field, any sort either way, a limit) run over the bundled catalog with a price override
and a user part; the IDs must match the reference, order included.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from decimal import Decimal
from functools import cache
from pathlib import Path
from tempfile import mkdtemp
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.catalog.query import NUMERIC_FIELDS, TEXT_SORT_FIELDS, NumericFilter, PartQuery
from app.catalog.store import Catalog, PriceOverride
from app.catalog.writer import search_text_of
from app.core.parts import AnyPart, Gpu, PartKind

OPS: dict[str, Callable[[Any, Any], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt, "=": operator.eq, "!=": operator.ne,
}


@cache
def _catalog() -> Catalog:
    cat = Catalog.open(Path(mkdtemp(prefix="query-sql-")) / "c.db")
    cat.set_price_overrides([PriceOverride("nvidia-l40s", Decimal("7999.50"), "USD", "quote", "2026-11-29")])
    cat.add_user_part(Gpu(id="lab-gpu-100", vendor="Lab", name="Custom 100%_GPU", source="lab", form_factor="PCIe",
                          vram_gib=96, memory_type="GDDR7", mem_bandwidth_gbs=1800, bf16_dense_tflops=250,
                          tdp_w=400, pcie_gen=5, slot_width=2))
    return cat


def _number(part: AnyPart, name: str) -> float | None:
    value = getattr(part, name, None)
    return None if value is None else float(value)


def _reference(cat: Catalog, q: PartQuery) -> list[str]:
    parts = list(cat.parts_by_id().values())
    chosen = []
    for p in parts:
        if q.kind is not None and p.kind is not q.kind:
            continue
        if q.origin is not None and cat.origin(p.id) != q.origin:
            continue
        text = search_text_of(p)
        if not all(term in text for term in q.search.lower().split()):
            continue
        if not all((v := _number(p, f.field)) is not None and OPS[f.op](v, f.value) for f in q.filters):
            continue
        chosen.append(p)
    chosen.sort(key=lambda p: p.id)  # the tie-break, always ascending
    if q.sort in TEXT_SORT_FIELDS:
        def text_key(p: AnyPart) -> tuple[int, str]:
            v = p.kind.value if q.sort == "kind" else getattr(p, q.sort)
            return (0, "") if v is None else (1, v)  # SQLite: NULL is the smallest value
        chosen.sort(key=text_key, reverse=q.descending)
    else:
        known = [p for p in chosen if _number(p, q.sort) is not None]
        unknown = [p for p in chosen if _number(p, q.sort) is None]
        known.sort(key=lambda p: _number(p, q.sort) or 0.0, reverse=q.descending)
        chosen = known + unknown  # unknown values last whichever the direction
    ids = [p.id for p in chosen]
    return ids[: q.limit] if q.limit is not None else ids


_numeric = sorted(NUMERIC_FIELDS)
_filters = st.builds(NumericFilter, st.sampled_from(_numeric), st.sampled_from(sorted(OPS)),
                     st.sampled_from([0.0, 1.0, 2.0, 8.0, 48.0, 80.0, 350.0, 700.0, 3350.0, 7999.5, 30000.0]))
_terms = st.sampled_from(["nvidia", "h100", "pcie", "sxm", "amd", "epyc", "100%", "100%_g", "_", "%", "\\",
                          "llama", "ddr5", "80gb", "xyz-none"])
_queries = st.builds(
    PartQuery,
    kind=st.none() | st.sampled_from(list(PartKind)),
    search=st.lists(_terms, max_size=2).map(" ".join),
    filters=st.lists(_filters, max_size=2).map(tuple),
    sort=st.sampled_from([*TEXT_SORT_FIELDS, *_numeric]),
    descending=st.booleans(),
    limit=st.none() | st.integers(min_value=0, max_value=5),
    origin=st.none() | st.sampled_from(["bundled", "user"]),
)


@settings(max_examples=300, deadline=None)
@given(_queries)
def test_sql_matches_reference(q: PartQuery) -> None:
    cat = _catalog()
    assert [p.id for p in cat.query(q)] == _reference(cat, q)
