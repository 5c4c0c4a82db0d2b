"""Catalog queries: kind, free-text terms, numeric filters on any numeric field, sorting.

Queries are plain SQL on the stdlib driver: reading the catalog at start-up must not pay for
importing SQLAlchemy (about 0.25 s), which the ORM writes in writer.py load on first use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, get_args

from app.core.parts import PART_CLASSES, PartKind

COMPARISONS: frozenset[str] = frozenset({">=", "<=", ">", "<", "=", "!="})  # the same in SQL
_FILTER_RE = re.compile(r"^\s*([a-z_][a-z0-9_]*)\s*(>=|<=|!=|=|>|<)\s*(-?\d+(?:\.\d+)?)\s*$")
TEXT_SORT_FIELDS = ("id", "vendor", "name", "kind", "sku")


def _numeric_fields() -> frozenset[str]:
    names: set[str] = set()
    for cls in PART_CLASSES.values():
        for name, info in cls.model_fields.items():
            args = set(get_args(info.annotation)) | {info.annotation}
            if args & {int, float} or "Decimal" in str(info.annotation):
                names.add(name)
    return frozenset(names)


NUMERIC_FIELDS = _numeric_fields()


# Names of fields before they said their unit; filters typed the old way keep working.
LEGACY_FIELDS: dict[str, str] = {"vram_gb": "vram_gib"}


class QueryError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class NumericFilter:
    field: str
    op: str
    value: float

    def __post_init__(self) -> None:
        if self.field not in NUMERIC_FIELDS:
            raise QueryError(f"'{self.field}' is not a numeric field; try one of: {', '.join(sorted(NUMERIC_FIELDS))}")
        if self.op not in COMPARISONS:
            raise QueryError(f"unknown comparison '{self.op}'")

    @classmethod
    def parse(cls, text: str) -> NumericFilter:
        m = _FILTER_RE.match(text)
        if not m:
            raise QueryError(f"cannot read filter {text!r}; write it like vram_gib>=80")
        name = LEGACY_FIELDS.get(m.group(1), m.group(1))
        return cls(name, m.group(2), float(m.group(3)))


@dataclass(frozen=True, slots=True)
class PartQuery:
    kind: PartKind | None = None
    search: str = ""
    filters: tuple[NumericFilter, ...] = ()
    sort: str = "name"
    descending: bool = False
    limit: int | None = None
    origin: str | None = None  # "bundled" / "user"
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.sort not in NUMERIC_FIELDS and self.sort not in TEXT_SORT_FIELDS:
            raise QueryError(f"cannot sort by '{self.sort}'")


def _json_raw(name: str) -> str:
    """SQL for a part field; ``name`` is one of NUMERIC_FIELDS (checked), never user text."""
    if name == "price":  # the user's override wins over the bundled list price
        return "COALESCE(o.price, json_extract(p.data, '$.price'))"
    return f"json_extract(p.data, '$.{name}')"


def _json_number(name: str) -> str:
    return f"CAST({_json_raw(name)} AS REAL)"


def build_sql(q: PartQuery) -> tuple[str, list[object]]:
    """The query as SQL and its parameters, returning part IDs in order.

    Column and field names come only from the fixed lists above (checked when the query is
    made); everything the user typed travels as a bound parameter.
    """
    conditions: list[str] = []
    params: list[object] = []
    if q.kind is not None:
        conditions.append("p.kind = ?")
        params.append(q.kind.value)
    if q.origin is not None:
        conditions.append("p.origin = ?")
        params.append(q.origin)
    for term in q.search.lower().split():
        escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        conditions.append("p.search_text LIKE ? ESCAPE '\\'")
        params.append(f"%{escaped}%")
    for f in q.filters:
        conditions.append(f"({_json_raw(f.field)} IS NOT NULL AND {_json_number(f.field)} {f.op} ?)")
        params.append(f.value)
    sql = "SELECT p.id FROM parts AS p LEFT OUTER JOIN price_overrides AS o ON o.part_id = p.id"
    if conditions:
        sql += " WHERE " + " AND ".join(conditions)
    direction = "DESC" if q.descending else "ASC"
    if q.sort in TEXT_SORT_FIELDS:
        order = [f"p.{q.sort} {direction}"]
    else:  # unknown values last whatever the direction
        order = [f"{_json_raw(q.sort)} IS NULL", f"{_json_number(q.sort)} {direction}"]
    sql += " ORDER BY " + ", ".join([*order, "p.id"])
    if q.limit is not None:
        sql += " LIMIT ?"
        params.append(q.limit)
    return sql, params
