"""What a result says about itself: the "why" lines (latency, throughput, VRAM, power, price, rules),
the figure closest to its limit, and the notes on the search's assumptions.
"""

from __future__ import annotations

from decimal import Decimal

from app.core.labels import engine_label, redundancy_key_label
from app.perf.datatypes import time_text
from app.recommend.plans import CAPACITY_SEARCH_FACTOR
from app.recommend.requirements import P99_MEANING, LoadMode
from app.recommend.results import LoadPoint
from app.recommend.search_state import _RunBase, _Spec
from app.recommend.text import t
from app.rules.summary import Summary
from app.rules.text import limit_name, scenario_label


class _ExplainingRun(_RunBase):
    """The texts a result carries: why it was chosen (and what binds it), and the search's notes."""

    def _explain(self, spec: _Spec, s: Summary, perf: LoadPoint | None, price_text: str, capacity: float,
                 warnings: int, power_w: float, load_w: float,
                 price: Decimal | None) -> tuple[str, tuple[str, ...]]:
        req = self.req
        why: list[str] = []
        ratios: list[tuple[float, str]] = []
        unit = t("concurrent requests") if req.load_mode is LoadMode.CONCURRENCY else t("requests/s")
        if perf is not None:
            self._perf_why(spec, perf, capacity, unit, why, ratios)
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
        why.append(t("Power: {node_w:,.0f} W max per node at the wall ({node_load_w:,.0f} W at the load); {nodes} "
                     "node(s) = {power_w:,.0f} W ({load_w:,.0f} W at the load){rack}", node_w=s.power_max_wall_w,
                     node_load_w=s.power_load_wall_w, nodes=spec.nodes, power_w=power_w, load_w=load_w,
                     rack=rack))
        self._limit_ratios(s, price, ratios)
        why.append(t("Price: {price}", price=price_text))
        why.append(t("Rules: no errors, {count} warning(s)", count=warnings) if warnings
                   else t("Rules: no errors, no warnings"))
        binds = ""
        if ratios:
            top = max(ratios)
            binds = t("{what} ({ratio:.0%})", what=top[1], ratio=top[0])
        return binds, tuple(why)

    def _perf_why(self, spec: _Spec, perf: LoadPoint, capacity: float, unit: str, why: list[str],
                  ratios: list[tuple[float, str]]) -> None:
        """The latency and throughput lines of the "why", and the latency targets' ratios."""
        req = self.req
        parts = []
        if self.ttft is not None:
            parts.append(t("P99 TTFT {ms} (target {target:g}, +/- {band:.0%})", ms=time_text(perf.ttft_p99_ms),
                           target=self.ttft, band=perf.ttft_band))
            ratios.append((perf.ttft_p99_ms / self.ttft, t("P99 TTFT {ms} of {target:g} ms",
                                                           ms=time_text(perf.ttft_p99_ms), target=self.ttft)))
        else:
            parts.append(t("TTFT {ms}", ms=time_text(perf.ttft_ms)))
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

    def _limit_ratios(self, s: Summary, price: Decimal | None, ratios: list[tuple[float, str]]) -> None:
        """How close the build comes to the rack's power and cooling, its PSUs and the budget."""
        req = self.req
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
