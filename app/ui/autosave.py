"""Autosave every 30 s into the user data directory, and recovery after a crash.

Each running window owns one autosave file and holds a QLockFile beside it. On a clean close
both are removed. A file whose lock is stale (its process is gone) is what a crash left behind:
the next start offers to recover it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QTimer, QUuid, Signal

from app.project import Project, ProjectFileError, dumps_project, load_project, save_project

AUTOSAVE_INTERVAL_MS = 30_000


@dataclass(frozen=True, slots=True)
class Recoverable:
    path: Path
    original: Path | None
    project: Project


def autosave_dir(data_dir: Path) -> Path:
    d = data_dir / "autosave"
    d.mkdir(parents=True, exist_ok=True)
    return d


def find_recoverable(data_dir: Path) -> list[Recoverable]:
    """Autosaves whose owner died; unreadable ones are skipped (and left on disk)."""
    found = []
    for path in sorted(autosave_dir(data_dir).glob("*.json")):
        lock = QLockFile(str(path.with_suffix(".lock")))
        lock.setStaleLockTime(0)
        if not lock.tryLock(0):
            continue  # another running window owns it
        lock.unlock()
        try:
            project = load_project(path)
        except ProjectFileError:
            continue
        meta = path.with_suffix(".meta")
        original = None
        if meta.exists():
            try:
                value = json.loads(meta.read_text(encoding="utf-8")).get("original")
                original = Path(value) if value else None
            except (OSError, ValueError, AttributeError):
                original = None
        found.append(Recoverable(path, original, project))
    return found


def discard(rec: Recoverable) -> None:
    for p in (rec.path, rec.path.with_suffix(".meta"), rec.path.with_suffix(".lock")):
        p.unlink(missing_ok=True)


class Autosaver(QObject):
    saved = Signal(str)  # path written
    failed = Signal(str)  # reason

    def __init__(self, data_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        name = QUuid.createUuid().toString(QUuid.StringFormat.WithoutBraces)
        self.path = autosave_dir(data_dir) / f"{name}.json"
        self._lock = QLockFile(str(self.path.with_suffix(".lock")))
        self._lock.tryLock(0)
        self._last: str | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(AUTOSAVE_INTERVAL_MS)

    def save_now(self, project: Project, original: Path | None) -> bool:
        """Write if the project changed since the last autosave; never raises."""
        text = dumps_project(project)
        if text == self._last:
            return False
        try:
            save_project(project, self.path)
            self.path.with_suffix(".meta").write_text(
                json.dumps({"original": str(original) if original else None}), encoding="utf-8")
        except (ProjectFileError, OSError) as exc:
            self.failed.emit(str(exc))
            return False
        self._last = text
        self.saved.emit(str(self.path))
        return True

    def clear(self) -> None:
        """The project was saved or closed cleanly: nothing to recover."""
        self._last = None
        self.path.unlink(missing_ok=True)
        self.path.with_suffix(".meta").unlink(missing_ok=True)

    def close(self) -> None:
        self.clear()
        self.timer.stop()
        self._lock.unlock()
