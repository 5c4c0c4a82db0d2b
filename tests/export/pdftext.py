"""Read a PDF back as text (pypdf) for assertions."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader


def pages(data: bytes | Path) -> list[str]:
    """Each page's text with runs of whitespace collapsed to one space."""
    reader = PdfReader(io.BytesIO(data) if isinstance(data, bytes) else data)
    return [" ".join((page.extract_text() or "").split()) for page in reader.pages]


def text(data: bytes | Path) -> str:
    return " ".join(pages(data))


def page_size(data: bytes) -> tuple[float, float]:
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    return float(box.width), float(box.height)
