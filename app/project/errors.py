"""The one error a project file can raise: which file, which field, what is wrong."""

from __future__ import annotations

from pathlib import Path


class ProjectFileError(ValueError):
    """A project file cannot be read or is malformed. Nothing on disk was changed."""

    def __init__(self, path: str | Path, field: str | None, message: str) -> None:
        self.path = str(path)
        self.field = field
        self.message = message
        where = f"{self.path}: {field}" if field else self.path
        super().__init__(f"{where}: {message}")
