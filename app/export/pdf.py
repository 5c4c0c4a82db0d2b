"""The client-facing PDF: cover (app.export.pdf_cover), per build the BOM, power and cooling, findings
and performance, then assumptions and data sources. A4 or US Letter; page numbers and a footer on every page;
table headers repeat when a table runs onto the next page.

All fixed text goes through :func:`app.core.i18n.translate` (context ``BomExport``); all user text
goes through :func:`app.export.fonts.para`, which escapes it (it is data, never markup) and sets
CJK runs in the embedded CJK font.

Charts: pass ``charts={build name: PNG/JPEG/SVG bytes or a path}`` (the GUI's rendered chart);
a build without one gets :func:`app.export.charts.throughput_chart`, drawn from the perf sweep.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal, TypeAlias

from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    Image,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from app.catalog.reference_prices import default_rates
from app.core.labels import engine_label, redundancy_key_label
from app.export.atomic import write_file_atomically
from app.export.bom import Bom, BomLine
from app.export.charts import throughput_chart
from app.export.errors import ExportError
from app.export.fonts import CJK_FONT, LATIN_BOLD, LATIN_FONT, has_cjk, para, register_fonts, runs, string_width
from app.export.hashing import HASH_SCHEME
from app.export.labels import (
    category_label,
    client_source,
    component_label,
    cooling_label,
    draft_note,
    fmt_decimal,
    fmt_int,
    fmt_money,
    limit_label,
    price_on_request,
    reference_note,
    rounding_rule,
    severity_label,
    tr,
    trf,
)
from app.export.performance import PerfFigures
from app.export.quote import BuildSection, QuoteDocument
from app.i18n.formatting import format_number
from app.rules.findings import Severity
from app.rules.summary import Summary

Paper = Literal["a4", "letter"]
ChartImage = bytes | str | os.PathLike[str]
Cell: TypeAlias = "Flowable | str | list[Flowable]"  # what a platypus Table cell holds
PAPER_SIZES: dict[str, tuple[float, float]] = {"a4": A4, "letter": letter}

INK = colors.HexColor("#1a1a1a")
MUTED = colors.HexColor("#666666")
HEAD_BG = colors.HexColor("#23466e")
CAT_BG = colors.HexColor("#e8eef6")
RULE = colors.HexColor("#b8c4d2")
SEVERITY_COLOURS = {
    Severity.ERROR: colors.HexColor("#b03a2e"),
    Severity.WARNING: colors.HexColor("#b9770e"),
    Severity.INFO: colors.HexColor("#5d6d7e"),
}


# ---------------------------------------------------------------------------------------------
# Styles and small builders
# ---------------------------------------------------------------------------------------------


def _style(name: str, size: float, *, bold: bool = False, color: colors.Color = INK, align: int = TA_LEFT,
           leading: float | None = None, space_before: float = 0, space_after: float = 0) -> ParagraphStyle:
    return ParagraphStyle(
        name,
        fontName=LATIN_BOLD if bold else LATIN_FONT,
        fontSize=size,
        leading=leading or size * 1.28,
        textColor=color,
        alignment=align,
        spaceBefore=space_before,
        spaceAfter=space_after,
        splitLongWords=True,
    )


@dataclass(frozen=True)
class _Styles:
    body: ParagraphStyle
    small: ParagraphStyle
    muted: ParagraphStyle
    title: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    cell: ParagraphStyle
    cell_bold: ParagraphStyle
    cell_right: ParagraphStyle
    cell_right_bold: ParagraphStyle
    head: ParagraphStyle
    head_right: ParagraphStyle
    cell_small: ParagraphStyle
    cell_small_right: ParagraphStyle
    warn: ParagraphStyle
    bullet: ParagraphStyle


def _styles() -> _Styles:
    return _Styles(
        body=_style("body", 9),
        small=_style("small", 7.5),
        muted=_style("muted", 7.5, color=MUTED),
        title=_style("title", 22, bold=True, space_after=4, leading=27),
        h1=_style("h1", 15, bold=True, space_after=4, color=HEAD_BG),
        h2=_style("h2", 11, bold=True, space_before=10, space_after=4, color=HEAD_BG),
        cell=_style("cell", 8),
        cell_bold=_style("cell_bold", 8, bold=True),
        cell_right=_style("cell_right", 8, align=TA_RIGHT),
        cell_right_bold=_style("cell_right_bold", 8, bold=True, align=TA_RIGHT),
        head=_style("head", 8, bold=True, color=colors.white),
        head_right=_style("head_right", 8, bold=True, color=colors.white, align=TA_RIGHT),
        cell_small=_style("cell_small", 7, color=MUTED),
        cell_small_right=_style("cell_small_right", 6.5, color=MUTED, align=TA_RIGHT),
        warn=_style("warn", 8.5, color=SEVERITY_COLOURS[Severity.ERROR]),
        bullet=ParagraphStyle("bullet", parent=_style("bullet-base", 7.5), leftIndent=9, bulletIndent=1,
                              spaceAfter=1),
    )


_CJK_STYLES: dict[str, ParagraphStyle] = {}


NOTE_CHUNK_CHARS = 1500


def text_chunks(text: str, limit: int = NOTE_CHUNK_CHARS) -> list[str]:
    """Long free text as paragraphs of at most ``limit`` characters (split at lines, then at spaces):
    reportlab lays out one paragraph in time that grows faster than its length, and a 1,000,000-
    character note as one paragraph took minutes; as chunks it takes time in proportion."""
    chunks: list[str] = []
    for line in text.splitlines() or [text]:
        rest = line
        while len(rest) > limit:
            cut = rest.rfind(" ", 0, limit)
            cut = cut if cut > limit // 2 else limit
            chunks.append(rest[:cut])
            rest = rest[cut:].lstrip(" ")
        if rest.strip():
            chunks.append(rest)
    return chunks


def P(text: str, style: ParagraphStyle, *, markup: str | None = None,  # noqa: N802 - flowable factory
      bullet: bool = False) -> Paragraph:
    """A paragraph of plain text (escaped); ``markup`` adds trusted markup around the escaped text."""
    body = para(text)
    if markup:
        body = markup.format(body)
    if has_cjk(text):
        cjk = _CJK_STYLES.get(style.name)
        if cjk is None:
            cjk = ParagraphStyle(style.name + "-cjk", parent=style, wordWrap="CJK")
            _CJK_STYLES[style.name] = cjk
        style = cjk
    return Paragraph(body, style, bulletText="\u2022" if bullet else None)


def fmt_num(value: float, digits: int = 0) -> str:
    return format_number(value, digits)


def _sig(value: float) -> str:
    """Whole numbers from 100 up, one decimal from 10, two below: estimates are not more precise."""
    if value >= 100:
        return fmt_num(value)
    if value >= 10:
        return fmt_num(value, 1)
    return fmt_num(value, 2)


# ---------------------------------------------------------------------------------------------
# Page furniture: footer with page X of Y
# ---------------------------------------------------------------------------------------------


def _draw_runs(canvas: Canvas, x: float, y: float, text: str, size: float, *, bold: bool = False,
               anchor: str = "start", color: colors.Color = MUTED, max_width: float | None = None) -> None:
    latin = LATIN_BOLD if bold else LATIN_FONT
    if max_width is not None:
        text = _fit(text, size, latin, max_width)
    pieces = [(CJK_FONT if cjk else latin, chunk) for cjk, chunk in runs(text)]
    width = string_width(text, size, latin)
    if anchor == "end":
        x -= width
    elif anchor == "middle":
        x -= width / 2
    canvas.setFillColor(color)
    for font, chunk in pieces:
        canvas.setFont(font, size)
        canvas.drawString(x, y, chunk)
        x += stringWidth(chunk, font, size)


def _fit(text: str, size: float, latin: str, max_width: float) -> str:
    if string_width(text, size, latin) <= max_width:
        return text
    lo, hi = 0, len(text)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if string_width(text[:mid] + "…", size, latin) <= max_width:
            lo = mid
        else:
            hi = mid
    return text[:lo].rstrip() + "…"


def _canvas_class(doc: QuoteDocument, paper: tuple[float, float], margin: float) -> type[Canvas]:
    fixed = " · ".join(t for t in (
        trf("Quote {number}", number=doc.info.quote_number) if doc.info.quote_number else "",
        trf("Configuration {hash}", hash=doc.short_hash),
    ) if t)
    customer = doc.info.customer.replace("\n", " ")
    top_text = doc.info.project

    class NumberedCanvas(Canvas):  # type: ignore[misc]  # reportlab ships no type hints
        """Holds every page until the end so each footer can say 'page X of Y'."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 - reportlab's name
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for state in self._pages:
                self.__dict__.update(state)
                self._furniture(total)
                super().showPage()
            super().save()

        def _furniture(self, total: int) -> None:
            width, _height = paper
            page = self.getPageNumber()
            y = margin * 0.55
            self.setStrokeColor(RULE)
            self.setLineWidth(0.5)
            self.line(margin, y + 10, width - margin, y + 10)
            number = trf("Page {page} of {total}", page=page, total=total)
            _draw_runs(self, width - margin, y, number, 7.5, anchor="end")
            room = width - 2 * margin - string_width(number, 7.5, LATIN_FONT) - 12
            # The customer name gives way first: the quote number and hash always print.
            left = fixed
            if customer:
                spare = room - string_width(" · " + fixed, 7.5)
                left = (_fit(customer, 7.5, LATIN_FONT, spare) + " · " + fixed) if spare > 40 else fixed
            _draw_runs(self, margin, y, left, 7.5, max_width=room)
            if page > 1 and top_text:
                top = paper[1] - margin * 0.6
                _draw_runs(self, margin, top, top_text, 7.5, max_width=width - 2 * margin)
                self.line(margin, top - 4, width - margin, top - 4)

    return NumberedCanvas


# ---------------------------------------------------------------------------------------------
# Sections
# ---------------------------------------------------------------------------------------------


def _kv_table(rows: Sequence[tuple[str, Flowable | str]], width: float, st: _Styles,
              key_share: float = 0.32) -> Table:
    data = [[P(k, st.cell_bold), v if isinstance(v, Flowable) else P(v, st.cell)] for k, v in rows]
    t = Table(data, colWidths=[width * key_share, width * (1 - key_share)], hAlign="LEFT")
    t.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
    ]))
    return t


def _grid_style(extra: Sequence[tuple[Any, ...]] = ()) -> TableStyle:
    return TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        *extra,
    ])


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
            parts.append(P(trf("{part}: {price}, {kind}. {source}", part=ln.description, price=ref.describe(),
                               kind=kind, source=ref.source), st.cell_small))
    return KeepTogether(parts)


def _watts(value: str) -> str:
    return trf("{value} W", value=value)


def _kw(value: str) -> str:
    return trf("{value} kW", value=value)


def _ms(value: str) -> str:
    return trf("{value} ms", value=value)


def _power_rows(s: Summary) -> list[tuple[str, str]]:
    rows = [
        (tr("Power per node, maximum"),
         trf("{dc} at the PSUs, {ac} at the wall", dc=_watts(fmt_num(s.power_max_w)),
                                                        ac=_watts(fmt_num(s.power_max_wall_w)))),
        (tr("Power per node, typical"),
         trf("{dc} at the PSUs, {ac} at the wall", dc=_watts(fmt_num(s.power_typical_w)),
                                                        ac=_watts(fmt_num(s.power_typical_wall_w)))),
    ]
    if s.vendor_max_w is not None:  # the vendor's published maximum beside the sum above (issue #17)
        rows.append((tr("Vendor's maximum"), trf("{ac} at the wall ({source})", ac=_watts(fmt_num(s.vendor_max_w)),
                                                 source=s.vendor_max_source or "")))
    if s.node_count > 1:
        rows.append((trf("Power, all {n} nodes", n=s.node_count),
                     trf("{max} maximum, {typical} typical at the wall",
                         max=trf("{value} kW", value=fmt_num(s.power_max_wall_w * s.node_count / 1000, 1)),
                         typical=trf("{value} kW",
                             value=fmt_num(s.power_typical_wall_w * s.node_count / 1000, 1)))))
    if s.power_by_component_w:
        rows.append((tr("Maximum by component"), ", ".join(
            f"{component_label(k)} {_watts(fmt_num(v))}" for k, v in s.power_by_component_w.items())))
    if s.psu_count:
        rows.append((tr("Power supplies"), trf("{count} x {rating}, {mode} redundancy, usable {usable} at {volts} V",
            count=s.psu_count, rating=_watts(fmt_num(s.psu_rating_w)),
            mode=redundancy_key_label(s.psu_redundancy).upper(),
            usable=_watts(fmt_num(s.psu_usable_w)), volts=fmt_num(s.feed_voltage_v))))
    else:
        rows.append((tr("Power supplies"), tr("none placed")))
    rows.append((tr("Heat per node"), trf("{btu} BTU/h ({watts})",
        btu=fmt_num(s.heat_btu_h), watts=_watts(fmt_num(s.heat_w)))))
    if s.nodes_per_rack is not None:
        limits = ""
        if s.nodes_per_rack_limits:
            limits = ", ".join(f"{limit_label(k)} {v}" for k, v in s.nodes_per_rack_limits.items())
        binding = ", ".join(limit_label(b) for b in (s.binding_limit or []))
        rows.append((tr("Nodes per rack"), trf("{n} (limited by {binding}; limits: {limits})",
            n=s.nodes_per_rack, binding=binding or "-", limits=limits or "-")))
    else:
        rows.append((tr("Nodes per rack"), tr("none: one node exceeds the rack's power or cooling")))
    load = s.rack_heat_w if s.rack_heat_w is not None else 0.0
    rows.append((tr("Rack power vs budget"), trf("{load} per rack of {usable} usable ({budget} budget)",
        load=_kw(fmt_num(load / 1000, 1)), usable=_kw(fmt_num(s.rack_usable_w / 1000, 1)),
        budget=_kw(fmt_num(s.rack_budget_w / 1000, 1)))))
    if s.rack_heat_btu_h is not None:
        rows.append((tr("Heat per rack"), trf("{btu} BTU/h", btu=fmt_num(s.rack_heat_btu_h))))
    rows.append((tr("Cooling"), trf("{cooling}, up to {limit} per rack",
        cooling=cooling_label(s.cooling), limit=_kw(fmt_num(s.cooling_limit_w / 1000, 1)))))
    if s.racks_needed is not None:
        rows.append((trf("Racks for {n} node(s)", n=s.node_count), str(s.racks_needed)))
    return rows


def _findings(section: BuildSection, width: float, st: _Styles) -> list[Flowable]:
    findings = section.report.findings
    if not findings:
        return [P(tr("No findings: the build passes every rule."), st.body)]
    head = [P(tr("Severity"), st.head), P(tr("Rule"), st.head), P(tr("Finding"), st.head)]
    data: list[list[Cell]] = [head]
    for f in findings:
        color = SEVERITY_COLOURS[f.severity].hexval()[2:]
        sev = P(severity_label(f.severity), st.cell_bold, markup=f'<font color="#{color}">{{}}</font>')
        text = P(f.message, st.cell)
        cell: list[Flowable] = [text]
        if f.explanation:
            cell.append(P(f.explanation, st.cell_small))
        data.append([sev, P(f.rule_id, st.cell_small), cell])
    t = Table(data, colWidths=[width * 0.12, width * 0.2, width * 0.68], repeatRows=1, hAlign="LEFT")
    t.setStyle(_grid_style())
    return [t]


def _band(perf: PerfFigures, metric: str) -> str:
    return trf("+/- {pct} %", pct=round(perf.band(metric) * 100))


def cost_text(value: Decimal) -> str:
    """Cents from one unit up; four decimals below (a cost per million tokens is often a fraction)."""
    return format_number(value, 2 if value >= 1 else 4)





def _perf_rows(perf: PerfFigures, currency: str) -> list[tuple[str, str]]:
    # Means as measured benchmarks report them; the targets are P99s and sit beside the P99s.
    ttft = f"{_ms(_sig(perf.ttft_ms))} ({_band(perf, 'ttft_ms')})"
    ttft += "; " + trf("P99 {p99}", p99=_ms(_sig(perf.ttft_p99_ms)))
    if perf.ttft_target_ms is not None:
        ttft += "; " + trf("P99 target {target}", target=_ms(_sig(perf.ttft_target_ms)))
    tpot = f"{_ms(_sig(perf.tpot_ms))} ({_band(perf, 'tpot_ms')})"
    tpot += "; " + trf("P99 {p99}", p99=_ms(_sig(perf.tpot_p99_ms)))
    if perf.tpot_target_ms is not None:
        tpot += "; " + trf("P99 target {target}", target=_ms(_sig(perf.tpot_target_ms)))
    rows = [
        (tr("GPUs"), trf("{gpus} GPUs, one model copy (TP {tp} x PP {pp})", gpus=perf.gpu_count, tp=perf.tp,
                         pp=perf.pp) if perf.replicas == 1 else
         trf("{gpus} GPUs, {replicas} model copies (TP {tp} x PP {pp} each)", gpus=perf.gpu_count,
             replicas=perf.replicas, tp=perf.tp, pp=perf.pp)),
        (tr("Workload"), trf("{model}, {weights} weights, {kv} KV cache, {inp} in / {out} out tokens, {engine}",
            model=perf.model_name, weights=perf.weight_precision.upper(), kv=perf.kv_precision.upper(),
            inp=fmt_int(perf.input_tokens), out=fmt_int(perf.output_tokens), engine=engine_label(perf.engine))),
        (tr("Concurrent requests"), fmt_int(perf.concurrency)),
        (tr("Time to first token (TTFT)"), ttft),
        (tr("Time per output token (TPOT)"), tpot),
        (tr("Output tokens/s, whole build"), f"{_sig(perf.output_tps_total)} ({_band(perf, 'output_tps_total')})"),
        (tr("Output tokens/s per user"), f"{_sig(perf.output_tps_per_user)} ({_band(perf, 'output_tps_per_user')})"),
        (tr("Requests/s"), _sig(perf.requests_per_s)),
    ]
    if perf.meets_targets is not None:
        rows.append((tr("Meets the latency targets"), tr("yes") if perf.meets_targets else tr("no")))
    conc = trf("{kv} by KV-cache memory", kv=fmt_int(perf.max_concurrency_kv))
    if perf.scheduler_setting:
        conc += "; " + trf("{n} running at once ({setting}), the rest wait", n=fmt_int(perf.scheduler_limit),
                           setting=perf.scheduler_setting)
    if perf.max_concurrency_at_target is not None:
        conc += "; " + trf("{n} meeting the latency targets", n=fmt_int(perf.max_concurrency_at_target))
    rows.append((tr("Maximum concurrency"), conc))
    if perf.cost_per_mtok is not None:
        cost = f"{currency} {cost_text(perf.cost_per_mtok)} ({perf.cost_note})"
    else:
        cost = trf("n/a: {reason}", reason=perf.cost_note)
    rows.append((tr("Cost per million output tokens"), cost))
    source = tr("probe-calibrated") if perf.probe_calibrated else tr("datasheet peaks, calibrated efficiencies")
    rows.append((tr("Basis"), f"{source}: {perf.peaks_label}"))
    rows.append((tr("Confidence"), trf("bands are the 80th percentile of held-out errors against published "
                                       "measurements; throughput {band}", band=_band(perf, "output_tps_total"))))
    return rows


def _chart_flowable(source: ChartImage, max_w: float, max_h: float) -> Flowable:
    data, name = _read_chart(source)
    if _is_svg(data, name):
        return _svg_flowable(data, max_w, max_h)
    try:
        reader = ImageReader(io.BytesIO(data))
        iw, ih = reader.getSize()
    except Exception as exc:  # reportlab/PIL raise many types for unreadable images
        raise ExportError(f"chart image {name} is not a PNG, JPEG or SVG image ({exc})") from None
    scale = min(max_w / iw, max_h / ih)
    return Image(io.BytesIO(data), width=iw * scale, height=ih * scale, hAlign="LEFT")


def _read_chart(source: ChartImage) -> tuple[bytes, str]:
    if isinstance(source, bytes):
        return source, "(bytes)"
    path = Path(source)
    try:
        return path.read_bytes(), str(path)
    except OSError as exc:
        raise ExportError(f"cannot read chart image {path}: {exc.strerror or exc}") from None


def _is_svg(data: bytes, name: str) -> bool:
    if name.lower().endswith(".svg"):
        return True
    head = data[:4096].lstrip().lower()
    return head.startswith(b"<svg") or (head.startswith((b"<?xml", b"<!doctype svg")) and b"<svg" in head)


def _svg_flowable(data: bytes, max_w: float, max_h: float) -> Flowable:
    try:
        from svglib.svglib import svg2rlg  # noqa: PLC0415 - optional: only SVG charts need it
    except ImportError:
        raise ExportError("an SVG chart needs the svglib package; install it or pass a PNG") from None
    drawing = svg2rlg(io.BytesIO(data))
    if drawing is None or not drawing.width or not drawing.height:
        raise ExportError("the SVG chart could not be read")
    scale = min(max_w / drawing.width, max_h / drawing.height)
    drawing.scale(scale, scale)
    drawing.width *= scale
    drawing.height *= scale
    drawing.hAlign = "LEFT"
    return drawing


def _performance(section: BuildSection, width: float, st: _Styles, chart: Flowable | None) -> list[Flowable]:
    perf = section.perf
    if perf is None:
        return [P(trf("No performance estimate: {reason}.", reason=section.perf_note), st.body)]
    out: list[Flowable] = [_kv_table(_perf_rows(perf, section.bom.currency), width, st)]
    out.append(Spacer(1, 3 * mm))
    if chart is None:
        drawing: Drawing = throughput_chart(perf.sweep, band=perf.band("output_tps_total"),
                                            target_concurrency=perf.concurrency, width=width, height=width * 0.42)
        drawing.hAlign = "LEFT"
        chart = drawing
    out.append(KeepTogether([chart]))
    if perf.warnings:
        out.append(Spacer(1, 2 * mm))
        out.append(P(tr("Model warnings"), st.cell_bold))
        out += [P(w, st.bullet, bullet=True) for w in perf.warnings]
    return out


def _build_section(section: BuildSection, width: float, st: _Styles, chart: Flowable | None) -> list[Flowable]:
    b = section.build
    s = section.report.summary
    out: list[Flowable] = [P(b.name, st.h1)]
    facts = trf("{nodes} node(s); quantities and prices are for all nodes.", nodes=b.node_count)
    if s.gpu_count:
        facts += " " + trf("{gpus} GPU(s) per node.", gpus=s.gpu_count)
    out.append(P(facts, st.muted))
    if section.draft:
        out.append(P(draft_note(section.report.counts()["error"], s.gpu_count), st.warn))
    if b.notes:
        out.extend(P(chunk, st.small) for chunk in text_chunks(b.notes))
    out.append(P(tr("Bill of materials"), st.h2))
    out += _bom_table(section.bom, width, st)
    out.append(CondPageBreak(60 * mm))
    out.append(P(tr("Power and cooling"), st.h2))
    out.append(_kv_table([(k, v) for k, v in _power_rows(s)], width, st))
    out.append(CondPageBreak(30 * mm))
    out.append(P(tr("Validation findings"), st.h2))
    out += _findings(section, width, st)
    out.append(CondPageBreak(90 * mm))
    out.append(P(tr("Performance"), st.h2))
    out += _performance(section, width, st, chart)
    out.append(PageBreak())
    return out


def _assumptions(doc: QuoteDocument, width: float, st: _Styles) -> list[Flowable]:
    out: list[Flowable] = [P(tr("Assumptions and data sources"), st.h1)]
    out.append(P(tr("Prices"), st.h2))
    price_lines = [
        trf("All prices in {currency}, from the parts catalog (list prices or imported price lists).",
            currency=doc.pricing.currency),
        rounding_rule(),
        tr("Parts without a price are shown as 'price on request' and are never counted as zero; "
           "a total that leaves them out says so."),
    ]
    for code, rate in sorted(doc.pricing.exchange_rates.items()):
        price_lines.append(trf("Exchange rate: 1 {code} = {rate} {currency}",
            code=code, rate=fmt_decimal(rate), currency=doc.pricing.currency))
    # Reference prices the book gives in another currency convert at its dated rate unless one is given.
    used = {ln.reference.currency for s in doc.sections for ln in s.bom.reference_lines if ln.reference is not None}
    for code, book_rate in sorted(default_rates(doc.pricing.currency).items()):
        if code in used and code not in doc.pricing.exchange_rates:
            price_lines.append(trf("Reference prices in {code} converted at the price book's rate: 1 {code} = {rate} "
                                   "{currency} ({date}; {source})", code=code, rate=fmt_decimal(book_rate.rate),
                                   currency=doc.pricing.currency, date=book_rate.date, source=book_rate.source))
    out += [P(line, st.bullet, bullet=True) for line in price_lines]
    out.append(P(tr("Power, cooling and validation"), st.h2))
    power_lines = [
        tr("Maximum power is the sum of nameplate figures (GPU and CPU TDP, DIMMs, NICs, drives, chassis "
           "baseline); typical power is what the rules profile expects under inference load."),
        tr("Heat: BTU/h = W x 3.412. Nodes per rack are limited by the rack power budget, the rack units "
           "and the cooling ceiling; the binding limit is named."),
        tr("Findings come from the rules engine with the rule profile in use; each explanation shows the "
           "numbers used."),
    ]
    out += [P(line, st.bullet, bullet=True) for line in power_lines]
    out.append(P(tr("Performance"), st.h2))
    cost = doc.cost
    perf_lines = [
        tr("Estimates come from the calibrated performance model for the whole build (all nodes, all GPUs); "
           "a band is the 80th percentile of held-out errors against published measurements."),
    ]
    if cost.hourly_rate is not None:
        perf_lines.append(trf("Cost per million output tokens = hourly rate {rate} {currency} / (output tokens/s "
                              "x 3600) x 1,000,000.", rate=fmt_num(cost.hourly_rate, 2), currency=doc.pricing.currency))
    else:
        perf_lines.append(trf(
            "Cost per million output tokens = hourly cost / (output tokens/s x 3600) x 1,000,000; hourly cost = "
            "quote total / ({years} years x 8,760 h) + typical wall power x PUE {pue} x {price} {currency}/kWh.",
            years=f"{cost.amortisation_years:g}", pue=f"{cost.pue:g}", price=f"{cost.electricity_per_kwh:g}",
            currency=doc.pricing.currency))
    if cost.utilisation < 1:
        perf_lines.append(trf("Utilisation: the build serves at this load {pct} % of the hours.",
                              pct=f"{cost.utilisation * 100:g}"))
    out += [P(line, st.bullet, bullet=True) for line in perf_lines]
    per_build = [(s.build.name, s.perf.assumptions) for s in doc.sections if s.perf is not None]
    if per_build and all(a == per_build[0][1] for _, a in per_build):
        out.append(P(tr("Model assumptions (all builds)"), st.cell_bold))
        out += [P(a, st.bullet, bullet=True) for a in per_build[0][1]]
    else:
        for name, assumptions in per_build:
            out.append(P(trf("Model assumptions: {build}", build=name), st.cell_bold))
            out += [P(a, st.bullet, bullet=True) for a in assumptions]
    out.append(P(tr("Configuration hash"), st.h2))
    out.append(P(trf("SHA-256 of the canonical JSON of the builds, every catalog part they use (all fields, "
                     "prices included) and the pricing terms ({scheme}):", scheme=HASH_SCHEME), st.small))
    out.append(P(doc.digest, st.small, markup='<font name="Courier">{}</font>'))
    out.append(P(tr("Data sources"), st.h2))
    head = [P(tr("Part"), st.head), P(tr("Source"), st.head), P(tr("Checked"), st.head)]
    data: list[list[Cell]] = [head]
    for src in doc.sources:  # for the client: publications, no catalog ids or working notes
        data.append([P(src.name, st.cell_small), P(client_source(src.source), st.cell_small),
                     P(src.confidence, st.cell_small)])
    t = Table(data, colWidths=[width * 0.3, width * 0.62, width * 0.08], repeatRows=1, hAlign="LEFT")
    t.setStyle(_grid_style())
    out.append(t)
    out.append(Spacer(1, 2 * mm))
    out.append(P(tr("Checked: V verified against a datasheet, K known (catalog author, to verify), "
                    "D derived from other figures, U entered by the user."), st.muted))
    return out


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------


def render_pdf(doc: QuoteDocument, *, paper: Paper = "a4",
               charts: Mapping[str, ChartImage] | None = None) -> bytes:
    """The PDF as bytes. ``charts`` maps build names to a chart image to embed instead of the drawn one."""
    if paper not in PAPER_SIZES:
        raise ExportError(f"paper must be one of {', '.join(PAPER_SIZES)}, got {paper!r}")
    register_fonts()
    size = PAPER_SIZES[paper]
    margin = 18 * mm
    width = size[0] - 2 * margin
    st = _styles()
    names = {s.build.name for s in doc.sections}
    unknown = sorted(set(charts or {}) - names)
    if unknown:
        raise ExportError("charts given for builds not in the export: " + ", ".join(repr(n) for n in unknown))
    images = {name: _chart_flowable(src, width, width * 0.6) for name, src in (charts or {}).items()}

    from app.export.pdf_cover import cover_page  # noqa: PLC0415 - it builds on this module's helpers

    story: list[Flowable] = cover_page(doc, width, st)
    for s in doc.sections:
        story += _build_section(s, width, st, images.get(s.build.name))
    story += _assumptions(doc, width, st)

    buf = io.BytesIO()
    title = trf("Quotation {number}", number=doc.info.quote_number) if doc.info.quote_number \
        else tr("Quotation")
    template = BaseDocTemplate(
        buf,
        pagesize=size,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin,
        title=f"{title} - {doc.info.project}" if doc.info.project else title,
        author=doc.info.prepared_by,
        subject=doc.info.customer,
        creator="Inference Sizer",
        lang=doc.language.replace("_", "-"),
    )
    frame = Frame(margin, margin, width, size[1] - 2 * margin, id="body", leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0)
    template.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    canvasmaker: Callable[..., Canvas] = _canvas_class(doc, size, margin)
    template.build(story, canvasmaker=canvasmaker)
    return buf.getvalue()


def write_pdf(doc: QuoteDocument, path: str | os.PathLike[str], *, paper: Paper = "a4",
              charts: Mapping[str, ChartImage] | None = None) -> None:
    """Render and write atomically: on any failure the target is left as it was."""
    write_file_atomically(Path(path), render_pdf(doc, paper=paper, charts=charts))
