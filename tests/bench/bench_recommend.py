"""Sizing assistant benchmark: one recommendation over the whole bundled catalog.

Target (issue 10): every ``recommend_*_ms`` <= 1000 ms, and ``recommend_worst_ms`` with it. Each
case is timed cold (a fresh Recommender: rule engine, host caches) and warm (the dialog keeps one
Recommender per catalog); figures are medians in milliseconds. The catalog is loaded once, apart.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from decimal import Decimal

from app.catalog.seed import by_id, load_source_parts
from app.core.build import EnvironmentKind
from app.core.precision import Precision
from app.core.scenarios import Scenario
from app.recommend import RankBy, Recommender, Requirements

ROUNDS = 5

CASES: dict[str, Requirements] = {
    # seed 003's video-moderation client
    "moderation": Requirements(
        llm_id="qwen2.5-7b", precisions=(Precision.INT8,), scenario=Scenario.CHAT, ttft_ms=200,
        requests_per_day=20_000, input_tokens=1024, output_tokens=64, environment=EnvironmentKind.ENTERPRISE,
        budget=Decimal(700_000)),
    # a small model every GPU holds, any precision, ranked by cost: the widest search
    "small_model_any_precision_cost": Requirements(
        llm_id="meta-llama-3.1-8b", scenario=Scenario.RAG, concurrency=64, rank_by=RankBy.COST, top=10),
    # nothing qualifies: the advice completes extra candidates
    "70b_enterprise_nothing_qualifies": Requirements(
        llm_id="meta-llama-3.1-70b", scenario=Scenario.CHAT, concurrency=50, input_tokens=512, output_tokens=256,
        environment=EnvironmentKind.ENTERPRISE, rack_kw=8, max_nodes=1),
    "405b_datacenter": Requirements(
        llm_id="meta-llama-3.1-405b", scenario=Scenario.SUMMARIZATION, concurrency=16),
    "deepseek_r1_power": Requirements(
        llm_id="deepseek-r1", scenario=Scenario.RAG, concurrency=64, rank_by=RankBy.POWER),
    "edge_headroom": Requirements(
        llm_id="qwen2.5-7b", scenario=Scenario.CODE, concurrency=4, environment=EnvironmentKind.EDGE,
        rank_by=RankBy.HEADROOM),
}


def _median_ms(fn: Callable[[], object], rounds: int = ROUNDS) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def benchmarks() -> dict[str, float]:
    parts = by_id(load_source_parts())
    out: dict[str, float] = {"recommender_setup_ms": _median_ms(lambda: Recommender(parts))}
    warm = Recommender(parts)
    worst = 0.0
    for name, req in CASES.items():
        cold = _median_ms(lambda req=req: Recommender(parts).recommend(req))
        hot = _median_ms(lambda req=req: warm.recommend(req))
        out[f"recommend_{name}_ms"] = cold
        out[f"recommend_{name}_warm_ms"] = hot
        worst = max(worst, cold, hot)
    out["recommend_worst_ms"] = worst
    return out


if __name__ == "__main__":
    for key, value in benchmarks().items():
        print(f"{key}: {value:.3f}")
