"""Reading and writing project files.

Reading refuses anything malformed with a :class:`ProjectFileError` that names the file and the
field, and never writes. Writing is atomic: a temporary file beside the target is written,
fsynced and renamed over it, so a crash leaves either the old file or the new one, never half.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.core.files import FileTooLargeError, read_regular_file, write_file_atomically
from app.project.errors import ProjectFileError
from app.project.migrations import Migration, MigrationError, migrate
from app.project.model import PROJECT_FORMAT, Project

MAX_FILE_BYTES = 50 * 1024 * 1024
# Projects are JSON saved as NAME.isproj: Windows and macOS associate a file type by its last
# extension only, so a single extension of our own is what makes double-click open the app.
# Any other name (older NAME.isproj.json files, the bundled samples) opens just the same.
PROJECT_SUFFIX = ".isproj"
PROJECT_SUFFIXES = (".isproj", ".json")  # what the GUI recognises as a project on its command line


def with_project_suffix(path: str | Path) -> Path:
    """A name typed without any extension gets ``.isproj``; a chosen extension is kept."""
    path = Path(path)
    return path if path.suffix else path.with_name(path.name + PROJECT_SUFFIX)


def _field(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(file)"


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_project(data: bytes | str, path: str | Path = "<memory>",
                  *, migrations: dict[int, Migration] | None = None) -> Project:
    """Decode, migrate and validate a project file's contents."""
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise ProjectFileError(path, None, f"not UTF-8 text (byte {exc.start})") from None
    try:
        raw = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise ProjectFileError(path, None, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") \
            from None
    except RecursionError:
        raise ProjectFileError(path, None, "not valid JSON: nested too deeply") from None
    except ValueError as exc:  # NaN/Infinity, integers beyond the digit limit
        raise ProjectFileError(path, None, f"not valid JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise ProjectFileError(path, None, f"top level must be a JSON object, not {type(raw).__name__}")
    if raw.get("format") != PROJECT_FORMAT:
        raise ProjectFileError(path, "format", f"must be {PROJECT_FORMAT!r} (is this an Inference Sizer project?)")
    try:
        raw = migrate(raw, migrations=migrations)
    except MigrationError as exc:
        raise ProjectFileError(path, exc.field, str(exc)) from None
    try:
        return Project.model_validate(raw)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        first = errors[0]
        more = f" (and {len(errors) - 1} more problem(s))" if len(errors) > 1 else ""
        raise ProjectFileError(path, _field(tuple(first["loc"])), f"{first['msg']}{more}") from None
    except RecursionError:
        raise ProjectFileError(path, None, "nested too deeply") from None


def load_project(path: str | Path, *, migrations: dict[int, Migration] | None = None) -> Project:
    p = Path(path)
    try:
        data = read_regular_file(p, MAX_FILE_BYTES)
    except FileTooLargeError as exc:
        raise ProjectFileError(p, None, f"too large for a project file ({exc.strerror})") from None
    except OSError as exc:
        raise ProjectFileError(p, None, f"cannot read: {exc.strerror or exc}") from None
    return parse_project(data, p, migrations=migrations)


def dumps_project(project: Project) -> str:
    """Stable text: fields in model order, two-space indent, UTF-8, final newline."""
    return json.dumps(project.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def save_project(project: Project, path: str | Path) -> str:
    """Write atomically (app.core.files), keeping the permissions of a file being replaced; returns
    the written file's fingerprint (see :func:`file_fingerprint`)."""
    target = Path(path)
    data = dumps_project(project).encode("utf-8")
    try:
        write_file_atomically(target, data)
    except OSError as exc:
        raise ProjectFileError(target, None, f"cannot write: {exc.strerror or exc}") from None
    return hashlib.sha256(data).hexdigest()


def file_fingerprint(path: str | Path) -> str | None:
    """SHA-256 of a file's bytes, None when it cannot be read: what a save compares against to tell
    that someone else changed the file since it was opened here."""
    try:
        return hashlib.sha256(read_regular_file(Path(path), MAX_FILE_BYTES)).hexdigest()
    except OSError:
        return None
