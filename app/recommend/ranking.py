"""Order candidates by what the client picked (the search's bounds mirror these keys)."""

from __future__ import annotations

from collections.abc import Sequence

from app.recommend.requirements import RankBy
from app.recommend.results import Candidate


def price_key(c: Candidate) -> tuple[bool, bool, float]:
    """Known GPU, then CPU prices first (a price on request is not cheap), then the known total.

    GPUs and CPUs are the priced bulk of a server; a build whose CPU has no price would otherwise
    look cheaper than one whose CPU has, by exactly that unknown amount.
    """
    return (not c.price.gpu_priced, not c.price.cpu_priced, float(c.price.total))


def rank_key(c: Candidate, by: RankBy) -> tuple[object, ...]:
    """Primary key by ``by``; ties go to fewer warnings, fewer GPUs, less power, then the name."""
    tail = (len(c.warnings), c.gpu_total, round(c.power_w, 1), c.build.name)
    if by is RankBy.COST:
        return (c.cost_per_mtok is None, c.cost_per_mtok or 0.0, *price_key(c), *tail)
    if by is RankBy.POWER:
        return (round(c.power_w, 1), *price_key(c), *tail)
    if by is RankBy.HEADROOM:
        return (c.headroom is None, -(c.headroom or 0.0), *price_key(c), *tail)
    return (*price_key(c), *tail)


def rank(candidates: Sequence[Candidate], by: RankBy) -> list[Candidate]:
    return sorted(candidates, key=lambda c: rank_key(c, by))
