"""Numbers, money and dates for the reader's locale (CLDR data through Babel), without Qt.

The locale defaults to the one the front end installed (:func:`app.core.i18n.current_locale`):
zh_CN writes ``¥1,234.50`` for yuan and ``US$1,234.50`` for dollars, zh_HK ``HK$1,234.50``, en_US
``$1,234.50`` and ``CN¥1,234.50``; grouping and decimal signs follow the locale (de_DE: 1.234,50).
"""

from __future__ import annotations

import datetime as dt
import functools
import math
from decimal import Decimal

from babel import Locale, UnknownLocaleError
from babel.dates import format_date as _babel_date
from babel.numbers import NumberPattern, format_currency, format_decimal, format_percent, parse_pattern

from app.core.i18n import DEFAULT_LOCALE, current_locale

Number = int | float | Decimal


def babel_locale(name: str | None = None) -> Locale:
    """A Babel locale for ``name`` (default: the installed one); unknown names fall back to en_US."""
    return _parse(name or current_locale())


@functools.lru_cache(maxsize=64)
def _parse(name: str) -> Locale:
    try:
        return Locale.parse(name.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale.parse(DEFAULT_LOCALE)


def _pattern(decimals: int | None) -> str | None:
    if decimals is None:
        return None
    return "#,##0" + ("." + "0" * decimals if decimals > 0 else "")


def format_number(value: Number, decimals: int | None = None, locale: str | None = None) -> str:
    """Grouped digits in the locale's signs; ``decimals`` fixed (None: as many as the value needs, up to 3)."""
    loc = babel_locale(locale)
    signs = _plain_signs(loc) if decimals is not None else None
    if signs is not None and isinstance(value, int | float | Decimal) and math.isfinite(value):
        # Babel's general path costs ~80 us a number; a table of 400 cells paid 30 ms at start-up.
        # For locales that group by threes in Latin digits Python's own formatting is the same
        # text (tests/i18n/test_formatting.py checks it against Babel) once the signs are swapped.
        exact = Decimal(repr(value)) if isinstance(value, float) else value  # Babel rounds the shortest repr
        text = f"{exact:,.{decimals}f}"
        group, decimal, minus = signs
        return text.translate({ord(","): group, ord("."): decimal, ord("-"): minus})
    return str(format_decimal(value, format=_pattern(decimals), locale=loc,
                              decimal_quantization=decimals is not None))


@functools.lru_cache(maxsize=64)
def _plain_signs(loc: Locale) -> tuple[str, str, str] | None:
    """(group, decimal, minus) where the locale groups by threes in Latin digits, else None (Babel formats)."""
    pattern = loc.decimal_formats.get(None)
    if pattern is None or pattern.grouping != (3, 3) or loc.default_numbering_system != "latn":
        return None
    symbols = loc.number_symbols.get("latn", {})
    try:
        return str(symbols["group"]), str(symbols["decimal"]), str(symbols["minusSign"])
    except KeyError:
        return None


def format_money(amount: Number, currency: str, locale: str | None = None, decimals: int = 2) -> str:
    """An amount with the currency's local symbol: ¥ / HK$ / US$ in zh_*, $ / CN¥ in en_US."""
    loc = babel_locale(locale)
    return str(format_currency(amount, currency.upper(), format=_money_pattern(loc, decimals), locale=loc,
                               currency_digits=False))


@functools.lru_cache(maxsize=64)
def _money_pattern(loc: Locale, decimals: int) -> NumberPattern:
    """Parsed once: Babel parses a pattern given as text on every call (~0.3 ms, 12 ms for a catalog table)."""
    pattern = loc.currency_formats["standard"].pattern
    if decimals != 2:
        pattern = pattern.replace("0.00", "0" + ("." + "0" * decimals if decimals > 0 else ""))
    return parse_pattern(pattern)


def currency_symbol(currency: str, locale: str | None = None) -> str:
    return str(babel_locale(locale).currency_symbols.get(currency.upper(), currency.upper()))


def format_percent_value(fraction: Number, decimals: int = 0, locale: str | None = None) -> str:
    """0.85 -> "85%" (the locale's sign and spacing)."""
    fmt = "#,##0" + ("." + "0" * decimals if decimals > 0 else "") + "%"
    return str(format_percent(fraction, format=fmt, locale=babel_locale(locale)))


def format_date(value: dt.date, locale: str | None = None, style: str = "medium") -> str:
    """Mar 4, 2025 (en_US), 2025年3月4日 (zh_*)."""
    return str(_babel_date(value, format=style, locale=babel_locale(locale)))
