"""The PDF's cover page: who, what, when, by whom; the quote's terms; the builds in the quote.

Laid out with the styles and builders of app.export.pdf_style; app.export.pdf puts it first.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer, Table

from app.export.labels import fmt_date, fmt_decimal, fmt_int, fmt_money, tr, trf
from app.export.pdf_style import Cell, P, _grid_style, _kv_table, _Styles, text_chunks
from app.export.quote import BuildSection, QuoteDocument


def _who_rows(doc: QuoteDocument) -> list[tuple[str, Flowable | str]]:
    info = doc.info
    customer = info.customer + (f"\n{info.contact}" if info.contact else "")
    rows: list[tuple[str, Flowable | str]] = [(tr("Customer"), customer or "-")]
    for label, value in ((tr("E-mail"), info.email), (tr("Phone"), info.phone), (tr("Address"), info.address)):
        if value:
            rows.append((label, value))
    rows += [
        (tr("Project"), info.project or "-"),
        (tr("Date"), fmt_date(info.quote_date)),
    ]
    if info.valid_until is not None:
        rows.append((tr("Valid until"), trf("{date} ({days} days from the quote date)",
                                            date=fmt_date(info.valid_until), days=info.valid_days)))
    rows += [
        (tr("Prepared by"), info.prepared_by or "-"),
        (tr("Quote number"), info.quote_number or "-"),
        (tr("Currency"), info.currency),
        (tr("Configuration hash"), doc.short_hash),
    ]
    if doc.catalog_version:
        rows.append((tr("Catalog version"), doc.catalog_version))
    return rows


def _terms_rows(doc: QuoteDocument) -> list[tuple[str, Flowable | str]]:
    """Discount, tax, payment and delivery: only those the quote has."""
    pricing, info = doc.pricing, doc.info
    rows: list[tuple[str, Flowable | str]] = []
    if pricing.discount_pct:
        rows.append((tr("Discount"), trf("{pct} % of the subtotal", pct=fmt_decimal(pricing.discount_pct))))
    if pricing.tax_pct:
        rows.append((pricing.tax_label or tr("Tax"),
                     trf("{pct} % of the amount after discount", pct=fmt_decimal(pricing.tax_pct))))
    if info.payment_terms:
        rows.append((tr("Payment terms"), info.payment_terms))
    if info.delivery_terms:
        rows.append((tr("Delivery terms"), info.delivery_terms))
    return rows


def _status(section: BuildSection) -> str:
    counts = section.report.counts()
    status = trf("{errors} errors, {warnings} warnings", errors=counts["error"], warnings=counts["warning"])
    if not section.draft:
        return status
    if section.report.summary.gpu_count == 0:
        return trf("Draft, no GPUs: {status}", status=status)
    return trf("Draft: {status}", status=status)


def cover_page(doc: QuoteDocument, width: float, st: _Styles) -> list[Flowable]:
    info = doc.info
    out: list[Flowable] = [Spacer(1, 18 * mm), P(tr("Quotation and bill of materials"), st.title)]
    if info.project:
        out.append(P(info.project, st.h1))
    out.append(Spacer(1, 8 * mm))
    out.append(_kv_table(_who_rows(doc), width * 0.8, st))
    terms = _terms_rows(doc)
    if terms:
        out.append(P(tr("Terms"), st.h2))
        out.append(_kv_table(terms, width * 0.8, st))
    out.append(Spacer(1, 8 * mm))
    out.append(P(tr("Builds in this quote"), st.h2))
    head = [P(tr("Build"), st.head), P(tr("Nodes"), st.head_right), P(tr("GPUs per node"), st.head_right),
            P(trf("Total ({currency})", currency=info.currency), st.head_right), P(tr("Status"), st.head)]
    data: list[list[Cell]] = [head]
    for s in doc.sections:
        total = fmt_money(s.bom.total)
        if not s.bom.complete:
            total += " *"
        data.append([P(s.build.name, st.cell), P(fmt_int(s.build.node_count), st.cell_right),
                     P(fmt_int(s.report.summary.gpu_count), st.cell_right), P(total, st.cell_right),
                     P(_status(s), st.warn if s.draft else st.cell)])
    t = Table(data, colWidths=[width * f for f in (0.36, 0.1, 0.14, 0.18, 0.22)], repeatRows=1, hAlign="LEFT")
    t.setStyle(_grid_style())
    out.append(t)
    if any(not s.bom.complete for s in doc.sections):
        out.append(Spacer(1, 2 * mm))
        out.append(P(tr("* Some items are priced on request; they are not included in the total."), st.muted))
    if any(s.draft for s in doc.sections):
        out.append(Spacer(1, 2 * mm))
        out.append(P(tr("A draft is not ready to order (no GPUs, or errors in validation); it is in this quote "
                        "because it was chosen."), st.muted))
    if info.notes:
        out.append(P(tr("Notes"), st.h2))
        out.extend(P(chunk, st.body) for chunk in text_chunks(info.notes))
    out.append(PageBreak())
    return out
