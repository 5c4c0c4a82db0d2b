"""The configurator window: catalog, chassis drawing, workload, live findings and gauges."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QPaintEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QInputDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

from app import __version__
from app.catalog.store import Catalog
from app.cli.profiles import active_profile
from app.core.build import Build
from app.core.files import remove_stale_temp_files
from app.core.parts import AnyPart, Chassis
from app.core.placement import free_slots_for
from app.i18n.formatting import format_money
from app.project import Project
from app.rules.engine import Report, RuleEngine
from app.ui import catalog_actions, file_ops, menus, way_in, window_layout
from app.ui.autosave import Autosaver, autosave_dir
from app.ui.catalog_panel import KIND_LABELS, NAME_COLUMN_EMS, CatalogPanel
from app.ui.chassis_view import ChassisView
from app.ui.document import ProjectDocument, new_project
from app.ui.facility_page import FacilityPage
from app.ui.file_ops import MAX_RECENT, PROJECT_FILTER
from app.ui.findings_panel import FindingsPanel
from app.ui.gauges import GaugePanel
from app.ui.language import current_language
from app.ui.teardown import install_exit_teardown
from app.ui.workload_panel import WorkloadPanel

if TYPE_CHECKING:  # imported when first needed: pyqtgraph and the perf model cost ~0.4 s at start
    from app.perf.model import MeasuredPeaks
    from app.ui.charts import PerformanceCharts, PowerCharts
    from app.ui.quote_dialog import QuoteDialog
    from app.ui.start_page import StartPage

__all__ = ["KIND_LABELS", "MAX_RECENT", "NAME_COLUMN_EMS", "PROJECT_FILTER", "CatalogPanel", "MainWindow", "price_text"]


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
    """The assembly: docks, build tabs and refresh here; menus (app.ui.menus), file work and the quote
    (app.ui.file_ops) and catalog edits (app.ui.catalog_actions) in their own modules."""

    report_ready = Signal(object)  # Report of the current build, after each refresh
    # Made by app.ui.menus.
    new_action: QAction
    open_action: QAction
    save_action: QAction
    save_as_action: QAction
    quit_action: QAction
    add_part_action: QAction
    fill_part_action: QAction
    remove_part_action: QAction
    new_build_action: QAction
    duplicate_build_action: QAction
    rename_build_action: QAction
    remove_build_action: QAction
    about_action: QAction
    compare_action: QAction
    recommend_action: QAction
    probe_action: QAction
    import_probe_action: QAction
    export_action: QAction
    quote_action: QAction
    preferences_action: QAction
    start_page_action: QAction
    charts_action: QAction
    recent_menu: QMenu
    edit_menu: QMenu
    tools_menu: QMenu
    view_menu: QMenu
    # Made by app.ui.window_layout.
    catalog_dock: QDockWidget
    workload_dock: QDockWidget
    findings_dock: QDockWidget
    tabs: QTabWidget  # one chassis view per build
    editor_split: QSplitter  # the build tabs over the gauges
    chart_tabs: QTabWidget  # throughput and latency; power and rack
    views: QTabWidget  # the centre's pages: chassis, charts, facility
    facility_page: FacilityPage
    start_page: StartPage
    center: QStackedWidget  # the views, or the start page

    def __init__(self, catalog: Catalog, data_dir: Path | None = None, *, fill_in_later: bool = False) -> None:
        """``fill_in_later``: the GUI's start leaves the build's drawing and first validation to
        :meth:`fill_in` after the first paint (the start page covers the centre meanwhile)."""
        super().__init__()
        install_exit_teardown()  # whoever made this window, it is gone before Python unloads
        self.catalog = catalog
        self.data_dir = data_dir or catalog.path.parent
        self.parts = catalog.parts_by_id()
        self._engine: RuleEngine | None = None  # made when first asked for (see ``engine``)
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
        window_layout.build_center(self)
        window_layout.build_docks(self)
        # Charts are built the first time their page is shown: pyqtgraph plots cost a tenth of a
        # second to create, which would otherwise delay every start.
        self.perf_charts: PerformanceCharts | None = None
        self.power_charts: PowerCharts | None = None
        # Until the window has painted once, charts wait: a layout saved with the charts open would
        # otherwise build pyqtgraph plots before the first paint (2.1 x the bare window's start).
        self._painted = False
        self._charts_pending = False
        self.views.currentChanged.connect(lambda _i: self._on_charts_visible(self.charts_shown()))
        self.views.currentChanged.connect(lambda _i: self.refresh_facility())
        menus.build_actions(self)
        menus.build_menus(self)
        self._connect()
        self._filled_in = False
        if fill_in_later:
            self._update_title()
        else:
            self.fill_in()
        way_in.connect(self)
        window_layout.restore(self)
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

    @property
    def engine(self) -> RuleEngine:
        """The rules and the estimate at the load, with the team's profile where one is synced.

        Made on first use, after the first paint when the GUI starts: loading the rule profile and
        the performance model's rules is ~60 ms that the start page does not need."""
        if self._engine is None:
            self._engine = RuleEngine(self.parts, active_profile(self.data_dir))
        return self._engine

    def fill_in(self) -> None:
        """The open project's chassis views, findings and gauges: ~50 ms that need not hold up the first paint."""
        if not self._filled_in:
            self._rebuild_tabs()

    def current_index(self) -> int:
        return max(0, self.tabs.currentIndex())

    def _view(self, index: int | None = None) -> ChassisView | None:
        w = self.tabs.widget(self.current_index() if index is None else index)
        return w if isinstance(w, ChassisView) else None

    def _rebuild_tabs(self) -> None:
        self._filled_in = True
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
            self.tabs.addTab(view, window_layout.short_name(build.name, self.tabs.fontMetrics()))
            self.tabs.setTabToolTip(self.tabs.count() - 1, build.name)
            view.addAction(self.remove_part_action)
        self.tabs.setCurrentIndex(min(max(0, current), self.tabs.count() - 1))
        self.tabs.blockSignals(False)
        self.refresh()
        self._update_title()

    def _on_build_changed(self, index: int) -> None:
        if index == self.current_index():
            self.refresh()  # draws the chassis too
            return
        view = self._view(index)
        if view is not None:
            view.set_build(self.document.build(index), self.parts)

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
        chassis = self.parts.get(build.chassis_id)
        empty = not build.placements  # what to do next, not a page of errors about what is missing
        self.findings_panel.set_findings(report.findings, next_step=self.next_step(build) if empty else None)
        self.gauges.set_summary(report.summary if isinstance(chassis, Chassis) and not empty else None,
                                price_text(build, self.parts, self.document.project.currency,
                                           self.tr("({n} part(s) without a price)"),
                                           self.tr("(estimate: {n} at reference prices)")),
                                empty_text=self.tr("add parts to see this") if empty else None)
        self.workload_panel.set_build(build)
        self.refresh_charts(build)
        self.refresh_facility()
        self.report_ready.emit(report)

    def next_step(self, build: Build) -> str:
        """The hint an empty build shows above its list of what is missing."""
        if not isinstance(self.parts.get(build.chassis_id), Chassis):
            return self.tr("Next: choose a chassis in the Catalog (Chassis).")
        return self.tr("Next: drag GPUs from the Catalog onto the chassis (or select one and press "
                       "Fill all), then CPUs, memory, drives and power supplies. Still missing:")

    def show_charts(self) -> tuple[PerformanceCharts, PowerCharts]:
        """Build the charts if needed, show their page, and bring them up to date."""
        way_in.show_editor(self)
        self.views.setCurrentIndex(window_layout.CHARTS_PAGE)
        return self._ensure_charts()

    def charts_shown(self) -> bool:
        """The charts' page is the centre's current one (a returning user's layout may bring it back)."""
        return self.views.currentIndex() == window_layout.CHARTS_PAGE

    def show_start_page(self) -> None:
        way_in.show_start_page(self)

    def ask_new_build(self) -> bool:
        """Build > New build: chassis and site first (a dialog), then the empty build."""
        return way_in.ask_new_build(self)

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
                QTimer.singleShot(0, self, self._charts_after_first_paint)  # dropped with the window

    def _charts_after_first_paint(self) -> None:
        self._charts_pending = False
        if self.charts_shown():
            self._on_charts_visible(True)

    def refresh_facility(self) -> None:
        """The Facility page follows the current build while it is shown (its scenarios re-validate)."""
        if self.views.currentIndex() != window_layout.FACILITY_PAGE or not self.tabs.count():
            return
        build = self.document.build(self.current_index())
        self.facility_page.show_build(self.engine, build, self.report, self.measured_for(build))

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
        return file_ops.maybe_save(self)

    def new_project(self) -> None:
        file_ops.new_project(self)

    def open_dialog(self) -> None:
        file_ops.open_dialog(self)

    def open_path(self, path: Path) -> bool:
        """Open a project file; a malformed one is refused with a dialog and nothing changes."""
        return file_ops.open_path(self, path)

    def save(self) -> bool:
        return file_ops.save(self)

    def save_as(self) -> bool:
        return file_ops.save_as(self)

    def _save_to(self, path: Path) -> bool:
        """False, after telling the user why, when nothing was saved (app.ui.file_ops.save_to)."""
        return file_ops.save_to(self, path)

    def autosave_now(self) -> None:
        file_ops.autosave_now(self)

    def offer_recovery(self) -> bool:
        """After a crash: offer each autosave left behind. True when one was recovered."""
        return file_ops.offer_recovery(self)

    # ---- probe -----------------------------------------------------------------------------------
    def measured_for(self, build: Build) -> MeasuredPeaks | None:
        """Probe-measured peaks of the build's GPU model, when a report was imported."""
        from app.probe.measured import peaks_for_build  # noqa: PLC0415

        return peaks_for_build(build, self.parts, self.data_dir)

    def sizing_assistant(self) -> None:
        """The four questions → ranked valid builds; one opens as a new build of this project."""
        from app.probe.measured import peaks_by_gpu  # noqa: PLC0415
        from app.ui.recommend_dialog import RecommendDialog  # noqa: PLC0415

        dialog = RecommendDialog(self.parts, self, measured=peaks_by_gpu(self.parts, self.data_dir))
        dialog.open_build.connect(self.open_recommended)
        dialog.exec()

    def open_recommended(self, build: Build) -> None:
        way_in.place_build(self, build)

    def probe_machine(self) -> None:
        from app.ui.probe_dialog import ProbeDialog  # noqa: PLC0415

        dialog = ProbeDialog(self, data_dir=self.data_dir)
        dialog.report_ready.connect(self._on_probe_report)
        dialog.exec()

    def import_probe_dialog(self) -> None:
        catalog_actions.import_probe_dialog(self)

    def import_probe(self, path: Path) -> bool:
        """Validate and store a report; a bad file is refused with the reason and nothing stored."""
        return catalog_actions.import_probe(self, path)

    def _on_probe_report(self, path: str) -> None:
        self.statusBar().showMessage(self.tr("Probe report stored: {0}").format(path), 8000)
        selected = self.catalog_panel.selected_part_id()
        if selected:
            self.catalog_panel.show_part(selected)
        self.refresh()

    # ---- user parts --------------------------------------------------------------------------------
    def edit_user_part(self, action: str, part_id: str) -> bool:
        """Duplicate any part into an editable copy, edit or delete your own; the catalog reloads."""
        return catalog_actions.edit_user_part(self, action, part_id)

    def run_editor(self, editor: QWidget) -> bool:
        """Modal edit; a seam for tests, which fill the form and accept without a nested event loop."""
        from PySide6.QtWidgets import QDialog  # noqa: PLC0415

        assert isinstance(editor, QDialog)
        return editor.exec() == QDialog.DialogCode.Accepted

    def reload_catalog(self) -> None:
        """After the catalog changed: new lookups everywhere, then re-validate."""
        self.parts = self.catalog.parts_by_id()
        self._engine = None  # judged with the new parts from the next validation on
        self.document.parts = self.parts
        self.workload_panel.set_catalog(self.parts)
        self.catalog_panel.refresh()
        self.refresh()

    # ---- compare and export ----------------------------------------------------------------------
    def compare_builds(self) -> None:
        file_ops.compare_builds(self)

    def chart_images(self) -> dict[str, bytes]:
        """Each build's throughput chart rendered offscreen, for the PDF."""
        return file_ops.chart_images(self)

    def quote_details(self, *, export: bool = False) -> QuoteDialog:
        """The quote details, open and window-modal; OK saves them, then, with ``export``, asks where to export."""
        return file_ops.quote_details(self, export=export)

    def export_dialog(self) -> None:
        """Export: the quote details first (discount, tax, validity, builds), then the file."""
        file_ops.export_dialog(self)

    def export_to(self, path: Path) -> bool:
        """PDF, XLSX or CSV by suffix; a failure says why and writes nothing."""
        return file_ops.export_to(self, path)

    # ---- misc ------------------------------------------------------------------------------------
    def set_project(self, project: Project, path: Path | None = None) -> None:
        self.document.replace(project, path)

    def show_about(self) -> None:
        QMessageBox.about(
            self, self.tr("About Inference Sizer"),
            self.tr("Inference Sizer {version}\nCatalog {catalog}\nDatabase: {path}").format(
                version=__version__, catalog=self.catalog.catalog_version, path=self.catalog.path),
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        window_layout.save(self)
        self.autosaver.close()
        super().closeEvent(event)
