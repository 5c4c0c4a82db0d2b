"""A site in the window (issue #17, item 6): every environment states its power and cooling; Custom shows
fields to type into, checked next to the field, undoable, saved with the project."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox
from pytestqt.qtbot import QtBot

from app.core.build import EnvironmentKind
from app.project import load_project
from app.ui.main_window import MainWindow

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def choose(box: QComboBox, data: object) -> None:
    """What a click on an item does: select it and emit ``activated``."""
    i = box.findData(data)
    assert i >= 0, data
    box.setCurrentIndex(i)
    box.activated.emit(i)


def type_into(qtbot: QtBot, box: QAbstractSpinBox, text: str) -> None:
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def test_each_environment_states_power_and_cooling(window: MainWindow) -> None:
    combo = window.workload_panel.environment
    texts = {EnvironmentKind(combo.itemData(i)): combo.itemText(i) for i in range(combo.count())}
    assert texts[EnvironmentKind.DATACENTER] == "Data center, high density (40 kW per rack, rear-door cooling 40 kW)"
    assert texts[EnvironmentKind.ENTERPRISE] == "Enterprise machine room (6 kW per rack, air-perimeter cooling 8 kW)"
    assert texts[EnvironmentKind.EDGE].startswith("Edge / office (230 V × 10 A feed, office-air cooling 3 kW")
    # The enterprise room's figure says where it comes from and which end of 6-8 kW it is.
    assert window.open_path(SAMPLES / "enterprise-2gpu.json")
    editor = window.workload_panel.site_editor
    assert editor.rack_kw.value() == 6 and editor.rack_kw.font().italic()  # the preset's, not typed
    assert "the preset takes the low end, 6 kW" in editor.rack_kw.toolTip()
    assert "the preset takes the low end, 6 kW" in editor.note.text()


def test_custom_site_shows_fields_that_edit_undo_and_save(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    assert window.open_path(SAMPLES / "hgx-h100-8gpu.json")
    doc, panel = window.document, window.workload_panel
    editor = panel.site_editor
    before = doc.build(0)
    choose(panel.environment, "custom")
    env = doc.build(0).environment
    # Custom starts as a copy of the site it came from, so it is valid at once (was: a raw pydantic text).
    assert env.kind is EnvironmentKind.CUSTOM and env.rack_budget_kw == 40 and env.cooling_kw == 40
    assert "Value error" not in window.statusBar().currentMessage()
    assert editor.isEnabled() and editor.rack_kw.isVisibleTo(window) and not editor.rack_kw.font().italic()
    rack = window.engine.context(doc.build(0)).rack
    assert rack is not None and window.report is not None
    node_w = rack.node_w  # the sample's node at the wall (about 9-10 kW)
    assert window.report.summary.nodes_per_rack == min(int(40_000 // node_w), 5)
    assert {"power", "cooling"} <= set(window.report.summary.binding_limit or [])

    # Type the client's room: 12 kW of contained air, a 230 V x 32 A three-phase feed rated for 100 %, 40 U.
    choose(editor.cooling, "air-containment")
    assert doc.build(0).environment.cooling_kw is None and editor.cooling_kw.value() == 20  # the type's figure
    type_into(qtbot, editor.cooling_kw, "12")
    type_into(qtbot, editor.feed_amps, "32")
    choose(editor.feed_phases, 3)
    type_into(qtbot, editor.derating, "100")
    type_into(qtbot, editor.rack_units, "40")
    env = doc.build(0).environment
    assert (env.cooling, env.cooling_kw, env.feed_amps, env.feed_phases, env.breaker_derating, env.rack_units) == (
        "air-containment", 12, 32, 3, 1.0, 40)
    s = window.report.summary
    assert s.rack_usable_w == 22_080  # 230 V x 32 A x 3 at 100 %, below the 40 kW rack power
    assert s.nodes_per_rack_limits == {"power": int(22_080 // node_w), "rack_units": 5, "cooling": 1}
    (f,) = window.report.by_rule("rack.binding")
    assert f.message == (f"Cooling binds: 12 kW of air-containment cooling per rack holds 1 node(s) of "
                         f"{round(node_w / 1000, 1):g} kW; power would allow {int(22_080 // node_w)}, rack units "
                         "would allow 5.")

    # Saved with the project and read back the same.
    path = tmp_path / "site.isproj"
    assert window._save_to(path)
    assert load_project(path).builds[0].environment == env

    # Each edit is one undo step; undoing them all brings the data center preset back.
    doc.undo_stack.undo()
    assert doc.build(0).environment.rack_units == 42 and editor.rack_units.value() == 42
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.build(0) == before
    assert panel.environment.currentData() == "datacenter" and editor.rack_kw.font().italic()


def test_invalid_site_input_is_refused_next_to_the_field(window: MainWindow, qtbot: QtBot) -> None:
    assert window.open_path(SAMPLES / "hgx-h100-8gpu.json")
    doc, panel = window.document, window.workload_panel
    editor = panel.site_editor
    choose(panel.environment, "custom")
    steps = doc.undo_stack.count()
    window.statusBar().clearMessage()
    editor.rack_kw.setValue(0)  # no rack power and no feed: a custom site has no power at all
    error = editor.errors["rack_budget_kw"]
    assert error.isVisibleTo(window)
    assert error.text() == "A custom site needs its rack power or its feed breaker rating: give one of them."
    assert doc.undo_stack.count() == steps and doc.build(0).environment.rack_budget_kw == 40  # nothing sent
    assert window.statusBar().currentMessage() == ""
    # A feed makes it valid: the message goes.
    type_into(qtbot, editor.feed_amps, "32")
    assert doc.build(0).environment.feed_amps == 32
    assert not error.isVisibleTo(window)
    editor.rack_kw.setValue(0)
    assert doc.build(0).environment.rack_budget_kw is None and not error.isVisibleTo(window)


def test_preset_figures_can_be_typed_over_and_reset(window: MainWindow, qtbot: QtBot) -> None:
    assert window.open_path(SAMPLES / "enterprise-2gpu.json")
    doc, editor = window.document, window.workload_panel.site_editor
    assert not editor.reset.isEnabled()
    type_into(qtbot, editor.rack_kw, "8")  # the room has the high end of 6-8 kW
    env = doc.build(0).environment
    assert env.kind is EnvironmentKind.ENTERPRISE and env.rack_budget_kw == 8
    assert window.report is not None and window.report.summary.rack_usable_w == 8000
    assert editor.reset.isEnabled() and not editor.rack_kw.font().italic()
    # Another cooling type brings its own capacity; the preset's own type brings the preset back.
    choose(editor.cooling, "air-containment")
    assert doc.build(0).environment.cooling_kw is None and editor.cooling_kw.value() == 20
    choose(editor.cooling, "air-perimeter")
    assert doc.build(0).environment.cooling is None and editor.cooling_kw.value() == 8
    editor.reset.click()
    assert doc.build(0).environment.model_dump(exclude_none=True) == {"kind": "enterprise"}
    assert doc.undo_stack.undoText() == "Site back to the preset's figures"


def test_assistant_states_each_site_and_takes_a_custom_cooling(qtbot: QtBot, window: MainWindow) -> None:
    from app.ui.recommend_dialog import RecommendDialog

    dialog = RecommendDialog(window.parts)
    qtbot.addWidget(dialog)
    box = dialog.environment_box
    assert box.itemText(box.findData("datacenter")) == (
        "Data center, high density (40 kW per rack, rear-door cooling 40 kW)")
    choose(box, "custom")
    dialog.rack_kw.setValue(60)
    choose(dialog.cooling_box, "direct-liquid")
    dialog.cooling_kw.setValue(60)
    env = dialog.requirements().environment_model()
    assert (env.kind, env.rack_budget_kw, env.cooling, env.cooling_kw) == ("custom", 60, "direct-liquid", 60)
    choose(dialog.cooling_box, None)  # back to the preset's
    dialog.cooling_kw.setValue(0)
    assert dialog.requirements().environment_model().cooling is None
