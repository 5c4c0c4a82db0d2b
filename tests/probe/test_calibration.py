"""Calibration: building it from measurements, storing reports, and what the perf model reads back."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest

from app.probe import calibration as cal
from app.probe.calibration import (
    build_calibration,
    calibrations,
    import_report,
    latest_calibration,
    reports_dir,
    store_report,
    stored_reports,
)
from app.probe.report import GpuInfo, Measurement, Message, MigInfo, ProbeReportError, TelemetrySummary, summarize
from tests.probe.sample import STARTED, sample_report


def _gpu(i: int, catalog_id: str | None = "nvidia-h100-sxm5-80gb", **kw: object) -> GpuInfo:
    return GpuInfo(index=i, vendor="nvidia", source="nvml", name="NVIDIA H100 80GB HBM3", catalog_id=catalog_id,
                   catalog_match="fuzzy", **kw)  # type: ignore[arg-type]


def _m(metric: str, gpu: int, median: float, peak: float | None, *, cv: float = 0.0, peer: int | None = None,
       throttled: bool = False, unit: str = "GB/s", **params: object) -> Measurement:
    values = [median * (1 - cv), median, median * (1 + cv)]
    stats = summarize(values)
    return Measurement(metric=metric, gpu=gpu, peer=peer, status="ok", unit=unit, value=stats, peak=peak,  # type: ignore[arg-type]
                       fraction_of_peak=stats.median / peak if peak else None, params=params,  # type: ignore[arg-type]
                       telemetry=TelemetrySummary(samples=3, throttled=throttled))


def test_build_takes_the_median_over_healthy_gpus() -> None:
    gpus = [_gpu(0), _gpu(1), _gpu(2), _gpu(3, catalog_id=None), _gpu(4, mig=MigInfo(enabled=True))]
    results = [
        _m("mem_bw_triad", 0, 2900, 3350), _m("mem_bw_triad", 1, 3000, 3350), _m("mem_bw_triad", 2, 2950, 3350),
        _m("mem_bw_triad", 3, 100, None), _m("mem_bw_triad", 4, 1000, None),
        _m("gemm_bf16", 0, 780, 989, unit="TFLOPS"), _m("gemm_bf16", 1, 800, 989, unit="TFLOPS"),
        Measurement(metric="gemm_bf16", gpu=2, status="timeout", unit="TFLOPS", reason="hung"),
        _m("gemm_fp8", 0, 1400, 1979, unit="TFLOPS"),
        _m("p2p_unidir", 0, 390, 450, peer=1), _m("p2p_unidir", 0, 20, 63, peer=3),  # peer 3: another model
        _m("h2d_pinned", 1, 55, 63),
    ]
    (entry,) = build_calibration(gpus, results, [], "quick")
    assert entry.gpu_id == "nvidia-h100-sxm5-80gb" and entry.gpus == [0, 1, 2]
    assert entry.measured["mem_bw_gbs"] == 2950 and entry.measured["gemm_bf16_tflops"] == 790
    assert entry.measured["gemm_fp8_tflops"] == 1400 and entry.measured["p2p_gbs"] == 390
    assert entry.measured["h2d_gbs"] == 55 and "gemm_fp16_tflops" not in entry.measured
    assert entry.efficiency["mem_bw_gbs"] == pytest.approx(2950 / 3350)
    assert entry.peak["gemm_bf16_tflops"] == 989
    assert entry.confidence == "high", entry.notes
    assert any("matched to nvidia-h100-sxm5-80gb by model" in n for n in entry.notes)


@pytest.mark.parametrize(("mode", "results_kw", "messages", "expected", "why"), [
    ("smoke", {}, [], "low", "smoke run"),
    ("quick", {"cv": 0.08}, [], "medium", "noisy timings"),
    ("quick", {"cv": 0.3}, [], "low", "unstable timings"),
    ("quick", {"throttled": True}, [], "low", "throttled"),
    ("quick", {"undersized": True}, [], "medium", "working set smaller"),
    ("quick", {}, [Message(level="warn", code="GPU_BUSY", text="busy", gpu=0)], "low", "busy"),
])
def test_confidence_is_lowered_with_a_reason(mode: str, results_kw: dict[str, object], messages: list[Message],
                                             expected: str, why: str) -> None:
    results = [_m("mem_bw_triad", 0, 2950, 3350, **results_kw),  # type: ignore[arg-type]
               _m("gemm_bf16", 0, 790, 989, unit="TFLOPS")]
    (entry,) = build_calibration([_gpu(0)], results, messages, mode)
    assert entry.confidence == expected and any(why in n for n in entry.notes), entry.notes


def test_implausible_efficiency_points_at_the_catalog_match() -> None:
    results = [_m("mem_bw_triad", 0, 9000, 3350), _m("gemm_bf16", 0, 790, 989, unit="TFLOPS")]
    (entry,) = build_calibration([_gpu(0)], results, [], "quick")
    assert entry.confidence == "low" and any("check the catalog match" in n for n in entry.notes)


def test_missing_core_figure_and_no_figures() -> None:
    (entry,) = build_calibration([_gpu(0)], [_m("mem_bw_triad", 0, 2950, 3350)], [], "quick")
    assert entry.confidence == "medium" and any("gemm_bf16_tflops" in n for n in entry.notes)
    assert build_calibration([_gpu(0)], [], [], "quick") == []


def test_store_is_atomic_and_idempotent(tmp_path: Path) -> None:
    report = sample_report()
    first = store_report(report, tmp_path)
    assert first.path.parent == tmp_path / "probe-reports" and not first.already_present
    assert first.path.name.startswith("20260504T093000Z_gpu-node-7_")
    again = store_report(report, tmp_path)
    assert again.already_present and again.path == first.path
    assert [p.name for p in (tmp_path / "probe-reports").iterdir()] == [first.path.name]  # no temp files left


def test_import_validates(tmp_path: Path) -> None:
    source = tmp_path / "from-client.json"
    source.write_text(sample_report().to_json(), encoding="utf-8")
    stored = import_report(source, tmp_path / "data")
    assert stored.report.host.hostname == "gpu-node-7" and stored.path.exists()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something-else"}', encoding="utf-8")
    with pytest.raises(ProbeReportError, match=r"bad\.json: foreign file"):
        import_report(bad, tmp_path / "data")
    assert len(list((tmp_path / "data" / "probe-reports").glob("*.json"))) == 1


def test_latest_calibration_for_the_perf_model(tmp_path: Path) -> None:
    assert latest_calibration("nvidia-h100-sxm5-80gb", tmp_path) is None
    store_report(sample_report(host="old-box", started=STARTED - timedelta(days=30), bf16=700.0), tmp_path)
    store_report(sample_report(host="gpu-node-7", started=STARTED, bf16=790.0), tmp_path)
    store_report(sample_report(host="older-box", started=STARTED - timedelta(days=60), bf16=650.0), tmp_path)
    c = latest_calibration("nvidia-h100-sxm5-80gb", tmp_path)
    assert c is not None
    assert c.host == "gpu-node-7" and c.measured_at == STARTED and c.date == "2026-05-04"
    assert c.label == "probe-calibrated, 2026-05-04, gpu-node-7"
    assert c.mem_bandwidth_gbs == 2950.0 and c.decode_bandwidth_gbs == 2500.0
    assert c.tflops_for("bf16") == 790.0 and c.tflops_for("fp16") == 790.0  # bf16 stands in for fp16
    assert c.tflops_for("fp8") == 1400.0 and c.tflops_for("int4") is None
    assert c.h2d_gbs == 55.0 and c.p2p_gbs == 390.0 and c.d2h_gbs is None
    assert c.efficiency_for("mem_bw_gbs") == pytest.approx(2950 / 3350)
    assert c.gpu_count == 2 and c.confidence == "high" and c.report_path is not None
    assert latest_calibration("nvidia-l40s", tmp_path) is None
    assert [x.host for x in calibrations(tmp_path)] == ["gpu-node-7", "old-box", "older-box"]


def test_damaged_files_in_the_store_are_skipped(tmp_path: Path) -> None:
    store_report(sample_report(), tmp_path)
    junk = reports_dir(tmp_path) / "zz-broken.json"
    junk.write_text("{ not json", encoding="utf-8")
    reports, rejected = stored_reports(tmp_path)
    assert len(reports) == 1 and rejected[0][0] == junk and "not valid JSON" in rejected[0][1]
    assert latest_calibration("nvidia-h100-sxm5-80gb", tmp_path) is not None


def test_unchanged_store_is_not_reread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store_report(sample_report(), tmp_path)
    assert latest_calibration("nvidia-h100-sxm5-80gb", tmp_path) is not None
    reads: list[int] = []
    original = cal.parse_report

    def counting(data: bytes | str) -> object:
        reads.append(1)
        return original(data)

    monkeypatch.setattr(cal, "parse_report", counting)
    assert latest_calibration("nvidia-h100-sxm5-80gb", tmp_path) is not None
    assert reads == []
    store_report(sample_report(host="another"), tmp_path)
    assert latest_calibration("nvidia-h100-sxm5-80gb", tmp_path) is not None
    assert len(reads) == 2


def test_default_data_dir_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INFERENCE_SIZER_DATA_DIR", os.fspath(tmp_path))
    store_report(sample_report())
    assert (tmp_path / "probe-reports").is_dir()
    assert latest_calibration("nvidia-h100-sxm5-80gb") is not None


def test_measured_keeps_the_reports_folder_name_in_step() -> None:
    from app.probe import calibration, measured

    assert measured.REPORTS_DIRNAME == calibration.REPORTS_DIRNAME
