"""Fonts for the PDF: Helvetica for Latin text, Droid Sans Fallback for Chinese (and other CJK).

Droid Sans Fallback (Apache 2.0, ``resources/fonts/DroidSansFallback-LICENSE.txt``) covers CJK but
has no Latin glyphs, and Helvetica (a PDF base font, WinAnsi encoding) covers Latin but no CJK. So
text is split into runs by character and each run gets the font that has it: a mixed
Chinese/English customer name renders in one paragraph. The TrueType font is embedded as a subset
(only the glyphs used), so a Chinese quote adds tens of kilobytes, not the font's 4 MB.

Everything a user typed goes through :func:`para` (escaped: it is data, never markup).
"""

from __future__ import annotations

import functools
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from app.export.errors import ExportError
from app.paths import resources_dir

CJK_FONT = "DroidSansFallback"
CJK_FONT_FILE = "DroidSansFallbackFull.ttf"
LATIN_FONT = "Helvetica"
LATIN_BOLD = "Helvetica-Bold"
LATIN_ITALIC = "Helvetica-Oblique"

# Neither font has these; a readable ASCII spelling beats an empty box.
_SUBSTITUTES = {
    "≥": ">=", "≤": "<=", "≈": "~", "≠": "!=", "→": "->", "←": "<-", "↔": "<->", "−": "-", "∞": "inf",
    "\u2009": " ", "\u202f": " ", "\u2002": " ", "\u2003": " ", "\u200b": "", "✓": "v", "✗": "x",
    "\u2011": "-",
}


class FontError(ExportError):
    """The bundled CJK font is missing or unreadable."""


def font_path() -> Path:
    return resources_dir() / "fonts" / CJK_FONT_FILE


@functools.cache
def register_fonts() -> str:
    """Register the CJK font with reportlab once per process; returns its reportlab name."""
    path = font_path()
    try:
        font = TTFont(CJK_FONT, str(path))  # subset-embedded on use
    except (OSError, ValueError) as exc:
        raise FontError(f"cannot load the CJK font {path}: {exc}") from None
    pdfmetrics.registerFont(font)
    # No bold or italic face: <b>/<i> inside a CJK run keep the regular face.
    pdfmetrics.registerFontFamily(CJK_FONT, normal=CJK_FONT, bold=CJK_FONT, italic=CJK_FONT, boldItalic=CJK_FONT)
    return CJK_FONT


@functools.lru_cache(maxsize=4096)
def _latin_ok(ch: str) -> bool:
    try:
        ch.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def clean(text: str) -> str:
    """Replace the few symbols neither font has with ASCII spellings; drop control characters."""
    out = []
    for ch in text:
        if ch in _SUBSTITUTES:
            out.append(_SUBSTITUTES[ch])
        elif ch == "\t":
            out.append(" ")
        elif ord(ch) < 32 and ch != "\n":
            continue
        else:
            out.append(ch)
    return "".join(out)


def runs(text: str) -> list[tuple[bool, str]]:
    """Split text into (is_cjk_font, chunk) runs. Characters Helvetica can draw stay Latin.

    A character neither font has (after :func:`clean`) goes to the CJK font and shows as its
    empty-box glyph: visible, never silently dropped.
    """
    out: list[tuple[bool, str]] = []
    current: list[str] = []
    cjk = False
    for ch in clean(text):
        want = not _latin_ok(ch)
        if current and want != cjk:
            out.append((cjk, "".join(current)))
            current = []
        cjk = want
        current.append(ch)
    if current:
        out.append((cjk, "".join(current)))
    return out


def has_cjk(text: str) -> bool:
    """True where some character needs the CJK font (so line wrapping must break between characters)."""
    return any(not _latin_ok(ch) for ch in clean(text))


def para(text: str) -> str:
    """Paragraph markup for plain text: escaped, CJK runs in the CJK font, newlines kept."""
    parts: list[str] = []
    for cjk, chunk in runs(text):
        body = escape(chunk).replace("\n", "<br/>")
        parts.append(f'<font name="{CJK_FONT}">{body}</font>' if cjk else body)
    return "".join(parts)


def string_width(text: str, size: float, latin_font: str = LATIN_FONT) -> float:
    register_fonts()
    return sum(
        float(pdfmetrics.stringWidth(chunk, CJK_FONT if cjk else latin_font, size)) for cjk, chunk in runs(text)
    )
