"""The BOM as CSV and XLSX: the same lines and totals as the PDF.

CSV: one table for all builds, UTF-8 with a byte-order mark (so spreadsheet programs read Chinese
right), plain numbers (1234.50: no grouping, a point for decimals) and the currency in its own
column. Unpriced lines leave the price cells empty and say "price on request".

XLSX: a "Quote" sheet (cover details and each build's total) and one sheet per build whose
amounts are formulas, so the sheet stays right when a quantity or price is edited:
extended = ROUND(qty x unit, 2), category subtotal = SUM(lines), subtotal = sum of category
subtotals, discount = -ROUND(subtotal x discount %, 2), tax = ROUND(net x tax %, 2), total =
net + tax: the same half-up rounding as app.export.bom (spreadsheet ROUND rounds halves away from
zero). Amounts carry a currency number format.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.worksheet import Worksheet

from app.export.atomic import write_file_atomically
from app.export.bom import HUNDRED, Bom
from app.export.labels import category_label, draft_note, fmt_decimal, price_on_request, reference_note, tr, trf
from app.export.quote import BuildSection, QuoteDocument

CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥", "JPY": "¥", "HKD": "HK$", "TWD": "NT$"}


def currency_format(currency: str) -> str:
    """Excel number format for amounts in ``currency``: "$"#,##0.00, or #,##0.00 "CHF" for others."""
    symbol = CURRENCY_SYMBOLS.get(currency)
    if symbol:
        return f'"{symbol}"#,##0.00;-"{symbol}"#,##0.00'
    return f'#,##0.00 "{currency}";-#,##0.00 "{currency}"'


def _plain(value: Decimal | None) -> str:
    return "" if value is None else f"{value:.2f}"


# ---------------------------------------------------------------------------------------------
# CSV
# ---------------------------------------------------------------------------------------------


def csv_header() -> list[str]:
    return [tr("Build"), tr("Category"), tr("Part number"), tr("Catalog ID"), tr("Description"), tr("Qty per node"),
            tr("Qty"), tr("Unit price"), tr("Extended"), tr("Currency"), tr("Note")]


def csv_rows(bom: Bom) -> list[list[str]]:
    rows: list[list[str]] = []
    cur = bom.currency
    for cat in bom.categories:
        label = category_label(cat.category)
        for line in bom.lines_in(cat.category):
            note = "" if line.priced else price_on_request(line)
            if line.reference is not None:
                note = reference_note(line)
            elif line.priced and line.list_price is not None and line.list_currency != cur:
                note = trf("from {currency} {amount}", currency=line.list_currency,
                                                             amount=_plain(line.list_price))
            rows.append([bom.build_name, label, line.sku, line.part_id, line.description, str(line.qty_per_node),
                         str(line.quantity), _plain(line.unit_price), _plain(line.extended), cur, note])
        note = trf("excludes {n} on request", n=cat.unpriced) if cat.unpriced else ""
        rows.append([bom.build_name, label, "", "", trf("Subtotal {category}", category=label), "", "", "",
                     _plain(cat.subtotal), cur, note])

    def total_row(text: str, amount: Decimal, note: str = "") -> None:
        rows.append([bom.build_name, "", "", "", text, "", "", "", _plain(amount), cur, note])

    total_row(tr("Subtotal"), bom.subtotal)
    if bom.discount_pct:
        total_row(trf("Discount {pct} %", pct=fmt_decimal(bom.discount_pct)), -bom.discount)
        total_row(tr("Net after discount"), bom.net)
    if bom.tax_pct:
        total_row(trf("{label} {pct} %", label=bom.tax_label or tr("Tax"), pct=fmt_decimal(bom.tax_pct)),
                  bom.tax)
    incomplete = "" if bom.complete else trf("excluding {n} item(s) priced on request", n=len(bom.unpriced))
    total_row(tr("Total"), bom.total, incomplete)
    return rows


_NUMBER = re.compile(r"-?\d+(\.\d+)?")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # OWASP, "CSV Injection"


def csv_safe(cell: str) -> str:
    """A text cell that a spreadsheet will show as text, never run as a formula (OWASP's CSV
    injection advice): one that starts with = + - @, a tab or a carriage return gets a leading
    apostrophe. Our own numbers (-1234.00, a discount) are left as numbers."""
    if cell.startswith(_FORMULA_START) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def render_csv(boms: Sequence[Bom]) -> bytes:
    buf = io.StringIO(newline="")
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow([csv_safe(c) for c in csv_header()])
    for bom in boms:
        writer.writerows([csv_safe(c) for c in row] for row in csv_rows(bom))
    return buf.getvalue().encode("utf-8-sig")


def write_csv(doc: QuoteDocument, path: str | os.PathLike[str]) -> None:
    write_file_atomically(Path(path), render_csv(doc.boms))


# ---------------------------------------------------------------------------------------------
# XLSX
# ---------------------------------------------------------------------------------------------

BOLD = Font(bold=True)
HEAD_FONT = Font(bold=True, color="FFFFFF")
HEAD_FILL = PatternFill("solid", fgColor="23466E")
CAT_FILL = PatternFill("solid", fgColor="E8EEF6")
TITLE_FONT = Font(bold=True, size=14)
_BAD_SHEET_CHARS = re.compile(r"[\[\]:*?/\\]")
# Columns of a build sheet.
COL_CATEGORY, COL_SKU, COL_DESC, COL_QTY_NODE, COL_QTY, COL_UNIT, COL_EXT, COL_NOTE = "ABCDEFGH"


def sheet_title(name: str, taken: set[str]) -> str:
    """A legal, unique sheet name: no []:*?/\\, at most 31 characters, not 'History'."""
    base = _BAD_SHEET_CHARS.sub("_", xml_safe(name)).strip("'").strip() or "Build"
    if base.lower() == "history":
        base += "_"
    base = base[:31]
    title, n = base, 2
    while title.lower() in {t.lower() for t in taken}:
        suffix = f" ({n})"
        title = base[: 31 - len(suffix)] + suffix
        n += 1
    taken.add(title)
    return title


def _quote_sheet_ref(title: str, cell: str) -> str:
    return "'" + title.replace("'", "''") + "'!" + cell


def _formula_text(text: str) -> str:
    return '"' + xml_safe(text).replace('"', '""') + '"'


def _cover_rows(doc: QuoteDocument) -> list[tuple[str, str]]:
    info = doc.info
    customer = info.customer + (f" ({info.contact})" if info.contact else "")
    valid = [(tr("Valid until"), info.valid_until.isoformat())] if info.valid_until is not None else []
    terms = [(label, text) for label, text in ((tr("Payment terms"), info.payment_terms),
                                               (tr("Delivery terms"), info.delivery_terms)) if text]
    return [
        (tr("Customer"), customer),
        (tr("Project"), info.project),
        (tr("Date"), info.quote_date.isoformat()),
        *valid,
        (tr("Prepared by"), info.prepared_by),
        (tr("Quote number"), info.quote_number),
        (tr("Currency"), info.currency),
        *terms,
        (tr("Configuration hash"), doc.short_hash),
    ]


def _draft_note(section: BuildSection) -> str:
    return draft_note(section.report.counts()["error"], section.report.summary.gpu_count) if section.draft else ""


def xml_safe(text: str) -> str:
    """Text an XLSX file can hold: XML 1.0 forbids most control characters (a vertical tab pasted
    into a customer name made the export fail); each becomes a space."""
    return str(ILLEGAL_CHARACTERS_RE.sub(" ", text))


def _text_cell(ws: Worksheet, ref: str, value: str, *, bold: bool = False) -> None:
    """User text as a string cell: never read as a formula, even when it starts with '='."""
    cell = ws[ref]
    cell.value = xml_safe(value)
    cell.data_type = "s"
    if bold:
        cell.font = BOLD


def _write_build_sheet(ws: Worksheet, bom: Bom, doc: QuoteDocument, draft: str = "") -> str:
    """Fill one build's sheet (``draft``: the note a draft build carries); returns the cell holding its total."""
    money_fmt = currency_format(bom.currency)
    ws["A1"] = tr("Bill of materials")
    ws["A1"].font = TITLE_FONT
    status = [(tr("Status"), draft)] if draft else []
    rows = [*_cover_rows(doc), (tr("Build"), bom.build_name), *status, (tr("Nodes"), "")]
    r = 2
    for key, value in rows:
        _text_cell(ws, f"A{r}", key, bold=True)
        _text_cell(ws, f"C{r}", value)
        r += 1
    nodes_ref = f"$C${r - 1}"
    ws[f"C{r - 1}"] = bom.node_count
    ws[f"C{r - 1}"].alignment = Alignment(horizontal="left")
    r += 1
    header_row = r
    headers = [tr("Category"), tr("Part number"), tr("Description"), tr("Qty per node"), tr("Qty"),
               trf("Unit price ({currency})", currency=bom.currency),
               trf("Extended ({currency})", currency=bom.currency), tr("Note")]
    for i, text in enumerate(headers):
        cell = ws.cell(row=r, column=i + 1, value=text)
        cell.font = HEAD_FONT
        cell.fill = HEAD_FILL
        cell.alignment = Alignment(horizontal="right" if 3 <= i <= 6 else "left", vertical="top", wrap_text=True)
    r += 1
    sub_cells: list[str] = []
    first_line = r
    for cat in bom.categories:
        label = category_label(cat.category)
        start = r
        for line in bom.lines_in(cat.category):
            _text_cell(ws, f"{COL_CATEGORY}{r}", label)
            _text_cell(ws, f"{COL_SKU}{r}", line.sku)
            _text_cell(ws, f"{COL_DESC}{r}", line.description)
            ws[f"{COL_QTY_NODE}{r}"] = line.qty_per_node
            ws[f"{COL_QTY}{r}"] = f"={COL_QTY_NODE}{r}*{nodes_ref}"
            unit, qty = f"{COL_UNIT}{r}", f"{COL_QTY}{r}"
            if line.unit_price is not None:
                ws[unit] = line.unit_price
            ws[unit].number_format = money_fmt
            ws[f"{COL_EXT}{r}"] = f'=IF({unit}="","",ROUND({qty}*{unit},2))'
            ws[f"{COL_EXT}{r}"].number_format = money_fmt
            note = f'=IF({unit}="",{_formula_text(price_on_request(line))},"")'
            if line.reference is not None:
                note = f"={_formula_text(reference_note(line))}"
            elif line.unit_price is not None and line.list_price is not None and line.list_currency != bom.currency:
                note = _formula_text(trf("from {currency} {amount}",
                    currency=line.list_currency, amount=_plain(line.list_price)))
                note = f"={note}"
            ws[f"{COL_NOTE}{r}"] = note
            r += 1
        end = r - 1
        _text_cell(ws, f"{COL_CATEGORY}{r}", label, bold=True)
        _text_cell(ws, f"{COL_DESC}{r}", trf("Subtotal {category}", category=label), bold=True)
        ws[f"{COL_EXT}{r}"] = f"=SUM({COL_EXT}{start}:{COL_EXT}{end})"
        ws[f"{COL_EXT}{r}"].number_format = money_fmt
        ws[f"{COL_EXT}{r}"].font = BOLD
        for col in "ABCDEFGH":
            ws[f"{col}{r}"].fill = CAT_FILL
        sub_cells.append(f"{COL_EXT}{r}")
        r += 1
    last_line = r - 1
    r += 1

    def total(label: str, formula: str, *, bold: bool = False, label_formula: str | None = None) -> str:
        nonlocal r
        if label_formula is not None:
            ws[f"{COL_DESC}{r}"] = label_formula
        else:
            _text_cell(ws, f"{COL_DESC}{r}", label)
        ws[f"{COL_DESC}{r}"].font = BOLD if bold else Font()
        ws[f"{COL_EXT}{r}"] = formula
        ws[f"{COL_EXT}{r}"].number_format = money_fmt
        if bold:
            ws[f"{COL_EXT}{r}"].font = BOLD
        ref = f"{COL_EXT}{r}"
        r += 1
        return ref

    subtotal = total(tr("Subtotal"), f"=SUM({','.join(sub_cells)})" if sub_cells else "=0")
    net = subtotal
    if bom.discount_pct:
        pct_ref = f"{COL_UNIT}{r}"
        ws[pct_ref] = bom.discount_pct / HUNDRED
        ws[pct_ref].number_format = "0.###%"
        discount = total(tr("Discount"), f"=-ROUND({subtotal}*{pct_ref},2)")
        net = total(tr("Net after discount"), f"={subtotal}+{discount}")
    taxed = net
    if bom.tax_pct:
        pct_ref = f"{COL_UNIT}{r}"
        ws[pct_ref] = bom.tax_pct / HUNDRED
        ws[pct_ref].number_format = "0.###%"
        tax = total(bom.tax_label or tr("Tax"), f"=ROUND({net}*{pct_ref},2)")
        taxed = f"{net}+{tax}"
    total_text = trf("Total ({currency})", currency=bom.currency)
    partial_text = trf("Total ({currency}), excluding items priced on request", currency=bom.currency)
    count = f'COUNTIF({COL_EXT}{first_line}:{COL_EXT}{last_line},"")'  # lines without an amount
    label_formula = f"=IF({count}>0,{_formula_text(partial_text)},{_formula_text(total_text)})"
    total_ref = total(total_text, f"={taxed}", bold=True, label_formula=label_formula)

    widths = {"A": 16, "B": 20, "C": 46, "D": 12, "E": 8, "F": 16, "G": 18, "H": 22}
    for col, w in widths.items():
        ws.column_dimensions[col].width = w
    ws.freeze_panes = f"A{header_row + 1}"
    ws.print_title_rows = f"{header_row}:{header_row}"
    _fit_page_width(ws)
    return total_ref


def _fit_page_width(ws: Worksheet) -> None:
    """Print landscape, all columns on one page width, as many pages down as needed."""
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def render_xlsx(doc: QuoteDocument) -> bytes:
    wb = Workbook()
    cover = wb.active
    assert cover is not None
    taken: set[str] = set()
    cover.title = sheet_title(tr("Quote"), taken)
    cover["A1"] = tr("Quotation and bill of materials")
    cover["A1"].font = TITLE_FONT
    r = 2
    for key, value in _cover_rows(doc):
        _text_cell(cover, f"A{r}", key, bold=True)
        _text_cell(cover, f"B{r}", value)
        r += 1
    r += 1
    for i, text in enumerate([tr("Build"), tr("Nodes"), trf("Total ({currency})", currency=doc.info.currency)]):
        cell = cover.cell(row=r, column=i + 1, value=text)
        cell.font = HEAD_FONT
        cell.fill = HEAD_FILL
    r += 1
    for section in doc.sections:
        title = sheet_title(section.build.name, taken)
        ws = wb.create_sheet(title)
        total_ref = _write_build_sheet(ws, section.bom, doc, _draft_note(section))
        _text_cell(cover, f"A{r}", section.build.name)
        cover[f"B{r}"] = section.build.node_count
        cover[f"C{r}"] = "=" + _quote_sheet_ref(title, total_ref)
        cover[f"C{r}"].number_format = currency_format(section.bom.currency)
        notes = [_draft_note(section)] if section.draft else []
        if not section.bom.complete:
            notes.append(trf("excluding {n} item(s) priced on request", n=len(section.bom.unpriced)))
        if notes:
            _text_cell(cover, f"D{r}", " ".join(notes))
        r += 1
    for col, w in {"A": 24, "B": 40, "C": 18, "D": 36}.items():
        cover.column_dimensions[col].width = w
    _fit_page_width(cover)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def write_xlsx(doc: QuoteDocument, path: str | os.PathLike[str]) -> None:
    write_file_atomically(Path(path), render_xlsx(doc))

