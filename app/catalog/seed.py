"""Read and validate the bundled catalog's source files (db/catalog/*.csv).

These text files are the source of truth: reviewable in a diff, one row a part, each with
its source. Any bad row fails the whole load with the file, row and field named.
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterable
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from app.core.parts import AnyPart, PartKind
from app.paths import catalog_source_dir

SOURCE_FILES: dict[str, PartKind] = {
    "gpus.csv": PartKind.GPU,
    "cpus.csv": PartKind.CPU,
    "chassis.csv": PartKind.CHASSIS,
    "nics.csv": PartKind.NIC,
    "psus.csv": PartKind.PSU,
    "dimms.csv": PartKind.DIMM,
    "drives.csv": PartKind.DRIVE,
    "llms.csv": PartKind.LLM,
}

PART_ADAPTER: TypeAdapter[AnyPart] = TypeAdapter(AnyPart)


class CatalogSourceError(ValueError):
    """A seed row is malformed; the message names file, row and field."""


def format_validation_error(exc: ValidationError, where: str) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(x) for x in err["loc"] if not isinstance(x, int)) or "(row)"
        # The discriminated union adds the kind as the first location element.
        loc = loc.split(".", 1)[1] if loc.split(".", 1)[0] in {k.value for k in PartKind} and "." in loc else loc
        parts.append(f"{where}: field '{loc}': {err['msg']}")
    return "; ".join(parts)


def parse_row(row: dict[str, str], kind: PartKind, where: str) -> AnyPart:
    data: dict[str, object] = {k.strip(): v.strip() for k, v in row.items() if k and v is not None and v.strip() != ""}
    if None in row:
        raise CatalogSourceError(f"{where}: more cells than columns")
    data["kind"] = kind.value
    try:
        return PART_ADAPTER.validate_python(data)
    except ValidationError as exc:
        raise CatalogSourceError(format_validation_error(exc, where)) from None


def read_source_file(path: Path, kind: PartKind) -> list[AnyPart]:
    parts: list[AnyPart] = []
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogSourceError(f"{path.name}: cannot read: {exc}") from None
    reader = csv.DictReader(io.StringIO(text, newline=""))
    for line_no, row in enumerate(reader, start=2):
        parts.append(parse_row(row, kind, f"{path.name}, row {line_no}"))
    return parts


def load_source_parts(source_dir: Path | None = None) -> list[AnyPart]:
    """All bundled parts, validated, IDs unique across files."""
    directory = source_dir or catalog_source_dir()
    seen: dict[str, str] = {}
    parts: list[AnyPart] = []
    for filename, kind in SOURCE_FILES.items():
        path = directory / filename
        if not path.exists():
            raise CatalogSourceError(f"{filename}: missing from {directory}")
        for part in read_source_file(path, kind):
            if part.id in seen:
                raise CatalogSourceError(f"{filename}: duplicate id '{part.id}' (also in {seen[part.id]})")
            seen[part.id] = filename
            parts.append(part)
    return parts


def source_digest(source_dir: Path | None = None) -> str:
    """Catalog version: a digest of the source files, so any edit triggers an upgrade."""
    directory = source_dir or catalog_source_dir()
    h = hashlib.sha256()
    for filename in SOURCE_FILES:
        path = directory / filename
        h.update(filename.encode())
        h.update(path.read_bytes() if path.exists() else b"")
    return h.hexdigest()[:16]


def by_id(parts: Iterable[AnyPart]) -> dict[str, AnyPart]:
    return {p.id: p for p in parts}
