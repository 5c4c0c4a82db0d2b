"""What the latency target costs: the cheapest qualifying build at the targets and at looser ones.

A 100 ms P99 TTFT on 2,048-token prompts may take four 8-GPU nodes where 300 ms takes one; the
engineer can only say so to the client with the figures side by side. Each row is a full search
(the same Recommender, every other requirement and filter unchanged), so its build is one the
rules pass and the assistant would rank.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from app.recommend.requirements import Requirements
from app.recommend.results import Candidate, Recommendation
from app.recommend.text import t

DEFAULT_FACTORS = (1.0, 2.0, 3.0)


def heading() -> str:
    return t("What the latency targets cost (cheapest build that qualifies):")


@dataclass(frozen=True, slots=True)
class TargetCost:
    factor: float  # x the asked-for targets
    ttft_ms: float | None
    tpot_ms: float | None
    build_name: str | None  # None: nothing qualifies at these targets
    price: Decimal | None  # the cheapest qualifying build's price (a lower bound when incomplete)
    currency: str
    price_complete: bool
    nodes: int | None
    gpus: int | None

    def describe(self) -> str:
        """'2 x looser: P99 TTFT 200 ms / P99 TPOT 400 ms: 273,780 USD: 2 nodes of 8 x …' (translated)."""
        targets = " / ".join(x for x in (t("P99 TTFT {ms:g} ms", ms=self.ttft_ms) if self.ttft_ms else "",
                                         t("P99 TPOT {ms:g} ms", ms=self.tpot_ms) if self.tpot_ms else "") if x)
        label = t("as asked") if self.factor == 1.0 else t("{factor:g} x looser", factor=self.factor)
        if self.build_name is None:
            what = t("nothing qualifies")
        elif self.price is None:
            what = t("{build} (GPU price on request)", build=self.build_name)
        elif self.price_complete:
            what = t("{price:,.0f} {currency}: {build}", price=self.price, currency=self.currency,
                     build=self.build_name)
        else:
            what = t("from {price:,.0f} {currency} (parts on request): {build}", price=self.price,
                     currency=self.currency, build=self.build_name)
        return t("{label}: {targets}: {what}", label=label, targets=targets, what=what)

    def to_dict(self) -> dict[str, Any]:
        return {"factor": self.factor, "ttft_ms": self.ttft_ms, "tpot_ms": self.tpot_ms,
                "build": self.build_name, "price": None if self.price is None else str(self.price),
                "currency": self.currency, "price_complete": self.price_complete, "nodes": self.nodes,
                "gpus": self.gpus}


def _cheapest(rec: Recommendation) -> Candidate | None:
    """The lowest-priced qualifying candidate whose GPUs have a price (else the top one)."""
    qualifying = [c for c in rec.candidates if not c.failures] or [r.candidate for r in rec.results]
    priced = [c for c in qualifying if c.price.gpu_priced]
    if priced:
        return min(priced, key=lambda c: (c.price.total, c.node_count * c.gpus_per_node))
    return qualifying[0] if qualifying else None


def target_costs(recommend: Callable[[Requirements], Recommendation], req: Requirements,
                 factors: Sequence[float] = DEFAULT_FACTORS,
                 first: Recommendation | None = None) -> tuple[TargetCost, ...]:
    """One row per factor; ``first``: the search already run at factor 1 (not repeated)."""
    ttft, tpot = req.targets()
    rows = []
    for f in factors:
        if ttft is None and tpot is None and f != 1.0:
            continue  # no targets: nothing to relax
        t_ttft = ttft * f if ttft is not None else None
        t_tpot = tpot * f if tpot is not None else None
        if f == 1.0 and first is not None:
            rec = first
        else:
            rec = recommend(req.model_copy(update={"ttft_ms": t_ttft, "tpot_ms": t_tpot}))
        c = _cheapest(rec)
        rows.append(TargetCost(
            factor=f, ttft_ms=t_ttft, tpot_ms=t_tpot, build_name=c.build.name if c else None,
            price=c.price.total if c and c.price.gpu_priced else None, currency=req.currency,
            price_complete=bool(c and c.price.complete), nodes=c.node_count if c else None,
            gpus=c.node_count * c.gpus_per_node if c else None))
    return tuple(rows)
