"""Catalog queries: kind, free-text terms, numeric filters on any numeric field, sorting."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, get_args

from sqlalchemy import ColumnElement, Float, Select, and_, cast, func, select

from app.catalog.schema import PartRow, PriceOverrideRow
from app.core.parts import PART_CLASSES, PartKind

OPS: dict[str, Callable[[Any, Any], Any]] = {
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
    "=": operator.eq,
    "!=": operator.ne,
}
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
        if self.op not in OPS:
            raise QueryError(f"unknown comparison '{self.op}'")

    @classmethod
    def parse(cls, text: str) -> NumericFilter:
        m = _FILTER_RE.match(text)
        if not m:
            raise QueryError(f"cannot read filter {text!r}; write it like vram_gb>=80")
        return cls(m.group(1), m.group(2), float(m.group(3)))


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


def _json_raw(name: str) -> ColumnElement[Any]:
    if name == "price":  # the user's override wins over the bundled list price
        return func.coalesce(PriceOverrideRow.price, func.json_extract(PartRow.data, "$.price"))
    return func.json_extract(PartRow.data, f"$.{name}")


def _json_number(name: str) -> ColumnElement[Any]:
    return cast(_json_raw(name), Float)


def build_statement(q: PartQuery) -> Select[str]:
    conditions: list[ColumnElement[bool]] = []
    if q.kind is not None:
        conditions.append(PartRow.kind == q.kind.value)
    if q.origin is not None:
        conditions.append(PartRow.origin == q.origin)
    for term in q.search.lower().split():
        escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        conditions.append(PartRow.search_text.like(f"%{escaped}%", escape="\\"))
    for f in q.filters:
        conditions.append(and_(_json_raw(f.field).is_not(None), OPS[f.op](_json_number(f.field), f.value)))
    stmt = select(PartRow.id).outerjoin(PriceOverrideRow, PriceOverrideRow.part_id == PartRow.id).where(*conditions)
    key: ColumnElement[Any] = getattr(PartRow, q.sort) if q.sort in TEXT_SORT_FIELDS else _json_number(q.sort)
    if q.sort in NUMERIC_FIELDS:
        # unknown values last whatever the direction
        stmt = stmt.order_by(_json_raw(q.sort).is_(None))
    stmt = stmt.order_by(key.desc() if q.descending else key.asc(), PartRow.id)
    if q.limit is not None:
        stmt = stmt.limit(q.limit)
    return stmt
