"""The bill of materials of one build: lines, subtotals per category, discount, tax and total.

Pure and exact: money is :class:`~decimal.Decimal` throughout. The rounding is stated once here and
printed in the PDF's assumptions (:data:`ROUNDING_RULE`):

- a line's extended price = unit price x quantity, rounded half-up to the cent;
- a category subtotal and the subtotal are sums of line amounts (no further rounding);
- discount = subtotal x discount % / 100, rounded half-up to the cent;
- tax = (subtotal - discount) x tax % / 100, rounded half-up to the cent;
- total = subtotal - discount + tax.

So every printed figure is the sum of the printed figures above it, to the cent.

A part without a price (or priced in another currency with no exchange rate given) is never
counted as zero: its line says "price on request" and :attr:`Bom.complete` is False, which the
PDF, CSV and XLSX all state next to the totals.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from enum import StrEnum

from app.catalog.reference_prices import REFERENCE_PRICES, ReferencePrice, convert, resolve_price
from app.core.build import Build
from app.core.parts import AnyPart, PartKind
from app.export.errors import ExportError

CENT = Decimal("0.01")
# What the part-number column shows where no manufacturer part number is published.
NO_MPN = "\u2014"
HUNDRED = Decimal(100)
ZERO = Decimal(0)


class BomError(ExportError):
    """The build cannot be priced as given (unknown part id, a model placed as hardware, bad options)."""


class Category(StrEnum):
    CHASSIS = "chassis"
    GPU = "gpu"
    CPU = "cpu"
    MEMORY = "memory"
    NIC = "nic"
    DRIVE = "drive"
    PSU = "psu"


# BOM order: chassis first, then GPUs, CPUs, memory, NICs, drives, PSUs.
CATEGORY_ORDER: tuple[Category, ...] = tuple(Category)

CATEGORY_OF_KIND: dict[PartKind, Category] = {
    PartKind.CHASSIS: Category.CHASSIS,
    PartKind.GPU: Category.GPU,
    PartKind.CPU: Category.CPU,
    PartKind.DIMM: Category.MEMORY,
    PartKind.NIC: Category.NIC,
    PartKind.DRIVE: Category.DRIVE,
    PartKind.PSU: Category.PSU,
}


def money(value: Decimal) -> Decimal:
    """Round half-up to the cent."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def _percent(value: Decimal | int | str, name: str, upper: Decimal) -> Decimal:
    try:
        d = Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        raise BomError(f"{name} must be a number, got {value!r}") from None
    if not d.is_finite() or d < 0 or d > upper:
        raise BomError(f"{name} must be between 0 and {upper} %, got {value}")
    return d


@dataclass(frozen=True, slots=True)
class Pricing:
    """How a build is priced: the quote currency, a discount and a tax, both in percent.

    ``exchange_rates`` maps another currency to units of the quote currency per unit
    (``{"EUR": Decimal("1.08")}`` in a USD quote); a part priced in a currency not listed stays
    unpriced rather than being converted at a guessed rate. A converted unit price is rounded
    half-up to the cent before it is multiplied by the quantity.
    """

    currency: str = "USD"
    discount_pct: Decimal = ZERO
    tax_pct: Decimal = ZERO
    tax_label: str = ""  # e.g. "VAT"; empty: the export's own word for tax
    exchange_rates: Mapping[str, Decimal] = field(default_factory=dict)
    # GPUs the catalog leaves unpriced take the reference table's price (app.catalog.reference_prices),
    # marked as such on every line and total, as the sizing assistant priced them.
    use_reference: bool = True

    def __post_init__(self) -> None:
        if len(self.currency) != 3 or not self.currency.isascii() or not self.currency.isupper():
            raise BomError(f"currency must be a three-letter ISO 4217 code, got {self.currency!r}")
        object.__setattr__(self, "discount_pct", _percent(self.discount_pct, "discount", Decimal(100)))
        object.__setattr__(self, "tax_pct", _percent(self.tax_pct, "tax", Decimal(100)))
        rates: dict[str, Decimal] = {}
        for code, rate in self.exchange_rates.items():
            try:
                r = Decimal(rate)
            except (InvalidOperation, TypeError, ValueError):
                raise BomError(f"exchange rate for {code} must be a number, got {rate!r}") from None
            if not r.is_finite() or r <= 0:
                raise BomError(f"exchange rate for {code} must be positive, got {rate}")
            rates[code] = r
        object.__setattr__(self, "exchange_rates", rates)

    def unit_price(self, part: AnyPart) -> Decimal | None:
        """The part's catalog price in the quote currency, or None where it has none (or no rate is known)."""
        return convert(part.price, part.currency, self.currency, self.exchange_rates) if part.price is not None \
            else None

    def price_of(self, part: AnyPart) -> tuple[Decimal | None, ReferencePrice | None]:
        """(unit price in the quote currency, the reference it came from when not the catalog's)."""
        return resolve_price(part, self.currency, self.exchange_rates, REFERENCE_PRICES if self.use_reference else None)


@dataclass(frozen=True, slots=True)
class BomLine:
    category: Category
    part_id: str
    sku: str  # the manufacturer part number (the catalog's sku), or NO_MPN: never the internal catalog id
    description: str
    qty_per_node: int
    quantity: int  # for all nodes of the build
    unit_price: Decimal | None  # in the quote currency; None: price on request
    extended: Decimal | None
    list_price: Decimal | None  # as in the catalog, in list_currency
    list_currency: str
    reference: ReferencePrice | None = None  # priced from the reference table, not the catalog: say so

    @property
    def priced(self) -> bool:
        return self.unit_price is not None


@dataclass(frozen=True, slots=True)
class CategoryTotal:
    category: Category
    lines: int
    subtotal: Decimal  # sum of the priced lines
    unpriced: int  # lines priced on request


@dataclass(frozen=True, slots=True)
class Bom:
    build_name: str
    node_count: int
    currency: str
    lines: tuple[BomLine, ...]
    categories: tuple[CategoryTotal, ...]  # only categories with lines, in CATEGORY_ORDER
    subtotal: Decimal
    discount_pct: Decimal
    discount: Decimal
    net: Decimal  # subtotal - discount
    tax_pct: Decimal
    tax_label: str
    tax: Decimal
    total: Decimal

    @property
    def unpriced(self) -> tuple[BomLine, ...]:
        return tuple(line for line in self.lines if not line.priced)

    @property
    def reference_lines(self) -> tuple[BomLine, ...]:
        """Lines priced from the reference table: the total is an estimate, not a quotation."""
        return tuple(line for line in self.lines if line.reference is not None)

    @property
    def complete(self) -> bool:
        """Every line has a price: the total is the whole price."""
        return all(line.priced for line in self.lines)

    def lines_in(self, category: Category) -> tuple[BomLine, ...]:
        return tuple(line for line in self.lines if line.category is category)


def hardware_part_ids(build: Build) -> list[str]:
    """Chassis first, then placed parts in placement order (each id once)."""
    seen: dict[str, None] = {build.chassis_id: None}
    for p in build.placements:
        seen.setdefault(p.part_id, None)
    return list(seen)


def parts_used(build: Build, parts: Mapping[str, AnyPart]) -> dict[str, AnyPart]:
    """Every catalog part the build refers to (hardware and the workload's model).

    Raises :class:`BomError` naming the build, the id and where it is used when an id is unknown.
    """
    out: dict[str, AnyPart] = {}
    wanted: list[tuple[str, str]] = [(build.chassis_id, "chassis")]
    for p in build.placements:
        wanted.append((p.part_id, "slots " + ", ".join(p.slots)))
    if build.workload is not None:
        wanted.append((build.workload.llm_id, "workload model"))
    for part_id, where in wanted:
        part = parts.get(part_id)
        if part is None:
            raise BomError(f"build {build.name!r}: unknown part id {part_id!r} ({where}); "
                           "it is not in this catalog")
        out[part_id] = part
    return out


def build_bom(build: Build, parts: Mapping[str, AnyPart], pricing: Pricing | None = None) -> Bom:
    """Price one build: one line per part, quantities for all ``build.node_count`` nodes."""
    pricing = pricing or Pricing()
    used = parts_used(build, parts)
    chassis = used[build.chassis_id]
    if chassis.kind is not PartKind.CHASSIS:
        raise BomError(f"build {build.name!r}: chassis_id {build.chassis_id!r} is a {chassis.kind.value}, "
                       "not a chassis")
    per_node: dict[str, int] = {build.chassis_id: 1}
    for p in build.placements:
        part = used[p.part_id]
        if part.kind not in CATEGORY_OF_KIND or part.kind is PartKind.CHASSIS:
            raise BomError(f"build {build.name!r}: {p.part_id!r} is a {part.kind.value} and cannot be placed "
                           f"in slots {', '.join(p.slots)}")
        per_node[p.part_id] = per_node.get(p.part_id, 0) + p.quantity

    lines: list[BomLine] = []
    for part_id in hardware_part_ids(build):
        part = used[part_id]
        qty_node = per_node[part_id]
        qty = qty_node * build.node_count
        unit, ref = pricing.price_of(part)
        lines.append(BomLine(
            category=CATEGORY_OF_KIND[part.kind],
            part_id=part.id,
            sku=part.sku or NO_MPN,
            description=part.display_name,
            qty_per_node=qty_node,
            quantity=qty,
            unit_price=unit,
            extended=money(unit * qty) if unit is not None else None,
            list_price=part.price,
            list_currency=part.currency,
            reference=ref,
        ))
    rank = {c: i for i, c in enumerate(CATEGORY_ORDER)}
    lines.sort(key=lambda ln: rank[ln.category])  # stable: placement order within a category
    return _totals(build.name, build.node_count, pricing, lines)


def _totals(name: str, nodes: int, pricing: Pricing, lines: list[BomLine]) -> Bom:
    cats: list[CategoryTotal] = []
    for cat in CATEGORY_ORDER:
        mine = [ln for ln in lines if ln.category is cat]
        if mine:
            cats.append(CategoryTotal(
                category=cat,
                lines=len(mine),
                subtotal=sum((ln.extended for ln in mine if ln.extended is not None), ZERO),
                unpriced=sum(1 for ln in mine if ln.extended is None),
            ))
    subtotal = sum((c.subtotal for c in cats), ZERO)
    discount = money(subtotal * pricing.discount_pct / HUNDRED)
    net = subtotal - discount
    tax = money(net * pricing.tax_pct / HUNDRED)
    return Bom(
        build_name=name,
        node_count=nodes,
        currency=pricing.currency,
        lines=tuple(lines),
        categories=tuple(cats),
        subtotal=subtotal,
        discount_pct=pricing.discount_pct,
        discount=discount,
        net=net,
        tax_pct=pricing.tax_pct,
        tax_label=pricing.tax_label,
        tax=tax,
        total=net + tax,
    )

