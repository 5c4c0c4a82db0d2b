"""The configurator window: catalog, chassis drawing, workload, live findings and gauges."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QItemSelection,
    QSettings,
    QSignalBlocker,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app import __version__
from app.catalog.query import PartQuery
from app.catalog.reference_prices import reference_price
from app.catalog.store import Catalog
from app.core.build import Build
from app.core.field_labels import field_label, spec_value
from app.core.files import remove_stale_temp_files
from app.core.parts import AnyPart, Chassis, PartKind
from app.core.placement import free_slots_for
from app.i18n.formatting import format_money
from app.project import PROJECT_SUFFIX, Project, ProjectChangedOnDiskError, ProjectFileError, with_project_suffix
from app.rules.engine import Report, RuleEngine
from app.ui.autosave import Autosaver, autosave_dir, discard, find_recoverable
from app.ui.catalog_model import PART_ID_ROLE, CatalogTableModel, confidence_text
from app.ui.chassis_view import ChassisView
from app.ui.document import ProjectDocument, new_project
from app.ui.findings_panel import FindingsPanel
from app.ui.gauges import GaugePanel
from app.ui.language import QT_TRANSLATE_NOOP, current_language
from app.ui.teardown import install_exit_teardown
from app.ui.workload_panel import WorkloadPanel

if TYPE_CHECKING:  # imported when first needed: pyqtgraph and the perf model cost ~0.4 s at start
    from app.perf.model import MeasuredPeaks
    from app.ui.charts import PerformanceCharts, PowerCharts
    from app.ui.quote_dialog import QuoteDialog

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
NAME_COLUMN_EMS = 11  # the catalog table's name column at most this many "M" wide
PROJECT_FILTER = QT_TRANSLATE_NOOP("MainWindow", "Inference Sizer project (*.isproj *.isproj.json *.json)")
MAX_RECENT = 8


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
        parts = self._catalog.query(PartQuery(kind=kind, search=self.search.text()))
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
        items = []
        if cal.mem_bandwidth_gbs:
            eff = cal.efficiency_for(MEM_BW)
            items.append(self.tr("memory bandwidth {v:,.0f} GB/s").format(v=cal.mem_bandwidth_gbs)
                         + (f" ({eff:.0%})" if eff else ""))
        for key, value in sorted(cal.tflops.items()):
            items.append(self.tr("{p} GEMM {v:,.0f} TFLOPS").format(p=key.upper(), v=value))
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


def price_text(build: Build, parts: dict[str, AnyPart], currency: str, tr_unknown: str, tr_reference: str) -> str:
    """The build's price as the quote prices it (app.export.bom: all nodes, catalog then reference
    prices), so the gauge, Compare, the assistant and the PDF give one figure."""
    from app.export.bom import BomError, Pricing, build_bom  # noqa: PLC0415

    try:
        bom = build_bom(build, parts, Pricing(currency=currency))
    except BomError:
        return "–"
    text = format_money(bom.total, bom.currency)
    if bom.reference_lines:
        text += " " + tr_reference.format(n=len(bom.reference_lines))
    if bom.unpriced:
        text += " " + tr_unknown.format(n=len(bom.unpriced))
    return text


class MainWindow(QMainWindow):
    report_ready = Signal(object)  # Report of the current build, after each refresh

    def __init__(self, catalog: Catalog, data_dir: Path | None = None) -> None:
        super().__init__()
        install_exit_teardown()  # whoever made this window, it is gone before Python unloads
        self.catalog = catalog
        self.data_dir = data_dir or catalog.path.parent
        self.parts = catalog.parts_by_id()
        self.engine = RuleEngine(self.parts)
        self._texts: list[tuple[Callable[[str], None], str]] = []  # (setter, source text): retranslate_ui()
        self._ui_language = current_language()
        self.document = ProjectDocument(new_project(self.tr("Untitled"), self.parts), self.parts, parent=self)
        self.report: Report | None = None
        for folder in (self.data_dir, autosave_dir(self.data_dir)):
            remove_stale_temp_files(folder)  # what a save killed between write and rename left behind
        self.autosaver = Autosaver(self.data_dir, self)

        self.catalog_panel = CatalogPanel(catalog, self.data_dir)
        self.workload_panel = WorkloadPanel()
        self.workload_panel.set_catalog(self.parts)
        self.findings_panel = FindingsPanel()
        self.gauges = GaugePanel()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setMovable(False)
        central = QSplitter(Qt.Orientation.Vertical)
        central.addWidget(self.tabs)
        central.addWidget(self.gauges)
        central.setStretchFactor(0, 4)
        central.setStretchFactor(1, 1)
        self.setCentralWidget(central)
        self.catalog_dock = self._dock(QT_TRANSLATE_NOOP("MainWindow", "Catalog"), "catalog", self.catalog_panel,
                                       Qt.DockWidgetArea.LeftDockWidgetArea)
        self.workload_dock = self._dock(QT_TRANSLATE_NOOP("MainWindow", "Workload and site"),
                                        "workload", self.workload_panel,
                                        Qt.DockWidgetArea.LeftDockWidgetArea)
        self.tabifyDockWidget(self.workload_dock, self.catalog_dock)
        self.findings_dock = self._dock(QT_TRANSLATE_NOOP("MainWindow", "Findings"), "findings", self.findings_panel,
                                        Qt.DockWidgetArea.RightDockWidgetArea)
        # Charts are built the first time their dock is shown: pyqtgraph plots cost a tenth of a
        # second to create, which would otherwise delay every start.
        self.perf_charts: PerformanceCharts | None = None
        self.power_charts: PowerCharts | None = None
        self.chart_tabs = QTabWidget()
        self.charts_dock = self._dock(QT_TRANSLATE_NOOP("MainWindow", "Charts"), "charts", self.chart_tabs,
                                      Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(self.findings_dock, self.charts_dock)
        self.findings_dock.raise_()
        # Until the window has painted once, charts wait: a layout saved with the Charts dock open
        # would otherwise build pyqtgraph plots before the first paint (2.1 x the bare window's start).
        self._painted = False
        self._charts_pending = False
        self.charts_dock.visibilityChanged.connect(self._on_charts_visible)
        self._build_actions()
        self._connect()
        self._rebuild_tabs()
        self._restore_settings()
        self.autosaver.timer.timeout.connect(self.autosave_now)
        self.autosaver.failed.connect(lambda reason: self.statusBar().showMessage(
            self.tr("Autosave failed: {0}").format(reason), 15000))
        self.autosaver.timer.start()
        for message in catalog.report.messages:
            self.statusBar().showMessage(message)

    # ---- construction --------------------------------------------------------------------------
    def _translated(self, setter: Callable[[str], None], source: str) -> None:
        """Set a text now and again on every language change; ``source`` is marked with QT_TR_NOOP."""
        setter(self.tr(source))
        self._texts.append((setter, source))

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(self)
        self._translated(dock.setWindowTitle, title)
        dock.setObjectName(f"dock-{name}")
        dock.setWidget(widget)
        # Closable, so the View menu's toggle for it works (without it the toggle was greyed out).
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, text: str, slot: object, shortcut: QKeySequence | str | None = None) -> QAction:
        action = QAction(self)
        self._translated(action.setText, text)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        sk = QKeySequence.StandardKey
        self.new_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&New project"),
                                       self.new_project, QKeySequence(sk.New))
        self.open_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Open…"),
                                        self.open_dialog, QKeySequence(sk.Open))
        self.save_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Save"), self.save, QKeySequence(sk.Save))
        self.save_as_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "Save &As…"),
                                           self.save_as, QKeySequence(sk.SaveAs))
        self.quit_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Quit"), self.close, QKeySequence(sk.Quit))
        self._make_undo_actions()
        self.add_part_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Add selected part to build"),
                                            lambda: self.catalog_panel._request_add(False), "Ctrl+Return")
        self.fill_part_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Fill all slots with selected part"),
                                             lambda: self.catalog_panel._request_add(True), "Ctrl+Shift+Return")
        self.remove_part_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Remove selected parts"),
                                               self.remove_selected,
                                               QKeySequence(sk.Delete))
        self.remove_part_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.new_build_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "New &build"), self.new_build, "Ctrl+T")
        self.duplicate_build_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Duplicate build"),
                                                   self.duplicate_build, "Ctrl+D")
        self.rename_build_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "Re&name build…"), self.rename_build)
        self.remove_build_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "Remove build"), self.remove_build)
        self.about_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&About Inference Sizer"), self.show_about)
        self.compare_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Compare builds…"),
                                           self.compare_builds, "Ctrl+Shift+C")
        self.recommend_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Sizing assistant…"),
                                             self.sizing_assistant, "Ctrl+Shift+A")
        self.probe_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Probe this machine…"), self.probe_machine)
        self.import_probe_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Import probe report…"),
                                                self.import_probe_dialog)
        self.export_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Export quote…"),
                                          self.export_dialog, "Ctrl+E")
        self.quote_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Quote details…"),
                                         self.quote_details)
        self.preferences_action = self._action(QT_TRANSLATE_NOOP("MainWindow", "&Preferences…"), self.show_preferences,
                                               QKeySequence(sk.Preferences))
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)

        file_menu = self._menu(QT_TRANSLATE_NOOP("MainWindow", "&File"))
        for a in (self.new_action, self.open_action):
            file_menu.addAction(a)
        self.recent_menu = file_menu.addMenu("")
        self._translated(self.recent_menu.setTitle, QT_TRANSLATE_NOOP("MainWindow", "Open &recent"))
        for a in (self.save_action, self.save_as_action):
            file_menu.addAction(a)
        file_menu.addSeparator()
        file_menu.addAction(self.quote_action)
        file_menu.addAction(self.export_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        self.edit_menu = edit_menu = self._menu(QT_TRANSLATE_NOOP("MainWindow", "&Edit"))
        for a in (self.undo_action, self.redo_action):
            edit_menu.addAction(a)
        edit_menu.addSeparator()
        for a in (self.add_part_action, self.fill_part_action, self.remove_part_action):
            edit_menu.addAction(a)
        edit_menu.addSeparator()
        edit_menu.addAction(self.preferences_action)
        build_menu = self._menu(QT_TRANSLATE_NOOP("MainWindow", "&Build"))
        for a in (self.new_build_action, self.duplicate_build_action, self.rename_build_action,
                  self.remove_build_action):
            build_menu.addAction(a)
        build_menu.addSeparator()
        build_menu.addAction(self.compare_action)
        self.tools_menu = self._menu(QT_TRANSLATE_NOOP("MainWindow", "&Tools"))
        self.tools_menu.addAction(self.recommend_action)
        self.tools_menu.addSeparator()
        self.tools_menu.addAction(self.probe_action)
        self.tools_menu.addAction(self.import_probe_action)
        self.view_menu = self._menu(QT_TRANSLATE_NOOP("MainWindow", "&View"))
        for dock in (self.catalog_dock, self.workload_dock, self.findings_dock, self.charts_dock):
            self.view_menu.addAction(dock.toggleViewAction())
        help_menu = self._menu(QT_TRANSLATE_NOOP("MainWindow", "&Help"))
        help_menu.addAction(self.about_action)
        self._update_recent_menu()

    def _menu(self, title: str) -> QMenu:
        menu = self.menuBar().addMenu("")
        self._translated(menu.setTitle, title)
        return menu

    def _make_undo_actions(self) -> None:
        """Undo/Redo built by the undo stack, which fixes their prefix: made again on a language change."""
        sk = QKeySequence.StandardKey
        self.undo_action = self.document.undo_stack.createUndoAction(self, self.tr("&Undo"))
        self.undo_action.setShortcut(QKeySequence(sk.Undo))
        self.redo_action = self.document.undo_stack.createRedoAction(self, self.tr("&Redo"))
        self.redo_action.setShortcut(QKeySequence(sk.Redo))

    # ---- language --------------------------------------------------------------------------------
    def show_preferences(self) -> None:
        from app.ui.preferences import PreferencesDialog  # noqa: PLC0415

        PreferencesDialog(self).exec()

    def changeEvent(self, event: QEvent) -> None:
        if (event.type() == QEvent.Type.LanguageChange and getattr(self, "_texts", None)
                and self._ui_language != current_language()):
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        """Every text of the window in the current language; the project, its history and the layout stay."""
        self._ui_language = current_language()
        for setter, source in self._texts:
            setter(self.tr(source))
        old_undo, old_redo = self.undo_action, self.redo_action
        self._make_undo_actions()
        self.edit_menu.insertAction(old_undo, self.undo_action)
        self.edit_menu.insertAction(old_redo, self.redo_action)
        for old in (old_undo, old_redo):
            self.edit_menu.removeAction(old)
            old.deleteLater()
        if self.perf_charts is not None and self.power_charts is not None:
            # Charts lay their titles and axes out once: build them again in the new language.
            index = self.chart_tabs.currentIndex()
            for chart in (self.perf_charts, self.power_charts):
                self.chart_tabs.removeTab(self.chart_tabs.indexOf(chart))
                chart.deleteLater()
            self.perf_charts = self.power_charts = None
            self._ensure_charts()
            self.chart_tabs.setCurrentIndex(index)
        self._update_title()
        self.refresh()

    def _connect(self) -> None:
        doc = self.document
        doc.build_changed.connect(self._on_build_changed)
        doc.builds_changed.connect(self._rebuild_tabs)
        doc.project_replaced.connect(self._rebuild_tabs)
        doc.path_changed.connect(self._update_title)
        doc.details_changed.connect(self._update_title)
        doc.edit_failed.connect(lambda msg: self.statusBar().showMessage(msg, 8000))
        doc.undo_stack.cleanChanged.connect(lambda _c: self._update_title())
        self.tabs.currentChanged.connect(lambda _i: self.refresh())
        self.catalog_panel.add_requested.connect(self.add_part)
        self.catalog_panel.user_part_requested.connect(self.edit_user_part)
        self.workload_panel.edit_requested.connect(
            lambda op, changes, key: doc.edit_setting(self.current_index(), op, changes, key))
        self.findings_panel.fix_requested.connect(lambda fix: doc.apply_fix(self.current_index(), fix))
        self.findings_panel.highlight_requested.connect(self._highlight)

    # ---- builds and views ------------------------------------------------------------------------
    def _highlight(self, slots: set[str]) -> None:
        view = self._view()
        if view is not None:
            view.highlight(slots)

    def current_index(self) -> int:
        return max(0, self.tabs.currentIndex())

    def _view(self, index: int | None = None) -> ChassisView | None:
        w = self.tabs.widget(self.current_index() if index is None else index)
        return w if isinstance(w, ChassisView) else None

    def _rebuild_tabs(self) -> None:
        current = self.tabs.currentIndex()
        self.tabs.blockSignals(True)
        while self.tabs.count():
            w = self.tabs.widget(0)
            self.tabs.removeTab(0)
            if w is not None:
                w.deleteLater()
        for build in self.document.project.builds:
            view = ChassisView()
            view.place_requested.connect(lambda pid, slots: self.document.place(self.current_index(), pid, slots))
            view.remove_requested.connect(lambda slots: self.document.remove(self.current_index(), slots))
            view.replace_requested.connect(
                lambda pid, slots: self.document.replace_parts(self.current_index(), pid, slots))
            view.move_requested.connect(lambda src, dst: self.document.move(self.current_index(), src, dst))
            view.placement_refused.connect(lambda msg: self.statusBar().showMessage(msg, 8000))
            view.set_build(build, self.parts)
            self.tabs.addTab(view, build.name)
            view.addAction(self.remove_part_action)
        self.tabs.setCurrentIndex(min(max(0, current), self.tabs.count() - 1))
        self.tabs.blockSignals(False)
        self.refresh()
        self._update_title()

    def _on_build_changed(self, index: int) -> None:
        view = self._view(index)
        if view is not None:
            view.set_build(self.document.build(index), self.parts)
        if index == self.current_index():
            self.refresh()

    def refresh(self) -> None:
        """Re-validate the current build and update findings, gauges and the settings panel."""
        if self.tabs.count() == 0:
            return
        index = self.current_index()
        build = self.document.build(index)
        view = self._view(index)
        if view is not None:
            view.set_build(build, self.parts)
        report = self.engine.validate(build, self.measured_for(build))
        self.report = report
        self.findings_panel.set_findings(report.findings)
        chassis = self.parts.get(build.chassis_id)
        self.gauges.set_summary(report.summary if isinstance(chassis, Chassis) else None,
                                price_text(build, self.parts, self.document.project.currency,
                                           self.tr("({n} part(s) without a price)"),
                                           self.tr("(estimate: {n} at reference prices)")))
        self.workload_panel.set_build(build)
        self.refresh_charts(build)
        self.report_ready.emit(report)

    def show_charts(self) -> tuple[PerformanceCharts, PowerCharts]:
        """Build the charts if needed, show their dock, and bring them up to date."""
        self.charts_dock.show()
        self.charts_dock.raise_()
        return self._ensure_charts()

    def _ensure_charts(self) -> tuple[PerformanceCharts, PowerCharts]:
        if self.perf_charts is None or self.power_charts is None:
            from app.ui.charts import PerformanceCharts, PowerCharts  # noqa: PLC0415

            self.perf_charts = PerformanceCharts()
            self.power_charts = PowerCharts()
            self.chart_tabs.addTab(self.perf_charts, self.tr("Throughput and latency"))
            self.chart_tabs.addTab(self.power_charts, self.tr("Power and rack"))
            if self.tabs.count():
                self.refresh_charts(self.document.build(self.current_index()))
        return self.perf_charts, self.power_charts

    def _on_charts_visible(self, visible: bool) -> None:
        if not visible:
            return
        if not self._painted:  # restored with the layout at start-up: fill in after the first paint
            self._charts_pending = True
            return
        self._ensure_charts()
        if self.tabs.count():
            self.refresh_charts(self.document.build(self.current_index()))

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            if self._charts_pending:
                QTimer.singleShot(0, self._charts_after_first_paint)

    def _charts_after_first_paint(self) -> None:
        self._charts_pending = False
        if self.charts_dock.isVisible():
            self._on_charts_visible(True)

    def refresh_charts(self, build: Build) -> None:
        """Charts follow the current build; a build that can't be estimated says why instead."""
        if self.perf_charts is None or self.power_charts is None:
            return  # not built yet: they catch up when first shown
        from app.compare.curves import CurvesUnavailable, performance_curves  # noqa: PLC0415

        try:
            curves = performance_curves(build, self.parts, self.measured_for(build))
        except CurvesUnavailable as exc:
            self.perf_charts.set_curves(None, str(exc))
        else:
            self.perf_charts.set_curves(curves)
        self.power_charts.set_context(self.engine.context(build))

    def add_part(self, part_id: str, fill_all: bool) -> None:
        """Keyboard route to placing parts: the first free slot that takes the part, or all of them
        (placement.free_slots_for, the check drag-and-drop and the fit rules use)."""
        part = self.parts.get(part_id)
        index = self.current_index()
        build = self.document.build(index)
        if part is None:
            return
        if isinstance(part, Chassis):
            self.document.change_chassis(index, part.id)
            return
        chassis = self.parts.get(build.chassis_id)
        if not isinstance(chassis, Chassis):
            self.statusBar().showMessage(self.tr("Choose a chassis first."), 8000)
            return
        from app.core.build import slot_layout  # noqa: PLC0415

        free = free_slots_for(part, slot_layout(chassis), chassis, build.occupied(), self.parts)
        if not free:
            self.statusBar().showMessage(
                self.tr("No free slot in {chassis} takes {part}.").format(chassis=chassis.name, part=part.name), 8000)
            return
        self.document.place(index, part.id, free if fill_all else free[:1])

    def remove_selected(self) -> None:
        view = self._view()
        if view is None:
            return
        filled = [s for s in view.selected_slots() if s in self.document.build(self.current_index()).occupied()]
        if filled:
            self.document.remove(self.current_index(), filled)

    def new_build(self) -> None:
        template = new_project("x", self.parts).builds[0]
        self.document.add_build(template.model_copy(update={"name": self.tr("Build {0}").format(
            len(self.document.project.builds) + 1)}))
        self.tabs.setCurrentIndex(self.tabs.count() - 1)

    def duplicate_build(self) -> None:
        build = self.document.build(self.current_index())
        self.document.add_build(build.model_copy(update={"name": self.tr("{0} copy").format(build.name)}))
        self.tabs.setCurrentIndex(self.tabs.count() - 1)

    def rename_build(self) -> None:
        build = self.document.build(self.current_index())
        name, ok = QInputDialog.getText(self, self.tr("Rename build"), self.tr("Name:"), text=build.name)
        if ok:
            self.document.rename_build(self.current_index(), name)

    def remove_build(self) -> None:
        self.document.remove_build(self.current_index())

    # ---- files -----------------------------------------------------------------------------------
    def _update_title(self) -> None:
        doc = self.document
        name = doc.path.name if doc.path else doc.project.project.name
        self.setWindowTitle(self.tr("{name}[*] — Inference Sizer").format(name=name))
        self.setWindowModified(doc.modified)

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current project."""
        if not self.document.modified:
            return True
        answer = QMessageBox.warning(
            self, self.tr("Unsaved changes"),
            self.tr("The project has unsaved changes. Save them?"),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def new_project(self) -> None:
        if self.maybe_save():
            self.document.replace(new_project(self.tr("Untitled"), self.parts), None)
            self.autosaver.clear()

    def open_dialog(self) -> None:
        if not self.maybe_save():
            return
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open project"), "", self.tr(PROJECT_FILTER))
        if path:
            self.open_path(Path(path))

    def open_path(self, path: Path) -> bool:
        """Open a project file; a malformed one is refused with a dialog and nothing changes."""
        try:
            project = ProjectDocument.load(path)
        except ProjectFileError as exc:
            QMessageBox.critical(self, self.tr("Cannot open project"), str(exc))
            return False
        self.document.replace(project, path)
        self._add_recent(path)
        self.autosaver.clear()
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        # A saved project proposes its own file; a new one its name (not "Untitled" for a named file).
        proposed = (str(self.document.path) if self.document.path is not None
                    else f"{self.document.project.project.name}{PROJECT_SUFFIX}")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save project"), proposed, self.tr(PROJECT_FILTER))
        return self._save_to(with_project_suffix(path)) if path else False

    def _save_to(self, path: Path) -> bool:
        """False, after telling the user why, when nothing was saved: the caller (closing the
        window, opening another project) then keeps the work open."""
        try:
            try:
                self.document.save(path)
            except ProjectChangedOnDiskError:
                answer = QMessageBox.warning(
                    self, self.tr("Project changed on disk"),
                    self.tr("{path} was changed by another window or program since you opened it.\n"
                            "Overwrite those changes with yours? (Cancel, then Save As, keeps both.)"
                            ).format(path=path),
                    QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                    QMessageBox.StandardButton.Cancel)
                if answer != QMessageBox.StandardButton.Save:
                    return False
                self.document.save(path, overwrite_changes=True)
        except (ProjectFileError, OSError) as exc:
            reason = exc.message if isinstance(exc, ProjectFileError) else (exc.strerror or str(exc))
            QMessageBox.critical(self, self.tr("Cannot save project"),
                                 self.tr("{path}: {reason}").format(path=path, reason=reason))
            return False
        self._add_recent(path)
        self.autosaver.clear()
        self.statusBar().showMessage(self.tr("Saved {0}").format(path), 5000)
        return True

    def autosave_now(self) -> None:
        if self.document.modified:
            self.autosaver.save_now(self.document.project, self.document.path)

    def offer_recovery(self) -> bool:
        """After a crash: offer each autosave left behind. True when one was recovered."""
        for rec in find_recoverable(self.data_dir):
            if rec.path == self.autosaver.path:
                continue
            answer = QMessageBox.question(
                self, self.tr("Recover unsaved work?"),
                self.tr("Inference Sizer did not close properly. Recover the unsaved project “{name}”?").format(
                    name=rec.project.project.name),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            )
            if answer == QMessageBox.StandardButton.Yes:
                self.document.replace(rec.project, rec.original)
                # it is unsaved work: mark modified by pushing nothing but an unclean state
                self.document.undo_stack.resetClean()
                discard(rec)
                self._update_title()
                return True
            discard(rec)
        return False

    def _recent(self) -> list[str]:
        value = QSettings().value("recent/files", [])
        return [str(v) for v in value] if isinstance(value, list) else ([str(value)] if value else [])

    def _add_recent(self, path: Path) -> None:
        items = [str(path)] + [p for p in self._recent() if p != str(path)]
        QSettings().setValue("recent/files", items[:MAX_RECENT])
        self._update_recent_menu()

    def _update_recent_menu(self) -> None:
        self.recent_menu.clear()
        for p in self._recent():
            action = self.recent_menu.addAction(p)
            action.triggered.connect(lambda _=False, path=p: self.maybe_save() and self.open_path(Path(path)))
        self.recent_menu.setEnabled(bool(self._recent()))

    # ---- probe -----------------------------------------------------------------------------------
    def measured_for(self, build: Build) -> MeasuredPeaks | None:
        """Probe-measured peaks of the build's GPU model, when a report was imported."""
        from app.probe.measured import peaks_for_build  # noqa: PLC0415

        return peaks_for_build(build, self.parts, self.data_dir)

    def sizing_assistant(self) -> None:
        """The four questions → ranked valid builds; one opens as a new build of this project."""
        from app.ui.recommend_dialog import RecommendDialog  # noqa: PLC0415

        dialog = RecommendDialog(self.parts, self)
        dialog.open_build.connect(self.open_recommended)
        dialog.exec()

    def open_recommended(self, build: Build) -> None:
        self.document.add_build(build)
        self.tabs.setCurrentIndex(self.tabs.count() - 1)

    def probe_machine(self) -> None:
        from app.ui.probe_dialog import ProbeDialog  # noqa: PLC0415

        dialog = ProbeDialog(self, data_dir=self.data_dir)
        dialog.report_ready.connect(self._on_probe_report)
        dialog.exec()

    def import_probe_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import probe report"), "",
                                              self.tr("Probe report (*.json)"))
        if path:
            self.import_probe(Path(path))

    def import_probe(self, path: Path) -> bool:
        """Validate and store a report; a bad file is refused with the reason and nothing stored."""
        from app.probe.calibration import import_report  # noqa: PLC0415
        from app.probe.report import ProbeReportError  # noqa: PLC0415

        try:
            stored = import_report(path, self.data_dir, self.parts)
        except ProbeReportError as exc:
            QMessageBox.critical(self, self.tr("Cannot import probe report"), f"{path.name}: {exc}")
            return False
        self._on_probe_report(str(stored.path))
        return True

    def _on_probe_report(self, path: str) -> None:
        self.statusBar().showMessage(self.tr("Probe report stored: {0}").format(path), 8000)
        selected = self.catalog_panel.selected_part_id()
        if selected:
            self.catalog_panel.show_part(selected)
        self.refresh()

    # ---- user parts --------------------------------------------------------------------------------
    def edit_user_part(self, action: str, part_id: str) -> bool:
        """Duplicate any part into an editable copy, edit or delete your own; the catalog reloads."""
        from app.catalog.common import CatalogError  # noqa: PLC0415
        from app.ui.part_editor import PartEditor, user_copy_id  # noqa: PLC0415

        part = self.catalog.get(part_id)
        if part is None:
            return False
        try:
            if action == "delete":
                used = [b.name for b in self.document.project.builds if part_id in {*b.part_ids(), b.chassis_id}]
                text = self.tr("Delete your part “{0}”?").format(part.display_name)
                if used:
                    text += "\n" + self.tr("Builds that use it will report it as unknown: {0}").format(", ".join(used))
                if QMessageBox.question(self, self.tr("Delete part"), text) != QMessageBox.StandardButton.Yes:
                    return False
                self.catalog.delete_user_part(part_id)
                new_id = None
            else:
                new_id = user_copy_id(part_id, set(self.parts)) if action == "duplicate" else None
                editor = PartEditor(part, new_id=new_id, id_editable=action == "duplicate", parent=self)
                if not self.run_editor(editor) or editor.result_part is None:
                    return False
                result = editor.result_part
                if action == "duplicate":
                    self.catalog.add_user_part(result)
                else:
                    self.catalog.update_user_part(result)
                new_id = result.id
        except CatalogError as exc:
            QMessageBox.critical(self, self.tr("Catalog"), str(exc))
            return False
        self.reload_catalog()
        if new_id is not None:
            self.catalog_panel.select_part(new_id)
        return True

    def run_editor(self, editor: QWidget) -> bool:
        """Modal edit; a seam for tests, which fill the form and accept without a nested event loop."""
        from PySide6.QtWidgets import QDialog  # noqa: PLC0415

        assert isinstance(editor, QDialog)
        return editor.exec() == QDialog.DialogCode.Accepted

    def reload_catalog(self) -> None:
        """After the catalog changed: new lookups everywhere, then re-validate."""
        self.parts = self.catalog.parts_by_id()
        self.engine = RuleEngine(self.parts)
        self.document.parts = self.parts
        self.workload_panel.set_catalog(self.parts)
        self.catalog_panel.refresh()
        self.refresh()

    # ---- compare and export ----------------------------------------------------------------------
    def compare_builds(self) -> None:
        from app.ui.compare_dialog import CompareDialog  # noqa: PLC0415

        if len(self.document.project.builds) < 2:
            self.statusBar().showMessage(self.tr("Add or duplicate a build to compare (Build menu)."), 8000)
            return
        dialog = CompareDialog(self.document.project.builds, self.parts, self.engine, self,
                               measured=self.measured_for)
        dialog.exec()

    def chart_images(self) -> dict[str, bytes]:
        """Each build's throughput chart rendered offscreen, for the PDF."""
        from app.compare.curves import CurvesUnavailable, performance_curves  # noqa: PLC0415
        from app.ui.charts import PerformanceCharts  # noqa: PLC0415

        images: dict[str, bytes] = {}
        renderer = PerformanceCharts()
        try:
            for build in self.document.project.builds:
                try:
                    curves = performance_curves(build, self.parts, self.measured_for(build))
                except CurvesUnavailable:
                    continue
                renderer.set_curves(curves)
                images[build.name] = renderer.render_png(1400, 800)
        finally:
            renderer.deleteLater()
        return images

    def quote_details(self, *, export: bool = False) -> QuoteDialog:
        """The quote details, open and window-modal (app.ui.quote_dialog); OK saves them as one undoable
        edit and then, with ``export``, asks where to export."""
        from app.ui.quote_dialog import QuoteDialog  # noqa: PLC0415

        dialog = QuoteDialog(self.document, lambda b: self.engine.validate(b, self.measured_for(b)), self,
                             export=export)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if export:
            dialog.accepted.connect(self._choose_export_file)
        dialog.open()
        return dialog

    def export_dialog(self) -> None:
        """Export: the quote details first (discount, tax, validity, builds), then the file."""
        self.quote_details(export=True)

    def _choose_export_file(self) -> None:
        filters = ";;".join((self.tr("PDF quote (*.pdf)"), self.tr("Excel workbook (*.xlsx)"),
                             self.tr("CSV (*.csv)")))
        name = self.document.project.project.name or "quote"
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export quote"), f"{name}.pdf", filters)
        if path:
            self.export_to(Path(path))

    def export_to(self, path: Path) -> bool:
        """PDF, XLSX or CSV by suffix; a failure says why and writes nothing."""
        from app.export.errors import ExportError  # noqa: PLC0415
        from app.export.pdf import write_pdf  # noqa: PLC0415
        from app.export.quote import ExportOptions, prepare_quote  # noqa: PLC0415
        from app.export.tabular import write_csv, write_xlsx  # noqa: PLC0415

        try:
            measured = {b.name: m for b in self.document.project.builds if (m := self.measured_for(b)) is not None}
            doc = prepare_quote(self.document.project, self.parts, ExportOptions(language=current_language()),
                                catalog_version=self.catalog.catalog_version, engine=self.engine, measured=measured)
            suffix = path.suffix.lower()
            if suffix == ".xlsx":
                write_xlsx(doc, path)
            elif suffix == ".csv":
                write_csv(doc, path)
            else:
                write_pdf(doc, path, charts=self.chart_images())
        except (ExportError, OSError) as exc:
            QMessageBox.critical(self, self.tr("Cannot export"), str(exc))
            return False
        self.statusBar().showMessage(self.tr("Exported {0}").format(path), 8000)
        return True

    # ---- misc ------------------------------------------------------------------------------------
    def set_project(self, project: Project, path: Path | None = None) -> None:
        self.document.replace(project, path)

    def show_about(self) -> None:
        QMessageBox.about(
            self, self.tr("About Inference Sizer"),
            self.tr("Inference Sizer {version}\nCatalog {catalog}\nDatabase: {path}").format(
                version=__version__, catalog=self.catalog.catalog_version, path=self.catalog.path),
        )

    def _restore_settings(self) -> None:
        settings = QSettings()
        geometry = settings.value("main/geometry")
        state = settings.value("main/state")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:
            self.resize(1340, 740)
        if isinstance(state, QByteArray):
            self.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        settings = QSettings()
        settings.setValue("main/geometry", self.saveGeometry())
        settings.setValue("main/state", self.saveState())
        self.autosaver.close()
        super().closeEvent(event)
