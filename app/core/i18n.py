"""Translation hook for the Qt-free core (CLI output, findings, the PDF).

The core marks user-visible text with ``translate(context, text)``. Which catalog answers is
set once by the front end: the GUI installs ``QCoreApplication.translate`` (so the core and the
widgets share Qt's .ts/.qm files), the CLI and PDF export install a reader of the same files
(:mod:`app.i18n`). Until then text passes through unchanged (English).

Templates keep named placeholders, ``{load:.0f}``: the template is the translatable unit and
:func:`translate_format` fills it. The extractor (``python -m app.i18n update``) finds every
``translate("Ctx", "literal")``, ``translate_format("Ctx", "literal", ...)`` and
``translate_noop("Ctx", "literal")`` call, and calls of the helpers it lists for each context.

The front end also sets the locale used to format numbers, money and dates
(:mod:`app.i18n.formatting`); it defaults to ``en_US``.
"""

from __future__ import annotations

from collections.abc import Callable

Translator = Callable[[str, str], str]

DEFAULT_LOCALE = "en_US"


def _identity(_context: str, text: str) -> str:
    return text


_active: Translator = _identity
_locale: str = DEFAULT_LOCALE


def install_translator(translator: Translator | None, locale: str | None = None) -> None:
    """Set the process's translator (None: English) and, if given, the formatting locale."""
    global _active, _locale  # noqa: PLW0603 - one process-wide language, set by the front end
    _active = translator or _identity
    if locale is not None:
        _locale = locale


def current_translator() -> tuple[Translator | None, str]:
    """What is installed now (None: English) and the locale, to put back with ``install_translator(*saved)``."""
    return (None if _active is _identity else _active), _locale


def current_locale() -> str:
    """The locale numbers, money and dates are formatted for, e.g. ``zh_CN`` or ``en_US``."""
    return _locale


def translate(context: str, text: str) -> str:
    return _active(context, text)


def translate_format(context: str, text: str, /, **values: object) -> str:
    """Translate a template, then fill it; a translation whose placeholders break falls back to English."""
    translated = _active(context, text)
    try:
        return translated.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return text.format(**values)


def translate_noop(context: str, text: str) -> str:
    """Mark ``text`` for the extractor without translating it (translated later, where it is shown)."""
    del context
    return text
