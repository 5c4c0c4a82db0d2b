"""What a candidate costs: catalog (or imported) prices, else the reference price book's.

Every part is priced by app.catalog.reference_prices.resolve_price, the function the BOM uses, so a
build opened from the assistant costs what the assistant said. A figure built on a reference price
says so; a part with no price at all is never counted as zero in silence: the tally lists it and the
price reads "from X" (a lower bound).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from app.catalog.reference_prices import REFERENCE_GPU_PRICES, SEED_003_PRICES, ReferencePrice, resolve_price
from app.core.build import Build
from app.core.parts import AnyPart, PartKind
from app.recommend.text import t

__all__ = ["REFERENCE_GPU_PRICES", "SEED_003_PRICES", "PriceTally", "ReferencePrice", "tally", "tally_quantities",
           "unit_price"]

@dataclass(frozen=True, slots=True)
class PriceTally:
    """The price of a whole deployment (all nodes) in one currency."""

    currency: str
    catalog: Decimal  # parts with a catalog price
    reference: Decimal  # GPUs priced from the reference table
    reference_parts: tuple[str, ...]  # part ids priced from the reference table
    unpriced_parts: tuple[str, ...]  # part ids with no price in this currency (counted as nothing)
    gpu_priced: bool  # every GPU has a catalog or reference price
    cpu_priced: bool = True  # every CPU has a catalog price

    @property
    def total(self) -> Decimal:
        """Known part of the price: catalog + reference; a lower bound when parts are unpriced."""
        return self.catalog + self.reference

    @property
    def complete(self) -> bool:
        return not self.unpriced_parts

    @property
    def estimated(self) -> bool:
        return bool(self.reference_parts)

    def describe(self) -> str:
        text = f"{self.total:,.0f} {self.currency}"
        if not self.gpu_priced:
            return t("GPU price on request") + (t("; other parts {price}", price=text) if self.total else "")
        if not self.complete:
            text = t("from {price}", price=text)
        notes = []
        if self.reference_parts:
            notes.append(t("reference prices: {parts}", parts=", ".join(self.reference_parts)))
        if self.unpriced_parts:
            notes.append(t("{count} part(s) price on request", count=len(self.unpriced_parts)))
        return text + (t(" ({notes})", notes="; ".join(notes)) if notes else "")

    def to_dict(self) -> dict[str, Any]:
        return {
            "currency": self.currency,
            "total": float(self.total),
            "catalog": float(self.catalog),
            "reference": float(self.reference),
            "reference_parts": list(self.reference_parts),
            "unpriced_parts": list(self.unpriced_parts),
            "complete": self.complete,
            "gpu_priced": self.gpu_priced,
            "cpu_priced": self.cpu_priced,
        }


def tally(build: Build, parts: Mapping[str, AnyPart], currency: str,
          reference: Mapping[str, ReferencePrice] | None = REFERENCE_GPU_PRICES) -> PriceTally:
    """Price the chassis and every placement x node_count; catalog prices first, the reference table for GPUs."""
    items = [(build.chassis_id, build.node_count)]
    items += [(p.part_id, p.quantity * build.node_count) for p in build.placements]
    return tally_quantities(items, parts, currency, reference)


def tally_quantities(items: Iterable[tuple[str, int]], parts: Mapping[str, AnyPart], currency: str,
                     reference: Mapping[str, ReferencePrice] | None = REFERENCE_GPU_PRICES) -> PriceTally:
    catalog = Decimal(0)
    ref_total = Decimal(0)
    ref_parts: list[str] = []
    unpriced: list[str] = []
    gpu_priced = cpu_priced = True
    for part_id, qty in items:
        part = parts.get(part_id)
        unit, ref = resolve_price(part, currency, table=reference) if part is not None else (None, None)
        if unit is not None and ref is None:
            catalog += unit * qty
            continue
        if unit is not None:
            ref_total += unit * qty
            if part_id not in ref_parts:
                ref_parts.append(part_id)
            continue
        if part is not None and part.kind is PartKind.GPU:
            gpu_priced = False
        if part is not None and part.kind is PartKind.CPU:
            cpu_priced = False
        if part_id not in unpriced:
            unpriced.append(part_id)
    return PriceTally(currency, catalog, ref_total, tuple(ref_parts), tuple(unpriced), gpu_priced, cpu_priced)


def unit_price(part: AnyPart, currency: str,
               reference: Mapping[str, ReferencePrice] | None = REFERENCE_GPU_PRICES) -> Decimal | None:
    """Catalog price in ``currency``, else the book's reference price, else None (as the BOM prices it)."""
    return resolve_price(part, currency, table=reference)[0]
