"""The GUI's language: Qt translators for our catalog and Qt's own dialogs, the core's hook, fonts.

:func:`apply_language` can run at any time: it swaps the translators, installs
``QCoreApplication.translate`` as the core's translator (findings, placement reasons, chart
figures), sets the locale numbers and money are written for, picks CJK fonts that draw the
chosen script's glyph forms, and delivers Qt's LanguageChange event to every widget before it
returns, so each ``retranslate()`` has run by then. The open project is never touched.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QObject, QSettings, QTranslator
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

from app.core.i18n import install_translator
from app.i18n import LANGUAGES, SYSTEM, formatting_locale, resolve_language
from app.i18n.catalog import CATALOG_NAME, i18n_dir
from app.paths import resources_dir

SETTINGS_KEY = "ui/language"

# Fonts that draw each script with its own glyph forms, by platform default first:
# Windows (YaHei / JhengHei), macOS (PingFang), Linux (Noto CJK), then anything close.
CJK_FAMILIES: dict[str, tuple[str, ...]] = {
    "zh_CN": ("Microsoft YaHei UI", "Microsoft YaHei", "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC",
              "Source Han Sans SC", "WenQuanYi Micro Hei"),
    "zh_TW": ("Microsoft JhengHei UI", "Microsoft JhengHei", "PingFang TC", "Noto Sans CJK TC", "Source Han Sans TC"),
    "zh_HK": ("Microsoft JhengHei UI", "Microsoft JhengHei", "PingFang HK", "PingFang TC", "Noto Sans CJK HK",
              "Noto Sans CJK TC", "Source Han Sans HK"),
}


class _State:
    translators: list[QTranslator] = []  # noqa: RUF012 - process-wide, like Qt's own list
    language: str = "en"
    base_families: list[str] | None = None
    bundled_family: str | None = None


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark ``text`` for lupdate in ``context``; translate it where it is shown (typed, unlike PySide6's)."""
    del context
    return text


def saved_preference() -> str:
    """The preference as stored: ``system`` or a code of :data:`app.i18n.LANGUAGES`."""
    value = QSettings().value(SETTINGS_KEY, SYSTEM)
    value = str(value) if value else SYSTEM
    return value if value == SYSTEM or value in LANGUAGES else SYSTEM


def save_preference(value: str) -> None:
    QSettings().setValue(SETTINGS_KEY, value)


def system_locale_name() -> str:
    return QLocale.system().name()


def language_for(preference: str) -> str:
    """``system`` -> the system locale's language (English unless Chinese); a code -> itself."""
    if preference in LANGUAGES:
        return preference
    # The user's preferred UI language (zh-Hant-HK, zh-Hans-CN, en-US...), which on Windows and macOS
    # may differ from the region format; script matters: zh-Hant in Singapore reads Traditional.
    languages = QLocale.system().uiLanguages()
    return resolve_language(languages[0] if languages else QLocale.system().name())


def current_language() -> str:
    return _State.language


class MnemonicFallback(QTranslator):
    """Qt 6's file dialog asks for "&Look in:" and "Files of &type:", which Qt's own Chinese catalogs
    hold only without the mnemonic ("Look in:"): answer with that translation and the mnemonic in
    the Chinese way, "查找范围(&L)：". Installed after the catalog it wraps, so it is asked first and
    passes every other text on (a null answer)."""

    def __init__(self, inner: QTranslator, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._inner = inner

    def isEmpty(self) -> bool:
        return False

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:
        # None is Qt's null string, "not here: ask the next catalog"; "" would be a translation.
        at = source.find("&")
        if context != "QFileDialog" or at < 0 or at + 1 >= len(source):
            return None
        found = self._inner.translate(context, source[:at] + source[at + 1:], disambiguation, n)
        if not found:
            return None
        colon = found[-1] if found[-1] in ":：" else ""
        return (found[:-1] if colon else found) + f"(&{source[at + 1].upper()})" + colon


def apply_language(language: str) -> str:
    """Switch the whole GUI (and the core) to ``language`` (a code, or ``system``); returns the code used."""
    app = QCoreApplication.instance()
    assert app is not None, "create the QApplication first"
    code = language_for(language)
    for old in _State.translators:
        QCoreApplication.removeTranslator(old)
    _State.translators = []
    if code != "en":
        ours = QTranslator(app)
        if not ours.load(f"{CATALOG_NAME}_{code}", str(i18n_dir())):
            raise OSError(f"cannot load the {code} translations from {i18n_dir()}")
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        qt_name = "qtbase_zh_CN" if code == "zh_CN" else "qtbase_zh_TW"
        qt = QTranslator(app)
        translators = [ours] + ([qt, MnemonicFallback(qt, app)] if qt.load(qt_name, qt_dir) else [])
        for tr in translators:
            QCoreApplication.installTranslator(tr)
        _State.translators = translators
    _State.language = code
    locale = formatting_locale(code, system_locale_name())
    QLocale.setDefault(QLocale(locale) if code != "en" else QLocale.system())
    install_translator(_qt_translate if code != "en" else None, locale)
    if isinstance(app, QApplication):
        _set_fonts(app, code)
    # Installing a translator posts LanguageChange; deliver it now so every widget is retranslated
    # (and the font change applied) by the time this returns.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
    if code == "en" and isinstance(app, QApplication):
        # Removing the last translator posts nothing on some Qt versions: say it ourselves.
        for widget in app.topLevelWidgets():
            QCoreApplication.sendEvent(widget, QEvent(QEvent.Type.LanguageChange))
    return code


def _qt_translate(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


def _bundled_family() -> str | None:
    """Droid Sans Fallback (shipped for the PDF) as the last resort on a system without CJK fonts."""
    if _State.bundled_family is None:
        font_id = QFontDatabase.addApplicationFont(str(resources_dir() / "fonts" / "DroidSansFallbackFull.ttf"))
        families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
        _State.bundled_family = families[0] if families else ""
    return _State.bundled_family or None


def cjk_families(code: str) -> list[str]:
    """The installed CJK families for ``code``, best first, ending with the bundled fallback."""
    if code not in CJK_FAMILIES:
        return []
    installed = set(QFontDatabase.families())
    chosen = [f for f in CJK_FAMILIES[code] if f in installed]
    bundled = _bundled_family()
    if bundled and bundled not in chosen:
        chosen.append(bundled)
    return chosen


def _set_fonts(app: QApplication, code: str) -> None:
    font = QFont(app.font())
    if _State.base_families is None:
        _State.base_families = list(font.families()) or [font.family()]
    font.setFamilies(_State.base_families + cjk_families(code))
    app.setFont(font)
