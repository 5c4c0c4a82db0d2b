"""The team server's tables as SQLAlchemy metadata: parts and prices reuse the local catalog's own
models' columns (app.catalog.schema), so both sides hold the same fields; every shared table adds the
sync columns. The DDL itself (triggers, grants, row-level security) is in the Alembic migrations.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Column, DateTime, MetaData, Table, Text
from sqlalchemy.sql.schema import SchemaItem
from sqlalchemy.types import UserDefinedType

from app.catalog.schema import PartRow, PriceOverrideRow


class Xid8(UserDefinedType[int]):
    """PostgreSQL's 64-bit transaction id: the pull watermark (app.team.sync)."""

    cache_ok = True

    def get_col_spec(self, **_kw: object) -> str:
        return "xid8"


metadata = MetaData()


def _sync_columns() -> list[SchemaItem]:
    """version: the row's own counter (conflict check); xid: the writing transaction (pull watermark)."""
    return [Column("version", BigInteger, nullable=False), Column("xid", Xid8, nullable=False),
            Column("deleted", Boolean, nullable=False), Column("changed_by", Text, nullable=False),
            Column("changed_at", DateTime(timezone=True), nullable=False)]


parts = Table("parts", metadata, *(c._copy() for c in PartRow.__table__.columns), *_sync_columns())
prices = Table("prices", metadata, *(c._copy() for c in PriceOverrideRow.__table__.columns), *_sync_columns())


def _doc_table(name: str) -> Table:
    return Table(name, metadata, Column("id", Text, primary_key=True), Column("name", Text, nullable=False),
                 Column("owner", Text, nullable=False), Column("data", Text, nullable=False), *_sync_columns())


profile = _doc_table("profile")
projects = _doc_table("projects")
price_audit = Table(
    "price_audit", metadata, Column("id", BigInteger, primary_key=True), Column("part_id", Text, nullable=False),
    Column("operation", Text, nullable=False), Column("old_price", Text), Column("new_price", Text),
    Column("old_currency", Text), Column("new_currency", Text), Column("changed_by", Text, nullable=False),
    Column("changed_at", DateTime(timezone=True), nullable=False))

PART_FIELDS: tuple[str, ...] = tuple(c.name for c in PartRow.__table__.columns)
PRICE_FIELDS: tuple[str, ...] = tuple(c.name for c in PriceOverrideRow.__table__.columns)
DOC_FIELDS: tuple[str, ...] = ("id", "name", "owner", "data")
SYNC_FIELDS: tuple[str, ...] = ("version", "deleted")
