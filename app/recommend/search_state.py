"""The sizing search's shared state: its limits, the option and layout types, cancellation and
progress, and the lower bound each option's rank key is compared by.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from app.core.build import Build, Environment, Redundancy
from app.core.parts import Chassis, Llm
from app.core.scenarios import scenario_spec
from app.recommend.plans import PlanMaker, ReplicaPlan
from app.recommend.prices import REFERENCE_GPU_PRICES
from app.recommend.ranking import rank_key
from app.recommend.requirements import RankBy, Requirements
from app.recommend.results import Candidate, Failure, FailureKind
from app.recommend.text import t_noop

Progress = Callable[[int, int], None]
CancelCheck = Callable[[], bool]

if TYPE_CHECKING:
    from app.recommend.search import Recommender

# Rule errors that are the site's limits (relax the environment), not a flaw of the build.
ENVIRONMENT_RULES = frozenset({"power.rack-budget", "cooling.rack-heat", "power.edge-gpu"})
NODE_OPTIONS = 3  # node counts tried per replica plan and chassis (the densest first)
VARIANTS_TRIED = 2  # replica plans tried on one hardware option before taking the best failing one
FILTER_KINDS = frozenset({FailureKind.GPU, FailureKind.PRECISION})  # what the client chose to exclude
CHEAPER_EVALS = 24  # options completed to find the nearest cheaper failing build of one result
ADVICE_EVALS = 40  # options completed per requirement when looking for a relaxation
HOURS_PER_YEAR = 8760.0
NO_GPU_PRICE = t_noop("the GPU has no price in the catalog: the budget cannot be checked (import a price list)")


class SearchCancelled(Exception):  # noqa: N818 - reads as what happened
    """The caller cancelled the search."""


@dataclass(frozen=True, slots=True)
class _Spec:
    """One replica plan on one hardware layout."""

    plan: ReplicaPlan
    chassis: Chassis
    per_node: int
    nodes: int
    replicas: int  # model copies the layout holds
    cheap: tuple[Failure, ...]  # precision / latency failures of this plan

    @property
    def headroom(self) -> float | None:
        return None if self.plan.capacity <= 0 else self.replicas * self.plan.capacity


@dataclass(slots=True)
class _Option:
    """One hardware layout (GPU, chassis, GPUs per node, nodes) with its plan variants, best first."""

    key: tuple[str, str, int, int]
    variants: list[_Spec]
    hardware_fail: tuple[Failure, ...]
    price_lb: Decimal | None  # chassis, GPUs and CPUs; None when the GPU has no price
    cpu_priced: bool
    power_lb: float  # max wall power, all nodes
    typical_lb: float
    headroom: float | None  # exact: capacity / load - 1
    cost_lb: float | None
    candidate: Candidate | None = field(default=None)

    @property
    def best(self) -> _Spec:
        return self.variants[0]

    @property
    def cheap(self) -> tuple[Failure, ...]:
        return self.hardware_fail + self.best.cheap

    @property
    def cheap_kinds(self) -> frozenset[FailureKind]:
        return frozenset(f.kind for f in self.cheap)



class _RunBase:
    """One search's state: the requirement resolved against the catalog, the options and what was
    evaluated. The search's jobs (app.recommend.options, .evaluate, .explain, .nearest) build on it."""

    def __init__(self, rec: Recommender, req: Requirements, llm: Llm, cancelled: CancelCheck | None,
                 progress: Progress | None) -> None:
        self.rec = rec
        self.req = req
        self.llm = llm
        self.cancelled = cancelled
        self.progress = progress
        self.env: Environment = req.environment_model()
        self.redundancy: Redundancy = req.redundancy()
        self.spec = scenario_spec(req.scenario)
        self.ttft, self.tpot = req.targets()
        probe = rec.engine.context(Build(name="site", chassis_id="site", environment=self.env,
                                         psu_redundancy=self.redundancy))
        self.site = probe.site
        self.site_usable_w = probe.site.usable_w
        self.max_nodes = req.node_limit()
        self.plans = PlanMaker(req, llm, rec.profile, rec.calibration, rec.measured)
        self.reference = REFERENCE_GPU_PRICES if req.use_reference_prices else None
        self.options: list[_Option] = []
        self._done = 0
        self._expected = 1

    def check_cancel(self) -> None:
        if self.cancelled is not None and self.cancelled():
            raise SearchCancelled()

    def tick(self) -> None:
        self._done += 1
        if self.progress is not None:
            self.progress(min(self._done, self._expected - 1), self._expected)

    def evaluated(self) -> list[Candidate]:
        return [o.candidate for o in self.options if o.candidate is not None]

    def _bound(self, o: _Option) -> tuple[object, ...]:
        """A lower bound of the option's primary rank key (comparable with :func:`_primary`)."""
        by = self.req.rank_by
        if by is RankBy.COST:
            return (o.cost_lb is None, o.cost_lb or 0.0)
        if by is RankBy.POWER:
            return (round(o.power_lb, 1),)
        if by is RankBy.HEADROOM:
            return (o.headroom is None, -(o.headroom or 0.0))
        return (o.price_lb is None, not o.cpu_priced, float(o.price_lb or 0))

    def _primary(self, c: Candidate) -> tuple[object, ...]:
        """The part of the rank key the bound bounds (same length as :meth:`_bound`)."""
        size = {RankBy.COST: 2, RankBy.POWER: 1, RankBy.HEADROOM: 2, RankBy.PRICE: 3}[self.req.rank_by]
        return rank_key(c, self.req.rank_by)[:size]

