"""Charts follow the build, draw the model's own limits, compare builds, and export offscreen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from app.compare import ROWS, build_figures
from app.core.build import Build
from app.perf.from_build import build_inputs
from app.perf.model import prepare
from app.project import load_project
from app.ui.charts import PerformanceCharts
from app.ui.compare_dialog import CompareDialog
from app.ui.main_window import MainWindow

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def open_sample(window: MainWindow, name: str = "hgx-h100-8gpu.json") -> Build:
    window.show_charts()
    assert window.open_path(SAMPLES / name)
    return window.document.build(0)


def perf(window: MainWindow) -> PerformanceCharts:
    assert window.perf_charts is not None
    return window.perf_charts


def with_70b(window: MainWindow) -> Build:
    """8 x H100 serving Llama 3.1 70B FP8 for summarisation: a build with a reachable TTFT target."""
    open_sample(window)
    window.document.edit_setting(0, "set_workload", {"llm_id": "meta-llama-3.1-70b", "scenario": "summarization",
                                                     "concurrency": 32})
    return window.document.build(0)


def test_curves_follow_the_build(window: MainWindow) -> None:
    with_70b(window)
    charts = perf(window)
    assert charts.curves is not None
    assert charts.marks["load"] == 32
    before = list(charts.series[0].line.yData)
    window.document.edit_setting(0, "set_workload", {"concurrency": 128}, "c")
    assert charts.marks["load"] == 128
    window.document.edit_setting(0, "set_workload", {"weight_precision": "bf16", "kv_precision": "bf16"})
    after = list(charts.series[0].line.yData)
    assert after != before  # FP8 → BF16 changes every point
    window.document.edit_setting(0, "set_workload", {"llm_id": "meta-llama-3.1-405b"})
    assert charts.curves is not None  # still drawn (405B BF16 doesn't fit; the KV limit says so)


def test_markers_sit_where_the_model_says(window: MainWindow) -> None:
    build = with_70b(window)
    deployment, workload = build_inputs(build, window.parts.get)
    est = prepare(deployment, workload).estimate()
    prep = prepare(deployment, workload)
    marks = perf(window).marks
    # requests start to queue where the KV cache is full or vLLM's max_num_seqs is reached, whichever first
    assert marks["queue_limit"] == min(est.max_concurrency_kv, prep.max_concurrency_scheduler)
    assert est.max_concurrency_slo is not None and est.max_concurrency_slo > 0
    assert marks["slo_limit"] == est.max_concurrency_slo
    assert marks["ttft_target"] == 1000  # summarisation: TTFT < 1 s (seed 003)
    line = perf(window).series[2].vlines["slo_limit"]
    assert line.isVisible()
    assert abs(10 ** line.value() - est.max_concurrency_slo) < 1e-6


def test_unestimable_build_says_why(window: MainWindow) -> None:
    window.show_charts()
    window.document.change_chassis(0, "supermicro-as-8125gs-tnhr")  # empty: no GPUs
    assert perf(window).curves is None
    assert "no GPUs" in perf(window).message.text()


def test_power_chart_matches_context(window: MainWindow) -> None:
    build = open_sample(window)
    ctx = window.engine.context(build)
    assert window.power_charts is not None
    values = window.power_charts.values
    assert values["node_max_w"] == ctx.power.max_dc_w
    assert values["psu_usable_w"] == ctx.psu.usable_w
    assert ctx.rack is not None and values["nodes_in_rack"] == ctx.rack.nodes_per_rack


def test_png_export_offscreen_has_requested_size(window: MainWindow, qtbot: QtBot) -> None:
    with_70b(window)
    data = perf(window).render_png(900, 500)
    image = QImage.fromData(data, "PNG")
    assert not image.isNull() and (image.width(), image.height()) == (900, 500)
    # not a blank canvas: many distinct colours
    colours = {image.pixel(x, y) for x in range(0, 900, 15) for y in range(0, 500, 15)}
    assert len(colours) > 5
    # a detached chart (as the PDF export uses) renders too
    detached = PerformanceCharts()
    qtbot.addWidget(detached)
    assert perf(window).curves is not None
    detached.set_curves(perf(window).curves)
    image = QImage.fromData(detached.render_png(640, 400), "PNG")
    assert (image.width(), image.height()) == (640, 400)


def test_svg_and_png_files(window: MainWindow, tmp_path: Path) -> None:
    with_70b(window)
    svg = tmp_path / "c.svg"
    png = tmp_path / "c.png"
    assert window.power_charts is not None
    window.power_charts.export(svg)
    perf(window).export(png, 800, 450)
    assert svg.read_text(encoding="utf-8").lstrip().startswith(("<?xml", "<svg"))
    assert QImage(str(png)).width() == 800


def test_compare_values_equal_core(window: MainWindow, qtbot: QtBot) -> None:
    project = load_project(SAMPLES / "hgx-h100-8gpu.json")
    other = load_project(SAMPLES / "enterprise-2gpu.json").builds[0]
    builds = [project.builds[0], other]
    dialog = CompareDialog(builds, window.parts, window.engine, window)
    qtbot.addWidget(dialog)
    model = dialog.model
    assert model.columnCount() == 2 and model.rowCount() == len(ROWS)
    expected = [build_figures(b, window.parts, window.engine) for b in builds]
    for r, row in enumerate(ROWS):
        for c in range(2):
            assert model.index(r, c).data(Qt.ItemDataRole.UserRole) == expected[c].value(row.key), row.key
    power_row = [r.key for r in ROWS].index("power_max_w")
    lower = 0 if expected[0].value("power_max_w") < expected[1].value("power_max_w") else 1  # type: ignore[operator]
    assert model.index(power_row, lower).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert model.index(power_row, 1 - lower).data(Qt.ItemDataRole.BackgroundRole) is None
    assert set(dialog.charts.drawn) == {b.name for b in builds}
    # untick one: fewer than two builds is refused politely
    dialog.choice.item(1).setCheckState(Qt.CheckState.Unchecked)
    assert "2 to 4" in dialog.hint.text()


def test_compare_from_menu_needs_two_builds(window: MainWindow) -> None:
    window.compare_builds()
    assert "compare" in window.statusBar().currentMessage().lower()


def test_queue_mark_names_what_binds(window: MainWindow) -> None:
    """vLLM runs 1024 requests at once by default on an H100: with room for more in the KV cache the chart says so."""
    build = with_70b(window)
    deployment, workload = build_inputs(build, window.parts.get)
    prep = prepare(deployment, workload)
    assert prep.max_concurrency_kv > prep.max_concurrency_scheduler == 1024
    line = perf(window).series[0].vlines["queue_limit"]
    assert line.isVisible() and abs(10 ** line.value() - 1024) < 1e-6
    assert "max_num_seqs" in line.label.format
    # TensorRT-LLM admits 2048; with 8k prompts the KV cache binds first.
    window.document.edit_setting(0, "set_workload", {"engine": "trtllm", "input_tokens": 8192})
    line = perf(window).series[0].vlines["queue_limit"]
    kv = prepare(*build_inputs(window.document.build(0), window.parts.get)).max_concurrency_kv
    assert kv < 2048 and abs(10 ** line.value() - kv) < 1e-6
    assert "KV" in line.label.format


def test_a_far_off_target_does_not_flatten_the_curve(window: MainWindow) -> None:
    """Summarisation's P99 5 s next to 10-60 ms TPOTs stays off the range; chat's 200 ms joins it."""
    with_70b(window)  # summarisation
    charts = perf(window)
    tpot_plot, tpot = charts.plots[3], charts.series[3]
    top = tpot_plot.vb.viewRange()[1][1]
    assert top < 1000 and top >= max(tpot.upper.yData)  # the band fills the height, 5,000 ms is off it
    window.document.edit_setting(0, "set_workload", {"scenario": "chat", "concurrency": 256, "input_tokens": 2048})
    top = tpot_plot.vb.viewRange()[1][1]
    assert charts.marks["p99"] == 200 and top >= 200  # near the curve: in view


def test_compare_never_crowns_a_failure_and_keeps_colours(window: MainWindow, qtbot: QtBot) -> None:
    """The issue's chat case beside an empty build: 0 tok/s at the target, errors or no GPUs are never
    'best'; and a build keeps its colour when another is unticked."""
    project = load_project(SAMPLES / "hgx-h100-8gpu.json")
    good = project.builds[0]
    assert good.workload is not None
    chat = good.model_copy(update={"name": "Chat 70B", "workload": good.workload.model_copy(update={
        "llm_id": "meta-llama-3.1-70b", "scenario": "chat", "input_tokens": 2048, "concurrency": 64})})
    empty = Build(name="Empty", chassis_id=good.chassis_id)
    builds = [good, chat, empty]
    dialog = CompareDialog(builds, window.parts, window.engine, window)
    qtbot.addWidget(dialog)
    figs = dialog.model.figures
    best = dialog.model.best
    assert figs[1].value("errors") and figs[2].value("errors")  # the chat case misses its TTFT; empty has no GPUs
    for key in ("max_concurrency_slo", "tps_at_target", "power_max_w", "heat_btu_h", "price"):
        assert 1 not in best.get(key, set()) and 2 not in best.get(key, set()), key  # failures never best
    assert best["power_max_w"] == {0} and best["errors"] == {0}
    before = dict(dialog.charts.colours)
    assert before["Chat 70B"] != before[good.name]
    dialog.choice.item(0).setCheckState(Qt.CheckState.Unchecked)  # untick the first build
    assert dialog.charts.colours["Chat 70B"] == before["Chat 70B"]


def test_log_axes_read_1_10_100(window: MainWindow, qtbot: QtBot) -> None:
    """#21: Compare's log axis read "2·10¹3·10¹4·5·6…"; decades now read as plain numbers, the ticks
    between them stay unlabelled."""
    with_70b(window)
    axis = perf(window).tps.getAxis("bottom")
    assert axis.logMode
    assert axis.logTickStrings([0.0, 0.30103, 0.47712, 1.0, 2.0, 3.0], 1.0, 1.0) == ["1", "", "", "10", "100",
                                                                                     "1,000"]
    project = load_project(SAMPLES / "hgx-h100-8gpu.json")
    builds = [project.builds[0], load_project(SAMPLES / "enterprise-2gpu.json").builds[0]]
    dialog = CompareDialog(builds, window.parts, window.engine, window)
    qtbot.addWidget(dialog)
    for plot in (dialog.charts.tps, dialog.charts.ttft):
        assert plot.getAxis("bottom").logMode
        assert plot.getAxis("bottom").logTickStrings([0.0, 0.69897, 1.0], 1.0, 1.0) == ["1", "", "10"]
