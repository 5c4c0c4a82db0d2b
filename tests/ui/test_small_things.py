"""Small things that cost trust (issue: the first hour in the window)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from app.catalog.store import Catalog
from app.core.parts import PartKind
from app.ui.catalog_model import PART_ID_ROLE
from app.ui.main_window import MainWindow
from app.ui.recommend_dialog import RecommendDialog


def test_search_does_not_carry_over_to_another_kind(window: MainWindow, qtbot: QtBot) -> None:
    panel = window.catalog_panel
    panel.set_kind(PartKind.GPU)
    qtbot.keyClicks(panel.search, "H100")
    qtbot.waitUntil(lambda: 0 < panel.model.rowCount() < 10)
    panel.set_kind(PartKind.CPU)
    assert panel.search.text() == "" and panel.model.rowCount() > 0  # was: 0 CPUs matching "H100"


def test_search_finds_a_model_by_its_hugging_face_upload(window: MainWindow, qtbot: QtBot) -> None:
    """A presales engineer pastes the repository the client named; no part's text holds it, the part it names shows."""
    panel = window.catalog_panel
    panel.set_kind(PartKind.LLM)

    def shown() -> list[str]:
        return [str(panel.model.index(r, 0).data(PART_ID_ROLE)) for r in range(panel.model.rowCount())]

    panel.search.setText("nvidia/DeepSeek-R1-0528-FP4-V2")
    qtbot.waitUntil(lambda: shown() == ["deepseek-r1"])
    panel.search.setText("moonshotai/Kimi-K2-Instruct-0905")  # a later upload of the same model
    qtbot.waitUntil(lambda: shown() == ["moonshotai-kimi-k2-instruct"])
    panel.search.setText("DeepSeek-V3.2")  # names no part: nothing shows (the nearest are not matches)
    qtbot.waitUntil(lambda: shown() == [])


def test_view_menu_toggles_the_panels(window: MainWindow) -> None:
    toggles = [a for a in window.view_menu.actions() if not a.isSeparator()]  # three panels, and the charts
    assert len(toggles) == 4 and all(a.isEnabled() and a.isCheckable() for a in toggles)
    dock = window.catalog_dock
    assert dock.isVisible()
    next(a for a in toggles if a is dock.toggleViewAction()).trigger()
    assert not dock.isVisible()
    dock.toggleViewAction().trigger()
    assert dock.isVisible()
    window.charts_action.trigger()
    assert window.charts_shown() and window.charts_action.isChecked()
    window.charts_action.trigger()
    assert not window.charts_shown() and not window.charts_action.isChecked()


def test_save_as_proposes_the_file_already_saved(window: MainWindow, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "acme-quote.isproj"
    assert window._save_to(target)
    offered: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda _p, _t, name, _f: (offered.append(name), ("", ""))[1])
    assert not window.save_as()  # cancelled
    assert offered == [str(target)]  # not "Untitled.isproj"


def test_assistant_load_shows_whole_numbers_for_requests(qtbot: QtBot, catalog: Catalog) -> None:
    dialog = RecommendDialog(catalog.parts_by_id())
    qtbot.addWidget(dialog)
    dialog.load_kind.setCurrentIndex(dialog.load_kind.findData("concurrency"))
    dialog.load_value.setValue(64)
    assert dialog.load_value.text() == "64"  # was "64.000"
    dialog.load_kind.setCurrentIndex(dialog.load_kind.findData("qps"))
    dialog.load_value.setValue(2.5)
    assert dialog.load_value.text() == "2.500"


def test_lang_on_the_command_line_wins_over_the_saved_preference() -> None:
    """#18: `python -m app --lang zh_CN` opened in English when English was saved."""
    from app.cli.main import build_parser
    from app.ui.main import gui_language

    assert gui_language(build_parser(with_commands=False).parse_args(["--lang", "zh_CN"]), "en") == "zh_CN"
    assert gui_language(build_parser(with_commands=False).parse_args([]), "zh_TW") == "zh_TW"


def test_workload_panel_is_never_narrower_than_its_fields(window: MainWindow, qtbot: QtBot) -> None:
    """Seen under Xvfb with the charts open: the site fields ran past the dock's edge (no horizontal
    scrolling). The panel's minimum width now follows its content as combos fill."""
    from PySide6.QtWidgets import QScrollArea

    from app.paths import resources_dir

    assert window.open_path(resources_dir() / "samples" / "hgx-h200-8gpu.json")
    scroll = window.workload_panel.findChild(QScrollArea)
    assert scroll is not None and scroll.widget() is not None
    content = scroll.widget()
    qtbot.waitUntil(lambda: scroll.minimumWidth() >= content.minimumSizeHint().width())
