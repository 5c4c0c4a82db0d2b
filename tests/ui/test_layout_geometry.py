"""Every window and dialog at 1366 x 768, in English and Chinese: nothing clipped, no chart labels overlapping.

Offscreen and by geometry (tests/ui/layout_checks.py): a widget that runs past its parent, a label or
button too small for its text, two chart labels whose rectangles intersect. The first tests show the
checks can fail, on a deliberately clipped widget and deliberately stacked labels.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QDialog, QGraphicsSimpleTextItem, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from app.catalog.store import Catalog
from app.ui.language import apply_language
from app.ui.main_window import MainWindow
from app.ui.window_layout import FACILITY_PAGE
from tests.ui.layout_checks import clipped_plots, clipped_widgets, overlapping_labels, plot_label_rects

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "resources" / "samples" / "hgx-h200-8gpu.json"
# Screens in logical pixels: 1920 x 1080 at 150 % and 200 % scaling leave Qt 1280 x 720 and 960 x 540.
SCREENS = {"1366x768": (1366, 768), "1920x1080": (1920, 1080), "1920x1080@150%": (1280, 720),
           "1920x1080@200%": (960, 540)}
DIALOG_SCREENS = ("1366x768", "1920x1080@150%")  # the sizing assistant needs 1000 x 640 at least
LANGUAGES = ("en", "zh_CN")
TITLE_BAR_PX = 28


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    apply_language(request.param)
    yield request.param
    apply_language("en")


@pytest.fixture(params=list(SCREENS))
def screen(request: pytest.FixtureRequest) -> tuple[int, int]:
    return SCREENS[request.param]


@pytest.fixture
def hgx_window(qtbot: QtBot, catalog: Catalog, _isolated_data_dir: Path, language: str,
               screen: tuple[int, int]) -> Iterator[MainWindow]:
    """The main window filling the screen (less a title bar), the 8-GPU HGX sample open."""
    w = MainWindow(catalog, _isolated_data_dir)
    w.resize(screen[0], screen[1] - TITLE_BAR_PX)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_path(SAMPLE)
    yield w
    w.document.undo_stack.setClean()
    w.close()
    w.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _settle(qtbot: QtBot, widget: QWidget) -> None:
    widget.show()
    qtbot.waitExposed(widget)
    QApplication.processEvents()


# ---- the checks can fail --------------------------------------------------------------------------
def test_a_clipped_widget_is_found(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.resize(200, 60)
    child = QPushButton("Outside", parent)
    child.setGeometry(150, 10, 120, 30)  # runs 70 px past the parent's right edge
    short = QLabel("A label far too long for the room it was given", parent)
    short.setGeometry(0, 10, 60, 20)
    _settle(qtbot, parent)
    found = clipped_widgets(parent)
    assert any("Outside" in f for f in found) and any("A label far" in f for f in found), found
    child.setGeometry(10, 10, 120, 30)
    short.setGeometry(0, 40, 60, 20)
    short.setWordWrap(True)
    assert clipped_widgets(parent) == []


def test_stacked_labels_are_found(qtbot: QtBot) -> None:
    view = pg.GraphicsLayoutWidget()
    qtbot.addWidget(view)
    view.resize(400, 300)
    plot = view.addPlot()
    for text in ("first label", "second label"):
        item = pg.TextItem(text)
        plot.addItem(item)
        item.setPos(0.5, 0.5)
    _settle(qtbot, view)
    assert len(plot_label_rects(plot)) == 2
    assert overlapping_labels([plot]), "two texts at one point must overlap"


# ---- the window and its dialogs -----------------------------------------------------------------
def test_main_window_with_charts(hgx_window: MainWindow, qtbot: QtBot) -> None:
    w = hgx_window
    _settle(qtbot, w)
    assert clipped_widgets(w) == []
    view = w._view()
    assert view is not None
    title = next(i for i in view.scene().items() if isinstance(i, QGraphicsSimpleTextItem)
                 and i.text().startswith("Supermicro"))
    shown = view.mapFromScene(title.sceneBoundingRect()).boundingRect()
    assert view.viewport().rect().contains(shown), "the chassis' name is cut off"
    perf, power = w.show_charts()
    for index in range(w.chart_tabs.count()):
        w.chart_tabs.setCurrentIndex(index)
        QApplication.processEvents()
        assert clipped_widgets(w) == []
        assert clipped_plots((perf, power)[index].graphics) == []
    perf.place_labels()
    power.place_labels()
    assert overlapping_labels(perf.plots) == []
    assert overlapping_labels((power.node, power.rack)) == []
    assert [t for p in perf.plots for t, _r in plot_label_rects(p) if "22" in t], "the load's label is shown"
    w.views.setCurrentIndex(FACILITY_PAGE)  # scenarios, feeds and the rack drawing
    QApplication.processEvents()
    assert w.facility_page.isVisible()
    assert clipped_widgets(w) == []


def test_main_window_start_page_and_empty_build(qtbot: QtBot, catalog: Catalog, _isolated_data_dir: Path,
                                                 language: str, screen: tuple[int, int]) -> None:
    w = MainWindow(catalog, _isolated_data_dir)
    qtbot.addWidget(w)
    w.resize(screen[0], screen[1] - TITLE_BAR_PX)
    w.show_start_page()
    _settle(qtbot, w)
    assert clipped_widgets(w) == []
    perf, power = w.show_charts()  # the placeholder build is empty: an empty state, no negative axes
    QApplication.processEvents()
    assert clipped_widgets(w) == []
    for plot in (*perf.plots, power.node, power.rack):
        (x0, _x1), (y0, _y1) = plot.vb.viewRange()
        assert x0 >= 0 and y0 >= 0, plot.titleLabel.text
    assert overlapping_labels((*perf.plots, power.node, power.rack)) == []


def _dialogs(w: MainWindow) -> Iterator[tuple[str, Callable[[], QWidget]]]:
    from app.ui.compare_dialog import CompareDialog
    from app.ui.new_build_dialog import NewBuildDialog
    from app.ui.part_editor import PartEditor
    from app.ui.preferences import PreferencesDialog
    from app.ui.probe_dialog import ProbeDialog
    from app.ui.recommend_dialog import RecommendDialog

    builds = w.document.project.builds
    gpu = next(p for p in w.parts.values() if p.kind.value == "gpu")
    yield "preferences", lambda: PreferencesDialog(w)
    yield "quote", w.quote_details
    yield "compare", lambda: CompareDialog((builds[0], builds[0].model_copy(update={"name": "B"})), w.parts,
                                           w.engine, w, measured=w.measured_for)
    yield "assistant", lambda: RecommendDialog(w.parts, w)
    yield "probe", lambda: ProbeDialog(w, data_dir=w.data_dir)
    yield "part editor", lambda: PartEditor(gpu, new_id="user-gpu", parent=w)
    yield "new build", lambda: NewBuildDialog(w.parts, "Build 2", builds[0], w)


@pytest.mark.parametrize("screen", DIALOG_SCREENS, indirect=True)
@pytest.mark.parametrize("name", ["preferences", "quote", "compare", "assistant", "probe", "part editor",
                                  "new build"])
def test_dialog(hgx_window: MainWindow, qtbot: QtBot, name: str, screen: tuple[int, int]) -> None:
    make = dict(_dialogs(hgx_window))[name]
    dialog = make()
    assert isinstance(dialog, QDialog)
    qtbot.addWidget(dialog)
    # Offscreen, the dialog sized itself for Qt's stand-in screen: fit it to this one, as a window manager would.
    size = (dialog.size() if dialog.testAttribute(Qt.WidgetAttribute.WA_Resized)
            else dialog.sizeHint().expandedTo(dialog.minimumSize()))
    dialog.resize(min(size.width(), screen[0]), min(size.height(), screen[1] - TITLE_BAR_PX))
    if dialog.width() > screen[0] or dialog.height() > screen[1] - TITLE_BAR_PX:
        pytest.fail(f"{name} is {dialog.width()}x{dialog.height()}, larger than the screen")
    _settle(qtbot, dialog)
    assert clipped_widgets(dialog) == []
    charts = [c for c in dialog.findChildren(QWidget) if hasattr(c, "graphics")]
    for chart in charts:
        assert clipped_plots(chart.graphics) == []
        plots = [i for i in chart.graphics.ci.items if isinstance(i, pg.PlotItem)]
        assert overlapping_labels(plots) == []
    dialog.reject()


def test_assistant_dialog_is_the_same_size_in_every_language(qtbot: QtBot) -> None:
    from app.catalog.store import open_catalog
    from app.ui.recommend_dialog import RecommendDialog

    catalog = open_catalog(None)
    try:
        sizes = []
        for lang in LANGUAGES:
            apply_language(lang)
            dialog = RecommendDialog(catalog.parts_by_id())
            qtbot.addWidget(dialog)
            sizes.append((dialog.sizeHint().width(), dialog.size().width()))
            dialog.close()
    finally:
        apply_language("en")
        catalog.close()
    assert sizes[0][1] == sizes[1][1], sizes


@pytest.mark.parametrize("screen", ["1366x768"], indirect=True)
def test_a_long_fix_does_not_widen_the_findings(hgx_window: MainWindow, qtbot: QtBot) -> None:
    from app.ui.findings_panel import ElidedButton

    panel = hgx_window.findings_panel
    before = hgx_window.findings_dock.width()
    button = ElidedButton("Fix: " + "a very long description of what the fix will do " * 6)
    panel.fix_layout.addWidget(button)
    panel.fix_buttons.append(button)
    QApplication.processEvents()
    assert hgx_window.findings_dock.width() == before
    assert button.text() != button.full_text and button.text().endswith("…")


@pytest.mark.parametrize("screen", ["1366x768"], indirect=True)
def test_tabs_carry_short_names(hgx_window: MainWindow) -> None:
    name = "8 x H200 SXM + 2 x EPYC 9555, DeepSeek-R1 FP8 with a sentence more to make it long"
    hgx_window.document.rename_build(0, name)
    text = hgx_window.tabs.tabText(0)
    assert len(text) < len(name) and "…" in text
    assert hgx_window.tabs.tabToolTip(0) == name


@pytest.mark.parametrize("screen", ["1366x768"], indirect=True)
def test_hover_readout_stays_inside_the_plot(hgx_window: MainWindow, qtbot: QtBot) -> None:
    from app.ui.chart_labels import label_rect

    perf, _power = hgx_window.show_charts()
    QApplication.processEvents()
    assert perf.curves is not None
    last = perf.curves.points[-1]
    for plot, (attr, _metric) in zip(perf.plots, perf.METRICS, strict=True):
        perf.show_hover(plot, last.concurrency, getattr(last, attr), "tok/s")  # the right-hand edge
        assert plot.vb.sceneBoundingRect().contains(label_rect(perf.hover)), plot.titleLabel.text



def test_hover_reads_a_queues_wait_in_minutes(hgx_window: MainWindow, qtbot: QtBot) -> None:
    """A latency of minutes reads as the core words it ('6.8 min'), not as seven-digit milliseconds."""
    perf, _power = hgx_window.show_charts()
    QApplication.processEvents()
    assert perf.curves is not None
    from app.perf.datatypes import time_text

    perf.show_hover(perf.ttft, 4000, 410_740.0, "ms")
    text = perf.hover.textItem.toPlainText()
    assert time_text(410_740.0) in text and "6.8" in text and "410" not in text, text
    perf.show_hover(perf.ttft, 16, 123.45, "ms")
    assert "123.5 ms" in perf.hover.textItem.toPlainText()


@pytest.mark.parametrize("screen", ["1366x768", "1920x1080"], indirect=True)
def test_hover_near_the_legend_turns_clear_of_it(hgx_window: MainWindow, qtbot: QtBot) -> None:
    """A readout by a point under the legend (the top right of the TTFT plot) turns to a side the legend does not
    cover, or drops to just below the legend where every side meets it, as the line labels keep clear of it."""
    from app.ui.chart_labels import label_rect

    perf, _power = hgx_window.show_charts()
    QApplication.processEvents()
    assert perf.curves is not None and perf.ttft.legend is not None
    perf.show_hover(perf.ttft, 500, 75_000.0, "ms")
    QApplication.processEvents()
    rect = label_rect(perf.hover)
    assert perf.ttft.vb.sceneBoundingRect().contains(rect)
    assert not perf.ttft.legend.sceneBoundingRect().intersects(rect)
