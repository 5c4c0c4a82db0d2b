"""Apply db/migrations/NNNN_*.sql in order; PRAGMA user_version is the schema version."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from app.paths import migrations_dir

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class SchemaTooNewError(RuntimeError):
    """The database was written by a newer version of the app."""


def available_migrations(directory: Path | None = None) -> list[tuple[int, Path]]:
    found = []
    for path in sorted((directory or migrations_dir()).glob("*.sql")):
        m = _NAME.match(path.name)
        if m:
            found.append((int(m.group(1)), path))
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..N without gaps, found {numbers}")
    return found


def latest_schema_version(directory: Path | None = None) -> int:
    return len(available_migrations(directory))


def migrate(conn: sqlite3.Connection, directory: Path | None = None) -> int:
    """Bring the schema up to date; each migration commits with its version bump."""
    current = int(conn.execute("PRAGMA user_version").fetchone()[0])
    migrations = available_migrations(directory)
    if current > len(migrations):
        raise SchemaTooNewError(
            f"catalog database schema {current} is newer than this app understands ({len(migrations)})"
        )
    for number, path in migrations[current:]:
        script = path.read_text(encoding="utf-8")
        conn.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
    return len(migrations)
