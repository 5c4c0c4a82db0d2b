"""The client's four questions as one validated model (DOMAIN.md, "Who uses it and how").

1. the model and its quantisation (``llm_id``, ``precisions``),
2. the latency scenario (``scenario``; TTFT / P99 targets from app.core.scenarios, overridable),
3. the load: concurrent users, QPS, or requests per day with a peak factor,
4. the deployment environment (``environment``, ``rack_kw``) and the budget, if any.

Everything else has a default a user can see (``--help``, the dialog) and change.
"""

from __future__ import annotations

import math
from decimal import Decimal
from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from app.core.build import MAX_INPUT_TOKENS_CV, CoolingType, Environment, EnvironmentKind, Redundancy, ServingEngine
from app.core.parts import PartId
from app.core.precision import KV_PRECISIONS, Precision
from app.core.scenarios import Scenario, scenario_spec
from app.core.speculation import MAX_SPECULATIVE_TOKENS, check_speculation
from app.recommend.text import t, t_noop

SECONDS_PER_DAY = 86_400

# How the scenario table's "P99 latency" is read: the time between output tokens (TPOT/TBT), as
# MLPerf's server scenario bounds TPOT at P99 (research/perf-estimators.md, MLPerf notes) and seed
# 003 names TTFT and TBT as the two latencies users feel.
P99_MEANING = t_noop("the scenario's P99 latency is read as the time between output tokens (TPOT), as MLPerf's "
                     "server scenario bounds TPOT at P99; the performance model's estimate is compared with it")

# Precisions the search tries (FP16 behaves as BF16 and is tried only when asked for).
SEARCH_PRECISIONS: tuple[Precision, ...] = (Precision.BF16, Precision.FP8, Precision.INT8, Precision.INT4,
                                            Precision.FP4)

Money = Annotated[Decimal, Field(ge=0, le=Decimal("1000000000000"), max_digits=16, decimal_places=2)]


class LoadMode(StrEnum):
    CONCURRENCY = "concurrency"
    QPS = "qps"
    REQUESTS_PER_DAY = "requests-per-day"


class RankBy(StrEnum):
    PRICE = "price"  # lowest purchase price
    COST = "cost"  # lowest cost per million output tokens at the load
    POWER = "power"  # lowest wall power at full load
    HEADROOM = "headroom"  # most spare capacity at the load


class RequirementsError(ValueError):
    """The requirements cannot be searched as given (unknown model, no load); the message says why."""


class Requirements(BaseModel):
    """What the client needs; one of ``concurrency``, ``qps`` or ``requests_per_day`` is the load."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    llm_id: PartId = Field(description="catalog id of the LLM")
    precisions: tuple[Precision, ...] = Field(
        default=(), description="weight precisions the client accepts; empty: any the GPU runs")
    kv_precision: Precision = Field(default=Precision.BF16, description="KV-cache precision (vLLM 'auto' = BF16)")
    scenario: Scenario = Scenario.CHAT
    concurrency: int | None = Field(default=None, ge=1, le=1_000_000, description="requests in flight at peak")
    qps: float | None = Field(default=None, gt=0, le=1_000_000, description="requests per second at peak")
    requests_per_day: float | None = Field(default=None, gt=0, le=1e11, description="average daily requests")
    peak_factor: float = Field(default=3.0, ge=1, le=1000,
                               description="peak-hour rate / average rate (assumption: 3; ask the client)")
    input_tokens: int = Field(default=2048, ge=1, le=10_000_000)
    input_tokens_cv: float = Field(
        default=0.0, ge=0.0, le=MAX_INPUT_TOKENS_CV,
        description="spread of the prompts' lengths, standard deviation over mean (0: all input_tokens long)")
    output_tokens: int = Field(default=512, ge=1, le=10_000_000)
    speculative_tokens: int = Field(
        default=0, ge=0, le=MAX_SPECULATIVE_TOKENS,
        description="speculative decoding (MTP, EAGLE) the deployment runs: draft tokens a step (0: none)")
    acceptance_length: float | None = Field(
        default=None, ge=1.0, le=MAX_SPECULATIVE_TOKENS + 1,
        description="tokens a speculative step keeps per request, as the engine logs it; default: 70 % a draft token")
    environment: EnvironmentKind = EnvironmentKind.DATACENTER
    rack_kw: float | None = Field(default=None, gt=0, le=1000, description="per-rack power; default: the preset's")
    cooling: CoolingType | None = Field(default=None, description="the room's cooling; default: the preset's")
    cooling_kw: float | None = Field(default=None, gt=0, le=1000,
                                     description="heat removed per rack; default: the preset's or the cooling type's")
    budget: Money | None = Field(default=None, description="whole deployment, in `currency`")
    currency: str = Field(default="USD", pattern=r"^[A-Z]{3}$")
    rank_by: RankBy = RankBy.PRICE
    top: int = Field(default=5, ge=1, le=100)
    gpu_ids: tuple[PartId, ...] = Field(default=(), description="only these GPUs; empty: the whole catalog")
    include_consumer_gpus: bool = Field(
        default=False, description="GeForce cards: their driver licence excludes data-center use")
    max_nodes: int | None = Field(default=None, ge=1, le=1000, description="default: 1 at the edge, else 16")
    max_gpus_per_node: int | None = Field(default=None, ge=1, le=16)
    psu_redundancy: Redundancy | None = Field(default=None, description="default: none at the edge, else N+1")
    engine: ServingEngine = ServingEngine.VLLM
    ttft_ms: float | None = Field(default=None, gt=0, le=3_600_000, description="default: the scenario's")
    tpot_ms: float | None = Field(default=None, gt=0, le=3_600_000, description="default: the scenario's P99")
    use_reference_prices: bool = Field(
        default=True, description="where the catalog has no price, use the reference price book's")
    electricity_per_kwh: float = Field(default=0.12, ge=0, le=100)
    pue: float = Field(default=1.4, ge=1, le=5)
    amortisation_years: float = Field(default=3.0, gt=0, le=30)

    @field_validator("gpu_ids")
    @classmethod
    def _unique_gpus(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v))

    @field_validator("precisions")
    @classmethod
    def _unique(cls, v: tuple[Precision, ...]) -> tuple[Precision, ...]:
        return tuple(dict.fromkeys(v))

    @field_validator("kv_precision")
    @classmethod
    def _kv(cls, v: Precision) -> Precision:
        if v not in KV_PRECISIONS:
            raise ValueError("KV cache precision must be one of " + ", ".join(p.value for p in KV_PRECISIONS))
        return v

    @model_validator(mode="after")
    def _check(self) -> Requirements:
        given = [n for n in ("concurrency", "qps", "requests_per_day") if getattr(self, n) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one load: concurrency, qps or requests_per_day"
                             + (f" (got {', '.join(given)})" if given else ""))
        if self.environment is EnvironmentKind.CUSTOM and self.rack_kw is None:
            raise ValueError("a custom environment needs rack_kw")
        check_speculation(self.speculative_tokens, self.acceptance_length or 0.0)
        return self

    # --- derived ---------------------------------------------------------------------------------

    @property
    def load_mode(self) -> LoadMode:
        if self.concurrency is not None:
            return LoadMode.CONCURRENCY
        if self.qps is not None:
            return LoadMode.QPS
        return LoadMode.REQUESTS_PER_DAY

    @property
    def peak_qps(self) -> float | None:
        """Requests per second the deployment must sustain; None when the load is a concurrency."""
        if self.qps is not None:
            return self.qps
        if self.requests_per_day is not None:
            return self.requests_per_day * self.peak_factor / SECONDS_PER_DAY
        return None

    @property
    def load_value(self) -> float:
        """The load in its own unit: requests in flight, or requests per second at peak."""
        if self.concurrency is not None:
            return float(self.concurrency)
        q = self.peak_qps
        assert q is not None
        return q

    def describe_load(self) -> str:
        if self.concurrency is not None:
            return t("{count} concurrent requests", count=self.concurrency)
        if self.qps is not None:
            return t("{qps:g} requests/s at peak", qps=self.qps)
        assert self.requests_per_day is not None and self.peak_qps is not None
        return t("{per_day:,.0f} requests/day x peak factor {factor:g} = {qps:.3g} requests/s at peak",
                 per_day=self.requests_per_day, factor=self.peak_factor, qps=self.peak_qps)

    @property
    def context_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def targets(self) -> tuple[float | None, float | None]:
        """(TTFT ms, TPOT ms) the build must meet at the load; None = no bound."""
        spec = scenario_spec(self.scenario)
        ttft = self.ttft_ms if self.ttft_ms is not None else spec.ttft_ms
        tpot = self.tpot_ms if self.tpot_ms is not None else spec.p99_latency_ms
        return ttft, tpot

    def environment_model(self) -> Environment:
        return Environment(kind=self.environment, rack_budget_kw=self.rack_kw, cooling=self.cooling,
                           cooling_kw=self.cooling_kw)

    def redundancy(self) -> Redundancy:
        if self.psu_redundancy is not None:
            return self.psu_redundancy
        return Redundancy.NONE if self.environment is EnvironmentKind.EDGE else Redundancy.N_PLUS_1

    def node_limit(self) -> int:
        if self.max_nodes is not None:
            return self.max_nodes
        return 1 if self.environment is EnvironmentKind.EDGE else 16

    def allows(self, precision: Precision) -> bool:
        return not self.precisions or precision in self.precisions

    def search_precisions(self) -> tuple[Precision, ...]:
        """Every precision tried: the accepted ones first (they can qualify), the rest for advice."""
        extra = [p for p in SEARCH_PRECISIONS if p not in self.precisions]
        return tuple(self.precisions) + tuple(extra)

    def replicas_for(self, capacity_per_replica: float) -> int:
        """Model copies needed to carry the load when each carries ``capacity_per_replica``."""
        if capacity_per_replica <= 0:
            return 0
        return max(1, math.ceil(self.load_value / capacity_per_replica - 1e-9))
