"""Serving at a concurrency: one operating point (``_evaluate``) and the prepared model (``Prepared``).

Static batches, offline (max-throughput) runs and closed-loop serving with in-flight batching:
TTFT, TPOT and throughput from the step costs of :mod:`app.perf.step_costs`, with waiting behind
other prompts (M/D/1), the engines' admission rules (:mod:`app.perf.admission`), the first round's
burst, and requests queued for KV-cache space or a scheduler slot. ``Prepared`` is what
:func:`app.perf.preparation.prepare` returns; ``Prepared.estimate(c)`` turns a point into an
:class:`app.perf.datatypes.Estimate`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from app.core.memory import GB, GIB, VramFit
from app.perf.admission import batch_hold, batch_size, recv_wait
from app.perf.datatypes import BatchingMode, Deployment, Estimate, PeaksUsed, Workload
from app.perf.engines import EngineProfile
from app.perf.lockstep import lock_step_point
from app.perf.quant import WeightFormat
from app.perf.step_costs import _Core
from app.perf.tail import (
    RESIDUAL_P99,
    Z99,
    gamma_quantile_ratio,
    md1_wait_p99,
    mg1_wait_p99,
    p99_of_sum,
    request_tpot_p99,
)
from app.perf.text import t


@dataclass(frozen=True, slots=True)
class _Point:
    ttft: float
    tpot: float
    e2e: float
    tps_total_replica: float
    running: int
    queued: int
    t_mem: float
    t_comp: float
    pf_own: float
    pf_comp: float
    pf_ar: float
    queue: float  # waiting behind other prompts (steady state) and for KV-cache space
    hold: float  # TensorRT-LLM batch waiting, and waiting for the scheduler's next look at new requests
    cold: float  # what the first round (all clients at once) adds to the mean over the run (may be < 0)
    in_flight: float  # step(s) ahead of the prompt: the one running when it arrives (+ the one planned behind it)
    # What the first round adds to the median request's TTFT: nothing while most requests come after it (the
    # median one is a steady-state one); its whole burst wait where most come in it (a lock-step run).
    cold_median: float = 0.0
    # P99 under Poisson arrivals at the same rate (app/perf/tail.py): what the scenario targets bound.
    ttft_p99: float = 0.0
    tpot_p99: float = 0.0
    in_step: bool = False  # a uniform-lengths run whose rounds stay in step here (app.perf.lockstep)



def _evaluate(core: _Core, wl: Workload, prof: EngineProfile, batch: int, kv_cap: int) -> _Point:
    """Metrics at `batch` requests in flight on one replica."""
    isl = float(wl.input_len)
    fresh = isl - wl.prefix_cached_len  # what prefill computes; attention still spans the cached prefix
    osl = float(wl.output_len)
    # The scheduler runs at most max_batch requests (vLLM max_num_seqs, ...); the KV cache may hold fewer.
    # Whoever is over either limit waits, and a closed-loop client counts that wait in its TTFT.
    sched = max(1, int(prof.max_batch))
    running = max(1, min(batch, kv_cap, sched)) if kv_cap > 0 else max(1, min(batch, sched))
    queued = max(0, batch - running)
    ctx = isl + osl / 2.0
    if wl.mode is BatchingMode.STATIC:
        return _static_point(core, running, queued, fresh, osl, ctx)

    # In-flight batching: on average running/osl new prompts enter per token period. A closed-loop run's first
    # round comes as one burst, prefilled before (or among) the decodes: a request of it decodes alongside only
    # the burst's prompts behind it, half of them on average, not alongside one prompt of every other client.
    burst = _first_round_share(core, wl, running, batch) if wl.mode is BatchingMode.SERVING else 0.0
    pf_rate = running / osl * (1.0 - 0.5 * burst) if prof.inflight_batching else 0.0
    decode = core.decode_step(running, ctx, pf_rate * fresh, fresh)
    own = core.prefill(1.0, fresh)
    if wl.mode is BatchingMode.OFFLINE:
        return _offline_point(running, queued, osl, decode, (core.first_token(own[0]), own[1], own[2], own[3]))
    busy = decode[0]
    if wl.open_loop and running > 1:  # random arrivals: the requests in flight vary (Poisson about their mean)
        cap = min(sched, kv_cap) if kv_cap > 0 else sched
        n_hi = min(float(cap), running + Z99 * math.sqrt(running))
        busy = core.decode_step(n_hi, ctx, pf_rate * n_hi / running * fresh, fresh)[0]  # prompts in proportion
    return _closed_loop_point(core, wl, prof, batch, running, queued, ctx, decode, own, busy)


def _first_round_share(core: _Core, wl: Workload, running: int, batch: int) -> float:
    """Share of a closed-loop run's requests that come in its first burst: the `running` first requests of
    `batch` clients (the others wait for a slot and enter one by one as slots free up), one round in `rounds`.
    0 under open-loop (Poisson) arrivals."""
    return 0.0 if wl.open_loop else running / (batch * max(core.rounds, 1.0))


def _static_point(core: _Core, running: int, queued: int, isl: float, osl: float, ctx: float) -> _Point:
    """One batch prefilled together then decoded together (latency benchmarks)."""
    pf_total, pf_comp, _, pf_ar = core.prefill(running, isl)
    tpot, t_mem, t_comp = core.decode_step(running, ctx, 0.0, 0.0)
    pf_total = core.first_token(pf_total)
    ttft = pf_total
    e2e = ttft + (osl - 1.0) * tpot
    return _Point(
        ttft,
        tpot,
        e2e,
        running * osl / e2e,
        running,
        queued,
        t_mem,
        t_comp,
        pf_total,
        pf_comp,
        pf_ar,
        0.0,
        0.0,
        0.0,
        0.0,
        ttft_p99=ttft,  # one batch, prefilled together: every prompt waits the same
        tpot_p99=tpot,
    )


def _offline_point(running: int, queued: int, osl: float, decode: tuple[float, float, float],
                   own: tuple[float, float, float, float]) -> _Point:
    """Max throughput: requests are always waiting, a slot's life is output_len token periods."""
    tpot, t_mem, t_comp = decode
    pf_own, pf_comp, _, pf_ar = own
    ttft = pf_own + 0.5 * tpot
    e2e = ttft + (osl - 1.0) * tpot
    return _Point(
        ttft,
        tpot,
        e2e,
        running / tpot,
        running,
        queued,
        t_mem,
        t_comp,
        pf_own,
        pf_comp,
        pf_ar,
        0.0,
        0.0,
        0.0,
        0.5 * tpot,
        ttft_p99=pf_own + RESIDUAL_P99 * tpot,
        tpot_p99=tpot,
    )


def _closed_loop_point(core: _Core, wl: Workload, prof: EngineProfile, batch: int, running: int, queued: int,
                       ctx: float, decode: tuple[float, float, float],
                       own: tuple[float, float, float, float], busy: float) -> _Point:
    """Closed loop at a fixed concurrency, as serving benchmarks run it (vLLM bench serve, InferenceMAX,
    genai-perf): every client sends its first request at t=0, then a new one as soon as its answer ends.

    Steady state: a new prompt waits for the step(s) ahead of it, then is prefilled in step(s) it shares
    with the other running decodes, behind whatever other prompts are queued (M/D/1 at the prefill load;
    none where requests wait for a slot: a freed slot admits the next prompt, and that wait is the slot's).
    """
    isl = float(wl.input_len - wl.prefix_cached_len)  # fresh prompt tokens: the cached prefix is not prefilled
    osl = float(wl.output_len)
    tpot, t_mem, t_comp = decode
    _, pf_comp, _, pf_ar = own
    others = running - 1.0
    steady_gpu = core.prefill_amid(others, ctx, isl)
    steady_pf = core.first_token(steady_gpu)  # the prompt's own wait for its first token
    # A scheduler step (several tokens a request under speculative decoding): what batch waits and the
    # scheduler's interval between looks count in.
    t_dec = core.step_of(core.decode_step(others, ctx, 0.0, 0.0)[0]) if others > 0 else 0.0
    work = max(0.0, steady_gpu - t_dec)  # GPU time the prompt adds to the steps it rides in
    cycle = steady_pf + osl * tpot
    lam = running / cycle  # prompts per second arriving at this replica
    batched = batch_size(wl, others, t_dec, lam)
    if batched > 1.0:  # the prompts a batch wait gathers are prefilled together: their first tokens come together
        steady_pf = core.first_token(core.prefill_amid(others, ctx, isl, batched))
    rho = min(0.95, lam * work)
    # Never behind more than every other prompt; and where requests queue for a slot none wait behind prompts
    # inside it: a slot's next prompt is admitted when it frees, one by one, and the queue's wait is kv_wait.
    # Prompts of varied length wait longer (Pollaczek-Khinchine: the mean wait grows with 1 + cv^2).
    spread = 1.0 + wl.input_len_cv ** 2
    wait = 0.0 if queued > 0 else min(spread * work * rho / (2.0 * (1.0 - rho)), others * work)
    # The step in flight when the prompt arrives (half of one on average), plus the one already planned
    # behind it where the scheduler overlaps planning with execution.
    step = core.step_of(tpot)
    resid = (1.5 if prof.overlap_scheduling else 0.5) * step if others > 0 else 0.0
    hold = batch_hold(wl, others, t_dec, lam) + recv_wait(wl, others, t_dec)
    # The P99s describe Poisson arrivals at the same rate (app.perf.tail), whatever the benchmark's schedule.
    p99_resid, p99_own, p99_wait, p99_tpot = resid, steady_pf, wait, tpot
    lock = (lock_step_point(core, running, ctx, isl, osl, prof.overlap_scheduling, prof.prefill_pauses_decodes)
            if wl.lock_step and queued == 0 else None)  # Workload: lock_step only on a closed loop
    share = _first_round_share(core, wl, running, batch)
    if lock is not None:  # one length for every request: later rounds arrive in step (app.perf.lockstep)
        # The run's last round (one in `rounds`, as the first) has no round behind it to decode through.
        tpot = share * lock.last_round_tpot + (1.0 - share) * lock.tpot
        resid, wait, steady_pf = lock.wait, 0.0, lock.own
    steady = resid + hold + steady_pf + wait
    # The first round: all `running` prompts arrive together and are prefilled in packed steps.
    burst_mean, burst_last = core.cold_start_span(running, isl)
    first = core.first_token(burst_mean)
    ttft = core.t_request + share * first + (1.0 - share) * steady
    e2e = ttft + (osl - 1.0) * tpot
    # The run ends with its last client, whose first prompt came last out of the burst: each of its requests
    # started that much behind the mean one, which throughput over the run's duration counts once per run
    # (once per `rounds` requests of a client; spread over more where requests queue for a slot).
    # Not where every round is such a burst: every client starts every round together.
    lag = 0.0 if lock is not None and lock.bursts else share * max(0.0, core.first_token(burst_last) - first)
    tps = running * osl / (e2e + lag)
    kv_wait = 0.0
    if queued > 0:  # waiting for KV-cache space or a scheduler slot: a whole request lifetime per round of `running`
        # In steady state every request waits behind the `queued` others; in the first round, which starts with
        # every client at once, the requests that get a slot at once wait nothing and the last wave the most:
        # half the steady wait on average, one round in `rounds`.
        kv_wait = queued / running * e2e * (1.0 - 0.5 / max(core.rounds, 1.0) if not wl.open_loop else 1.0)
        ttft += kv_wait
        e2e = ttft + (osl - 1.0) * tpot
    return _Point(
        ttft,
        tpot,
        e2e,
        tps,
        running,
        queued,
        t_mem,
        t_comp,
        steady_pf,
        pf_comp,
        pf_ar,
        ttft - core.t_request - steady_pf - resid - hold - share * (first - steady),  # behind prompts, KV space
        hold,
        share * (first - steady),
        resid,
        cold_median=first - steady if share > 0.5 else 0.0,
        # Never below the mean the charts show (which counts the first round, every client at once).
        # At the P99 the interval between the scheduler's looks is waited nearly whole, not half.
        ttft_p99=max(ttft, core.t_request + kv_wait + batch_hold(wl, others, t_dec, lam)
                     + recv_wait(wl, others, t_dec, RESIDUAL_P99)
                     + (p99_resid - 0.5 * step + RESIDUAL_P99 * step if others > 0 else 0.0)
                     + _own_and_queue_p99(core, wl, others, ctx, isl, p99_own, p99_wait, lam, work)),
        # Prompts of varied length add varied work to the steps they ride in.
        tpot_p99=max(tpot, request_tpot_p99(p99_tpot, busy, work * math.sqrt(spread), lam, osl)
                     if others > 0 else tpot),
        in_step=lock is not None,
    )


def _own_and_queue_p99(core: _Core, wl: Workload, others: float, ctx: float, isl: float, own: float, wait: float,
                       lam: float, work: float) -> float:
    """P99 of a prompt's own prefill and its wait behind other prompts together. With fixed lengths only the wait
    spreads (an M/D/1 queue). With lengths of coefficient of variation cv (gamma-distributed), the P99 prompt is
    gamma_quantile_ratio(cv) times the mean and prefilled that much longer, the queue is M/G/1, and the two
    spreads combine (p99_of_sum)."""
    cv = wl.input_len_cv
    cap = others * work * (1.0 + cv * cv)  # never behind more than every other prompt
    if cv <= 0.0 or isl <= 0.0:
        return own + min(md1_wait_p99(lam, work), cap)
    long_prompt = isl * gamma_quantile_ratio(cv, Z99)
    own_p99 = own + core.prefill_amid(others, ctx, long_prompt) - core.prefill_amid(others, ctx, isl)
    return p99_of_sum(own, own_p99, wait, min(mg1_wait_p99(lam, work, cv), cap))


@dataclass(slots=True)
class Prepared:
    """A deployment + workload resolved against the calibration; evaluate at any concurrency cheaply."""

    deployment: Deployment
    workload: Workload
    core: _Core
    profile: EngineProfile
    fmt: WeightFormat
    kv_precision: str
    fit: VramFit
    kv_cap_replica: int
    peaks: PeaksUsed
    cls: str
    assumptions: list[str]
    warnings: list[str]
    bands: dict[str, float]

    @property
    def max_concurrency_kv(self) -> int:
        return self.kv_cap_replica * self.deployment.replicas

    @property
    def max_concurrency_scheduler(self) -> int:
        """Requests the engine runs at once across the build (its max_batch per replica)."""
        return int(self.profile.max_batch) * self.deployment.replicas

    def batch_per_replica(self, concurrency: int | None) -> int:
        if concurrency is None:
            cap = self.kv_cap_replica if self.kv_cap_replica > 0 else 1
            if self.workload.mode is BatchingMode.OFFLINE and self.workload.offline_requests > 0:
                # A run of fewer requests than the engine holds runs them all at once, and no more.
                cap = min(cap, math.ceil(self.workload.offline_requests / self.deployment.replicas))
            return max(1, min(self.profile.max_batch, cap))
        return max(1, math.ceil(concurrency / self.deployment.replicas))

    @property
    def queue_starts(self) -> tuple[int, str]:
        """Build-wide concurrency past which requests wait, and the engine setting behind it ("" when
        the KV cache fills first)."""
        kv, sched = self.max_concurrency_kv, self.max_concurrency_scheduler
        return (sched, self.profile.max_batch_setting) if sched < kv else (kv, "")

    def queue_limit(self, p: _Point) -> str:
        """What the waiting requests of ``p`` wait for: "" (none wait), "kv-cache" or "scheduler"."""
        if not p.queued:
            return ""
        return "kv-cache" if 0 < self.kv_cap_replica <= p.running else "scheduler"

    def point(self, concurrency: int | None) -> _Point:
        return _evaluate(
            self.core, self.workload, self.profile, self.batch_per_replica(concurrency), self.kv_cap_replica
        )

    def total_tps(self, p: _Point, concurrency: int | None) -> float:
        """Build-wide output tokens/s: replicas share the requests (a replica with none adds nothing)."""
        reps = self.deployment.replicas
        if self.workload.mode is BatchingMode.OFFLINE and self.workload.offline_requests > 0:
            return self._finite_run_tps(p) * reps
        total = p.tps_total_replica * reps
        if concurrency is not None and self.workload.mode is not BatchingMode.OFFLINE:
            total *= min(1.0, concurrency / float(self.batch_per_replica(concurrency) * reps))
        return total

    def _finite_run_tps(self, p: _Point) -> float:
        """Output tokens/s of one replica over an offline run of `offline_requests` fixed-length requests.

        All are queued at the start and every one lives output_len steps. Where the engine prefills a whole
        batch of `p.running` prompts in a small part of that life, the run goes in waves: whole waves at the steady
        rate, then the rest, a wave partly filled that takes nearly as many steps at a smaller batch (TensorRT-LLM's
        perf overview: 1,500 requests of 1,024/8,192 tokens where the KV cache holds ~1,200 are a wave and a
        quarter, taking two waves' steps). Where admitting a batch's prompts takes as long as a request lives
        (long prompts, short answers), requests enter one by one, their ends spread as their starts were, and the
        run is the steady stream; in between, the two weighted by how much of a life the admission takes. Fewer
        requests than the engine holds are one smaller batch (`batch_per_replica` holds no more): one whole wave."""
        wl = self.workload
        osl = float(wl.output_len)
        per_replica = wl.offline_requests / self.deployment.replicas
        steady = p.tps_total_replica
        fresh = max(1.0, float(wl.input_len - wl.prefix_cached_len))
        admit_steps = p.running * fresh / max(1.0, self.core.step_tokens)  # steps that prefill a wave's prompts
        spread = min(1.0, admit_steps / osl)
        whole = math.floor(per_replica / p.running)
        rest = per_replica - whole * p.running
        seconds = whole * osl * p.tpot
        if rest >= 0.5:
            last = _evaluate(self.core, wl, self.profile, max(1, round(rest)), self.kv_cap_replica)
            seconds += osl * last.tpot
        waves = per_replica * osl / seconds if seconds > 0.0 else steady
        return 1.0 / ((1.0 - spread) / waves + spread / steady)

    def meets(self, p: _Point) -> bool:
        """The scenario's targets are P99 bounds: compared with the P99 TTFT and TPOT, never the means."""
        wl = self.workload
        if wl.ttft_target_ms is not None and p.ttft_p99 * 1e3 > wl.ttft_target_ms:
            return False
        return not (wl.tpot_target_ms is not None and p.tpot_p99 * 1e3 > wl.tpot_target_ms)

    def concurrency_for_qps(self, qps: float) -> int:
        """Smallest build-wide concurrency whose request rate reaches ``qps`` (capped by the KV cache); the cap
        where no concurrency reaches it (the load exceeds what the build serves: the engine runs its most and the
        rest queue).

        The rate is the one ``estimate`` reports (replicas share the requests; idle ones add nothing). It rises with
        concurrency up to a peak and can fall past it, where a step budget smaller than the running decodes' share
        of prompts makes them wait (TensorRT-LLM at MLPerf Interactive's 768-token budget), so the requests in
        flight settle on the rising side: gallop up from 1 to the first concurrency that reaches ``qps``, then
        bisect below it. (Testing the cap first took any rate the cap misses for an overload, though a smaller
        concurrency served it.)
        """
        cap = max(1, self.max_concurrency_kv)
        osl = self.workload.output_len

        def rate(c: int) -> float:
            return self.total_tps(self.point(c), c) / osl

        lo, hi = 0, 1  # rate(lo) < qps (or lo = 0)
        while hi < cap and rate(hi) < qps:
            lo, hi = hi, min(cap, hi * 2)
        if rate(hi) < qps:
            return cap
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if rate(mid) >= qps:
                hi = mid
            else:
                lo = mid
        return hi

    def max_concurrency_slo(self) -> int | None:
        """Largest build-wide concurrency whose TTFT and TPOT meet the targets (0: not even one user)."""
        wl = self.workload
        if wl.ttft_target_ms is None and wl.tpot_target_ms is None:
            return None
        reps = self.deployment.replicas
        hi_batch = self.kv_cap_replica if self.kv_cap_replica > 0 else 0
        if hi_batch == 0 or not self.meets(_evaluate(self.core, wl, self.profile, 1, self.kv_cap_replica)):
            return 0
        if self.meets(_evaluate(self.core, wl, self.profile, hi_batch, self.kv_cap_replica)):
            return hi_batch * reps
        lo, hi = 1, hi_batch  # meets at lo, fails at hi
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.meets(_evaluate(self.core, wl, self.profile, mid, self.kv_cap_replica)):
                lo = mid
            else:
                hi = mid
        return lo * reps

    def max_rate_within_targets(self) -> float | None:
        """Requests per second at the largest concurrency meeting the P99 targets (0.0: not even one; None: no
        targets). Under open-loop (Poisson) arrivals this is MLPerf Server's figure: the highest rate whose P99 TTFT
        and TPOT stay within bounds."""
        slo = self.max_concurrency_slo()
        if slo is None:
            return None
        return 0.0 if slo == 0 else self.total_tps(self.point(slo), slo) / self.workload.output_len

    def _kv_tokens(self, running: int) -> float:
        """Tokens whose KV one replica holds: each request's own, and the cached prefix once."""
        wl = self.workload
        own = wl.input_len - wl.prefix_cached_len + wl.output_len
        return running * own + (wl.prefix_cached_len if running else 0)

    def _point_warnings(self, p: _Point, limit: str) -> list[str]:
        """Warnings of the point ``p``: requests that wait (``limit`` from :meth:`queue_limit`), and a uniform-lengths
        run that is not in step there."""
        warnings: list[str] = []
        if limit == "kv-cache":
            warnings.append(
                t("KV cache holds {running} requests per replica; {queued} more wait for space (TTFT includes it)",
                  running=p.running, queued=p.queued)
            )
        elif limit == "scheduler" and self.profile.budget_bound:
            warnings.append(
                t("{engine}'s step budget ({setting} {tokens:.0f} tokens) decodes {running} requests per replica at "
                  "once against {prompt}-token prompts; {queued} more wait for their prompt's turn (TTFT includes "
                  "it). Raise {setting} to decode more at once.",
                  engine=self.profile.label, setting=self.profile.max_batch_setting, tokens=self.core.step_tokens,
                  running=p.running, prompt=self.workload.input_len - self.workload.prefix_cached_len,
                  queued=p.queued)
            )
        elif limit == "scheduler":
            warnings.append(
                t("{engine} runs at most {running} requests per replica at once ({setting} {running}); {queued} more "
                  "wait for a slot (TTFT includes it). Raise {setting} if the KV cache has room.",
                  engine=self.profile.label, running=p.running, setting=self.profile.max_batch_setting,
                  queued=p.queued)
            )
        wl = self.workload
        if wl.lock_step and not p.in_step:  # Workload allows lock_step only on a closed serving loop
            warnings.append(
                t("uniform lengths: here the clients' rounds do not stay in step (requests wait for a slot, "
                  "speculative decoding, or one prefill pass a prompt): estimated as prompts that arrive spread out")
            )
        return warnings

    def _breakdown(self, p: _Point) -> dict[str, float]:
        """Where the time and the memory of ``p`` go: TPOT and TTFT parts (ms), weights and KV per GPU."""
        wl, c = self.workload, self.core
        return {
            "tpot_memory_ms": p.t_mem * c.pp * 1e3,
            "tpot_compute_ms": p.t_comp * c.pp * 1e3,
            "tpot_fixed_ms": c.empty_step() * 1e3,
            "tpot_allreduce_ms": 2.0 * c.layers * c.allreduce(p.running / c.pp) * 1e3,
            "ttft_prefill_ms": p.pf_own * 1e3,
            "ttft_prefill_compute_ms": p.pf_comp * 1e3,
            "ttft_allreduce_ms": p.pf_ar * 1e3,
            "ttft_queue_ms": p.queue * 1e3,
            "ttft_step_in_flight_ms": p.in_flight * 1e3,
            "ttft_batch_wait_ms": p.hold * 1e3,
            "ttft_cold_start_ms": p.cold * 1e3,
            "ttft_cold_start_median_ms": p.cold_median * 1e3,
            "ttft_request_overhead_ms": (c.t_request * 1e3) if wl.mode is BatchingMode.SERVING else 0.0,
            "weights_gb_per_gpu": self.fit.weights_bytes / GB,
            "kv_gb_per_gpu": self._kv_tokens(p.running) * self.fit.kv_bytes_per_token / GB,
            "weights_gib_per_gpu": self.fit.weights_bytes / GIB,
            "kv_gib_per_gpu": self._kv_tokens(p.running) * self.fit.kv_bytes_per_token / GIB,
            "usable_gib_per_gpu": self.fit.usable_bytes / GIB,
            "overhead_gib_per_gpu": self.fit.overhead_bytes / GIB,
        }

    def estimate(self, concurrency: int | None = None, *, with_slo: bool = True) -> Estimate:
        wl = self.workload
        conc = wl.concurrency if concurrency is None and wl.mode is not BatchingMode.OFFLINE else concurrency
        batch = self.batch_per_replica(conc)
        p = _evaluate(self.core, wl, self.profile, batch, self.kv_cap_replica)
        reps = self.deployment.replicas
        tps_total = self.total_tps(p, conc)
        limit = self.queue_limit(p)
        warnings = [*self.warnings, *self._point_warnings(p, limit)]
        slo = self.max_concurrency_slo() if with_slo else None
        breakdown = self._breakdown(p)
        meets = None
        if wl.ttft_target_ms is not None or wl.tpot_target_ms is not None:
            meets = self.meets(p)
        return Estimate(
            ttft_ms=p.ttft * 1e3,
            tpot_ms=p.tpot * 1e3,
            e2e_latency_ms=p.e2e * 1e3,
            ttft_p99_ms=p.ttft_p99 * 1e3,
            tpot_p99_ms=p.tpot_p99 * 1e3,
            output_tps_per_user=1.0 / p.tpot,
            output_tps_total=tps_total,
            input_tps_total=tps_total / wl.output_len * wl.input_len,
            requests_per_s=tps_total / wl.output_len,
            concurrency=conc if conc is not None else batch * reps,
            running_per_replica=p.running,
            queued_per_replica=p.queued,
            queue_limit=limit,
            replicas=reps,
            max_concurrency_kv=self.max_concurrency_kv,
            max_concurrency_slo=slo,
            meets_slo=meets,
            decode_bound="memory" if p.t_mem >= p.t_comp else "compute",
            fits=self.fit.weights_fit and self.max_concurrency_kv >= 1,
            bands=dict(self.bands),
            peaks=self.peaks,
            breakdown=breakdown,
            inputs=_inputs(self, conc, p.in_step),
            assumptions=tuple(self.assumptions),
            warnings=tuple(warnings),
        )


def _inputs(prep: Prepared, concurrency: int | None, in_step: bool = False) -> dict[str, Any]:
    d, w = prep.deployment, prep.workload
    return {
        "gpu": d.gpu.id,
        "gpu_name": d.gpu.display_name,
        "gpu_count": d.gpu_count,
        "tp": d.tp,
        "pp": d.pp,
        "replicas": d.replicas,
        "attention_dp": d.attention_dp,
        "expert_parallel": d.expert_groups if w.llm.is_moe else 1,  # a dense model has no experts to split
        "interconnect": d.link.value,
        "interconnect_name": d.link_name,
        "model": w.llm.id,
        "model_name": w.llm.display_name,
        "weight_precision": prep.fmt.name,
        "kv_precision": prep.kv_precision,
        "engine": w.engine.value,
        # What bounds the requests the engine runs at once, and where (max_num_seqs 1024, or the step budget
        # max_num_batched_tokens where long prompts fill it first).
        "scheduler_setting": prep.profile.max_batch_setting,
        "scheduler_limit": int(prep.profile.max_batch),
        "mode": w.mode.value,
        "input_len": w.input_len,
        "input_len_cv": w.input_len_cv,
        "uniform_lengths": in_step,  # the rounds in step at this point (app.perf.lockstep)
        "prefix_cached_len": w.prefix_cached_len,
        "offline_requests": w.offline_requests if w.mode is BatchingMode.OFFLINE else 0,
        "open_loop": w.open_loop,
        "bench_rounds": prep.core.rounds if w.mode is BatchingMode.SERVING and not w.open_loop else 0,
        "output_len": w.output_len,
        # Speculative decoding: draft tokens a step and the tokens a step keeps, as estimated (1.0: none).
        "speculative_tokens": w.speculative_tokens,
        "acceptance_length": round(prep.core.spec_accept, 3) if w.speculative_tokens else 1.0,
        "concurrency": concurrency if concurrency is not None else "max",
        "ttft_target_ms": w.ttft_target_ms,
        "batch_wait_iters": w.batch_wait_iters,
        "tpot_target_ms": w.tpot_target_ms,
        "calibration": "measured peaks" if d.measured else "datasheet peaks",
        "gpu_power_limit_w": d.power_limit_w if d.power_limit_w is not None else d.gpu.tdp_w,
    }
