"""Prices: catalog first, seed 003's GPU reference where the catalog has none, never a silent zero."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from app.core.build import Build, Placement
from app.core.parts import AnyPart
from app.recommend import REFERENCE_GPU_PRICES
from app.recommend.prices import tally, unit_price


def test_reference_prices_only_fill_gaps(parts: Mapping[str, AnyPart]) -> None:
    for gpu_id, ref in REFERENCE_GPU_PRICES.items():
        part = parts[gpu_id]
        assert part.price is None, f"{gpu_id} has a catalog price; the reference must not shadow it"
        assert ref.source.startswith("seed 003") and ref.price > 0
    h100 = parts["nvidia-h100-sxm5-80gb"]
    assert unit_price(h100, "USD") == h100.price == Decimal(30000)
    assert unit_price(parts["nvidia-l20"], "USD") == Decimal(6000)
    assert unit_price(parts["nvidia-l20"], "USD", None) is None
    assert unit_price(parts["nvidia-l20"], "EUR") is None  # no exchange rate is guessed


def test_tally_counts_nodes_and_lists_what_has_no_price(parts: Mapping[str, AnyPart]) -> None:
    build = Build(name="b", chassis_id="diy-tower-1p-sp5-1gpu", node_count=2, placements=(
        Placement(part_id="nvidia-l20", slots=("gpu0",)),
        Placement(part_id="amd-epyc-9354", slots=("cpu0",)),
        Placement(part_id="generic-ddr5-rdimm-16gb-4800", slots=("dimm-s0-c0-0", "dimm-s0-c1-0")),
    ))
    t = tally(build, parts, "USD")
    assert t.catalog == Decimal(3420) * 2
    assert t.reference == Decimal(6000) * 2
    assert t.total == Decimal(18840)
    assert t.reference_parts == ("nvidia-l20",)
    assert t.unpriced_parts == ("diy-tower-1p-sp5-1gpu", "generic-ddr5-rdimm-16gb-4800")  # chassis counted too
    assert t.gpu_priced and t.cpu_priced and not t.complete and t.estimated
    assert t.describe().startswith("from 18,840 USD")
    no_ref = tally(build, parts, "USD", None)
    assert not no_ref.gpu_priced and no_ref.total == Decimal(6840)
    assert no_ref.describe().startswith("GPU price on request")
    assert no_ref.to_dict()["unpriced_parts"] == ["diy-tower-1p-sp5-1gpu", "nvidia-l20",
                                                  "generic-ddr5-rdimm-16gb-4800"]
