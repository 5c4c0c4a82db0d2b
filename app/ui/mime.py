"""The drag payload for a catalog part: its ID under our own MIME type."""

from __future__ import annotations

from PySide6.QtCore import QMimeData

PART_MIME = "application/x-inference-sizer-part"


def part_mime(part_id: str) -> QMimeData:
    mime = QMimeData()
    mime.setData(PART_MIME, part_id.encode("utf-8"))
    mime.setText(part_id)
    return mime


def part_id_from(mime: QMimeData) -> str | None:
    if not mime.hasFormat(PART_MIME):
        return None
    return bytes(mime.data(PART_MIME).data()).decode("utf-8", "replace") or None
