"""The nearest cheaper build that fails, and why (step 4 of the search); when nothing qualifies, the
options completed so that each relaxation the advice suggests is backed by a checked build.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from app.recommend.advice import ORDER
from app.recommend.evaluate import _EvaluatingRun
from app.recommend.plans import ReplicaPlan, precision_key
from app.recommend.results import RELAXABLE, Candidate, FailureKind
from app.recommend.search_state import ADVICE_EVALS, CHEAPER_EVALS, FILTER_KINDS, _Option


class _NearestRun(_EvaluatingRun):
    """Step 4 of the search: the nearest cheaper failing build of a result, and the builds that back the
    advice when nothing qualifies."""

    def cheaper_failing(self, c: Candidate) -> Candidate | None:
        """The failing build priced closest below ``c`` (both with a known GPU price), among the GPUs and
        precisions the client accepts: a GeForce card at INT4 is no answer to someone who excluded both."""
        if not c.price.gpu_priced:
            return None
        pool = sorted((o for o in self.options if o.price_lb is not None and o.price_lb < c.price.total
                       and not o.cheap_kinds & FILTER_KINDS),
                      key=lambda o: (o.price_lb, o.key), reverse=True)
        best: Candidate | None = None
        for o in pool[:CHEAPER_EVALS]:
            assert o.price_lb is not None
            if best is not None and o.price_lb < best.price.total:
                break
            self.check_cancel()
            cand = self.evaluate(o)
            if (cand.qualifies or not cand.price.gpu_priced or cand.price.total >= c.price.total
                    or cand.failure_kinds & FILTER_KINDS):
                continue
            if best is None or (cand.price.total, -len(cand.failures)) > (best.price.total, -len(best.failures)):
                best = cand
        return best

    def evaluate_for_advice(self) -> None:
        """Complete the options that can show a single relaxation (and pairs when needed)."""
        for kind in ORDER:
            pool = [o for o in self.options if o.cheap_kinds <= {kind}]
            self._evaluate_first(pool, self._advice_order(kind))
        if any(c.failure_kinds <= RELAXABLE and len(c.failure_kinds) == 1 for c in self.evaluated()):
            return
        pairs = [o for o in self.options if len(o.cheap_kinds) <= 2 and o.cheap_kinds <= RELAXABLE]
        self._evaluate_first(pairs, lambda o: (len(o.cheap_kinds), self._bound(o), o.key))

    def _advice_order(self, kind: FailureKind) -> Callable[[_Option], tuple[object, ...]]:
        if kind is FailureKind.PRECISION:
            return lambda o: (precision_key(o.best.plan.precision, self.plans.llm), self._bound(o), o.key)
        if kind is FailureKind.ENVIRONMENT:
            return lambda o: (o.power_lb / o.best.nodes, o.key)
        if kind is FailureKind.LATENCY:
            return lambda o: (self._excess(o.best.plan), o.key)
        if kind is FailureKind.NODES:
            return lambda o: (o.best.nodes, self._bound(o), o.key)
        if kind is FailureKind.BUDGET:
            return lambda o: (o.price_lb is None, not o.cpu_priced, o.price_lb or 0, o.key)
        return lambda o: (self._bound(o), o.key)

    def _excess(self, plan: ReplicaPlan) -> float:
        return max(plan.best_ttft_ms / self.ttft if self.ttft else 0.0,
                   plan.best_tpot_ms / self.tpot if self.tpot else 0.0)

    def _evaluate_first(self, pool: Iterable[_Option], order: Callable[[_Option], tuple[object, ...]]) -> None:
        """Complete the first ADVICE_EVALS options of ``pool`` in ``order``."""
        for o in sorted(pool, key=order)[:ADVICE_EVALS]:
            self.check_cancel()
            self.evaluate(o)

