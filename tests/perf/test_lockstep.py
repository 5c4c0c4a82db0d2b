"""Closed-loop runs whose prompts and answers all have one length (`estimate --uniform-lengths`): the clients'
rounds stay in step and each round's prompts wait for each other's full prefill steps (app.perf.lockstep)."""

from __future__ import annotations

import itertools
import json
import math
from collections import deque
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.perf.calibration import load_calibration, perf_data_dir
from app.perf.dataset import build_cases, read_measurements, with_stated_medians
from app.perf.datatypes import BatchingMode, Deployment, Workload
from app.perf.engines import Engine
from app.perf.lockstep import lock_step_point
from app.perf.model import prepare
from app.perf.overrides import apply_overrides, read_overrides
from tests.perf.parts import H200_SXM, LLAMA_8B, estimate_8b_args
from tests.perf.test_dataset import needs_catalog

DEP = Deployment(gpu=H200_SXM, gpu_count=1, tp=1)
# 64 clients of 2,048-token prompts and 512-token answers through 8,192-token steps: a round's prompts take
# 64 x 2048 / (8192 - 63) = 16.1 full steps.
RUN = Workload(llm=LLAMA_8B, weight_precision="fp8", input_len=2048, output_len=512, concurrency=64,
               engine=Engine.VLLM, prefill_chunk=8192, lock_step=True)


def _steady(wl: Workload, conc: int) -> float:
    """TTFT of a request after the first round (the mean less what the first round's burst adds)."""
    est = prepare(DEP, wl).estimate(conc)
    return est.ttft_ms - est.breakdown["ttft_cold_start_ms"]


def _simulate(clients: int, isl: int, osl: int, budget: float, waits: int, full: float, pure: float,
              rounds: int = 6) -> tuple[float, float]:
    """Step by step, independently of app.perf.lockstep: first-come first-served chunked prefill of at most `budget`
    prompt tokens a step, every running request one token a step, a step lasting `pure` plus its prompt tokens'
    share of `full - pure`; a client whose answer ends on step s sends its next prompt, schedulable from step
    s + 1 + `waits`. Returns the mean TTFT and TPOT of the rounds between the first and the last."""
    queue = deque([c, float(isl)] for c in range(clients))
    pending: list[tuple[int, int]] = []
    sent, first, tokens, rnd = dict.fromkeys(range(clients), 0.0), {}, {}, dict.fromkeys(range(clients), 0)
    t, step, ttfts, tpots = 0.0, 0, [], []
    while any(r < rounds for r in rnd.values()):
        step += 1
        queue.extend([c, float(isl)] for s, c in pending if s <= step)
        pending = [(s, c) for s, c in pending if s > step]
        left, prefilled = budget, []
        while queue and left > 0:
            take = min(left, queue[0][1])
            queue[0][1] -= take
            left -= take
            if queue[0][1] <= 0:
                prefilled.append(int(queue.popleft()[0]))
        t += pure + (full - pure) * (budget - left) / budget
        ended = [c for c in tokens if tokens[c] + 1 >= osl]
        tokens = {c: n + 1 for c, n in tokens.items() if c not in ended}
        for c in prefilled:
            first[c], tokens[c] = t, 1
        for c in ended:
            if 0 < rnd[c] < rounds - 1:
                ttfts.append(first[c] - sent[c])
                tpots.append((t - first[c]) / (osl - 1))
            rnd[c] += 1
            sent[c] = t
            pending.append((step + 1 + waits, c))
    return sum(ttfts) / len(ttfts), sum(tpots) / len(tpots)


@pytest.mark.parametrize(("clients", "isl", "osl", "chunk", "ahead"), [
    (64, 2048, 512, 8192, False), (64, 2048, 512, 8192, True), (128, 3200, 800, 32768, False),
    (16, 10000, 1000, 16384, True), (32, 1024, 64, 4096, False),
])
def test_a_later_round_as_a_step_by_step_run_of_it(clients: int, isl: int, osl: int, chunk: int,
                                                   ahead: bool) -> None:
    """The closed form against a step-by-step run of the same schedule with the same step times: a later round's
    prompt waits for the prefill step in flight (two where the scheduler plans ahead) and rides a full step of
    its own; its decode holds the round's full steps it did not wait through."""
    wl = replace(RUN, input_len=isl, output_len=osl, concurrency=clients, prefill_chunk=chunk)
    core = prepare(DEP, wl).core
    ctx = isl + osl / 2
    lock = lock_step_point(core, clients, ctx, float(isl), float(osl), plans_ahead=ahead)
    assert lock is not None and lock.prefill_steps > 1.0
    pure = core.decode_step(float(clients), ctx, 0.0, 0.0)[0]
    budget = core.step_tokens - (clients - 1)
    ttft, tpot = _simulate(clients, isl, osl, budget, 2 if ahead else 1, lock.full_step, pure)
    assert lock.ttft == pytest.approx(ttft, rel=0.15)
    assert lock.tpot == pytest.approx(tpot, rel=0.05)
    # Each client's cycle holds the round's n full steps once, the rest are steps of decodes alone.
    waits = 2 if ahead else 1
    cycle = lock.wait + lock.own + (osl - 1) * lock.tpot
    n = lock.prefill_steps
    own_steps = max(1.0, isl / budget + 0.5)
    assert cycle == pytest.approx(n * lock.full_step + (osl - 1 + own_steps + waits - n) * pure, rel=0.02)
    ahead_lock = lock_step_point(core, clients, ctx, float(isl), float(osl), plans_ahead=not ahead)
    assert ahead_lock is not None and (ahead_lock.wait > lock.wait) is (not ahead)


def _simulate_prefill_first(clients: int, isl: int, osl: int, budget: float, pf_step: float, pure: float,
                            rounds: int = 5) -> tuple[float, float, float]:
    """Step by step, independently of app.perf.lockstep, SGLang's prefill-first schedule: while prompt tokens wait, a
    step prefills up to `budget` of them (first come, first served) and runs no decode, taking `pf_step` times its
    share of the budget; otherwise every running request decodes one token in a step of `pure`. A client whose
    answer ends sends its next prompt at once. Returns the mean TTFT, TPOT and round length of the rounds between
    the first and the last."""
    queue = deque([c, float(isl)] for c in range(clients))
    sent, first, tokens, rnd = dict.fromkeys(range(clients), 0.0), {}, {}, dict.fromkeys(range(clients), 0)
    t, ttfts, tpots, cycles = 0.0, [], [], []
    while any(r < rounds for r in rnd.values()):
        if queue:
            left = budget
            while queue and left > 0:
                take = min(left, queue[0][1])
                queue[0][1] -= take
                left -= take
                if queue[0][1] <= 0:
                    c = int(queue.popleft()[0])
                    first[c], tokens[c] = None, 1  # its first token comes with this step
            t += pf_step * (budget - left) / budget
            for c in [c for c in first if first[c] is None]:
                first[c] = t
            continue
        t += pure
        ended = [c for c in tokens if tokens[c] + 1 >= osl]
        tokens = {c: n + 1 for c, n in tokens.items() if c not in ended}
        for c in ended:
            if 0 < rnd[c] < rounds - 1:
                ttfts.append(first[c] - sent[c])
                tpots.append((t - first[c]) / (osl - 1))
                cycles.append(t - sent[c])
            rnd[c] += 1
            sent[c] = t
            queue.append([c, float(isl)])
    return sum(ttfts) / len(ttfts), sum(tpots) / len(tpots), sum(cycles) / len(cycles)


@pytest.mark.parametrize(("clients", "isl", "osl", "chunk"), [
    (64, 2048, 512, 8192), (128, 1024, 1024, 8192), (16, 10000, 1000, 16384), (32, 1024, 64, 4096),
])
def test_prefill_first_steps_make_every_round_a_burst(clients: int, isl: int, osl: int, chunk: int) -> None:
    """SGLang prefills queued prompts in steps of their own while the running requests wait (no
    --enable-mixed-chunk): the groups prefilled first cannot get ahead of the later ones, every answer ends on the
    same step and the next round's prompts come together. The closed form against a step-by-step run of that
    schedule: TTFT is the burst's (half the round's prefill steps on average), TPOT carries the other half."""
    wl = replace(RUN, engine=Engine.SGLANG, input_len=isl, output_len=osl, concurrency=clients, prefill_chunk=chunk)
    core = prepare(DEP, wl).core
    ctx = isl + osl / 2
    lock = lock_step_point(core, clients, ctx, float(isl), float(osl), plans_ahead=True, prefill_pauses_decodes=True)
    assert lock is not None and lock.bursts and lock.prefill_steps > 1.0
    pure = core.decode_step(float(clients), ctx, 0.0, 0.0)[0]
    pf_step = core.cold_start_span(float(clients), float(isl))[1] / lock.prefill_steps
    ttft, tpot, cycle = _simulate_prefill_first(clients, isl, osl, float(core.step_tokens), pf_step, pure)
    host = core.first_token(0.0)  # the prompt pass's host time, which the step-by-step run leaves out
    assert lock.wait == 0.0
    assert lock.own - host == pytest.approx(ttft, rel=0.05)
    assert lock.tpot == pytest.approx(tpot, rel=0.02)
    assert lock.tpot == lock.last_round_tpot
    assert lock.own - host + (osl - 1) * lock.tpot == pytest.approx(cycle, rel=0.02)
    # The staggered schedule of an engine that mixes prompts and decodes in a step waits for two steps instead.
    mixed = lock_step_point(core, clients, ctx, float(isl), float(osl), plans_ahead=True)
    assert mixed is not None and not mixed.bursts and mixed.own < lock.own


def test_sglang_with_uniform_lengths_is_the_first_rounds_burst_every_round() -> None:
    """The estimate: SGLang's TTFT under uniform lengths is the burst every client's first request meets (what a
    run of one round measures), and its throughput counts no run-end lag, every client starting each round
    together; vLLM's stays staggered, well below the burst."""
    sg = replace(RUN, engine=Engine.SGLANG)
    locked = prepare(DEP, sg).estimate(64)
    one_round = prepare(DEP, replace(sg, lock_step=False, bench_rounds=1)).estimate(64)
    assert locked.ttft_ms == pytest.approx(one_round.ttft_ms, rel=1e-6)
    core = prepare(DEP, sg).core
    ctx = 2048 + 256.0
    mean, last = core.cold_start_span(64.0, 2048.0)
    pure = core.decode_step(64.0, ctx, 0.0, 0.0)[0]
    assert locked.tpot_ms == pytest.approx(1e3 * (pure + (last - mean) / 511), rel=1e-6)
    cycle = (locked.ttft_ms - 1e3 * core.t_request) / 1e3 + 511 * locked.tpot_ms / 1e3 + core.t_request
    assert locked.output_tps_total == pytest.approx(64 * 512 / cycle, rel=1e-6)
    vllm = prepare(DEP, RUN).estimate(64)
    assert vllm.ttft_ms < 0.5 * locked.ttft_ms


def test_uniform_lengths_wait_longer_and_grow_with_the_step_budget() -> None:
    """Spread-out prompts wait for one prompt's prefill whatever the step budget; in-step prompts wait for full
    steps, so a budget four times larger makes them wait about four times longer. TPOT carries the full steps."""
    spread = {chunk: _steady(replace(RUN, lock_step=False, prefill_chunk=chunk), 64) for chunk in (8192, 32768)}
    locked = {chunk: _steady(replace(RUN, prefill_chunk=chunk), 64) for chunk in (8192, 32768)}
    assert locked[8192] > 2 * spread[8192]
    assert spread[32768] == pytest.approx(spread[8192], rel=0.1)
    assert 2.5 < locked[32768] / locked[8192] < 4.5
    assert (prepare(DEP, RUN).estimate(64).tpot_ms
            > prepare(DEP, replace(RUN, lock_step=False)).estimate(64).tpot_ms)


def test_a_round_that_fits_one_step_is_a_burst_every_round() -> None:
    """4 clients of 1,024 tokens fit one 8,192-token step: every answer ends on the same step, so every round is
    the first round's burst again, and the tokens after the first come from steps of decodes alone."""
    small = replace(RUN, input_len=1024, concurrency=4)
    every_round = prepare(DEP, small).estimate(4)
    one_burst = prepare(DEP, replace(small, lock_step=False, bench_rounds=1)).estimate(4)
    assert every_round.ttft_ms == pytest.approx(one_burst.ttft_ms, rel=1e-6)
    core = prepare(DEP, small).core
    assert every_round.tpot_ms == pytest.approx(1e3 * core.decode_step(4.0, 1024 + 256, 0.0, 0.0)[0], rel=1e-6)


def test_where_the_rounds_do_not_stay_in_step_the_spread_model_holds() -> None:
    """Requests waiting for a slot, speculative decoding and one pass a prompt (vLLM on Gaudi) keep their own
    schedules: the estimate uses the spread model there and says so. Poisson arrivals and offline runs have no
    rounds at all."""
    core = prepare(DEP, RUN).core
    assert lock_step_point(core, 1, 2100.0, 2048.0, 512.0, plans_ahead=False) is None  # one client: no others
    spec = prepare(DEP, replace(RUN, engine=Engine.SGLANG, speculative_tokens=3)).core
    assert lock_step_point(spec, 64, 2304.0, 2048.0, 512.0, plans_ahead=False) is None
    for wl in (replace(RUN, max_num_seqs=32), replace(RUN, engine=Engine.SGLANG, speculative_tokens=3)):
        est = prepare(DEP, wl).estimate(64)
        spread = prepare(DEP, replace(wl, lock_step=False)).estimate(64)
        assert est.ttft_ms == pytest.approx(spread.ttft_ms)
        assert est.inputs["uniform_lengths"] is False
        assert any("do not stay in step" in w for w in est.warnings)
    assert prepare(DEP, RUN).estimate(64).inputs["uniform_lengths"] is True
    assert not any("do not stay in step" in w for w in prepare(DEP, RUN).estimate(64).warnings)
    for bad, says in (({"input_len_cv": 0.5}, "input_len_cv"), ({"open_loop": True}, "request rate"),
                      ({"mode": BatchingMode.OFFLINE, "concurrency": None}, "offline")):
        with pytest.raises(ValueError, match=says):
            replace(RUN, **bad)  # type: ignore[arg-type]


def test_the_p99s_stay_those_of_poisson_arrivals() -> None:
    """P99 TTFT and TPOT describe Poisson arrivals at the run's rate (app.perf.tail), which uniform lengths do not
    change; neither falls below the run's own mean."""
    locked = prepare(DEP, RUN).estimate(64)
    spread = prepare(DEP, replace(RUN, lock_step=False)).estimate(64)
    assert locked.ttft_p99_ms == pytest.approx(max(locked.ttft_ms, spread.ttft_p99_ms), rel=0.05)
    assert locked.tpot_p99_ms >= locked.tpot_ms


def test_an_unchunked_prompt_is_prefilled_whole_in_one_step() -> None:
    """TensorRT-LLM without chunked context packs whole prompts into a step's budget, less a token a decode."""
    wl = replace(RUN, engine=Engine.TRTLLM, input_len=4096, prefill_chunk=8192)
    core = prepare(DEP, wl).core
    if core.chunk:  # this engine profile chunks prompts: force the unchunked path the test is about
        core = replace(core, chunk=None)
    lock = lock_step_point(core, 64, 4096 + 256.0, 4096.0, 512.0, plans_ahead=False)
    assert lock is not None
    assert lock.prefill_steps == pytest.approx(64.0)  # one 4k prompt a step: 8,192 less 63 decodes holds one
    assert lock.own == pytest.approx(core.first_token(lock.full_step))


@pytest.mark.parametrize("osl", [4, 8, 12])
def test_answers_shorter_than_the_rounds_prefill_keep_every_step_a_prefill_step(osl: int) -> None:
    """64 clients of 2,048 tokens take 16.1 full steps a round; answers of fewer steps end before the round's
    prompts are all in, so every step is a full prefill step, each request decodes one token a full step and
    its cycle is the round's n steps: TTFT n - osl + 1 of them. The step-by-step run agrees; and TTFT falls
    continuously into the in-step regime as answers lengthen."""
    wl = replace(RUN, output_len=osl)
    core = prepare(DEP, wl).core
    ctx = 2048 + osl / 2
    lock = lock_step_point(core, 64, ctx, 2048.0, float(osl), plans_ahead=False)
    assert lock is not None and lock.tpot == pytest.approx(lock.full_step)
    n = lock.prefill_steps
    assert lock.ttft == pytest.approx((n - osl + 1) * lock.full_step)
    ttft, tpot = _simulate(64, 2048, osl, core.step_tokens - 63, 1, lock.full_step, lock.full_step / 20, rounds=8)
    assert lock.ttft == pytest.approx(ttft, rel=0.1)
    assert lock.tpot == pytest.approx(tpot, rel=0.05)
    by_osl = [lock_step_point(core, 64, ctx, 2048.0, float(o), plans_ahead=False) for o in range(4, 24)]
    ttfts = [p.ttft / p.full_step for p in by_osl if p is not None]
    assert len(ttfts) == 20 and all(b <= a + 0.25 for a, b in itertools.pairwise(ttfts))


@needs_catalog
def test_the_recipe_runs_mean_over_median_follows_the_rounds() -> None:
    """vLLM's recipe runs of DeepSeek-R1 on 8 x MI300X, 3,200 / 800 tokens, --ignore-eos, 32k-token steps: 128
    clients send ~4 rounds (mean 7.59 s over median 4.69 s: 1.62), 256 clients ~2 (18.55 s over 5.71 s: 3.25).
    The first round is a burst of every client; the later ones wait for two full steps. Spread-out arrivals would
    put the median at one prompt's prefill, a few hundred ms, and these ratios at 8 and 26."""
    rows = [m for m in read_measurements(perf_data_dir() / "moe-measurements.csv")
            if "vLLM recipes DeepSeek/AMD_GPU" in m.row["scenario"] and m.row["metric"] == "ttft"]
    rows, _ = apply_overrides(rows, read_overrides())
    cases, skipped = build_cases(with_stated_medians(rows))
    assert not skipped and len(cases) == 4
    assert all(c.workload.lock_step for c in cases)  # the override says so
    cal = load_calibration()
    by = {(c.measurement.row["batch"], c.metric): (c.predict(cal), c.measured) for c in cases}
    for clients in ("128", "256"):
        (mean_p, mean_m), (median_p, median_m) = by[(clients, "ttft")], by[(clients, "ttft_median")]
        assert mean_p / median_p == pytest.approx(mean_m / median_m, rel=0.2)
        assert median_p > 0.4 * median_m  # spread-out arrivals predicted 0.06 x


@needs_catalog
def test_the_mi355x_recipe_runs_read_in_step() -> None:
    """A second source of lock-step runs, dense and on CDNA 4: AMD's Llama-3.3-70B recipe runs on one MI355X (vLLM
    recipes commit 584c0c6): FP8 and MXFP4, 8,191 / 1,024 tokens, --ignore-eos, 64 clients sending 128 prompts
    through 32k-token steps. In step, the FP8 run's median TTFT (7.5 s) and TPOT come within a sixth; read as spread
    arrivals, the median would be a few full steps short. The FP8 run is fitted, the MXFP4 one only scored."""
    from app.perf.dataset import FIT_SETTING

    rows = [m for m in read_measurements(perf_data_dir() / "extra-measurements.csv")
            if "vllm-project/recipes/blob/584c0c6" in m.row["source"]]
    assert len(rows) == 6
    rows, notes = apply_overrides(rows, read_overrides())
    assert len(notes) == 6
    assert [m.row.get(FIT_SETTING, "") for m in rows] == ["", "", "", "no", "no", "no"]  # FP8 first, then MXFP4
    cases, skipped = build_cases(with_stated_medians(rows))
    assert not skipped and len(cases) == 8
    for c in cases:
        assert (c.deployment.gpu.id, c.deployment.gpu_count, c.deployment.tp) == ("amd-instinct-mi355x", 1, 1)
        assert c.workload.llm.id == "meta-llama-3.1-70b"  # name-map: Llama 3 / 3.1 / 3.3 70B share the architecture
        assert c.workload.engine is Engine.VLLM
        assert (c.workload.lock_step, c.workload.bench_rounds, c.workload.prefill_chunk) == (True, 2, 32768)
        assert (c.workload.input_len, c.workload.output_len, c.workload.kv_precision) == (8191, 1024, "fp8")
    assert {c.workload.weight_precision for c in cases} == {"fp8", "fp4"}
    cal = load_calibration()
    fp8 = {c.metric: c for c in cases if c.workload.weight_precision == "fp8"}
    assert fp8["ttft_median"].measured == pytest.approx(7543.86)
    for metric in ("ttft_median", "tpot", "output_throughput_total"):
        assert abs(fp8[metric].predict(cal) / fp8[metric].measured - 1.0) < 0.17, metric
    median = fp8["ttft_median"]
    spread = replace(median, workload=replace(median.workload, lock_step=False))
    assert spread.predict(cal) < 0.5 * median.measured  # spread arrivals: -73 %


@needs_catalog
def test_estimate_cli_takes_uniform_lengths(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.main import main

    base = estimate_8b_args(tmp_path)
    assert main([*base, "--concurrency", "64"]) == 0
    spread = json.loads(capsys.readouterr().out)
    assert main([*base, "--concurrency", "64", "--uniform-lengths"]) == 0
    locked = json.loads(capsys.readouterr().out)
    assert (spread["inputs"]["uniform_lengths"], locked["inputs"]["uniform_lengths"]) == (False, True)
    assert locked["ttft_ms"] > spread["ttft_ms"]
    assert any("rounds stay in step" in a for a in locked["assumptions"])
    assert any("--uniform-lengths" in a for a in spread["assumptions"])  # where it is not given, how to give it
    for bad, says in ((["--request-rate", "2", "--uniform-lengths"], "closed-loop"),
                      (["--concurrency", "max", "--uniform-lengths"], "closed-loop"),
                      (["--concurrency", "64", "--uniform-lengths", "--input-len-cv", "0.5"], "one length")):
        assert main([*base, *bad]) == 2
        assert says in capsys.readouterr().err


@settings(max_examples=80, deadline=None)
@given(clients=st.integers(2, 512), isl=st.integers(1, 32768), osl=st.integers(1, 4096),
       chunk=st.sampled_from([2048, 8192, 32768]), ahead=st.booleans(), pauses=st.booleans())
def test_a_lock_step_request_is_never_faster_than_its_steps(clients: int, isl: int, osl: int, chunk: int,
                                                            ahead: bool, pauses: bool) -> None:
    """Whatever the lengths and clients: a result whose TTFT covers at least a full step of prefill. Where steps
    mix prompts and decodes its TPOTs lie between a step of decodes alone and a full prefill step; where prefill
    steps pause the decodes (every round a burst), between a step of decodes alone and that plus the whole burst
    spread over the answer, and a client's cycle is the burst and its decode steps."""
    wl = replace(RUN, input_len=isl, output_len=osl, concurrency=clients, prefill_chunk=chunk)
    core = prepare(DEP, wl).core
    ctx = isl + osl / 2
    lock = lock_step_point(core, clients, ctx, float(isl), float(osl), plans_ahead=ahead,
                           prefill_pauses_decodes=pauses)
    assert lock is not None  # more than one client, no speculative decoding, prompts in chunks: always in step
    pure = core.decode_step(float(clients), ctx, 0.0, 0.0)[0]
    for value in (lock.wait, lock.own, lock.tpot, lock.last_round_tpot, lock.full_step):
        assert math.isfinite(value) and value >= 0.0
    assert lock.ttft >= lock.full_step * (1.0 - 1e-9) if lock.prefill_steps > 1.0 else lock.ttft > 0.0
    slack = 1e-9
    if lock.bursts:
        mean, last = core.cold_start_span(float(clients), float(isl))
        for tpot in (lock.tpot, lock.last_round_tpot):
            assert pure * (1 - slack) <= tpot <= (pure + (last - mean)) * (1 + slack)
        if osl > 1:
            cycle = lock.ttft - core.first_token(0.0) + (osl - 1) * lock.tpot
            assert cycle == pytest.approx(last + (osl - 1) * pure, rel=1e-9)
        return
    assert not pauses and clients * isl > core.step_tokens  # prefill-first, or a round in one step: every round a burst
    for tpot in (lock.tpot, lock.last_round_tpot):
        assert min(pure, lock.full_step) * (1 - slack) <= tpot <= max(pure, lock.full_step) * (1 + slack)
