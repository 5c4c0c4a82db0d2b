"""Tools → Import probe report: a good report calibrates estimates and shows on the GPU; a bad one is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from app.probe.calibration import stored_reports
from app.ui.main_window import MainWindow
from tests.probe.sample import sample_report

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "hgx-h100-8gpu.json"


def test_imported_report_calibrates_estimates(window: MainWindow, tmp_path: Path) -> None:
    window.show_charts()
    assert window.open_path(SAMPLE)
    charts = window.perf_charts
    assert charts is not None and charts.curves is not None
    assert "datasheet" in charts.curves.peaks_label
    before = charts.curves.points[0].tpot_ms
    report = tmp_path / "probe.json"
    report.write_text(sample_report(mem_bw=2600.0).model_dump_json(), encoding="utf-8")
    assert window.import_probe(report)
    assert charts.curves is not None
    assert "probe-calibrated" in charts.curves.peaks_label and "gpu-node-7" in charts.curves.peaks_label
    assert charts.curves.points[0].tpot_ms != before  # measured bandwidth replaced the datasheet's
    # the caption says how far the report moves this build's estimate (the CLI and the quote say the same)
    assert "the probe's peaks move this estimate against the datasheet's: TTFT" in charts.message.text()
    assert charts.curves.probe_shift_text in charts.message.text()
    window.catalog_panel.select_part("nvidia-h100-sxm5-80gb")
    assert "probe-calibrated" in window.catalog_panel.details.toPlainText()


def test_bad_report_refused(window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text: shown.append(text))
    bad = tmp_path / "not-a-report.json"
    bad.write_text('{"format": "something-else"}', encoding="utf-8")
    assert not window.import_probe(bad)
    assert shown and "not-a-report.json" in shown[0]
    good, damaged = stored_reports(window.data_dir)
    assert not good and not damaged


def test_a_stock_board_shows_as_stock_on_its_gpu(window: MainWindow) -> None:
    """The stock H200's own report (tests/probe/fixtures): the GPU's details put each figure beside a stock
    board's reading, 100 %, where the datasheet share alone (0.68 for BF16) would read as a fault."""
    fixture = Path(__file__).resolve().parents[1] / "probe" / "fixtures" / "h200_sxm_torch_full.json"
    assert window.import_probe(fixture)
    window.catalog_panel.select_part("nvidia-h200-sxm-141gb")
    text = window.catalog_panel.details.toPlainText()
    assert "memory bandwidth 4,362 GB/s (91% of the datasheet; 100% of a stock board's reading)" in text
    assert "BF16 GEMM 673 TFLOPS (68% of the datasheet; 100% of a stock board's reading)" in text
