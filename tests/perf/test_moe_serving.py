"""MoE serving as the InferenceX launch scripts run it (#20): every number here is recomputed by hand.

- batch waiting that closes early once enough prompts wait (TensorRT-LLM's token threshold, attention-DP
  balancing: one prompt per DP rank);
- the scheduler looking at new requests only every N decode steps (SGLang --scheduler-recv-interval; its
  --num-continuous-decode-steps is read nowhere since 0.3.6 and delays nothing);
- the host-side floor of an eager MoE prefill step (max of GPU time and layers x host time per layer);
- MoE-specific parameters fitted on MoE rows only, and MoE estimates carrying the MoE rows' bands;
- vLLM on Gaudi: static MoE below 256 tokens a step, and every prompt a forward pass of its own.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from app.perf import BatchingMode, Deployment, Engine, Workload, prepare
from app.perf.calibration import (
    ENGINE_BAND_MIN_ROWS,
    MOE_BAND,
    Band,
    Calibration,
    band_key,
    is_vendor_class,
    load_calibration,
)
from app.perf.dataset import Case, Measurement
from app.perf.engines import profile
from app.perf.fit import fit_calibration, from_moe_file, is_moe_key
from app.perf.model import _evaluate
from app.perf.overrides import apply_overrides, read_overrides
from app.perf.preparation import gpu_class
from tests.perf.parts import DEEPSEEK_V3, H200_SXM, LLAMA_8B, LLAMA_70B, MIXTRAL
from tests.perf.test_ttft import VLLM_SYNC, _toy_core

TOY = Workload(llm=LLAMA_8B, weight_precision="bf16", input_len=1000, output_len=100, concurrency=4)


def test_batch_closes_once_enough_prompts_wait() -> None:
    """Toy core (test_ttft): 4 clients, 3.63537 prompts/s (4 / 1.1003 s), decode step 10 ms.

    A 100-step window (1 s) that closes at 3 waiting prompts: the 2 others arrive in 2 / 3.63537 = 0.550150 s,
    so the window is 0.550150 s with m = 2 arrivals in it: hold = 0.550150 x (1 + 1) / 3 = 0.366767 s.
    The 3 prompts are prefilled together: one step of 3 + 3000 tokens = 300.3 ms (100.3 ms alone).
    TTFT = 10 + 400 / 10 + 0.9 x (15 + 300.3 + 22.065 + 366.767) ms = 683.719 ms.
    """
    core = _toy_core()
    w = replace(TOY, batch_wait_iters=100, batch_wait_prompts=3)
    p = _evaluate(core, w, profile(Engine.TRTLLM), 4, 1000)
    # TRT-LLM overlaps planning: 1.5 steps in flight (15 ms) instead of half of one.
    assert p.hold == pytest.approx(0.366767, rel=1e-5)
    assert p.pf_own == pytest.approx(0.3003, rel=1e-9)
    assert p.ttft == pytest.approx(0.010 + 0.040 + 0.9 * (0.015 + 0.3003 + 0.022065 + 0.366767), rel=1e-4)
    # Without the prompt threshold the whole 1 s window: m = 3.63537, hold = 1 x 2.81769 / 4.63537 = 0.607867 s.
    full = _evaluate(core, replace(w, batch_wait_prompts=0), profile(Engine.TRTLLM), 4, 1000)
    assert full.hold == pytest.approx(0.607867, rel=1e-5)
    # A threshold the arrivals never reach in the window changes nothing.
    far = _evaluate(core, replace(w, batch_wait_prompts=50), profile(Engine.TRTLLM), 4, 1000)
    assert far.hold == pytest.approx(full.hold, rel=1e-12)


def test_scheduler_looks_at_new_requests_every_n_decode_steps() -> None:
    """recv_interval 10: a prompt arriving while decodes run waits 4.5 more 10-ms steps = 45 ms, and the look
    admits every prompt that came in its 10 steps, prefilled together: K = 1 + 3.63537 prompts/s x 0.1 s =
    1.363537 prompts, a step of 136.354 + 0.3 ms (100.3 alone). TTFT = 164.628 + 0.9 x (45 + 36.354) = 237.847
    ms on 9 rounds of 10. At the P99 the wait is 0.99 of the 9 steps, 89.1 ms. A lone client arrives at an idle
    scheduler: no wait; nor below the running requests an interval needs (AMD's VLLM_MIN_REQUEST_DECODE_STEP)."""
    core = _toy_core()
    base = _evaluate(core, TOY, VLLM_SYNC, 4, 1000)
    slow = _evaluate(core, replace(TOY, recv_interval=10), VLLM_SYNC, 4, 1000)
    assert slow.hold - base.hold == pytest.approx(0.045, rel=1e-9)
    assert slow.pf_own - base.pf_own == pytest.approx(0.0363537, rel=1e-5)
    assert slow.ttft == pytest.approx(0.237847, rel=1e-5)
    assert slow.ttft_p99 - base.ttft_p99 == pytest.approx(0.0363537 + 0.0891, rel=1e-4)
    one = replace(TOY, concurrency=1)
    assert _evaluate(core, replace(one, recv_interval=10), VLLM_SYNC, 1, 1000).ttft == pytest.approx(
        _evaluate(core, one, VLLM_SYNC, 1, 1000).ttft, rel=1e-12)
    # AMD's MLPerf patch keeps to its interval only from VLLM_MIN_REQUEST_DECODE_STEP running requests on.
    below = _evaluate(core, replace(TOY, recv_interval=10, recv_min_running=5), VLLM_SYNC, 4, 1000)
    assert (below.ttft, below.ttft_p99) == pytest.approx((base.ttft, base.ttft_p99), rel=1e-12)
    at = _evaluate(core, replace(TOY, recv_interval=10, recv_min_running=4), VLLM_SYNC, 4, 1000)
    assert at.ttft == pytest.approx(slow.ttft, rel=1e-12)
    with pytest.raises(ValueError, match="recv_interval"):
        replace(TOY, recv_interval=-1)
    with pytest.raises(ValueError, match="recv_min_running"):
        replace(TOY, recv_min_running=-1)


def test_first_token_adds_the_hosts_prefill_time() -> None:
    """pf_host 200 ms: the host's launches of an eager MoE prefill add to its GPU time (measured: InferenceX
    DeepSeek-R1 on 8 x B200, an 8k prompt's first token 157 ms after a 1k prompt's, its extra GPU time). The
    1000-token prompt (100.3 ms of GPU time beside 3 decodes) gets its first token at 300.3 ms; the host time is
    latency, not GPU work, so the queue and the decodes see the 100.3 ms only.

    Steady state: work = 100.3 - 10 = 90.3 ms, cycle 300.3 + 100 x 10 = 1300.3 ms -> 4 / 1.3003 = 3.07621
    prompts/s, rho = 3.07621 x 0.0903 = 0.277782, M/D/1 wait = 90.3 x 0.277782 / (2 x 0.722218) = 17.3658 ms;
    steady = 5 + 300.3 + 17.3658 = 322.666 ms. First round: 4 prompts in one 8192-token step, 400 ms of GPU time
    + 200 ms = 600 ms. TTFT = 10 + 0.1 x 600 + 0.9 x 322.666 = 360.399 ms.
    """
    core = _toy_core()
    core.pf_host = 0.200
    assert core.first_token(core.prefill(1.0, 1000.0)[0]) == pytest.approx(0.300, rel=1e-12)
    assert core.first_token(core.prefill(4.0, 1000.0)[0]) == pytest.approx(0.600, rel=1e-9)
    assert core.prefill_amid(3.0, 1050.0, 1000.0) == pytest.approx(0.1003, rel=1e-9)  # GPU time only
    p = _evaluate(core, TOY, VLLM_SYNC, 4, 1000)
    assert p.tpot == pytest.approx(0.010, rel=1e-9)  # decode runs in CUDA graphs: no host time
    assert p.pf_own == pytest.approx(0.3003, rel=1e-9)
    assert p.queue == pytest.approx(0.0173658, rel=1e-4)
    assert p.ttft == pytest.approx(0.360399, rel=1e-5)
    # P99 over requests of each one's TPOT: 3.07621 prompts/s x 99 steps x 10 ms = 3.04545 prompts join a
    # request's decode on average; the P99 request meets 2.326 sqrt(3.04545) more, each 90.3 ms over its 99 steps.
    assert p.tpot_p99 == pytest.approx(0.010 + 2.326 * math.sqrt(3.04545) * 0.0903 / 99, rel=1e-4)
    # A longer prompt's GPU time is not hidden under the host's: 2000 tokens alone take 200 ms + 200 ms.
    assert core.first_token(core.prefill(1.0, 2000.0)[0]) - core.first_token(core.prefill(1.0, 1000.0)[0]) \
        == pytest.approx(core.prefill(1.0, 2000.0)[0] - core.prefill(1.0, 1000.0)[0], rel=1e-12)
    # Offline and static runs: the host time holds back the first token only, not the throughput.
    off = _evaluate(core, replace(TOY, mode=BatchingMode.OFFLINE, concurrency=None), VLLM_SYNC, 4, 1000)
    assert off.ttft == pytest.approx(0.300 + 0.005, rel=1e-9) and off.tps_total_replica == pytest.approx(400.0)


def test_moe_parameters_reach_moe_models_only() -> None:
    """pf_host = layers x moe_prefill_layer_us for an MoE model, 0 for a dense one; routed-expert bytes are
    priced at 1 / moe_eta_factor (weights_touched at a huge batch: shared + experts / factor)."""
    cal = load_calibration()
    moe = prepare(Deployment(gpu=H200_SXM, gpu_count=8, tp=8),
                  Workload(llm=DEEPSEEK_V3, weight_precision="fp8", input_len=1024, output_len=1024,
                           engine=Engine.SGLANG))
    assert moe.core.pf_host == pytest.approx(61 * cal.get("moe_prefill_layer_us", "sglang", "hbm") * 1e-6)
    dense = prepare(Deployment(gpu=H200_SXM, gpu_count=1), Workload(llm=LLAMA_70B, weight_precision="fp8",
                                                                     input_len=1024, output_len=1024))
    assert dense.core.pf_host == 0.0
    mix = prepare(Deployment(gpu=H200_SXM, gpu_count=1), Workload(llm=MIXTRAL, weight_precision="bf16",
                                                                   input_len=1024, output_len=1024))
    eta = cal.get("moe_eta_factor", "vllm", "hbm")
    total = mix.core.shared_bytes + mix.core.expert_bytes * eta
    assert total == pytest.approx(MIXTRAL.total_params_b * 1e9 * 2.0, rel=1e-9)
    assert mix.core.weights_touched(1e6) == pytest.approx(mix.core.shared_bytes + mix.core.expert_bytes, rel=1e-9)


def _moe_case(file: str, value: float) -> Case:
    d = Deployment(gpu=H200_SXM, gpu_count=8, tp=8)
    w = Workload(llm=DEEPSEEK_V3, weight_precision="fp8", input_len=1024, output_len=1024, concurrency=1,
                 engine=Engine.SGLANG)
    m = Measurement({"source": "https://moe.example.org/", "metric": "ttft", "gpu": "H200", "model": "DeepSeek-V3",
                     "value": str(value)}, file, 2)
    return Case(m, d, w, "ttft", value)


def test_moe_rows_move_moe_parameters_only() -> None:
    """Rows of db/perf/moe-measurements.csv calibrate moe_* parameters; the shared ones stay where they were."""
    base = load_calibration()
    case = _moe_case("moe-measurements.csv", 1.0)
    assert from_moe_file(case) and not from_moe_file(_moe_case("extra-measurements.csv", 1.0))
    assert is_moe_key(("moe_prefill_layer_us", "sglang", "*")) and not is_moe_key(("eta_bw", "vllm", "hbm"))
    slow = Case(case.measurement, case.deployment, case.workload, "ttft", 2.0 * case.predict(base))
    fitted = fit_calibration([slow], base, max_iter=6)
    for key, ent in base.entries.items():
        if ent.fitted and not is_moe_key(key) and not is_vendor_class(key[2]):  # vendor classes: priors, no rows
            assert fitted.entries[key].value == pytest.approx(ent.value, rel=1e-12), key
    assert fitted.get("moe_prefill_layer_us", "sglang", "hbm") > base.get("moe_prefill_layer_us", "sglang", "hbm")


def test_moe_estimates_carry_the_moe_rows_bands() -> None:
    base = load_calibration()
    groups = {"moe-sglang", "moe-trtllm", "moe-vllm", "vllm", "trtllm", "sglang", "llamacpp"}
    shared = {k: b for k, b in base.bands.items() if k.partition("@")[2] not in groups}  # no engine's own
    bands = {**shared, band_key("ttft", MOE_BAND): Band(band_key("ttft", MOE_BAND), 0.3, 0.5, 10, "test")}
    cal = Calibration(entries=base.entries, bands=bands, label="test")
    d = Deployment(gpu=H200_SXM, gpu_count=8, tp=8)
    sglang = Workload(llm=DEEPSEEK_V3, weight_precision="fp8", input_len=1024, output_len=1024, engine=Engine.SGLANG)
    moe = prepare(d, sglang, cal)
    # SGLang on NVIDIA HBM: its MoE path is fitted on its own MoE rows, whose held-out errors make the band; only
    # its dense-path efficiencies are vLLM's, which the note says and the band does not count twice.
    assert moe.bands["ttft_ms"] == pytest.approx(0.5, rel=1e-9)
    assert any("MoE path is calibrated on its own MoE measurements" in a and "vLLM's" in a
               for a in moe.assumptions)
    assert not any("efficiencies borrowed" in a for a in moe.assumptions)
    dense_sglang = prepare(d, replace(sglang, llm=LLAMA_70B), cal)  # a dense model: borrowed, x1.5
    assert any("efficiencies borrowed" in a for a in dense_sglang.assumptions)
    dense = prepare(Deployment(gpu=H200_SXM, gpu_count=1), Workload(llm=LLAMA_70B, weight_precision="fp8",
                                                                     input_len=1024, output_len=1024), cal)
    assert dense.bands["ttft_ms"] == pytest.approx(
        prepare(dense.deployment, dense.workload, replace(base, bands=shared)).bands["ttft_ms"])
    # Bands per engine (#20 item 2): an engine's own held-out band, where its rows made one, wins over its group's.
    own = {**bands, band_key("ttft", "moe-sglang"): Band(band_key("ttft", "moe-sglang"), 0.1, 0.2, 11, "test"),
           band_key("tpot", "vllm"): Band(band_key("tpot", "vllm"), 0.05, 0.08, 12, "test")}
    cal_own = Calibration(entries=base.entries, bands=own, label="test")
    assert prepare(d, sglang, cal_own).bands["ttft_ms"] == pytest.approx(0.2, rel=1e-9)
    trt_load = replace(sglang, engine=Engine.TRTLLM)
    trt = prepare(d, trt_load, cal_own)  # no TRT-LLM band: the MoE rows'
    assert trt.bands["ttft_ms"] == pytest.approx(prepare(d, trt_load, cal).bands["ttft_ms"])
    vllm_dense = prepare(dense.deployment, replace(dense.workload, engine=Engine.VLLM), cal_own)
    assert vllm_dense.bands["tpot_ms"] == pytest.approx(0.08, rel=1e-9)
    # The fit makes an engine's band only from enough of its rows.
    assert ENGINE_BAND_MIN_ROWS >= 8


def _ix(gpu: str, engine: str, scenario: str) -> Measurement:
    return Measurement({"gpu": gpu, "gpu_count": "8", "model": "DeepSeek-R1-0528", "params_b": "671",
                        "precision": "FP8", "engine": engine, "scenario": scenario, "batch": "4",
                        "input_len": "1024", "output_len": "1024", "metric": "ttft", "value": "100", "unit": "ms",
                        "source": "https://github.com/SemiAnalysisAI/InferenceX-app"}, "moe-measurements.csv", 2)


def test_inferencex_launch_settings_reach_their_rows() -> None:
    """measurement-overrides.csv: the scheduler settings of InferenceX's DeepSeek-R1 launch scripts. The AMD
    scripts' --num-continuous-decode-steps sets no recv interval: SGLang 0.3.6+ reads that flag nowhere."""
    head = "InferenceX single-node fixed-seq-len sweep, TP=8, EP=8, DP-attention {dp}, no MTP/spec-decode; closed "
    rows = [
        _ix("B200", "TensorRT-LLM 1.3.0rc14", head.format(dp="on") + "--max-concurrency 128 --num-prompts 1280"),
        _ix("B200", "TensorRT-LLM 1.3.0rc14", head.format(dp="off") + "--max-concurrency 4 --num-prompts 40"),
        _ix("B200", "SGLang v0.5.12", head.format(dp="off") + "--max-concurrency 1 --num-prompts 10; dsr1_fp8_b200.sh"),
        _ix("B200", "SGLang v0.5.12", head.format(dp="off") + "--max-concurrency 64; dsr1_fp4_b200.sh"),
        _ix("MI355X", "SGLang v0.5.12", head.format(dp="off") + "server per benchmarks/dsr1_fp8_mi355x.sh"),
        _ix("MI300X", "SGLang v0.5.12", head.format(dp="off") + "server per benchmarks/dsr1_fp8_mi300x.sh"),
        _ix("H200", "SGLang v0.5.12", head.format(dp="off") + "server per benchmarks/dsr1_fp8_h200.sh"),
        _ix("H200", "vLLM 0.12", head.format(dp="off") + "server per benchmarks/dsr1_fp8_h200.sh"),
        # December 2025: --max_num_tokens (CONC + ISL + 127) / 64 x 64 = 1,152 for 1k prompts
        _ix("B200", "TensorRT-LLM 1.1.0rc2.post2", head.format(dp="on") + "--max-concurrency 64 --num-prompts 640"),
        _ix("B200", "TensorRT-LLM 1.1.0rc2.post2", head.format(dp="off") + "--max-concurrency 16 --num-prompts 160"),
    ]
    out, _ = apply_overrides(rows, read_overrides())
    keys = ("batch_wait_iters", "batch_wait_prompts", "recv_interval", "prefill_chunk")
    got = [tuple(m.row.get(k) for k in keys) for m in out]
    assert got == [("60", "8", None, None), (None, None, None, None), (None, None, "10", "32768"),
                   (None, None, "30", "16384"), (None, None, None, "196608"), (None, None, None, "131072"),
                   (None, None, None, "32768"), (None, None, None, None),
                   ("60", "8", None, "1152"), (None, None, None, "1152")]


def test_deployment_step_budget_replaces_the_engine_default() -> None:
    """SGLang's default 8192-token chunk vs the 32768 a launch script sets: 16 x 1024-token prompts that
    arrive together take 2 steps of 8 (mean 3/4 of both) or one step of 16 (all finish together)."""
    d = Deployment(gpu=H200_SXM, gpu_count=8, tp=8)
    w = Workload(llm=DEEPSEEK_V3, weight_precision="fp8", input_len=1024, output_len=1024, engine=Engine.SGLANG)
    plain, big = prepare(d, w).core, prepare(d, replace(w, prefill_chunk=32768)).core
    assert (plain.step_tokens, plain.chunk, big.step_tokens, big.chunk) == (8192.0, 8192, 32768.0, 32768)
    assert plain.cold_start(16, 1024) == pytest.approx(2 * plain.prefill(8, 1024)[0] * 3 / 4, rel=1e-12)
    assert big.cold_start(16, 1024) == pytest.approx(big.prefill(16, 1024)[0], rel=1e-12)
    # An engine that never chunks prompts keeps whole prompts; only its step budget changes.
    trt = prepare(d, replace(w, engine=Engine.TRTLLM, prefill_chunk=16384)).core
    assert (trt.chunk, trt.step_tokens) == (None, 16384.0)


GAUDI_3 = H200_SXM.model_copy(update={"id": "test-gaudi-3", "vendor": "Intel", "name": "Gaudi 3 (HL-325L OAM)",
                                      "vram_gib": 128, "memory_type": "HBM2e", "mem_bandwidth_gbs": 3700,
                                      "bf16_dense_tflops": 1835, "fp8_dense_tflops": 1835})


def test_vllm_on_gaudi_runs_static_moe_below_256_tokens() -> None:
    """vLLM on Gaudi computes every local expert for every token below 256 tokens a step (static MoE): a decode
    step reads all expert weights, not the 1-(1-k/E)^b its tokens hit, and does the FLOPs of every parameter.

    DeepSeek-V3 (256 experts, 8 active, >= 32: static) BF16 on 8 x Gaudi 3: at batch 1 the expert bytes read
    are all of them (hit share 1 instead of 8/256 = 3.1 %); at 256 tokens the step is dynamic again. The same
    deployment on H200 (CUDA) and SGLang on Gaudi gather experts per token as before."""
    w = Workload(llm=DEEPSEEK_V3, weight_precision="bf16", input_len=1000, output_len=100, concurrency=1)
    prep = prepare(Deployment(gpu=GAUDI_3, gpu_count=8, tp=8), w)
    core = prep.core
    assert core.static_moe_tokens == 256.0
    every = (core.shared_bytes + core.expert_bytes) / 8
    assert core.weights_touched(1.0) == pytest.approx(every, rel=1e-12)
    assert core.weights_touched(255.0) == pytest.approx(every, rel=1e-12)
    miss = (1.0 - core.expert_hit) ** 256
    assert core.weights_touched(256.0) == pytest.approx((core.shared_bytes + core.expert_bytes * (1 - miss)) / 8)
    # Every expert's FLOPs, at the static experts' own (fitted) share of the MFU.
    static = load_calibration().get("moe_static_mfu_factor", "vllm", "hbm-intel")
    assert core.static_mfu == pytest.approx(static) and static < 1.0
    assert core.flop_params(1.0) == pytest.approx(core.p_active + (core.p_all - core.p_active) / static)
    assert core.p_all > 10 * core.p_active
    # From 256 tokens on, the dynamic path: the active parameters, its experts' GEMMs paying for few rows each.
    assert core.flop_params(256.0) == pytest.approx(core.p_active + core.routed_active
                                                     * core.expert_rows_penalty(256.0), rel=1e-12)
    # Decode-only steps run statically, steps carrying a prompt chunk (>= 256 tokens) dynamically: 128 decodes
    # and on average 128 prompt tokens a step of 1,000-token prompts are 12.8 % steps with a chunk.
    share = 128.0 / 1000.0
    assert core.gemm_flops_in_step(128.0, 128.0, 1000.0) == pytest.approx(
        2.0 * ((1 - share) * core.flop_params(128.0) * 128.0 + share * core.flop_params(1128.0) * 1128.0))
    assert any("static MoE" in a for a in prep.assumptions)
    for other in (prepare(Deployment(gpu=H200_SXM, gpu_count=8, tp=8), w),
                  prepare(Deployment(gpu=GAUDI_3, gpu_count=8, tp=8), replace(w, engine=Engine.SGLANG))):
        assert other.core.static_moe_tokens == 0.0
        assert other.core.weights_touched(1.0) < 0.2 * every
    # The decode step at batch 1 is then bound by reading every expert: ~1.3 TB over 8 cards at 3.7 TB/s.
    tpot = prep.estimate(1).tpot_ms
    assert tpot > 1e3 * every / (3700e9)
    # Gaudi is a class of its own: its rows calibrate nothing of CUDA's, its estimates carry its own bands.
    assert gpu_class(GAUDI_3) == "hbm-intel"
    cal = load_calibration()
    # Its own band, widened 1.5x for the efficiencies it still borrows (eta_bw, mfu_max) and 1.2x for an MoE
    # model without the NVIDIA MoE rows' bands.
    assert prep.estimate(1).bands["tpot_ms"] == pytest.approx(min(0.9, cal.band("tpot", "hbm-intel").p80 * 1.5 * 1.2))
    dense_mixtral = prepare(Deployment(gpu=GAUDI_3, gpu_count=8, tp=8), replace(w, llm=MIXTRAL))  # 8 experts < 32
    assert dense_mixtral.core.static_moe_tokens == 0.0


def test_vllm_on_gaudi_runs_each_prompt_as_a_pass_of_its_own() -> None:
    """vLLM's HPU model runner runs a step's decodes as one forward pass, then each prompt as a pass of its own
    (VLLM_PROMPT_BS_BUCKET_MAX defaults to 1), and hands the step's tokens back at its end.

    Toy core (test_ttft): a decode step is 10 ms (1 GB at 100 GB/s), a 1000-token prompt alone 100 ms
    (2 GFLOP a token at 20 TFLOPS). By hand:
    - a step with 4 decodes and on average 100 prompt tokens of 1000-token prompts: 10 + 0.1 x 100 = 20 ms
      (one roofline over both would be max(10, 104 x 0.1) = 10.4 ms);
    - a prompt among 3 decoding requests: its step is 10 + 100 = 110 ms (one roofline: 1003 x 0.1 = 100.3 ms);
    - 16 prompts arriving together: 8 fit the 8192-token budget of a step, one pass each, after a decode pass of
      half the burst (10 ms): steps of 810 ms end at 0.81 s and 1.62 s, mean 1.215 s (fused: two 800 ms steps of
      8 prompts each, mean 1.2 s);
    - 150 ms of host time a pass (pf_host) adds to each pass: 10 + 0.1 x (100 + 150) = 35 ms.
    """
    fused = _toy_core()
    core = replace(fused, prompt_passes=True)
    assert core.decode_step(4.0, 0.0, 100.0, 1000.0)[0] == pytest.approx(0.020, rel=1e-9)
    assert fused.decode_step(4.0, 0.0, 100.0, 1000.0)[0] == pytest.approx(0.0104, rel=1e-9)
    assert core.prefill_amid(3.0, 0.0, 1000.0) == pytest.approx(0.110, rel=1e-9)
    assert fused.prefill_amid(3.0, 0.0, 1000.0) == pytest.approx(0.1003, rel=1e-9)
    assert core.cold_start(16.0, 1000.0) == pytest.approx(1.215, rel=1e-9)
    assert fused.cold_start(16.0, 1000.0) == pytest.approx(1.6 * 3 / 4, rel=1e-9)
    floored = replace(core, pf_host=0.150)
    assert floored.decode_step(4.0, 0.0, 100.0, 1000.0)[0] == pytest.approx(0.035, rel=1e-9)
    # The host's time is counted once: a lone prompt's pass is 100 + 150 = 250 ms, its first token comes then (not
    # 150 ms later again), as on an engine that fuses prompts into the step (100 ms of GPU time + 150 ms of host).
    assert floored.first_token(floored.prefill_amid(0.0, 0.0, 1000.0)) == pytest.approx(0.250, rel=1e-9)
    assert replace(fused, pf_host=0.150).first_token(fused.prefill_amid(0.0, 0.0, 1000.0)) == pytest.approx(0.250)
    # 16 prompts together: two steps of a 10 ms decode pass (8 decoding) and 8 passes of 250 ms: 4.02 s in all,
    # mean 4.02 x 3/4 = 3.015 s to the first token, the host inside every pass already.
    assert floored.cold_start(16.0, 1000.0) == pytest.approx(3.015, rel=1e-9)
    assert floored.first_token(floored.cold_start(16.0, 1000.0)) == pytest.approx(3.015, rel=1e-9)
    # Only vLLM on Gaudi serving online runs prompts this way, dense models too; SGLang on Gaudi and vLLM on
    # CUDA fuse them.
    w = Workload(llm=DEEPSEEK_V3, weight_precision="bf16", input_len=1000, output_len=100, concurrency=8)
    assert prepare(Deployment(gpu=GAUDI_3, gpu_count=8, tp=8), w).core.prompt_passes
    assert prepare(Deployment(gpu=GAUDI_3, gpu_count=8, tp=8), replace(w, llm=LLAMA_70B)).core.prompt_passes
    assert not prepare(Deployment(gpu=GAUDI_3, gpu_count=8, tp=8), replace(w, engine=Engine.SGLANG)).core.prompt_passes
    assert not prepare(Deployment(gpu=H200_SXM, gpu_count=8, tp=8), w).core.prompt_passes
    # Throughput runs batch their prompts (--max-num-prefill-seqs): the fused step prices them.
    offline = replace(w, mode=BatchingMode.OFFLINE, concurrency=None)
    assert not prepare(Deployment(gpu=GAUDI_3, gpu_count=8, tp=8), offline).core.prompt_passes
    # At load the passes stall the decodes and queue the prompts: TTFT and TPOT both grow.
    gaudi = prepare(Deployment(gpu=GAUDI_3, gpu_count=8, tp=8), replace(w, concurrency=64))
    passes, one = gaudi.core, replace(gaudi.core, prompt_passes=False)
    prof = profile(Engine.VLLM)
    with_passes = _evaluate(passes, gaudi.workload, prof, 64, gaudi.kv_cap_replica)
    without = _evaluate(one, gaudi.workload, prof, 64, gaudi.kv_cap_replica)
    assert with_passes.ttft > without.ttft and with_passes.tpot > without.tpot


def test_mlperf_server_rows_carry_amds_admission_interval_and_the_offered_rate() -> None:
    """AMD's MLPerf vLLM patch admits waiting requests every VLLM_SUBSEQUENT_DECODE_STEPS + 1 steps once
    VLLM_MIN_REQUEST_DECODE_STEP run (server_mi355x.yaml for gpt-oss-120b: 10 and 128; Llama-2-70B Server 2 and
    1216, Interactive 6 and 0). The P99 rows of a run read its scheduled (offered) Poisson rate, the max-rate row
    the completed one."""
    from app.perf.dataset import default_measurements

    rows = [m for m in default_measurements(include_extra=True)
            if m.row["gpu"] in ("MI355X", "MI350X") and m.metric in ("max_rate_p99", "ttft_p99", "tpot_p99")]
    out, _ = apply_overrides(rows, read_overrides())
    got = {(m.row["model"], m.metric, m.row.get("request_rate"), m.row.get("recv_interval"),
            m.row.get("recv_min_running")) for m in out}
    assert ("gpt-oss-120b", "max_rate_p99", "59.86", "11", "128") in got
    assert ("gpt-oss-120b", "ttft_p99", "61.29", "11", "128") in got
    assert ("Llama-2-70B", "tpot_p99", "359.71", "3", "1216") in got
    assert ("Llama-2-70B", "ttft_p99", "263.64", "7", None) in got
    assert all(m.row.get("recv_interval") for m in out)


def test_gaudi_all_reduce_has_its_own_latency() -> None:
    """Gaudi reduces over its cards' RoCE ports (HCCL), not NVSwitch's one-shot kernels: its per-call all-reduce
    latency is a calibration row of the class's own (fitted on the class's TP 8 rows), which every other
    fabric's estimate ignores. Hand check: a decode step at TP 8 runs two all-reduces a layer, so the class's
    latency over the shared one adds 2 x layers x (difference) to the step, the same at any batch."""
    cal = load_calibration()
    gaudi_us = cal.get("allreduce_nvlink_us", "vllm", "hbm-intel")
    shared_us = cal.get("allreduce_nvlink_us", "vllm", "hbm")
    assert cal.has_specific("allreduce_nvlink_us", "*", "hbm-intel")
    assert gaudi_us > 2 * shared_us  # the fitted value keeps RoCE's higher latency
    w = replace(TOY, llm=LLAMA_70B)
    gaudi = prepare(Deployment(gpu=GAUDI_3, gpu_count=8, tp=8), w, cal)
    h200 = prepare(Deployment(gpu=H200_SXM, gpu_count=8, tp=8), w, cal)
    assert gaudi.core.ar_alpha == pytest.approx(gaudi_us * 1e-6)
    assert h200.core.ar_alpha == pytest.approx(shared_us * 1e-6)
    # Moving the shared row moves H200 and leaves Gaudi; moving Gaudi's row moves the step by 2 x 80 layers x
    # the change (host overlap aside: compare the device steps).
    key = ("allreduce_nvlink_us", "*", "hbm-intel")
    slower = cal.with_values({key: gaudi_us + 10.0})
    gaudi_slow = prepare(Deployment(gpu=GAUDI_3, gpu_count=8, tp=8), w, slower)
    assert prepare(Deployment(gpu=H200_SXM, gpu_count=8, tp=8), w, slower).core.ar_alpha == h200.core.ar_alpha
    for batch in (1.0, 32.0):
        before = gaudi.core.decode_step(batch, 1050.0, 0.0, 0.0)[0]
        after = gaudi_slow.core.decode_step(batch, 1050.0, 0.0, 0.0)[0]
        assert after - before == pytest.approx(2 * LLAMA_70B.layers * 10e-6, rel=0.05)
