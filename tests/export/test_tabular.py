"""CSV and XLSX: the same lines and totals as the BOM; XLSX amounts are live formulas."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import load_workbook

from app.export.bom import Bom
from app.export.labels import category_label
from app.export.quote import ExportOptions, QuoteDocument, prepare_quote
from app.export.tabular import currency_format, render_csv, render_xlsx, sheet_title, write_csv, write_xlsx
from tests.export.factory import PARTS, hgx_build, priced_parts, project
from tests.export.xlsx_eval import Evaluator

OPTIONS = ExportOptions(discount_pct=Decimal("7.5"), tax_pct=Decimal(13), tax_label="VAT")


def quote(**kw: object) -> QuoteDocument:
    parts = kw.pop("parts", PARTS)
    proj = project(hgx_build(), hgx_build("Two / nodes: [B]", node_count=2), **kw)  # type: ignore[arg-type]
    return prepare_quote(proj, parts, OPTIONS)  # type: ignore[arg-type]


def _csv(doc: QuoteDocument) -> list[list[str]]:
    data = render_csv(doc.boms)
    assert data.startswith(b"\xef\xbb\xbf")  # BOM so spreadsheet programs read UTF-8
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_csv_has_every_line_and_total() -> None:
    doc = quote()
    rows = _csv(doc)
    assert rows[0] == ["Build", "Category", "Part number", "Catalog ID", "Description", "Qty per node", "Qty",
                       "Unit price", "Extended", "Currency", "Note"]
    for bom in doc.boms:
        mine = [r for r in rows[1:] if r[0] == bom.build_name]
        lines = [r for r in mine if r[2]]
        assert len(lines) == len(bom.lines)
        for row, line in zip(lines, bom.lines, strict=True):
            assert row[2:7] == [line.sku, line.part_id, line.description, str(line.qty_per_node), str(line.quantity)]
            if line.priced:
                assert Decimal(row[7]) == line.unit_price and Decimal(row[8]) == line.extended
            else:
                assert row[7:9] == ["", ""] and row[10] == "price on request"
        totals = {r[4]: r for r in mine if not r[1]}
        assert Decimal(totals["Subtotal"][8]) == bom.subtotal
        assert Decimal(totals["Discount 7.5 %"][8]) == -bom.discount
        assert Decimal(totals["Net after discount"][8]) == bom.net
        assert Decimal(totals["VAT 13 %"][8]) == bom.tax
        assert Decimal(totals["Total"][8]) == bom.total
        assert totals["Total"][10] == "excluding 1 item(s) priced on request"
        # the printed figures add up
        line_sum = sum(Decimal(r[8]) for r in lines if r[8])
        assert line_sum == bom.subtotal


def test_csv_keeps_chinese_and_markup_verbatim(tmp_path: Path) -> None:
    doc = prepare_quote(project(hgx_build("<b>推理 & Co</b>")), PARTS, OPTIONS)
    path = tmp_path / "bom.csv"
    write_csv(doc, path)
    rows = list(csv.reader(io.StringIO(path.read_bytes().decode("utf-8-sig"))))
    assert rows[1][0] == "<b>推理 & Co</b>"


def _sheet_values(doc: QuoteDocument) -> tuple[Evaluator, list[str]]:
    wb = load_workbook(io.BytesIO(render_xlsx(doc)))
    return Evaluator(wb), wb.sheetnames


def _find(ev: Evaluator, sheet: str, column: str, text: str) -> int:
    ws = ev.wb[sheet]
    for row in range(1, ws.max_row + 1):
        if ev.cell(sheet, f"{column}{row}") == text:
            return row
    raise AssertionError(f"{text!r} not in column {column} of {sheet}")


def _check_build_sheet(ev: Evaluator, sheet: str, bom: Bom) -> None:
    ws = ev.wb[sheet]
    header = _find(ev, sheet, "B", "Part number")
    nodes = _find(ev, sheet, "A", "Nodes")
    assert ev.cell(sheet, f"C{nodes}") == bom.node_count
    line_rows = {}
    for row in range(header + 1, ws.max_row + 1):
        sku = ws[f"B{row}"].value
        if sku:
            line_rows[sku] = row
    assert set(line_rows) == {line.sku for line in bom.lines}
    for line in bom.lines:
        r = line_rows[line.sku]
        assert ws[f"E{r}"].value == f"=D{r}*$C${nodes}"  # qty = qty per node x nodes
        assert ws[f"G{r}"].value == f'=IF(F{r}="","",ROUND(E{r}*F{r},2))'
        assert ev.cell(sheet, f"E{r}") == line.quantity
        if line.priced:
            assert ev.cell(sheet, f"F{r}") == line.unit_price
            assert ev.cell(sheet, f"G{r}") == line.extended
            assert ev.cell(sheet, f"H{r}") == ""
        else:
            assert ev.cell(sheet, f"G{r}") == ""
            assert ev.cell(sheet, f"H{r}") == "price on request"
        assert "#,##0.00" in ws[f"G{r}"].number_format and "$" in ws[f"G{r}"].number_format
    for cat in bom.categories:
        r = _find(ev, sheet, "C", f"Subtotal {category_label(cat.category)}")
        assert str(ws[f"G{r}"].value).startswith("=SUM(G")
        assert ev.cell(sheet, f"G{r}") == cat.subtotal
    sub = _find(ev, sheet, "C", "Subtotal")
    assert str(ws[f"G{sub}"].value).startswith("=SUM(")
    assert ev.cell(sheet, f"G{sub}") == bom.subtotal
    disc = _find(ev, sheet, "C", "Discount")
    assert ws[f"G{disc}"].value == f"=-ROUND(G{sub}*F{disc},2)"
    assert ev.cell(sheet, f"G{disc}") == -bom.discount
    assert ev.cell(sheet, f"G{disc + 1}") == bom.net
    tax = _find(ev, sheet, "C", "VAT")
    assert ev.cell(sheet, f"G{tax}") == bom.tax
    total = _find(ev, sheet, "C", "Total (USD), excluding items priced on request")
    assert str(ws[f"G{total}"].value).startswith("=")
    assert ev.cell(sheet, f"G{total}") == bom.total


def test_xlsx_totals_are_formulas_that_compute_the_bom_totals() -> None:
    doc = quote()
    ev, names = _sheet_values(doc)
    assert names == ["Quote", "HGX H100", "Two _ nodes_ _B_"]
    for sheet, bom in zip(names[1:], doc.boms, strict=True):
        _check_build_sheet(ev, sheet, bom)
    # the cover sheet's totals point at the build sheets
    first = _find(ev, "Quote", "A", "Build") + 1
    for row, bom in ((first, doc.boms[0]), (first + 1, doc.boms[1])):
        assert ev.wb["Quote"][f"A{row}"].value == bom.build_name
        assert str(ev.wb["Quote"][f"C{row}"].value).startswith("='")
        assert ev.cell("Quote", f"C{row}") == bom.total


def test_xlsx_stays_right_when_a_price_is_filled_in() -> None:
    doc = quote()
    ev, _names = _sheet_values(doc)
    ws = ev.wb["HGX H100"]
    r = next(row for row in range(1, ws.max_row + 1) if "U.2 3.84 TB" in str(ws[f"C{row}"].value or ""))
    ws[f"F{r}"] = 1049.95  # the user types the missing price
    ev.cache.clear()
    priced = prepare_quote(project(hgx_build()), priced_parts(), OPTIONS).boms[0]
    assert ev.cell("HGX H100", f"G{r}") == Decimal("2099.90")
    total = _find(ev, "HGX H100", "C", "Total (USD)")  # the label formula drops the exclusion note
    assert ev.cell("HGX H100", f"G{total}") == priced.total
    assert ev.cell("HGX H100", f"H{r}") == ""


def test_xlsx_user_text_is_never_a_formula(tmp_path: Path) -> None:
    doc = prepare_quote(project(hgx_build("=1+1"), customer="=HYPERLINK(\"http://x\")"), PARTS, OPTIONS)
    path = tmp_path / "q.xlsx"
    write_xlsx(doc, path)
    wb = load_workbook(path)
    assert wb["Quote"]["B2"].value == '=HYPERLINK("http://x") (Li Wei)'
    assert wb["Quote"]["B2"].data_type == "s"
    assert wb["=1+1"]["C9"].value == "=1+1" and wb["=1+1"]["C9"].data_type == "s"


def test_sheet_titles_are_legal_and_unique() -> None:
    taken: set[str] = set()
    assert sheet_title("a/b:c*d?e[f]g\\h", taken) == "a_b_c_d_e_f_g_h"
    long = "x" * 40
    assert sheet_title(long, taken) == "x" * 31
    assert sheet_title(long, taken) == "x" * 27 + " (2)"
    assert sheet_title("History", taken) == "History_"


@pytest.mark.parametrize(("currency", "expected"), [
    ("USD", '"$"#,##0.00;-"$"#,##0.00'),
    ("CNY", '"¥"#,##0.00;-"¥"#,##0.00'),
    ("CHF", '#,##0.00 "CHF";-#,##0.00 "CHF"'),
])
def test_currency_formats(currency: str, expected: str) -> None:
    assert currency_format(currency) == expected
