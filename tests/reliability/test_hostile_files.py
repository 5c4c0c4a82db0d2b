"""Hostile or broken input files: every one a one-line error (exit 2) or a clean result, never a
traceback, a hang or unbounded reading; and the exports stay safe with hostile text in them."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

import pytest

from app.catalog.prices import MAX_FILE_BYTES, PriceListError, plan_import, read_table
from app.catalog.store import Catalog
from app.export.quote import prepare_quote
from app.export.tabular import csv_safe, render_csv, render_xlsx
from app.probe.report import ProbeReportError, load_report
from app.project import ProjectFileError, load_project
from app.project.io import MAX_FILE_BYTES as PROJECT_MAX
from tests.reliability.conftest import numeric_cell_holding, patch_sheet, write, xlsx_bytes

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "resources" / "samples" / "hgx-h100-8gpu.json"


def _cli(*args: str, data_dir: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", "--data-dir", str(data_dir), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, check=False)


def _one_line_error(proc: subprocess.CompletedProcess[str], *words: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, proc.stderr
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


# ---- special files: never block, never read without end ---------------------------------------
@pytest.mark.skipif(not Path("/dev/zero").exists() or not hasattr(os, "mkfifo"), reason="POSIX special files")
@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "folder"])
def test_special_files_are_refused_at_once(tmp_path: Path, kind: str) -> None:
    if kind == "dev-zero":
        target = Path("/dev/zero")
    elif kind == "fifo":
        target = tmp_path / "pipe.json"
        os.mkfifo(target)  # nobody writes: reading would block for ever
    else:
        target = tmp_path / "folder.json"
        target.mkdir()
    t0 = time.monotonic()
    with pytest.raises(ProjectFileError, match="not a regular file"):
        load_project(target)
    with pytest.raises(ProbeReportError, match="not a regular file"):
        load_report(target)
    if kind == "fifo":
        price = tmp_path / "pipe.csv"
        os.mkfifo(price)
    elif kind == "folder":
        price = tmp_path / "folder.csv"
        price.mkdir()
    else:
        price = tmp_path / "zero.csv"
        price.symlink_to("/dev/zero")
    with pytest.raises(PriceListError, match="not a regular file"):
        read_table(price)
    assert time.monotonic() - t0 < 5


def test_oversized_files_are_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.csv"
    with big.open("wb") as fh:
        fh.truncate(MAX_FILE_BYTES + 1)  # sparse: the size alone must refuse it
    with pytest.raises(PriceListError, match="over the limit"):
        read_table(big)
    proj = tmp_path / "big.isproj"
    with proj.open("wb") as fh:
        fh.truncate(PROJECT_MAX + 1)
    with pytest.raises(ProjectFileError, match="too large"):
        load_project(proj)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX special files")
def test_cli_gives_one_line_for_special_and_broken_files(tmp_path: Path) -> None:
    data = tmp_path / "data"
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    _one_line_error(_cli("validate", str(fifo), data_dir=data), "not a regular file")
    _one_line_error(_cli("probe-import", str(fifo), data_dir=data), "not a regular file")
    zero = tmp_path / "z.csv"
    zero.symlink_to("/dev/zero")
    _one_line_error(_cli("catalog", "import-prices", str(zero), data_dir=data), "not a regular file")


# ---- price lists ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["abc", "inf", "1e999", "1.5e", "-", "NaN", "0x10", ""])
def test_xlsx_numeric_cell_holding_junk(tmp_path: Path, bundled: Catalog, text: str) -> None:
    data = numeric_cell_holding(xlsx_bytes([["SKU", "Price"], ["nvidia-l40s", 7999.5]]), text)
    f = write(tmp_path / "p.xlsx", data)
    try:
        plan = plan_import(bundled, f)
    except PriceListError as exc:
        assert "p.xlsx" in str(exc) and "\n" not in str(exc)
    else:  # read as text or as a special float: that row is rejected, nothing crashes
        assert not plan.changes or plan.changes[0].new_price > 0


@pytest.mark.parametrize("damage", ["broken-xml", "corrupt-zip", "xxe", "billion-laughs", "not-a-zip", "empty"])
def test_hostile_xlsx_is_a_clean_error(tmp_path: Path, bundled: Catalog, damage: str) -> None:
    base = xlsx_bytes([["SKU", "Price"], ["nvidia-l40s", 7999.5]])
    if damage == "broken-xml":
        data = patch_sheet(base, lambda xml: xml.replace("</sheetData>", "<row r=\"3\"><c r=\"A3\"></sheetData>"))
    elif damage == "corrupt-zip":
        data = base[:200] + b"\x00" * 300 + base[500:]
    elif damage == "xxe":
        data = patch_sheet(base, lambda xml: xml.replace(
            "<worksheet", '<!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]><worksheet', 1).replace(
            "<t>SKU</t>", "<t>&x;</t>"))
    elif damage == "billion-laughs":
        ents = '<!ENTITY a "aaaaaaaaaa">' + "".join(
            f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
        data = patch_sheet(base, lambda xml: xml.replace("<worksheet", f"<!DOCTYPE w [{ents}]><worksheet", 1)
                           .replace("<t>SKU</t>", "<t>&i;</t>"))
    elif damage == "not-a-zip":
        data = b"SKU,Price\nnvidia-l40s,1\n"
    else:
        data = b""
    f = write(tmp_path / "p.xlsx", data)
    t0 = time.monotonic()
    with pytest.raises(PriceListError) as info:
        plan_import(bundled, f)
    assert "p.xlsx" in str(info.value) and "\n" not in str(info.value) and len(str(info.value)) < 400
    assert "root:" not in str(info.value)  # no file contents leak through an entity
    assert time.monotonic() - t0 < 10


def test_a_fraction_of_a_cent_is_kept(tmp_path: Path, bundled: Catalog) -> None:
    f = write(tmp_path / "p.csv", b"SKU,Price,Currency\nnvidia-l40s,0.004,USD\nnvidia-h100-sxm5-80gb,1234.5,USD\n"
                                  b"nvidia-h200-sxm-141gb,1.1234567,USD\n")
    plan = plan_import(bundled, f)
    prices = {c.part_id: c.new_price for c in plan.changes}
    assert prices["nvidia-l40s"] == Decimal("0.004")  # was stored as 0.00
    assert prices["nvidia-h100-sxm5-80gb"] == Decimal("1234.50")
    assert [r.reason for r in plan.rejected] == ["price 1.1234567 has more than 6 decimals"]


def test_error_messages_do_not_echo_huge_values(tmp_path: Path, bundled: Catalog) -> None:
    huge = "X" * 69_000
    f = write(tmp_path / "p.csv", f"SKU,Price,Currency\n{huge},{huge},{huge}\nnvidia-l40s,1,{huge}\n".encode())
    plan = plan_import(bundled, f)
    text = json.dumps(plan.to_json()) if hasattr(plan, "to_json") else repr(plan.rejected)
    assert len(text) < 2_000, len(text)
    for r in plan.rejected:
        assert len(r.sku) <= 80 and len(r.reason) <= 240


# ---- exports with hostile text --------------------------------------------------------------------
def _hostile_quote(bundled: Catalog, text: str):  # type: ignore[no-untyped-def]
    project = load_project(SAMPLE)
    builds = tuple(b.model_copy(update={"name": text[:60] or "B"}) for b in project.builds)
    project = project.model_copy(update={
        "builds": builds, "notes": text,
        "customer": project.customer.model_copy(update={"company": text[:200], "contact": text[:200]})})
    return prepare_quote(project, bundled.parts_by_id())


@pytest.mark.parametrize("text", ["Acme\vCorp\x0b", "A\x00B\x1fC\x7f", "=HYPERLINK(\"http://x\",\"Click\")",
                                  "+1+2", "-2+3", "@SUM(A1)", "\tTab", "\rCR", "正常的名字"])
def test_exports_survive_hostile_text(bundled: Catalog, text: str) -> None:
    doc = _hostile_quote(bundled, text)
    render_xlsx(doc)  # a vertical tab in the customer name made this raise
    rows = list(csv.reader(io.StringIO(render_csv(doc.boms).decode("utf-8-sig"))))
    for row in rows[1:]:
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r")) or cell.startswith("'")
            if cell.startswith("-"):
                assert cell[1:].replace(".", "").isdigit() or cell.startswith("'")


def test_csv_safe_keeps_numbers_and_neutralises_formulas() -> None:
    assert csv_safe("-1234.50") == "-1234.50" and csv_safe("12") == "12"
    assert csv_safe('=HYPERLINK("http://evil","Click")') == '\'=HYPERLINK("http://evil","Click")'
    assert csv_safe("-2+3") == "'-2+3" and csv_safe("@x") == "'@x" and csv_safe("plain") == "plain"


def test_bom_cli_exports_with_a_vertical_tab_in_the_customer(tmp_path: Path) -> None:
    project = json.loads(SAMPLE.read_text(encoding="utf-8"))
    project.setdefault("customer", {})["company"] = "Acme\vCorp"
    project["builds"][0]["name"] = '=HYPERLINK("http://example.invalid","Click")'
    src = tmp_path / "p.json"
    src.write_text(json.dumps(project), encoding="utf-8")
    proc = _cli("bom", str(src), "--pdf", str(tmp_path / "q.pdf"), "--xlsx", str(tmp_path / "q.xlsx"),
                "--csv", str(tmp_path / "q.csv"), data_dir=tmp_path / "data", timeout=120)
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "q.csv").read_text(encoding="utf-8-sig")
    assert "'=HYPERLINK" in text and ',=HYPERLINK' not in text


def test_project_and_probe_errors_do_not_echo_huge_values() -> None:
    from app.probe.report import parse_report
    from app.project import parse_project
    from tests.probe.sample import sample_report

    sample = json.loads(SAMPLE.read_text(encoding="utf-8"))
    for key, value in (("X" * 69_000, 1), ("version", "X" * 69_000), ("currency", "X" * 69_000)):
        doc = {**sample, key: value}
        with pytest.raises(ProjectFileError) as info:
            parse_project(json.dumps(doc), "p.json")
        assert len(str(info.value)) < 700, len(str(info.value))
    report = json.loads(sample_report().to_json())
    with pytest.raises(ProbeReportError) as probe_info:
        parse_report(json.dumps({**report, "Y" * 69_000: 1}))
    assert len(str(probe_info.value)) < 2_000
