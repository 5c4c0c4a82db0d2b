"""Sizing assistant: from the client's four questions to ranked, validated builds (pure, no Qt).

Public API::

    rec = Recommender(parts_by_id)                       # once per catalog (and rule profile)
    result = rec.recommend(Requirements(llm_id="qwen2.5-7b", scenario="chat", concurrency=8,
                                        environment="enterprise", rank_by="price"))
    result.results[0].candidate.build                    # a placed, validated app.core.build.Build
    result.results[0].cheaper_failing                    # the nearest cheaper build that fails, and why
    result.advice                                        # when nothing qualifies: what to relax

``recommend`` takes ``cancelled=`` (a callable polled between candidates; raises
:class:`SearchCancelled`) and ``progress=`` (called with (done, total)) for a GUI worker thread.
"""

from app.recommend.prices import REFERENCE_GPU_PRICES, PriceTally, ReferencePrice
from app.recommend.ranking import price_key, rank, rank_key
from app.recommend.requirements import LoadMode, RankBy, Requirements, RequirementsError
from app.recommend.results import (
    RELAXABLE,
    Advice,
    Candidate,
    Failure,
    FailureKind,
    LoadPoint,
    Ranked,
    Recommendation,
)
from app.recommend.search import ENVIRONMENT_RULES, Recommender, SearchCancelled

__all__ = [
    "ENVIRONMENT_RULES",
    "REFERENCE_GPU_PRICES",
    "RELAXABLE",
    "Advice",
    "Candidate",
    "Failure",
    "FailureKind",
    "LoadMode",
    "LoadPoint",
    "PriceTally",
    "RankBy",
    "Ranked",
    "Recommendation",
    "Recommender",
    "ReferencePrice",
    "Requirements",
    "RequirementsError",
    "SearchCancelled",
    "price_key",
    "rank",
    "rank_key",
]
