"""The catalog dock: kind selector, search, the parts table (a drag source) and the spec pane."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QModelIndex,
    QPersistentModelIndex,
    QSignalBlocker,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QFontMetrics, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.catalog.query import PartQuery
from app.catalog.reference_prices import reference_price
from app.catalog.store import Catalog
from app.core.field_labels import field_label, spec_value
from app.core.parts import AnyPart, PartKind
from app.ui.catalog_model import PART_ID_ROLE, CatalogTableModel, confidence_text
from app.ui.language import QT_TRANSLATE_NOOP

KIND_LABELS: dict[PartKind, str] = {  # translated where shown (CatalogPanel.retranslate)
    PartKind.GPU: QT_TRANSLATE_NOOP("CatalogPanel", "GPUs"),
    PartKind.CPU: QT_TRANSLATE_NOOP("CatalogPanel", "CPUs"),
    PartKind.CHASSIS: QT_TRANSLATE_NOOP("CatalogPanel", "Chassis"),
    PartKind.DIMM: QT_TRANSLATE_NOOP("CatalogPanel", "Memory (DIMMs)"),
    PartKind.NIC: QT_TRANSLATE_NOOP("CatalogPanel", "Network cards"),
    PartKind.PSU: QT_TRANSLATE_NOOP("CatalogPanel", "Power supplies"),
    PartKind.DRIVE: QT_TRANSLATE_NOOP("CatalogPanel", "Drives"),
    PartKind.LLM: QT_TRANSLATE_NOOP("CatalogPanel", "Models (LLMs)"),
}
# The catalog table's name column at most this many "M" wide: wide enough for three GPU names in four whole,
# and most CPU and model names (at 11, half the GPUs lost their middle: "H200 SXM 141GB" and "H200 NVL 141GB" both read
# "H200 ...141GB"); longer names keep both ends, the tooltip and the details pane have them whole.
NAME_COLUMN_EMS = 13


class MiddleElideDelegate(QStyledItemDelegate):
    """Elides a cell's text in the middle, by the cell's width, as one line (the view's own
    ElideMiddle cut names at word breaks into "Gaudi …325L …")."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Only when painting: the column's width (resizeColumnsToContents) still comes from the whole name."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = self.shown_text(opt.fontMetrics, opt.text, opt.rect.width())
        style = opt.widget.style() if opt.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)

    @staticmethod
    def shown_text(metrics: QFontMetrics, text: str, cell_width: int) -> str:
        """What a cell `cell_width` wide shows of `text`, the style's text margins taken off."""
        room = cell_width - 2 * metrics.horizontalAdvance(" ") - 6
        return metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, max(room, 0))


class CatalogPanel(QWidget):
    """Kind selector, search box, the parts table (drag source) and the details of the selection."""

    part_selected = Signal(str)
    add_requested = Signal(str, bool)  # part id, fill all matching slots
    user_part_requested = Signal(str, str)  # "duplicate" | "edit" | "delete", part id

    def __init__(self, catalog: Catalog, data_dir: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._catalog = catalog
        self._data_dir = data_dir
        self.kind_box = QComboBox()
        for kind in KIND_LABELS:
            self.kind_box.addItem("", kind.value)
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.model = CatalogTableModel(parent=self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.setDragEnabled(True)
        self.table.setDragDropMode(QTableView.DragDropMode.DragOnly)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.setAlternatingRowColors(True)
        # "PowerEdge XE…" four times over said nothing: keep both ends of a long name (the tooltip has it whole)
        self.table.setItemDelegateForColumn(0, MiddleElideDelegate(self.table))
        self.count_label = QLabel()
        self.add_button = QPushButton()
        self.add_all_button = QPushButton()
        self.details = QTextBrowser()
        self.details.setOpenExternalLinks(True)
        self.duplicate_button = QPushButton()
        self.edit_button = QPushButton()
        self.delete_button = QPushButton()
        self.retranslate()

        top = QHBoxLayout()
        top.addWidget(self.kind_box)
        top.addWidget(self.search, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.count_label, 1)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.add_all_button)
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addLayout(top)
        upper_layout.addWidget(self.table, 1)
        upper_layout.addLayout(buttons)
        user_buttons = QHBoxLayout()
        user_buttons.addWidget(self.duplicate_button)
        user_buttons.addWidget(self.edit_button)
        user_buttons.addWidget(self.delete_button)
        user_buttons.addStretch(1)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.details, 1)
        lower_layout.addLayout(user_buttons)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(upper)
        split.addWidget(lower)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)

        # Debounce typing: one query per pause, not per key.
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(120)
        self._debounce.timeout.connect(self.refresh)
        self.search.textChanged.connect(self._debounce.start)
        self.search.returnPressed.connect(self.refresh)
        self.kind_box.currentIndexChanged.connect(self._kind_changed)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.table.doubleClicked.connect(lambda _i: self._request_add(False))
        self.add_button.clicked.connect(lambda: self._request_add(False))
        self.add_all_button.clicked.connect(lambda: self._request_add(True))
        self.duplicate_button.clicked.connect(self._emit_user_edit("duplicate"))
        self.edit_button.clicked.connect(self._emit_user_edit("edit"))
        self.delete_button.clicked.connect(self._emit_user_edit("delete"))
        self.refresh()

    def retranslate(self) -> None:
        """Every text of the panel in the current language (at construction and on LanguageChange)."""
        for i, label in enumerate(KIND_LABELS.values()):
            self.kind_box.setItemText(i, self.tr(label))
        self.search.setPlaceholderText(self.tr("Search name, vendor, SKU…"))
        self.add_button.setToolTip(self.tr("Put the selected part in the first free slot that takes it (Ctrl+Return)"))
        self.add_all_button.setText(self.tr("Fill all"))
        self.add_all_button.setToolTip(self.tr("Fill every free slot that takes the part (Ctrl+Shift+Return)"))
        self.details.setPlaceholderText(self.tr("Select a part to see its full specifications and sources."))
        self.duplicate_button.setText(self.tr("Duplicate…"))
        self.duplicate_button.setToolTip(self.tr("Make your own editable copy of the selected part"))
        self.edit_button.setText(self.tr("Edit…"))
        self.edit_button.setToolTip(self.tr("Edit one of your parts"))
        self.delete_button.setText(self.tr("Delete"))
        self.delete_button.setToolTip(self.tr("Delete one of your parts (bundled parts stay)"))
        self.add_button.setText(self.tr("Use this chassis") if self.current_kind() is PartKind.CHASSIS
                                else self.tr("Add to build"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            if self.model.rowCount():
                self.refresh()  # the count line, and the column headers
            part_id = self.selected_part_id()
            if part_id is not None:
                self.show_part(part_id)
        super().changeEvent(event)

    def _emit_user_edit(self, action: str) -> Callable[[], None]:
        def emit() -> None:
            part_id = self.selected_part_id()
            if part_id is not None:
                self.user_part_requested.emit(action, part_id)
        return emit

    def _kind_changed(self) -> None:
        """A search belongs to the kind it was typed for: 'H100' under GPUs left CPUs showing 0 parts."""
        with QSignalBlocker(self.search):
            self.search.clear()
        self._debounce.stop()
        self.refresh()

    def current_kind(self) -> PartKind:
        return PartKind(self.kind_box.currentData())

    def set_kind(self, kind: PartKind) -> None:
        self.kind_box.setCurrentIndex(self.kind_box.findData(kind.value))

    def selected_part_id(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        return str(rows[0].data(PART_ID_ROLE)) if rows else None

    def refresh(self) -> None:
        kind = self.current_kind()
        parts = self._catalog.search(PartQuery(kind=kind, search=self.search.text()))
        self.model.set_parts(kind, parts)
        self.table.resizeColumnsToContents()
        # Long names ("B300 SXM (HGX B300, Blackwell Ultra)") would push the figures a presales
        # engineer compares (VRAM, bandwidth, TDP, price) out of a narrow dock; the tooltip and
        # the details pane show the whole name.
        name_width = self.table.fontMetrics().horizontalAdvance("M" * NAME_COLUMN_EMS)
        self.table.setColumnWidth(0, min(self.table.columnWidth(0), name_width))
        self.count_label.setText(self.tr("%n part(s)", "", len(parts)))
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, max(0, self.model.columnCount() - 1))
        self._update_user_buttons(self.selected_part_id())
        placeable = kind not in (PartKind.LLM,)
        self.add_button.setEnabled(placeable)
        self.add_all_button.setEnabled(placeable and kind is not PartKind.CHASSIS)
        self.add_button.setText(self.tr("Use this chassis") if kind is PartKind.CHASSIS else self.tr("Add to build"))

    def _request_add(self, fill_all: bool) -> None:
        part_id = self.selected_part_id()
        if part_id is not None:
            self.add_requested.emit(part_id, fill_all)

    def _on_selection(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            part_id = str(indexes[0].data(PART_ID_ROLE))
            self.show_part(part_id)
            self._update_user_buttons(part_id)
            self.part_selected.emit(part_id)

    def _probe_html(self, part: AnyPart) -> str:
        """What an imported probe report measured on this GPU model, against its datasheet."""
        if part.kind is not PartKind.GPU:
            return ""
        from app.probe.calibration import latest_calibration  # noqa: PLC0415
        from app.probe.report import MEM_BW  # noqa: PLC0415

        cal = latest_calibration(part.id, self._data_dir)
        if cal is None:
            return ""
        from app.perf.probe_reference import stock_reading  # noqa: PLC0415

        def shares(metric: str, value: float) -> str:
            """' (68% of the datasheet; 100% of a stock board's reading)': a power-capped GEMM reads 0.68 of its
            datasheet on a healthy board, so the stock reading says whether this one is."""
            out = []
            eff = cal.efficiency_for(metric)
            if eff:
                out.append(self.tr("{share:.0%} of the datasheet").format(share=eff))
            ref = stock_reading(part.id, cal.engine, metric)
            if ref is not None:
                out.append(self.tr("{share:.0%} of a stock board's reading").format(share=value / ref.value))
            return f" ({'; '.join(out)})" if out else ""

        items = []
        if cal.mem_bandwidth_gbs:
            items.append(self.tr("memory bandwidth {v:,.0f} GB/s").format(v=cal.mem_bandwidth_gbs)
                         + shares(MEM_BW, cal.mem_bandwidth_gbs))
        for key, value in sorted(cal.tflops.items()):
            items.append(self.tr("{p} GEMM {v:,.0f} TFLOPS").format(p=key.upper(), v=value)
                         + shares(f"gemm_{key}_tflops", value))
        body = "".join(f"<li>{html.escape(i)}</li>" for i in items)
        confidence = self.tr("confidence")
        return (f"<p style='color:#2b6e2b'><b>{html.escape(cal.label)}</b> "
                f"({html.escape(confidence)}: {html.escape(str(cal.confidence))})</p><ul>{body}</ul>")

    def _update_user_buttons(self, part_id: str | None) -> None:
        mine = part_id is not None and self._catalog.origin(part_id) == "user"
        self.duplicate_button.setEnabled(part_id is not None)
        self.edit_button.setEnabled(mine)
        self.delete_button.setEnabled(mine)

    def select_part(self, part_id: str) -> None:
        part = self._catalog.get(part_id)
        if part is None:
            return
        self.search.clear()
        self.set_kind(part.kind)
        self.refresh()
        for row in range(self.model.rowCount()):
            if self.model.index(row, 0).data(PART_ID_ROLE) == part_id:
                self.table.selectRow(row)
                return

    def show_part(self, part_id: str) -> None:
        part = self._catalog.get(part_id)
        if part is None:
            self.details.clear()
            return
        data = json.loads(part.model_dump_json())
        rows = "".join(
            f"<tr><th align='left'>{html.escape(field_label(k))}</th><td>{html.escape(spec_value(v))}</td></tr>"
            for k, v in data.items()
            if v not in (None, "") and k not in ("source", "notes")
            and not (k == "currency" and data.get("price") is None)  # a currency without a price says nothing
        )
        ref = reference_price(part)
        if ref is not None:
            label = self.tr("Reference price")
            value = self.tr("{price}, {kind}; not a quotation").format(price=ref.describe(),
                                                                       kind=confidence_text(ref.confidence))
            rows += f"<tr><th align='left'>{html.escape(label)}</th><td>{html.escape(value)}</td></tr>"
        sources = "".join(f"<li>{html.escape(s.strip())}</li>" for s in part.source.split(" ; ") if s.strip())
        origin = self.tr("Your part") if self._catalog.origin(part_id) == "user" else self.tr("Bundled catalog")
        sources_title, notes_title = self.tr("Sources"), self.tr("Notes")
        self.details.setHtml(
            f"<h3>{html.escape(part.display_name)}</h3>"
            f"<p>{html.escape(origin)}</p>"
            + self._probe_html(part)
            + f"<table cellspacing='3'>{rows}</table>"
            f"<h4>{html.escape(sources_title)}</h4><ul>{sources}</ul>"
            + (f"<h4>{html.escape(notes_title)}</h4><p>{html.escape(part.notes)}</p>" if part.notes else "")
        )
