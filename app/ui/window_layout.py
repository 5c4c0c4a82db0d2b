"""The main window's layout: the centre (start page, chassis, charts), the docks, and what is remembered.

Why the charts are a page of the centre rather than a dock: as a dock beside the findings they widened
the right-hand side until the chassis was a thumbnail, and narrowed again their plots were cut off.
As a page they take the whole centre when asked for and leave the chassis its room otherwise.
Docks and splitters are saved per user (QSettings) when the window closes and restored at start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QSplitter, QStackedWidget, QTabWidget

from app.ui.facility_page import FacilityPage
from app.ui.language import QT_TRANSLATE_NOOP
from app.ui.start_page import StartPage

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

CHASSIS_PAGE, CHARTS_PAGE, FACILITY_PAGE = 0, 1, 2
TAB_NAME_EMS = 14  # a build's tab shows this much of its name, the rest elided in the middle
# Where each splitter's state is saved. The editor's key is new with the first-start fix (restore): a state saved
# under the old one may hold the chassis at its minimum from that fault, so it is read no more.
_SPLITTER_KEYS = {"editor": "main/split-editor-2", "findings": "main/split-findings"}


def short_name(name: str, metrics: QFontMetrics, ems: int = TAB_NAME_EMS) -> str:
    """A tab's text: the build's name elided in the middle to ``ems`` wide (the full name is the tooltip)."""
    return metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, metrics.horizontalAdvance("M") * ems)


def build_center(window: MainWindow) -> None:
    """Start page | (chassis tabs over gauges) and charts, as pages; minimums keep each readable."""
    window.tabs = QTabWidget()
    window.tabs.setDocumentMode(True)
    window.tabs.setMovable(False)
    window.tabs.setElideMode(Qt.TextElideMode.ElideMiddle)
    window.tabs.tabBarDoubleClicked.connect(lambda _i: window.rename_build())  # tab names are editable
    window.editor_split = QSplitter(Qt.Orientation.Vertical)
    window.editor_split.setObjectName("split-editor")
    window.editor_split.addWidget(window.tabs)
    window.editor_split.addWidget(window.gauges)
    window.editor_split.setStretchFactor(0, 4)
    window.editor_split.setStretchFactor(1, 1)
    # The same 4 : 1 as the first sizes (a saved split replaces them, restore): left to the first layout, which may
    # come while the build tabs are still empty (a project given on the command line opens after the window shows),
    # the chassis drawing got its minimum and the gauges everything else.
    gauges = window.gauges.sizeHint().height()
    window.editor_split.setSizes([4 * gauges, gauges])
    window.editor_split.setChildrenCollapsible(False)
    window.chart_tabs = QTabWidget()
    window.views = QTabWidget()
    window.views.setTabPosition(QTabWidget.TabPosition.South)
    window.views.setDocumentMode(True)
    window.views.addTab(window.editor_split, "")
    window.views.addTab(window.chart_tabs, "")
    window.facility_page = FacilityPage()
    window.views.addTab(window.facility_page, "")
    window._translated(lambda s: window.views.setTabText(CHASSIS_PAGE, s), QT_TRANSLATE_NOOP("MainWindow", "Chassis"))
    window._translated(lambda s: window.views.setTabText(CHARTS_PAGE, s), QT_TRANSLATE_NOOP("MainWindow", "Charts"))
    window._translated(lambda s: window.views.setTabText(FACILITY_PAGE, s),
                       QT_TRANSLATE_NOOP("MainWindow", "Facility"))
    window.start_page = StartPage()
    window.center = QStackedWidget()
    window.center.addWidget(window.views)
    window.center.addWidget(window.start_page)
    window.center.setMinimumWidth(window.fontMetrics().horizontalAdvance("M") * 24)
    window.setCentralWidget(window.center)


def build_docks(window: MainWindow) -> None:
    """Catalog on the left; Workload and site above Findings on the right, both in view from the start
    (Workload and site was a hidden tab behind the Catalog)."""
    left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
    window.catalog_dock = window._dock(QT_TRANSLATE_NOOP("MainWindow", "Catalog"), "catalog",
                                       window.catalog_panel, left)
    window.workload_dock = window._dock(QT_TRANSLATE_NOOP("MainWindow", "Workload and site"), "workload",
                                        window.workload_panel, right)
    window.findings_dock = window._dock(QT_TRANSLATE_NOOP("MainWindow", "Findings"), "findings",
                                        window.findings_panel, right)
    window.splitDockWidget(window.workload_dock, window.findings_dock, Qt.Orientation.Vertical)
    em = window.fontMetrics().horizontalAdvance("M")
    # The catalog dock fits its table's name (NAME_COLUMN_EMS), vendor and form columns side by side.
    window.resizeDocks([window.catalog_dock, window.workload_dock], [em * 28, em * 22], Qt.Orientation.Horizontal)


def _splitters(window: MainWindow) -> dict[str, QSplitter]:
    return {"editor": window.editor_split, "findings": window.findings_panel.splitter}


def restore(window: MainWindow) -> None:
    """Geometry, docks, splitters and the centre's page as this user left them (a first start: defaults)."""
    settings = QSettings()
    geometry = settings.value("main/geometry")
    state = settings.value("main/state")
    if isinstance(geometry, QByteArray):
        window.restoreGeometry(geometry)
    else:
        window.resize(1340, 740)
    if isinstance(state, QByteArray):
        window.restoreState(state)
    for name, splitter in _splitters(window).items():
        saved = settings.value(_SPLITTER_KEYS[name])
        if isinstance(saved, QByteArray):
            splitter.restoreState(saved)
    if str(settings.value("main/page", "")) == "charts":
        window.views.setCurrentIndex(CHARTS_PAGE)  # the plots themselves wait for the first paint


def save(window: MainWindow) -> None:
    settings = QSettings()
    settings.setValue("main/geometry", window.saveGeometry())
    settings.setValue("main/state", window.saveState())
    for name, splitter in _splitters(window).items():
        settings.setValue(_SPLITTER_KEYS[name], splitter.saveState())
    settings.setValue("main/page", "charts" if window.views.currentIndex() == CHARTS_PAGE else "chassis")
    path = window.document.path
    settings.setValue("main/last_project", str(path.resolve()) if path is not None else "")

