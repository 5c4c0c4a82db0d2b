"""`python -m app bom`: end to end through app.cli.main with the user's catalog."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

import app.cli.main
from app.catalog.store import open_catalog
from app.core.build import Placement
from app.core.i18n import install_translator
from app.project import save_project
from tests.export import pdftext
from tests.export.factory import PARTS, hgx_build, project


@pytest.fixture(autouse=True)
def _bom_command(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    assert "app.cli.bom_cmd" in app.cli.main.COMMAND_MODULES
    catalog = open_catalog()  # the per-test data dir (tests/conftest.py)
    for part in PARTS.values():
        catalog.add_user_part(part)
    catalog.close()
    yield
    install_translator(None)


def _project(tmp_path: Path, *builds: object, **kw: object) -> Path:
    path = tmp_path / "project.json"
    save_project(project(*builds, **kw), path)  # type: ignore[arg-type]
    return path


def test_exports_pdf_csv_xlsx_with_json_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    proj = _project(tmp_path, hgx_build(), hgx_build("Spare", node_count=2), customer="上海 ACME 有限公司")
    out = tmp_path / "out"
    out.mkdir()
    code = app.cli.main.main(["bom", str(proj), "--pdf", str(out / "q.pdf"), "--csv", str(out / "q.csv"),
                         "--xlsx", str(out / "q.xlsx"), "--lang", "zh_CN", "--paper", "letter", "--build", "Spare",
                         "--discount", "10", "--tax", "13", "--tax-label", "增值税", "--date", "2026-03-01",
                         "--json"])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert result["format"] == "inference-sizer-bom-export"
    assert sorted(p.name for p in out.iterdir()) == ["q.csv", "q.pdf", "q.xlsx"]
    [build] = result["builds"]
    assert build["build"] == "Spare" and build["node_count"] == 2 and not build["complete"]
    assert build["unpriced"] == ["u2-3840"]
    total = Decimal(build["total"])
    assert total == Decimal(build["subtotal"]) - Decimal(build["discount"]) + Decimal(build["tax"])
    data = (out / "q.pdf").read_bytes()
    assert pdftext.page_size(data) == pytest.approx((612, 792))
    text = pdftext.text(data)
    assert f"{total:,.2f}" in text
    assert "增值税 13 %" in text
    assert "日期 2026年3月1日" in text  # --lang zh_CN: the document is in Chinese (issue 11)
    assert "上海ACME有限公司" in "".join(text.split())
    assert result["short_hash"] in text and result["config_hash"].startswith(result["short_hash"])
    assert "增值税" in (out / "q.csv").read_bytes().decode("utf-8-sig")


def test_human_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    proj = _project(tmp_path, hgx_build())
    assert app.cli.main.main(["bom", str(proj), "--csv", str(tmp_path / "q.csv")]) == 0
    out = capsys.readouterr().out
    assert "HGX H100: total USD 307,349.00 (excluding 1 item(s) priced on request)" in out
    assert f"wrote CSV {tmp_path / 'q.csv'}" in out


def test_unknown_part_id_is_a_clear_error_and_writes_nothing(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    ghost = hgx_build(placements=(*hgx_build().placements, Placement(part_id="ghost-gpu", slots=("pcie9",))))
    proj = _project(tmp_path, ghost)
    out = tmp_path / "out"
    out.mkdir()
    (out / "q.xlsx").write_bytes(b"last week's quote")
    code = app.cli.main.main(["bom", str(proj), "--pdf", str(out / "q.pdf"), "--csv", str(out / "q.csv"),
                         "--xlsx", str(out / "q.xlsx")])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "unknown part id 'ghost-gpu'" in err and "HGX H100" in err
    assert err.count("\n") == 1
    assert sorted(p.name for p in out.iterdir()) == ["q.xlsx"]
    assert (out / "q.xlsx").read_bytes() == b"last week's quote"


@pytest.mark.parametrize(("extra", "message"), [
    (["--build", "Nope"], "no build named 'Nope'"),
    (["--discount", "abc"], "--discount must be a number"),
    (["--discount", "120"], "discount must be between 0 and 100"),
    (["--date", "1/2/2026"], "--date must be YYYY-MM-DD"),
    (["--rate", "EUR"], "--rate must look like NAME=VALUE"),
    (["--chart", "HGX H100=missing.png"], "cannot read chart image"),
    (["--lang", "../../etc"], "--lang must look like"),
    (["--pue", "0.5"], "pue >= 1"),
])
def test_bad_input_exits_2_without_output(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          extra: list[str], message: str) -> None:
    proj = _project(tmp_path, hgx_build())
    code = app.cli.main.main(["bom", str(proj), "--pdf", str(tmp_path / "q.pdf"), *extra])
    assert code == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "q.pdf").exists()


def test_needs_an_output_and_distinct_paths(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    proj = _project(tmp_path, hgx_build())
    assert app.cli.main.main(["bom", str(proj)]) == 2
    assert "give --pdf, --csv and/or --xlsx" in capsys.readouterr().err
    assert app.cli.main.main(["bom", str(proj), "--pdf", str(tmp_path / "a"), "--csv", str(tmp_path / "a")]) == 2
    assert "different files" in capsys.readouterr().err


def test_unreadable_project(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert app.cli.main.main(["bom", str(bad), "--pdf", str(tmp_path / "q.pdf")]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert not (tmp_path / "q.pdf").exists()


def test_output_folder_missing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    proj = _project(tmp_path, hgx_build())
    target = tmp_path / "nowhere" / "q.pdf"
    assert app.cli.main.main(["bom", str(proj), "--pdf", str(target)]) == 2
    assert "does not exist" in capsys.readouterr().err
