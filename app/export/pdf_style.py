"""The PDF's look and its small builders: colours, paragraph styles, :func:`P` (a paragraph of plain
text), long-text chunks, number formats, and the two table styles (key/value and grid) every section
uses. Shared by app.export.pdf and its section modules (pdf_cover, pdf_bom, pdf_power, pdf_findings,
pdf_performance, pdf_assumptions).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from app.export.fonts import LATIN_BOLD, LATIN_FONT, has_cjk, para
from app.i18n.formatting import format_number
from app.rules.findings import Severity

Cell: TypeAlias = "Flowable | str | list[Flowable]"  # what a platypus Table cell holds

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
