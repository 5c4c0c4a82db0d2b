"""A probe reading is scaled by what the same probe engine reads on a stock board (db/perf/probe-reference.csv).

The fixtures are this probe's own reports from a stock H200 SXM (700 W, PyTorch 2.11 and CuPy 14.2, 2026-12-04).
The calibration's efficiencies are fitted on stock GPUs, so importing such a report must move no estimate; before
the reference table it moved TTFT by +12 % (its power-capped GEMM median, 0.68 of the datasheet, against the
0.80 burst ceiling of the research notes) and, with CuPy's elementwise triad, TPOT by +47 %.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.catalog.store import Catalog
from app.core.parts import Gpu
from app.perf.model import MeasuredPeaks
from app.perf.probe_reference import reference_table, stock_reading
from app.probe.calibration import BENCHMARK_ENGINES, PLAUSIBLE_EFFICIENCY, Calibration, benchmark_engine
from app.probe.measured import estimate_shift, measured_peaks
from app.probe.report import CALIBRATION_METRICS, load_report

FIXTURES = Path(__file__).parent / "fixtures"
H200 = "nvidia-h200-sxm-141gb"
STOCK_REPORTS = {"torch": FIXTURES / "h200_sxm_torch_full.json", "cupy": FIXTURES / "h200_sxm_cupy_full.json"}


@pytest.fixture(scope="module")
def parts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    cat = Catalog.open(tmp_path_factory.mktemp("ref") / "c.db")
    try:
        return dict(cat.parts_by_id())
    finally:
        cat.close()


def _peaks(path: Path, parts: dict[str, object]) -> tuple[Gpu, MeasuredPeaks]:
    report = load_report(path)
    [entry] = report.calibration
    gpu = parts[entry.gpu_id]
    assert isinstance(gpu, Gpu)
    peaks = measured_peaks(Calibration.from_entry(entry, report), gpu)
    assert peaks is not None
    return gpu, peaks


@pytest.mark.parametrize("engine", sorted(STOCK_REPORTS))
def test_a_stock_board_moves_no_estimate(engine: str, parts: dict[str, object]) -> None:
    gpu, peaks = _peaks(STOCK_REPORTS[engine], parts)
    assert gpu.id == H200 and peaks.engine == engine
    shift = estimate_shift(gpu, peaks, parts)  # type: ignore[arg-type]
    assert shift is not None
    for metric in ("ttft_ms", "tpot_ms", "output_tps_total"):
        change = shift[metric]["change"]  # type: ignore[index]
        assert abs(change) < 0.01, (engine, metric, change)


def test_without_a_stock_reading_the_typical_ceilings_apply(parts: dict[str, object]) -> None:
    """The same figures from an engine with no reference: scaled by the research ceilings, as before."""
    gpu, peaks = _peaks(STOCK_REPORTS["torch"], parts)
    unknown = MeasuredPeaks(bandwidth_gbs=peaks.bandwidth_gbs, tflops_by_precision=peaks.tflops_by_precision,
                            source_label="t", engine=None)
    shift = estimate_shift(gpu, unknown, parts)  # type: ignore[arg-type]
    assert shift is not None
    ttft = shift["ttft_ms"]["change"]  # type: ignore[index]
    assert 0.08 < ttft < 0.16  # 674 TFLOPS / 0.80 = 843 of 989.5: the prefill reads 12 % slower


def test_a_power_capped_board_reads_slower_than_stock(parts: dict[str, object]) -> None:
    """A board held at a lower power limit: its GEMMs run 20 % under the stock reading, its memory at stock."""
    gpu = parts[H200]
    assert isinstance(gpu, Gpu)
    bf16 = stock_reading(H200, "torch", "gemm_bf16_tflops")
    bw = stock_reading(H200, "torch", "mem_bw_gbs")
    assert bf16 is not None and bw is not None
    capped = MeasuredPeaks(bandwidth_gbs=bw.value, tflops_by_precision={"bf16": 0.8 * bf16.value},
                           source_label="t", engine="torch")
    shift = estimate_shift(gpu, capped, parts)  # type: ignore[arg-type]
    assert shift is not None
    ttft, tpot = shift["ttft_ms"]["change"], shift["tpot_ms"]["change"]  # type: ignore[index]
    assert 0.12 < ttft < 0.26  # the prefill of 1,024 tokens is compute-bound: up to 1/0.8 - 1
    assert abs(tpot) < 0.05  # the decode of 8 requests streams weights


def test_the_reports_name_their_benchmark_engine() -> None:
    assert benchmark_engine(load_report(STOCK_REPORTS["torch"])) == "torch"
    assert benchmark_engine(load_report(STOCK_REPORTS["cupy"])) == "cupy"
    inventory_only = load_report(STOCK_REPORTS["torch"]).model_copy(update={"backends": []})
    assert benchmark_engine(inventory_only) is None


def test_every_reference_row_is_a_stock_reading_of_a_catalog_gpu(parts: dict[str, object]) -> None:
    table = reference_table()
    assert table, "db/perf/probe-reference.csv is empty"
    peaks_by_metric = {"mem_bw_gbs": lambda g: g.mem_bandwidth_gbs, "gemv_b1_gbs": lambda g: g.mem_bandwidth_gbs,
                       "gemm_bf16_tflops": lambda g: g.dense_tflops("bf16"),
                       "gemm_fp16_tflops": lambda g: g.dense_tflops("fp16") or g.dense_tflops("bf16"),
                       "gemm_fp8_tflops": lambda g: g.dense_tflops("fp8")}
    for (gpu_id, engine, metric), ref in table.items():
        gpu = parts.get(gpu_id)
        assert isinstance(gpu, Gpu), gpu_id
        assert engine in BENCHMARK_ENGINES and metric in CALIBRATION_METRICS and metric in peaks_by_metric
        assert ref.power_limit_w == gpu.tdp_w, "a stock reading is taken at the board's own limit"
        share = ref.value / peaks_by_metric[metric](gpu)
        assert PLAUSIBLE_EFFICIENCY[0] < share < PLAUSIBLE_EFFICIENCY[1], (gpu_id, engine, metric, share)
        assert ref.runs >= 2 and ref.source.strip() and ref.measured_on


def test_the_stock_readings_are_the_fixture_reports_figures() -> None:
    """The table's H200 rows hold the figures of the reports kept here (within the spread of the runs)."""
    for engine, path in STOCK_REPORTS.items():
        measured = json.loads(path.read_text(encoding="utf-8"))["calibration"][0]["measured"]
        for metric, value in measured.items():
            ref = stock_reading(H200, engine, metric)
            if ref is not None:
                assert ref.value == pytest.approx(value, rel=0.06), (engine, metric)


def test_a_gemm_at_the_power_limit_is_explained() -> None:
    """The stock H200's GEMMs ran under SW_POWER_CAP (not a throttle): the report says why they read 0.68."""
    from app.probe.results import telemetry_messages
    from app.probe.run_state import ProbeOptions, ProbeState

    report = load_report(STOCK_REPORTS["torch"])
    state = ProbeState(options=ProbeOptions(), say=lambda pct, text: None, gpus=list(report.gpus), topology=None,
                       parts={}, results=list(report.results))
    telemetry_messages(state)
    telemetry_messages(state)  # once per GPU, however often it runs
    [msg] = [m for m in state.messages if m.code == "POWER_CAPPED"]
    assert msg.level == "info" and msg.gpu == 0
    assert "at 1,485-1,515 MHz of 1,980 MHz" in msg.text and "sustained" in msg.text
    assert not [m for m in state.messages if m.code == "THERMAL_THROTTLE"]  # a power cap is no thermal throttle
    uncapped = [r.model_copy(update={"telemetry": r.telemetry.model_copy(update={"clock_event_reasons": []})})
                if r.telemetry else r for r in report.results]
    quiet = ProbeState(options=ProbeOptions(), say=lambda pct, text: None, gpus=list(report.gpus), topology=None,
                       parts={}, results=uncapped)
    telemetry_messages(quiet)
    assert quiet.messages == []
    steady = [r.model_copy(update={"telemetry": r.telemetry.model_copy(update={
        "sm_clock_mhz_min": 1500.0, "sm_clock_mhz_median": 1500.0})}) if r.telemetry else r for r in report.results]
    one_clock = ProbeState(options=ProbeOptions(), say=lambda pct, text: None, gpus=list(report.gpus),
                           topology=None, parts={}, results=steady)
    telemetry_messages(one_clock)
    assert "at 1,500 MHz of 1,980 MHz" in one_clock.messages[0].text
