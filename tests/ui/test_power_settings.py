"""Issue #17 items 4 and 5 in the GUI: N+2 in the PSU redundancy list, the GPUs' power limit as a setting."""

from __future__ import annotations

from pathlib import Path

from app.ui.main_window import MainWindow

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def test_redundancy_list_offers_every_mode_with_a_label(window: MainWindow) -> None:
    assert window.open_path(SAMPLES / "hgx-h100-8gpu.json")
    box = window.workload_panel.redundancy
    items = {box.itemData(i): box.itemText(i) for i in range(box.count())}
    assert items == {"n+1": "N+1", "n+2": "N+2", "n+n": "N+N", "none": "none"}
    assert box.currentData() == "n+2"  # the sample runs its 6 PSUs 4 + 2, as the DGX H100 does
    assert window.report is not None and window.report.summary.psu_usable_w == 12_000


def test_gpu_power_limit_is_an_undoable_setting(window: MainWindow) -> None:
    assert window.open_path(SAMPLES / "hgx-h100-8gpu.json")
    doc, panel = window.document, window.workload_panel
    assert panel.power_cap.value() == 0 and panel.power_cap.specialValueText() == "TDP"
    panel.power_cap.setValue(600)
    assert doc.build(0).gpu_power_cap_w == 600
    # The H100 SXM's datasheet gives no power range, so the node's GPU power stays at 8 x 700 W.
    assert window.report is not None and window.report.summary.power_by_component_w["gpu"] == 5600
    doc.undo_stack.undo()
    assert doc.build(0).gpu_power_cap_w is None and panel.power_cap.value() == 0
    panel.power_cap.setValue(20)  # below any GPU's range: refused, the build is unchanged
    assert doc.build(0).gpu_power_cap_w is None
    doc.undo_stack.setClean()
