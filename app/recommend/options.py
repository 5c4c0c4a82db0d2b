"""Hardware options (step 2 of the search): every chassis that takes and cools the GPU, with the fewest
nodes for each GPUs-per-node count; each option's variants, lower bounds (price, power, cost) and the
failures visible without a build.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from app.core.build import MAX_NODE_COUNT
from app.core.parts import Chassis, Gpu
from app.perf.datatypes import time_text
from app.recommend.host import _CpuChoice, gpu_counts
from app.recommend.plans import ReplicaPlan, nodes_for, precision_key, replicas_needed
from app.recommend.prices import unit_price
from app.recommend.requirements import LoadMode
from app.recommend.results import Failure, FailureKind
from app.recommend.search_state import HOURS_PER_YEAR, NO_GPU_PRICE, NODE_OPTIONS, _Option, _RunBase, _Spec
from app.recommend.text import consumer_failure, t
from app.rules.precision import supports
from app.rules.text import cooling_label


class _OptionsRun(_RunBase):
    """Step 2 of the search: the hardware options for the replica plans, with their lower bounds and the
    failures visible without a build."""

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
                if not supports(gpu, precision, self.plans.llm) or not (everything or self.req.allows(precision)):
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
            missed.append(t("TTFT {ms} > {target:g} ms", ms=time_text(plan.best_ttft_ms), target=self.ttft))
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
        if not within and min(options) > MAX_NODE_COUNT:
            return []  # more nodes than a build describes: no option to weigh (the search says nothing fits)
        out = []
        for n in within or [min(options)]:
            per_node = options[n]
            copies = n // plan.pp if group > per_node else n * (per_node // group)
            out.append(_Spec(plan, chassis, per_node, n, copies, cheap))
        return out

    def _variant_key(self, s: _Spec) -> tuple[object, ...]:
        head = s.headroom
        return (len(s.cheap), precision_key(s.plan.precision, self.plans.llm), -(head or 0.0), s.plan.tp, s.plan.pp)

    def _memory_price(self, chassis: Chassis, gpu: Gpu, per_node: int, cpu: _CpuChoice | None) -> Decimal:
        """The DIMMs the host planner will place (RAM >= 2 x VRAM, >= 2 GB per core) at their price: with
        2026 memory prices they are a large part of a node, so the lower bound must count them."""
        if cpu is None:
            return Decimal(0)
        target = self.rec.profile.host.ram_target_gb(gpu.vram_gib * per_node, cpu.cpu.cores * cpu.sockets)
        dimm, dpc, _ = self.rec.host.choose_dimms(chassis, cpu.cpu, cpu.sockets, target)
        unit = unit_price(dimm, self.req.currency, self.reference)
        channels = min(chassis.memory_channels_per_socket, cpu.cpu.memory_channels) * cpu.sockets
        return unit * channels * dpc if unit is not None else Decimal(0)

    def _price_lb(self, chassis: Chassis, gpu: Gpu, per_node: int, nodes: int,
                  cpu: _CpuChoice | None) -> tuple[Decimal | None, Decimal | None]:
        """The option's price lower bound (GPUs, CPUs, chassis and DIMMs, all nodes; None when the GPU has
        no price) and the CPU's unit price (None when it has none)."""
        req = self.req
        price: Decimal | None = unit_price(gpu, req.currency, self.reference)
        cpu_price = unit_price(cpu.cpu, req.currency, self.reference) if cpu is not None else None
        if price is not None:
            price *= per_node
            if cpu is not None:
                price += (cpu_price or Decimal(0)) * cpu.sockets
            price += unit_price(chassis, req.currency, self.reference) or Decimal(0)
            price += self._memory_price(chassis, gpu, per_node, cpu)
            price *= nodes
        return price, cpu_price

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
        price, cpu_price = self._price_lb(chassis, gpu, per_node, nodes, cpu)
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

