"""Distributor price-list import: read CSV/XLSX, map columns, plan (dry run), apply in one transaction.

A list is judged whole before anything is written: rows that are malformed (no price, a
negative or absurd price, a bad currency code, one SKU priced twice) make the plan invalid
and nothing is written. SKUs the catalog doesn't know are normal in a distributor's list;
they are reported as unmatched and skipped.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from app.catalog.store import Catalog, PriceOverride
from app.core.files import read_regular_file
from app.core.quoting import clip

MAX_PRICE = Decimal("100000000")
MAX_ROWS = 200_000
MAX_FILE_BYTES = 32 * 1024 * 1024  # 200,000 rows of a distributor's list fit in a fraction of this
MAX_PRICE_DECIMALS = 6  # 0.004 stays 0.004 (it was rounded to 0.00); more digits than this is a typo

# Header synonyms, compared lower-cased with spaces, '_' and '.' removed.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "sku": ("sku", "partnumber", "partno", "pn", "p/n", "mpn", "item", "itemno", "itemnumber", "model", "料号", "型号"),
    "description": ("description", "desc", "name", "productname", "描述", "名称", "品名"),
    "price": ("price", "unitprice", "listprice", "netprice", "cost", "单价", "价格"),
    "currency": ("currency", "curr", "ccy", "币种", "货币"),
}
_CURRENCY_RE = re.compile(r"^[A-Z]{3}$")
_SYMBOLS = {"$": "USD", "US$": "USD", "¥": "CNY", "RMB": "CNY", "€": "EUR", "HK$": "HKD", "£": "GBP"}


class PriceListError(ValueError):
    """The file as a whole cannot be read (format, encoding, missing columns)."""


@dataclass(frozen=True, slots=True)
class ColumnMapping:
    sku: str
    price: str
    description: str | None = None
    currency: str | None = None


@dataclass(frozen=True, slots=True)
class PriceChange:
    row: int
    part_id: str
    sku: str
    old_price: Decimal | None
    old_currency: str
    new_price: Decimal
    currency: str

    @property
    def changed(self) -> bool:
        return self.old_price != self.new_price or self.old_currency != self.currency


@dataclass(frozen=True, slots=True)
class RejectedRow:
    row: int
    sku: str
    reason: str


@dataclass(slots=True)
class ImportPlan:
    file: str
    mapping: ColumnMapping
    changes: list[PriceChange] = field(default_factory=list)
    unchanged: list[PriceChange] = field(default_factory=list)
    unmatched: list[RejectedRow] = field(default_factory=list)
    rejected: list[RejectedRow] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.rejected

    def to_json(self) -> dict[str, Any]:
        def change(c: PriceChange) -> dict[str, Any]:
            return {
                "row": c.row, "part_id": c.part_id, "sku": c.sku,
                "old_price": None if c.old_price is None else str(c.old_price), "old_currency": c.old_currency,
                "new_price": str(c.new_price), "currency": c.currency,
            }

        def rej(r: RejectedRow) -> dict[str, Any]:
            return {"row": r.row, "sku": r.sku, "reason": r.reason}

        return {
            "file": self.file,
            "ok": self.ok,
            "mapping": {"sku": self.mapping.sku, "price": self.mapping.price,
                        "description": self.mapping.description, "currency": self.mapping.currency},
            "changes": [change(c) for c in self.changes],
            "unchanged": [change(c) for c in self.unchanged],
            "unmatched": [rej(r) for r in self.unmatched],
            "rejected": [rej(r) for r in self.rejected],
        }


def _norm(header: str) -> str:
    return re.sub(r"[\s_.\-]", "", header.strip().lower())


def read_table(path: Path, sheet: str | None = None) -> tuple[list[str], list[list[str]]]:
    """Header and rows as text, from CSV (any common delimiter) or XLSX."""
    suffix = path.suffix.lower()
    if suffix not in (".xlsx", ".xlsm", ".csv", ".txt", ".tsv"):
        raise PriceListError(f"{path.name}: unsupported format '{clip(suffix, 20)}' (use .csv or .xlsx)")
    try:
        raw = read_regular_file(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise PriceListError(f"{path}: no such file") from None
    except OSError as exc:
        raise PriceListError(f"{path.name}: cannot read ({exc.strerror or exc})") from None
    if suffix in (".xlsx", ".xlsm"):
        return _read_xlsx(path, raw, sheet)
    return _read_csv(path, raw)


def _read_csv(path: Path, raw: bytes) -> tuple[list[str], list[list[str]]]:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            text = raw.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - gb18030 decodes nearly anything
        raise PriceListError(f"{path.name}: not UTF-8 or GB18030 text")
    if "\x00" in text:
        raise PriceListError(f"{path.name}: binary data, not a CSV file")
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise PriceListError(f"{path.name}: empty file or empty header line")
    try:
        dialect: Any = csv.Sniffer().sniff(lines[0], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    rows: list[list[str]] = []
    try:
        for row in csv.reader(io.StringIO(text, newline=""), dialect):
            rows.append(row)
            if len(rows) > MAX_ROWS + 1:
                raise PriceListError(f"{path.name}: more than {MAX_ROWS} rows")
    except csv.Error as exc:
        raise PriceListError(f"{path.name}: malformed CSV: {clip(exc)}") from None
    return [h.strip() for h in rows[0]], rows[1:]


def _read_xlsx(path: Path, raw: bytes, sheet: str | None) -> tuple[list[str], list[list[str]]]:
    """A workbook from untrusted hands: any failure of the reader (broken zip or XML, a numeric cell
    holding 'abc' or '1e999', entity tricks) becomes one PriceListError; entities are never
    resolved (openpyxl parses with defusedxml when present, else without DTD processing)."""
    from openpyxl import load_workbook  # noqa: PLC0415

    rows: list[list[str]] = []
    try:
        wb = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
        try:
            if sheet is not None and sheet not in wb.sheetnames:
                names = ", ".join(clip(n, 31) for n in wb.sheetnames[:20])
                raise PriceListError(f"{path.name}: no sheet named {clip(sheet)!r} (sheets: {names})")
            ws = wb[sheet] if sheet else wb.worksheets[0]
            for values in ws.iter_rows(values_only=True):
                rows.append(["" if v is None else _cell_text(v) for v in values])
                if len(rows) > MAX_ROWS + 1:
                    raise PriceListError(f"{path.name}: more than {MAX_ROWS} rows")
        finally:
            wb.close()
    except PriceListError:
        raise
    except Exception as exc:  # a hostile file can make the XLSX reader raise anything
        reason = clip(f"{type(exc).__name__}: {exc}", 160)
        raise PriceListError(f"{path.name}: not a readable XLSX workbook ({reason})") from None
    while rows and not any(c.strip() for c in rows[0]):
        rows.pop(0)
    if not rows:
        raise PriceListError(f"{path.name}: the sheet is empty")
    return [h.strip() for h in rows[0]], rows[1:]


def _cell_text(v: object) -> str:
    if isinstance(v, float):
        if not math.isfinite(v):
            return str(v)  # 'inf' / 'nan': parse_price rejects the row
        return repr(v) if v != int(v) else str(int(v))
    return str(v)


def guess_mapping(header: Sequence[str], overrides: dict[str, str] | None = None) -> ColumnMapping:
    """Find SKU/price/description/currency columns by header name; `overrides` names them explicitly."""
    overrides = dict(overrides or {})
    found: dict[str, str] = {}
    normalised = {_norm(h): h for h in header if h}
    for role, column in overrides.items():
        if role not in SYNONYMS:
            raise PriceListError(f"unknown column role '{role}' (use sku, price, description, currency)")
        if column not in header:
            raise PriceListError(f"column {column!r} for {role} is not in the header ({', '.join(header)})")
        found[role] = column
    for role, names in SYNONYMS.items():
        if role in found:
            continue
        for name in names:
            if _norm(name) in normalised:
                found[role] = normalised[_norm(name)]
                break
    missing = [r for r in ("sku", "price") if r not in found]
    if missing:
        raise PriceListError(
            f"cannot find the {' and '.join(missing)} column(s) in the header ({', '.join(header)}); "
            "name them with --map sku=COLUMN,price=COLUMN"
        )
    return ColumnMapping(found["sku"], found["price"], found.get("description"), found.get("currency"))


def parse_price(text: str) -> tuple[Decimal, str | None]:
    """'1,234.50', '$1,234.50', '¥12 345', '1.234,50' → (Decimal, currency from a symbol or None)."""
    s = text.strip().replace("\u00a0", " ")
    currency = None
    for symbol in sorted(_SYMBOLS, key=len, reverse=True):
        if s.upper().startswith(symbol):
            currency = _SYMBOLS[symbol]
            s = s[len(symbol):]
            break
    s = s.replace(" ", "").replace("'", "")
    if not s:
        raise ValueError("no price")
    if "," in s and "." in s:
        s = s.replace(",", "") if s.rfind(".") > s.rfind(",") else s.replace(".", "").replace(",", ".")
    elif "," in s:
        s = s.replace(",", "") if re.fullmatch(r"-?\d{1,3}(,\d{3})+", s) else s.replace(",", ".")
    if not re.fullmatch(r"-?\d+(\.\d+)?", s):
        raise ValueError(f"'{clip(text.strip())}' is not a price")
    return Decimal(s), currency


def plan_import(
    catalog: Catalog,
    path: Path,
    *,
    mapping_overrides: dict[str, str] | None = None,
    default_currency: str = "USD",
    sheet: str | None = None,
) -> ImportPlan:
    header, rows = read_table(path, sheet)
    if len(rows) > MAX_ROWS:
        raise PriceListError(f"{path.name}: more than {MAX_ROWS} rows")
    mapping = guess_mapping(header, mapping_overrides)
    index = {h: i for i, h in enumerate(header)}
    sku_index = catalog.find_by_sku()
    parts = catalog.parts_by_id()
    plan = ImportPlan(file=path.name, mapping=mapping)
    seen: dict[str, tuple[int, Decimal, str]] = {}

    def cell(row: list[str], column: str | None) -> str:
        if column is None:
            return ""
        i = index[column]
        return row[i].strip() if i < len(row) else ""

    for line, row in enumerate(rows, start=2):
        if not any(c.strip() for c in row):
            continue
        sku = cell(row, mapping.sku)
        if not sku:
            plan.rejected.append(RejectedRow(line, "", "no SKU"))
            continue
        try:
            price, symbol_currency = parse_price(cell(row, mapping.price))
        except ValueError as exc:
            plan.rejected.append(RejectedRow(line, clip(sku), f"price: {exc}"))
            continue
        if price <= 0:
            plan.rejected.append(RejectedRow(line, clip(sku), f"price {clip(price)} is not positive"))
            continue
        if price > MAX_PRICE:
            plan.rejected.append(RejectedRow(line, clip(sku), f"price {clip(price)} is absurd (over {MAX_PRICE})"))
            continue
        exponent = price.normalize().as_tuple().exponent
        if isinstance(exponent, int) and -exponent > MAX_PRICE_DECIMALS:
            reason = f"price {clip(price)} has more than {MAX_PRICE_DECIMALS} decimals"
            plan.rejected.append(RejectedRow(line, clip(sku), reason))
            continue
        if price == price.quantize(Decimal("0.01")):
            price = price.quantize(Decimal("0.01"))  # money shows cents: 1234.5 → 1234.50; 0.004 stays
        currency = (cell(row, mapping.currency).upper() or symbol_currency or default_currency).strip()
        if not _CURRENCY_RE.match(currency):
            reason = f"currency {clip(currency)!r} is not a three-letter ISO code"
            plan.rejected.append(RejectedRow(line, clip(sku), reason))
            continue
        key = sku.lower()
        if key in seen:
            first_line, first_price, first_currency = seen[key]
            if (first_price, first_currency) != (price, currency):
                reason = f"priced twice: {first_price} {first_currency} on row {first_line}, {price} {currency} here"
                plan.rejected.append(RejectedRow(line, clip(sku), reason))
            continue
        seen[key] = (line, price, currency)
        part_id = sku_index.get(key)
        if part_id is None:
            plan.unmatched.append(RejectedRow(line, clip(sku), "no catalog part has this SKU"))
            continue
        part = parts[part_id]
        change = PriceChange(line, part_id, sku, part.price, part.currency, price, currency)
        (plan.changes if change.changed else plan.unchanged).append(change)
    return plan


def apply_plan(catalog: Catalog, plan: ImportPlan) -> int:
    """Write every change in one transaction; refuses a plan with rejected rows."""
    if not plan.ok:
        raise PriceListError(f"{plan.file}: {len(plan.rejected)} rejected row(s); nothing was imported")
    now = datetime.now(UTC).isoformat(timespec="seconds")
    return catalog.set_price_overrides(
        PriceOverride(c.part_id, c.new_price, c.currency, f"price list {plan.file}, row {c.row}", now)
        for c in plan.changes
    )
