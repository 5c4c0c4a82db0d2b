"""The headless catalog CLI: human and stable JSON output, errors as one clear line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.catalog.migrations import latest_schema_version
from app.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalog", "list", "--kind", "gpu", "--filter", "vram_gib>=140", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["count"] == len(data["parts"]) > 0
    assert all(p["kind"] == "gpu" and p["vram_gib"] >= 140 for p in data["parts"])
    assert {"id", "vendor", "name", "source", "origin", "price", "currency"} <= set(data["parts"][0])


def test_list_human_search_and_sort(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalog", "list", "--kind", "gpu", "--search", "h100", "--sort", "tdp_w", "--desc")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].split()[:2] == ["ID", "KIND"]
    assert lines[-1].endswith("part(s)")
    assert all("h100" in line.lower() for line in lines[1:-1])


def test_show(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "catalog", "list", "--kind", "llm", "--search", "deepseek", "--json")
    part_id = json.loads(out)["parts"][0]["id"]
    code, out, _ = run(capsys, "catalog", "show", part_id, "--json")
    assert code == 0
    assert json.loads(out)["id"] == part_id
    code, out, _ = run(capsys, "catalog", "show", part_id)
    assert code == 0 and "source" in out


def test_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "catalog", "show", "no-such-part")
    assert code == 2 and "no part with ID 'no-such-part'" in err
    code, _, err = run(capsys, "catalog", "list", "--kind", "toaster")
    assert code == 2 and "unknown kind" in err
    code, _, err = run(capsys, "catalog", "list", "--filter", "vram_gib=>1")
    assert code == 2 and "vram_gib>=80" in err


def test_info(capsys: pytest.CaptureFixture[str], _isolated_data_dir: Path) -> None:
    code, out, _ = run(capsys, "catalog", "info", "--json")
    info = json.loads(out)
    assert code == 0 and info["schema_version"] == latest_schema_version() and info["counts"]["gpu"] >= 30
    assert Path(info["database"]).parent == _isolated_data_dir


def test_import_prices_dry_run_then_apply(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out, _ = run(capsys, "catalog", "list", "--kind", "gpu", "--limit", "1", "--json")
    gpu = json.loads(out)["parts"][0]["id"]
    f = tmp_path / "prices.csv"
    f.write_text(f"SKU,Price,Currency\n{gpu},1234.5,EUR\nNOT-IN-CATALOG,1,USD\n", encoding="utf-8")
    code, out, _ = run(capsys, "catalog", "import-prices", str(f), "--dry-run", "--json")
    report = json.loads(out)
    assert code == 0 and report["dry_run"] and report["applied"] == 0
    assert report["changes"][0]["new_price"] == "1234.50" and len(report["unmatched"]) == 1
    _, out, _ = run(capsys, "catalog", "show", gpu, "--json")
    assert json.loads(out)["price"] != "1234.50"
    code, out, _ = run(capsys, "catalog", "import-prices", str(f))
    assert code == 0 and "Imported 1 price(s)." in out
    _, out, _ = run(capsys, "catalog", "show", gpu, "--json")
    assert json.loads(out)["price"] == "1234.50" and json.loads(out)["currency"] == "EUR"


def test_import_prices_rejects_bad_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "bad.csv"
    f.write_text("SKU,Price\nnvidia-l40s,-3\n", encoding="utf-8")
    code, out, _ = run(capsys, "catalog", "import-prices", str(f))
    assert code == 1 and "rejected row 2" in out and "Nothing was imported" in out
