"""Shared by the reliability suite: a catalog built from the bundled sources, and XLSX makers."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from openpyxl import Workbook

from app.catalog.store import Catalog


@pytest.fixture(scope="module")
def bundled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Catalog]:
    """One catalog on the bundled sources for a whole module (building it takes a second)."""
    cat = Catalog.open(tmp_path_factory.mktemp("cat") / "catalog.db")
    yield cat
    cat.close()


def xlsx_bytes(rows: Sequence[Sequence[object]]) -> bytes:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    for row in rows:
        ws.append(list(row))
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def patch_sheet(data: bytes, change: object) -> bytes:
    """The same workbook with its first sheet's XML passed through ``change(xml) -> xml``."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            body = src.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                body = change(body.decode("utf-8")).encode("utf-8")  # type: ignore[operator]
            dst.writestr(item, body)
    return out.getvalue()


def numeric_cell_holding(data: bytes, text: str) -> bytes:
    """Make the first numeric cell of the sheet hold ``text`` (a typed number that is not one)."""
    return patch_sheet(data, lambda xml: re.sub(r'(<c r="[A-Z]+\d+" t="n"><v>)[^<]*(</v>)',
                                                lambda m: m.group(1) + text + m.group(2), xml, count=1))


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path
