"""The command line's wording, through the translation layer (context ``Cli``).

Human-readable output only: ``--json`` output keeps its English keys and values (and runs in
English unless ``--lang`` is given), so scripts read the same thing in every locale.
"""

from __future__ import annotations

from app.core.i18n import translate, translate_format

CONTEXT = "Cli"


def t(text: str, /, **values: object) -> str:
    """Translate ``text`` and fill its placeholders (without values it is used as is)."""
    return translate_format(CONTEXT, text, **values) if values else translate(CONTEXT, text)


def t_noop(text: str) -> str:
    """Mark ``text`` for translation where it is written; translate it with :func:`t` where it is shown."""
    return text
