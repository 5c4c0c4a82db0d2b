"""Page furniture: the footer on every page (customer, quote number, configuration hash, page X of Y)
and, from page 2, the project name at the top."""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from app.export.fonts import CJK_FONT, LATIN_BOLD, LATIN_FONT, runs, string_width
from app.export.labels import trf
from app.export.pdf_style import MUTED, RULE
from app.export.quote import QuoteDocument


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
