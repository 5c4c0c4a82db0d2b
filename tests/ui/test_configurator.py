"""The configurator as a presales engineer drives it: drops, findings, gauges, undo, fixes, files."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from app.core.build import Build, Workload
from app.project import Project, ProjectInfo, load_project, save_project
from app.rules.findings import Severity
from app.ui.autosave import autosave_dir
from app.ui.main_window import MainWindow
from tests.ui.conftest import drop

SHIFT = Qt.KeyboardModifier.ShiftModifier


def rule_ids(window: MainWindow) -> set[str]:
    assert window.report is not None
    return {f.rule_id for f in window.report.findings}


def build_hgx(window: MainWindow) -> None:
    """8 x H100 SXM + 2 x EPYC 9554 node, placed the way a user does it: drops with Shift."""
    doc = window.document
    doc.change_chassis(0, "supermicro-as-8125gs-tnhr")
    view = window._view()
    assert view is not None
    assert drop(view, "nvidia-h100-sxm5-80gb", "gpu0", SHIFT)
    assert drop(view, "amd-epyc-9554", "cpu0", SHIFT)
    assert drop(view, "generic-ddr5-rdimm-96gb-5600", "dimm-s0-c0-0", SHIFT)
    assert drop(view, "supermicro-3000w-titanium", "psu0", SHIFT)
    for i in range(4):
        assert drop(view, "nvidia-connectx-7-1x400-osfp", f"pcie{i}")
    assert drop(view, "micron-7450-pro-960gb-m2", "m2-0")
    assert drop(view, "samsung-pm1743-7.68tb-u2", "drive0")


def test_build_hgx_node_by_drops(window: MainWindow, qtbot: QtBot) -> None:
    before = rule_ids(window)
    assert "vram.no-gpu" in before or any("gpu" in r for r in before)
    build_hgx(window)
    build = window.document.build(0)
    occupied = build.occupied()
    assert sum(s.startswith("gpu") for s in occupied) == 8
    assert sum(s.startswith("cpu") for s in occupied) == 2
    assert sum(s.startswith("dimm") for s in occupied) == 24
    assert sum(s.startswith("psu") for s in occupied) == 6
    report = window.report
    assert report is not None
    s = report.summary
    assert s.gpu_count == 8 and s.cores == 128 and s.ram_gb == 24 * 96
    assert s.power_max_w > 7000
    assert "8 GPUs" in window.gauges.cores.text() or "8" in window.gauges.cores.text()
    # One figure, one name (#17): the gauge shows the summary's need and usable VRAM, in GiB, and its
    # segments are the summary's weights, KV cache and overhead.
    assert window.gauges.vram.text == f"{s.vram_need_per_gpu_gib:,.1f} of {s.vram_usable_per_gpu_gib:,.1f} GiB usable"
    assert sum(seg.value for seg in window.gauges.vram.segments) == pytest.approx(s.vram_need_per_gpu_gib, abs=0.02)
    # the view shows what was dropped
    view = window._view()
    assert view is not None
    item = view.slot_item("gpu7")
    assert item is not None and item.part_id == "nvidia-h100-sxm5-80gb"
    assert window.isWindowModified()


def test_refused_drop_says_why(window: MainWindow) -> None:
    view = window._view()
    assert view is not None
    window.document.change_chassis(0, "supermicro-as-8125gs-tnhr")
    assert not drop(view, "nvidia-l40s", "gpu0")  # a PCIe card on an SXM baseboard
    reason = view.reason(window.parts["nvidia-l40s"], "gpu0")
    assert reason is not None and "PCIe" in reason
    assert not drop(view, "nvidia-a100-sxm4-80gb", "gpu0")  # SXM4 module on an HGX H100/H200 baseboard
    reason = view.reason(window.parts["nvidia-a100-sxm4-80gb"], "gpu0")
    assert reason is not None and "hgx-ampere" in reason and "hgx-hopper" in reason
    assert not drop(view, "intel-xeon-platinum-8480-plus", "cpu0")  # LGA4677 into SP5
    assert not drop(view, "nvidia-h100-sxm5-80gb", "cpu0")
    assert "gpu0" not in window.document.build(0).occupied()
    assert drop(view, "nvidia-h200-sxm-141gb", "gpu0")  # same baseboard generation as the H100


def test_edge_box_l20(window: MainWindow) -> None:
    doc = window.document
    doc.change_chassis(0, "diy-tower-1p-sp5-1gpu")
    doc.edit_setting(0, "set_environment", {"kind": "edge"})
    doc.edit_setting(0, "set_workload", {"llm_id": "qwen2.5-7b"})
    view = window._view()
    assert view is not None
    assert drop(view, "nvidia-l20", "gpu0")
    assert drop(view, "amd-epyc-9354", "cpu0")
    report = window.report
    assert report is not None
    assert report.summary.gpu_count == 1
    assert report.summary.vram_per_gpu_gib == 48
    assert window.workload_panel.environment.currentData() == "edge"


def test_undo_redo(window: MainWindow) -> None:
    view = window._view()
    assert view is not None
    stack = window.document.undo_stack
    window.document.change_chassis(0, "supermicro-as-8125gs-tnhr")
    assert drop(view, "nvidia-h100-sxm5-80gb", "gpu0", SHIFT)
    assert len(window.document.build(0).occupied()) == 8
    stack.undo()
    assert not window.document.build(0).occupied()
    assert window.report is not None and window.report.summary.gpu_count == 0
    stack.redo()
    assert window.report is not None and window.report.summary.gpu_count == 8
    # spin-box typing merges into one undo step
    window.workload_panel.concurrency.setValue(16)
    window.workload_panel.concurrency.setValue(32)
    w = window.document.build(0).workload
    assert w is not None and w.concurrency == 32
    stack.undo()
    w = window.document.build(0).workload
    assert w is not None and w.concurrency == 8


def test_fix_button_applies_undoable_edit(window: MainWindow, qtbot: QtBot) -> None:
    build_hgx(window)
    assert window.report is not None
    with_fix = [f for f in window.report.findings if f.fixes and f.severity is not Severity.INFO]
    if not with_fix:
        with_fix = [f for f in window.report.findings if f.fixes]
    assert with_fix, [f.rule_id for f in window.report.findings]
    finding = with_fix[0]
    panel = window.findings_panel
    row = list(window.report.findings).index(finding)
    panel.list.setCurrentIndex(panel.model.index(row))
    assert panel.fix_buttons
    before = window.document.build(0)
    qtbot.mouseClick(panel.fix_buttons[0], Qt.MouseButton.LeftButton)
    after = window.document.build(0)
    assert after != before
    window.document.undo_stack.undo()
    assert window.document.build(0) == before


def test_save_reopen_round_trip(window: MainWindow, tmp_path: Path) -> None:
    build_hgx(window)
    path = tmp_path / "hgx.isproj.json"
    assert window._save_to(path)
    assert not window.isWindowModified()
    saved = window.document.project
    window.new_project()
    assert window.document.project != saved
    assert window.open_path(path)
    assert window.document.project == saved
    assert window.document.path == path
    assert load_project(path) == saved


def test_save_as_names_the_file_isproj(window: MainWindow, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Double-click works on Windows and macOS only for a single extension of our own (.isproj)."""
    offered: list[str] = []

    def dialog(_parent: object, _title: str, name: str, filters: str) -> tuple[str, str]:
        offered.append(name)
        assert "*.isproj" in filters
        return str(tmp_path / "client-a"), filters  # typed without an extension

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    build_hgx(window)
    assert window.save_as()
    assert offered == [f"{window.document.project.project.name}.isproj"]
    assert window.document.path == tmp_path / "client-a.isproj"
    assert load_project(tmp_path / "client-a.isproj") == window.document.project
    # a name the user gave an extension keeps it (older NAME.isproj.json files re-save in place)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a: (str(tmp_path / "old.isproj.json"), ""))
    assert window.save_as()
    assert window.document.path == tmp_path / "old.isproj.json"


def test_malformed_project_refused_with_dialog(window: MainWindow, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: shown.append(text))
    build_hgx(window)
    before = window.document.project
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "inference-sizer-project", "version": 1, "project": {"name": ""}, "builds": []}')
    content = bad.read_bytes()
    assert not window.open_path(bad)
    assert shown and "bad.json" in shown[0]
    assert window.document.project == before  # nothing lost
    assert bad.read_bytes() == content  # nothing written


def test_unsaved_prompt_on_close(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    window.document.edit_setting(0, "set_workload", {"concurrency": 64})
    asked: list[str] = []

    def cancel(*_args: object) -> QMessageBox.StandardButton:
        asked.append("close")
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "warning", cancel)
    assert not window.close()
    assert asked and window.isVisible()
    monkeypatch.setattr(QMessageBox, "warning", lambda *_a: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_recovery_after_crash(qtbot: QtBot, catalog: object, _isolated_data_dir: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    # a crashed session left an autosave behind, with no live lock
    project = Project(project=ProjectInfo(name="Crashed quote"),
                      builds=(Build(name="B", chassis_id="supermicro-as-8125gs-tnhr",
                                    workload=Workload(llm_id="meta-llama-3.1-70b")),))
    left = autosave_dir(_isolated_data_dir) / "dead-session.json"
    save_project(project, left)
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.Yes)
    w = MainWindow(catalog, _isolated_data_dir)  # type: ignore[arg-type]
    qtbot.addWidget(w)
    assert w.offer_recovery()
    assert w.document.project.project.name == "Crashed quote"
    assert w.document.modified  # recovered work is unsaved work
    assert not left.exists()
    w.document.undo_stack.setClean()


def test_autosave_writes_and_clears(window: MainWindow, _isolated_data_dir: Path) -> None:
    window.document.edit_setting(0, "set_workload", {"concurrency": 12})
    window.autosave_now()
    assert window.autosaver.path.exists()
    assert load_project(window.autosaver.path) == window.document.project
    window.autosaver.clear()
    assert not window.autosaver.path.exists()


def test_keyboard_add_to_build(window: MainWindow, qtbot: QtBot) -> None:
    panel = window.catalog_panel
    window.document.change_chassis(0, "supermicro-as-8125gs-tnhr")
    qtbot.keyClicks(panel.search, "h100 sxm5")
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1)
    panel.table.selectRow(0)
    window.fill_part_action.trigger()
    assert sum(s.startswith("gpu") for s in window.document.build(0).occupied()) == 8


def test_change_chassis_keeps_what_fits(window: MainWindow) -> None:
    build_hgx(window)
    messages: list[str] = []
    window.document.edit_failed.connect(messages.append)
    window.document.change_chassis(0, "supermicro-sys-821ge-tnhr")  # Intel twin: CPUs don't fit
    occupied = window.document.build(0).occupied()
    assert sum(s.startswith("gpu") for s in occupied) == 8
    assert not any(s.startswith("cpu") for s in occupied)
    assert messages and "EPYC" in messages[0]


def test_multiple_builds_tabs(window: MainWindow) -> None:
    window.new_build()
    assert window.tabs.count() == 2
    window.duplicate_build()
    assert window.tabs.count() == 3
    window.document.undo_stack.undo()
    assert window.tabs.count() == 2


def test_sizing_assistant_opens_a_build(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tools → Sizing assistant: the build it hands over becomes a new, valid tab."""
    from app.ui.recommend_dialog import RecommendDialog

    build = Build(name="Recommended", chassis_id="supermicro-as-8125gs-tnhr",
                  workload=Workload(llm_id="meta-llama-3.1-70b"))

    def fake_exec(dialog: RecommendDialog) -> int:
        dialog.open_build.emit(build)
        return 0

    monkeypatch.setattr(RecommendDialog, "exec", fake_exec)
    window.recommend_action.trigger()
    assert window.tabs.count() == 2 and window.tabs.tabText(1) == "Recommended"
    assert window.document.build(window.current_index()).name == "Recommended"


def test_file_open_event_opens_the_project(window: MainWindow, qtbot: QtBot) -> None:
    """macOS: a double-clicked project arrives as a FileOpen event."""
    from PySide6.QtGui import QFileOpenEvent
    from PySide6.QtWidgets import QApplication

    from app.ui.main import FileOpenRouter

    sample = Path(__file__).resolve().parents[2] / "resources" / "samples" / "edge-l20.json"
    router = FileOpenRouter(window.open_path, window)
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(router)
    try:
        QApplication.sendEvent(app, QFileOpenEvent(str(sample)))
        assert window.document.path == sample
    finally:
        app.removeEventFilter(router)


def test_drop_on_occupied_slot_replaces(window: MainWindow) -> None:
    window.document.change_chassis(0, "supermicro-as-8125gs-tnhr")
    view = window._view()
    assert view is not None
    assert drop(view, "nvidia-h100-sxm5-80gb", "gpu0", SHIFT)
    item = view.slot_item("gpu0")
    assert item is not None
    assert drop(view, "nvidia-h200-sxm-141gb", "gpu0")  # an occupied slot that takes it: replace
    occupied = window.document.build(0).occupied()
    assert occupied["gpu0"] == "nvidia-h200-sxm-141gb" and occupied["gpu1"] == "nvidia-h100-sxm5-80gb"
    assert not drop(view, "nvidia-l40s", "gpu1")  # a PCIe card still may not replace an SXM module
    window.document.undo_stack.undo()
    assert window.document.build(0).occupied()["gpu0"] == "nvidia-h100-sxm5-80gb"


def test_drag_a_placed_part_to_move_it(window: MainWindow) -> None:
    window.document.change_chassis(0, "supermicro-as-8125gs-tnhr")
    view = window._view()
    assert view is not None
    assert drop(view, "nvidia-connectx-7-1x400-osfp", "pcie0")
    assert drop(view, "nvidia-connectx-7-1x400-osfp", "pcie3", source="pcie0")
    occupied = window.document.build(0).occupied()
    assert "pcie0" not in occupied and occupied["pcie3"] == "nvidia-connectx-7-1x400-osfp"
    assert not drop(view, "nvidia-connectx-7-1x400-osfp", "gpu2", source="pcie3")  # a NIC is no GPU
    window.document.undo_stack.undo()  # the move is one step
    assert "pcie0" in window.document.build(0).occupied()
