"""The main window: for now the catalog browser (parts by kind, search, sortable key columns, details)."""

from __future__ import annotations

import html
import json

from PySide6.QtCore import QItemSelection, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app import __version__
from app.catalog.query import PartQuery
from app.catalog.store import Catalog
from app.core.parts import PartKind
from app.ui.catalog_model import PART_ID_ROLE, CatalogTableModel

KIND_LABELS: dict[PartKind, str] = {
    PartKind.GPU: "GPUs",
    PartKind.CPU: "CPUs",
    PartKind.CHASSIS: "Chassis",
    PartKind.DIMM: "Memory (DIMMs)",
    PartKind.NIC: "Network cards",
    PartKind.PSU: "Power supplies",
    PartKind.DRIVE: "Drives",
    PartKind.LLM: "Models (LLMs)",
}


class CatalogPanel(QWidget):
    """Kind selector, search box and the parts table; emits the selected part's ID."""

    part_selected = Signal(str)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._catalog = catalog
        self.kind_box = QComboBox()
        for kind, label in KIND_LABELS.items():
            self.kind_box.addItem(self.tr(label), kind.value)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search name, vendor, SKU…"))
        self.search.setClearButtonEnabled(True)
        self.model = CatalogTableModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.count_label = QLabel()

        top = QHBoxLayout()
        top.addWidget(self.kind_box)
        top.addWidget(self.search, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count_label)

        # Debounce typing: one query per pause, not per key.
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(120)
        self._debounce.timeout.connect(self.refresh)
        self.search.textChanged.connect(self._debounce.start)
        self.kind_box.currentIndexChanged.connect(self.refresh)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.refresh()

    def current_kind(self) -> PartKind:
        return PartKind(self.kind_box.currentData())

    def refresh(self) -> None:
        kind = self.current_kind()
        parts = self._catalog.query(PartQuery(kind=kind, search=self.search.text()))
        self.model.set_parts(kind, parts)
        self.table.resizeColumnsToContents()
        self.count_label.setText(self.tr("%n part(s)", "", len(parts)))

    def _on_selection(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            self.part_selected.emit(str(indexes[0].data(PART_ID_ROLE)))


class MainWindow(QMainWindow):
    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.catalog = catalog
        self.setWindowTitle(self.tr("Inference Sizer"))
        self.catalog_panel = CatalogPanel(catalog)
        self.details = QTextBrowser()
        self.details.setOpenExternalLinks(True)
        self.details.setPlaceholderText(self.tr("Select a part to see its full specifications and sources."))
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.catalog_panel)
        splitter.addWidget(self.details)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        self.setCentralWidget(splitter)
        self.catalog_panel.part_selected.connect(self.show_part)
        self._build_menus()
        for message in catalog.report.messages:
            self.statusBar().showMessage(message)
        settings = QSettings()
        geometry = settings.value("main/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1280, 760)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        about = QAction(self.tr("&About Inference Sizer"), self)
        about.triggered.connect(self.show_about)
        help_menu.addAction(about)

    def show_about(self) -> None:
        QMessageBox.about(
            self,
            self.tr("About Inference Sizer"),
            self.tr("Inference Sizer {version}\nCatalog {catalog}\nDatabase: {path}").format(
                version=__version__, catalog=self.catalog.catalog_version, path=self.catalog.path
            ),
        )

    def show_part(self, part_id: str) -> None:
        part = self.catalog.get(part_id)
        if part is None:
            self.details.clear()
            return
        data = json.loads(part.model_dump_json())
        rows = "".join(
            f"<tr><th align='left'>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>"
            for k, v in data.items()
            if v not in (None, "") and k not in ("source", "notes")
        )
        sources = "".join(
            f"<li>{html.escape(s.strip())}</li>" for s in part.source.split(" ; ") if s.strip()
        )
        origin = self.catalog.origin(part_id)
        self.details.setHtml(
            f"<h2>{html.escape(part.display_name)}</h2>"
            f"<p>{html.escape(self.tr('Your part') if origin == 'user' else self.tr('Bundled catalog'))}</p>"
            f"<table cellspacing='4'>{rows}</table>"
            f"<h3>{html.escape(self.tr('Sources'))}</h3><ul>{sources}</ul>"
            + (f"<h3>{html.escape(self.tr('Notes'))}</h3><p>{html.escape(part.notes)}</p>" if part.notes else "")
        )

    def closeEvent(self, event: object) -> None:
        QSettings().setValue("main/geometry", self.saveGeometry())
        super().closeEvent(event)  # type: ignore[arg-type]
