"""The performance model's wording, through the translation layer (context ``Perf``).

Assumptions, warnings and the peaks label are templates with named placeholders,
``t("TP {tp} over PCIe", tp=...)``: the template is what translators see, the numbers stay out of
it. They are translated when the estimate is prepared (a dictionary lookup, once per build), and
once per operating point only for the rare KV-cache queueing warning.
"""

from __future__ import annotations

from app.core.i18n import translate

CONTEXT = "Perf"


def t(text: str, /, **values: object) -> str:
    """Translate ``text`` and fill its placeholders (without values it is used as is).

    As :func:`app.core.i18n.translate_format` (a translation whose placeholders break falls back
    to English), inlined: ``prepare()`` fills a dozen of these per build.
    """
    translated = translate(CONTEXT, text)
    if not values:
        return translated
    try:
        return translated.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return text.format(**values)


def t_noop(text: str) -> str:
    """Mark ``text`` for translation where it is written; translate it with :func:`t` where it is shown."""
    return text
