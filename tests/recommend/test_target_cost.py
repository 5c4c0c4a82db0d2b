"""What the latency target costs: the cheapest qualifying build at the targets and looser ones."""

from __future__ import annotations

from collections.abc import Mapping

from app.core.parts import AnyPart
from app.core.precision import Precision
from app.core.scenarios import Scenario
from app.recommend import Recommender, Requirements
from app.recommend.target_cost import target_costs
from app.rules import RuleEngine

CHAT_70B = Requirements(llm_id="meta-llama-3.1-70b", scenario=Scenario.CHAT, concurrency=64, input_tokens=2048,
                        output_tokens=512, precisions=(Precision.FP8,))


def test_looser_targets_never_cost_more_and_each_build_meets_its_targets(
        recommender: Recommender, parts: Mapping[str, AnyPart], engine: RuleEngine) -> None:
    first = recommender.recommend(CHAT_70B)
    costs = target_costs(recommender.recommend, CHAT_70B, first=first)
    assert [c.factor for c in costs] == [1.0, 2.0, 3.0]
    assert [(c.ttft_ms, c.tpot_ms) for c in costs] == [(100, 200), (200, 400), (300, 600)]
    priced = [c.price for c in costs if c.price is not None]
    assert len(priced) >= 2 and priced == sorted(priced, reverse=True)  # loosening never costs more
    assert costs[-1].price is not None and costs[0].price is not None and costs[-1].price < costs[0].price
    for c in costs:
        assert c.build_name is not None
        assert c.describe().startswith(("as asked: P99 TTFT 100 ms", f"{c.factor:g} x looser: P99 TTFT"))
    # The 3 x looser row's build, opened as a tab, passes every rule at its own targets.
    relaxed = recommender.recommend(CHAT_70B.model_copy(update={"ttft_ms": 300.0, "tpot_ms": 600.0}))
    cheapest = next(c for c in relaxed.candidates if not c.failures and c.build.name == costs[-1].build_name)
    assert cheapest.build.workload is not None and cheapest.build.workload.ttft_target_ms == 300.0
    report = engine.validate(cheapest.build)
    assert report.counts()["error"] == 0  # at most a "may miss" warning, within the model's band
    assert report.load is not None and report.load["meets_targets"] is True


def test_no_targets_no_rows_to_relax(recommender: Recommender) -> None:
    batch = CHAT_70B.model_copy(update={"scenario": Scenario.BATCH, "concurrency": 8})
    costs = target_costs(recommender.recommend, batch)
    assert [c.factor for c in costs] == [1.0]
