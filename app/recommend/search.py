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
from collections.abc import Mapping
from dataclasses import replace

from app.core.build import Build
from app.core.parts import AnyPart, Gpu, Llm
from app.perf import Calibration, MeasuredPeaks, prepare
from app.perf.from_build import BuildNotEstimableError, build_inputs
from app.recommend.advice import relaxation_advice
from app.recommend.host import HostPlanner
from app.recommend.nearest import _NearestRun
from app.recommend.options import _OptionsRun
from app.recommend.ranking import rank, rank_key
from app.recommend.requirements import Requirements, RequirementsError
from app.recommend.results import Advice, Candidate, Ranked, Recommendation
from app.recommend.search_state import ENVIRONMENT_RULES, CancelCheck, Progress, SearchCancelled
from app.rules.engine import Report, RuleEngine
from app.rules.findings import Severity
from app.rules.fixes import AddParts, Fix, FixError, RemoveParts, ReplacePart, SetPsus, apply_fix
from app.rules.profile import RuleProfile

__all__ = ["ENVIRONMENT_RULES", "CancelCheck", "Progress", "Recommender", "SearchCancelled"]

HARDWARE_OPS = (AddParts, RemoveParts, ReplacePart, SetPsus)
FIX_ROUNDS = 3


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




class Recommender:
    """Searches one catalog; make one per catalog (and profile) and call :meth:`recommend` per question."""

    def __init__(self, parts: Mapping[str, AnyPart], profile: RuleProfile | None = None,
                 calibration: Calibration | None = None, engine: RuleEngine | None = None,
                 measured: Mapping[str, MeasuredPeaks] | None = None) -> None:
        self.parts = parts
        self.engine = engine if engine is not None else RuleEngine(parts, profile)
        self.profile = self.engine.profile
        self.calibration = calibration
        # Probe-measured peaks by catalog GPU id (imported reports): the assistant's figures for a GPU are then
        # the ones the window and the CLI give the same build (app.probe.measured.peaks_by_gpu).
        self.measured: dict[str, MeasuredPeaks] = dict(measured or {})
        self.host = HostPlanner(parts, self.engine)
        self.gpus: list[Gpu] = sorted((p for p in parts.values() if isinstance(p, Gpu)), key=lambda g: g.id)
        self.max_psu_efficiency = max((p.efficiency_50pct for p in self.engine.index.psus),
                                      default=self.profile.power.default_psu_efficiency.value)

    def measured_for(self, build: Build) -> MeasuredPeaks | None:
        """The probe-measured peaks of the build's GPU model, if a report of it was given."""
        gpu_id = build.gpu_part_id(self.parts)
        return self.measured.get(gpu_id) if gpu_id is not None else None

    def validate_and_fix(self, build: Build) -> tuple[Build, Report, tuple[str, ...]]:
        """Validate; apply the rules' own hardware-only fixes to remaining errors and validate again.

        Returns the build, its report and the fixes applied. Fixes that would change what the client
        asked for (workload, environment, redundancy) are never applied; a fix is kept only when it
        leaves fewer errors.
        """
        report = self.engine.validate(build, self.measured_for(build))
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
            new_report = self.engine.validate(fixed, self.measured_for(fixed))
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



class _Run(_NearestRun, _OptionsRun):
    """One search: options (app.recommend.options), evaluation (.evaluate, .explain), the nearest cheaper
    failing build and advice (.nearest), on the state in app.recommend.search_state."""

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
            dep, wl = build_inputs(c.build, self.rec.parts.get, self.rec.measured_for(c.build),
                                   memory=self.plans.assumptions)
            wl = replace(wl, ttft_target_ms=self.ttft, tpot_target_ms=self.tpot)
            est = prepare(dep, wl, self.rec.calibration).estimate(wl.concurrency)
        except (BuildNotEstimableError, ValueError):
            return c
        return replace(c, perf=replace(c.perf, max_concurrency_slo=est.max_concurrency_slo))

