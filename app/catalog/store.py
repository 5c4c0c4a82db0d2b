"""The user's catalog database: first-run build, upgrade, corruption recovery, queries.

The database lives in the user data directory. Bundled rows are replaced wholesale when the
bundled sources change (their digest is the catalog version); user parts and price overrides
are never replaced by an upgrade (a field the bundled catalog learns is copied into the user's
copies of its parts: app.catalog.upgrades). A damaged file is moved aside, never deleted, and whatever
user data can still be read from it is carried into the rebuilt database.

Reads use the stdlib sqlite3 driver; writes go through the ORM in writer.py, imported on the first
write, so an ordinary start-up (catalog up to date) never loads SQLAlchemy.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from filelock import FileLock, Timeout
from pydantic import ValidationError

from app.catalog.common import BUNDLED, BUSY_TIMEOUT_S, USER, CatalogError
from app.catalog.lookup import part_named_exactly
from app.catalog.migrations import SchemaTooNewError, latest_schema_version, migrate
from app.catalog.query import PartQuery, build_sql
from app.catalog.seed import PART_ADAPTER, load_source_parts, source_digest
from app.catalog.upgrades import moe_routing_backfill
from app.core.parts import PART_CLASSES, AnyPart, Part, PartKind
from app.paths import catalog_source_dir, user_data_dir

if TYPE_CHECKING:
    from app.catalog.writer import CatalogWriter

DB_FILENAME = "catalog.db"
SALVAGE_MAX_ROWID = 200_000  # a row-by-row salvage reads at most this many row ids per table
OPEN_LOCK_TIMEOUT_S = 120.0


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


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S)
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _read_only_uri(path: Path) -> str:
    """A percent-encoded file: URI, so '%', '#' and '?' in a folder name (user names can hold them)
    stay part of the path instead of becoming an escape, a fragment or a query."""
    return f"{path.resolve().as_uri()}?mode=ro"


def _connect_reader(path: Path) -> sqlite3.Connection:
    """Read-only: a vanished file is an error, never silently replaced by a new empty database."""
    conn = sqlite3.connect(_read_only_uri(path), uri=True, check_same_thread=False, timeout=BUSY_TIMEOUT_S)
    return conn


def _check_integrity(path: Path) -> str | None:
    """None when healthy, else a short reason."""
    try:
        conn = sqlite3.connect(_read_only_uri(path), uri=True, timeout=BUSY_TIMEOUT_S)
        try:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
            if rows != [("ok",)]:
                return "integrity check failed: " + "; ".join(str(r[0]) for r in rows[:3])
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > latest_schema_version():
                return None  # a newer app's file: migrate() refuses it as it is, never "recovers" it
            if version and not {"parts", "meta", "price_overrides"} <= tables:
                return "catalog tables are missing"
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return f"not a readable database ({exc})"
    return None


def _salvage_rows(conn: sqlite3.Connection, table: str, where: str, label: str,
                  problems: list[str]) -> list[dict[str, Any]]:
    """Every row of ``table`` that can still be read, one at a time by row id: damage on one page
    costs the rows on that page, not the whole table (a full scan stops at the first bad page)."""
    try:
        return [dict(r) for r in conn.execute(f"SELECT * FROM {table} WHERE {where}")]
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):
            problems.append(f"{label}: the table is missing")
            return []
        problems.append(f"{label}: a full read failed ({exc}); reading row by row")
    except sqlite3.DatabaseError as exc:
        problems.append(f"{label}: a full read failed ({exc}); reading row by row")
    try:
        top = int(conn.execute(f"SELECT max(rowid) FROM {table}").fetchone()[0] or 0)
    except (sqlite3.DatabaseError, TypeError, ValueError):
        top = SALVAGE_MAX_ROWID  # unknown: read on until a long run of row ids gives nothing
    rows: list[dict[str, Any]] = []
    lost = misses = 0
    for rowid in range(1, min(top, SALVAGE_MAX_ROWID) + 1):
        try:
            row = conn.execute(f"SELECT * FROM {table} WHERE rowid = ? AND {where}", (rowid,)).fetchone()
        except sqlite3.DatabaseError:
            lost += 1
            misses += 1
        else:
            misses = 0 if row is not None else misses + 1
            if row is not None:
                rows.append(dict(row))
        if top == SALVAGE_MAX_ROWID and misses > 5000:
            break
    if lost:
        problems.append(f"{label}: {lost} row(s) could not be read")
    return rows


def _salvage_user_data(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """Read what user rows can still be read from a damaged file."""
    problems: list[str] = []
    try:
        conn = sqlite3.connect(_read_only_uri(path), uri=True, timeout=BUSY_TIMEOUT_S)
        conn.row_factory = sqlite3.Row
    except sqlite3.DatabaseError as exc:
        return [], [], [f"could not open the damaged file: {exc}"]
    try:
        parts = _salvage_rows(conn, "parts", "origin = 'user'", "user parts", problems)
        overrides = _salvage_rows(conn, "price_overrides", "1", "price overrides", problems)
    finally:
        conn.close()
    return parts, overrides, problems


def _parse_part(part_id: str, data: object) -> AnyPart:
    """One stored row; raises CatalogError naming the part when the row is damaged."""
    try:
        if not isinstance(data, str | bytes):
            raise TypeError(f"stored data is {type(data).__name__}")
        return PART_ADAPTER.validate_json(data)
    except (ValidationError, ValueError, TypeError) as exc:
        first = str(exc).splitlines()[0][:200]
        raise CatalogError(f"part {str(part_id)[:80]!r} is damaged in the database: {first}") from None


class Catalog:
    """One open catalog database. Parsed parts are cached; every write clears the cache."""

    def __init__(self, path: Path, report: OpenReport) -> None:
        self.path = path
        self.report = report
        self._cache: dict[str, AnyPart] | None = None
        self.unreadable: dict[str, str] = {}  # part ID → why its stored row could not be read
        self._generation = 0  # bumped by every write, so a read that raced one is not cached
        self._writer: CatalogWriter | None = None
        # One read connection for the catalog's life (workers read too, hence the lock). In WAL
        # mode each statement sees what the writer has committed.
        self._read_lock = threading.RLock()
        self._reader: sqlite3.Connection | None = _connect_reader(path)

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with self._read_lock:
            if self._reader is None:
                raise CatalogError(f"the catalog {self.path} has been closed")
            try:
                yield self._reader
            except sqlite3.DatabaseError as exc:
                raise CatalogError(f"the catalog database {self.path} cannot be read ({exc}); "
                                   "quit and start again to have it checked and rebuilt") from None

    @property
    def writer(self) -> CatalogWriter:
        if self._writer is None:
            from app.catalog.writer import CatalogWriter  # noqa: PLC0415 - SQLAlchemy on the first write only

            self._writer = CatalogWriter(self.path)
        return self._writer

    # ---- opening -------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, source_dir: Path | None = None) -> Catalog:
        """Check, build, migrate and upgrade under a lock file, so processes starting at once (four
        windows on a first run, a CLI import beside the window) take turns instead of racing."""
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(path.with_name(path.name + ".lock")), timeout=OPEN_LOCK_TIMEOUT_S)
        try:
            with lock:
                return cls._open_locked(path, source_dir or catalog_source_dir())
        except Timeout:
            raise CatalogError(f"another Inference Sizer process has been opening {path} for over "
                               f"{OPEN_LOCK_TIMEOUT_S:.0f} s; close it and try again") from None
        except OSError as exc:
            raise CatalogError(f"cannot open the catalog {path}: {exc.strerror or exc}") from None

    @classmethod
    def _open_locked(cls, path: Path, source_dir: Path) -> Catalog:
        report = OpenReport()
        salvaged: tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]] | None = None
        if path.exists():
            problem = _check_integrity(path)
            if problem:
                aside = path.with_name(f"{path.name}.damaged-{datetime.now(UTC):%Y%m%d-%H%M%S-%f}")
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
        with closing(_connect(path)) as conn:
            conn.execute("PRAGMA journal_mode = WAL")
            try:
                migrate(conn)
            except SchemaTooNewError as exc:
                raise CatalogError(
                    f"{path} was written by a newer version of Inference Sizer ({exc}); update the app, "
                    "or point --data-dir at another folder") from None
        catalog = cls(path, report)
        catalog._sync_bundled(source_dir)
        if salvaged is not None:
            catalog._restore_salvaged(*salvaged)
        catalog._repair_damaged_rows(source_dir)
        return catalog

    def _repair_damaged_rows(self, source_dir: Path) -> None:
        """Rows that pass SQLite's integrity check but no longer parse (damage inside a value):
        bundled ones are rebuilt from the bundled catalog; the user's are kept in the file, left
        out of the catalog, and named to the user."""
        self._load_all()
        if not self.unreadable:
            return
        with self._reading() as c:
            origins = {str(r[0]): str(r[1]) for r in c.execute("SELECT id, origin FROM parts")}
        if any(origins.get(part_id) == BUNDLED for part_id in self.unreadable):
            self.writer.replace_bundled(load_source_parts(source_dir),
                                        {"catalog_version": source_digest(source_dir), "catalog_updated_at": _now()})
            self._invalidate()
            self._load_all()
            self.report.messages.append("Damaged bundled parts were rebuilt from the bundled catalog.")
        self.report.messages.extend(
            f"Left out: {reason} (the row is kept in {self.path.name})" for reason in self.unreadable.values())

    def _sync_bundled(self, source_dir: Path) -> None:
        digest = source_digest(source_dir)
        previous = self.meta("catalog_version")
        if previous == digest:
            return
        parts = load_source_parts(source_dir)
        skipped = self.writer.replace_bundled(parts, {"catalog_version": digest, "catalog_updated_at": _now()})
        self.report.messages.extend(
            f"Your part '{part_id}' has the same ID as a bundled part; yours is kept." for part_id in skipped
        )
        self._invalidate()
        self._backfill_user_parts(parts)
        if previous is not None:
            self.report.upgraded_from = previous
            self.report.messages.append(
                f"The bundled catalog was upgraded ({previous} → {digest}); your own parts and prices were kept."
            )
        self._invalidate()

    def _backfill_user_parts(self, bundled: list[AnyPart]) -> None:
        """Fields the bundled catalog has learnt, copied into the user's copies of its parts (MoE routing)."""
        with self._reading() as c:
            user_ids = {str(r[0]) for r in c.execute("SELECT id FROM parts WHERE origin = ?", (USER,))}
        if not user_ids:
            return
        mine = [p for i, p in self._load_all().items() if i in user_ids]
        for part, source_id in moe_routing_backfill(mine, bundled):
            self.writer.update_user_part(part)
            self.report.messages.append(
                f"Your model '{part.id}' took its MoE routing ({part.routed_experts} experts, "
                f"{part.experts_per_token} a token) from the bundled '{source_id}'.")
        self._invalidate()

    def _restore_salvaged(
        self, parts: list[dict[str, Any]], overrides: list[dict[str, Any]], problems: list[str]
    ) -> None:
        restored_parts, restored_prices = self.writer.restore_salvaged(parts, overrides, problems)
        self._invalidate()
        self.report.messages.append(
            f"Recovered {restored_parts} of your parts and {restored_prices} price overrides from the damaged file."
        )
        self.report.messages.extend(f"Not recovered: {p}" for p in problems)

    # ---- metadata ------------------------------------------------------------------------
    def meta(self, key: str) -> str | None:
        with self._reading() as c:
            row = c.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row is not None else None

    @property
    def catalog_version(self) -> str:
        return self.meta("catalog_version") or ""

    @property
    def schema_version(self) -> int:
        with self._reading() as c:
            return int(c.execute("PRAGMA user_version").fetchone()[0])

    # ---- reading -------------------------------------------------------------------------
    def _load_all(self) -> dict[str, AnyPart]:
        cache = self._cache  # one read: a write on another thread may clear it meanwhile
        if cache is None:
            generation = self._generation
            with self._reading() as c:
                rows = c.execute("SELECT id, data FROM parts").fetchall()
                overrides = {r[0]: (r[1], r[2], r[3], r[4]) for r in c.execute(
                    "SELECT part_id, price, currency, source, updated_at FROM price_overrides")}
            cache = {}
            unreadable: dict[str, str] = {}
            for part_id, data in rows:
                try:
                    part = _parse_part(part_id, data)
                except CatalogError as exc:
                    unreadable[str(part_id)] = str(exc)
                    continue
                o = overrides.get(part_id)
                if o is not None:
                    try:
                        # The imported price says where it came from, ahead of the catalog's own sources.
                        imported = f"price imported from {o[2]} ({str(o[3])[:10]})"
                        part = part.model_copy(update={"price": Decimal(str(o[0])), "currency": str(o[1]),
                                                       "source": f"{imported} ; {part.source}"})
                    except ArithmeticError:
                        unreadable[f"price of {part_id}"] = f"the price override of {part_id!r} is damaged"
                cache[part_id] = part
            self.unreadable = unreadable
            if generation == self._generation:
                self._cache = cache
        return cache

    def _invalidate(self) -> None:
        self._generation += 1
        self._cache = None

    def parts_by_id(self) -> dict[str, AnyPart]:
        """Every part, bundled and user, with the user's price overrides applied."""
        return dict(self._load_all())

    def get(self, part_id: str) -> AnyPart | None:
        return self._load_all().get(part_id)

    def origin(self, part_id: str) -> str | None:
        with self._reading() as c:
            row = c.execute("SELECT origin FROM parts WHERE id = ?", (part_id,)).fetchone()
        return str(row[0]) if row is not None else None

    def query(self, q: PartQuery | None = None) -> list[AnyPart]:
        """Filtered, sorted parts; SQLite does the filtering, the cache does the parsing."""
        sql, params = build_sql(q or PartQuery())
        cache = self._load_all()
        with self._reading() as c:
            ids = [r[0] for r in c.execute(sql, params)]
        return [cache[i] for i in ids if i in cache]

    def search(self, q: PartQuery) -> list[AnyPart]:
        """What a person's search finds: the query's parts, or, where no part's text holds the search, the one
        part it names the way people write names (a Hugging Face upload 'nvidia/DeepSeek-R1-0528-FP4-V2',
        'Kimi-K2-Instruct-0905'; app.catalog.lookup). A name that fits several parts, or none, adds nothing:
        the text's answer stands. Filtered, limited or origin-bound queries are a script's exact question."""
        found = self.query(q)
        if found or not q.search.strip() or q.filters or q.origin is not None or q.limit is not None:
            return found
        kind: type[Part] = PART_CLASSES[q.kind] if q.kind is not None else Part
        named = part_named_exactly(self._load_all(), q.search, kind)
        return [] if named is None else [cast(AnyPart, named)]

    def count(self, kind: PartKind | None = None) -> int:
        with self._reading() as c:
            if kind is None:
                row = c.execute("SELECT count(*) FROM parts").fetchone()
            else:
                row = c.execute("SELECT count(*) FROM parts WHERE kind = ?", (kind.value,)).fetchone()
        return int(row[0])

    def find_by_sku(self) -> dict[str, str]:
        """Lower-cased SKU and ID → part ID, for price-list matching."""
        index: dict[str, str] = {}
        with self._reading() as c:
            for part_id, sku in c.execute("SELECT id, sku FROM parts"):
                index[part_id.lower()] = part_id
                if sku:
                    index[sku.strip().lower()] = part_id
        return index

    def price_overrides(self) -> dict[str, PriceOverride]:
        with self._reading() as c:
            rows = c.execute("SELECT part_id, price, currency, source, updated_at FROM price_overrides").fetchall()
        return {r[0]: PriceOverride(r[0], Decimal(r[1]), r[2], r[3], r[4]) for r in rows}

    # ---- user data -----------------------------------------------------------------------
    def add_user_part(self, part: AnyPart) -> None:
        self.writer.add_user_part(part)
        self._invalidate()

    def update_user_part(self, part: AnyPart) -> None:
        self.writer.update_user_part(part)
        self._invalidate()

    def delete_user_part(self, part_id: str) -> None:
        self.writer.delete_user_part(part_id)
        self._invalidate()

    def set_price_overrides(self, overrides: Iterable[PriceOverride]) -> int:
        """All in one transaction: a failure leaves every price as it was."""
        try:
            return self.writer.set_price_overrides(
                (o.part_id, o.price, o.currency, o.source, o.updated_at) for o in overrides)
        finally:
            self._invalidate()

    def clear_price_override(self, part_id: str) -> None:
        self.writer.clear_price_override(part_id)
        self._invalidate()

    def close(self) -> None:
        with self._read_lock:
            if self._reader is not None:
                self._reader.close()
                self._reader = None
        if self._writer is not None:
            self._writer.close()
            self._writer = None

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
