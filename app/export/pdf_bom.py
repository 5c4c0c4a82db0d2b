"""The bill of materials: one table by category with subtotals, then the totals (discount, tax) and
the notes on items priced on request or at reference prices."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from app.export.bom import Bom, BomLine
from app.export.labels import (
    category_label,
    fmt_decimal,
    fmt_int,
    fmt_money,
    price_on_request,
    reference_note,
    region_label,
    tr,
    trf,
)
from app.export.pdf_style import CAT_BG, INK, RULE, Cell, P, _grid_style, _Styles


def _unit_cell(line: BomLine, bom: Bom, st: _Styles) -> Flowable | list[Flowable]:
    assert line.unit_price is not None
    text = P(fmt_money(line.unit_price), st.cell_right)
    if line.reference is not None:
        return [text, P(reference_note(line), st.cell_small_right)]
    if line.list_price is not None and line.list_currency != bom.currency:
        note = trf("from {currency} {amount}", currency=line.list_currency, amount=fmt_money(line.list_price))
        return [text, P(note, st.cell_small_right)]
    return text


def _bom_table(bom: Bom, width: float, st: _Styles) -> list[Flowable]:
    cur = bom.currency
    cols = [0.21, 0.34, 0.09, 0.07, 0.145, 0.145]
    head = [
        P(tr("Part number"), st.head), P(tr("Description"), st.head), P(tr("Qty/node"), st.head_right),
        P(tr("Qty"), st.head_right), P(trf("Unit price ({currency})", currency=cur), st.head_right),
        P(trf("Extended ({currency})", currency=cur), st.head_right),
    ]
    data: list[list[Cell]] = [head]
    extra: list[tuple[Any, ...]] = []
    for cat in bom.categories:
        r = len(data)
        data.append([P(category_label(cat.category), st.cell_bold), "", "", "", "", ""])
        extra += [("SPAN", (0, r), (-1, r)), ("BACKGROUND", (0, r), (-1, r), CAT_BG)]
        for line in bom.lines_in(cat.category):
            r = len(data)
            row: list[Cell] = [
                P(line.sku, st.cell), P(line.description, st.cell),
                P(fmt_int(line.qty_per_node), st.cell_right), P(fmt_int(line.quantity), st.cell_right),
            ]
            if line.unit_price is not None and line.extended is not None:
                row += [_unit_cell(line, bom, st), P(fmt_money(line.extended), st.cell_right)]
            else:
                row += [P(price_on_request(line), st.cell_right, markup="<i>{}</i>"), ""]
                extra.append(("SPAN", (4, r), (5, r)))
            data.append(row)
        r = len(data)
        label = trf("Subtotal {category}", category=category_label(cat.category))
        if cat.unpriced:
            label += " " + trf("(excludes {n} on request)", n=cat.unpriced)
        data.append([P(label, st.cell_right_bold), "", "", "", "", P(fmt_money(cat.subtotal), st.cell_right_bold)])
        extra += [("SPAN", (0, r), (4, r)), ("LINEABOVE", (0, r), (-1, r), 0.6, RULE)]
    t = Table(data, colWidths=[width * c for c in cols], repeatRows=1, hAlign="LEFT")
    t.setStyle(_grid_style(extra))
    return [t, Spacer(1, 2 * mm), _totals_table(bom, width, st)]


def _totals_table(bom: Bom, width: float, st: _Styles) -> Flowable:
    cur = bom.currency
    rows: list[tuple[str, str, bool]] = [(tr("Subtotal"), fmt_money(bom.subtotal), False)]
    if bom.discount_pct:
        rows.append((trf("Discount {pct} %", pct=fmt_decimal(bom.discount_pct)), fmt_money(-bom.discount), False))
        rows.append((tr("Net after discount"), fmt_money(bom.net), False))
    if bom.tax_pct:
        label = bom.tax_label or tr("Tax")
        rows.append((trf("{label} {pct} %", label=label, pct=fmt_decimal(bom.tax_pct)),
                     fmt_money(bom.tax), False))
    total_label = trf("Total ({currency})", currency=cur)
    if not bom.complete:
        total_label = trf("Total ({currency}), excluding items priced on request", currency=cur)
    rows.append((total_label, fmt_money(bom.total), True))
    data = [[P(k, st.cell_right_bold if bold else st.cell_right), P(v, st.cell_right_bold if bold else st.cell_right)]
            for k, v, bold in rows]
    t = Table(data, colWidths=[width * 0.74, width * 0.26], hAlign="RIGHT")
    t.setStyle(TableStyle([
        ("LINEABOVE", (0, -1), (-1, -1), 0.9, INK),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]))
    parts: list[Flowable] = [t]
    if not bom.complete:
        skus = ", ".join(line.description for line in bom.unpriced)
        n = len(bom.unpriced)
        parts.append(Spacer(1, 1.5 * mm))
        parts.append(P(trf("Incomplete total: {n} item(s) priced on request are not included: {skus}",
            n=n, skus=skus), st.warn))
    if bom.reference_lines:
        parts.append(Spacer(1, 1.5 * mm))
        parts.append(P(trf("Estimate, not a quotation: {n} item(s) at reference prices ({skus}); ask for a dated "
                           "vendor quote before ordering. Where each reference price comes from:",
                           n=len(bom.reference_lines), skus=", ".join(ln.description for ln in bom.reference_lines)),
                       st.warn))
        for ln in bom.reference_lines:
            ref = ln.reference
            assert ref is not None
            kind = {"published": tr("published price"), "range": tr("midpoint of a published range"),
                    "estimate": tr("estimate from a related part")}.get(ref.confidence, ref.confidence)
            parts.append(P(trf("{part}: {price}, {kind}. {source}", part=ln.description,
                               price=ref.describe(region_label), kind=kind, source=ref.citations()), st.cell_small))
    return KeepTogether(parts)
