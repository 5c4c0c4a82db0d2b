"""Reference prices for parts the catalog leaves unpriced: one table every view prices from.

The bundled catalog prices few parts (shared/reference/data-notes.md: "absent for most datacenter
parts"); a presales engineer imports the distributor's list first. Until then a GPU, which
dominates the price of an inference server, takes seed 003's reference unit price (its table
"GPU选型", 2026-07, the midpoint of a range). The sizing assistant, the gauges, Compare and the
quote all read it through :func:`reference_price`, and every figure built on it says "reference",
so a build opened from the assistant costs what the assistant said, and no reference figure passes
for a quotation. An imported or catalog price always wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from app.core.parts import AnyPart, PartKind

SEED_003_PRICES = "seed 003, GPU selection table (reference unit prices, 2026-07; volatile, low confidence)"


@dataclass(frozen=True, slots=True)
class ReferencePrice:
    price: Decimal
    currency: str
    source: str
    quoted: str  # the figure as the source gives it


# Seed 003's table rows mapped to catalog ids; only GPUs the seed names and the catalog leaves unpriced.
REFERENCE_GPU_PRICES: Mapping[str, ReferencePrice] = {
    "nvidia-h200-sxm-141gb": ReferencePrice(Decimal(30000), "USD", SEED_003_PRICES, "$30,000+ (H200, 700 W)"),
    "nvidia-b200-sxm": ReferencePrice(Decimal(40000), "USD", SEED_003_PRICES, "$40,000+"),
    "nvidia-h100-pcie-80gb": ReferencePrice(Decimal(27500), "USD", SEED_003_PRICES, "$25,000-30,000 (H100 80GB)"),
    "nvidia-l40s": ReferencePrice(Decimal(9000), "USD", SEED_003_PRICES, "$8,000-10,000"),
    "nvidia-l20": ReferencePrice(Decimal(6000), "USD", SEED_003_PRICES, "$5,000-7,000"),
    "nvidia-a100-pcie-80gb": ReferencePrice(Decimal(13500), "USD", SEED_003_PRICES, "$12,000-15,000 (A100 80GB)"),
}


def reference_price(part: AnyPart, table: Mapping[str, ReferencePrice] | None = REFERENCE_GPU_PRICES
                    ) -> ReferencePrice | None:
    """The reference price of a part the catalog leaves unpriced (GPUs only), else None."""
    if table is None or part.price is not None or part.kind is not PartKind.GPU:
        return None
    return table.get(part.id)
