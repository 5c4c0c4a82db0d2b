"""Atomic writes of export files: each target ends up whole or untouched, never half written.

Every payload is first written to a temporary file beside its target and fsynced; only when all
of them are on disk are they renamed over their targets. A failure before that removes the
temporary files and leaves every target as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from app.core.files import write_files_atomically as core_write
from app.export.errors import ExportError


def write_files_atomically(payloads: Mapping[Path, bytes]) -> None:
    """All files or none (app.core.files); a failure becomes an ExportError naming the file."""
    try:
        core_write(payloads)
    except OSError as exc:
        where = exc.filename or "the export file"
        raise ExportError(f"cannot write {where}: {exc.strerror or exc}") from None


def write_file_atomically(path: Path, data: bytes) -> None:
    write_files_atomically({path: data})
