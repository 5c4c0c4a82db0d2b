"""The reference price book (db/prices/reference-prices.csv): one price per part every view uses.

The bundled catalog carries few list prices; a presales engineer imports the distributor's list
first. Until then every part takes its reference price from the book: a published list or street
price (or the midpoint of a published range, or an estimate from a sibling, each said), with its
currency, date, region, low-high range and source. The sizing assistant, the gauges, Compare and
the quote all read it through :func:`reference_price` (and :func:`resolve_price`, the one pricing
function), and every figure built on it says "reference", so no reference figure passes for a
quotation. An imported or catalog price always wins over the book.
"""

from __future__ import annotations

import csv
import datetime as dt
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import cache
from pathlib import Path

from app.core.parts import AnyPart, PartKind
from app.paths import bundle_root

SEED_003_PRICES = "seed 003, GPU selection table (reference unit prices, 2026-07; volatile, low confidence)"
PRICE_BOOK_COLUMNS = ("part_id", "price", "currency", "low", "high", "date", "region", "source", "confidence",
                      "notes")
CONFIDENCES = ("published", "range", "estimate")
# A reference price older than this many days is flagged as stale wherever it is shown.
STALE_AFTER_DAYS = 365


class PriceBookError(ValueError):
    """The price book file is malformed; the message names the file, row and column."""


@dataclass(frozen=True, slots=True)
class ReferencePrice:
    price: Decimal
    currency: str
    source: str
    quoted: str  # the figure as the source gives it
    low: Decimal | None = None
    high: Decimal | None = None
    date: str = ""  # YYYY-MM or YYYY-MM-DD, when the price was published or read
    region: str = ""
    confidence: str = "published"  # published, range (midpoint) or estimate (derived; notes say how)
    notes: str = ""

    def as_of(self) -> dt.date | None:
        parts = self.date.split("-")
        try:
            return dt.date(int(parts[0]), int(parts[1]), int(parts[2]) if len(parts) > 2 else 1)
        except (ValueError, IndexError):
            return None

    def citations(self) -> str:
        """The source as a reader checks it: for an estimate, only the pages it was derived from (the
        working notes of the derivation stay in the price book); else the source as written."""
        if self.confidence != "estimate":
            return self.source
        return " ; ".join(dict.fromkeys(re.findall(r"https?://[^\s,;)'\"]+", self.source)))

    def is_stale(self, today: dt.date, max_age_days: int = STALE_AFTER_DAYS) -> bool:
        when = self.as_of()
        return when is not None and (today - when).days > max_age_days

    def describe(self, region_label: Callable[[str], str] | None = None) -> str:
        """'30,000 USD (25,000-35,000, US, 2026-07)' for line notes; the source is listed apart (long).

        ``region_label`` names the region in the reader's language (US, EU, CN, global as written)."""
        span = ""
        if self.low is not None and self.high is not None and self.low != self.high:
            span = f"{self.low:,.0f}-{self.high:,.0f}, "
        region = region_label(self.region) if region_label is not None and self.region else self.region
        where = ", ".join(x for x in (region, self.date) if x)
        return f"{self.price:,.0f} {self.currency} ({span}{where})"


def price_book_path() -> Path:
    return bundle_root() / "db" / "prices" / "reference-prices.csv"


def exchange_rates_path() -> Path:
    return bundle_root() / "db" / "prices" / "exchange-rates.csv"


@dataclass(frozen=True, slots=True)
class ExchangeRate:
    from_currency: str
    to_currency: str
    rate: Decimal  # units of to_currency per unit of from_currency
    date: str
    source: str


def parse_exchange_rates(path: Path) -> tuple[ExchangeRate, ...]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise PriceBookError(f"cannot read the exchange rates {path}: {exc.strerror or exc}") from None
    out = []
    for n, row in enumerate(csv.DictReader(text.splitlines()), start=2):
        where = f"{path.name} row {n}"
        rate = _decimal(row.get("rate") or "", where, "rate")
        assert rate is not None
        if rate == 0:
            raise PriceBookError(f"{where}: rate is zero")
        codes = [(row.get(c) or "").strip() for c in ("from", "to")]
        if any(len(c) != 3 or not c.isalpha() or not c.isupper() for c in codes):
            raise PriceBookError(f"{where}: currencies {codes} are not ISO 4217 codes")
        out.append(ExchangeRate(codes[0], codes[1], rate, (row.get("date") or "").strip(),
                                (row.get("source") or "").strip()))
    return tuple(out)


@cache
def book_exchange_rates() -> tuple[ExchangeRate, ...]:
    return parse_exchange_rates(exchange_rates_path())


@cache
def default_rates(to_currency: str) -> Mapping[str, ExchangeRate]:
    """The book's rates into ``to_currency`` (direct, or the inverse of the opposite pair), by source currency."""
    out: dict[str, ExchangeRate] = {}
    for r in book_exchange_rates():
        if r.to_currency == to_currency:
            out[r.from_currency] = r
        elif r.from_currency == to_currency and r.to_currency not in out:
            inverse = (Decimal(1) / r.rate).quantize(Decimal("0.000001"))
            out[r.to_currency] = ExchangeRate(r.to_currency, to_currency, inverse, r.date, r.source)
    return out


def _decimal(text: str, where: str, column: str, *, required: bool = True) -> Decimal | None:
    text = text.strip()
    if not text and not required:
        return None
    try:
        d = Decimal(text)
    except InvalidOperation:
        raise PriceBookError(f"{where}: {column} {text!r} is not a number") from None
    if not d.is_finite() or d < 0 or d > Decimal("100000000"):
        raise PriceBookError(f"{where}: {column} {text} is out of range")
    return d


def parse_price_book(path: Path) -> dict[str, ReferencePrice]:
    """Read and check the whole book; any bad row raises, naming it (a half-read book prices nothing)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise PriceBookError(f"cannot read the price book {path}: {exc.strerror or exc}") from None
    reader = csv.DictReader(text.splitlines())
    missing = [c for c in PRICE_BOOK_COLUMNS if c not in (reader.fieldnames or ())]
    if missing:
        raise PriceBookError(f"{path.name}: missing column(s) {', '.join(missing)}")
    book: dict[str, ReferencePrice] = {}
    for n, row in enumerate(reader, start=2):
        where = f"{path.name} row {n}"
        part_id = (row["part_id"] or "").strip()
        if not part_id:
            raise PriceBookError(f"{where}: part_id is empty")
        if part_id in book:
            raise PriceBookError(f"{where}: {part_id} is priced twice")
        price = _decimal(row["price"] or "", where, "price")
        low = _decimal(row["low"] or "", where, "low", required=False)
        high = _decimal(row["high"] or "", where, "high", required=False)
        assert price is not None
        if (low is not None and low > price) or (high is not None and high < price):
            raise PriceBookError(f"{where}: price {price} is outside its range {low}-{high}")
        currency = (row["currency"] or "").strip()
        if len(currency) != 3 or not currency.isalpha() or not currency.isupper():
            raise PriceBookError(f"{where}: currency {currency!r} is not an ISO 4217 code")
        confidence = (row["confidence"] or "").strip()
        if confidence not in CONFIDENCES:
            raise PriceBookError(f"{where}: confidence {confidence!r} is not one of {', '.join(CONFIDENCES)}")
        source = (row["source"] or "").strip()
        if not source:
            raise PriceBookError(f"{where}: source is empty")
        ref = ReferencePrice(price=price, currency=currency, source=source, quoted=(row["notes"] or "").strip(),
                             low=low, high=high, date=(row["date"] or "").strip(),
                             region=(row["region"] or "").strip(), confidence=confidence,
                             notes=(row["notes"] or "").strip())
        if ref.date and ref.as_of() is None:
            raise PriceBookError(f"{where}: date {ref.date!r} is not YYYY-MM or YYYY-MM-DD")
        book[part_id] = ref
    return book


@cache
def price_book() -> Mapping[str, ReferencePrice]:
    return parse_price_book(price_book_path())


class _Book(Mapping[str, ReferencePrice]):
    """The bundled book, read on first use (a start-up that prices nothing never reads it)."""

    def __getitem__(self, key: str) -> ReferencePrice:
        return price_book()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(price_book())

    def __len__(self) -> int:
        return len(price_book())


REFERENCE_PRICES: Mapping[str, ReferencePrice] = _Book()
# The name the sizing assistant used when the book held GPUs only.
REFERENCE_GPU_PRICES = REFERENCE_PRICES


def reference_price(part: AnyPart | None, table: Mapping[str, ReferencePrice] | None = REFERENCE_PRICES
                    ) -> ReferencePrice | None:
    """The book's price for a part the catalog leaves unpriced, else None (models are never priced)."""
    if part is None or table is None or part.price is not None or part.kind is PartKind.LLM:
        return None
    return table.get(part.id)


CENT = Decimal("0.01")


def convert(price: Decimal, from_currency: str, to_currency: str, rates: Mapping[str, Decimal]) -> Decimal | None:
    """``price`` in ``to_currency``, rounded half-up to the cent; None without a rate (never a guess).

    ``rates`` maps a currency to units of ``to_currency`` per unit (the user's, saved with the project).
    """
    if from_currency == to_currency:
        return price.quantize(CENT, rounding=ROUND_HALF_UP)
    rate = rates.get(from_currency)
    return (price * rate).quantize(CENT, rounding=ROUND_HALF_UP) if rate is not None else None


@cache
def _book_rate_values(currency: str) -> Mapping[str, Decimal]:
    return {k: r.rate for k, r in default_rates(currency).items()}


def resolve_price(part: AnyPart, currency: str, rates: Mapping[str, Decimal] | None = None,
                  table: Mapping[str, ReferencePrice] | None = REFERENCE_PRICES
                  ) -> tuple[Decimal | None, ReferencePrice | None]:
    """The one pricing function: (unit price in ``currency``, the reference it came from, if any).

    The catalog's price (a list price, or the user's imported distributor price) wins; else the
    book's reference price; each converted only at a rate the user gave. (None, None) when neither
    can be had in ``currency``; a part the catalog prices in another currency with no rate is
    unpriced, never quietly reference-priced instead.
    """
    rates = rates or {}
    if part.price is not None:  # priced in another currency with no rate: unpriced, not reference-priced
        return convert(part.price, part.currency, currency, rates), None
    ref = reference_price(part, table)
    if ref is None:
        return None, None
    # The book's own EUR/CNY rows convert at the book's dated rates unless the user gave one.
    book = _book_rate_values(currency) if table is REFERENCE_PRICES else {}
    unit = convert(ref.price, ref.currency, currency, {**book, **rates} if rates else book)
    return (unit, ref) if unit is not None else (None, None)
