"""Distributor price-list import: read CSV/XLSX, map columns, plan (dry run), apply in one transaction.

A list is judged whole before anything is written: rows that are malformed (no price, a
negative or absurd price, a bad currency code, one SKU priced twice) make the plan invalid
and nothing is written. SKUs the catalog doesn't know are normal in a distributor's list;
they are reported as unmatched and skipped.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from app.catalog.store import Catalog, PriceOverride

MAX_PRICE = Decimal("100000000")
MAX_ROWS = 200_000

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
    if not path.is_file():
        raise PriceListError(f"{path}: no such file")
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        return _read_xlsx(path, sheet)
    if suffix in (".csv", ".txt", ".tsv"):
        return _read_csv(path)
    raise PriceListError(f"{path.name}: unsupported format '{suffix}' (use .csv or .xlsx)")


def _read_csv(path: Path) -> tuple[list[str], list[list[str]]]:
    raw = path.read_bytes()
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
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), dialect))
    except csv.Error as exc:
        raise PriceListError(f"{path.name}: malformed CSV: {exc}") from None
    return [h.strip() for h in rows[0]], rows[1:]


def _read_xlsx(path: Path, sheet: str | None) -> tuple[list[str], list[list[str]]]:
    import zipfile  # noqa: PLC0415

    from openpyxl import load_workbook  # noqa: PLC0415
    from openpyxl.utils.exceptions import InvalidFileException  # noqa: PLC0415

    try:
        wb = load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        raise PriceListError(f"{path.name}: not a readable XLSX workbook ({exc})") from None
    try:
        if sheet is not None and sheet not in wb.sheetnames:
            raise PriceListError(f"{path.name}: no sheet named {sheet!r} (sheets: {', '.join(wb.sheetnames)})")
        ws = wb[sheet] if sheet else wb.worksheets[0]
        rows: list[list[str]] = []
        for values in ws.iter_rows(values_only=True):
            rows.append(["" if v is None else _cell_text(v) for v in values])
            if len(rows) > MAX_ROWS + 1:
                raise PriceListError(f"{path.name}: more than {MAX_ROWS} rows")
    finally:
        wb.close()
    while rows and not any(c.strip() for c in rows[0]):
        rows.pop(0)
    if not rows:
        raise PriceListError(f"{path.name}: the sheet is empty")
    return [h.strip() for h in rows[0]], rows[1:]


def _cell_text(v: object) -> str:
    if isinstance(v, float):
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
        raise ValueError(f"'{text.strip()}' is not a price")
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
            plan.rejected.append(RejectedRow(line, sku, f"price: {exc}"))
            continue
        if price <= 0:
            plan.rejected.append(RejectedRow(line, sku, f"price {price} is not positive"))
            continue
        if price > MAX_PRICE:
            plan.rejected.append(RejectedRow(line, sku, f"price {price} is absurd (over {MAX_PRICE})"))
            continue
        price = price.quantize(Decimal("0.01"))
        currency = (cell(row, mapping.currency).upper() or symbol_currency or default_currency).strip()
        if not _CURRENCY_RE.match(currency):
            plan.rejected.append(RejectedRow(line, sku, f"currency {currency!r} is not a three-letter ISO code"))
            continue
        key = sku.lower()
        if key in seen:
            first_line, first_price, first_currency = seen[key]
            if (first_price, first_currency) != (price, currency):
                reason = f"priced twice: {first_price} {first_currency} on row {first_line}, {price} {currency} here"
                plan.rejected.append(RejectedRow(line, sku, reason))
            continue
        seen[key] = (line, price, currency)
        part_id = sku_index.get(key)
        if part_id is None:
            plan.unmatched.append(RejectedRow(line, sku, "no catalog part has this SKU"))
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
