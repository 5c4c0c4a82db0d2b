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

from app.core.parts import AnyPart, PartKind
from app.ui.mime import PART_MIME, part_mime

# Key columns per kind: (field, header). Headers are translated at display time.
COLUMNS: dict[PartKind, tuple[tuple[str, str], ...]] = {
    PartKind.GPU: (("name", "Name"), ("vendor", "Vendor"), ("form_factor", "Form"), ("vram_gb", "VRAM GB"),
                   ("mem_bandwidth_gbs", "Bandwidth GB/s"), ("bf16_dense_tflops", "BF16 TFLOPS"),
                   ("fp8_dense_tflops", "FP8 TFLOPS"), ("tdp_w", "TDP W"), ("price", "Price")),
    PartKind.CPU: (("name", "Name"), ("vendor", "Vendor"), ("socket", "Socket"), ("cores", "Cores"),
                   ("base_ghz", "Base GHz"), ("boost_ghz", "Boost GHz"), ("tdp_w", "TDP W"),
                   ("memory_channels", "Channels"), ("pcie_lanes", "PCIe lanes"), ("price", "Price")),
    PartKind.CHASSIS: (("name", "Name"), ("vendor", "Vendor"), ("rack_units", "U"), ("gpu_slots", "GPUs"),
                       ("gpu_form_factor", "GPU form"), ("max_gpu_tdp_air_w", "Max GPU W (air)"),
                       ("cpu_sockets", "Sockets"), ("psu_bays", "PSU bays"), ("price", "Price")),
    PartKind.DIMM: (("name", "Name"), ("vendor", "Vendor"), ("capacity_gb", "GB"), ("speed_mts", "MT/s"),
                    ("power_w", "W"), ("price", "Price")),
    PartKind.NIC: (("name", "Name"), ("vendor", "Vendor"), ("speed_gbps", "Gb/s per port"), ("ports", "Ports"),
                   ("nic_type", "Type"), ("power_w", "W"), ("price", "Price")),
    PartKind.PSU: (("name", "Name"), ("vendor", "Vendor"), ("rating_high_line_w", "W (200-240 V)"),
                   ("rating_low_line_w", "W (100-127 V)"), ("efficiency", "80 PLUS"), ("price", "Price")),
    PartKind.DRIVE: (("name", "Name"), ("vendor", "Vendor"), ("capacity_gb", "GB"), ("interface", "Interface"),
                     ("form_factor", "Form"), ("seq_read_mbs", "Read MB/s"), ("price", "Price")),
    PartKind.LLM: (("name", "Name"), ("vendor", "Vendor"), ("total_params_b", "Params B"),
                   ("active_params_b", "Active B"), ("layers", "Layers"), ("kv_heads", "KV heads"),
                   ("attention_type", "Attention"), ("max_context", "Context")),
}

PART_ID_ROLE = Qt.ItemDataRole.UserRole + 1


def tr(text: str) -> str:
    return QCoreApplication.translate("CatalogModel", text)


def format_value(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return f"{value:,.2f}"
    if isinstance(value, float):
        return f"{value:,.1f}" if value != int(value) else f"{int(value):,}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(getattr(value, "value", value))


class CatalogTableModel(QAbstractTableModel):
    def __init__(self, kind: PartKind = PartKind.GPU, parent: Any = None) -> None:
        super().__init__(parent)
        self._kind = kind
        self._parts: list[AnyPart] = []

    @property
    def kind(self) -> PartKind:
        return self._kind

    def set_parts(self, kind: PartKind, parts: list[AnyPart]) -> None:
        self.beginResetModel()
        self._kind = kind
        self._parts = parts
        self.endResetModel()

    def part_at(self, row: int) -> AnyPart | None:
        return self._parts[row] if 0 <= row < len(self._parts) else None

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._parts)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS[self._kind])

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        part = self._parts[index.row()]
        field = COLUMNS[self._kind][index.column()][0]
        value = getattr(part, field, None)
        if role == Qt.ItemDataRole.DisplayRole:
            text = format_value(value)
            if field == "price" and value is not None:
                text = f"{text} {part.currency}"
            return text
        if role == Qt.ItemDataRole.TextAlignmentRole and isinstance(value, int | float | Decimal):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == PART_ID_ROLE:
            return part.id
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{part.display_name}\n{tr('Source')}: {part.source}"
        if role == Qt.ItemDataRole.UserRole:  # sort key
            return value if isinstance(value, int | float | Decimal) else format_value(value).lower()
        return None

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
        known = [p for p in self._parts if getattr(p, field, None) is not None]
        unknown = [p for p in self._parts if getattr(p, field, None) is None]

        def key(p: AnyPart) -> Any:
            v = getattr(p, field)
            return (0, float(v), "") if isinstance(v, int | float | Decimal) else (1, 0.0, format_value(v).lower())

        known.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
        self.layoutAboutToBeChanged.emit()
        self._parts = known + unknown  # unknown values last in both directions
        self.layoutChanged.emit()
