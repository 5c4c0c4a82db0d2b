"""The sizing search: from the client's answers to ranked, validated builds.

Steps (every candidate shown passes exactly what a hand-made build passes):

1. Replicas (app.recommend.plans): for every GPU the catalog can place, every weight precision it
   runs and the smallest TP x PP groups that hold the weights, the load one model copy carries
   within the scenario's targets and the VRAM headroom the rules want. Replicas = load / that.
2. Hardware options: every chassis that physically takes the GPU (placement.why_not) and cools
   it, with the fewest nodes for each GPUs-per-node count. Variants on the same hardware (precision,
   layout) keep the best. Each option gets lower bounds (GPU + CPU price, power from TDPs) and the
   failures visible without a build (GPU or precision not accepted, latency-bound, too many
   nodes, over the site's power or GPU limits, over budget).
3. Completion and checking, best lower bound first (branch and bound): host parts
   (app.recommend.host), RuleEngine validation (hardware-only fixes of remaining errors applied,
   then validated again), and app.perf through ``build_inputs`` exactly as the GUI estimates a
   build. The search stops once no remaining option can enter the top N.
4. For each shown build, the nearest cheaper build that fails and why; when nothing qualifies,
   which requirement to relax (app.recommend.advice), each piece backed by a checked build.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal

from app.core.build import Build, Environment, Redundancy, Workload
from app.core.labels import engine_label, redundancy_key_label
from app.core.parts import AnyPart, Chassis, Gpu, Llm
from app.core.scenarios import scenario_spec
from app.perf import Calibration, CostInputs, Deployment, cost_per_million, prepare
from app.perf.engines import Engine
from app.perf.engines import profile as engine_profile
from app.perf.from_build import BuildNotEstimableError, build_inputs
from app.recommend.advice import ORDER, relaxation_advice
from app.recommend.host import HostPlanner, _CpuChoice, gpu_counts
from app.recommend.plans import (
    CAPACITY_SEARCH_FACTOR,
    PlanMaker,
    ReplicaPlan,
    nodes_for,
    precision_rank,
    replicas_needed,
)
from app.recommend.prices import REFERENCE_GPU_PRICES, tally, unit_price
from app.recommend.ranking import rank, rank_key
from app.recommend.requirements import P99_MEANING, LoadMode, RankBy, Requirements, RequirementsError
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
from app.recommend.text import consumer_failure, t, t_noop
from app.rules.engine import Report, RuleEngine
from app.rules.findings import Severity
from app.rules.fixes import AddParts, Fix, FixError, RemoveParts, ReplacePart, SetPsus, apply_fix
from app.rules.precision import supports
from app.rules.profile import RuleProfile
from app.rules.summary import Summary
from app.rules.text import cooling_label, limit_name, scenario_label

Progress = Callable[[int, int], None]
CancelCheck = Callable[[], bool]

# Rule errors that are the site's limits (relax the environment), not a flaw of the build.
ENVIRONMENT_RULES = frozenset({"power.rack-budget", "cooling.rack-heat", "power.edge-gpu"})
HARDWARE_OPS = (AddParts, RemoveParts, ReplacePart, SetPsus)
FIX_ROUNDS = 3
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


def _config(c: Candidate) -> tuple[str, int, int]:
    return (c.gpu_id, c.gpus_per_node, c.node_count)


def _hardware_fix(report: Report) -> Fix | None:
    """The first fix of an error finding that only edits parts (adds, removes, replaces, PSUs)."""
    for f in report.findings:
        if f.severity is not Severity.ERROR:
            break
        for fix in f.fixes:
            if all(isinstance(op, HARDWARE_OPS) for op in fix.ops):
                return fix
    return None


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Recommender:
    """Searches one catalog; make one per catalog (and profile) and call :meth:`recommend` per question."""

    def __init__(self, parts: Mapping[str, AnyPart], profile: RuleProfile | None = None,
                 calibration: Calibration | None = None, engine: RuleEngine | None = None) -> None:
        self.parts = parts
        self.engine = engine if engine is not None else RuleEngine(parts, profile)
        self.profile = self.engine.profile
        self.calibration = calibration
        self.host = HostPlanner(parts, self.engine)
        self.gpus: list[Gpu] = sorted((p for p in parts.values() if isinstance(p, Gpu)), key=lambda g: g.id)
        self.max_psu_efficiency = max((p.efficiency_50pct for p in self.engine.index.psus),
                                      default=self.profile.power.default_psu_efficiency.value)

    def validate_and_fix(self, build: Build) -> tuple[Build, Report, tuple[str, ...]]:
        """Validate; apply the rules' own hardware-only fixes to remaining errors and validate again.

        Returns the build, its report and the fixes applied. Fixes that would change what the client
        asked for (workload, environment, redundancy) are never applied; a fix is kept only when it
        leaves fewer errors.
        """
        report = self.engine.validate(build)
        applied: list[str] = []
        for _ in range(FIX_ROUNDS):
            if not report.has_errors:
                break
            fix = _hardware_fix(report)
            if fix is None:
                break
            try:
                fixed = apply_fix(build, fix)
            except FixError:
                break
            new_report = self.engine.validate(fixed)
            if new_report.counts()["error"] >= report.counts()["error"]:
                break
            build, report = fixed, new_report
            applied.append(fix.description)
        return build, report, tuple(applied)

    def recommend(self, req: Requirements, *, cancelled: CancelCheck | None = None,
                  progress: Progress | None = None) -> Recommendation:
        """Search the catalog; raises RequirementsError (unknown ids) or SearchCancelled."""
        t0 = time.perf_counter()
        llm = self.parts.get(req.llm_id)
        if not isinstance(llm, Llm):
            raise RequirementsError(f"{req.llm_id!r} is not an LLM in the catalog")
        unknown = [g for g in req.gpu_ids if not isinstance(self.parts.get(g), Gpu)]
        if unknown:
            raise RequirementsError("not GPUs in the catalog: " + ", ".join(unknown))
        run = _Run(self, req, llm, cancelled, progress)
        shown = [run.finalize(c) for c in run.search()]
        # Excluded GPUs and precisions join now: they can be the nearest cheaper build, and advice needs them.
        run.build_options(everything=True)
        results = tuple(Ranked(i + 1, c, run.cheaper_failing(c)) for i, c in enumerate(shown))
        advice: tuple[Advice, ...] = ()
        if not shown:
            run.evaluate_for_advice()
            advice = relaxation_advice(req, llm, run.evaluated(), run.site_usable_w, self.profile)
        if progress is not None:
            progress(1, 1)
        ttft, tpot = req.targets()
        evaluated = run.evaluated()
        return Recommendation(
            requirements=req, llm_name=llm.display_name, load=req.describe_load(), ttft_target_ms=ttft,
            tpot_target_ms=tpot, results=results, advice=advice,
            qualified=sum(1 for c in evaluated if c.qualifies), evaluated=len(evaluated), notes=run.notes(),
            elapsed_s=time.perf_counter() - t0, candidates=tuple(evaluated),
        )


class _Run:
    """One search: the requirement resolved against the catalog, the options and what was evaluated."""

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
        self.plans = PlanMaker(req, llm, rec.profile, rec.calibration)
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

    # --- options ------------------------------------------------------------------------------------

    def gpu_failure(self, gpu: Gpu) -> Failure | None:
        req = self.req
        if req.gpu_ids and gpu.id not in req.gpu_ids:
            return Failure(FailureKind.GPU, t("{gpu} is not among the GPUs asked for", gpu=gpu.display_name))
        if gpu.consumer and not req.include_consumer_gpus and gpu.id not in req.gpu_ids:
            return Failure(FailureKind.GPU, consumer_failure(gpu.display_name))
        return None

    def per_node_limit(self) -> int | None:
        limits = [x for x in (self.req.max_gpus_per_node,
                              int(self.site.max_gpus.value) if self.site.max_gpus is not None else None)
                  if x is not None]
        return min(limits) if limits else None

    def build_options(self, everything: bool = False) -> None:
        """Hardware options for the accepted GPUs and precisions; ``everything`` adds the rest (for advice)."""
        limit = self.per_node_limit()
        liquid = self.site.cooling.is_liquid
        groups: dict[tuple[str, str, int, int], list[_Spec]] = {}
        for gpu in self.rec.gpus:
            self.check_cancel()
            if not everything and self.gpu_failure(gpu) is not None:
                continue
            chassis = self.rec.host.chassis_for(gpu, liquid=liquid)
            counts = {c.id: gpu_counts(c, self.rec.host.positions(c, gpu), limit) for c in chassis}
            per_node_max = max((max(v) for v in counts.values() if v), default=0)
            if per_node_max == 0:
                continue
            for precision in self.req.search_precisions():
                if not supports(gpu, precision) or not (everything or self.req.allows(precision)):
                    continue
                prec_fail = None if self.req.allows(precision) else Failure(
                    FailureKind.PRECISION, t("{precision} weights not accepted (accepted: {accepted})",
                                             precision=precision.value.upper(),
                                             accepted=", ".join(p.value.upper() for p in self.req.precisions)))
                for plan in self.plans.plans_for(gpu, precision, per_node_max, self.max_nodes, self.cancelled):
                    replicas, within = replicas_needed(self.req, plan)
                    cheap = [f for f in (prec_fail,) if f is not None]
                    if not within:
                        cheap.append(self._latency_bound(plan))
                    for c in chassis:
                        for spec in self._layouts(plan, c, counts[c.id], replicas, tuple(cheap)):
                            groups.setdefault((gpu.id, c.id, spec.per_node, spec.nodes), []).append(spec)
        before = {o.key: o for o in self.options}
        self.options = []
        for key, specs in sorted(groups.items()):
            specs.sort(key=self._variant_key)
            old = before.get(key)
            # An option evaluated before keeps its result when its best variant is unchanged.
            self.options.append(old if old is not None and old.best == specs[0] else self._option(key, specs))

    def _latency_bound(self, plan: ReplicaPlan) -> Failure:
        missed = []
        if self.ttft is not None and plan.best_ttft_ms > self.ttft:
            missed.append(t("TTFT {ms:,.0f} ms > {target:g} ms", ms=plan.best_ttft_ms, target=self.ttft))
        if self.tpot is not None and plan.best_tpot_ms > self.tpot:
            missed.append(t("TPOT {ms:,.1f} ms > {target:g} ms", ms=plan.best_tpot_ms, target=self.tpot))
        detail = "; ".join(missed) or t("the targets are missed under load")
        return Failure(FailureKind.LATENCY, t("{plan}: even one request per model copy misses the targets ({detail})",
                                              plan=plan.describe(), detail=detail))

    def _layouts(self, plan: ReplicaPlan, chassis: Chassis, counts: Sequence[int], replicas: int,
                 cheap: tuple[Failure, ...]) -> list[_Spec]:
        if not counts:
            return []
        group = plan.group
        options: dict[int, int] = {}  # nodes -> GPUs per node
        if group > max(counts):
            if plan.pp > 1 and plan.tp in counts:
                options[nodes_for(replicas, group, plan.tp)] = plan.tp
        else:
            for per_node in counts:
                if per_node % group:
                    continue
                n = nodes_for(replicas, group, per_node)
                if n not in options or per_node < options[n]:
                    options[n] = per_node
        if not options:
            return []
        within = [n for n in sorted(options) if n <= self.max_nodes][:NODE_OPTIONS]
        out = []
        for n in within or [min(options)]:
            per_node = options[n]
            copies = n // plan.pp if group > per_node else n * (per_node // group)
            out.append(_Spec(plan, chassis, per_node, n, copies, cheap))
        return out

    def _variant_key(self, s: _Spec) -> tuple[object, ...]:
        head = s.headroom
        return (len(s.cheap), -precision_rank(s.plan.precision), -(head or 0.0), s.plan.tp, s.plan.pp)

    def _memory_price(self, chassis: Chassis, gpu: Gpu, per_node: int, cpu: _CpuChoice | None) -> Decimal:
        """The DIMMs the host planner will place (RAM >= 2 x VRAM, >= 2 GB per core) at their price: with
        2026 memory prices they are a large part of a node, so the lower bound must count them."""
        if cpu is None:
            return Decimal(0)
        h = self.rec.profile.host
        target = max(h.ram_per_vram.value * gpu.vram_gib * per_node, h.ram_gb_per_core.value * cpu.cpu.cores
                     * cpu.sockets)
        dimm, dpc, _ = self.rec.host.choose_dimms(chassis, cpu.cpu, cpu.sockets, target)
        unit = unit_price(dimm, self.req.currency, self.reference)
        channels = min(chassis.memory_channels_per_socket, cpu.cpu.memory_channels) * cpu.sockets
        return unit * channels * dpc if unit is not None else Decimal(0)

    def _option(self, key: tuple[str, str, int, int], specs: list[_Spec]) -> _Option:
        best = specs[0]
        gpu, chassis, per_node, nodes = best.plan.gpu, best.chassis, best.per_node, best.nodes
        req, site = self.req, self.site
        fails: list[Failure] = []
        gpu_fail = self.gpu_failure(gpu)
        if gpu_fail is not None:
            fails.append(gpu_fail)
        if nodes > self.max_nodes:
            fails.append(Failure(FailureKind.NODES, t("needs {nodes} nodes for the load; at most {limit} allowed",
                                                      nodes=nodes, limit=self.max_nodes)))
        cpu = self.rec.host.choose_cpu(chassis, per_node, self.spec.cpu_preference, req.currency)
        price: Decimal | None = unit_price(gpu, req.currency, self.reference)
        cpu_price = unit_price(cpu.cpu, req.currency, self.reference) if cpu is not None else None
        if price is not None:
            price *= per_node
            if cpu is not None:
                price += (cpu_price or Decimal(0)) * cpu.sockets
            price += unit_price(chassis, req.currency, self.reference) or Decimal(0)
            price += self._memory_price(chassis, gpu, per_node, cpu)
            price *= nodes
        typical = self.rec.profile.power.typical_load
        chassis_w = chassis.overhead_w(gpu.tdp_w * per_node)
        dc = gpu.tdp_w * per_node + chassis_w
        dc_typical = gpu.tdp_w * per_node * typical["gpu"].value + chassis_w * typical["chassis"].value
        if cpu is not None:
            dc += cpu.cpu.tdp_w * cpu.sockets
            dc_typical += cpu.cpu.tdp_w * cpu.sockets * typical["cpu"].value
        node_lb = dc / self.rec.max_psu_efficiency
        power_lb = node_lb * nodes
        typical_lb = dc_typical / self.rec.max_psu_efficiency * nodes
        if site.max_gpu_tdp_w is not None and gpu.tdp_w > site.max_gpu_tdp_w.value:
            fails.append(Failure(FailureKind.ENVIRONMENT, t("{gpu} draws {tdp:g} W; the site takes GPUs up to "
                                                            "{limit:g} W", gpu=gpu.display_name, tdp=gpu.tdp_w,
                                                            limit=site.max_gpu_tdp_w.value),
                                 "power.edge-gpu"))
        if node_lb > site.usable_w:
            fails.append(Failure(FailureKind.ENVIRONMENT, t("one node draws at least {node_w:,.0f} W; the rack allows "
                                                            "{usable_w:,.0f} W", node_w=node_lb,
                                                            usable_w=site.usable_w), "power.rack-budget"))
        elif node_lb > site.cooling_ceiling_w:
            fails.append(Failure(FailureKind.ENVIRONMENT, t("one node gives off at least {node_w:,.0f} W; {cooling} "
                                                            "cooling removes {ceiling_w:,.0f} W per rack",
                                                            node_w=node_lb, cooling=cooling_label(site.cooling),
                                                            ceiling_w=site.cooling_ceiling_w),
                                 "cooling.rack-heat"))
        if req.budget is not None and price is None:
            fails.append(Failure(FailureKind.BUDGET, t(NO_GPU_PRICE)))
        elif req.budget is not None and price is not None and price > req.budget:
            fails.append(Failure(FailureKind.BUDGET, t("costs at least {price:,.0f} {currency}; budget {budget:,.0f}",
                                                       price=price, currency=req.currency, budget=req.budget)))
        cap = best.headroom
        headroom = None if cap is None else cap / req.load_value - 1.0
        cost_lb = None
        # Output tokens/s at the load can exceed neither the replicas' capacity nor what the load asks:
        # C requests in flight finish at most C / e2e(1) per second; a QPS load is met by the smallest
        # concurrency that reaches it, which overshoots by less than one request per e2e(1).
        e2e = max(best.plan.best_e2e_s, 1e-9)
        rate_ub = req.load_value / e2e if req.load_mode is LoadMode.CONCURRENCY else req.load_value + 1.0 / e2e
        tps_ub = min(best.replicas * best.plan.tps_at_cap, rate_ub * req.output_tokens)
        if price is not None and tps_ub > 0:
            hourly = (float(price) / (req.amortisation_years * HOURS_PER_YEAR)
                      + typical_lb / 1000.0 * req.electricity_per_kwh * req.pue)
            cost_lb = hourly / (tps_ub * 3600.0) * 1e6
        return _Option(key, specs, tuple(fails), price, cpu_price is not None, power_lb, typical_lb, headroom,
                       cost_lb)

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

    # --- the search ---------------------------------------------------------------------------------

    def search(self) -> list[Candidate]:
        """Top N qualifying builds, one per GPU configuration, best first (branch and bound)."""
        self.build_options()
        clean = sorted((o for o in self.options if not o.cheap), key=lambda o: (self._bound(o), o.key))
        self._expected = len(clean) + 1
        found: dict[tuple[str, int, int], Candidate] = {}
        for o in clean:
            self.check_cancel()
            if len(found) >= self.req.top:
                kth = rank(list(found.values()), self.req.rank_by)[self.req.top - 1]
                if self._bound(o) > self._primary(kth):
                    break
            cand = self.evaluate(o)
            self.tick()
            if cand.qualifies:
                cfg = _config(cand)
                if cfg not in found or rank_key(cand, self.req.rank_by) < rank_key(found[cfg], self.req.rank_by):
                    found[cfg] = cand
        return rank(list(found.values()), self.req.rank_by)[: self.req.top]

    def finalize(self, c: Candidate) -> Candidate:
        """A shown build's load point with the exact concurrency limit under the targets."""
        if c.perf is None:
            return c
        try:
            dep, wl = build_inputs(c.build, self.rec.parts.get, memory=self.plans.assumptions)
            wl = replace(wl, ttft_target_ms=self.ttft, tpot_target_ms=self.tpot)
            est = prepare(dep, wl, self.rec.calibration).estimate(wl.concurrency)
        except (BuildNotEstimableError, ValueError):
            return c
        return replace(c, perf=replace(c.perf, max_concurrency_slo=est.max_concurrency_slo))

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
            return lambda o: (-precision_rank(o.best.plan.precision), self._bound(o), o.key)
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

    # --- completion and checks ----------------------------------------------------------------------

    def evaluate(self, o: _Option) -> Candidate:
        if o.candidate is not None:
            return o.candidate
        best: Candidate | None = None
        for spec in o.variants[:VARIANTS_TRIED]:
            cand = self._evaluate(spec, o.hardware_fail)
            if best is None or len(cand.failures) < len(best.failures):
                best = cand
            if cand.qualifies:
                break
        assert best is not None
        o.candidate = best
        return best

    def _name(self, spec: _Spec) -> str:
        p = spec.plan
        gpus = f"{spec.per_node} x {p.gpu.name}"
        nodes = f"{spec.nodes} nodes of {gpus}" if spec.nodes > 1 else gpus
        layout = f"{p.precision.value.upper()} TP{p.tp}" + (f" PP{p.pp}" if p.pp > 1 else "")
        return _short(f"{nodes}, {layout}, {spec.chassis.name}")

    def _workload(self, spec: _Spec) -> tuple[Workload, float | None]:
        """The build's workload; a QPS load is stored with the concurrency it takes on this hardware."""
        req, p = self.req, spec.plan
        q = req.peak_qps
        if req.load_mode is LoadMode.CONCURRENCY:
            assert req.concurrency is not None
            conc = req.concurrency
        else:
            assert q is not None
            dep = Deployment(gpu=p.gpu, gpu_count=spec.per_node * spec.nodes, tp=p.tp, pp=p.pp)
            conc = self.plans.concurrency_for_qps(dep, p.precision, q)
        wl = Workload(
            llm_id=self.llm.id, weight_precision=p.precision, kv_precision=req.kv_precision,
            input_tokens=req.input_tokens, output_tokens=req.output_tokens, concurrency=conc,
            target_qps=q, scenario=req.scenario, tp=p.tp, pp=p.pp, engine=req.engine,
            ttft_target_ms=req.ttft_ms, tpot_target_ms=req.tpot_ms,  # the client's own targets travel with it
        )
        return wl, q

    def _evaluate(self, spec: _Spec, hardware_fail: tuple[Failure, ...]) -> Candidate:
        req, p = self.req, spec.plan
        gpu = p.gpu
        host = self.rec.host.complete(
            chassis=spec.chassis, gpu=gpu, gpus=spec.per_node, preference=self.spec.cpu_preference,
            multi_node=p.group > spec.per_node, weights_gb=p.weights_gb, environment=self.env,
            redundancy=self.redundancy, currency=req.currency,
        )
        workload, q = self._workload(spec)
        build = Build(
            name=self._name(spec), chassis_id=spec.chassis.id, placements=host.placements, workload=workload,
            environment=self.env, psu_redundancy=self.redundancy, node_count=spec.nodes,
            notes=_short(f"Sizing assistant: {self.llm.display_name}, {req.scenario.value}, {req.describe_load()}, "
                         f"{req.input_tokens} in / {req.output_tokens} out tokens, {req.environment.value}.", 2000),
        )
        build, report, applied = self.rec.validate_and_fix(build)
        # Cheap failures the rules or the estimate will state again with exact figures are not repeated.
        failures: list[Failure] = [f for f in (*hardware_fail, *spec.cheap)
                                   if f.kind not in (FailureKind.ENVIRONMENT, FailureKind.LATENCY,
                                                     FailureKind.BUDGET)]
        for f in report.findings:
            if f.severity is Severity.ERROR and not f.rule_id.startswith("perf."):
                # perf.* (the load against the targets) is stated by _perf below, as a latency failure,
                # from the same estimate: counted once, and relaxable like any latency miss.
                kind = FailureKind.ENVIRONMENT if f.rule_id in ENVIRONMENT_RULES else FailureKind.RULES
                failures.append(Failure(kind, f.message, f.rule_id))
        perf = self._perf(build, spec, q, failures)
        price = tally(build, self.rec.parts, req.currency, self.reference)
        if req.budget is not None and not price.gpu_priced:
            failures.append(Failure(FailureKind.BUDGET, t(NO_GPU_PRICE)))
        elif req.budget is not None and price.total > req.budget:
            failures.append(Failure(FailureKind.BUDGET, t("costs {price:,.0f} {currency}; budget {budget:,.0f}",
                                                          price=price.total, currency=price.currency,
                                                          budget=req.budget) if price.complete else
                                    t("costs at least {price:,.0f} {currency}; budget {budget:,.0f}",
                                      price=price.total, currency=price.currency, budget=req.budget)))
        s = report.summary
        power_w = s.power_max_wall_w * spec.nodes
        typical_w = s.power_typical_wall_w * spec.nodes
        cost = None
        if perf is not None and price.gpu_priced and perf.output_tps > 0:
            cost = cost_per_million(perf.output_tps, perf.input_tps, CostInputs(
                capex=float(price.total), amortisation_years=req.amortisation_years, power_w=typical_w,
                electricity_per_kwh=req.electricity_per_kwh, pue=req.pue, currency=price.currency,
            )).per_million_output
        capacity = spec.replicas * p.capacity
        headroom = capacity / req.load_value - 1.0 if p.capacity > 0 else None
        capped = p.slo_cap is not None and p.capacity >= CAPACITY_SEARCH_FACTOR * req.load_value
        warnings = tuple(f for f in report.findings if f.severity is Severity.WARNING)
        infos = sum(1 for f in report.findings if f.severity is Severity.INFO)
        binds, why = self._explain(spec, s, perf, price.describe(), capacity, len(warnings), power_w, typical_w,
                                   price.total if price.gpu_priced else None)
        return Candidate(
            build=build, gpu_id=gpu.id, gpu_name=gpu.name, chassis_id=spec.chassis.id,
            chassis_name=spec.chassis.name, gpus_per_node=spec.per_node, node_count=spec.nodes, tp=p.tp, pp=p.pp,
            precision=p.precision.value, price=price, node_power_w=s.power_max_wall_w, power_w=power_w,
            power_typical_w=typical_w, nodes_per_rack=s.nodes_per_rack, racks=s.racks_needed,
            rack_limit=tuple(s.binding_limit or ()), perf=perf, cost_per_mtok=cost, headroom=headroom,
            headroom_capped=capped, vram_headroom_gib=s.vram_headroom_per_gpu_gib, warnings=warnings, info_count=infos,
            failures=tuple(failures), binds=binds, why=why,
            host_notes=host.notes + host.problems + tuple(t("Rules' fix applied: {fix}", fix=d) for d in applied),
        )

    def _perf(self, build: Build, spec: _Spec, q: float | None, failures: list[Failure]) -> LoadPoint | None:
        """The performance model at the load, through build_inputs as for a hand-made build."""
        try:
            dep, wl = build_inputs(build, self.rec.parts.get, memory=self.plans.assumptions)
            wl = replace(wl, ttft_target_ms=self.ttft, tpot_target_ms=self.tpot)
            est = prepare(dep, wl, self.rec.calibration).estimate(wl.concurrency, with_slo=False)
        except (BuildNotEstimableError, ValueError) as exc:
            failures.append(Failure(FailureKind.RULES, t("no performance estimate: {reason}", reason=exc)))
            return None
        slo = spec.plan.slo_cap
        point = LoadPoint(
            concurrency=est.concurrency, ttft_ms=est.ttft_ms, tpot_ms=est.tpot_ms,
            ttft_p99_ms=est.ttft_p99_ms, tpot_p99_ms=est.tpot_p99_ms, requests_per_s=est.requests_per_s,
            output_tps=est.output_tps_total, input_tps=est.input_tps_total,
            max_concurrency_slo=None if slo is None else slo * est.replicas,
            max_concurrency_kv=est.max_concurrency_kv, meets_targets=est.meets_slo,
            ttft_band=est.band("ttft_ms"), tpot_band=est.band("tpot_ms"),
        )
        missed = []
        if self.ttft is not None and est.ttft_p99_ms > self.ttft:
            missed.append(t("P99 TTFT {ms:,.0f} ms > {target:g} ms", ms=est.ttft_p99_ms, target=self.ttft))
        if self.tpot is not None and est.tpot_p99_ms > self.tpot:
            missed.append(t("P99 TPOT {ms:,.1f} ms > {target:g} ms", ms=est.tpot_p99_ms, target=self.tpot))
        if est.queued_per_replica and est.queue_limit == "scheduler":
            engine = engine_profile(Engine(est.inputs["engine"]))
            missed.append(t("{count} request(s) per model copy wait for a scheduler slot ({engine} runs {running} "
                            "at once: {setting})", count=est.queued_per_replica, engine=engine.label,
                            running=est.running_per_replica, setting=engine.max_batch_setting))
        elif est.queued_per_replica:
            missed.append(t("{count} request(s) per model copy wait for KV-cache space",
                            count=est.queued_per_replica))
        if q is not None and est.requests_per_s < q * (1 - 1e-6):
            missed.append(t("serves {rate:.3g} requests/s of {load:.3g}", rate=est.requests_per_s, load=q))
        if missed:
            failures.append(Failure(FailureKind.LATENCY, t("at the load ({load}): {missed}",
                                                           load=self.req.describe_load(), missed="; ".join(missed))))
        return point

    def _explain(self, spec: _Spec, s: Summary, perf: LoadPoint | None, price_text: str, capacity: float,
                 warnings: int, power_w: float, typical_w: float,
                 price: Decimal | None) -> tuple[str, tuple[str, ...]]:
        req = self.req
        why: list[str] = []
        ratios: list[tuple[float, str]] = []
        unit = t("concurrent requests") if req.load_mode is LoadMode.CONCURRENCY else t("requests/s")
        if perf is not None:
            parts = []
            if self.ttft is not None:
                parts.append(t("P99 TTFT {ms:,.0f} ms (target {target:g}, +/- {band:.0%})", ms=perf.ttft_p99_ms,
                               target=self.ttft, band=perf.ttft_band))
                ratios.append((perf.ttft_p99_ms / self.ttft, t("P99 TTFT {ms:,.0f} of {target:g} ms",
                                                               ms=perf.ttft_p99_ms, target=self.ttft)))
            else:
                parts.append(t("TTFT {ms:,.0f} ms", ms=perf.ttft_ms))
            if self.tpot is not None:
                parts.append(t("P99 TPOT {ms:,.1f} ms (target {target:g}, +/- {band:.0%})", ms=perf.tpot_p99_ms,
                               target=self.tpot, band=perf.tpot_band))
                ratios.append((perf.tpot_p99_ms / self.tpot, t("P99 TPOT {ms:,.1f} of {target:g} ms",
                                                               ms=perf.tpot_p99_ms, target=self.tpot)))
            else:
                parts.append(t("TPOT {ms:,.1f} ms", ms=perf.tpot_ms))
            why.append(t("Latency at {concurrency} concurrent request(s): {figures}", concurrency=perf.concurrency,
                         figures=", ".join(parts)))
            copies = (t("{count} model copy", count=spec.replicas) if spec.replicas == 1
                      else t("{count} model copies", count=spec.replicas))
            capped = "+" if spec.plan.slo_cap is not None and capacity >= CAPACITY_SEARCH_FACTOR * req.load_value \
                else ""
            why.append(t("Throughput: {rate:,.3g} requests/s, {tps:,.0f} output tok/s; ", rate=perf.requests_per_s,
                         tps=perf.output_tps)
                       + (t("{capacity:,.3g}{capped} {unit} within the targets for a load of {load:,.3g} ({copies})",
                            capacity=capacity, capped=capped, unit=unit, load=req.load_value, copies=copies)
                          if capacity > 0 else f"{copies}"))
        if capacity > 0:
            ratios.append((req.load_value / capacity, t("load {load:,.3g} of {capacity:,.3g} {unit}",
                                                        load=req.load_value, capacity=capacity, unit=unit)))
        if s.vram_need_per_gpu_gib is not None and s.vram_usable_per_gpu_gib:
            why.append(t("VRAM: {need:,.1f} of {usable:,.1f} GiB usable per GPU, {headroom:,.1f} GiB headroom; weights "
                         "{weights:,.1f} GiB, loaded in about {load_s:,.0f} s", need=s.vram_need_per_gpu_gib,
                         usable=s.vram_usable_per_gpu_gib, headroom=s.vram_headroom_per_gpu_gib,
                         weights=s.weights_gib, load_s=s.weights_load_time_s or 0))
            ratios.append((s.vram_need_per_gpu_gib / s.vram_usable_per_gpu_gib,
                           t("VRAM {need:,.1f} of {usable:,.1f} GiB per GPU", need=s.vram_need_per_gpu_gib,
                             usable=s.vram_usable_per_gpu_gib)))
        rack = ""
        if s.nodes_per_rack is not None:
            limit = t(" and ").join(limit_name(x) for x in s.binding_limit or [])
            rack = t("; {count} node(s) per rack (limited by {limit})", count=s.nodes_per_rack, limit=limit)
            if s.racks_needed is not None:
                rack += t(", {count} rack(s)", count=s.racks_needed)
        why.append(t("Power: {node_w:,.0f} W max per node at the wall ({node_typical_w:,.0f} W typical); {nodes} "
                     "node(s) = {power_w:,.0f} W ({typical_w:,.0f} W typical){rack}", node_w=s.power_max_wall_w,
                     node_typical_w=s.power_typical_wall_w, nodes=spec.nodes, power_w=power_w, typical_w=typical_w,
                     rack=rack))
        if s.rack_usable_w:
            ratios.append((s.power_max_wall_w / s.rack_usable_w,
                           t("rack power {node_w:,.0f} of {usable_w:,.0f} W per node", node_w=s.power_max_wall_w,
                             usable_w=s.rack_usable_w)))
        if s.cooling_limit_w:
            ratios.append((s.power_max_wall_w / s.cooling_limit_w,
                           t("cooling {node_w:,.0f} of {limit_w:,.0f} W per rack", node_w=s.power_max_wall_w,
                             limit_w=s.cooling_limit_w)))
        if s.psu_usable_w:
            ratios.append((s.power_max_w / s.psu_usable_w,
                           t("PSUs {load_w:,.0f} of {usable_w:,.0f} W ({redundancy})", load_w=s.power_max_w,
                             usable_w=s.psu_usable_w, redundancy=redundancy_key_label(s.psu_redundancy))))
        if req.budget is not None and price is not None and req.budget > 0:
            ratios.append((float(price / req.budget), t("budget {price:,.0f} of {budget:,.0f}", price=price,
                                                        budget=req.budget)))
        why.append(t("Price: {price}", price=price_text))
        why.append(t("Rules: no errors, {count} warning(s)", count=warnings) if warnings
                   else t("Rules: no errors, no warnings"))
        binds = ""
        if ratios:
            top = max(ratios)
            binds = t("{what} ({ratio:.0%})", what=top[1], ratio=top[0])
        return binds, tuple(why)

    def notes(self) -> tuple[str, ...]:
        req = self.req
        out = [
            t("Load: {load}; {input} input + {output} output tokens per request.", load=req.describe_load(),
              input=req.input_tokens, output=req.output_tokens),
            t("Targets ({scenario}): ", scenario=scenario_label(self.spec))
            + (t("TTFT <= {target:g} ms", target=self.ttft) if self.ttft is not None else t("no TTFT bound"))
            + (t(", TPOT <= {target:g} ms", target=self.tpot) if self.tpot is not None else t(", no TPOT bound"))
            + t("; {meaning}.", meaning=t(P99_MEANING)),
            t("KV cache {kv}; engine {engine}; PSU redundancy {redundancy}; at most {nodes} node(s).",
              kv=req.kv_precision.value.upper(), engine=engine_label(req.engine),
              redundancy=redundancy_key_label(self.redundancy),
              nodes=self.max_nodes),
            t("Prices: catalog or imported prices; parts the catalog leaves unpriced take the reference price book's "
              "price (db/prices, dated and sourced; not a quotation); parts with neither are listed and not counted "
              "(the price is then a lower bound).")
            if req.use_reference_prices else
            t("Prices: catalog prices only; unpriced parts are listed and not counted (the price is a lower bound)."),
            t("One build per GPU configuration is shown (its best chassis); the search stops once no other option "
              "can enter the top list."),
        ]
        if not req.include_consumer_gpus:
            out.append(t("Consumer GeForce cards are left out (driver licence, open-air coolers); allow them to "
                         "include them."))
        return tuple(out)
