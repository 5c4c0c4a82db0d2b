"""Custom parts from the catalog panel: duplicate, edit, refuse bad values, delete."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLineEdit, QMessageBox, QWidget

from app.core.parts import Gpu
from app.ui.main_window import MainWindow
from app.ui.part_editor import PartEditor


def fill_and_accept(changes: dict[str, str], seen: list[PartEditor]):  # type: ignore[no-untyped-def]
    def run(editor: QWidget) -> bool:
        assert isinstance(editor, PartEditor)
        seen.append(editor)
        for name, value in changes.items():
            field = editor.fields[name]
            assert isinstance(field, QLineEdit)
            field.setText(value)
        editor.try_accept()
        return editor.result() == PartEditor.DialogCode.Accepted
    return run


def test_duplicate_edit_delete(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[PartEditor] = []
    monkeypatch.setattr(window, "run_editor", fill_and_accept({"name": "H100 lab sample", "vram_gib": "96"}, seen))
    assert window.edit_user_part("duplicate", "nvidia-h100-sxm5-80gb")
    mine = window.parts["my-nvidia-h100-sxm5-80gb"]
    assert isinstance(mine, Gpu) and mine.vram_gib == 96 and mine.name == "H100 lab sample"
    assert window.catalog.origin(mine.id) == "user"
    assert window.catalog_panel.selected_part_id() == mine.id
    assert window.catalog_panel.edit_button.isEnabled()
    # it is usable at once: the rules engine and the placement check know it
    window.document.change_chassis(0, "supermicro-as-8125gs-tnhr")
    window.add_part(mine.id, True)
    assert sum(1 for s in window.document.build(0).occupied().values() if s == mine.id) == 8
    assert window.report is not None and window.report.summary.vram_per_gpu_gib == 96

    monkeypatch.setattr(window, "run_editor", fill_and_accept({"tdp_w": "650"}, seen))
    assert window.edit_user_part("edit", mine.id)
    assert window.parts[mine.id].tdp_w == 650  # type: ignore[union-attr]

    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.Yes)
    assert window.edit_user_part("delete", mine.id)
    assert mine.id not in window.parts
    assert window.report is not None
    assert any(f.rule_id == "fit.unknown-part" for f in window.report.findings)


def test_bad_value_keeps_dialog_open_and_names_field(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[PartEditor] = []
    monkeypatch.setattr(window, "run_editor", fill_and_accept({"vram_gib": "10000"}, seen))
    count = len(window.parts)
    assert not window.edit_user_part("duplicate", "nvidia-l40s")
    assert "vram_gib" in seen[0].error.text()
    assert len(window.parts) == count


def test_bundled_parts_cannot_be_edited(window: MainWindow) -> None:
    window.catalog_panel.select_part("nvidia-l40s")
    assert window.catalog_panel.duplicate_button.isEnabled()
    assert not window.catalog_panel.edit_button.isEnabled()
    assert not window.catalog_panel.delete_button.isEnabled()


def test_the_form_shows_readers_names_and_errors_name_both(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Rows read as the spec pane does ("Experts per token (MoE)"), the field's own name in the tooltip; a bad
    value's message names the row by both."""
    from PySide6.QtWidgets import QFormLayout, QLabel

    from app.catalog.seed import by_id, load_source_parts

    gpt = by_id(load_source_parts())["openai-gpt-oss-120b"]
    editor = PartEditor(gpt, new_id="my-gpt-oss")
    qtbot.addWidget(editor)
    labels = {w.buddy().objectName(): w for w in editor.findChildren(QLabel) if w.buddy() is not None}
    assert labels["field-experts_per_token"].text() == "Experts per token (MoE)"
    assert labels["field-experts_per_token"].toolTip() == "experts_per_token"
    assert labels["field-total_params_b"].text() == "Parameters, total (billions)"
    assert len(labels) == len(editor.fields) and editor.findChildren(QFormLayout)
    field = editor.fields["layers"]
    assert isinstance(field, QLineEdit)
    field.setText("0")
    editor.try_accept()
    assert editor.result_part is None
    assert editor.error.text().startswith("Layers (layers): ")


def test_a_users_moe_model_gets_its_routing_in_the_editor(window: MainWindow,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A presales engineer adds a MoE model the catalog lacks (here a copy of gpt-oss-120b with its routing cleared):
    the build says the routing is missing; entering it in the editor clears the finding and the estimate at the
    load takes the experts a step really touches."""
    from pathlib import Path

    from app.core.parts import Llm

    samples = Path(__file__).resolve().parents[2] / "resources" / "samples"
    seen: list[PartEditor] = []

    def clear_routing(editor: QWidget) -> bool:
        assert isinstance(editor, PartEditor)
        seen.append(editor)
        for name in ("routed_experts", "experts_per_token", "routed_expert_params_b"):
            field = editor.fields[name]
            assert isinstance(field, QLineEdit)
            field.setText("")
        box = editor.fields["experts_only_checkpoint"]
        box.setCurrentIndex(0)  # type: ignore[attr-defined]  # the blank entry
        editor.try_accept()
        return editor.result() == PartEditor.DialogCode.Accepted

    monkeypatch.setattr(window, "run_editor", clear_routing)
    assert window.edit_user_part("duplicate", "openai-gpt-oss-120b")
    mine = window.parts["my-openai-gpt-oss-120b"]
    assert isinstance(mine, Llm) and mine.routed_experts is None
    assert window.open_path(samples / "hgx-h100-8gpu.json")
    window.document.edit_setting(0, "set_workload", {"llm_id": mine.id, "weight_precision": "fp8", "tp": 2,
                                                     "concurrency": 64})
    assert window.report is not None and window.report.by_rule("vram.moe-routing")
    assert window.report.load is not None
    before = window.report.load["tpot_ms"]

    monkeypatch.setattr(window, "run_editor", fill_and_accept({"routed_experts": "128", "experts_per_token": "4"},
                                                              seen))
    assert window.edit_user_part("edit", mine.id)
    assert window.parts[mine.id].routed_experts == 128  # type: ignore[union-attr]
    assert not window.report.by_rule("vram.moe-routing")
    assert window.report.load is not None and window.report.load["tpot_ms"] != before
    window.document.undo_stack.setClean()
