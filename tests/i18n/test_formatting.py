"""Numbers, money and dates for the reader's locale (Babel's CLDR data)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from babel.numbers import format_decimal
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.i18n import install_translator
from app.i18n.formatting import (
    _pattern,
    babel_locale,
    currency_symbol,
    format_date,
    format_money,
    format_number,
    format_percent_value,
)


@pytest.mark.parametrize(("locale", "currency", "expected"), [
    ("zh_CN", "CNY", "¥307,349.50"),
    ("zh_CN", "USD", "US$307,349.50"),
    ("zh_HK", "HKD", "HK$307,349.50"),
    ("zh_TW", "USD", "US$307,349.50"),
    ("en_US", "USD", "$307,349.50"),
    ("en_US", "CNY", "CN¥307,349.50"),
    ("de_DE", "EUR", "307.349,50\xa0€"),
])
def test_money_carries_the_local_symbol_and_grouping(locale: str, currency: str, expected: str) -> None:
    assert format_money(Decimal("307349.5"), currency, locale) == expected


def test_small_costs_keep_their_decimals() -> None:
    assert format_money(Decimal("0.01234"), "CNY", "zh_CN", decimals=4) == "¥0.0123"
    assert currency_symbol("HKD", "zh_HK") == "HK$"


def test_numbers_and_dates() -> None:
    assert format_number(1234567.891, 1, "zh_CN") == "1,234,567.9"
    assert format_number(1234567.891, 1, "de_DE") == "1.234.567,9"
    assert format_number(8, None, "en_US") == "8"
    assert format_percent_value(0.855, 0, "zh_CN") == "86%"
    assert format_date(dt.date(2026, 3, 1), "zh_CN", style="long") == "2026年3月1日"
    assert format_date(dt.date(2026, 3, 1), "en_US") == "Mar 1, 2026"


def test_the_installed_locale_is_the_default() -> None:
    install_translator(None, "zh_HK")
    assert format_money(Decimal(5), "HKD") == "HK$5.00"
    install_translator(None, "nonsense_XX")
    assert format_money(Decimal(5), "USD") == "$5.00"  # an unknown locale reads as en_US


_LOCALES = ("en_US", "zh_CN", "zh_TW", "zh_HK", "de_DE", "fr_FR", "en_IN", "ar_EG")
_FINITE = st.floats(min_value=-1e15, max_value=1e15, allow_nan=False)


@given(value=st.one_of(_FINITE, st.integers(-10**15, 10**15),
                       st.decimals(min_value=-10**12, max_value=10**12, allow_nan=False, places=4)),
       decimals=st.integers(0, 4), locale=st.sampled_from(_LOCALES))
@settings(max_examples=400, deadline=None)
def test_fast_number_formatting_writes_what_babel_writes(value: float | int | Decimal, decimals: int,
                                                         locale: str) -> None:
    """format_number's shortcut (Python's formatting, the locale's signs) against Babel's own path."""
    expected = format_decimal(value, format=_pattern(decimals), locale=babel_locale(locale),
                              decimal_quantization=True)
    assert format_number(value, decimals, locale) == expected


@pytest.mark.parametrize(("value", "decimals", "locale", "expected"), [
    (2.675, 2, "en_US", "2.68"),  # the decimal written, not the binary double below it
    (-0.04, 1, "en_US", "-0.0"),  # Babel keeps the sign of what rounds to zero
    (1234567.5, 0, "en_IN", "1,234,568"),  # a locale grouping otherwise (12,34,567): Babel formats
    (-1234.5, 1, "fr_FR", "-1\u202f234,5"),
])
def test_number_formatting_edge_cases(value: float, decimals: int, locale: str, expected: str) -> None:
    assert format_number(value, decimals, locale) == expected == format_decimal(
        value, format=_pattern(decimals), locale=babel_locale(locale), decimal_quantization=True)
