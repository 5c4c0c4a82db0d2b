"""Prices: catalog first, the reference price book where the catalog has none, never a silent zero."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal

from app.catalog.reference_prices import ReferencePrice
from app.core.build import Build, Placement
from app.core.parts import AnyPart
from app.recommend import REFERENCE_GPU_PRICES
from app.recommend.prices import tally, unit_price


def test_reference_prices_only_fill_gaps(parts: Mapping[str, AnyPart]) -> None:
    for part_id, ref in REFERENCE_GPU_PRICES.items():
        assert part_id in parts, f"the price book prices {part_id}, which the catalog lacks"
        assert ref.source and ref.date and ref.price > 0
    h100 = parts["nvidia-h100-sxm5-80gb"]
    assert unit_price(h100, "USD") == h100.price == Decimal(30000)
    assert unit_price(parts["nvidia-l20"], "USD") == Decimal(6000)
    assert unit_price(parts["nvidia-l20"], "USD", None) is None
    assert unit_price(parts["nvidia-l20"], "GBP") is None  # no exchange rate is guessed
    # The book's own dated ECB rate converts its prices into EUR quotes (6000 / 1.1403).
    assert unit_price(parts["nvidia-l20"], "EUR") == Decimal("5261.77")


def test_tally_counts_nodes_and_lists_what_has_no_price(parts: Mapping[str, AnyPart]) -> None:
    build = Build(name="b", chassis_id="diy-tower-1p-sp5-1gpu", node_count=2, placements=(
        Placement(part_id="nvidia-l20", slots=("gpu0",)),
        Placement(part_id="amd-epyc-9354", slots=("cpu0",)),
        Placement(part_id="generic-ddr5-rdimm-16gb-4800", slots=("dimm-s0-c0-0", "dimm-s0-c1-0")),
    ))
    t = tally(build, parts, "USD")
    # Book: L20 6,000 USD; the tower 1,300 USD; 16 GB DDR5 RDIMM 550 EUR at the book's ECB rate 1.1403.
    dimm = (Decimal(550) * Decimal("1.1403")).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)  # 627.17
    assert t.catalog == Decimal(3420) * 2
    assert t.reference == (Decimal(6000) + Decimal(1300) + 2 * dimm) * 2
    assert t.reference_parts == ("diy-tower-1p-sp5-1gpu", "nvidia-l20", "generic-ddr5-rdimm-16gb-4800")
    assert t.unpriced_parts == ()
    assert t.gpu_priced and t.cpu_priced and t.complete and t.estimated
    assert t.describe().startswith(f"{t.total:,.0f} USD (reference prices:")
    # Without the book only catalog prices count, and the rest is listed (a lower bound).
    no_ref = tally(build, parts, "USD", None)
    assert not no_ref.gpu_priced and no_ref.total == Decimal(6840)
    assert no_ref.describe().startswith("GPU price on request")
    assert no_ref.to_dict()["unpriced_parts"] == ["diy-tower-1p-sp5-1gpu", "nvidia-l20",
                                                  "generic-ddr5-rdimm-16gb-4800"]
    # A book without the DIMM leaves it unpriced: "from X".
    small = {k: v for k, v in REFERENCE_GPU_PRICES.items() if k != "generic-ddr5-rdimm-16gb-4800"}
    partial = tally(build, parts, "USD", small)
    assert partial.unpriced_parts == ("generic-ddr5-rdimm-16gb-4800",)
    assert partial.describe().startswith("from ")


def test_price_book_rows_are_sourced_and_dated() -> None:
    from app.catalog.reference_prices import price_book

    book = price_book()
    assert len(book) >= 115
    for part_id, ref in book.items():
        assert isinstance(ref, ReferencePrice)
        assert ref.low is None or ref.low <= ref.price, part_id
        assert ref.high is None or ref.price <= ref.high, part_id
        assert ref.as_of() is not None, part_id
