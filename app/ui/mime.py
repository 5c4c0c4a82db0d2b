"""The drag payload for a catalog part: its ID under our own MIME type."""

from __future__ import annotations

from PySide6.QtCore import QMimeData

PART_MIME = "application/x-inference-sizer-part"
SLOT_MIME = "application/x-inference-sizer-slot"  # present when a placed part is dragged to move it


def part_mime(part_id: str) -> QMimeData:
    mime = QMimeData()
    mime.setData(PART_MIME, part_id.encode("utf-8"))
    mime.setText(part_id)
    return mime


def part_id_from(mime: QMimeData) -> str | None:
    if not mime.hasFormat(PART_MIME):
        return None
    return bytes(mime.data(PART_MIME).data()).decode("utf-8", "replace") or None


def placed_part_mime(part_id: str, source_slot: str) -> QMimeData:
    """A part dragged out of a slot: dropping it elsewhere moves it."""
    mime = part_mime(part_id)
    mime.setData(SLOT_MIME, source_slot.encode("utf-8"))
    return mime


def source_slot_from(mime: QMimeData) -> str | None:
    if not mime.hasFormat(SLOT_MIME):
        return None
    return bytes(mime.data(SLOT_MIME).data()).decode("utf-8", "replace") or None
