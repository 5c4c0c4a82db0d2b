"""The client's four questions as a model: one load, targets from the scenario, environment defaults."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pydantic import ValidationError

from app.core.build import EnvironmentKind, Redundancy
from app.core.precision import Precision
from app.core.scenarios import Scenario
from app.recommend import LoadMode, Requirements


def test_exactly_one_load_is_required() -> None:
    with pytest.raises(ValidationError, match="exactly one load"):
        Requirements(llm_id="qwen2.5-7b")
    with pytest.raises(ValidationError, match="concurrency, qps"):
        Requirements(llm_id="qwen2.5-7b", concurrency=4, qps=2.0)


def test_requests_per_day_become_peak_qps() -> None:
    # seed 003's video-moderation client: 20,000 requests a day; peak 3 x the average
    req = Requirements(llm_id="qwen2.5-7b", requests_per_day=20_000, peak_factor=3)
    assert req.load_mode is LoadMode.REQUESTS_PER_DAY
    assert req.peak_qps == pytest.approx(20_000 * 3 / 86_400)
    assert req.load_value == pytest.approx(0.6944, rel=1e-3)
    assert "20,000 requests/day x peak factor 3" in req.describe_load()
    conc = Requirements(llm_id="qwen2.5-7b", concurrency=50)
    assert conc.peak_qps is None and conc.load_value == 50 and conc.load_mode is LoadMode.CONCURRENCY


def test_targets_come_from_the_scenario_and_can_be_overridden() -> None:
    chat = Requirements(llm_id="qwen2.5-7b", concurrency=1, scenario=Scenario.CHAT)
    assert chat.targets() == (100, 200)  # TTFT < 100 ms, P99 < 200 ms read as TPOT
    batch = Requirements(llm_id="qwen2.5-7b", concurrency=1, scenario=Scenario.BATCH)
    assert batch.targets() == (None, None)
    custom = Requirements(llm_id="qwen2.5-7b", concurrency=1, scenario=Scenario.CHAT, ttft_ms=250, tpot_ms=50)
    assert custom.targets() == (250, 50)


def test_environment_defaults() -> None:
    edge = Requirements(llm_id="qwen2.5-7b", concurrency=1, environment=EnvironmentKind.EDGE)
    assert edge.redundancy() is Redundancy.NONE and edge.node_limit() == 1
    dc = Requirements(llm_id="qwen2.5-7b", concurrency=1)
    assert dc.redundancy() is Redundancy.N_PLUS_1 and dc.node_limit() == 16
    assert dc.environment_model().rack_budget_kw is None
    room = Requirements(llm_id="qwen2.5-7b", concurrency=1, environment=EnvironmentKind.ENTERPRISE, rack_kw=8)
    assert room.environment_model().rack_budget_kw == 8
    with pytest.raises(ValidationError, match="custom environment needs rack_kw"):
        Requirements(llm_id="qwen2.5-7b", concurrency=1, environment=EnvironmentKind.CUSTOM)


def test_precisions_accepted_first_then_the_rest_for_advice() -> None:
    req = Requirements(llm_id="qwen2.5-7b", concurrency=1, precisions=(Precision.INT4, Precision.INT4))
    assert req.precisions == (Precision.INT4,)
    assert req.search_precisions()[0] is Precision.INT4
    assert set(req.search_precisions()) >= {Precision.BF16, Precision.FP8, Precision.INT8, Precision.FP4}
    assert req.allows(Precision.INT4) and not req.allows(Precision.BF16)
    anything = Requirements(llm_id="qwen2.5-7b", concurrency=1)
    assert all(anything.allows(p) for p in Precision)


def test_bad_values_are_refused() -> None:
    with pytest.raises(ValidationError):
        Requirements(llm_id="Not A Slug", concurrency=1)
    with pytest.raises(ValidationError):
        Requirements(llm_id="qwen2.5-7b", concurrency=1, kv_precision=Precision.INT4)
    with pytest.raises(ValidationError):
        Requirements(llm_id="qwen2.5-7b", concurrency=0)
    with pytest.raises(ValidationError):
        Requirements(llm_id="qwen2.5-7b", concurrency=1, budget=Decimal(-1))


def test_json_round_trip() -> None:
    req = Requirements(llm_id="meta-llama-3.1-70b", precisions=(Precision.FP8,), qps=2.5,
                       environment=EnvironmentKind.ENTERPRISE, budget=Decimal("250000"), gpu_ids=("nvidia-l40s",))
    again = Requirements.model_validate_json(req.model_dump_json())
    assert again == req
    assert req.replicas_for(1.0) == 3 and req.replicas_for(2.5) == 1 and req.replicas_for(0) == 0
