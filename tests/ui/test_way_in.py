"""The way in: the start page's four choices, New build asking for chassis and site, an empty build
that says what to do next, the default layout, and what is remembered between sessions."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app.catalog.store import Catalog
from app.core.build import EnvironmentKind
from app.core.parts import Chassis
from app.ui import way_in
from app.ui.main_window import MainWindow
from app.ui.new_build_dialog import NewBuildDialog
from app.ui.start_page import sample_projects

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "resources" / "samples" / "hgx-h200-8gpu.json"


def _close(w: MainWindow) -> None:
    w.document.undo_stack.setClean()
    w.close()
    w.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def started(qtbot: QtBot, catalog: Catalog, _isolated_data_dir: Path) -> Iterator[MainWindow]:
    """The window as `python -m app` shows it with no project: the start page in the centre."""
    w = MainWindow(catalog, _isolated_data_dir)
    w.show_start_page()
    w.show()
    qtbot.waitExposed(w)
    yield w
    _close(w)


def test_first_launch_offers_four_ways_in(started: MainWindow) -> None:
    page = started.start_page
    assert started.center.currentWidget() is page
    assert page.assistant.isVisible() and page.new_build.isVisible()
    assert page.samples.count() == len(sample_projects()) >= 4
    assert not page.recent.isVisible() and page.no_recent.isVisible()  # nothing recent yet: says so


def _click_sample(window: MainWindow, qtbot: QtBot) -> None:
    """Click the H200 sample in the start page's list, as a user would."""
    page = window.start_page
    row = next(i for i in range(page.samples.count()) if page.samples.item(i).toolTip() == str(SAMPLE))
    qtbot.mouseClick(page.samples.viewport(), Qt.MouseButton.LeftButton,
                     pos=page.samples.visualItemRect(page.samples.item(row)).center())


def test_a_sample_opens_as_a_new_unsaved_project(started: MainWindow, qtbot: QtBot) -> None:
    _click_sample(started, qtbot)
    assert started.center.currentWidget() is started.views
    assert started.document.path is None  # saving asks where: never over the shipped sample
    assert started.document.project.builds[0].placements
    assert "8 x H200" in started.tabs.tabToolTip(0)


def test_a_recent_project_is_listed_and_opens(started: MainWindow, tmp_path: Path, qtbot: QtBot) -> None:
    path = tmp_path / "mine.isproj"
    path.write_bytes(SAMPLE.read_bytes())
    QSettings().setValue("recent/files", [str(path), str(tmp_path / "gone.isproj")])
    started.show_start_page()
    page = started.start_page
    assert page.recent.count() == 1 and page.recent.isVisible()  # the missing file is not offered
    qtbot.mouseClick(page.recent.viewport(), Qt.MouseButton.LeftButton,
                     pos=page.recent.visualItemRect(page.recent.item(0)).center())
    assert started.document.path == path


def test_new_build_asks_for_chassis_and_site_first(started: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    chassis = next(p for p in started.parts.values() if isinstance(p, Chassis) and p.gpu_slots < 8)

    def answer(dialog: QWidget) -> bool:
        assert isinstance(dialog, NewBuildDialog)
        dialog.chassis.setCurrentIndex(dialog.chassis.findData(chassis.id))
        dialog.site.setCurrentIndex(dialog.site.findData(EnvironmentKind.EDGE.value))
        return True

    monkeypatch.setattr(started, "run_editor", answer)
    started.start_page.new_build.click()
    builds = started.document.project.builds
    assert len(builds) == 1  # the start-up placeholder is replaced, not kept beside it
    assert builds[0].chassis_id == chassis.id and builds[0].environment.kind is EnvironmentKind.EDGE
    assert not builds[0].placements and started.document.modified  # closing asks to save it
    assert started.center.currentWidget() is started.views
    assert started.ask_new_build()  # a second one is added beside the first
    assert len(started.document.project.builds) == 2


def test_a_cancelled_new_build_changes_nothing(started: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(started, "run_editor", lambda _d: False)
    before = started.document.project
    assert not started.ask_new_build()
    assert started.document.project is before and started.center.currentWidget() is started.start_page


def test_an_empty_build_shows_what_to_do_next_not_errors(window: MainWindow) -> None:
    panel = window.findings_panel
    assert not window.document.build(0).placements
    assert panel.header.text().startswith("Next:")
    model = panel.model
    assert model.rowCount() > 0 and model.to_do  # what is missing, as a list to work through
    index = model.index(0)
    assert model.data(index, Qt.ItemDataRole.ForegroundRole) is None  # not red
    assert model.data(index, Qt.ItemDataRole.DecorationRole) is None  # no error icon
    assert window.gauges.power.text == "add parts to see this"  # not "1,250 W of 0 W PSU" in red
    assert window.open_path(SAMPLE)
    assert not model.to_do and not panel.header.text().startswith("Next:")
    assert "W PSU" in window.gauges.power.text


def test_workload_and_site_is_in_view_beside_the_chassis(window: MainWindow) -> None:
    for dock in (window.catalog_dock, window.workload_dock, window.findings_dock):
        assert dock.isVisible() and not window.tabifiedDockWidgets(dock), dock.objectName()
    assert window.dockWidgetArea(window.workload_dock) == Qt.DockWidgetArea.RightDockWidgetArea


def test_the_layout_and_the_open_project_are_remembered(qtbot: QtBot, catalog: Catalog,
                                                       _isolated_data_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "left-open.isproj"
    path.write_bytes(SAMPLE.read_bytes())
    first = MainWindow(catalog, _isolated_data_dir)
    first.show()
    qtbot.waitExposed(first)
    assert first.open_path(path)
    first.editor_split.setSizes([500, 100])
    QApplication.processEvents()
    sizes = first.editor_split.sizes()
    first.show_charts()
    _close(first)
    again = MainWindow(catalog, _isolated_data_dir)
    again.show_start_page()
    again.show()
    qtbot.waitExposed(again)
    assert again.charts_shown()  # the page it was left on
    assert way_in.reopen_last(again)  # run_gui does this after the first paint
    assert again.document.path == path and again.center.currentWidget() is again.views
    again.views.setCurrentIndex(0)
    QApplication.processEvents()
    assert again.editor_split.sizes() == sizes
    _close(again)


def test_tab_names_are_editable_by_double_click(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QInputDialog

    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *_a, **_k: ("Short", True)))
    window.tabs.tabBarDoubleClicked.emit(0)
    assert window.tabs.tabText(0) == "Short"


def test_the_assistant_s_build_takes_the_placeholder_s_place(started: MainWindow) -> None:
    build = started.document.build(0).model_copy(update={"name": "8 x H200 SXM + 2 x EPYC 9555, a long sentence"})
    started.open_recommended(build)  # what the assistant's "Open as new build" calls
    assert [b.name for b in started.document.project.builds] == [build.name]
    assert started.document.modified and started.center.currentWidget() is started.views
    started.open_recommended(build.model_copy(update={"name": "Second"}))  # from the editor: added beside it
    assert len(started.document.project.builds) == 2


def test_first_start_gives_the_chassis_the_room(qtbot: QtBot, catalog: Catalog, _isolated_data_dir: Path) -> None:
    """`python -m app project.isproj` on a first start shows the window before the project opens (it opens on the
    event loop's first turn): the chassis drawing, then still an empty tab bar, must not be laid out at its
    minimum with the gauges taking the rest (it was 100 px over 591 at the default 1,340 x 740)."""
    w = MainWindow(catalog, _isolated_data_dir, fill_in_later=True)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_path(SAMPLE)
    w.fill_in()
    QApplication.processEvents()
    chassis, gauges = w.editor_split.sizes()
    assert chassis >= 2 * gauges and gauges >= w.gauges.minimumSizeHint().height()
    _close(w)


def test_first_start_from_the_start_page_gives_the_chassis_the_room(started: MainWindow, qtbot: QtBot) -> None:
    _click_sample(started, qtbot)
    QApplication.processEvents()
    chassis, gauges = started.editor_split.sizes()
    assert chassis >= 2 * gauges


def test_gpus_without_a_psu_say_so_on_the_power_gauge(window: MainWindow) -> None:
    """A build with GPUs and no PSU: the gauge gives the draw and says no PSU is placed, not "of 0 W PSU"."""
    window.add_part("nvidia-h100-sxm5-80gb", False)
    summary = window.report.summary if window.report is not None else None
    assert summary is not None and summary.psu_count == 0 and summary.power_max_w > 0
    text = window.gauges.power.text
    assert "no PSU placed" in text and "of 0 W" not in text
    assert f"{summary.power_max_w:,.0f} W" in text
