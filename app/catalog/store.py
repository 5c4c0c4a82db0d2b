"""The user's catalog database: first-run build, upgrade, corruption recovery, queries.

The database lives in the user data directory. Bundled rows are replaced wholesale when the
bundled sources change (their digest is the catalog version); user parts and price overrides
are never touched by an upgrade. A damaged file is moved aside, never deleted, and whatever
user data can still be read from it is carried into the rebuilt database.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from sqlalchemy import Engine, create_engine, delete, event, func, insert, select, text
from sqlalchemy.orm import Session

from app.catalog.migrations import SchemaTooNewError, migrate
from app.catalog.query import PartQuery, build_statement
from app.catalog.schema import BUNDLED, USER, MetaRow, PartRow, PriceOverrideRow
from app.catalog.seed import PART_ADAPTER, load_source_parts, source_digest
from app.core.parts import AnyPart, Confidence, PartKind
from app.paths import catalog_source_dir, user_data_dir

DB_FILENAME = "catalog.db"


class CatalogError(RuntimeError):
    """A catalog operation the user asked for cannot be done; the message says why."""


@dataclass(frozen=True, slots=True)
class PriceOverride:
    part_id: str
    price: Decimal
    currency: str
    source: str
    updated_at: str


@dataclass(slots=True)
class OpenReport:
    """What happened while opening: shown once to the user (GUI banner, CLI stderr)."""

    created: bool = False
    upgraded_from: str | None = None
    recovered_from: Path | None = None
    messages: list[str] = field(default_factory=list)


def search_text_of(part: AnyPart) -> str:
    words = [part.id, part.vendor, part.name, part.sku or "", part.kind.value]
    for attr in ("form_factor", "memory_type", "socket", "family", "interface", "nic_type", "efficiency"):
        value = getattr(part, attr, None)
        if value is not None:
            words.append(str(getattr(value, "value", value)))
    return " ".join(words).lower()


def _row_for(part: AnyPart, origin: str) -> dict[str, Any]:
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


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _make_engine(path: Path) -> Engine:
    engine = create_engine(f"sqlite:///{path}", future=True)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: sqlite3.Connection, _record: object) -> None:
        dbapi_conn.execute("PRAGMA foreign_keys = ON")
        dbapi_conn.execute("PRAGMA journal_mode = WAL")

    return engine


def _check_integrity(path: Path) -> str | None:
    """None when healthy, else a short reason."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
            if rows != [("ok",)]:
                return "integrity check failed: " + "; ".join(str(r[0]) for r in rows[:3])
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version and not {"parts", "meta", "price_overrides"} <= tables:
                return "catalog tables are missing"
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return f"not a readable database ({exc})"
    return None


def _salvage_user_data(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """Read what user rows can still be read from a damaged file."""
    parts: list[dict[str, Any]] = []
    overrides: list[dict[str, Any]] = []
    problems: list[str] = []
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
    except sqlite3.DatabaseError as exc:
        return parts, overrides, [f"could not open the damaged file: {exc}"]
    try:
        for table, sql, sink in (
            ("user parts", "SELECT * FROM parts WHERE origin = 'user'", parts),
            ("price overrides", "SELECT * FROM price_overrides", overrides),
        ):
            try:
                sink.extend(dict(r) for r in conn.execute(sql))
            except sqlite3.DatabaseError as exc:
                problems.append(f"could not read {table}: {exc}")
    finally:
        conn.close()
    return parts, overrides, problems


class Catalog:
    """One open catalog database. Parsed parts are cached; every write clears the cache."""

    def __init__(self, path: Path, engine: Engine, report: OpenReport) -> None:
        self.path = path
        self.engine = engine
        self.report = report
        self._cache: dict[str, AnyPart] | None = None

    # ---- opening -------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, source_dir: Path | None = None) -> Catalog:
        report = OpenReport()
        source_dir = source_dir or catalog_source_dir()
        salvaged: tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]] | None = None
        if path.exists():
            problem = _check_integrity(path)
            if problem:
                aside = path.with_name(f"{path.name}.damaged-{datetime.now(UTC):%Y%m%d-%H%M%S}")
                salvaged = _salvage_user_data(path)
                shutil.move(path, aside)
                for suffix in ("-wal", "-shm"):
                    side = path.with_name(path.name + suffix)
                    if side.exists():
                        shutil.move(side, aside.with_name(aside.name + suffix))
                report.recovered_from = aside
                report.messages.append(
                    f"The catalog database was damaged ({problem}). It was moved to {aside} "
                    "and a new one was built from the bundled catalog."
                )
        report.created = not path.exists()
        path.parent.mkdir(parents=True, exist_ok=True)
        engine = _make_engine(path)
        raw = engine.raw_connection()
        try:
            migrate(raw.driver_connection)  # type: ignore[arg-type]
        except SchemaTooNewError as exc:
            raise CatalogError(str(exc)) from None
        finally:
            raw.close()
        catalog = cls(path, engine, report)
        catalog._sync_bundled(source_dir)
        if salvaged is not None:
            catalog._restore_salvaged(*salvaged)
        return catalog

    def _sync_bundled(self, source_dir: Path) -> None:
        digest = source_digest(source_dir)
        with Session(self.engine) as s:
            row = s.get(MetaRow, "catalog_version")
            previous = row.value if row is not None else None
            if previous == digest:
                return
            parts = load_source_parts(source_dir)
            user_ids = set(s.scalars(select(PartRow.id).where(PartRow.origin == USER)))
            s.execute(delete(PartRow).where(PartRow.origin == BUNDLED))
            rows = []
            for part in parts:
                if part.id in user_ids:
                    self.report.messages.append(
                        f"Your part '{part.id}' has the same ID as a bundled part; yours is kept."
                    )
                    continue
                rows.append(_row_for(part, BUNDLED))
            if rows:
                s.execute(insert(PartRow), rows)
            s.merge(MetaRow(key="catalog_version", value=digest))
            s.merge(MetaRow(key="catalog_updated_at", value=_now()))
            s.commit()
            if previous is not None:
                self.report.upgraded_from = previous
                self.report.messages.append(
                    f"The bundled catalog was upgraded ({previous} → {digest}); "
                    "your own parts and prices were kept."
                )
        self._cache = None

    def _restore_salvaged(
        self, parts: list[dict[str, Any]], overrides: list[dict[str, Any]], problems: list[str]
    ) -> None:
        restored_parts = restored_prices = 0
        with Session(self.engine) as s:
            for row in parts:
                try:
                    part = PART_ADAPTER.validate_json(row["data"])
                except (ValidationError, KeyError, TypeError) as exc:
                    problems.append(f"user part {row.get('id')!r} unreadable: {exc}")
                    continue
                s.merge(PartRow(**_row_for(part, USER)))
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
            s.commit()
        self._cache = None
        self.report.messages.append(
            f"Recovered {restored_parts} of your parts and {restored_prices} price overrides from the damaged file."
        )
        self.report.messages.extend(f"Not recovered: {p}" for p in problems)

    # ---- metadata ------------------------------------------------------------------------
    def meta(self, key: str) -> str | None:
        with Session(self.engine) as s:
            row = s.get(MetaRow, key)
            return row.value if row else None

    @property
    def catalog_version(self) -> str:
        return self.meta("catalog_version") or ""

    @property
    def schema_version(self) -> int:
        with self.engine.connect() as c:
            return int(c.execute(text("PRAGMA user_version")).scalar_one())

    # ---- reading -------------------------------------------------------------------------
    def _load_all(self) -> dict[str, AnyPart]:
        if self._cache is None:
            with Session(self.engine) as s:
                rows = s.execute(select(PartRow.id, PartRow.data)).all()
                overrides = {o.part_id: o for o in s.scalars(select(PriceOverrideRow))}
            cache: dict[str, AnyPart] = {}
            for part_id, data in rows:
                part = PART_ADAPTER.validate_json(data)
                o = overrides.get(part_id)
                if o is not None:
                    part = part.model_copy(update={"price": Decimal(o.price), "currency": o.currency})
                cache[part_id] = part
            self._cache = cache
        return self._cache

    def parts_by_id(self) -> dict[str, AnyPart]:
        """Every part, bundled and user, with the user's price overrides applied."""
        return dict(self._load_all())

    def get(self, part_id: str) -> AnyPart | None:
        return self._load_all().get(part_id)

    def origin(self, part_id: str) -> str | None:
        with Session(self.engine) as s:
            return s.scalar(select(PartRow.origin).where(PartRow.id == part_id))

    def query(self, q: PartQuery | None = None) -> list[AnyPart]:
        """Filtered, sorted parts; SQLite does the filtering, the cache does the parsing."""
        q = q or PartQuery()
        stmt = build_statement(q)
        cache = self._load_all()
        with self.engine.connect() as c:
            ids = c.execute(stmt).scalars().all()
        return [cache[i] for i in ids if i in cache]

    def count(self, kind: PartKind | None = None) -> int:
        stmt = select(func.count()).select_from(PartRow)
        if kind is not None:
            stmt = stmt.where(PartRow.kind == kind.value)
        with self.engine.connect() as c:
            return int(c.execute(stmt).scalar_one())

    def find_by_sku(self) -> dict[str, str]:
        """Lower-cased SKU and ID → part ID, for price-list matching."""
        index: dict[str, str] = {}
        with Session(self.engine) as s:
            for part_id, sku in s.execute(select(PartRow.id, PartRow.sku)):
                index[part_id.lower()] = part_id
                if sku:
                    index[sku.strip().lower()] = part_id
        return index

    def price_overrides(self) -> dict[str, PriceOverride]:
        with Session(self.engine) as s:
            return {
                o.part_id: PriceOverride(o.part_id, Decimal(o.price), o.currency, o.source, o.updated_at)
                for o in s.scalars(select(PriceOverrideRow))
            }

    # ---- user data -----------------------------------------------------------------------
    def add_user_part(self, part: AnyPart) -> None:
        with Session(self.engine) as s:
            if s.get(PartRow, part.id) is not None:
                raise CatalogError(f"a part with ID '{part.id}' already exists")
            user_part = part.model_copy(update={"confidence": Confidence.USER}) if part.confidence else part
            s.add(PartRow(**_row_for(user_part, USER)))
            s.commit()
        self._cache = None

    def update_user_part(self, part: AnyPart) -> None:
        with Session(self.engine) as s:
            row = s.get(PartRow, part.id)
            if row is None or row.origin != USER:
                raise CatalogError(f"'{part.id}' is not one of your parts; duplicate it to edit a copy")
            for key, value in _row_for(part, USER).items():
                setattr(row, key, value)
            s.commit()
        self._cache = None

    def delete_user_part(self, part_id: str) -> None:
        with Session(self.engine) as s:
            row = s.get(PartRow, part_id)
            if row is None or row.origin != USER:
                raise CatalogError(f"'{part_id}' is not one of your parts; bundled parts cannot be deleted")
            s.delete(row)
            s.commit()
        self._cache = None

    def set_price_overrides(self, overrides: Iterable[PriceOverride]) -> int:
        """All in one transaction: a failure leaves every price as it was."""
        count = 0
        with Session(self.engine) as s, s.begin():
            for o in overrides:
                s.merge(PriceOverrideRow(part_id=o.part_id, price=str(o.price), currency=o.currency,
                                         source=o.source, updated_at=o.updated_at))
                count += 1
        self._cache = None
        return count

    def clear_price_override(self, part_id: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(delete(PriceOverrideRow).where(PriceOverrideRow.part_id == part_id))
        self._cache = None

    def close(self) -> None:
        self.engine.dispose()


def open_catalog(data_dir: str | Path | None = None, source_dir: Path | None = None) -> Catalog:
    """Open (building or upgrading as needed) the catalog in the user data directory."""
    return Catalog.open(user_data_dir(data_dir) / DB_FILENAME, source_dir)


def parts_to_json(parts: Sequence[AnyPart], origins: dict[str, str] | None = None) -> list[dict[str, Any]]:
    out = []
    for p in parts:
        d = json.loads(p.model_dump_json())
        if origins is not None:
            d["origin"] = origins.get(p.id, BUNDLED)
        out.append(d)
    return out
