"""Model copies (replicas): which GPU, weight precision and TP x PP layout, and how much load one carries.

This is the cheap half of the search: VRAM arithmetic (app.core.memory, with the rule profile's
assumptions) and the calibrated performance model (app.perf) on one replica, no host yet. A replica
carries at most the requests that (a) keep the KV cache within the VRAM the rules allow, headroom
margin included, and (b) still meet the scenario's TTFT/TPOT targets; a deployment of R replicas
carries R times that (replicas are independent copies behind a load balancer).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from app.core.build import ServingEngine
from app.core.memory import GB, vram_fit, weights_bytes
from app.core.parts import AttentionType, Gpu, Llm
from app.core.precision import BYTES_PER_ELEMENT, Precision
from app.core.speculation import with_draft_module
from app.perf import Calibration, Deployment, Engine, MeasuredPeaks, Prepared, prepare
from app.perf import Workload as PerfWorkload
from app.recommend.requirements import LoadMode, Requirements
from app.rules.profile import RuleProfile

GROUP_SIZES = (1, 2, 4, 8)
# A replica's capacity is searched up to this multiple of the load (headroom beyond +300 % ranks equal).
CAPACITY_SEARCH_FACTOR = 4.0


def perf_engine(engine: ServingEngine) -> Engine:
    """The serving engine as app.perf names it (as app.perf.from_build maps a build's)."""
    return Engine.VLLM if engine is ServingEngine.OTHER else Engine(engine.value)


@dataclass(frozen=True, slots=True)
class ReplicaPlan:
    gpu: Gpu
    precision: Precision
    tp: int
    pp: int
    kv_cap: int  # requests per replica whose KV cache fits (performance model)
    margin_cap: int  # ... leaving the rule profile's VRAM headroom free
    slo_cap: int | None  # most requests per replica meeting the targets (searched up to 4 x the load); None: no targets
    capacity: float  # load units one replica carries within targets and margin; 0: not even one request
    raw_capacity: float  # load units one replica carries ignoring the targets (for advice)
    best_ttft_ms: float  # one request on one replica
    best_tpot_ms: float
    weights_gb: float  # whole model at this precision
    tps_at_cap: float  # output tokens/s of one replica at the most requests it may carry (an upper bound)
    best_e2e_s: float  # one request alone on one replica: the shortest a request can take
    attention_dp: bool = False  # attention data-parallel over the TP group (MLA models: the KV splits TP ways)
    expert_parallel: bool = False  # MoE experts split whole over the TP group (EP = TP; attention-DP implies it)

    @property
    def group(self) -> int:
        return self.tp * self.pp

    @property
    def latency_bound(self) -> bool:
        return self.capacity <= 0

    def describe(self) -> str:
        layout = f"TP={self.tp}" + (f" x PP={self.pp}" if self.pp > 1 else "") + (
            " attention-DP" if self.attention_dp else " EP" if self.expert_parallel else "")
        return f"{self.gpu.name} {self.precision.value.upper()} {layout}"


class PlanMaker:
    """Evaluates replicas for one requirement; results are cached per (GPU, precision, TP, PP)."""

    def __init__(self, req: Requirements, llm: Llm, profile: RuleProfile,
                 calibration: Calibration | None = None, measured: Mapping[str, MeasuredPeaks] | None = None) -> None:
        self.req = req
        self.llm = llm
        self.profile = profile
        self.calibration = calibration
        self.measured = measured or {}  # probe-measured peaks by GPU id
        self.engine = perf_engine(req.engine)
        self.assumptions = profile.memory_assumptions(req.engine)
        self.ttft, self.tpot = req.targets()
        self.margin = profile.vram.min_headroom_fraction.value
        self._cache: dict[tuple[str, Precision, int, int], ReplicaPlan | None] = {}
        self.evaluated = 0

    def valid_tp(self, tp: int) -> bool:
        return self.llm.splits_over_tp(tp)

    def weights_fit(self, gpu: Gpu, precision: Precision, group: int) -> bool:
        assumptions = with_draft_module(self.assumptions, self.llm, precision, group, self.req.speculative_tokens)
        fit = vram_fit(self.llm, gpu, weight_precision=precision, kv_precision=self.req.kv_precision,
                       tp=group, pp=1, context_tokens=self.req.context_tokens, concurrency=1,
                       assumptions=assumptions)
        return fit.weights_fit

    def workload(self, precision: Precision, concurrency: int = 1) -> PerfWorkload:
        return PerfWorkload(
            llm=self.llm, weight_precision=precision.value, kv_precision=self.req.kv_precision.value,
            input_len=self.req.input_tokens, output_len=self.req.output_tokens, concurrency=concurrency,
            input_len_cv=self.req.input_tokens_cv, engine=self.engine, ttft_target_ms=self.ttft,
            tpot_target_ms=self.tpot, memory=self.assumptions, speculative_tokens=self.req.speculative_tokens,
            acceptance_length=self.req.acceptance_length or 0.0,
        )

    def prepared(self, gpu: Gpu, precision: Precision, tp: int, pp: int, gpu_count: int,
                 attention_dp: bool = False, expert_parallel: bool = False) -> Prepared:
        return prepare(Deployment(gpu=gpu, gpu_count=gpu_count, tp=tp, pp=pp, attention_dp=attention_dp,
                                  expert_parallel=tp if expert_parallel else 1, measured=self.measured.get(gpu.id)),
                       self.workload(precision), self.calibration)

    def _rate(self, prep: Prepared, batch: int) -> float:
        """Requests per second one replica completes with ``batch`` requests in flight."""
        return prep.point(batch).tps_total_replica / self.req.output_tokens

    def concurrency_for_qps(self, deployment: Deployment, precision: Precision, qps: float) -> int:
        """Smallest build-wide concurrency whose estimated request rate reaches ``qps`` (capped by the KV cache).

        The rate is the one ``Prepared.estimate`` reports (replicas sharing the requests), so the build's
        stored concurrency serves the load when the GUI estimates it again.
        """
        return prepare(deployment, self.workload(precision), self.calibration).concurrency_for_qps(qps)

    def _slo_cap(self, prep: Prepared, margin_cap: int) -> int | None:
        """Most requests (<= margin_cap) one replica holds within the targets; None without targets.

        Galloping then bisection on the performance model (its latency grows with the batch); the
        search stops once the replica carries CAPACITY_SEARCH_FACTOR x the load, which is enough to
        size and rank it.
        """
        if self.ttft is None and self.tpot is None:
            return None
        qps = self.req.peak_qps
        enough = CAPACITY_SEARCH_FACTOR * self.req.load_value
        lo, hi, b = 0, 0, 1
        while True:
            b = min(b, margin_cap)
            p = prep.point(b)
            if not prep.meets(p):
                hi = b
                break
            lo = b
            carried = b if qps is None else p.tps_total_replica / self.req.output_tokens
            if b >= margin_cap or carried >= enough:
                return lo
            b *= 2
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if prep.meets(prep.point(mid)):
                lo = mid
            else:
                hi = mid
        return lo

    def plan(self, gpu: Gpu, precision: Precision, tp: int, pp: int) -> ReplicaPlan | None:
        key = (gpu.id, precision, tp, pp)
        if key in self._cache:
            return self._cache[key]
        result = self._plan(gpu, precision, tp, pp)
        self._cache[key] = result
        return result

    def _plan(self, gpu: Gpu, precision: Precision, tp: int, pp: int) -> ReplicaPlan | None:
        """The replica as TP alone splits it, or in a layout that carries more: an MoE model's experts split whole
        over the group (expert parallelism: each GPU writes and sums the outputs of 1/TP of the token-expert
        pairs), and for an MLA model attention data-parallel (its latent KV is copied to every GPU under TP, so
        the engines' high-throughput recipes for DeepSeek-style models run so, with their experts split whole).
        At equal capacity the layout with 2 % more throughput at that load wins; else the simpler one."""
        best = self._plan_layout(gpu, precision, tp, pp, False)
        if tp <= 1 or not self.llm.is_moe:
            return best
        layouts = [(False, True)] + ([(True, False)] if self.llm.attention_type is AttentionType.MLA else [])
        for attention_dp, expert_parallel in layouts:
            other = self._plan_layout(gpu, precision, tp, pp, attention_dp, expert_parallel)
            if other is not None and (best is None or _carries_more(other, best)):
                best = other
        return best

    def _plan_layout(self, gpu: Gpu, precision: Precision, tp: int, pp: int, attention_dp: bool,
                     expert_parallel: bool = False) -> ReplicaPlan | None:
        req = self.req
        ctx = req.context_tokens
        if ctx > self.llm.max_context:
            return None
        rules_fit = vram_fit(self.llm, gpu, weight_precision=precision, kv_precision=req.kv_precision, tp=tp,
                             pp=pp, context_tokens=ctx, concurrency=1, assumptions=self.assumptions,
                             attention_dp=attention_dp)
        if not rules_fit.weights_fit:
            return None
        self.evaluated += 1
        prep = self.prepared(gpu, precision, tp, pp, tp * pp, attention_dp, expert_parallel)
        if not prep.fit.weights_fit or prep.kv_cap_replica <= 0:
            return None
        # The rules warn below the profile's headroom: size so that margin stays free.
        budget = rules_fit.usable_bytes * (1.0 - self.margin) - rules_fit.weights_bytes - rules_fit.overhead_bytes
        per_request = rules_fit.kv_bytes_per_token * ctx
        margin_cap = min(prep.kv_cap_replica, int(budget // per_request) if per_request > 0 else 0)
        if margin_cap <= 0:
            return None
        slo = self._slo_cap(prep, margin_cap)
        cap = margin_cap if slo is None else slo
        one = prep.point(1)
        if req.load_mode is LoadMode.CONCURRENCY:
            capacity = float(cap)
            raw = float(margin_cap)
        else:
            capacity = self._rate(prep, cap) if cap > 0 else 0.0
            raw = self._rate(prep, margin_cap)
        weights_gb = weights_bytes(self.llm, precision) / GB  # as the build's storage rule counts them
        tps_cap = prep.point(max(cap, margin_cap)).tps_total_replica
        return ReplicaPlan(gpu, precision, tp, pp, prep.kv_cap_replica, margin_cap, slo, capacity, raw,
                           one.ttft * 1e3, one.tpot * 1e3, weights_gb, tps_cap, one.e2e, attention_dp,
                           expert_parallel or attention_dp)

    def layouts(self, gpu: Gpu, group: int, per_node_max: int) -> list[tuple[int, int]]:
        """(TP, PP) for a group: TP inside NVLink; over PCIe also pipeline splits (the rules warn at TP > 2)."""
        out: list[tuple[int, int]] = []
        if group <= per_node_max:
            for tp in GROUP_SIZES:
                if tp > group or group % tp or not self.valid_tp(tp):
                    continue
                pp = group // tp
                if gpu.has_nvlink and pp > 1:
                    continue
                out.append((tp, pp))
        return out

    def plans_for(self, gpu: Gpu, precision: Precision, per_node_max: int, max_nodes: int,
                  cancelled: Callable[[], bool] | None = None) -> list[ReplicaPlan]:
        """Replica plans for one GPU and precision: the smallest groups that fit, and one size up.

        Sizes grow until a group meets the targets, then one more size is tried (a larger group may
        serve the load with lower latency or fewer nodes). Groups larger than a node span nodes with
        TP inside the node and PP across nodes (NVLink GPUs only).
        """
        out: list[ReplicaPlan] = []
        extra = 1
        found = False
        for group in GROUP_SIZES:
            if group > per_node_max:
                break
            if not self.weights_fit(gpu, precision, group):
                continue
            if cancelled is not None and cancelled():
                return out
            plans = [p for tp, pp in self.layouts(gpu, group, per_node_max)
                     if (p := self.plan(gpu, precision, tp, pp)) is not None]
            out += plans
            if any(not p.latency_bound for p in plans):
                if found:
                    extra -= 1
                    if extra < 0:
                        break
                found = True
        if not out and gpu.has_nvlink and per_node_max > 1 and self.valid_tp(per_node_max):
            for nodes in range(2, max_nodes + 1):
                plan = self.plan(gpu, precision, per_node_max, nodes)
                if plan is not None:
                    out.append(plan)
                    break
        return out


def replicas_needed(req: Requirements, plan: ReplicaPlan) -> tuple[int, bool]:
    """(replicas, within targets): sized on the capacity within targets, else on raw capacity (for advice)."""
    if plan.capacity > 0:
        return req.replicas_for(plan.capacity), True
    return max(1, req.replicas_for(plan.raw_capacity)), False


def precision_key(precision: Precision, llm: Llm) -> tuple[float, float]:
    """Sort key, best first: the quality the weights keep (bytes per weight, up to the model's released
    precision), then fewer bytes, so gpt-oss's own MXFP4 sorts before the same weights widened to FP8 or BF16."""
    return -llm.quality_bytes(precision.value), BYTES_PER_ELEMENT[precision]


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def nodes_for(replicas: int, group: int, per_node: int) -> int:
    """Nodes holding ``replicas`` groups of ``group`` GPUs with ``per_node`` GPUs each."""
    if group > per_node:
        return replicas * math.ceil(group / per_node)
    return ceil_div(replicas, per_node // group)


def _carries_more(a: ReplicaPlan, b: ReplicaPlan) -> bool:
    """Whether layout `a` serves more than `b`: more load within the targets, or as much and 2 % more tokens/s."""
    if (a.capacity, a.raw_capacity) != (b.capacity, b.raw_capacity):
        return (a.capacity, a.raw_capacity) > (b.capacity, b.raw_capacity)
    return a.tps_at_cap > 1.02 * b.tps_at_cap
