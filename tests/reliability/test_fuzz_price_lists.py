"""Fuzz the price-list reader: 1,000 CSV and 1,000 XLSX inputs, each read as a plan or refused
with one PriceListError; never another exception, never a figure outside the checks."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.catalog.prices import MAX_PRICE, PriceListError, plan_import
from app.catalog.store import Catalog
from tests.reliability.conftest import patch_sheet, xlsx_bytes

SKUS = ["nvidia-l40s", "nvidia-h100-sxm5-80gb", "PWS-3K", "amd-epyc-9554", ""]
PRICES = ["12.50", "1,234.50", "1.234,50", "$99", "¥12 345", "-1", "0", "0.004", "1e9", "abc", "inf", "NaN",
          "=1+1", "99999999999999999999999", "0.0000001"]
CURRENCIES = ["USD", "EUR", "CNY", "usd", "US", "€", "", "=cmd"]
text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=16)
cell = st.one_of(text, st.sampled_from(SKUS + PRICES + CURRENCIES))
HEADERS = st.sampled_from([["SKU", "Price", "Currency"], ["料号", "单价", "币种"], ["Part Number", "Unit Price"],
                           ["sku", "price", "currency", "description"], ["x", "y"], []])
CURRENCY_RE = re.compile(r"^[A-Z]{3}$")


def _check(catalog: Catalog, path: Path) -> None:
    try:
        plan = plan_import(catalog, path)
    except PriceListError as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) < 600
        return
    for change in plan.changes + plan.unchanged:
        assert Decimal(0) < change.new_price <= MAX_PRICE
        assert CURRENCY_RE.match(change.currency)
    for row in plan.rejected + plan.unmatched:
        assert len(row.sku) <= 80 and len(row.reason) < 400


@settings(max_examples=1000, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(header=HEADERS, rows=st.lists(st.lists(cell, max_size=5), max_size=8),
       sep=st.sampled_from([",", ";", "\t", "|"]), encoding=st.sampled_from(["utf-8", "utf-8-sig", "gb18030"]),
       junk=st.binary(max_size=24), junk_at=st.integers(min_value=0, max_value=400))
def test_fuzzed_csv(tmp_path_factory: object, bundled: Catalog, header: list[str], rows: list[list[str]], sep: str,
                    encoding: str, junk: bytes, junk_at: int) -> None:
    lines = [sep.join(header)] + [sep.join(c.replace(sep, " ") for c in r) for r in rows]
    data = "\n".join(lines).encode(encoding, errors="replace")
    if junk:
        data = data[:junk_at] + junk + data[junk_at:]
    path = Path(str(tmp_path_factory.mktemp("csv"))) / "fuzz.csv"  # type: ignore[attr-defined]
    path.write_bytes(data)
    _check(bundled, path)


def _mutate(xml: str, how: int, where: int, junk: str) -> str:
    at = where % max(1, len(xml))
    if how == 0:
        return xml[:at]  # truncated
    if how == 1:
        return xml[:at] + junk + xml[at:]  # junk inserted
    if how == 2:
        return xml.replace('t="n"', 't="s"')  # numbers claim to be shared strings (no table)
    if how == 3:
        return re.sub(r"<v>[^<]*</v>", f"<v>{junk}</v>", xml, count=1)
    if how == 4:
        return xml.replace('r="B2"', 'r="XFE99999999"')  # a cell far outside the sheet
    return xml


@settings(max_examples=1000, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(rows=st.lists(st.lists(st.one_of(cell, st.integers(-10**20, 10**20), st.floats(allow_nan=False,
                                                                                   allow_infinity=False),
                                        st.none(), st.booleans()), max_size=4), max_size=6),
       how=st.integers(min_value=0, max_value=6), where=st.integers(min_value=0, max_value=5000),
       junk=st.sampled_from(["abc", "inf", "1e999", "1.5e", "<", "&amp;", "&bogus;", "\x00", "]]>", "</c></row>"]),
       zip_damage=st.integers(min_value=-1, max_value=4000))
def test_fuzzed_xlsx(tmp_path_factory: object, bundled: Catalog, rows: list[list[object]], how: int, where: int,
                     junk: str, zip_damage: int) -> None:
    illegal = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
    clean = [[illegal.sub("", c) if isinstance(c, str) else c for c in r] for r in rows]
    data = patch_sheet(xlsx_bytes([["SKU", "Price", "Currency"], *clean]), lambda xml: _mutate(xml, how, where, junk))
    if 0 <= zip_damage < len(data) and how == 6:
        data = data[:zip_damage] + b"\xff\x00" + data[zip_damage + 2:]
    path = Path(str(tmp_path_factory.mktemp("xlsx"))) / "fuzz.xlsx"  # type: ignore[attr-defined]
    path.write_bytes(data)
    _check(bundled, path)
