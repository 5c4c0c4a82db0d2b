"""The engines' scheduler defaults follow the GPU, and a shared step budget bounds the decodes (#20).

vLLM >= 0.9 (vllm/engine/arg_utils.py, get_batch_defaults): >= 70 GiB and not an A100 -> API server
max_num_batched_tokens 8192 / max_num_seqs 1024 (offline LLM class 16384 / 1024); any other GPU 2048 / 256
(8192 / 256). SGLang (server_args.py): chunked_prefill_size 2048 below 35 GiB, 4096 below 60, 8192 below 160,
16384 above. The figures below are those rules read by hand, and the budget bound D (1 + prompt/output) <= budget.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.parts import Gpu, Llm
from app.perf import BatchingMode, Deployment, Engine, Workload, prepare
from app.perf.dataset import load_parts
from app.perf.engines import bound_by_step_budget, defaults_on, profile, sglang_running_limit

GPUS, LLMS = load_parts(None)


def _gpu(gpu_id: str) -> Gpu:
    return GPUS[gpu_id]


def _llm(llm_id: str) -> Llm:
    return LLMS[llm_id]


@pytest.mark.parametrize(("gpu_id", "offline", "tokens", "seqs"), [
    ("nvidia-h100-sxm5-80gb", False, 8192, 1024),  # 80 GiB, not an A100
    ("nvidia-h100-sxm5-80gb", True, 16384, 1024),
    ("amd-instinct-mi300x", False, 8192, 1024),
    ("nvidia-b200-sxm", False, 8192, 1024),
    ("nvidia-a100-sxm4-80gb", False, 2048, 256),  # 80 GiB but an A100: kept small on purpose (vLLM #17885)
    ("nvidia-a100-sxm4-80gb", True, 8192, 256),
    ("nvidia-l40s", False, 2048, 256),  # 48 GiB
    ("nvidia-geforce-rtx-4090", False, 2048, 256),
])
def test_vllm_defaults_follow_the_gpu(gpu_id: str, offline: bool, tokens: int, seqs: int) -> None:
    gpu = _gpu(gpu_id)
    prof = defaults_on(profile(Engine.VLLM), gpu, offline)
    assert (prof.step_tokens, prof.prefill_chunk, prof.max_batch) == (tokens, tokens, seqs)
    assert prof.step_budget_setting == "max_num_batched_tokens"


def test_vllm_on_gaudi_keeps_the_generic_profile() -> None:
    """vllm-gaudi is a plugin with its own bucketing: its rows were fitted with the generic profile."""
    gpu = _gpu("intel-gaudi-3-oam")
    prof = defaults_on(profile(Engine.VLLM), gpu, False)
    assert prof == profile(Engine.VLLM) and prof.step_budget_setting == ""


@pytest.mark.parametrize(("gpu_id", "chunk"), [
    ("nvidia-geforce-rtx-4090", 2048),  # 24 GiB
    ("nvidia-l40s", 4096),  # 48 GiB
    ("nvidia-a100-sxm4-40gb", 4096),
    ("nvidia-h100-sxm5-80gb", 8192),
    ("nvidia-h200-sxm-141gb", 8192),  # 141 GiB < 160
    ("nvidia-b200-sxm", 16384),  # 180 GiB
    ("amd-instinct-mi300x", 16384),  # 192 GiB
])
def test_sglang_chunk_follows_the_gpu_memory(gpu_id: str, chunk: int) -> None:
    gpu = _gpu(gpu_id)
    prof = defaults_on(profile(Engine.SGLANG), gpu, False)
    assert (prof.prefill_chunk, prof.step_tokens) == (chunk, chunk)
    assert prof.max_batch == profile(Engine.SGLANG).max_batch and prof.step_budget_setting == ""


def test_the_budget_bounds_decodes_only_where_prompts_outweigh_it() -> None:
    vllm = defaults_on(profile(Engine.VLLM), _gpu("nvidia-a100-sxm4-80gb"), False)
    # 2048 / (1 + 4000/107) = 53.3: 53 decodes and their successors' prompt chunks fill a step.
    bound = bound_by_step_budget(vllm, 2048.0, 4000.0, 107.0)
    assert bound.max_batch == 53 and bound.max_batch_setting == "max_num_batched_tokens" and bound.budget_bound
    # 1k/1k: 2048 / 2 = 1024 > 256, max_num_seqs binds first and the profile is unchanged.
    assert bound_by_step_budget(vllm, 2048.0, 1024.0, 1024.0) is vllm
    # Engines that run prompts in steps of their own are not bound this way.
    sglang = profile(Engine.SGLANG)
    assert bound_by_step_budget(sglang, 8192.0, 32000.0, 100.0) is sglang


def test_a100_burst_decodes_what_the_budget_allows() -> None:
    """GPUStack's gpt-oss-20b on one A100 (vLLM 0.11, defaults, 500 prompts of 4000 tokens at once, 107 out):
    123 ms TPOT, about one 2048-token step; running all 256 at once would put ~9,600 prompt tokens in a period."""
    wl = Workload(llm=_llm("openai-gpt-oss-20b"), weight_precision="fp4", input_len=4000, output_len=107,
                  concurrency=500, engine=Engine.VLLM, bench_rounds=1)
    prep = prepare(Deployment(gpu=_gpu("nvidia-a100-sxm4-80gb")), wl)
    est = prep.estimate(with_slo=False)
    assert est.running_per_replica == 53 and est.queued_per_replica == 447 and est.queue_limit == "scheduler"
    step = 53 + 53 * 4000 / 107
    assert step <= 2048 < 54 + 54 * 4000 / 107
    assert 90.0 < est.tpot_ms < 170.0  # one full step of ~2,030 tokens, not ~500 ms of ~9,600
    assert any("max_num_batched_tokens 2048 tokens" in w and "53 requests" in w for w in est.warnings)
    # The same load on an H100 (8192-token budget): 8192 / (1 + 4000/107) = 213.4, 213 decode at once.
    h100 = prepare(Deployment(gpu=_gpu("nvidia-h100-sxm5-80gb")), wl).estimate(with_slo=False)
    assert h100.running_per_replica == min(213, h100.max_concurrency_kv)


def test_offline_uses_the_llm_class_budget() -> None:
    wl = Workload(llm=_llm("meta-llama-3.1-8b"), weight_precision="fp8", kv_precision="fp8", input_len=2048,
                  output_len=128, concurrency=None, engine=Engine.VLLM, mode=BatchingMode.OFFLINE)
    est = prepare(Deployment(gpu=_gpu("nvidia-b200-sxm")), wl).estimate(with_slo=False)
    # 16384 / (1 + 2048/128) = 963.8: the offline LLM class's budget, not the server's 8192 (481).
    assert est.running_per_replica == min(963, est.max_concurrency_kv)
    assert est.running_per_replica > 481


def test_the_estimate_names_the_setting_that_binds() -> None:
    """The estimate's inputs say what bounds the running requests, so every view names the same setting."""
    long = Workload(llm=_llm("openai-gpt-oss-20b"), weight_precision="fp4", input_len=4000, output_len=107,
                    concurrency=500, engine=Engine.VLLM)
    est = prepare(Deployment(gpu=_gpu("nvidia-a100-sxm4-80gb")), long).estimate(with_slo=False)
    assert est.inputs["scheduler_setting"] == "max_num_batched_tokens" and est.inputs["scheduler_limit"] == 53
    short = Workload(llm=_llm("meta-llama-3.1-8b"), weight_precision="bf16", input_len=1000, output_len=500,
                     concurrency=512, engine=Engine.VLLM)
    est = prepare(Deployment(gpu=_gpu("nvidia-a100-sxm4-80gb")), short).estimate(with_slo=False)
    assert est.inputs["scheduler_setting"] == "max_num_seqs" and est.inputs["scheduler_limit"] == 256


def _offline_notes(gpu_id: str, engine: Engine = Engine.VLLM, input_len: int = 128, output_len: int = 2048,
                   max_num_seqs: int = 0) -> list[str]:
    wl = Workload(llm=_llm("meta-llama-3.1-70b"), weight_precision="fp8", kv_precision="fp8", input_len=input_len,
                  output_len=output_len, concurrency=None, engine=engine, mode=BatchingMode.OFFLINE,
                  max_num_seqs=max_num_seqs)
    est = prepare(Deployment(gpu=_gpu(gpu_id), gpu_count=8, tp=8), wl).estimate(with_slo=False)
    return [a for a in est.assumptions if a.startswith("offline: ")]


def test_an_offline_estimate_says_which_request_limit_it_ran() -> None:
    """Offline throughput scales with the engine's request limit, which engine releases set differently (vLLM
    0.9+ runs 1,024 on an MI300X, its V0 engine ran 256: the ROCm blog's MI300X runs, db/perf/README), so the
    estimate names the limit it took and where it comes from."""
    (mi300x,) = _offline_notes("amd-instinct-mi300x")
    assert "at most 1,024 requests" in mi300x and "max_num_seqs 1024" in mi300x
    assert "since vLLM 0.9" in mi300x and "V0 engine ran 256" in mi300x and "--max-num-seqs" in mi300x
    (a100,) = _offline_notes("nvidia-a100-sxm4-80gb")  # the same 256 either way: no release to tell apart
    assert "at most 256 requests" in a100 and "V0" not in a100 and "its default" in a100
    (given,) = _offline_notes("amd-instinct-mi300x", max_num_seqs=256)
    assert given.endswith("(max_num_seqs 256, as given)")
    (trt,) = _offline_notes("nvidia-h100-sxm5-80gb", engine=Engine.TRTLLM)
    # trtllm-bench's own sizing (app.perf.trtllm_bench): (8 x 80 GiB - 70.6 GB) x 0.95 over 160 KiB x 2,176 tokens
    # = 1,643 requests, rounded up to 1,792; 1,643 x (1 + 128/2048) = 1,746 tokens, raised to its 2,048 floor
    assert "TensorRT-LLM runs at most 1,792 requests" in trt and "steps of up to 2,048 tokens" in trt
    assert "trtllm-bench" in trt
    (budget,) = _offline_notes("amd-instinct-mi300x", input_len=4000, output_len=100)
    # 16384 / (1 + 4000/100) = 399.6: the offline step budget binds before max_num_seqs
    assert "step budget (max_num_batched_tokens 16,384 tokens) decodes at most 399 requests" in budget


def test_a_serving_estimate_has_no_offline_limit_note() -> None:
    wl = Workload(llm=_llm("meta-llama-3.1-70b"), weight_precision="fp8", input_len=1024, output_len=1024,
                  concurrency=64, engine=Engine.VLLM)
    est = prepare(Deployment(gpu=_gpu("amd-instinct-mi300x"), gpu_count=8, tp=8), wl).estimate(with_slo=False)
    assert not [a for a in est.assumptions if a.startswith("offline: ")]


@pytest.mark.parametrize(("kv_tokens", "context", "dp", "limit"), [
    (1_000_000, 131_072, 1, 3906),  # 1e6 / 131,072 x 512 = 3,906.25
    (100_000, 131_072, 1, 2048),  # 390: raised to the 2,048 floor
    (10_000_000, 8192, 1, 4096),  # 625,000: held to the 4,096 ceiling
    (3000, 131_072, 1, 1500),  # a pool of 3,000 tokens runs at most half as many requests
    (100_000, 131_072, 8, 8 * 2048),  # per attention-DP worker
])
def test_sglang_sizes_its_running_requests_from_the_kv_pool(kv_tokens: int, context: int, dp: int,
                                                            limit: int) -> None:
    """SGLang's max_running_requests when none is given (model_runner.py max_num_reqs, and min(that, pool // 2))."""
    assert sglang_running_limit(kv_tokens, context, dp) == limit


def test_an_sglang_estimate_runs_its_kv_sized_limit() -> None:
    llm = _llm("meta-llama-3.1-70b")
    dep = Deployment(gpu=_gpu("nvidia-h200-sxm-141gb"), gpu_count=8, tp=8)
    wl = Workload(llm=llm, weight_precision="fp8", input_len=1000, output_len=1000, concurrency=None,
                  engine=Engine.SGLANG, mode=BatchingMode.OFFLINE)
    prepared = prepare(dep, wl)
    pool = prepared.fit.max_tokens_in_flight
    assert prepared.profile.max_batch == sglang_running_limit(pool, llm.max_context) > 1024
    note = next(a for a in prepared.assumptions if a.startswith("offline: SGLang"))
    assert f"max_running_requests {prepared.profile.max_batch}, its default: SGLang sizes it from its KV pool" in note
    assert prepare(dep, replace(wl, max_num_seqs=256)).profile.max_batch == 256


def _kv(engine: Engine, gpu_id: str, llm_id: str, precision: str, kv: str | None = None) -> tuple[str, list[str]]:
    wl = Workload(llm=_llm(llm_id), weight_precision=precision, kv_precision=kv, input_len=1024, output_len=1024,
                  concurrency=16, engine=engine)
    prep = prepare(Deployment(gpu=_gpu(gpu_id), gpu_count=8, tp=8), wl)
    est = prep.estimate(16)
    return prep.kv_precision, est.assumptions


def test_vllm_caches_fp8_for_an_nvfp4_checkpoint() -> None:
    """vLLM follows a ModelOpt checkpoint's declared kv_cache_quant_algo (PR #29980; issue #34752's table), and
    NVIDIA's NVFP4 checkpoints declare FP8: with no KV precision given, FP4 weights on an NVIDIA GPU cache FP8 and
    the estimate says why. Not where the user names one, not MXFP4 on AMD (Quark), not gpt-oss's MXFP4 experts
    (openai's checkpoint declares none), not SGLang (its 'auto' is the model's dtype), not FP8 weights."""
    kv, notes = _kv(Engine.VLLM, "nvidia-b200-sxm", "deepseek-r1", "fp4")
    assert kv == "fp8"
    assert any("NVFP4 checkpoints (ModelOpt) declare it" in a for a in notes)
    for case in ((Engine.VLLM, "nvidia-b200-sxm", "deepseek-r1", "fp4", "bf16"),
                 (Engine.VLLM, "amd-instinct-mi355x", "deepseek-r1", "fp4", None),
                 (Engine.VLLM, "nvidia-b200-sxm", "openai-gpt-oss-120b", "fp4", None),
                 (Engine.SGLANG, "nvidia-b200-sxm", "deepseek-r1", "fp4", None),
                 (Engine.VLLM, "nvidia-b200-sxm", "deepseek-r1", "fp8", None)):
        kv, notes = _kv(*case)
        assert kv in ("fp16", "bf16"), case
        assert not any("NVFP4 checkpoints (ModelOpt)" in a for a in notes), case
    # TensorRT-LLM caches FP8 for every 8-bit-or-less ModelOpt checkpoint already, by its own default.
    assert _kv(Engine.TRTLLM, "nvidia-b200-sxm", "deepseek-r1", "fp4")[0] == "fp8"
    # Twice the KV room: the FP8 cache holds about twice the tokens of the BF16 one.
    fp8 = prepare(Deployment(gpu=_gpu("nvidia-b200-sxm"), gpu_count=8, tp=8),
                  Workload(llm=_llm("deepseek-r1"), weight_precision="fp4", input_len=8192, output_len=1024,
                           concurrency=16, engine=Engine.VLLM))
    bf16 = prepare(Deployment(gpu=_gpu("nvidia-b200-sxm"), gpu_count=8, tp=8),
                   Workload(llm=_llm("deepseek-r1"), weight_precision="fp4", kv_precision="bf16", input_len=8192,
                            output_len=1024, concurrency=16, engine=Engine.VLLM))
    assert fp8.max_concurrency_kv == pytest.approx(2 * bf16.max_concurrency_kv, rel=0.05)
