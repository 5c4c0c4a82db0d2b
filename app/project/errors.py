"""The one error a project file can raise: which file, which field, what is wrong."""

from __future__ import annotations

from pathlib import Path

from app.core.quoting import clip


class ProjectFileError(ValueError):
    """A project file cannot be read or is malformed. Nothing on disk was changed."""

    def __init__(self, path: str | Path, field: str | None, message: str) -> None:
        self.path = str(path)
        self.field = clip(field, 160) if field is not None else None
        self.message = clip(message, 400)
        where = f"{self.path}: {self.field}" if self.field else self.path
        super().__init__(f"{where}: {self.message}")


class ProjectChangedOnDiskError(ProjectFileError):
    """The file was changed by someone else (another window, a colleague, a sync tool) since it was
    opened or last saved here: saving would overwrite their work without a word."""

    def __init__(self, path: str | Path) -> None:
        super().__init__(path, None, "changed on disk since you opened it; saving would overwrite those changes")
