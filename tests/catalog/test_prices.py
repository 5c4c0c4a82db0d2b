"""Price-list import: good, bad and mixed lists; nothing is written unless the whole list is sound."""

from __future__ import annotations

import csv
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from app.catalog.prices import PriceListError, apply_plan, parse_price, plan_import
from app.catalog.store import Catalog


@pytest.fixture
def catalog(tmp_path: Path, sources: Path) -> Catalog:
    return Catalog.open(tmp_path / "c.db", sources)


def _csv(path: Path, rows: list[list[str]], delimiter: str = ",") -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh, delimiter=delimiter).writerows(rows)
    return path


def _prices(catalog: Catalog) -> dict[str, tuple[Decimal | None, str]]:
    return {p.id: (p.price, p.currency) for p in catalog.parts_by_id().values()}


def test_good_csv(tmp_path: Path, catalog: Catalog) -> None:
    f = _csv(tmp_path / "list.csv", [
        ["Part Number", "Description", "Unit Price", "Currency"],
        ["935-24287-0000-000", "H100 SXM5", "28,500.00", "USD"],
        ["900-2G133-0080-000", "L40S", "7450", "usd"],
        ["PWS-3K", "PSU", "¥4,200", ""],
        ["UNKNOWN-1", "something else", "10", "USD"],
    ])
    plan = plan_import(catalog, f)
    assert plan.ok
    assert plan.mapping.sku == "Part Number" and plan.mapping.price == "Unit Price"
    assert {c.part_id: (c.new_price, c.currency) for c in plan.changes} == {
        "nvidia-h100-sxm5-80gb": (Decimal("28500.00"), "USD"),
        "nvidia-l40s": (Decimal("7450.00"), "USD"),
        "generic-psu-3000w-titanium": (Decimal("4200.00"), "CNY"),
    }
    assert [r.sku for r in plan.unmatched] == ["UNKNOWN-1"]
    assert apply_plan(catalog, plan) == 3
    assert catalog.get("nvidia-h100-sxm5-80gb").price == Decimal("28500.00")  # type: ignore[union-attr]
    assert catalog.price_overrides()["nvidia-l40s"].source == "price list list.csv, row 3"
    # importing the same list again changes nothing
    again = plan_import(catalog, f)
    assert not again.changes and len(again.unchanged) == 3


def test_good_xlsx_with_mapping(tmp_path: Path, catalog: Catalog) -> None:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Q4"
    ws.append(["Artikel", "Bezeichnung", "Netto"])
    ws.append(["nvidia-l40s", "L40S", 7100.5])
    ws.append(["PWS-3K", "PSU", 612])
    f = tmp_path / "list.xlsx"
    wb.save(f)
    plan = plan_import(catalog, f, mapping_overrides={"sku": "Artikel", "price": "Netto"}, default_currency="EUR",
                       sheet="Q4")
    assert plan.ok
    assert {c.part_id: c.new_price for c in plan.changes} == {
        "nvidia-l40s": Decimal("7100.50"), "generic-psu-3000w-titanium": Decimal("612.00")}
    assert all(c.currency == "EUR" for c in plan.changes)


def test_mixed_list_writes_nothing(tmp_path: Path, catalog: Catalog) -> None:
    before = _prices(catalog)
    f = _csv(tmp_path / "mixed.csv", [
        ["SKU", "Price", "Currency"],
        ["935-24287-0000-000", "28000", "USD"],
        ["900-2G133-0080-000", "-5", "USD"],
        ["PWS-3K", "abc", "USD"],
        ["nvidia-l40s", "1e99", "USD"],
        ["ddr5-rdimm-64gb-4800", "300", "dollars"],
        ["", "12", "USD"],
        ["935-24287-0000-000", "29000", "USD"],
    ])
    plan = plan_import(catalog, f)
    assert not plan.ok
    reasons = {r.row: r.reason for r in plan.rejected}
    assert "not positive" in reasons[3]
    assert "not a price" in reasons[4]
    assert "not a price" in reasons[5] or "absurd" in reasons[5]
    assert "three-letter" in reasons[6]
    assert reasons[7] == "no SKU"
    assert "priced twice" in reasons[8]
    with pytest.raises(PriceListError, match="nothing was imported"):
        apply_plan(catalog, plan)
    assert _prices(catalog) == before


@pytest.mark.parametrize(("content", "message"), [
    (b"", "empty"),
    (b"foo,bar\n1,2\n", "cannot find the sku and price"),
    (b"\x00\x01\x02binary", "binary"),
])
def test_malformed_files(tmp_path: Path, catalog: Catalog, content: bytes, message: str) -> None:
    f = tmp_path / "bad.csv"
    f.write_bytes(content)
    with pytest.raises(PriceListError, match=message):
        plan_import(catalog, f)


def test_not_an_xlsx(tmp_path: Path, catalog: Catalog) -> None:
    f = tmp_path / "fake.xlsx"
    f.write_text("SKU,Price\n")
    with pytest.raises(PriceListError, match="not a readable XLSX"):
        plan_import(catalog, f)


def test_unsupported_and_missing(tmp_path: Path, catalog: Catalog) -> None:
    with pytest.raises(PriceListError, match="unsupported"):
        plan_import(catalog, _csv(tmp_path / "x.pdf", [["a"]]))
    with pytest.raises(PriceListError, match="no such file"):
        plan_import(catalog, tmp_path / "none.csv")


def test_semicolon_and_gb18030(tmp_path: Path, catalog: Catalog) -> None:
    f = tmp_path / "cn.csv"
    f.write_bytes("料号;描述;单价;币种\nnvidia-l40s;显卡;52000,00;CNY\n".encode("gb18030"))
    plan = plan_import(catalog, f)
    assert plan.ok
    assert plan.changes[0].new_price == Decimal("52000.00") and plan.changes[0].currency == "CNY"


@pytest.mark.parametrize(("text", "value", "currency"), [
    ("1,234.50", "1234.50", None), ("$1,234.50", "1234.50", "USD"), ("1.234,50", "1234.50", None),
    ("12 345", "12345", None), ("HK$88", "88", "HKD"), ("0,5", "0.5", None),
])
def test_parse_price(text: str, value: str, currency: str | None) -> None:
    assert parse_price(text) == (Decimal(value), currency)


cell = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.lists(st.one_of(cell, st.sampled_from(["nvidia-l40s", "PWS-3K", "12.50", "USD", "-1"])),
                              min_size=0, max_size=4), max_size=8))
def test_fuzzed_rows_never_crash_or_half_import(tmp_path: Path, catalog: Catalog, rows: list[list[str]]) -> None:
    before = _prices(catalog)
    f = _csv(tmp_path / "fuzz.csv", [["SKU", "Price", "Currency", "Note"], *rows])
    try:
        plan = plan_import(catalog, f)
    except PriceListError:
        assert _prices(catalog) == before
        return
    if plan.ok:
        apply_plan(catalog, plan)
        after = _prices(catalog)
        for c in plan.changes:
            assert after[c.part_id] == (c.new_price, c.currency)
    else:
        with pytest.raises(PriceListError):
            apply_plan(catalog, plan)
        assert _prices(catalog) == before
    catalog.set_price_overrides([])  # no-op transaction is fine
    for part_id in list(catalog.price_overrides()):
        catalog.clear_price_override(part_id)
