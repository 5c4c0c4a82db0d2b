"""BOM building: order, quantities, exact money, unpriced parts, bad input."""

from __future__ import annotations

from decimal import Decimal

import pytest

from app.core.build import Placement
from app.export.bom import CATEGORY_ORDER, BomError, Category, Pricing, build_bom, money
from tests.export.factory import PARTS, hgx_build, priced_parts


def test_lines_in_category_order_chassis_first() -> None:
    bom = build_bom(hgx_build(), priced_parts())
    cats = [line.category for line in bom.lines]
    assert cats[0] is Category.CHASSIS
    assert cats == sorted(cats, key=CATEGORY_ORDER.index)
    # PSUs are placed first in the build but listed last.
    assert [c.category for c in bom.categories] == list(CATEGORY_ORDER)


def test_quantities_and_extended_prices() -> None:
    bom = build_bom(hgx_build(node_count=3), priced_parts())
    by_id = {line.part_id: line for line in bom.lines}
    gpu = by_id["h100-sxm"]
    assert (gpu.qty_per_node, gpu.quantity) == (8, 24)
    assert gpu.unit_price == Decimal("27999.99")
    assert gpu.extended == Decimal("671999.76")
    assert by_id["hgx-8u"].quantity == 3
    assert by_id["ddr5-64"].quantity == 72
    assert bom.node_count == 3


def test_totals_reconcile_to_the_cent_with_half_up_rounding() -> None:
    pricing = Pricing(discount_pct=Decimal("7.5"), tax_pct=Decimal(13))
    bom = build_bom(hgx_build(), priced_parts(), pricing)
    assert bom.subtotal == sum(line.extended for line in bom.lines if line.extended is not None)
    assert bom.subtotal == sum(c.subtotal for c in bom.categories)
    assert bom.subtotal == Decimal("309448.90")
    # 309448.90 x 7.5 % = 23208.6675 -> 23208.67 (half-up)
    assert bom.discount == Decimal("23208.67")
    assert bom.net == bom.subtotal - bom.discount
    # 286240.23 x 13 % = 37211.2299 -> 37211.23
    assert bom.tax == Decimal("37211.23")
    assert bom.total == bom.net + bom.tax == Decimal("323451.46")
    for value in (bom.subtotal, bom.discount, bom.tax, bom.total):
        assert isinstance(value, Decimal)
        assert value == value.quantize(Decimal("0.01"))


def test_half_cent_rounds_up_not_to_even() -> None:
    # 307349.00 x 7.5 % = 23051.175 exactly: banker's rounding would give .18 too, so also check .125
    bom = build_bom(hgx_build(), PARTS, Pricing(discount_pct=Decimal("7.5")))
    assert bom.discount == Decimal("23051.18")
    assert money(Decimal("0.125")) == Decimal("0.13")
    assert money(Decimal("2.675")) == Decimal("2.68")


def test_unpriced_part_is_price_on_request_not_zero() -> None:
    bom = build_bom(hgx_build(), PARTS)
    unpriced = bom.unpriced
    assert [line.part_id for line in unpriced] == ["u2-3840"]
    assert unpriced[0].unit_price is None and unpriced[0].extended is None
    assert not bom.complete
    drives = next(c for c in bom.categories if c.category is Category.DRIVE)
    assert drives.unpriced == 1
    assert drives.subtotal == Decimal("179.98")  # the boot drives only
    assert build_bom(hgx_build(), priced_parts()).complete


def test_no_part_number_shows_a_dash_never_the_internal_id() -> None:
    """#18: a distributor reads the part-number column; an internal catalog id there misleads."""
    line = next(ln for ln in build_bom(hgx_build(), PARTS).lines if ln.part_id == "u2-3840")
    assert line.sku == "\u2014"
    with_mpn = next(ln for ln in build_bom(hgx_build(), PARTS).lines if ln.part_id == "cx7-400")
    assert with_mpn.sku == PARTS["cx7-400"].sku


def test_exchange_rate_converts_and_unknown_currency_stays_unpriced() -> None:
    parts = priced_parts()
    parts["cx7-400"] = parts["cx7-400"].model_copy(update={"currency": "EUR", "price": Decimal("999.99")})
    bom = build_bom(hgx_build(), parts)
    nic = next(ln for ln in bom.lines if ln.part_id == "cx7-400")
    assert nic.unit_price is None and not bom.complete
    bom = build_bom(hgx_build(), parts, Pricing(exchange_rates={"EUR": Decimal("1.085")}))
    nic = next(ln for ln in bom.lines if ln.part_id == "cx7-400")
    # 999.99 x 1.085 = 1084.98915 -> 1084.99 per unit, then x 8
    assert nic.unit_price == Decimal("1084.99")
    assert nic.extended == Decimal("8679.92")
    assert bom.complete


def test_unknown_part_id_names_build_and_id() -> None:
    build = hgx_build(placements=(*hgx_build().placements, Placement(part_id="no-such-gpu", slots=("pcie9",))))
    with pytest.raises(BomError, match=r"HGX H100.*'no-such-gpu'.*pcie9"):
        build_bom(build, PARTS)


def test_unknown_chassis_and_model_as_hardware_are_errors() -> None:
    with pytest.raises(BomError, match="unknown part id 'gone'"):
        build_bom(hgx_build(chassis_id="gone"), PARTS)
    with pytest.raises(BomError, match="not a chassis"):
        build_bom(hgx_build(chassis_id="h100-sxm"), PARTS)
    bad = hgx_build(placements=(Placement(part_id="llama-70b", slots=("gpu0",)),))
    with pytest.raises(BomError, match="llm"):
        build_bom(bad, PARTS)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"discount_pct": Decimal(-1)}, "discount"),
    ({"discount_pct": Decimal(101)}, "discount"),
    ({"tax_pct": Decimal("NaN")}, "tax"),
    ({"currency": "usd"}, "currency"),
    ({"exchange_rates": {"EUR": Decimal(0)}}, "exchange rate"),
])
def test_bad_pricing_is_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(BomError, match=message):
        Pricing(**kwargs)  # type: ignore[arg-type]
