"""The PDF's own throughput chart, drawn with reportlab.graphics when the GUI supplies no image.

Output tokens/s of one node against requests in flight (log2 axis: 1, 2, 4, ...), the confidence
band shaded around the line, and the build's target load marked.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.graphics.shapes import Circle, Drawing, Line, Polygon, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from app.export.fonts import CJK_FONT, LATIN_FONT, register_fonts, runs, string_width
from app.export.labels import tr, trf
from app.perf.sweep import SweepPoint

LINE = colors.HexColor("#1f5fa8")
BAND = colors.HexColor("#c9daf0")
GRID = colors.HexColor("#d9d9d9")
AXIS = colors.HexColor("#555555")
TARGET = colors.HexColor("#c0392b")


def _nice_step(span: float, ticks: int = 5) -> float:
    raw = span / max(1, ticks)
    mag = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1.0
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def _fmt(value: float) -> str:
    if value == 0:
        return "0"
    if value >= 10_000:
        return f"{value / 1000:,.0f}k"
    if value >= 1000:
        return f"{value / 1000:,.1f}k".replace(".0k", "k")
    return f"{value:,.0f}" if value >= 10 else f"{value:,.1f}"


def _text(drawing: Drawing, x: float, y: float, text: str, size: float, anchor: str = "start",
          color: colors.Color = AXIS) -> None:
    """A label in the font(s) its characters need; anchors by the width of all runs together."""
    pieces = [(CJK_FONT if cjk else LATIN_FONT, chunk) for cjk, chunk in runs(text)]
    width = string_width(text, size)
    if anchor == "middle":
        x -= width / 2
    elif anchor == "end":
        x -= width
    for font, chunk in pieces:
        drawing.add(String(x, y, chunk, fontName=font, fontSize=size, fillColor=color))
        x += stringWidth(chunk, font, size)


def throughput_chart(
    points: Sequence[SweepPoint],
    *,
    band: float,
    target_concurrency: int | None,
    width: float = 440,
    height: float = 220,
) -> Drawing:
    """Line of output tokens/s vs concurrency with a +/- ``band`` (relative) shaded band."""
    register_fonts()
    d = Drawing(width, height)
    left, right, bottom, top = 52.0, 14.0, 34.0, 22.0
    pw, ph = width - left - right, height - bottom - top
    d.add(Rect(0, 0, width, height, fillColor=colors.white, strokeColor=None))
    pts = sorted((p for p in points if p.concurrency >= 1 and math.isfinite(p.output_tps_total)),
                 key=lambda p: p.concurrency)
    _text(d, left, height - 14, tr("Output tokens/s vs concurrent requests"), 9, color=colors.black)
    if not pts:
        _text(d, left + pw / 2, bottom + ph / 2, tr("No estimate"), 9, anchor="middle")
        return d
    xmax_log = max(1.0, math.log2(pts[-1].concurrency))
    ymax_data = max(p.output_tps_total for p in pts) * (1 + band)
    step = _nice_step(ymax_data)
    ymax = step * math.ceil(ymax_data / step) if ymax_data > 0 else 1.0

    def sx(c: float) -> float:
        return left + pw * (math.log2(c) / xmax_log)

    def sy(v: float) -> float:
        return bottom + ph * (v / ymax)

    # grid and y labels
    v = 0.0
    while v <= ymax + 1e-9:
        y = sy(v)
        d.add(Line(left, y, left + pw, y, strokeColor=GRID, strokeWidth=0.5))
        _text(d, left - 4, y - 3, _fmt(v), 7, anchor="end")
        v += step
    # x ticks at powers of two
    k = 0
    while 2 ** k <= pts[-1].concurrency:
        x = sx(2 ** k)
        d.add(Line(x, bottom, x, bottom - 3, strokeColor=AXIS, strokeWidth=0.5))
        _text(d, x, bottom - 12, f"{2 ** k:,}", 7, anchor="middle")
        k += 1
    d.add(Line(left, bottom, left + pw, bottom, strokeColor=AXIS, strokeWidth=0.8))
    d.add(Line(left, bottom, left, bottom + ph, strokeColor=AXIS, strokeWidth=0.8))
    _text(d, left + pw / 2, 4, tr("Concurrent requests (log scale)"), 8, anchor="middle")
    # band, line, markers
    upper = [(sx(p.concurrency), sy(p.output_tps_total * (1 + band))) for p in pts]
    lower = [(sx(p.concurrency), sy(max(0.0, p.output_tps_total * (1 - band)))) for p in reversed(pts)]
    if len(pts) > 1:
        d.add(Polygon([c for xy in (*upper, *lower) for c in xy], fillColor=BAND, strokeColor=None))
        d.add(PolyLine([c for p in pts for c in (sx(p.concurrency), sy(p.output_tps_total))],
                       strokeColor=LINE, strokeWidth=1.6))
    for p in pts:
        d.add(Circle(sx(p.concurrency), sy(p.output_tps_total), 1.8, fillColor=LINE, strokeColor=None))
    if target_concurrency is not None and target_concurrency >= 1:
        tx = sx(min(max(target_concurrency, 1), pts[-1].concurrency))
        d.add(Line(tx, bottom, tx, bottom + ph, strokeColor=TARGET, strokeWidth=0.8, strokeDashArray=[3, 2]))
        label = trf("target: {n}", n=f"{target_concurrency:,}")
        anchor = "end" if tx > left + pw * 0.75 else "start"
        _text(d, tx + (-3 if anchor == "end" else 3), bottom + ph - 9, label, 7, anchor=anchor, color=TARGET)
    legend = trf("shaded: +/- {pct} % confidence band", pct=round(band * 100))
    _text(d, left + pw, height - 14, legend, 7, anchor="end")
    return d
