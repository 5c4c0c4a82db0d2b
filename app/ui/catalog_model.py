"""Qt table model over catalog query results: one kind at a time, its key columns."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from app.catalog.reference_prices import reference_price
from app.core.i18n import current_locale
from app.core.parts import AnyPart, PartKind
from app.i18n.formatting import format_money, format_number
from app.ui.language import QT_TRANSLATE_NOOP
from app.ui.mime import PART_MIME, part_mime

# Key columns per kind: (field, header). Headers are translated at display time.
COLUMNS: dict[PartKind, tuple[tuple[str, str], ...]] = {
    PartKind.GPU: (
        ("name", QT_TRANSLATE_NOOP("CatalogModel", "Name")),
        ("vendor", QT_TRANSLATE_NOOP("CatalogModel", "Vendor")),
        ("form_factor", QT_TRANSLATE_NOOP("CatalogModel", "Form")),
        ("vram_gib", QT_TRANSLATE_NOOP("CatalogModel", "VRAM GiB")),
        ("mem_bandwidth_gbs", QT_TRANSLATE_NOOP("CatalogModel", "Bandwidth GB/s")),
        ("bf16_dense_tflops", QT_TRANSLATE_NOOP("CatalogModel", "BF16 TFLOPS")),
        ("fp8_dense_tflops", QT_TRANSLATE_NOOP("CatalogModel", "FP8 TFLOPS")),
        ("tdp_w", QT_TRANSLATE_NOOP("CatalogModel", "TDP W")),
        ("price", QT_TRANSLATE_NOOP("CatalogModel", "Price")),
    ),
    PartKind.CPU: (
        ("name", QT_TRANSLATE_NOOP("CatalogModel", "Name")),
        ("vendor", QT_TRANSLATE_NOOP("CatalogModel", "Vendor")),
        ("socket", QT_TRANSLATE_NOOP("CatalogModel", "Socket")),
        ("cores", QT_TRANSLATE_NOOP("CatalogModel", "Cores")),
        ("base_ghz", QT_TRANSLATE_NOOP("CatalogModel", "Base GHz")),
        ("boost_ghz", QT_TRANSLATE_NOOP("CatalogModel", "Boost GHz")),
        ("tdp_w", QT_TRANSLATE_NOOP("CatalogModel", "TDP W")),
        ("memory_channels", QT_TRANSLATE_NOOP("CatalogModel", "Channels")),
        ("pcie_lanes", QT_TRANSLATE_NOOP("CatalogModel", "PCIe lanes")),
        ("price", QT_TRANSLATE_NOOP("CatalogModel", "Price")),
    ),
    PartKind.CHASSIS: (
        ("name", QT_TRANSLATE_NOOP("CatalogModel", "Name")),
        ("vendor", QT_TRANSLATE_NOOP("CatalogModel", "Vendor")),
        ("rack_units", QT_TRANSLATE_NOOP("CatalogModel", "U")),
        ("gpu_slots", QT_TRANSLATE_NOOP("CatalogModel", "GPUs")),
        ("gpu_form_factor", QT_TRANSLATE_NOOP("CatalogModel", "GPU form")),
        ("max_gpu_tdp_air_w", QT_TRANSLATE_NOOP("CatalogModel", "Max GPU W (air)")),
        ("cpu_sockets", QT_TRANSLATE_NOOP("CatalogModel", "Sockets")),
        ("psu_bays", QT_TRANSLATE_NOOP("CatalogModel", "PSU bays")),
        ("price", QT_TRANSLATE_NOOP("CatalogModel", "Price")),
    ),
    PartKind.DIMM: (
        ("name", QT_TRANSLATE_NOOP("CatalogModel", "Name")),
        ("vendor", QT_TRANSLATE_NOOP("CatalogModel", "Vendor")),
        ("capacity_gb", QT_TRANSLATE_NOOP("CatalogModel", "GB")),
        ("speed_mts", QT_TRANSLATE_NOOP("CatalogModel", "MT/s")),
        ("power_w", QT_TRANSLATE_NOOP("CatalogModel", "W")),
        ("price", QT_TRANSLATE_NOOP("CatalogModel", "Price")),
    ),
    PartKind.NIC: (
        ("name", QT_TRANSLATE_NOOP("CatalogModel", "Name")),
        ("vendor", QT_TRANSLATE_NOOP("CatalogModel", "Vendor")),
        ("speed_gbps", QT_TRANSLATE_NOOP("CatalogModel", "Gb/s per port")),
        ("ports", QT_TRANSLATE_NOOP("CatalogModel", "Ports")),
        ("nic_type", QT_TRANSLATE_NOOP("CatalogModel", "Type")),
        ("power_w", QT_TRANSLATE_NOOP("CatalogModel", "W")),
        ("price", QT_TRANSLATE_NOOP("CatalogModel", "Price")),
    ),
    PartKind.PSU: (
        ("name", QT_TRANSLATE_NOOP("CatalogModel", "Name")),
        ("vendor", QT_TRANSLATE_NOOP("CatalogModel", "Vendor")),
        ("rating_high_line_w", QT_TRANSLATE_NOOP("CatalogModel", "W (200-240 V)")),
        ("rating_low_line_w", QT_TRANSLATE_NOOP("CatalogModel", "W (100-127 V)")),
        ("efficiency", QT_TRANSLATE_NOOP("CatalogModel", "80 PLUS")),
        ("price", QT_TRANSLATE_NOOP("CatalogModel", "Price")),
    ),
    PartKind.DRIVE: (
        ("name", QT_TRANSLATE_NOOP("CatalogModel", "Name")),
        ("vendor", QT_TRANSLATE_NOOP("CatalogModel", "Vendor")),
        ("capacity_gb", QT_TRANSLATE_NOOP("CatalogModel", "GB")),
        ("interface", QT_TRANSLATE_NOOP("CatalogModel", "Interface")),
        ("form_factor", QT_TRANSLATE_NOOP("CatalogModel", "Form")),
        ("seq_read_mbs", QT_TRANSLATE_NOOP("CatalogModel", "Read MB/s")),
        ("price", QT_TRANSLATE_NOOP("CatalogModel", "Price")),
    ),
    PartKind.LLM: (
        ("name", QT_TRANSLATE_NOOP("CatalogModel", "Name")),
        ("vendor", QT_TRANSLATE_NOOP("CatalogModel", "Vendor")),
        ("total_params_b", QT_TRANSLATE_NOOP("CatalogModel", "Params B")),
        ("active_params_b", QT_TRANSLATE_NOOP("CatalogModel", "Active B")),
        ("layers", QT_TRANSLATE_NOOP("CatalogModel", "Layers")),
        ("kv_heads", QT_TRANSLATE_NOOP("CatalogModel", "KV heads")),
        ("attention_type", QT_TRANSLATE_NOOP("CatalogModel", "Attention")),
        ("max_context", QT_TRANSLATE_NOOP("CatalogModel", "Context")),
    ),
}

PART_ID_ROLE = Qt.ItemDataRole.UserRole + 1
# data() is called for every cell and every role on each size hint and paint (ten roles a cell):
# plain ints and one set lookup turn away the roles this model does not answer before any work.
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_SORT_KEY = int(Qt.ItemDataRole.UserRole)
_ANSWERED = frozenset({_DISPLAY, _ALIGNMENT, _TOOLTIP, _SORT_KEY, int(PART_ID_ROLE)})
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def tr(text: str) -> str:
    return QCoreApplication.translate("CatalogModel", text)


def format_value(value: object) -> str:
    """A cell in the reader's locale: grouped digits, a decimal only where the value has one."""
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return format_number(value, 2)
    if isinstance(value, float):
        return format_number(value, 1) if value != int(value) else format_number(int(value), 0)
    if isinstance(value, int):
        return format_number(value, 0)
    return str(getattr(value, "value", value))


_CONFIDENCE = {
    "published": QT_TRANSLATE_NOOP("CatalogModel", "published price"),
    "range": QT_TRANSLATE_NOOP("CatalogModel", "midpoint of a published range"),
    "estimate": QT_TRANSLATE_NOOP("CatalogModel", "estimate from a related part"),
}


def confidence_text(confidence: str) -> str:
    """How a reference price was obtained, in the reader's language."""
    text = _CONFIDENCE.get(confidence)
    return QCoreApplication.translate("CatalogModel", text) if text is not None else confidence


class CatalogTableModel(QAbstractTableModel):
    def __init__(self, kind: PartKind = PartKind.GPU, parent: Any = None) -> None:
        super().__init__(parent)
        self._kind = kind
        self._parts: list[AnyPart] = []
        # Cell texts by (part ID, column) for one locale: the view asks for each cell again on every
        # size hint, paint and scroll, and locale-aware number formatting is the costly part.
        self._texts: dict[tuple[str, int], str] = {}
        self._texts_locale = ""

    @property
    def kind(self) -> PartKind:
        return self._kind

    def set_parts(self, kind: PartKind, parts: list[AnyPart]) -> None:
        self.beginResetModel()
        self._kind = kind
        self._parts = parts
        self._texts.clear()
        self.endResetModel()

    def part_at(self, row: int) -> AnyPart | None:
        return self._parts[row] if 0 <= row < len(self._parts) else None

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._parts)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS[self._kind])

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = _DISPLAY) -> Any:
        if role not in _ANSWERED or not index.isValid():
            return None
        part = self._parts[index.row()]
        if role == PART_ID_ROLE:
            return part.id
        if role == _TOOLTIP:
            source = QCoreApplication.translate("CatalogModel", "Source")
            tip = f"{part.display_name}\n{source}: {part.source}"
            ref = reference_price(part)
            if ref is not None:
                tip += "\n" + QCoreApplication.translate(
                    "CatalogModel", "Reference price {price}, {kind}; not a quotation. {source}").format(
                    price=ref.describe(), kind=confidence_text(ref.confidence), source=ref.source)
            return tip
        column = index.column()
        field = COLUMNS[self._kind][column][0]
        value = getattr(part, field, None)
        if role == _DISPLAY:
            return self._text(part, column, field, value)
        if role == _ALIGNMENT:
            return _RIGHT if isinstance(value, int | float | Decimal) or field == "price" else None
        # _SORT_KEY
        return value if isinstance(value, int | float | Decimal) else format_value(value).lower()

    def _text(self, part: AnyPart, column: int, field: str, value: object) -> str:
        locale = current_locale()
        if locale != self._texts_locale:
            self._texts.clear()
            self._texts_locale = locale
        key = (part.id, column)
        text = self._texts.get(key)
        if text is None:
            ref = reference_price(part) if field == "price" and value is None else None
            if field == "price" and isinstance(value, Decimal):
                text = format_money(value, part.currency)
            elif ref is not None:  # the book's figure, never shown as if it were a list price
                text = QCoreApplication.translate("CatalogModel", "{price} (reference)").format(
                    price=format_money(ref.price, ref.currency))
            else:
                text = format_value(value)
            self._texts[key] = text
        return text

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsDragEnabled if index.isValid() else base

    def mimeTypes(self) -> list[str]:
        return [PART_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        rows = sorted({i.row() for i in indexes if i.isValid()})
        part = self.part_at(rows[0]) if rows else None
        return part_mime(part.id if part is not None else "")

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return tr(COLUMNS[self._kind][section][1])
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        field = COLUMNS[self._kind][column][0]

        def value(p: AnyPart) -> Any:
            v = getattr(p, field, None)
            if v is None and field == "price":  # reference prices sort among list prices (same currency assumed)
                ref = reference_price(p)
                return ref.price if ref is not None else None
            return v

        known = [p for p in self._parts if value(p) is not None]
        unknown = [p for p in self._parts if value(p) is None]

        def key(p: AnyPart) -> Any:
            v = value(p)
            return (0, float(v), "") if isinstance(v, int | float | Decimal) else (1, 0.0, format_value(v).lower())

        known.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
        self.layoutAboutToBeChanged.emit()
        self._parts = known + unknown  # unknown values last in both directions
        self.layoutChanged.emit()
