"""A configuration hash printed on a quote, so the same quote can be reproduced and checked later.

The hash is SHA-256 over canonical JSON (sorted keys, no whitespace, UTF-8) of:
- the builds exported, as the project file stores them;
- every catalog part they use (chassis, placed parts, the workload's model) with all its
  fields, including price and currency, so a changed price or datasheet figure changes the hash;
- the pricing: currency, discount %, tax % (and label) and any exchange rates.

The same project, catalog and pricing always give the same hash, on any machine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from app.core.build import Build
from app.core.parts import AnyPart
from app.export.bom import Pricing, parts_used

HASH_SCHEME = "sha256/canonical-json/v1"
SHORT_HASH_CHARS = 12


def _plain_decimal(d: Decimal) -> str:
    """One spelling per value: 10, 10.0 and 1E+1 all give '10'."""
    text = format(d.normalize(), "f")
    return "0" if text in ("-0", "") else text


def canonical_json(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def pricing_payload(pricing: Pricing) -> dict[str, Any]:
    return {
        "currency": pricing.currency,
        "discount_pct": _plain_decimal(pricing.discount_pct),
        "tax_pct": _plain_decimal(pricing.tax_pct),
        "tax_label": pricing.tax_label,
        "exchange_rates": {k: _plain_decimal(v) for k, v in sorted(pricing.exchange_rates.items())},
    }


def config_payload(builds: Sequence[Build], parts: Mapping[str, AnyPart], pricing: Pricing) -> dict[str, Any]:
    used: dict[str, AnyPart] = {}
    for build in builds:
        used.update(parts_used(build, parts))
    part_data = {}
    for pid in sorted(used):
        data = used[pid].model_dump(mode="json")
        if data.get("price") is not None:
            data["price"] = _plain_decimal(Decimal(data["price"]))
        part_data[pid] = data
    return {
        "scheme": HASH_SCHEME,
        "builds": [b.model_dump(mode="json") for b in builds],
        "parts": part_data,
        "pricing": pricing_payload(pricing),
    }


def config_digest(builds: Sequence[Build], parts: Mapping[str, AnyPart], pricing: Pricing) -> str:
    """Hex SHA-256 of the canonical configuration (see the module docstring)."""
    return hashlib.sha256(canonical_json(config_payload(builds, parts, pricing))).hexdigest()


def short_hash(digest: str) -> str:
    """The first 12 hex digits (48 bits): what the cover and the footer print."""
    return digest[:SHORT_HASH_CHARS]
