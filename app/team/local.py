"""The local working copy's side of a sync: the catalog database (parts, price_overrides) plus the
team tables of db/migrations/0003_team_sync.sql.

Every change here runs in one SQLite transaction (BEGIN IMMEDIATE), so a process killed at any point
leaves the file as it was before or after that step. Rows written on the server's behalf are written
with 'applying' set inside the same transaction, so the change-recording triggers ignore them.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.catalog.common import BUSY_TIMEOUT_S, USER
from app.catalog.migrations import latest_schema_version
from app.team.errors import TeamError
from app.team.models import DOC_FIELDS, PART_FIELDS, PRICE_FIELDS
from app.team.text import t

KINDS: tuple[str, ...] = ("part", "price", "profile", "project")
FIELDS: dict[str, tuple[str, ...]] = {"part": PART_FIELDS, "price": PRICE_FIELDS, "profile": DOC_FIELDS,
                                      "project": DOC_FIELDS}
# What makes two copies of a row "the same": the fields a person edits, not bookkeeping.
CONTENT: dict[str, tuple[str, ...]] = {"part": ("kind", "vendor", "name", "sku", "data"),
                                       "price": ("price", "currency", "source"),
                                       "profile": ("name", "data"), "project": ("name", "data")}
KEY: dict[str, str] = {"part": "id", "price": "part_id", "profile": "id", "project": "id"}
Row = dict[str, Any]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def same_content(kind: str, a: Row | None, b: Row | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return all(a.get(f) == b.get(f) for f in CONTENT[kind])


@dataclass(frozen=True, slots=True)
class Tracked:
    """One row's sync state: the server version it is based on and the local edits since."""

    kind: str
    id: str
    version: int
    dirty: int
    deleted: bool


@dataclass(frozen=True, slots=True)
class Conflict:
    kind: str
    id: str
    base_version: int
    theirs_version: int
    theirs: Row | None
    mine: Row | None
    reason: str
    detected_at: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "base_version": self.base_version,
                "theirs_version": self.theirs_version, "theirs": self.theirs, "mine": self.mine,
                "reason": self.reason, "detected_at": self.detected_at}


class LocalStore:
    """One connection to the catalog database for the length of a sync or a library edit."""

    def __init__(self, db_path: Path) -> None:
        self.path = db_path
        self.conn = sqlite3.connect(db_path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
        self.conn.row_factory = sqlite3.Row
        version = int(self.conn.execute("PRAGMA user_version").fetchone()[0])
        if version < latest_schema_version():
            self.conn.close()
            raise TeamError(t("{path} is not an up-to-date catalog database; open the app or run "
                              "`python -m app catalog info` once", path=db_path))

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def transaction(self, *, applying: bool = False) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE … COMMIT; ``applying``: rows written are the server's, not local edits."""
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            if applying:
                c.execute("INSERT OR REPLACE INTO team_state (key, value) VALUES ('applying', '1')")
            yield c
            if applying:
                c.execute("DELETE FROM team_state WHERE key = 'applying'")
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise

    # ---- state -----------------------------------------------------------------------------
    def state(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM team_state WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else None

    @staticmethod
    def set_state(c: sqlite3.Connection, key: str, value: str) -> None:
        c.execute("INSERT OR REPLACE INTO team_state (key, value) VALUES (?, ?)", (key, value))

    def start_tracking(self, server_id: str) -> None:
        """First sync with a server: from now on local edits are recorded; parts and prices made
        before count as local changes (a catalog admin's are shared on this sync)."""
        known = self.state("server_id")
        if known is not None and known != server_id:
            raise TeamError(t("this catalog was synced with another team server ({known}); use a new data "
                              "directory (--data-dir) for this one", known=known))
        if self.state("tracking") is not None:
            return
        with self.transaction() as c:
            self.set_state(c, "tracking", "1")
            self.set_state(c, "server_id", server_id)
            c.execute("INSERT OR IGNORE INTO team_rows (kind, id, dirty) SELECT 'part', id, 1 FROM parts "
                      "WHERE origin = ?", (USER,))
            c.execute("INSERT OR IGNORE INTO team_rows (kind, id, dirty) SELECT 'price', part_id, 1 "
                      "FROM price_overrides")

    # ---- rows ------------------------------------------------------------------------------
    def tracked(self, kind: str, ids: Iterable[str] | None = None) -> dict[str, Tracked]:
        sql = "SELECT id, version, dirty, deleted FROM team_rows WHERE kind = ?"
        rows = self.conn.execute(sql, (kind,)).fetchall()
        wanted = set(ids) if ids is not None else None
        return {r[0]: Tracked(kind, r[0], int(r[1]), int(r[2]), bool(r[3])) for r in rows
                if wanted is None or r[0] in wanted}

    def dirty(self) -> list[Tracked]:
        """Rows changed here and not yet on the server, leaving out those waiting on a conflict."""
        rows = self.conn.execute(
            "SELECT r.kind, r.id, r.version, r.dirty, r.deleted FROM team_rows r WHERE r.dirty > 0 AND NOT EXISTS "
            "(SELECT 1 FROM team_conflicts c WHERE c.kind = r.kind AND c.id = r.id) ORDER BY r.kind, r.id").fetchall()
        return [Tracked(r[0], r[1], int(r[2]), int(r[3]), bool(r[4])) for r in rows]

    def read(self, kind: str, row_id: str) -> Row | None:
        """This copy's row (None: not here)."""
        fields = FIELDS[kind]
        args: tuple[str, ...]
        if kind == "part":
            sql, args = f"SELECT {', '.join(fields)} FROM parts WHERE id = ? AND origin = ?", (row_id, USER)
        elif kind == "price":
            sql, args = f"SELECT {', '.join(fields)} FROM price_overrides WHERE part_id = ?", (row_id,)
        else:
            sql, args = f"SELECT {', '.join(fields)} FROM team_docs WHERE kind = ? AND id = ?", (kind, row_id)
        row = self.conn.execute(sql, args).fetchone()
        return dict(zip(fields, row, strict=True)) if row is not None else None

    @staticmethod
    def write(c: sqlite3.Connection, kind: str, row: Row | None, row_id: str) -> None:
        """Put ``row`` (None: delete ``row_id``) into this copy, in the caller's transaction."""
        if kind == "part":
            if row is None:
                c.execute("DELETE FROM parts WHERE id = ? AND origin = ?", (row_id, USER))
            else:
                write_parts(c, [row])
        elif kind == "price":
            if row is None:
                c.execute("DELETE FROM price_overrides WHERE part_id = ?", (row_id,))
            else:
                write_prices(c, [row])
        elif row is None:
            c.execute("DELETE FROM team_docs WHERE kind = ? AND id = ?", (kind, row_id))
        else:
            write_docs(c, kind, [row])

    @staticmethod
    def mark(c: sqlite3.Connection, rows: Sequence[tuple[str, str, int, int, bool]]) -> None:
        """(kind, id, version, dirty, deleted) for each row: its sync state after this step."""
        c.executemany("INSERT INTO team_rows (kind, id, version, dirty, deleted) VALUES (?, ?, ?, ?, ?) "
                      "ON CONFLICT (kind, id) DO UPDATE SET version = excluded.version, dirty = excluded.dirty, "
                      "deleted = excluded.deleted", rows)

    # ---- conflicts ---------------------------------------------------------------------------
    @staticmethod
    def record_conflict(c: sqlite3.Connection, kind: str, row_id: str, base: int, theirs_version: int,
                        theirs: Row | None, mine: Row | None, reason: str) -> None:
        c.execute("INSERT OR REPLACE INTO team_conflicts (kind, id, base_version, theirs_version, theirs, mine, "
                  "reason, detected_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                  (kind, row_id, base, theirs_version, _dump(theirs), _dump(mine), reason, _now()))

    def conflicts(self) -> list[Conflict]:
        rows = self.conn.execute("SELECT kind, id, base_version, theirs_version, theirs, mine, reason, detected_at "
                                 "FROM team_conflicts ORDER BY kind, id").fetchall()
        return [Conflict(r[0], r[1], int(r[2]), int(r[3]), _load(r[4]), _load(r[5]), r[6], r[7]) for r in rows]

    def conflict(self, kind: str, row_id: str) -> Conflict | None:
        return next((c for c in self.conflicts() if c.kind == kind and c.id == row_id), None)

    # ---- counts for status ---------------------------------------------------------------------
    def counts(self) -> dict[str, Any]:
        c = self.conn
        synced = dict(c.execute("SELECT kind, count(*) FROM team_rows WHERE version > 0 AND NOT deleted "
                                "GROUP BY kind").fetchall())
        pending = dict(c.execute("SELECT kind, count(*) FROM team_rows WHERE dirty > 0 GROUP BY kind").fetchall())
        conflicts = int(c.execute("SELECT count(*) FROM team_conflicts").fetchone()[0])
        return {"synced": {k: int(synced.get(k, 0)) for k in KINDS},
                "pending": {k: int(pending.get(k, 0)) for k in KINDS}, "conflicts": conflicts,
                "last_sync": self.state("last_sync"), "watermark": self.state("watermark")}


def _dump(row: Row | None) -> str | None:
    return json.dumps(row, ensure_ascii=False, sort_keys=True) if row is not None else None


def _load(text: str | None) -> Row | None:
    value = json.loads(text) if text else None
    return value if isinstance(value, dict) else None


def write_parts(c: sqlite3.Connection, rows: Sequence[Row]) -> None:
    """Upsert server parts as the user's own (origin 'user': editable, kept by bundled upgrades)."""
    cols = ", ".join(PART_FIELDS)
    marks = ", ".join("?" for _ in PART_FIELDS)
    updates = ", ".join(f"{f} = excluded.{f}" for f in PART_FIELDS if f != "id")
    c.executemany(f"INSERT INTO parts ({cols}) VALUES ({marks}) ON CONFLICT (id) DO UPDATE SET {updates}",
                  [tuple(USER if f == "origin" else r[f] for f in PART_FIELDS) for r in rows])


def write_prices(c: sqlite3.Connection, rows: Sequence[Row]) -> None:
    cols = ", ".join(PRICE_FIELDS)
    marks = ", ".join("?" for _ in PRICE_FIELDS)
    updates = ", ".join(f"{f} = excluded.{f}" for f in PRICE_FIELDS if f != "part_id")
    c.executemany(f"INSERT INTO price_overrides ({cols}) VALUES ({marks}) ON CONFLICT (part_id) DO UPDATE SET "
                  f"{updates}", [tuple(r[f] for f in PRICE_FIELDS) for r in rows])


def write_docs(c: sqlite3.Connection, kind: str, rows: Sequence[Row]) -> None:
    c.executemany("INSERT INTO team_docs (kind, id, name, owner, data) VALUES (?, ?, ?, ?, ?) "
                  "ON CONFLICT (kind, id) DO UPDATE SET name = excluded.name, owner = excluded.owner, "
                  "data = excluded.data", [(kind, r["id"], r["name"], r["owner"], r["data"]) for r in rows])


def open_local(data_dir: str | os.PathLike[str] | None) -> LocalStore:
    """The catalog database in the user data directory, built or upgraded first when needed."""
    from app.catalog.store import DB_FILENAME, open_catalog  # noqa: PLC0415
    from app.paths import user_data_dir  # noqa: PLC0415

    path = user_data_dir(data_dir) / DB_FILENAME
    if not path.exists() or _schema_version(path) < latest_schema_version():
        open_catalog(path.parent).close()
    return LocalStore(path)


def _schema_version(path: Path) -> int:
    try:
        with closing(sqlite3.connect(path, timeout=BUSY_TIMEOUT_S)) as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError:
        return 0
