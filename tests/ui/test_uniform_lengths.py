"""A benchmark whose prompts and answers all have one length, from the window (#20): the Workload panel's Uniform
lengths box reads the build as such a run (app.perf.lockstep), undoably, and only where it can describe one."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.ui.main_window import MainWindow

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def test_uniform_lengths_is_an_undoable_workload_edit(window: MainWindow) -> None:
    """Ticking the box on the HGX H200 DeepSeek-R1 sample (vLLM, 22 clients of 2,048-token prompts): the rounds stay
    in step, so TTFT at the load rises; undo restores it. A request rate or a spread of lengths clears and greys the
    box (random arrivals have no rounds; varied prompts are not one length), and undo brings it back."""
    from app.ui import way_in

    assert way_in.open_sample(window, SAMPLES / "hgx-h200-8gpu.json")
    panel = window.workload_panel
    assert not panel.uniform_lengths.isChecked() and panel.uniform_lengths.isEnabled()
    assert window.report is not None and window.report.load is not None
    before = dict(window.report.load)
    panel.uniform_lengths.setChecked(True)
    build = window.document.build(window.current_index())
    assert build.workload is not None and build.workload.uniform_lengths
    after = dict(window.report.load)
    assert after["ttft_ms"] > 1.5 * before["ttft_ms"]
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
