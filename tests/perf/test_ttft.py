"""TTFT as closed-loop serving benchmarks measure it: each property is recomputed here by hand.

A closed-loop run at concurrency C (vLLM bench serve, InferenceMAX, genai-perf) starts all C clients at
t=0 and sends each client's next request when its answer ends, `bench_rounds` requests per client:

    TTFT = t_request + first / R + (1 - 1/R) * (in_flight + hold + own_prefill + wait)

first: mean completion of C prompts packed into steps of the engine's token budget; in_flight: half the
decode step running when a prompt arrives, plus the step already planned behind it where the scheduler
overlaps planning and execution (TensorRT-LLM, SGLang); own_prefill: the step(s) the prompt shares with the C-1 decodes;
wait: M/D/1 behind other prompts at the prefill load; hold: TensorRT-LLM batch waiting, when configured.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace

import pytest

from app.perf import Deployment, Engine, Workload, estimate, prepare
from app.perf.admission import batch_size
from app.perf.calibration import Calibration, default_calibration
from app.perf.dataset import Measurement
from app.perf.engines import profile
from app.perf.model import _Core, _evaluate
from app.perf.overrides import Override, apply_overrides, read_overrides
from tests.perf.parts import H100_SXM, H200_SXM, LLAMA_8B, LLAMA_70B


def wl(**kw: object) -> Workload:
    base = dict(
        llm=LLAMA_70B, weight_precision="fp8", input_len=1024, output_len=1024, concurrency=4, engine=Engine.VLLM
    )
    base.update(kw)
    return Workload(**base)  # type: ignore[arg-type]


def dep(tp: int = 1, gpu=H200_SXM) -> Deployment:  # type: ignore[no-untyped-def]
    return Deployment(gpu=gpu, gpu_count=tp, tp=tp)


def test_one_user_sees_request_overhead_plus_prefill() -> None:
    """At concurrency 1 nothing runs beside the prompt: no step in flight, no queue, every round alike."""
    p = prepare(dep(), wl(concurrency=1))
    est = p.estimate(with_slo=False)
    expected = p.core.t_request + p.core.prefill(1.0, 1024.0)[0]
    assert est.ttft_ms == pytest.approx(expected * 1e3, rel=1e-9)
    b = est.breakdown
    assert b["ttft_queue_ms"] == pytest.approx(0.0, abs=1e-9)
    assert b["ttft_step_in_flight_ms"] == 0.0 and b["ttft_batch_wait_ms"] == 0.0
    assert b["ttft_cold_start_ms"] == pytest.approx(0.0, abs=1e-6)


def test_first_round_is_packed_into_steps_of_the_token_budget() -> None:
    """vLLM chunks prompts into 8192-token steps; TensorRT-LLM packs whole prompts into 8192 tokens."""
    v = prepare(dep(), wl()).core
    # 4 x 1024 tokens fit one step: all four finish together.
    assert v.cold_start(4, 1024) == pytest.approx(v.prefill(4, 1024)[0], rel=1e-12)
    # 16 x 1024 = two full steps of 8 prompts: half finish after step 1, half after step 2 -> mean 3/4 of both.
    assert v.cold_start(16, 1024) == pytest.approx(2 * v.prefill(8, 1024)[0] * 3 / 4, rel=1e-12)
    t = prepare(dep(), wl(engine=Engine.TRTLLM)).core
    # 3000-token prompts, unchunked: two per 8192-token step, so 5 prompts need 3 steps; mean = total * 4/6.
    assert t.cold_start(5, 3000) == pytest.approx(3 * t.prefill(5 / 3, 3000)[0] * 4 / 6, rel=1e-12)


def test_long_prompt_takes_one_step_per_chunk_alongside_the_decodes() -> None:
    """20,000 tokens beside 100 decodes: the 8192-token budget leaves 8092 per step, so 3 steps."""
    core = prepare(dep(), wl(input_len=20000)).core
    ctx = 20000.0 + 512.0
    one_step = core.decode_step(100, ctx, 20000 / 3, 20000)[0]
    assert core.prefill_amid(100, ctx, 20000) == pytest.approx(3 * one_step, rel=1e-12)
    # The scheduler never runs more than max_num_seqs (256) decodes in a step: 8192 - 256 still gives 3 steps.
    capped = core.decode_step(1000, ctx, 20000 / 3, 20000)[0]
    assert core.prefill_amid(1000, ctx, 20000) == pytest.approx(3 * capped, rel=1e-12)


def test_prompts_prefilled_together_share_their_steps() -> None:
    """Four 3,000-token prompts a batch wait gathered, beside 100 decodes: 12,000 tokens in 8,092-token budgets
    take 2 steps of 6,000, each prompt attending over its own 3,000 tokens; each prompt's first token comes
    after both."""
    core = prepare(dep(), wl(input_len=3000)).core
    ctx = 3000.0 + 256.0
    two = 2 * core.decode_step(100, ctx, 6000, 3000)[0]
    assert core.prefill_amid(100, ctx, 3000, 4) == pytest.approx(two, rel=1e-12)
    assert core.prefill_amid(100, ctx, 3000, 1) == core.prefill_amid(100, ctx, 3000)
    assert core.prefill_amid(100, ctx, 3000, 4) > 3 * core.prefill_amid(100, ctx, 3000) - 3 * core.decode_step(
        100, ctx, 0.0, 0.0)[0]


def test_a_batch_wait_gathers_the_prompts_of_its_window() -> None:
    """1 + the arrivals in the window (20 decode steps of 10 ms at 3.63537 prompts/s: 1.72707), at most the
    prompt threshold (3 within a 1 s window), and 1 where nothing is configured or no decodes run."""
    w = Workload(llm=LLAMA_8B, weight_precision="bf16", input_len=1000, output_len=100, concurrency=4)
    lam = 4 / 1.1003
    assert batch_size(replace(w, batch_wait_iters=20), 3, 0.010, lam) == pytest.approx(1.727074, rel=1e-5)
    assert batch_size(replace(w, batch_wait_iters=100, batch_wait_prompts=3), 3, 0.010, lam) == pytest.approx(3.0)
    assert batch_size(w, 3, 0.010, lam) == 1.0
    assert batch_size(replace(w, batch_wait_iters=20), 0, 0.010, lam) == 1.0


def _by_hand(concurrency: int, workload: Workload, deployment: Deployment,
             cal: Calibration | None = None) -> tuple[float, float, float]:
    """(TTFT s, steady s, first round s) recomputed from the model's step times and the formula above."""
    cal = cal or default_calibration()
    p = prepare(deployment, replace(workload, concurrency=concurrency), cal)
    core, c = p.core, float(concurrency)
    isl, osl = float(workload.input_len), float(workload.output_len)
    ctx = isl + osl / 2
    r = cal.get("bench_rounds")
    # Prompts enter at c / osl per token period, the first round's (one in r) as a burst of which a request
    # decodes alongside half.
    tpot = core.decode_step(c, ctx, c / osl * (1 - 0.5 / r) * isl, isl)[0]
    own = core.prefill_amid(c - 1, ctx, isl)
    t_dec = core.decode_step(c - 1, ctx, 0.0, 0.0)[0]
    lam = c / (own + osl * tpot)
    rho = min(0.95, lam * (own - t_dec))
    wait = min((own - t_dec) * rho / (2 * (1 - rho)), (c - 1) * (own - t_dec))
    hold = 0.0
    own_step = own
    if workload.batch_wait_iters:
        window = workload.batch_wait_iters * t_dec
        m = lam * window
        hold = window * (1 + m / 2) / (1 + m)
        own_step = core.prefill_amid(c - 1, ctx, isl, 1 + m)  # the batch's prompts prefilled together
    steady = (1.5 if p.profile.overlap_scheduling else 0.5) * tpot + hold + own_step + wait
    first = core.cold_start(c, isl)
    return core.t_request + first / r + (1 - 1 / r) * steady, steady, first


@pytest.mark.parametrize(
    ("concurrency", "engine", "tp"),
    [(16, Engine.VLLM, 1), (64, Engine.VLLM, 8), (4, Engine.TRTLLM, 8), (32, Engine.TRTLLM, 2)],
)
def test_serving_ttft_is_the_closed_loop_formula(concurrency: int, engine: Engine, tp: int) -> None:
    w = wl(engine=engine)
    d = dep(tp)
    ttft, steady, first = _by_hand(concurrency, w, d)
    est = prepare(d, w).estimate(concurrency, with_slo=False)
    assert est.ttft_ms == pytest.approx(ttft * 1e3, rel=1e-9)
    b = est.breakdown
    parts = ("request_overhead", "prefill", "step_in_flight", "batch_wait", "queue", "cold_start")
    assert sum(b[f"ttft_{k}_ms"] for k in parts) == pytest.approx(est.ttft_ms, rel=1e-9)
    r = default_calibration().get("bench_rounds")
    assert b["ttft_cold_start_ms"] == pytest.approx((first - steady) / r * 1e3, rel=1e-9)


# vLLM before 0.14.0 (async scheduling opt-in): a prompt waits half a step in flight. The hand-computed toy cases
# below take this profile; the default vLLM profile plans ahead like TensorRT-LLM and SGLang.
VLLM_SYNC = replace(profile(Engine.VLLM), overlap_scheduling=False)


def _toy_core() -> _Core:
    """A one-layer model with round numbers: 1 GB of weights at 100 GB/s (10 ms a step), 2 GFLOP per token
    at 20 TFLOPS (0.1 ms a token), an ideal max() roofline, no fixed costs, 10 ms per request, 10 rounds."""
    return _Core(
        layers=1,
        hidden=1,
        p_active=1e9,
        bpp=1.0,
        shared_bytes=1e9,
        expert_bytes=0.0,
        expert_hit=0.0,
        attn_prefill=0.0,
        attn_decode=0.0,
        kv_tok_gpu=0.0,
        window=None,
        window_share=0.0,
        tp=1,
        pp=1,
        bw=1e11,
        kv_factor=1.0,
        peak=2e13,
        mfu_max=1.0,
        sharp=1000.0,
        chunk=8192,
        step_tokens=8192.0,
        max_batch=256.0,
        t_layer=0.0,
        t_step=0.0,
        t_request=0.010,
        rounds=10.0,
        ar_alpha=0.0,
        ar_bw=1.0,
        ar_hops=1.0,
        p2p_alpha=0.0,
        p2p_bw=1.0,
    )


def test_hand_computed_toy_model() -> None:
    """Four clients, 1000-token prompts, 100-token answers, on the toy core; every number by hand.

    TPOT: 10 ms (the 1 GB weight read; 4 decodes + 40 prompt tokens a step are 4.4 ms of compute).
    Own prefill step: 1003 tokens = 100.3 ms of compute (> 10 ms of weights). The 3 other decodes alone: 10 ms,
    so the prompt adds 90.3 ms. Cycle 100.3 + 100 x 10 = 1100.3 ms -> 4 / 1.1003 s = 3.6354 prompts/s,
    rho = 3.6354 x 0.0903 = 0.32827, M/D/1 wait = 90.3 ms x 0.32827 / (2 x 0.67173) = 22.065 ms.
    Steady: 5 (half a step in flight) + 100.3 + 22.065 = 127.365 ms. First round: 4 x 1000 tokens in one
    8192-token step = 400 ms. TTFT = 10 + 400 / 10 + 0.9 x 127.365 = 164.628 ms.
    Batch waiting 20 steps: window 200 ms, m = 3.6354 x 0.2 = 0.72707 arrivals in it,
    hold = 200 x (1 + 0.36354) / 1.72707 = 157.90 ms. The batch's 1.72707 prompts are prefilled together:
    one step of 3 + 1727.07 tokens = 173.007 ms (the queue's wait stays priced on one prompt's work).
    Steady: 5 + 157.90 + 173.007 + 22.065 = 357.97 ms; on 9 rounds of 10: TTFT 10 + 40 + 322.17 = 372.17 ms.
    """
    core = _toy_core()
    w = Workload(llm=LLAMA_8B, weight_precision="bf16", input_len=1000, output_len=100, concurrency=4)
    p = _evaluate(core, w, VLLM_SYNC, 4, 1000)
    assert p.tpot == pytest.approx(0.010, rel=1e-9)
    assert p.pf_own == pytest.approx(0.1003, rel=1e-9)
    assert p.queue == pytest.approx(0.022065, rel=1e-4)
    assert p.ttft == pytest.approx(0.164628, rel=1e-5)
    held = _evaluate(core, replace(w, batch_wait_iters=20), VLLM_SYNC, 4, 1000)
    assert held.hold == pytest.approx(0.15790, rel=1e-4)
    assert held.pf_own == pytest.approx(0.173007, rel=1e-5)
    assert held.ttft == pytest.approx(0.37217, rel=1e-4)


def test_first_round_burst_grows_with_concurrency() -> None:
    """The first round queues C prompts at once: its share of the mean grows about linearly with C."""
    p = prepare(dep(8), wl())
    cold = {c: p.estimate(c, with_slo=False).breakdown["ttft_cold_start_ms"] for c in (8, 32, 128)}
    assert 0 < cold[8] < cold[32] < cold[128]
    assert cold[128] / cold[32] > 3.0


def test_rounds_weight_the_first_burst() -> None:
    """One round: TTFT is the burst; endless rounds: TTFT is the steady state."""
    cal = default_calibration()
    d, w = dep(8), wl(concurrency=32)
    one = prepare(d, w, cal.with_values({("bench_rounds", "*", "*"): 1.0})).estimate(with_slo=False)
    p = prepare(d, w, cal.with_values({("bench_rounds", "*", "*"): 1.0}))
    assert one.ttft_ms == pytest.approx((p.core.t_request + p.core.cold_start(32, 1024)) * 1e3, rel=1e-9)
    many = prepare(d, w, cal.with_values({("bench_rounds", "*", "*"): 1e6})).estimate(with_slo=False)
    assert abs(many.breakdown["ttft_cold_start_ms"]) < 1e-3 * many.ttft_ms
    _, steady, _ = _by_hand(32, w, d, cal.with_values({("bench_rounds", "*", "*"): 1e6}))
    assert many.ttft_ms == pytest.approx((p.core.t_request + steady) * 1e3, rel=1e-4)


def test_trtllm_batch_waiting_holds_prompts_for_decode_steps() -> None:
    d = dep(1)
    plain = wl(engine=Engine.TRTLLM)
    held = replace(plain, batch_wait_iters=20)
    ttft, _steady, _ = _by_hand(4, held, d)
    est = prepare(d, held).estimate(4, with_slo=False)
    assert est.ttft_ms == pytest.approx(ttft * 1e3, rel=1e-9)
    base = prepare(d, plain).estimate(4, with_slo=False)
    # ~20 decode steps of a 70B FP8 model on one H200 (~20 ms each), and the prompts gathered meanwhile prefilled
    # in the prompt's own step, on 9 of every 10 requests.
    extra = est.ttft_ms - base.ttft_ms
    batched = est.breakdown["ttft_prefill_ms"] - base.breakdown["ttft_prefill_ms"]
    assert batched > 0.0
    assert extra == pytest.approx(0.9 * (est.breakdown["ttft_batch_wait_ms"] + batched), rel=1e-9)
    assert 300 < extra < 500
    assert any("batch waiting" in a for a in est.assumptions)
    # A lone user has no decodes running, so nothing to wait for.
    assert prepare(d, held).estimate(1, with_slo=False).ttft_ms == pytest.approx(
        prepare(d, plain).estimate(1, with_slo=False).ttft_ms, rel=1e-12
    )
    with pytest.raises(ValueError, match="batch_wait_iters"):
        replace(plain, batch_wait_iters=-1)


def test_published_inferencemax_rows_are_reproduced() -> None:
    """H100 x8 TP8, Llama-3.1-70B FP8, vLLM, 1k/1k: 70.4 ms at concurrency 4, 184.8 ms at 64 (silicon sample).

    At 4 the TTFT is overhead + prefill; at 64 most of the growth is the first round's burst of 64 prompts.
    """
    p = prepare(Deployment(gpu=H100_SXM, gpu_count=8, tp=8), wl(overlap_scheduling=False))  # a 2025 vLLM: no async
    for c, measured in ((4, 70.4), (64, 184.8)):
        est = p.estimate(c, with_slo=False)
        assert abs(est.ttft_ms - measured) / measured < 0.15
    burst = p.estimate(64, with_slo=False).breakdown["ttft_cold_start_ms"]
    assert burst > 0.5 * (p.estimate(64, with_slo=False).ttft_ms - p.estimate(4, with_slo=False).ttft_ms)


def test_ttft_is_monotonic_in_concurrency_and_prompt() -> None:
    p = prepare(dep(1, gpu=H100_SXM), wl(llm=LLAMA_8B, weight_precision="bf16", engine=Engine.TRTLLM))
    seq = [p.estimate(c, with_slo=False).ttft_ms for c in (1, 2, 4, 8, 16, 32, 64, 128, 256)]
    assert all(a < b for a, b in itertools.pairwise(seq))
    lens = [estimate(dep(1), wl(input_len=n, concurrency=8)).ttft_ms for n in (128, 1024, 8192, 32768)]
    assert all(a < b for a, b in itertools.pairwise(lens))
    assert all(math.isfinite(x) for x in seq + lens)


def _row(**kw: str) -> Measurement:
    row = dict(
        gpu="H200 SXM 141GB",
        gpu_count="1",
        model="Llama-3.1-70B",
        params_b="70.6",
        precision="FP8",
        engine="TensorRT-LLM (version not recorded; measured 2025-10-29)",
        scenario="aggregated serving, fixed concurrency=4, TP=1",
        batch="4",
        input_len="1024",
        output_len="1024",
        metric="ttft",
        value="562.2",
        unit="ms",
        source="https://github.com/ai-dynamo/aiconfigurator",
    )
    row.update(kw)
    return Measurement(row, "test.csv", 2)


def test_batch_wait_rule_covers_exactly_the_runs_whose_scripts_set_it() -> None:
    """InferenceMAX's TRT-LLM scripts set batch waiting for 1k/1k at TP < 8 only (measurement-overrides.csv)."""
    rows = [
        _row(),
        _row(metric="tpot", value="20.11"),
        _row(value="999", scenario="aggregated serving, fixed concurrency=64, TP=2", gpu_count="2"),
        _row(value="68.7", scenario="aggregated serving, fixed concurrency=4, TP=8", gpu_count="8"),
        _row(value="959.4", input_len="8192"),
        _row(value="70.4", engine="vLLM (version not recorded; measured 2025-10-29)"),
        _row(value="191.0", engine="TensorRT-LLM 1.0.0rc3"),
    ]
    out, used = apply_overrides(rows, read_overrides())
    waits = [m.row.get("batch_wait_iters") for m in out]
    assert waits == ["20", "20", "20", None, None, None, None]
    assert len(used) == 3 and "InferenceMAX" in used[0] and "as above" in used[1]


def test_inconsistent_run_is_left_out_with_both_rows() -> None:
    rows = [
        _row(
            model="Llama-3.1-8B-Instruct-FP8",
            engine="vLLM 0.12.0",
            input_len="4000",
            output_len="100",
            value=v,
            metric=k,
        )
        for k, v in (("ttft", "184.3"), ("tpot", "11.67"))
    ]
    out, used = apply_overrides(rows, read_overrides())
    assert out == [] and "Physically inconsistent" in used[0]


def test_override_rules_match_by_pattern_and_reject_unknown_settings() -> None:
    rule = Override("*", "*", "*", None, "set:no_such_knob=1", "test", engine="tensorrt")
    assert rule.matches(_row()) and not rule.matches(_row(engine="vLLM 0.12.0"))
    with pytest.raises(ValueError, match="unknown run setting"):
        apply_overrides([_row()], [rule])
    exact = Override("H200 SXM 141GB", "Llama-3.1-70B", "ttft", 562.2, "exclude", "test")
    assert exact.matches(_row()) and not exact.matches(_row(value="562.3"))


def test_overlap_schedulers_admit_a_prompt_one_step_later() -> None:
    """TRT-LLM, SGLang and vLLM since 0.14.0 (async scheduling on by default) plan step n+1 while step n runs: a
    prompt waits 1.5 steps; an older vLLM (overlap_scheduling=False) half of one."""
    for engine, overlap, steps in ((Engine.TRTLLM, None, 1.5), (Engine.SGLANG, None, 1.5), (Engine.VLLM, None, 1.5),
                                   (Engine.VLLM, False, 0.5)):
        est = prepare(dep(8), wl(engine=engine, overlap_scheduling=overlap)).estimate(16, with_slo=False)
        assert est.breakdown["ttft_step_in_flight_ms"] == pytest.approx(steps * est.tpot_ms, rel=1e-9)


def test_one_burst_run_and_the_run_ending_with_its_last_client() -> None:
    """`vllm bench serve --num-prompts N` without --max-concurrency sends all N at once: one round
    (Workload.bench_rounds = 1, a run setting a measurement override can give a row).

    Toy core, 16 clients, 1000-token prompts: the burst is 2 steps of 8 prompts (800 ms each), mean first token
    1.2 s, the last at 1.6 s. With one round TTFT is the request overhead plus the burst's mean: 1.21 s. The run
    ends with the last client, 0.4 s behind the mean one: throughput is 16 x 100 tokens over e2e + 0.4 s. With
    the calibration's 10 rounds that lag counts a tenth as much.
    """
    core = _toy_core()
    assert core.cold_start_span(16.0, 1000.0) == pytest.approx((1.2, 1.6), rel=1e-9)
    w = Workload(llm=LLAMA_8B, weight_precision="bf16", input_len=1000, output_len=100, concurrency=16,
                 bench_rounds=1)
    one = _evaluate(replace(core, rounds=1.0), w, VLLM_SYNC, 16, 1000)
    assert one.ttft == pytest.approx(0.010 + 1.2, rel=1e-9)
    assert one.tps_total_replica == pytest.approx(16 * 100 / (one.e2e + 0.4), rel=1e-9)
    ten = _evaluate(core, replace(w, bench_rounds=0), VLLM_SYNC, 16, 1000)
    assert ten.tps_total_replica == pytest.approx(16 * 100 / (ten.e2e + 0.04), rel=1e-9)
    # prepare() takes the run's rounds over the calibration's; 0 keeps the calibration's.
    assert prepare(dep(8), replace(wl(concurrency=64), bench_rounds=1)).core.rounds == 1.0
    assert prepare(dep(8), wl(concurrency=64)).core.rounds == default_calibration().get("bench_rounds")
    with pytest.raises(ValueError, match="bench_rounds"):
        replace(wl(), bench_rounds=-1)


def test_a_measurement_override_sets_the_run_rounds() -> None:
    """set:bench_rounds=1 reaches the case's workload (the GPUStack runs send every request at once)."""
    row = {"gpu": "H100 SXM", "gpu_count": "1", "model": "Llama-3.1-8B", "params_b": "8", "precision": "BF16",
           "engine": "vLLM", "scenario": "one burst", "batch": "500", "input_len": "1000", "output_len": "100",
           "metric": "output_throughput_total", "value": "1000", "unit": "tok/s", "source": "test"}
    m = Measurement(row=row, file="test.csv", line=2)
    rule = Override(gpu="*", model="*", metric="*", value=None, action="set:bench_rounds=1", reason="test",
                    scenario="one burst")
    (out,), _ = apply_overrides([m], [rule])
    assert out.row["bench_rounds"] == "1"


def test_requests_queued_for_a_slot_miss_the_first_burst() -> None:
    """With more clients than the engine runs, only the running ones' first prompts meet the burst; the rest
    enter one by one as slots free up. Toy core, 16 clients and room for 8: a burst of 8 (one 800 ms step), on
    one round weighted by 8 / 16 of the requests."""
    core = replace(_toy_core(), rounds=1.0)
    w = Workload(llm=LLAMA_8B, weight_precision="bf16", input_len=1000, output_len=100, concurrency=16)
    p = _evaluate(core, w, VLLM_SYNC, 16, 8)
    assert p.running == 8 and p.queued == 8
    first = core.first_token(core.cold_start(8, 1000.0))  # the burst of 8, whoever else waits
    # Where requests queue for a slot, a slot's next prompt is admitted as it frees: its steady TTFT is the step
    # in flight and its own prefill, with no wait behind other prompts in the slot (the queue's wait is apart).
    steady_queued = p.in_flight + p.hold + p.pf_own
    assert p.cold == pytest.approx(0.5 * (first - steady_queued), rel=1e-9)
    # 8 clients and room for 8: every request in the burst's round, and in steady state prompts that meet in
    # the prefill queue wait behind each other (M/D/1), so the steady TTFT is longer than the parts above.
    alone = _evaluate(core, replace(w, concurrency=8), VLLM_SYNC, 8, 8)
    assert alone.queued == 0 and alone.cold > 0.0
    assert alone.cold < first - (alone.in_flight + alone.hold + alone.pf_own)


def test_a_slot_freed_admits_the_next_prompt_without_a_prefill_queue() -> None:
    """Past the slot limit the steady TTFT has no M/D/1 wait behind other prompts: the queue's wait is a whole
    request lifetime per round of running requests (kv_wait), counted once. Toy core, 16 clients, room for 8."""
    core = replace(_toy_core(), rounds=10.0)
    w = Workload(llm=LLAMA_8B, weight_precision="bf16", input_len=1000, output_len=100, concurrency=16)
    p = _evaluate(core, w, VLLM_SYNC, 16, 8)
    steady = p.in_flight + p.hold + p.pf_own
    share = 8 / (16 * 10.0)
    ttft_pre = core.t_request + share * core.first_token(core.cold_start(8, 1000.0)) + (1 - share) * steady
    e2e_pre = ttft_pre + 99 * p.tpot
    kv_wait = 8 / 8 * e2e_pre * (1 - 0.5 / 10.0)
    assert p.ttft == pytest.approx(ttft_pre + kv_wait, rel=1e-9)


def test_a_burst_waits_half_the_steady_queue_for_a_slot() -> None:
    """16 clients, room for 8: in steady state every request waits a whole request lifetime (8 / 8 x e2e) for a
    slot; in the one round of a burst the first 8 wait nothing and the next 8 one lifetime, half on average.
    With 10 rounds the first round's half counts once in ten: 0.95 of a lifetime. So with e2e = pre + wait,
    wait = e2e x f / (1 + f), and what remains of the queue time (waiting behind other prompts) is the same."""
    core = _toy_core()
    w = Workload(llm=LLAMA_8B, weight_precision="bf16", input_len=1000, output_len=100, concurrency=16)
    rest = []
    for rounds, f in ((1.0, 0.5), (10.0, 0.95)):
        p = _evaluate(replace(core, rounds=rounds), w, VLLM_SYNC, 16, 8)
        assert p.queued == 8 and p.running == 8
        rest.append(p.queue - p.e2e * f / (1.0 + f))
    assert rest[0] == pytest.approx(rest[1], rel=1e-9, abs=1e-12)
    assert rest[0] >= 0.0
