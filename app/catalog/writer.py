"""Every change to the catalog database, through the SQLAlchemy ORM, one transaction each.

Kept apart from the read path in store.py so that SQLAlchemy (about 0.25 s to import) loads on
the first write (a first run, an upgrade, a custom part, a price list), not at every start-up.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from sqlalchemy import Connection, Engine, create_engine, delete, event, insert, select
from sqlalchemy.orm import Session
from sqlalchemy.pool import QueuePool

from app.catalog.common import BUNDLED, BUSY_TIMEOUT_S, USER, CatalogError
from app.catalog.schema import MetaRow, PartRow, PriceOverrideRow
from app.catalog.seed import PART_ADAPTER
from app.core.parts import AnyPart, Confidence


def search_text_of(part: AnyPart) -> str:
    words = [part.id, part.vendor, part.name, part.sku or "", part.kind.value]
    for attr in ("form_factor", "memory_type", "socket", "family", "interface", "nic_type", "efficiency"):
        value = getattr(part, attr, None)
        if value is not None:
            words.append(str(getattr(value, "value", value)))
    return " ".join(words).lower()


def row_for(part: AnyPart, origin: str) -> dict[str, Any]:
    return {
        "id": part.id,
        "kind": part.kind.value,
        "vendor": part.vendor,
        "name": part.name,
        "sku": part.sku,
        "origin": origin,
        "search_text": search_text_of(part),
        "data": part.model_dump_json(),
    }


def _make_engine(path: Path) -> Engine:
    # The file is opened by the driver itself: a URL "sqlite:///<path>" would read '?', '#' and '%'
    # in a user's folder name as URL syntax.
    # check_same_thread off as SQLAlchemy itself sets it for pooled file databases: the pool hands a
    # connection to one thread at a time, but not always the thread that opened it.
    # Transactions are begun here, as BEGIN IMMEDIATE (the driver's own implicit BEGIN is off): a
    # writer takes the write lock before it reads, so two processes importing prices at once run one
    # after the other instead of both reading "no override yet" and one failing on the insert; the
    # busy timeout makes the second wait for the first rather than fail with "database is locked".
    engine = create_engine(
        "sqlite://",
        creator=lambda: sqlite3.connect(path, check_same_thread=False, timeout=BUSY_TIMEOUT_S, isolation_level=None),
        poolclass=QueuePool)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: sqlite3.Connection, _record: object) -> None:
        dbapi_conn.execute("PRAGMA foreign_keys = ON")
        dbapi_conn.execute("PRAGMA journal_mode = WAL")

    @event.listens_for(engine, "begin")
    def _begin_immediate(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


class CatalogWriter:
    """The write side of one catalog database."""

    def __init__(self, path: Path) -> None:
        self.engine = _make_engine(path)

    def replace_bundled(self, parts: Sequence[AnyPart], meta: dict[str, str]) -> list[str]:
        """Swap every bundled row for ``parts``; returns the IDs skipped because a user part has them."""
        skipped: list[str] = []
        with Session(self.engine) as s, s.begin():
            user_ids = set(s.scalars(select(PartRow.id).where(PartRow.origin == USER)))
            s.execute(delete(PartRow).where(PartRow.origin == BUNDLED))
            rows = []
            for part in parts:
                if part.id in user_ids:
                    skipped.append(part.id)
                    continue
                rows.append(row_for(part, BUNDLED))
            if rows:
                s.execute(insert(PartRow), rows)
            for key, value in meta.items():
                s.merge(MetaRow(key=key, value=value))
        return skipped

    def restore_salvaged(
        self, parts: list[dict[str, Any]], overrides: list[dict[str, Any]], problems: list[str]
    ) -> tuple[int, int]:
        """Carry user rows read from a damaged file into this one; what can't be read goes to ``problems``."""
        restored_parts = restored_prices = 0
        with Session(self.engine) as s, s.begin():
            for row in parts:
                try:
                    part = PART_ADAPTER.validate_json(row["data"])
                except (ValidationError, KeyError, TypeError) as exc:
                    problems.append(f"user part {row.get('id')!r} unreadable: {exc}")
                    continue
                s.merge(PartRow(**row_for(part, USER)))
                restored_parts += 1
            for row in overrides:
                try:
                    s.merge(
                        PriceOverrideRow(
                            part_id=str(row["part_id"]),
                            price=str(Decimal(str(row["price"]))),
                            currency=str(row["currency"]),
                            source=str(row["source"]),
                            updated_at=str(row["updated_at"]),
                        )
                    )
                    restored_prices += 1
                except (KeyError, ArithmeticError, TypeError) as exc:
                    problems.append(f"price override unreadable: {exc}")
        return restored_parts, restored_prices

    def add_user_part(self, part: AnyPart) -> None:
        with Session(self.engine) as s, s.begin():
            if s.get(PartRow, part.id) is not None:
                raise CatalogError(f"a part with ID '{part.id}' already exists")
            user_part = part.model_copy(update={"confidence": Confidence.USER}) if part.confidence else part
            s.add(PartRow(**row_for(user_part, USER)))

    def add_rows(self, rows: Sequence[dict[str, Any]]) -> None:
        """Bulk insert of prepared rows (benchmarks, importers); all or nothing."""
        with Session(self.engine) as s, s.begin():
            s.execute(insert(PartRow), list(rows))

    def update_user_part(self, part: AnyPart) -> None:
        with Session(self.engine) as s, s.begin():
            row = s.get(PartRow, part.id)
            if row is None or row.origin != USER:
                raise CatalogError(f"'{part.id}' is not one of your parts; duplicate it to edit a copy")
            for key, value in row_for(part, USER).items():
                setattr(row, key, value)

    def delete_user_part(self, part_id: str) -> None:
        with Session(self.engine) as s, s.begin():
            row = s.get(PartRow, part_id)
            if row is None or row.origin != USER:
                raise CatalogError(f"'{part_id}' is not one of your parts; bundled parts cannot be deleted")
            s.delete(row)

    def set_price_overrides(self, overrides: Iterable[tuple[str, Decimal, str, str, str]]) -> int:
        """(part_id, price, currency, source, updated_at) rows in one transaction: all or none."""
        count = 0
        with Session(self.engine) as s, s.begin():
            for part_id, price, currency, source, updated_at in overrides:
                s.merge(PriceOverrideRow(part_id=part_id, price=str(price), currency=currency,
                                         source=source, updated_at=updated_at))
                count += 1
        return count

    def clear_price_override(self, part_id: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(delete(PriceOverrideRow).where(PriceOverrideRow.part_id == part_id))

    def close(self) -> None:
        self.engine.dispose()
