"""Languages and locales for every front end, without Qt.

The translations live in Qt's format (``resources/i18n/inference_sizer_<lang>.ts``, compiled to
``.qm``): the GUI loads the ``.qm`` with ``QTranslator`` and installs ``QCoreApplication.translate``
as the core's translator; the CLI and the PDF export read the same ``.ts`` files with
:class:`app.i18n.catalog.TsCatalog` (:func:`install_language`). Updating and checking the catalogs:
``python -m app.i18n --help``.
"""

from __future__ import annotations

import os
import sys

# Code -> the language's own name (what the preferences list shows, in every UI language).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "zh_CN": "简体中文",
    "zh_TW": "繁體中文（台灣）",
    "zh_HK": "繁體中文（香港）",
}
TRANSLATED = ("zh_CN", "zh_TW", "zh_HK")
SYSTEM = "system"  # the preference value meaning "follow the system locale"


def normalize_locale(name: str | None) -> str:
    """``zh-Hant-HK.UTF-8`` -> ``zh_Hant_HK``; ``C``/``POSIX``/empty -> ``""``."""
    if not name:
        return ""
    base = name.split(".", 1)[0].split("@", 1)[0].replace("-", "_").strip()
    return "" if base in ("C", "POSIX") else base


def resolve_language(locale_name: str | None) -> str:
    """The UI language for a locale: one of :data:`LANGUAGES` (English unless Chinese).

    Singapore and plain ``zh`` read Simplified; Taiwan and ``Hant`` read Traditional (Taiwan
    wording); Hong Kong and Macau read Traditional with Hong Kong wording.
    """
    parts = normalize_locale(locale_name).split("_")
    if parts[0].lower() != "zh":
        return "en"
    rest = {p.lower() for p in parts[1:]}
    if rest & {"hk", "mo"}:
        return "zh_HK"
    if rest & {"tw", "hant"}:
        return "zh_TW"
    return "zh_CN"


def formatting_locale(language: str, system_locale: str | None = None) -> str:
    """The locale numbers, money and dates are written for: the UI language's, or for English the
    system's own English variant (en_GB, en_AU, ...) when it is one, else en_US."""
    if language != "en":
        return language
    system = normalize_locale(system_locale)
    if system.split("_")[0].lower() == "en" and "_" in system:
        return system
    return "en_US"


def system_locale() -> str:
    """The user's locale without Qt: INFERENCE_SIZER_LANG, then LC_ALL / LC_MESSAGES / LANG, then the OS."""
    for var in ("INFERENCE_SIZER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = normalize_locale(os.environ.get(var))
        if value:
            return value
    if sys.platform == "win32":
        return _windows_locale()
    if sys.platform == "darwin":
        return _mac_locale()
    return ""


def _windows_locale() -> str:
    try:
        import ctypes  # noqa: PLC0415 - Windows only

        buf = ctypes.create_unicode_buffer(85)
        if ctypes.windll.kernel32.GetUserDefaultLocaleName(buf, 85):  # type: ignore[attr-defined]
            return normalize_locale(buf.value)
    except (OSError, AttributeError):
        pass
    return ""


def _mac_locale() -> str:
    import subprocess  # noqa: PLC0415 - macOS only: the GUI's language, not the shell's

    try:
        out = subprocess.run(["defaults", "read", "-g", "AppleLocale"], capture_output=True, text=True,
                             timeout=2, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    return normalize_locale(out.strip())


def install_language(language: str | None) -> str:
    """Headless front ends (CLI, PDF export): translate the core into ``language`` and format for it.

    ``language`` is a code of :data:`LANGUAGES`, any locale name (``zh-Hant``, ``zh_SG``) or None
    for the system's. Returns the language code installed.
    """
    from app.core.i18n import install_translator  # noqa: PLC0415
    from app.i18n.catalog import load_catalog  # noqa: PLC0415

    system = system_locale()
    code = language if language in LANGUAGES else resolve_language(language or system)
    locale = formatting_locale(code, system)
    if code == "en":
        install_translator(None, locale)
    else:
        install_translator(load_catalog(code).translate, locale)
    return code
