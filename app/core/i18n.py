"""Translation hook for the Qt-free core (CLI output, findings, the PDF).

The core marks user-visible text with ``translate(context, text)``. Which catalog answers is
set once by the front end: the GUI installs ``QCoreApplication.translate`` (so the core and the
widgets share Qt's .ts/.qm files), the CLI and PDF export install a reader of the same files.
Until then text passes through unchanged (English).
"""

from __future__ import annotations

from collections.abc import Callable

Translator = Callable[[str, str], str]


def _identity(_context: str, text: str) -> str:
    return text


_active: Translator = _identity


def install_translator(translator: Translator | None) -> None:
    global _active  # noqa: PLW0603 - one process-wide language, set by the front end
    _active = translator or _identity


def translate(context: str, text: str) -> str:
    return _active(context, text)
