"""The CLI and the PDF in Chinese, read back; English output stays as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import app.cli.main
from app.core.i18n import current_translator, translate
from app.i18n import install_language
from app.paths import resources_dir
from app.project import save_project
from tests.export import pdftext
from tests.export.factory import PARTS, hgx_build, project

SAMPLE = resources_dir() / "samples" / "edge-l20.json"


@pytest.fixture
def test_parts() -> None:
    """The export tests' parts, as the user's own, in the per-test catalog."""
    from app.catalog.store import open_catalog

    catalog = open_catalog()
    for part in PARTS.values():
        catalog.add_user_part(part)
    catalog.close()


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = app.cli.main.main(list(argv))
    return code, capsys.readouterr().out


def test_validate_speaks_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "--lang", "zh_CN", "validate", str(SAMPLE))
    assert code == 0
    assert out.startswith("项目 'Office edge box, 1 x L20'")
    assert "个错误" in out and "摘要" in out and "每 GPU 32 个 CPU 核；超过 16 个对推理帮助不大" in out
    assert "办公室空调" in out  # the room's cooling type, translated
    _code, tw = _run(capsys, "--lang", "zh_TW", "validate", str(SAMPLE))
    assert tw.startswith("專案 'Office edge box, 1 x L20'") and "摘要" in tw
    _code, hk = _run(capsys, "--lang", "zh_HK", "validate", str(SAMPLE))
    assert hk.startswith("項目 'Office edge box, 1 x L20'")
    _code, en = _run(capsys, "validate", str(SAMPLE))
    assert en.startswith("Project 'Office edge box, 1 x L20'") and "  Summary" in en


def test_json_stays_english_unless_a_language_is_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    _code, out = _run(capsys, "validate", str(SAMPLE), "--json")
    finding = json.loads(out)["builds"][0]["findings"][0]
    assert finding["message"].endswith("rarely helps inference")
    _code, out = _run(capsys, "--lang", "zh_CN", "validate", str(SAMPLE), "--json")
    assert "对推理帮助不大" in json.loads(out)["builds"][0]["findings"][0]["message"]


def test_the_system_locale_picks_the_language(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "zh_HK.UTF-8")
    _code, out = _run(capsys, "catalog", "list", "--kind", "gpu", "--limit", "2")
    assert out.split()[:2] == ["ID", "類別"]
    assert out.rstrip().endswith("2 個零件")


def test_a_command_leaves_the_process_language_as_it_found_it(capsys: pytest.CaptureFixture[str]) -> None:
    before = current_translator()
    _run(capsys, "--lang", "zh_TW", "validate", str(SAMPLE))
    assert current_translator() == before
    assert translate("Rules", "No CPU placed") == "No CPU placed"


def test_errors_are_translated(capsys: pytest.CaptureFixture[str]) -> None:
    code = app.cli.main.main(["--lang", "zh_CN", "catalog", "list", "--kind", "toaster"])
    assert code == 2
    assert capsys.readouterr().err.startswith("错误：未知类别“toaster”")


@pytest.mark.usefixtures("test_parts")
@pytest.mark.parametrize(("lang", "expected"), [
    ("zh_CN", ("报价单及物料清单", "物料清单", "供电与散热", "验证结果", "假设与数据来源", "日期 2026年3月1日",
               "首字延迟（TTFT）", "第 1 页，共")),
    ("zh_TW", ("報價單及物料清單", "供電與散熱", "驗證結果", "假設與資料來源", "專案")),
    ("zh_HK", ("報價單及物料清單", "假設與數據來源", "項目")),
])
def test_a_chinese_pdf_reads_back_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str,
                                             expected: tuple[str, ...]) -> None:
    path = tmp_path / "project.json"
    no_psu = hgx_build("No PSU", placements=hgx_build().placements[1:])
    save_project(project(hgx_build(), no_psu, customer="上海 ACME 有限公司"), path)
    pdf = tmp_path / "quote.pdf"
    code, out = _run(capsys, "bom", str(path), "--pdf", str(pdf), "--lang", lang, "--date", "2026-03-01")
    assert code == 0
    text = pdftext.text(pdf.read_bytes())
    for words in expected:
        assert words in text, words
    assert "上海 ACME 有限公司" in text
    assert "Bill of materials" not in text and "Power and cooling" not in text
    # the findings come translated from the rules engine, severity and all
    install_language(lang)
    assert translate("Rules", "No PSU placed ({bays} bays)").format(bays=6) in text
    assert translate("BomExport", "Error") + " fit.psu" in text
    assert str(pdf) in out


@pytest.mark.usefixtures("test_parts")
def test_english_pdf_is_unchanged_by_the_catalogs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "project.json"
    save_project(project(hgx_build()), path)
    pdf = tmp_path / "quote.pdf"
    assert _run(capsys, "bom", str(path), "--pdf", str(pdf), "--lang", "en", "--date", "2026-03-01")[0] == 0
    text = pdftext.text(pdf.read_bytes())
    assert "Quotation and bill of materials" in text and "Date 2026-03-01" in text


def test_enum_values_show_as_labels_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    """Environment, scenario, rank key, engine and redundancy read as words, not raw values, in zh_CN."""
    flags = ["recommend", "--model", "qwen2.5-7b", "--precision", "int8", "--scenario", "chat", "--ttft-ms", "200",
             "--requests-per-day", "20000", "--input-len", "1024", "--output-len", "64", "--environment",
             "enterprise", "--budget", "700000", "--top", "1", "--rank", "power"]
    code, out = _run(capsys, "--lang", "zh_CN", *flags)
    assert code == 0
    header, ranked = out.splitlines()[:2]
    assert header.endswith("；聊天（TTFT <= 200 ms, TPOT <= 200 ms）；企业；预算 700,000 USD")
    assert "enterprise" not in header and "chat" not in header
    assert ranked.endswith("按 功耗 排序。")
    assert "推理引擎 vLLM；电源冗余 N+1；" in out and "n+1" not in out
    _code, en = _run(capsys, *flags)
    assert "; chat (TTFT <= 200 ms, TPOT <= 200 ms); enterprise;" in en and "Ranked by power." in en
    assert "engine vllm; PSU redundancy n+1;" in en


def test_estimate_names_engine_link_and_bound_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["estimate", "--gpu", "nvidia-h100-sxm5-80gb", "--count", "8", "--tp", "8", "--model",
             "meta-llama-3.1-70b", "--precision", "fp8", "--input-len", "1024", "--output-len", "512",
             "--engine", "sglang", "--concurrency", "16"]
    code, out = _run(capsys, "--lang", "zh_CN", *flags)
    assert code == 0
    # The link as the catalog names the GPU's fabric (a part's name, not translated), in either language.
    assert "，NVLink 4），" in out.splitlines()[0] and "，SGLang，" in out.splitlines()[0]
    assert "（解码受 显存带宽 限制）" in out and "memory-bound" not in out
    assert "假设：互联 NVLink 4, TP 8" in out and "nvlink" not in out
    _code, en = _run(capsys, *flags)
    assert "1 replica(s), NVLink 4)" in en and ", sglang, " in en and "(memory-bound decode)" in en


def test_sweep_table_and_units_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    """The sweep's headers and the estimate's units are translated; columns stay aligned under wide headers."""
    flags = ["estimate", "--gpu", "nvidia-h100-sxm5-80gb", "--count", "8", "--tp", "8", "--model",
             "meta-llama-3.1-70b", "--precision", "fp8", "--input-len", "1024", "--output-len", "512"]
    code, out = _run(capsys, "--lang", "zh_CN", *flags, "--concurrency", "1,8")
    assert code == 0
    header, first = out.splitlines()[:2]
    assert header.split()[:3] == ["并发", "TTFT", "毫秒"] and "每用户令牌/秒" in header and "conc" not in header
    assert len(first.split()) >= 6 and first.split()[0] == "1"
    _code, single = _run(capsys, "--lang", "zh_CN", *flags, "--concurrency", "16")
    assert "令牌/秒（+/- " in single and "tok/s (+/- " not in single
    _code, en = _run(capsys, *flags, "--concurrency", "1,8")
    assert en.splitlines()[0].startswith("  conc   TTFT ms  TPOT ms tok/s/user tok/s total    req/s")
