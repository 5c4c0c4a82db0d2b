"""Explicit migrations: each one lifts a file's plain JSON data by exactly one format version.

To change the format: bump PROJECT_VERSION in app.project.model, then register
``@migration(from_version=N)`` turning version-N data into version N+1 (and set ``version``).
Migrations work on plain dicts, never on the models, so they keep working after the models move on.
Version 1 is the first released format, so there is nothing to migrate yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.project.model import PROJECT_VERSION

Data = dict[str, Any]
Migration = Callable[[Data], Data]

MIGRATIONS: dict[int, Migration] = {}


def migration(from_version: int, registry: dict[int, Migration] | None = None) -> Callable[[Migration], Migration]:
    table = MIGRATIONS if registry is None else registry

    def register(fn: Migration) -> Migration:
        if from_version in table:
            raise ValueError(f"two migrations from version {from_version}")
        table[from_version] = fn
        return fn

    return register


class MigrationError(ValueError):
    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


def migrate(data: Data, *, migrations: dict[int, Migration] | None = None, current: int = PROJECT_VERSION) -> Data:
    """Bring ``data`` up to ``current``, one registered step at a time."""
    table = MIGRATIONS if migrations is None else migrations
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise MigrationError("version", f"must be a whole number, got {version!r}")
    if version > current:
        raise MigrationError("version", f"format version {version} was written by a newer Inference Sizer; "
                                        f"this one reads up to version {current}")
    while version < current:
        step = table.get(version)
        if step is None:
            raise MigrationError("version", f"format version {version} is not supported (no migration to "
                                            f"{version + 1})")
        data = step(dict(data))
        new = data.get("version")
        if new != version + 1:
            raise RuntimeError(f"migration from version {version} set version {new!r}")
        version = new
    return data
