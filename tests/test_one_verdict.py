"""One verdict per build: every view gives the same figures for the same build.

For every sample project and for builds the sizing assistant returns, the error count, the
verdict on the latency targets and the P99 TTFT/TPOT at the load agree between ``validate
--json``, ``estimate --project --json``, the PDF quote, the Compare table and the assistant's own
result; and every "does not meet the targets" has a finding behind it.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from app.catalog.store import Catalog
from app.cli.main import main as cli
from app.compare.figures import build_figures
from app.core.build import Build
from app.core.precision import Precision
from app.core.scenarios import Scenario
from app.export.bom import Pricing, build_bom
from app.export.pdf import render_pdf
from app.export.quote import prepare_quote
from app.project import Project, ProjectInfo, load_project, save_project
from app.recommend import Recommender, Requirements
from app.rules.engine import RuleEngine
from app.rules.findings import Severity

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "resources" / "samples").glob("*.json"))
PERF_RULES = ("perf.ttft-target", "perf.tpot-target", "perf.capacity", "perf.throughput")


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Catalog]:
    cat = Catalog.open(tmp_path_factory.mktemp("verdict") / "catalog.db")
    yield cat
    cat.close()


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    capsys.readouterr()
    cli([*args, "--json"])
    return json.loads(capsys.readouterr().out)


def _pdf_text(data: bytes) -> str:
    return " ".join((page.extract_text() or "") for page in PdfReader(io.BytesIO(data)).pages)


def _check(project_path: Path, catalog: Catalog, capsys: pytest.CaptureFixture[str]) -> None:
    parts = catalog.parts_by_id()
    engine = RuleEngine(parts)
    project = load_project(project_path)
    validated = _json(capsys, "--data-dir", str(catalog.path.parent), "validate", str(project_path))
    # every build chosen: one with errors is quoted (as a draft) only when chosen (#18, item 2)
    doc = prepare_quote(project, parts, engine=engine, build_names=project.build_names)
    text = " ".join(_pdf_text(render_pdf(doc)).split())
    for i, build in enumerate(project.builds):
        got = validated["builds"][i]  # type: ignore[index]
        errors = got["counts"]["error"]
        load = got["load"]
        estimated = _json(capsys, "--data-dir", str(catalog.path.parent), "estimate", "--project",
                          str(project_path), "--build", build.name)
        # validate and estimate: one estimate at the load
        assert estimated["ttft_p99_ms"] == pytest.approx(load["ttft_p99_ms"])
        assert estimated["tpot_p99_ms"] == pytest.approx(load["tpot_p99_ms"])
        assert estimated["meets_slo"] == load["meets_targets"]
        # a missed target always has a finding behind it
        perf_findings = [f for f in got["findings"] if f["rule_id"] in PERF_RULES]
        if not load["meets_targets"]:
            assert perf_findings, (build.name, load)
        # the PDF: same error count, same verdict, same P99
        section = doc.sections[i]
        assert section.report.counts()["error"] == errors
        assert section.perf is not None
        assert section.perf.meets_targets == load["meets_targets"]
        assert section.perf.ttft_p99_ms == pytest.approx(load["ttft_p99_ms"])
        assert ("Meets the latency targets " + ("yes" if load["meets_targets"] else "no")) in text
        for f in perf_findings:
            assert f["message"][:40] in text
        # Compare: same error count and load figures
        fig = build_figures(build, parts, engine)
        assert fig.value("errors") == errors
        assert fig.perf is not None and fig.perf.ttft_p99_ms == pytest.approx(load["ttft_p99_ms"])
        # its power rows are the report's wall figures for every node, and their labels say "at the wall"
        summary = got["summary"]
        nodes = build.node_count
        assert fig.value("power_max_w") == pytest.approx(summary["power_max_wall_w"] * nodes)
        assert fig.value("power_load_w") == pytest.approx(summary["power_load_wall_w"] * nodes)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_samples_give_one_verdict_and_meet_their_scenario(sample: Path, catalog: Catalog,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    _check(sample, catalog, capsys)
    report = RuleEngine(catalog.parts_by_id()).validate(load_project(sample).builds[0])
    assert report.counts()["error"] == 0 and not report.by_rule("perf.ttft-target")  # a sample meets its scenario
    assert report.load is not None and report.load["meets_targets"] is True


def _h100_chat(**workload: int) -> Build:
    """The 8 x H100 SXM sample serving Llama-3.1-70B FP8 as real-time chat (TTFT < 100 ms) at this load."""
    build = load_project(ROOT / "resources" / "samples" / "hgx-h100-8gpu.json").builds[0]
    assert build.workload is not None
    return build.model_copy(update={"workload": build.workload.model_copy(update={
        "llm_id": "meta-llama-3.1-70b", "scenario": Scenario.CHAT, "weight_precision": Precision.FP8, **workload})})


def test_the_issue_chat_case_is_an_error_with_numbers_and_a_working_fix(
        catalog: Catalog, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Llama-3.1-70B FP8, 2,048 / 512 tokens, 64 users on 8 x H100 SXM, real-time chat (TTFT < 100 ms)."""
    from app.rules.fixes import apply_fix

    chat = _h100_chat(input_tokens=2048, output_tokens=512, concurrency=64)
    engine = RuleEngine(catalog.parts_by_id())
    report = engine.validate(chat)
    (finding,) = report.by_rule("perf.ttft-target")
    assert finding.severity is Severity.ERROR and "misses the 100 ms target at 64 concurrent" in finding.message
    assert "Mean TTFT" in finding.explanation and finding.fixes
    for fix in finding.fixes:  # every fix offered clears it
        fixed = engine.validate(apply_fix(chat, fix))
        assert not fixed.by_rule("perf.ttft-target"), fix.description
    path = tmp_path / "chat.isproj"
    save_project(Project(project=ProjectInfo(name="Chat case"), builds=(chat,)), path)
    _check(path, catalog, capsys)


def _seed_cases() -> dict[str, Requirements]:
    from tests.recommend.test_search import DENSE_405B, EDGE, MODERATION

    rag = Requirements(llm_id="meta-llama-3.1-70b", scenario=Scenario.RAG, concurrency=16, input_tokens=1024,
                       output_tokens=256, precisions=(Precision.FP8,))
    return {"rag-70b": rag, "moderation": MODERATION, "dense-405b": DENSE_405B, "edge": EDGE}


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(_seed_cases()))
def test_assistant_builds_give_one_verdict(case: str, catalog: Catalog, capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    parts = catalog.parts_by_id()
    rec = Recommender(parts)
    req = _seed_cases()[case]
    result = rec.recommend(req)
    assert result.found
    engine = RuleEngine(parts)
    builds: list[Build] = []
    for r in result.results[:3]:
        c = r.candidate
        report = engine.validate(c.build)
        assert report.counts()["error"] == 0  # what the assistant calls qualifying, the rules do too
        assert c.perf is not None and report.load is not None
        assert c.perf.ttft_p99_ms == pytest.approx(report.load["ttft_p99_ms"])
        assert c.perf.meets_targets == report.load["meets_targets"] is True
        # the price: the assistant's, the quote's (all nodes, reference prices marked) and Compare's agree
        bom = build_bom(c.build, parts, Pricing(currency=req.currency))
        assert bom.total == c.price.total and bom.complete == c.price.complete, (bom.total, c.price)
        assert {ln.part_id for ln in bom.reference_lines} == set(c.price.reference_parts)
        fig = build_figures(c.build, parts, engine)
        assert fig.value("price") == (float(bom.total) if bom.complete else None)
        builds.append(c.build.model_copy(update={"name": f"Option {len(builds) + 1}"}))
    path = tmp_path / "assistant.isproj"
    save_project(Project(project=ProjectInfo(name="From the assistant"), builds=tuple(builds)), path)
    _check(path, catalog, capsys)


def test_a_b200_build_costs_the_same_in_the_assistant_and_the_tab(catalog: Catalog) -> None:
    """The issue's case: the assistant said 'from 331,890 USD', the same build as a tab 11,890 USD."""
    from app.i18n.formatting import format_money
    from app.ui.main_window import price_text

    parts = catalog.parts_by_id()
    req = Requirements(llm_id="meta-llama-3.1-70b", scenario=Scenario.CHAT, concurrency=64, input_tokens=2048,
                       output_tokens=512, precisions=(Precision.FP8,), gpu_ids=("nvidia-b200-sxm",))
    result = Recommender(parts).recommend(req)
    assert result.found
    c = result.results[0].candidate
    assert "nvidia-b200-sxm" in c.price.reference_parts
    bom = build_bom(c.build, parts, Pricing(currency="USD"))
    assert bom.total == c.price.total
    refs = [ln.part_id for ln in bom.reference_lines]
    assert "nvidia-b200-sxm" in refs and set(refs) == set(c.price.reference_parts)
    assert bom.complete and c.price.complete  # every line priced from the book out of the box (#18)
    shown = price_text(c.build, dict(parts), "USD", "({n} part(s) without a price)", "(estimate: {n} at reference "
                       "prices)")
    assert shown.startswith(format_money(c.price.total, "USD"))
    assert f"estimate: {len(refs)} at reference prices" in shown
    text = " ".join(_pdf_text(render_pdf(prepare_quote(
        Project(project=ProjectInfo(name="B200"), builds=(c.build,)), parts))).split())
    assert f"Estimate, not a quotation: {len(refs)} item(s) at reference prices" in text
    assert "reference price 40,000 USD (30,000-50,000, global, 2026-06), not a quotation" in text
    assert "aiinframap.com" in text  # the source, listed under the table


def test_a_quote_says_when_its_figures_assume_attention_data_parallel(catalog: Catalog) -> None:
    """The capacity of an attention-DP build holds only if the client's engine runs that way: the quote's
    performance page says so, and the CLI's figures for the project are the window's."""
    parts = catalog.parts_by_id()
    project = load_project(ROOT / "resources" / "samples" / "hgx-h200-8gpu.json")
    build = project.builds[0]
    assert build.workload is not None
    dp = build.model_copy(update={"workload": build.workload.model_copy(update={"attention_dp": True})})
    project = project.model_copy(update={"builds": [dp, *project.builds[1:]]})
    text = " ".join(_pdf_text(render_pdf(prepare_quote(project, parts, engine=RuleEngine(parts),
                                                       build_names=[dp.name]))).split())
    assert "attention data-parallel over the TP group" in text
    plain = " ".join(_pdf_text(render_pdf(prepare_quote(load_project(ROOT / "resources" / "samples" /
                                                                     "hgx-h200-8gpu.json"), parts,
                                                        engine=RuleEngine(parts)))).split())
    assert "attention data-parallel over the TP group" not in plain


def test_a_speculative_build_gives_one_verdict(catalog: Catalog, capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    """MTP on the HGX H200 DeepSeek-R1 sample: validate, estimate, the quote and Compare read one estimate at the
    load, and the VRAM findings count the draft layer's weights as the estimate's KV capacity does."""
    project = load_project(ROOT / "resources" / "samples" / "hgx-h200-8gpu.json")
    build = project.builds[0]
    assert build.workload is not None
    spec = build.model_copy(update={"workload": build.workload.model_copy(
        update={"speculative_tokens": 3, "acceptance_length": 2.6})})
    path = tmp_path / "mtp.json"
    save_project(project.model_copy(update={"builds": (spec,)}), path)
    _check(path, catalog, capsys)
    engine = RuleEngine(catalog.parts_by_id())
    with_draft, without = engine.context(spec), engine.context(build)
    assert with_draft.fit is not None and without.fit is not None
    layer = without.fit.weights_bytes / 61  # DeepSeek-R1: 61 layers, one more for the MTP module
    assert with_draft.fit.weights_bytes == pytest.approx(without.fit.weights_bytes + layer, rel=0.02)


def test_compare_says_its_power_is_at_the_wall() -> None:
    """Compare's power rows are wall (AC) figures, the chassis gauge's the PSUs' DC output: the labels say which."""
    from app.compare.figures import ROWS

    labels = {r.key: r.text for r in ROWS}
    assert "at the wall" in labels["power_max_w"] and "at the wall" in labels["power_load_w"]


def test_a_p99_ttft_a_queue_makes_minutes_long_reads_in_minutes(catalog: Catalog) -> None:
    """Far more users than the build holds: the finding's P99 reads in minutes or hours, the target in ms."""
    crowd = _h100_chat(input_tokens=32_000, output_tokens=2_000, concurrency=4_000)
    (finding,) = RuleEngine(catalog.parts_by_id()).validate(crowd).by_rule("perf.ttft-target")
    assert finding.severity is Severity.ERROR
    assert re.search(r"P99 TTFT [\d.]+ (min|h) misses the 100 ms target", finding.message), finding.message
    # The explanation's parts read in the unit each needs: the queue in minutes or hours, the prefill in ms.
    assert re.search(r"Mean TTFT [\d.]+ (min|h) ", finding.explanation), finding.explanation
    assert re.search(r"waiting behind other prompts [\d.]+ (min|h),", finding.explanation), finding.explanation
    assert re.search(r"prefill [\d,]+ ms,", finding.explanation), finding.explanation
    assert "ms or more" not in finding.explanation


def test_the_agreed_target_fix_reads_in_minutes() -> None:
    """A target a queue of minutes meets is offered in minutes ('10.0 min'), not as 600000 ms."""
    from types import SimpleNamespace
    from typing import cast

    from app.perf.workload_rules import _relax_fixes
    from app.rules.context import RuleContext
    from app.rules.profile import default_profile

    ctx = cast(RuleContext, SimpleNamespace(profile=default_profile()))
    (fix,) = _relax_fixes("ttft_target_ms", "TTFT", 400_000.0, 0.1, ctx)
    assert re.search(r"target of [\d.]+ min \(met at this load\)", fix.description), fix.description
    (small,) = _relax_fixes("ttft_target_ms", "TTFT", 450.0, 0.1, ctx)
    assert "ms (met at this load)" in small.description


def _import_slow_h200_report(tmp_path: Path, gemm: float, bandwidth: float = 1.0) -> tuple[Path, dict[str, Any]]:
    """Import the stock H200's probe report with its GEMM and bandwidth figures scaled (a board held under a lower
    power limit, or a slow one) into a fresh data directory; the directory and the report as imported."""
    report = json.loads((ROOT / "tests" / "probe" / "fixtures" / "h200_sxm_torch_full.json").read_text("utf-8"))
    for entry in report["calibration"]:
        for key, factor in (("gemm_bf16_tflops", gemm), ("gemm_fp16_tflops", gemm), ("gemm_fp8_tflops", gemm),
                            ("mem_bw_gbs", bandwidth)):
            entry["measured"][key] *= factor
            entry["efficiency"][key] *= factor
    path = tmp_path / "slow-report.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    data = tmp_path / "data"
    assert cli(["--data-dir", str(data), "probe-import", str(path)]) == 0
    return data, report


def test_an_imported_probe_report_gives_one_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A probe report imported on this machine: the window, validate, estimate --project and the quote that bom
    writes all read its peaks (the CLI used the datasheet's while the window used the probe's, two answers for one
    build). The report is the stock H200's with its GEMMs 20 % slower, a board held under a lower power limit."""
    from app.probe.measured import peaks_for_build

    data, report = _import_slow_h200_report(tmp_path, gemm=0.8)
    sample = ROOT / "resources" / "samples" / "hgx-h200-8gpu.json"
    build = load_project(sample).builds[0]
    validated = _json(capsys, "--data-dir", str(data), "validate", str(sample))
    load = validated["builds"][0]["load"]  # type: ignore[index]
    estimated = _json(capsys, "--data-dir", str(data), "estimate", "--project", str(sample))
    datasheet = _json(capsys, "--data-dir", str(data), "estimate", "--project", str(sample), "--datasheet")
    assert estimated["ttft_p99_ms"] == pytest.approx(load["ttft_p99_ms"])
    assert estimated["ttft_p99_ms"] > 1.03 * datasheet["ttft_p99_ms"]  # type: ignore[operator]
    assert "probe-calibrated" in str(estimated["peaks"]) and "probe-calibrated" not in str(datasheet["peaks"])
    # how far the report moves this estimate: the two estimates above, side by side
    shift = estimated["probe_shift"]
    assert isinstance(shift, dict) and datasheet["probe_shift"] is None
    assert shift["ttft_ms"]["probe"] == pytest.approx(estimated["ttft_ms"])
    assert shift["ttft_ms"]["datasheet"] == pytest.approx(datasheet["ttft_ms"])
    assert shift["ttft_ms"]["change"] == pytest.approx(
        estimated["ttft_ms"] / datasheet["ttft_ms"] - 1)  # type: ignore[operator]
    assert shift["ttft_ms"]["change"] > 0.05 and abs(shift["tpot_ms"]["change"]) < shift["ttft_ms"]["change"]
    capsys.readouterr()
    assert cli(["--data-dir", str(data), "estimate", "--project", str(sample)]) == 0
    change = shift["ttft_ms"]["change"]
    text = capsys.readouterr().out
    assert f"the probe's peaks move this estimate against the datasheet's: TTFT +{change:.0%}" in text
    # the window's peaks for the build are the same report's
    cat = Catalog.open(data / "catalog.db")
    try:
        parts = cat.parts_by_id()
    finally:
        cat.close()
    window_peaks = peaks_for_build(build, parts, data)
    assert window_peaks is not None and window_peaks.tflops_by_precision["bf16"] == pytest.approx(
        report["calibration"][0]["measured"]["gemm_bf16_tflops"])
    fig = build_figures(build, parts, RuleEngine(parts), measured=window_peaks)
    assert fig.perf is not None and fig.perf.ttft_p99_ms == pytest.approx(load["ttft_p99_ms"])
    # the window's charts and the quote say how far the report moves the build's estimate, as the CLI does
    from app.compare.curves import performance_curves

    curves = performance_curves(build, parts, window_peaks)
    assert curves.probe_shift_text.startswith("the probe's peaks move this estimate against the datasheet's: TTFT +")
    assert f"TTFT +{change:.0%}" in curves.probe_shift_text
    pdf = tmp_path / "q.pdf"
    capsys.readouterr()
    assert cli(["--data-dir", str(data), "bom", str(sample), "--pdf", str(pdf)]) == 0
    quote = " ".join(_pdf_text(pdf.read_bytes()).split())
    assert "probe-calibrated" in quote and f"TTFT +{change:.0%}" in quote
    assert performance_curves(build, parts, None).probe_shift_text == ""  # datasheet peaks: nothing to say


def test_the_assistant_reads_an_imported_probe_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A report of the H200 imported: the builds the assistant proposes on it carry the figures validate and the
    window give them (it priced them on the datasheet's peaks, so a build it called within the targets could
    open in a tab that said otherwise)."""
    from app.probe.measured import peaks_by_gpu

    data, _ = _import_slow_h200_report(tmp_path, gemm=0.7)
    flags = ["--model", "meta-llama-3.1-70b", "--precision", "fp8", "--scenario", "rag", "--concurrency", "16",
             "--input-len", "4096", "--output-len", "256", "--gpu", "nvidia-h200-sxm-141gb", "--top", "1"]
    saved = tmp_path / "assistant.isproj"
    capsys.readouterr()
    assert cli(["--data-dir", str(data), "recommend", *flags, "--json", "--save-project", str(saved)]) == 0
    proposed = json.loads(capsys.readouterr().out)["results"][0]["perf"]
    validated = _json(capsys, "--data-dir", str(data), "validate", str(saved))
    load = validated["builds"][0]["load"]  # type: ignore[index]
    assert proposed["ttft_p99_ms"] == pytest.approx(load["ttft_p99_ms"])
    # and the report did change the figure: the assistant without it prices the same build on the datasheet
    cat = Catalog.open(data / "catalog.db")
    try:
        parts = cat.parts_by_id()
    finally:
        cat.close()
    assert set(peaks_by_gpu(parts, data)) == {"nvidia-h200-sxm-141gb"}
    datasheet = RuleEngine(parts).validate(load_project(saved).builds[0])
    assert datasheet.load is not None and datasheet.load["ttft_p99_ms"] < 0.97 * load["ttft_p99_ms"]


def test_failure_scenarios_read_the_probe_report_the_build_is_judged_on(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """With a slow H200 report imported the build misses its TTFT target; losing a PSU, a feed or going to 110 V
    changes the power, not the GPUs, so the miss must stay. The scenarios validated their variants on the
    datasheet's peaks and reported the miss as gone in all three."""
    data, _ = _import_slow_h200_report(tmp_path, gemm=0.5, bandwidth=0.7)
    sample = ROOT / "resources" / "samples" / "hgx-h200-8gpu.json"
    validated = _json(capsys, "--data-dir", str(data), "validate", str(sample))
    assert "perf.ttft-target" in {f["rule_id"] for f in validated["builds"][0]["findings"]}  # type: ignore[index]
    facility = _json(capsys, "--data-dir", str(data), "facility", str(sample), "--out", str(tmp_path / "out"))
    scenarios = facility["builds"][0]["scenarios"]  # type: ignore[index]
    assert {s["key"] for s in scenarios} >= {"psu-lost", "feed-lost", "low-line"}
    for s in scenarios:
        assert not any(r.startswith("perf.") for r in (*s["appeared"], *s["disappeared"])), s
