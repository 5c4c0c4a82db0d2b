"""Closed-loop runs whose prompts and answers all have one length (`estimate --uniform-lengths`): the clients'
rounds stay in step and each round's prompts wait for each other's full prefill steps (app.perf.lockstep)."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.perf.calibration import load_calibration, perf_data_dir
from app.perf.dataset import build_cases, read_measurements, with_stated_medians
from app.perf.datatypes import Deployment, Workload
from app.perf.engines import Engine
from app.perf.lockstep import lock_step_point
from app.perf.model import prepare
from app.perf.overrides import apply_overrides, read_overrides
from tests.perf.parts import H200_SXM, LLAMA_8B
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


def test_a_later_round_waits_for_a_full_step_and_is_prefilled_in_one() -> None:
    """Worked case: the prompt arrives while the previous group's prompts fill a step (the round's first group
    arrives amid decodes alone), waits for it, then rides a full step of its own; each request decodes through
    the other 15.1 groups' prefill steps and 496 steps of decodes alone."""
    core = prepare(DEP, RUN).core
    ctx = 2048 + 512 / 2
    lock = lock_step_point(core, 64, ctx, 2048.0, 512.0, plans_ahead=False)
    assert lock is not None
    budget = 8192 - 63
    n = 64 * 2048 / budget
    assert lock.prefill_steps == pytest.approx(n)
    full = core.step_with_prompt(63.0, ctx, budget, 2048.0)
    pure = core.decode_step(64.0, ctx, 0.0, 0.0)[0]
    assert lock.full_step == pytest.approx(full)
    assert lock.wait == pytest.approx(((n - 1) * full + pure) / n)
    assert lock.own == pytest.approx(core.first_token(full))  # a 2k prompt fits inside its step
    assert lock.tpot == pytest.approx(((n - 1) * full + (512 - n) * pure) / 511)
    assert lock.first_round_tpot == pytest.approx(((n - 1) / 2 * full + (511 - (n - 1) / 2) * pure) / 511)
    assert full > 5 * core.prefill_amid(63.0, ctx, 2048.0) / 2  # a full step is many prompts' work, not one's
    ahead = lock_step_point(core, 64, ctx, 2048.0, 512.0, plans_ahead=True)
    assert ahead is not None and ahead.wait == pytest.approx(2 * lock.wait)  # and the step planned behind it


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
    """Poisson arrivals have no rounds; answers shorter than a round's prefill steps overlap the next round;
    speculative decoding and one pass a prompt (vLLM on Gaudi) keep their own schedules."""
    poisson = replace(RUN, open_loop=True)
    assert prepare(DEP, poisson).estimate(64).ttft_ms == pytest.approx(
        prepare(DEP, replace(poisson, lock_step=False)).estimate(64).ttft_ms)
    core = prepare(DEP, RUN).core
    assert lock_step_point(core, 64, 2100.0, 2048.0, 8.0, plans_ahead=False) is None  # 8 tokens < 16 steps
    assert lock_step_point(core, 1, 2100.0, 2048.0, 512.0, plans_ahead=False) is None  # one client: no others
    spec = prepare(DEP, replace(RUN, engine=Engine.SGLANG, speculative_tokens=3)).core
    assert lock_step_point(spec, 64, 2304.0, 2048.0, 512.0, plans_ahead=False) is None
    with pytest.raises(ValueError, match="input_len_cv"):
        replace(RUN, input_len_cv=0.5)


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
def test_estimate_cli_takes_uniform_lengths(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.main import main

    base = ["--data-dir", str(tmp_path), "estimate", "--gpu", "nvidia-h200-sxm-141gb", "--model",
            "meta-llama-3.1-8b", "--precision", "fp8", "--input-len", "4096", "--output-len", "512", "--json"]
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


@settings(max_examples=60, deadline=None)
@given(clients=st.integers(2, 512), isl=st.integers(1, 32768), osl=st.integers(1, 4096),
       chunk=st.sampled_from([2048, 8192, 32768]), ahead=st.booleans())
def test_a_lock_step_request_is_never_faster_than_its_steps(clients: int, isl: int, osl: int, chunk: int,
                                                            ahead: bool) -> None:
    """Whatever the lengths and clients: no result (the spread model holds), or one whose TTFT covers at least a
    full step of prefill and whose TPOT lies between a step of decodes alone and a full prefill step."""
    wl = replace(RUN, input_len=isl, output_len=osl, concurrency=clients, prefill_chunk=chunk)
    core = prepare(DEP, wl).core
    ctx = isl + osl / 2
    lock = lock_step_point(core, clients, ctx, float(isl), float(osl), plans_ahead=ahead)
    if lock is None:
        return
    pure = core.decode_step(float(clients), ctx, 0.0, 0.0)[0]
    for value in (lock.wait, lock.own, lock.tpot, lock.first_round_tpot, lock.full_step):
        assert math.isfinite(value) and value >= 0.0
    assert lock.ttft >= lock.full_step * (1.0 - 1e-9) if lock.prefill_steps > 1.0 else lock.ttft > 0.0
    slack = 1e-9
    assert pure * (1 - slack) <= lock.first_round_tpot <= lock.tpot * (1 + slack)
    assert lock.tpot <= max(pure, lock.full_step) * (1 + slack)
