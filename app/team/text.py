"""The team server's wording, through the translation layer (context ``Team``)."""

from __future__ import annotations

from app.core.i18n import translate, translate_format

CONTEXT = "Team"


def t(text: str, /, **values: object) -> str:
    """Translate ``text`` and fill its placeholders (without values it is used as is)."""
    return translate_format(CONTEXT, text, **values) if values else translate(CONTEXT, text)
