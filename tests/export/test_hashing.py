"""The configuration hash: same inputs, same hash; any priced or specified change, another hash."""

from __future__ import annotations

from decimal import Decimal

from app.export.bom import Pricing
from app.export.hashing import canonical_json, config_digest, short_hash
from tests.export.factory import PARTS, hgx_build


def test_same_configuration_same_hash_and_order_free_catalog() -> None:
    a = config_digest([hgx_build()], PARTS, Pricing())
    shuffled = dict(reversed(list(PARTS.items())))
    extra = {**PARTS, "unused": PARTS["h100-sxm"].model_copy(update={"id": "unused"})}
    assert config_digest([hgx_build()], shuffled, Pricing()) == a
    assert config_digest([hgx_build()], extra, Pricing()) == a  # only parts the builds use count
    assert len(a) == 64 and short_hash(a) == a[:12]


def test_price_spec_build_and_terms_change_the_hash() -> None:
    base = config_digest([hgx_build()], PARTS, Pricing())
    repriced = {**PARTS, "h100-sxm": PARTS["h100-sxm"].model_copy(update={"price": Decimal("28000.00")})}
    respecced = {**PARTS, "h100-sxm": PARTS["h100-sxm"].model_copy(update={"tdp_w": 650.0})}
    variants = [
        config_digest([hgx_build()], repriced, Pricing()),
        config_digest([hgx_build()], respecced, Pricing()),
        config_digest([hgx_build(node_count=2)], PARTS, Pricing()),
        config_digest([hgx_build()], PARTS, Pricing(discount_pct=Decimal(5))),
        config_digest([hgx_build()], PARTS, Pricing(currency="EUR")),
    ]
    assert base not in variants and len(set(variants)) == len(variants)


def test_decimal_spelling_does_not_change_the_hash() -> None:
    assert config_digest([hgx_build()], PARTS, Pricing(tax_pct=Decimal("13"))) == \
        config_digest([hgx_build()], PARTS, Pricing(tax_pct=Decimal("13.00")))


def test_canonical_json_is_sorted_compact_utf8() -> None:
    assert canonical_json({"b": 1, "a": "中"}) == '{"a":"中","b":1}'.encode()
