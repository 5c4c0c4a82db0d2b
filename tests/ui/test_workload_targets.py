"""The client's own P99 targets are edited in the Workload panel, judged by the rules, and undoable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QCheckBox

from app.ui.main_window import MainWindow

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def test_own_targets_drive_the_finding_and_undo(window: MainWindow) -> None:
    assert window.open_path(SAMPLES / "hgx-h100-8gpu.json")
    doc, panel = window.document, window.workload_panel
    doc.edit_setting(0, "set_workload", {"llm_id": "meta-llama-3.1-70b", "scenario": "chat", "input_tokens": 2048,
                                         "concurrency": 64})
    assert window.report is not None and window.report.by_rule("perf.ttft-target")
    assert panel.ttft_target.value() == 0 and panel.ttft_target.specialValueText() == "scenario: 100 ms"
    panel.ttft_target.setValue(2000)  # the client accepts 2 s at P99
    build = doc.build(0)
    assert build.workload is not None and build.workload.ttft_target_ms == 2000
    assert not window.report.by_rule("perf.ttft-target")
    assert window.report.load is not None and window.report.load["ttft_target_ms"] == 2000
    doc.undo_stack.undo()
    assert doc.build(0).workload.ttft_target_ms is None  # type: ignore[union-attr]
    assert window.report.by_rule("perf.ttft-target") and panel.ttft_target.value() == 0
    doc.undo_stack.setClean()


def test_applying_the_agree_a_target_fix_sets_the_field(window: MainWindow) -> None:
    assert window.open_path(SAMPLES / "hgx-h100-8gpu.json")
    doc = window.document
    doc.edit_setting(0, "set_workload", {"llm_id": "meta-llama-3.1-70b", "scenario": "chat", "input_tokens": 2048,
                                         "concurrency": 64})
    assert window.report is not None
    (finding,) = window.report.by_rule("perf.ttft-target")
    agree = next(f for f in finding.fixes if "P99 TTFT target" in f.description)
    assert doc.apply_fix(0, agree)
    assert not window.report.by_rule("perf.ttft-target")
    assert window.workload_panel.ttft_target.value() == doc.build(0).workload.ttft_target_ms  # type: ignore[union-attr]
    doc.undo_stack.setClean()


def test_cached_prefix_and_request_rate_are_undoable_workload_edits(window) -> None:  # type: ignore[no-untyped-def]
    """Prefix caching and a load in requests per second (#20 items 4-5) reach the estimate at the load."""
    from app.ui import way_in

    sample = Path(__file__).resolve().parents[2] / "resources" / "samples" / "hgx-h200-8gpu.json"
    assert way_in.open_sample(window, sample)
    panel = window.workload_panel
    before = window.report.load
    panel.prefix_cached.setValue(1024)
    w = window.document.build(window.current_index()).workload
    assert w.prefix_cached_tokens == 1024
    assert window.report.load["ttft_ms"] < before["ttft_ms"]
    assert window.report.summary.max_concurrency > before["max_concurrency_kv"]
    panel.request_rate.setValue(0.5)
    w = window.document.build(window.current_index()).workload
    assert w.target_qps == 0.5 and w.concurrency is None and not panel.concurrency.isEnabled()
    assert window.report.load["requests_per_s"] == pytest.approx(0.5, rel=0.3)
    panel.request_rate.setValue(0)
    w = window.document.build(window.current_index()).workload
    assert w.target_qps is None and w.concurrency is not None and panel.concurrency.isEnabled()
    for _ in range(3):
        window.document.undo_stack.undo()
    assert window.document.build(window.current_index()).workload.prefix_cached_tokens == 0
    assert panel.prefix_cached.value() == 0


def test_prompt_length_spread_is_an_undoable_workload_edit(window) -> None:  # type: ignore[no-untyped-def]
    """A spread of prompt lengths (#20 item 4) lengthens the P99 TTFT at a rate the verdict reads; undo clears it."""
    from app.ui import way_in

    sample = Path(__file__).resolve().parents[2] / "resources" / "samples" / "hgx-h200-8gpu.json"
    assert way_in.open_sample(window, sample)
    panel = window.workload_panel
    assert panel.input_spread.value() == 0 and panel.input_spread.specialValueText()
    panel.request_rate.setValue(2.0)
    fixed = window.report.load
    panel.input_spread.setValue(0.77)
    w = window.document.build(window.current_index()).workload
    assert w.input_tokens_cv == 0.77
    varied = window.report.load
    assert varied["ttft_p99_ms"] > fixed["ttft_p99_ms"]
    assert varied["ttft_ms"] >= fixed["ttft_ms"]
    window.document.undo_stack.undo()
    assert window.document.build(window.current_index()).workload.input_tokens_cv == 0
    assert panel.input_spread.value() == 0
    assert window.report.load["ttft_p99_ms"] == pytest.approx(fixed["ttft_p99_ms"], rel=1e-9)


def _tick_on_the_h200_sample(window: MainWindow, box: QCheckBox, field: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Open the HGX H200 DeepSeek-R1 sample (TP 8, vLLM, 22 clients), tick `box` (unticked and enabled there) and
    check the build's workload `field` follows: the estimate at the load before and after."""
    from app.ui import way_in

    assert way_in.open_sample(window, SAMPLES / "hgx-h200-8gpu.json")
    assert not box.isChecked() and box.isEnabled()
    assert window.report is not None and window.report.load is not None
    before = dict(window.report.load)
    box.setChecked(True)
    build = window.document.build(window.current_index())
    assert build.workload is not None and getattr(build.workload, field) is True
    return before, dict(window.report.load)


def test_expert_parallel_is_an_undoable_workload_edit(window: MainWindow) -> None:
    """Ticking expert parallel on the HGX H200 DeepSeek-R1 sample (TP 8, vLLM): each GPU writes and sums the
    outputs of an eighth of the token-expert pairs, so TTFT and TPOT at the load fall, the estimate names the
    layout; undo restores the box and the figures. Attention-DP runs its experts so already (box ticked, greyed)."""
    panel = window.workload_panel
    before, after = _tick_on_the_h200_sample(window, panel.expert_parallel, "expert_parallel")
    assert after["ttft_ms"] < before["ttft_ms"] and after["tpot_ms"] < before["tpot_ms"]
    assert window.report is not None
    window.document.undo_stack.undo()
    assert not panel.expert_parallel.isChecked()
    assert window.report.load["ttft_ms"] == pytest.approx(before["ttft_ms"])
    panel.attention_dp.setChecked(True)
    assert panel.expert_parallel.isChecked() and not panel.expert_parallel.isEnabled()
    window.document.undo_stack.undo()
    assert not panel.expert_parallel.isChecked() and panel.expert_parallel.isEnabled()
    window.document.undo_stack.setClean()


def test_uniform_lengths_is_an_undoable_workload_edit(window: MainWindow) -> None:
    """Ticking the box on the HGX H200 DeepSeek-R1 sample (vLLM, 22 clients of 2,048-token prompts): the rounds stay
    in step, so TTFT at the load rises; undo restores it. A request rate or a spread of lengths clears and greys the
    box (random arrivals have no rounds; varied prompts are not one length), and undo brings it back."""
    panel = window.workload_panel
    before, after = _tick_on_the_h200_sample(window, panel.uniform_lengths, "uniform_lengths")
    assert after["ttft_ms"] > 1.5 * before["ttft_ms"]
    assert window.report is not None and window.report.load is not None
    panel.request_rate.setValue(2.0)  # Poisson arrivals: no rounds to keep in step
    w = window.document.build(window.current_index()).workload
    assert w is not None and w.target_qps == 2.0 and not w.uniform_lengths
    assert not panel.uniform_lengths.isChecked() and not panel.uniform_lengths.isEnabled()
    window.document.undo_stack.undo()
    assert panel.uniform_lengths.isChecked() and panel.uniform_lengths.isEnabled()
    assert window.report.load["ttft_ms"] == pytest.approx(after["ttft_ms"])
    panel.input_spread.setValue(0.5)  # prompts of varied length
    w = window.document.build(window.current_index()).workload
    assert w is not None and w.input_tokens_cv == 0.5 and not w.uniform_lengths
    assert not panel.uniform_lengths.isEnabled()
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert not panel.uniform_lengths.isChecked()
    assert window.report.load["ttft_ms"] == pytest.approx(before["ttft_ms"])
    window.document.undo_stack.setClean()


def test_attention_dp_is_an_undoable_workload_edit(window: MainWindow) -> None:
    """Ticking attention data-parallel (#20) on the HGX H200 DeepSeek-R1 sample: the findings' capacity and the
    estimate at the load both grow about TP-fold, and undo restores both and the box."""
    from app.ui import way_in

    assert way_in.open_sample(window, SAMPLES / "hgx-h200-8gpu.json")
    panel = window.workload_panel
    assert not panel.attention_dp.isChecked()
    assert window.report is not None and window.report.summary is not None and window.report.load is not None
    before = window.report.summary.max_concurrency
    assert before == window.report.load["max_concurrency_kv"]
    panel.attention_dp.setChecked(True)
    build = window.document.build(window.current_index())
    assert build.workload is not None and build.workload.attention_dp
    after = window.report.summary.max_concurrency
    assert after > 6 * before and after == window.report.load["max_concurrency_kv"]
    window.document.undo_stack.undo()
    assert not panel.attention_dp.isChecked()
    assert window.report.summary.max_concurrency == before
    assert panel.attention_dp.isEnabled()
    panel.tp.setValue(1)  # one GPU per model copy: attention has nothing to split over
    assert not panel.attention_dp.isEnabled()
    window.document.undo_stack.undo()
    assert panel.attention_dp.isEnabled() and panel.tp.value() == 8
    window.document.undo_stack.setClean()


def test_running_request_limit_is_an_undoable_workload_edit(window: MainWindow) -> None:
    """The engine's running-request limit (vLLM --max-num-seqs) set in the Workload panel: past it requests queue,
    so TTFT at the load grows, the verdict names the user's limit, and the VRAM check counts only the requests
    that run; undo restores the engine's default."""
    from app.ui import way_in

    assert way_in.open_sample(window, SAMPLES / "hgx-h200-8gpu.json")
    panel, doc = window.workload_panel, window.document
    assert panel.max_num_seqs.value() == 0 and panel.max_num_seqs.specialValueText() == "engine default"
    assert window.report is not None and window.report.load is not None
    before = dict(window.report.load)
    assert not before["queued"]  # vLLM's default on an H200 (1024 running requests) never binds at 22 clients
    panel.max_num_seqs.setValue(8)
    build = doc.build(window.current_index())
    assert build.workload is not None and build.workload.max_num_seqs == 8
    after = window.report.load
    assert after["queue_limit"] == "scheduler" and after["queued"] == 14  # the engine limit binds, not the KV
    assert after["ttft_ms"] > 2 * before["ttft_ms"]  # 14 of the 22 requests wait for a running one to finish
    assert window.report.summary is not None and window.report.summary.concurrency_checked == 8
    (capacity,) = window.report.by_rule("perf.capacity")
    assert "14 of 22" in capacity.message
    drop = next(f for f in capacity.fixes if "drop the limit of 8" in f.description)
    assert doc.apply_fix(window.current_index(), drop)  # re-estimated before it was offered: it clears
    assert not window.report.by_rule("perf.capacity") and panel.max_num_seqs.value() == 0
    doc.undo_stack.undo()
    assert panel.max_num_seqs.value() == 8 and window.report.by_rule("perf.capacity")
    doc.undo_stack.undo()
    assert doc.build(window.current_index()).workload.max_num_seqs is None  # type: ignore[union-attr]
    assert panel.max_num_seqs.value() == 0 and window.report.load["ttft_ms"] == before["ttft_ms"]
    doc.undo_stack.setClean()


def test_the_wheel_scrolls_the_panel_not_an_unfocused_field(window: MainWindow) -> None:
    """Scrolling the Workload dock over a spin box must not edit the build: an unfocused field passes the wheel to
    the panel's scroll bar; once the user clicks into it, the wheel steps its value as usual."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    from app.ui import way_in

    assert way_in.open_sample(window, SAMPLES / "hgx-h200-8gpu.json")
    panel = window.workload_panel
    panel.resize(panel.width(), 300)  # short enough to scroll
    box = panel.site_editor.cooling_kw
    before = box.value()
    bar = panel._scroll.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == 0 and not box.hasFocus()

    def wheel_down() -> None:
        pos = QPointF(box.rect().center())
        event = QWheelEvent(pos, QPointF(box.mapToGlobal(pos.toPoint())), QPoint(0, 0), QPoint(0, -120),
                            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                            False)
        QApplication.sendEvent(box, event)

    wheel_down()
    assert box.value() == before and bar.value() > 0  # the panel scrolled, the cooling did not change
    assert not window.document.undo_stack.canUndo()  # no edit pushed
    box.setFocus()
    assert box.hasFocus()
    wheel_down()
    assert box.value() < before  # a focused field still takes the wheel
    window.document.undo_stack.setClean()


def test_speculative_decoding_is_an_undoable_workload_edit(window: MainWindow) -> None:
    """Draft tokens on the HGX H200 DeepSeek-R1 sample (22 requests, TP 8): the estimate at the load decodes faster
    and says it models speculative decoding; the acceptance length opens with them, falls back to the default when
    fewer draft tokens cannot keep it, and undo restores each step."""
    assert window.open_path(SAMPLES / "hgx-h200-8gpu.json")
    doc, panel = window.document, window.workload_panel
    assert window.report is not None and window.report.load is not None
    plain = window.report.load["tpot_ms"]
    assert panel.speculative_tokens.value() == 0 and panel.speculative_tokens.specialValueText()
    assert not panel.acceptance.isEnabled()
    panel.speculative_tokens.setValue(3)
    w = doc.build(0).workload
    assert w is not None and w.speculative_tokens == 3 and w.acceptance_length is None
    assert panel.acceptance.isEnabled() and panel.acceptance.maximum() == 4.0
    assert window.report.load["tpot_ms"] < plain
    panel.acceptance.setValue(3.5)
    assert doc.build(0).workload.acceptance_length == 3.5  # type: ignore[union-attr]
    faster = window.report.load["tpot_ms"]
    panel.speculative_tokens.setValue(1)  # one draft token keeps at most 2: back to the default
    w = doc.build(0).workload
    assert w is not None and (w.speculative_tokens, w.acceptance_length) == (1, None)
    assert panel.acceptance.value() == 0 and panel.acceptance.maximum() == 2.0
    doc.undo_stack.undo()
    w = doc.build(0).workload
    assert w is not None and (w.speculative_tokens, w.acceptance_length) == (3, 3.5)
    assert window.report.load["tpot_ms"] == pytest.approx(faster, rel=1e-9)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.build(0).workload.speculative_tokens == 0  # type: ignore[union-attr]
    assert window.report.load["tpot_ms"] == pytest.approx(plain, rel=1e-9) and not panel.acceptance.isEnabled()
    doc.undo_stack.setClean()
