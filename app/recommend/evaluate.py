"""Candidate evaluation (step 3 of the search): host parts, RuleEngine validation with the rules' own
hardware fixes, the performance model through ``build_inputs`` as for a hand-made build, price and
cost, and every failure stated with its figures.
"""

from __future__ import annotations

from dataclasses import replace

from app.core.build import Build, Workload
from app.perf import CostInputs, Deployment, cost_per_million, prepare
from app.perf.datatypes import time_text
from app.perf.engines import Engine
from app.perf.engines import profile as engine_profile
from app.perf.from_build import BuildNotEstimableError, build_inputs
from app.recommend.explain import _ExplainingRun
from app.recommend.plans import CAPACITY_SEARCH_FACTOR
from app.recommend.prices import tally
from app.recommend.requirements import LoadMode
from app.recommend.results import Candidate, Failure, FailureKind, LoadPoint
from app.recommend.search_state import ENVIRONMENT_RULES, NO_GPU_PRICE, VARIANTS_TRIED, _Option, _Spec
from app.recommend.text import t
from app.rules.findings import Severity


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"



class _EvaluatingRun(_ExplainingRun):
    """Step 3 of the search: complete an option into a build (host parts), validate it with the rules'
    hardware fixes, estimate it at the load and state every failure."""

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
        layout = f"{p.precision.value.upper()} TP{p.tp}" + (f" PP{p.pp}" if p.pp > 1 else "") + (
            " attention-DP" if p.attention_dp else " EP" if p.expert_parallel else "")
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
            dep = Deployment(gpu=p.gpu, gpu_count=spec.per_node * spec.nodes, tp=p.tp, pp=p.pp,
                             attention_dp=p.attention_dp, expert_parallel=p.tp if p.expert_parallel else 1,
                             measured=self.rec.measured.get(p.gpu.id))
            conc = self.plans.concurrency_for_qps(dep, p.precision, q)
        wl = Workload(
            llm_id=self.llm.id, weight_precision=p.precision, kv_precision=req.kv_precision,
            input_tokens=req.input_tokens, input_tokens_cv=req.input_tokens_cv, output_tokens=req.output_tokens,
            concurrency=conc,
            target_qps=q, scenario=req.scenario, tp=p.tp, pp=p.pp, attention_dp=p.attention_dp,
            expert_parallel=p.expert_parallel and not p.attention_dp, engine=req.engine,
            ttft_target_ms=req.ttft_ms, tpot_target_ms=req.tpot_ms,  # the client's own targets travel with it
            speculative_tokens=req.speculative_tokens, acceptance_length=req.acceptance_length,
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
        load_w = s.power_load_wall_w * spec.nodes  # energy at the operating point (issue 19), not nameplate shares
        cost = None
        if perf is not None and price.gpu_priced and perf.output_tps > 0:
            cost = cost_per_million(perf.output_tps, perf.input_tps, CostInputs(
                capex=float(price.total), amortisation_years=req.amortisation_years, power_w=load_w,
                electricity_per_kwh=req.electricity_per_kwh, pue=req.pue, currency=price.currency,
            )).per_million_output
        capacity = spec.replicas * p.capacity
        headroom = capacity / req.load_value - 1.0 if p.capacity > 0 else None
        capped = p.slo_cap is not None and p.capacity >= CAPACITY_SEARCH_FACTOR * req.load_value
        warnings = tuple(f for f in report.findings if f.severity is Severity.WARNING)
        infos = sum(1 for f in report.findings if f.severity is Severity.INFO)
        binds, why = self._explain(spec, s, perf, price.describe(), capacity, len(warnings), power_w, load_w,
                                   price.total if price.gpu_priced else None)
        return Candidate(
            build=build, gpu_id=gpu.id, gpu_name=gpu.name, chassis_id=spec.chassis.id,
            chassis_name=spec.chassis.name, gpus_per_node=spec.per_node, node_count=spec.nodes, tp=p.tp, pp=p.pp,
            precision=p.precision.value, price=price, node_power_w=s.power_max_wall_w, power_w=power_w,
            power_typical_w=typical_w, power_load_w=load_w, nodes_per_rack=s.nodes_per_rack, racks=s.racks_needed,
            rack_limit=tuple(s.binding_limit or ()), perf=perf, cost_per_mtok=cost, headroom=headroom,
            headroom_capped=capped, vram_headroom_gib=s.vram_headroom_per_gpu_gib, warnings=warnings, info_count=infos,
            failures=tuple(failures), binds=binds, why=why,
            host_notes=host.notes + host.problems + tuple(t("Rules' fix applied: {fix}", fix=d) for d in applied),
        )

    def _perf(self, build: Build, spec: _Spec, q: float | None, failures: list[Failure]) -> LoadPoint | None:
        """The performance model at the load, through build_inputs as for a hand-made build."""
        try:
            dep, wl = build_inputs(build, self.rec.parts.get, self.rec.measured_for(build),
                                   memory=self.plans.assumptions)
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
            missed.append(t("P99 TTFT {ms} > {target:g} ms", ms=time_text(est.ttft_p99_ms), target=self.ttft))
        if self.tpot is not None and est.tpot_p99_ms > self.tpot:
            missed.append(t("P99 TPOT {ms:,.1f} ms > {target:g} ms", ms=est.tpot_p99_ms, target=self.tpot))
        if est.queued_per_replica and est.queue_limit == "scheduler":
            engine = engine_profile(Engine(est.inputs["engine"]))
            missed.append(t("{count} request(s) per model copy wait for a scheduler slot ({engine} runs {running} "
                            "at once: {setting})", count=est.queued_per_replica, engine=engine.label,
                            running=est.running_per_replica, setting=est.inputs["scheduler_setting"]))
        elif est.queued_per_replica:
            missed.append(t("{count} request(s) per model copy wait for KV-cache space",
                            count=est.queued_per_replica))
        if q is not None and est.requests_per_s < q * (1 - 1e-6):
            missed.append(t("serves {rate:.3g} requests/s of {load:.3g}", rate=est.requests_per_s, load=q))
        if missed:
            failures.append(Failure(FailureKind.LATENCY, t("at the load ({load}): {missed}",
                                                           load=self.req.describe_load(), missed="; ".join(missed))))
        return point

