"""The client-facing PDF: cover (app.export.pdf_cover), per build the BOM (pdf_bom), power and cooling
(pdf_power), findings (pdf_findings) and performance (pdf_performance), then assumptions and data
sources (pdf_assumptions); styles and small builders in pdf_style, the page footer in pdf_page.
A4 or US Letter; page numbers and a footer on every page; table headers repeat when a table runs onto
the next page.

All fixed text goes through :func:`app.core.i18n.translate` (context ``BomExport``); all user text
goes through :func:`app.export.fonts.para`, which escapes it (it is data, never markup) and sets
CJK runs in the embedded CJK font.

Charts: pass ``charts={build name: PNG/JPEG/SVG bytes or a path}`` (the GUI's rendered chart);
a build without one gets :func:`app.export.charts.throughput_chart`, drawn from the perf sweep.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Literal

from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, CondPageBreak, Flowable, Frame, PageBreak, PageTemplate

from app.export.atomic import write_file_atomically
from app.export.errors import ExportError
from app.export.fonts import register_fonts
from app.export.labels import draft_note, tr, trf
from app.export.pdf_assumptions import _assumptions
from app.export.pdf_bom import _bom_table
from app.export.pdf_cover import cover_page
from app.export.pdf_facility import facility_section
from app.export.pdf_findings import _findings
from app.export.pdf_page import _canvas_class
from app.export.pdf_performance import ChartImage, _chart_flowable, _performance, cost_text
from app.export.pdf_power import _power_rows
from app.export.pdf_style import (
    CAT_BG,
    HEAD_BG,
    INK,
    MUTED,
    NOTE_CHUNK_CHARS,
    RULE,
    SEVERITY_COLOURS,
    Cell,
    P,
    _kv_table,
    _Styles,
    _styles,
    fmt_num,
    text_chunks,
)
from app.export.quote import BuildSection, QuoteDocument

# Names other code imports from here, kept where they were before the sections moved to their modules.
__all__ = [
    "CAT_BG",
    "HEAD_BG",
    "INK",
    "MUTED",
    "NOTE_CHUNK_CHARS",
    "PAPER_SIZES",
    "RULE",
    "SEVERITY_COLOURS",
    "Cell",
    "ChartImage",
    "P",
    "Paper",
    "_power_rows",
    "cost_text",
    "fmt_num",
    "render_pdf",
    "text_chunks",
    "write_pdf",
]

Paper = Literal["a4", "letter"]
PAPER_SIZES: dict[str, tuple[float, float]] = {"a4": A4, "letter": letter}


# ---------------------------------------------------------------------------------------------
# One build: BOM, power and cooling, findings, performance
# ---------------------------------------------------------------------------------------------


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
    if section.facility is not None:  # the data-centre hand-off (app.export.pdf_facility)
        out += facility_section(section.facility, width, st)
    out.append(CondPageBreak(90 * mm))
    out.append(P(tr("Performance"), st.h2))
    out += _performance(section, width, st, chart)
    out.append(PageBreak())
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
