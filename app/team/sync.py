"""Offline-first sync between the local catalog (the working copy) and the team server.

A sync is pull, then push:

- **Pull** reads, in one REPEATABLE READ snapshot, every server row written by a transaction at or
  after the watermark (the oldest transaction still running at the previous pull, so one that commits
  late is read next time, never skipped) and applies them locally in one SQLite transaction together
  with the new watermark. A row changed here as well is not overwritten: it becomes a conflict for
  the user (theirs / mine / both as copies), unless both copies already say the same (for instance our
  own push whose acknowledgement a kill -9 lost).
- **Push** sends local changes (projects; parts, prices and the profile for catalog admins) with the
  server version they were based on: ``UPDATE … WHERE version = base``. No row updated means someone
  else got there first: a conflict. The server commits a chunk, then the local copy records the new
  versions; a kill between the two is healed by the next pull's same-content check.

Every step is one transaction on each side, so killing the process (or the server, or the network) at
any point leaves both sides consistent, and the next sync resumes.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import time
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app.team.errors import TeamError
from app.team.local import CONTENT, FIELDS, KEY, KINDS, LocalStore, Row, Tracked, same_content
from app.team.server import SCHEMA_HEAD, Whoami, whoami
from app.team.text import t

if TYPE_CHECKING:
    import psycopg

TABLE = {"part": "parts", "price": "prices", "profile": "profile", "project": "projects"}
ADMIN_KINDS = ("part", "price", "profile")
PUSH_CHUNK = 200
CHOICES = ("theirs", "mine", "both")
CRASH_ENV = "INFERENCE_SIZER_TEAM_CRASH_AT"  # tests: kill -9 this process at a named step


def crash_point(name: str) -> None:
    """Fault injection for the kill -9 tests: a real SIGKILL at the named step, nothing otherwise."""
    if os.environ.get(CRASH_ENV) == name:
        os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


@dataclass(slots=True)
class SyncReport:
    first: bool = False
    pulled: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    pushed: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    held: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    conflicts: list[tuple[str, str, str]] = field(default_factory=list)  # (kind, id, reason), new this sync
    user: str = ""
    admin: bool = False
    elapsed_ms: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "pulled": self.pulled, "pushed": self.pushed, "held": self.held,
                "conflicts": [{"kind": k, "id": i, "reason": r} for k, i, r in self.conflicts],
                "user": self.user, "admin": self.admin, "elapsed_ms": round(self.elapsed_ms, 1)}


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:300]


class SyncEngine:
    """One local copy and one server connection (autocommit; every step opens its own transaction)."""

    def __init__(self, local: LocalStore, conn: psycopg.Connection) -> None:
        self.local = local
        self.conn = conn
        conn.autocommit = True
        self._who: Whoami | None = None

    # ---- the whole sync --------------------------------------------------------------------
    def sync(self) -> SyncReport:
        import psycopg  # noqa: PLC0415

        started = time.perf_counter()
        report = SyncReport()
        try:
            who = self.whoami()
            report.user, report.admin = who.user, who.is_admin
            self.local.start_tracking(self._server_id())
            report.first = self.local.state("watermark") is None
            self.pull(report)
            self.push(report, who)
            with self.local.transaction() as c:
                self.local.set_state(c, "last_sync", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
        except psycopg.Error as exc:
            raise TeamError(t("the sync stopped: {problem}; both copies are consistent, run it again",
                              problem=_first_line(exc))) from None
        except sqlite3.Error as exc:  # the local catalog busy past its timeout, or damaged
            raise TeamError(t("the sync stopped at the local catalog {path}: {problem}; run it again",
                              path=self.local.path, problem=_first_line(exc))) from None
        report.elapsed_ms = (time.perf_counter() - started) * 1000
        return report

    def whoami(self) -> Whoami:
        if self._who is None:
            who = whoami(self.conn)
            if who.revision is None:
                raise TeamError(t("the team server has no Inference Sizer schema yet; a database owner runs "
                                  "`python -m app team init --setup-server` first"))
            if who.revision != SCHEMA_HEAD:
                raise TeamError(t("the team server's schema is {revision}, this app knows up to {head}: update the "
                                  "app (or have the server upgraded with `team init --setup-server`)",
                                  revision=who.revision, head=SCHEMA_HEAD))
            if not who.is_sales:
                raise TeamError(t("{user} is in neither team role (inference_sizer_sales, inference_sizer_admin)",
                                  user=who.user))
            self._who = who
        return self._who

    def _server_id(self) -> str:
        row = self.conn.execute("SELECT id FROM team_identity").fetchone()
        if row is None:
            raise TeamError(t("the team server has no identity row; run `team init --setup-server` again"))
        return str(row[0])

    # ---- pull --------------------------------------------------------------------------------
    def _read_server(self) -> tuple[str, dict[str, list[Row]]]:
        watermark = self.local.state("watermark")
        rows: dict[str, list[Row]] = {}
        with self.conn.transaction():
            self.conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            got = self.conn.execute("SELECT pg_snapshot_xmin(pg_current_snapshot())::text").fetchone()
            next_watermark = str(got[0]) if got else "0"
            for kind in KINDS:
                fields = FIELDS[kind]
                sql = f"SELECT {', '.join(fields)}, version, deleted FROM {TABLE[kind]}"
                cur = (self.conn.execute(sql + " WHERE xid >= %s::xid8", (watermark,)) if watermark
                       else self.conn.execute(sql))
                names = (*fields, "version", "deleted")
                rows[kind] = [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
        return next_watermark, rows

    def pull(self, report: SyncReport) -> None:
        next_watermark, rows = self._read_server()
        crash_point("pull-read")
        with self.local.transaction(applying=True) as c:
            for kind in KINDS:
                if rows[kind]:
                    report.pulled[kind] += self._apply(c, kind, rows[kind], report)
            self.local.set_state(c, "watermark", next_watermark)
            crash_point("pull-apply")

    def _apply(self, c: Any, kind: str, rows: list[Row], report: SyncReport) -> int:
        """Apply one kind's server rows; returns how many changed this copy."""
        tracked = self.local.tracked(kind)
        known = {(r[0], int(r[1])) for r in c.execute(
            "SELECT id, theirs_version FROM team_conflicts WHERE kind = ?", (kind,))}
        key = KEY[kind]
        upserts: list[Row] = []
        deletes: list[str] = []
        marks: list[tuple[str, str, int, int, bool]] = []
        for row in rows:
            rid, version, deleted = str(row[key]), int(row["version"]), bool(row["deleted"])
            tr = tracked.get(rid)
            base, dirty = (tr.version, tr.dirty) if tr else (0, 0)
            if version <= base:
                continue  # this copy has it already (a re-read of a late-committed transaction's rows)
            theirs = None if deleted else {f: row[f] for f in FIELDS[kind]}
            if dirty:
                mine = self.local.read(kind, rid)
                if not same_content(kind, mine, theirs):
                    if (rid, version) not in known:
                        reason = t("deleted on the server") if deleted else t("changed on the server and here")
                        self.local.record_conflict(c, kind, rid, base, version, theirs, mine, reason)
                        report.conflicts.append((kind, rid, reason))
                    continue
                c.execute("DELETE FROM team_conflicts WHERE kind = ? AND id = ?", (kind, rid))
            elif theirs is None:
                deletes.append(rid)
            else:
                upserts.append(theirs)
            marks.append((kind, rid, version, 0, deleted))
        from app.team.local import write_docs, write_parts, write_prices  # noqa: PLC0415

        if upserts:
            if kind == "part":
                write_parts(c, upserts)
            elif kind == "price":
                write_prices(c, upserts)
            else:
                write_docs(c, kind, upserts)
        for rid in deletes:
            self.local.write(c, kind, None, rid)
        self.local.mark(c, marks)
        return len(upserts) + len(deletes)

    # ---- push --------------------------------------------------------------------------------
    def push(self, report: SyncReport, who: Whoami) -> None:
        pending = []
        for tr in self.local.dirty():
            if tr.kind in ADMIN_KINDS and not who.is_admin:
                report.held[tr.kind] += 1  # stays a local change: only catalog admins share these
            else:
                pending.append(tr)
        for start in range(0, len(pending), PUSH_CHUNK):
            self._push_chunk(pending[start:start + PUSH_CHUNK], report)

    def _push_chunk(self, chunk: list[Tracked], report: SyncReport) -> None:
        import psycopg  # noqa: PLC0415

        done: list[tuple[Tracked, Row | None, int, str | None]] = []
        lost: list[tuple[Tracked, Row | None, str]] = []
        with self.conn.transaction():
            for tr in chunk:
                mine = self.local.read(tr.kind, tr.id)
                try:
                    with self.conn.transaction():
                        result = self._push_one(tr, mine)
                except psycopg.errors.DatabaseError as exc:
                    if isinstance(exc, psycopg.OperationalError):
                        raise
                    lost.append((tr, mine, t("refused by the server: {problem}", problem=_first_line(exc))))
                    continue
                if result is None:
                    lost.append((tr, mine, ""))
                else:
                    done.append((tr, mine, *result))
            crash_point("push-server")
        crash_point("push-commit")
        with self.local.transaction(applying=True) as c:
            for tr, mine, version, owner in done:
                row = c.execute("SELECT dirty FROM team_rows WHERE kind = ? AND id = ?", (tr.kind, tr.id)).fetchone()
                still = int(row[0]) if row else 0
                self.local.mark(c, [(tr.kind, tr.id, version, 0 if still == tr.dirty else still, mine is None)])
                if owner is not None and mine is not None and tr.kind in ("project", "profile"):
                    c.execute("UPDATE team_docs SET owner = ? WHERE kind = ? AND id = ?", (owner, tr.kind, tr.id))
                report.pushed[tr.kind] += 1
        if lost:
            self._settle_lost(lost, report)

    def _push_one(self, tr: Tracked, mine: Row | None) -> tuple[int, str | None] | None:
        """One row to the server: (new version, owner) or None when the server's version moved on."""
        table, key = TABLE[tr.kind], KEY[tr.kind]
        docs = tr.kind in ("project", "profile")
        returning = " RETURNING version" + (", owner" if docs else "")
        if mine is None:
            if tr.version == 0:
                return 0, None  # made and deleted here, never on the server
            cur = self.conn.execute(f"UPDATE {table} SET deleted = true WHERE {key} = %s AND version = %s"
                                    + returning, (tr.id, tr.version))
        else:
            editable = CONTENT[tr.kind] if docs else tuple(f for f in FIELDS[tr.kind] if f != key)
            if tr.version == 0:
                cols = (key, *editable)
                cur = self.conn.execute(
                    f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join(['%s'] * len(cols))}) "
                    f"ON CONFLICT ({key}) DO NOTHING" + returning, tuple(mine[f] for f in cols))
            else:
                sets = ", ".join(f"{f} = %s" for f in editable)
                cur = self.conn.execute(
                    f"UPDATE {table} SET {sets}, deleted = false WHERE {key} = %s AND version = %s" + returning,
                    (*(mine[f] for f in editable), tr.id, tr.version))
        got = cur.fetchone()
        if got is None:
            return None
        return int(got[0]), (str(got[1]) if docs else None)

    def _server_row(self, kind: str, row_id: str) -> tuple[int, Row | None, str | None]:
        """(version, row or None when deleted/absent, owner of a document)."""
        fields = FIELDS[kind]
        got = self.conn.execute(f"SELECT {', '.join(fields)}, version, deleted FROM {TABLE[kind]} "
                                f"WHERE {KEY[kind]} = %s", (row_id,)).fetchone()
        if got is None:
            return 0, None, None
        row = dict(zip(fields, got[:len(fields)], strict=True))
        owner = str(row["owner"]) if "owner" in row else None
        return int(got[len(fields)]), (None if got[-1] else row), owner

    def _settle_lost(self, lost: list[tuple[Tracked, Row | None, str]], report: SyncReport) -> None:
        """Pushes the server did not take: the same content already there is adopted; anything else is a
        conflict kept for the user, never overwritten."""
        who = self.whoami()
        found = [(tr, mine, why, *self._server_row(tr.kind, tr.id)) for tr, mine, why in lost]
        with self.local.transaction(applying=True) as c:
            for tr, mine, why, version, theirs, owner in found:
                if not why and version and same_content(tr.kind, mine, theirs):
                    self.local.mark(c, [(tr.kind, tr.id, version, 0, theirs is None)])
                    continue
                reason = why
                if not reason and owner is not None and owner != who.user and not who.is_admin:
                    reason = t("owned by {owner}: only they can change it (keep theirs, or both as copies)",
                               owner=owner)
                reason = reason or t("changed on the server since this copy was based on it")
                self.local.record_conflict(c, tr.kind, tr.id, tr.version, version, theirs, mine, reason)
                report.conflicts.append((tr.kind, tr.id, reason))


def resolve(local: LocalStore, kind: str, row_id: str, choice: str, *, user: str = "") -> str | None:
    """Settle one conflict: ``theirs`` takes the server's row, ``mine`` keeps this copy's (pushed on the
    next sync over the server's), ``both`` keeps theirs under the ID and mine as a new copy. Returns the
    copy's ID for ``both``."""
    conflict = local.conflict(kind, row_id)
    if conflict is None:
        raise TeamError(t("no conflict on {kind} {id}", kind=kind, id=row_id))
    if choice not in CHOICES:
        raise TeamError(t("choose theirs, mine or both, not {choice!r}", choice=choice))
    if choice == "both" and kind in ("price", "profile"):
        raise TeamError(t("a {kind} has one value: choose theirs or mine", kind=kind))
    copy_id: str | None = None
    with local.transaction(applying=True) as c:
        if choice == "mine":
            row = c.execute("SELECT dirty FROM team_rows WHERE kind = ? AND id = ?", (kind, row_id)).fetchone()
            local.mark(c, [(kind, row_id, conflict.theirs_version, max(1, int(row[0]) if row else 1),
                            conflict.mine is None)])
        else:
            if choice == "both" and conflict.mine is not None:
                copy_id = _write_copy(c, local, kind, conflict.mine, user)
            local.write(c, kind, conflict.theirs, row_id)
            local.mark(c, [(kind, row_id, conflict.theirs_version, 0, conflict.theirs is None)])
        c.execute("DELETE FROM team_conflicts WHERE kind = ? AND id = ?", (kind, row_id))
    return copy_id


def _write_copy(c: Any, local: LocalStore, kind: str, mine: Row, user: str) -> str:
    """Mine as a new row of its own (new ID, marked as a copy), to be pushed as new."""
    import json  # noqa: PLC0415

    row = dict(mine)
    if kind == "project":
        copy_id = str(uuid.uuid4())
        row.update(id=copy_id, name=t("{name} (my copy)", name=row["name"]), owner=user or row.get("owner", ""))
        try:
            data = json.loads(row["data"])
            data["project"]["name"] = row["name"][:200]
            row["data"] = json.dumps(data, ensure_ascii=False)
        except (ValueError, KeyError, TypeError):
            pass  # the data is kept verbatim; the library's name says it is a copy
    else:
        copy_id = f"{mine['id']}-mine-{uuid.uuid4().hex[:6]}"
        data = json.loads(row["data"])
        data["id"] = copy_id
        row.update(id=copy_id, data=json.dumps(data, ensure_ascii=False),
                   search_text=f"{copy_id} {row.get('search_text', '')}")
    local.write(c, kind, row, copy_id)
    local.mark(c, [(kind, copy_id, 0, 1, False)])
    return copy_id
