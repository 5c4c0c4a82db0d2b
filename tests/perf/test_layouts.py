"""Layouts and checkpoints the MoE serving rows need (#20), each figure recomputed by hand.

- Sliding windows on some layers only (gpt-oss, Gemma 2 alternate windowed and full-context layers);
- gpt-oss's FP4 checkpoint: experts MXFP4, the rest BF16; W4A8 on Blackwell, W4A16 on Hopper;
- attention data parallelism (TensorRT-LLM enable_attention_dp, SGLang --enable-dp-attention): MLA's latent
  KV no longer copied to every GPU of the TP group, the attention weights whole on each.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app.catalog.store import Catalog
from app.core.build import Build
from app.core.memory import MemoryAssumptions, attention_params, vram_fit
from app.core.parts import AnyPart, Gpu, Llm
from app.perf import BatchingMode, Deployment, Engine, Workload, prepare
from app.perf.calibration import default_calibration
from app.perf.dataset import Measurement, _attention_dp, build_cases, load_parts
from app.perf.from_build import build_inputs
from app.perf.overrides import apply_overrides, read_overrides
from app.project import load_project
from app.rules.engine import RuleEngine
from app.rules.summary import summarize

ROOT = Path(__file__).resolve().parents[2]
GPUS, LLMS = load_parts(None)


def _gpu(gpu_id: str) -> Gpu:
    return GPUS[gpu_id]


def _llm(llm_id: str) -> Llm:
    return LLMS[llm_id]


def test_window_covers_only_the_windowed_layers() -> None:
    """gpt-oss-120b: 18 of 36 layers windowed at 128 tokens, so at 8,192 tokens a layer reads on average
    0.5 x 128 + 0.5 x 8,192 = 4,160 tokens of context; Mistral 7B v0.1 windows every layer (no row: all)."""
    gpt = _llm("openai-gpt-oss-120b")
    assert gpt.windowed_layer_share == pytest.approx(0.5)
    core = prepare(Deployment(gpu=_gpu("nvidia-h200-sxm-141gb")), Workload(
        llm=gpt, weight_precision="fp4", input_len=8192, output_len=1024, engine=Engine.TRTLLM)).core
    assert core.ctx(8192.0) == pytest.approx(4160.0)
    assert core.ctx(100.0) == pytest.approx(100.0)  # inside the window every layer reads all of it
    mistral = _llm("mistral-7b-v0.1")
    assert mistral.windowed_layer_share == 1.0
    assert _llm("meta-llama-3.1-8b").windowed_layer_share == 0.0
    assert _llm("google-gemma-2-27b").windowed_layer_share == pytest.approx(23 / 46)


def test_windowed_layers_hold_only_their_window_of_kv_cache() -> None:
    """Engines free a windowed layer's KV outside its window (vLLM's hybrid KV cache manager, TensorRT-LLM's
    variable sliding window, SGLang's and llama.cpp's SWA caches): gpt-oss-120b (18 of 36 layers at 128 tokens)
    holds 0.5 + 0.5 x 128 / 6,352 of the all-layer KV per token of a 5,011 + 1,341-token request, about twice the
    requests on one H200; Mistral 7B v0.1 (every layer at 4,096) holds 4,096 tokens a request. Attention still
    reads every full layer's context: the step costs take the all-layer bytes and cap the context with ctx()."""
    gpt, mistral = _llm("openai-gpt-oss-120b"), _llm("mistral-7b-v0.1")
    assert gpt.sliding_window_layers == 18 and gpt.windowed_layer_share == pytest.approx(0.5)
    full = gpt.kv_bytes_per_token(2.0)
    assert full == 2 * 36 * 8 * 64 * 2.0
    assert gpt.kv_bytes_per_token_at(6352, 2.0) == pytest.approx(full * (0.5 + 0.5 * 128 / 6352))
    assert gpt.kv_bytes_per_token_at(100, 2.0) == full  # inside the window every layer holds it all
    assert mistral.sliding_window_layers is None and mistral.windowed_layer_share == 1.0
    assert mistral.kv_bytes_per_token_at(8192, 2.0) * 8192 == pytest.approx(mistral.kv_bytes_per_token(2.0) * 4096)
    llama = _llm("meta-llama-3.1-8b")
    assert llama.kv_bytes_per_token_at(8192, 2.0) == llama.kv_bytes_per_token(2.0)
    h200 = _gpu("nvidia-h200-sxm-141gb")
    fit = vram_fit(gpt, h200, weight_precision="fp4", kv_precision="bf16", tp=1, context_tokens=6352, concurrency=1)
    assert fit.kv_bytes_per_token_all_layers == full and fit.kv_bytes_per_token < 0.52 * full
    capacity = fit.max_concurrency(6352)
    assert capacity * 6352 * fit.kv_bytes_per_token <= fit.kv_budget_bytes
    assert capacity > 1.9 * int(fit.kv_budget_bytes // (full * 6352))
    prep = prepare(Deployment(gpu=h200), Workload(llm=gpt, weight_precision="fp4", kv_precision="bf16",
                                                  input_len=5011, output_len=1341, engine=Engine.VLLM))
    assert prep.core.kv_tok_gpu == full and prep.max_concurrency_kv == capacity
    with pytest.raises(ValueError, match="needs a sliding_window"):
        mistral.model_validate({**_llm("meta-llama-3.1-8b").model_dump(), "sliding_window_layers": 4})
    with pytest.raises(ValueError, match="cannot exceed layers"):
        gpt.model_validate({**gpt.model_dump(), "sliding_window_layers": 37})


def test_kimi_k2_int4_checkpoint_quantises_only_its_experts() -> None:
    """Kimi K2.5's native checkpoint is INT4 in the routed experts (4 bits + a 16-bit scale per 32: 4.5 bits) and
    BF16 elsewhere, run weight-only (W4A16: the GEMMs at the 16-bit peak). Its catalog counts are the config's:
    60 MoE layers x 384 experts x 3 x 7168 x 2048 = 1,014.7 B routed parameters of 1,026 B."""
    kimi = _llm("moonshotai-kimi-k2.5")
    routed = 60 * 384 * 3 * 7168 * 2048
    assert routed == pytest.approx(1014.69e9, rel=1e-4)
    attention = 61 * (7168 * 1536 + 1536 * 64 * 192 + 7168 * (512 + 64) + 512 * 64 * 256 + 64 * 128 * 7168)
    rest = 60 * 3 * 7168 * 2048 + 3 * 7168 * 18432 + attention + 60 * 384 * 7168 + 2 * 163840 * 7168
    assert kimi.total_params_b * 1e9 == pytest.approx(routed + rest, rel=1e-3)
    assert (kimi.layers, kimi.attention_heads, kimi.kv_lora_rank, kimi.qk_rope_head_dim) == (61, 64, 512, 64)
    wl = Workload(llm=kimi, weight_precision="int4", input_len=8192, output_len=1024, engine=Engine.VLLM)
    h200 = prepare(Deployment(gpu=_gpu("nvidia-h200-sxm-141gb"), gpu_count=8, tp=8), wl)
    assert h200.fmt.name == "int4-experts" and h200.peaks.compute_precision == "bf16"
    # Shared parameters: 32e9 - 8 x 1014.69e9 / 384 (the catalog's routed parameters, the config's count), at 2
    # bytes; the experts at 4.5 bits (priced at the fitted MoE streaming share), each GPU a TP 8 slice.
    assert kimi.routed_expert_params() == pytest.approx(routed, rel=1e-5)
    per_expert = 1014.69e9 / 384
    shared = 32e9 - 8 * per_expert
    assert h200.core.shared_bytes == pytest.approx(shared * 2.0)
    eta = default_calibration().get("moe_eta_factor", "vllm", "hbm")
    assert h200.core.expert_bytes == pytest.approx((1026e9 - shared) * 4.5 / 8 / eta)
    assert h200.core.expert_hit == pytest.approx(8 / 384)
    # AWQ/GPTQ INT4 of a model without such a checkpoint quantises every layer; the NVFP4 Kimi stays W4A4.
    llama = prepare(Deployment(gpu=_gpu("nvidia-h200-sxm-141gb")), replace(wl, llm=_llm("meta-llama-3.1-8b")))
    assert llama.fmt.name == "int4"
    b200 = prepare(Deployment(gpu=_gpu("nvidia-b200-sxm"), gpu_count=8, tp=8), replace(wl, weight_precision="fp4"))
    assert b200.fmt.name == "fp4" and b200.peaks.compute_precision == "fp4"
    # The MLA latent cache is held whole on every GPU of the group: 61 x (512 + 64) x 2 bytes a token.
    assert h200.core.kv_tok_gpu == pytest.approx(61 * 576 * 2.0)


def test_gpt_oss_fp4_runs_w4a8_on_blackwell_and_w4a16_on_hopper() -> None:
    """The experts' GEMMs at B200's FP8 peak (MXFP8 activations), at H100's BF16 peak (W4A16); the weights
    outside the experts stream at 2 bytes a parameter, the experts at 4.25 bits; NVFP4 DeepSeek stays W4A4."""
    gpt = _llm("openai-gpt-oss-120b")
    wl = Workload(llm=gpt, weight_precision="fp4", input_len=1024, output_len=1024, engine=Engine.TRTLLM)
    b200 = prepare(Deployment(gpu=_gpu("nvidia-b200-sxm")), wl)
    assert b200.fmt.name == "mxfp4-experts"
    assert b200.peaks.compute_precision == "fp8"
    assert b200.peaks.tflops == pytest.approx(_gpu("nvidia-b200-sxm").dense_tflops("fp8"))
    assert b200.kv_precision == "fp8"
    h100 = prepare(Deployment(gpu=_gpu("nvidia-h100-sxm5-80gb")), wl)
    assert h100.peaks.compute_precision == "bf16"
    assert h100.kv_precision == "bf16"  # TRT-LLM's 'auto' KV on Hopper: the checkpoint's 16 bit
    assert not any("tensor cores" in w for w in h100.warnings)  # how every engine runs it, not a shortfall
    # Shared parameters: 5.1e9 - 4 x 114.71e9 / 128 = 1.5153e9 at 2 bytes (the active count leaves the input
    # embedding out: a step reads a row of it a token); experts and embedding 115.28e9 at 4.25 bits (priced at the
    # fitted MoE streaming share, moe_eta_factor).
    per_expert = 114.71e9 / 128
    shared = 5.1e9 - 4 * per_expert
    assert shared == pytest.approx(1.5153e9, rel=1e-4)
    assert h100.core.shared_bytes == pytest.approx(shared * 2.0)
    eta = default_calibration().get("moe_eta_factor", "trtllm", "hbm")
    assert h100.core.expert_bytes == pytest.approx((116.8e9 - shared) * 4.25 / 8 / eta)
    ds = prepare(Deployment(gpu=_gpu("nvidia-b200-sxm"), gpu_count=8, tp=8),
                 replace(wl, llm=_llm("deepseek-r1")))
    assert ds.fmt.name == "fp4"
    assert ds.peaks.compute_precision == "fp4"
    # The BF16 attention and unembedding GEMMs run at B200's BF16 peak, half its FP8 one (2,250 of 4,500 TFLOPS):
    # their parameters count twice. On Hopper every GEMM is 16-bit already; NVFP4 DeepSeek is one format.
    b200_gpu = _gpu("nvidia-b200-sxm")
    ratio = b200_gpu.dense_tflops("fp8") / b200_gpu.dense_tflops("bf16")
    assert b200.core.shared_extra_params == pytest.approx(shared * (ratio - 1.0)) and ratio == pytest.approx(2.0)
    # A step's expert GEMMs also pay for few rows an expert (expert_rows_penalty): without it, active + extra.
    routed = 4 * per_expert
    assert b200.core.routed_active == pytest.approx(routed)
    assert b200.core.flop_params(64.0) == pytest.approx(
        5.1e9 + shared + routed * b200.core.expert_rows_penalty(64.0))
    assert h100.core.shared_extra_params == 0.0 and ds.core.shared_extra_params == 0.0
    assert any("unembedding at the BF16 peak" in a for a in b200.assumptions)
    assert not any("unembedding at the BF16 peak" in a for a in h100.assumptions)


def test_mla_attention_parameters() -> None:
    """DeepSeek-R1 per layer: q_a 7168 x 1536 + q_b 1536 x 128 x 192 + kv_a 7168 x 576 + kv_b 512 x 128 x 256
    + o 128 x 128 x 7168 = 187,105,280; x 61 layers = 11,413,422,080. Llama 3.1 70B: 8192 x (2 x 64 x 128 +
    2 x 8 x 128) x 80 = 12,079,595,520."""
    assert attention_params(_llm("deepseek-r1")) == 11_413_422_080
    assert attention_params(_llm("meta-llama-3.1-70b")) == 12_079_595_520


def test_prompts_run_mla_uncompressed_with_192_dim_keys() -> None:
    """A prompt runs MLA as multi-head attention on up-projected keys and values: QK^T over 128 + 64 = 192
    dimensions a head (the no-RoPE part and the RoPE part), PV over 128. DeepSeek-R1, per token and context token
    and layer: 2 x 128 heads x (192 + 128) = 81,920 FLOPs; `attn_prefill` counts them against twice the mean
    context (the prompt's length), so it holds half: 61 layers x 128 x 320 = 2,498,560. Grouped-query attention
    keeps 2 x heads x head_dim a layer (Llama-3.1-70B: 80 x 2 x 64 x 128 = 1,310,720)."""
    w = Workload(llm=_llm("deepseek-r1"), weight_precision="fp8", input_len=1024, output_len=64)
    prep = prepare(Deployment(gpu=_gpu("nvidia-h200-sxm-141gb"), gpu_count=8, tp=8), w)
    assert prep.core.attn_prefill == 61 * 128 * (192 + 128) == 2_498_560
    assert any("prompts attend uncompressed, keys of 192 dimensions a head" in a
               for a in prep.estimate(1).assumptions)
    llama = prepare(Deployment(gpu=_gpu("nvidia-h200-sxm-141gb"), gpu_count=8, tp=8),
                    replace(w, llm=_llm("meta-llama-3.1-70b"))).core
    assert llama.attn_prefill == 80 * 2 * 64 * 128 == 1_310_720


def test_attention_dp_holds_tp_times_the_requests_of_mla_kv() -> None:
    """DeepSeek-R1 FP8 on 8 x H200, 1k/8k: under TP the latent (61 x 576 x 1 byte a token) is on every GPU;
    under attention-DP each GPU holds its own requests' only, and the attention weights whole (11.41e9 x 7/8
    bytes more a GPU)."""
    llm, gpu = _llm("deepseek-r1"), _gpu("nvidia-h200-sxm-141gb")
    wl = Workload(llm=llm, weight_precision="fp8", input_len=1024, output_len=8192, concurrency=None,
                  engine=Engine.TRTLLM, mode=BatchingMode.OFFLINE)
    tp = prepare(Deployment(gpu=gpu, gpu_count=8, tp=8), wl)
    dp = prepare(Deployment(gpu=gpu, gpu_count=8, tp=8, attention_dp=True), wl)
    assert tp.fit.kv_bytes_per_token == pytest.approx(61 * 576)
    assert dp.fit.kv_bytes_per_token == pytest.approx(61 * 576 / 8)
    by_hand = vram_fit(llm, gpu, weight_precision="fp8", kv_precision="fp8", tp=8, pp=1, context_tokens=9216,
                       concurrency=1, assumptions=tp.workload.memory or MemoryAssumptions.for_engine("trtllm"))
    assert dp.fit.weights_bytes - by_hand.weights_bytes == pytest.approx(11_413_422_080 * 7 / 8)
    assert dp.kv_cap_replica == int((dp.fit.kv_budget_bytes) // (61 * 576 / 8)) // 9216
    assert 6 * tp.kv_cap_replica < dp.kv_cap_replica < 8 * tp.kv_cap_replica
    # Each GPU reads the whole attention weights in a step: 7/8 of them more than under TP.
    assert dp.core.shared_bytes - tp.core.shared_bytes == pytest.approx(7 * 11_413_422_080 * 1.0)
    assert "attention_dp" in dp.estimate().inputs and dp.estimate().inputs["attention_dp"] is True
    # GQA with as many KV heads as GPUs: the cache was already split 8 ways, nothing changes.
    llama = replace(wl, llm=_llm("meta-llama-3.1-70b"))
    assert prepare(Deployment(gpu=gpu, gpu_count=8, tp=8, attention_dp=True), llama).fit.kv_bytes_per_token == \
        pytest.approx(prepare(Deployment(gpu=gpu, gpu_count=8, tp=8), llama).fit.kv_bytes_per_token)


@pytest.mark.parametrize(("scenario", "expected"), [
    ("InferenceX single-node fixed-seq-len sweep, TP=8, EP=8, DP-attention on, no MTP", True),
    ("InferenceX single-node fixed-seq-len sweep, TP=8, EP=1, DP-attention off, no MTP", False),
    ("offline max throughput, TP=4 with attention data-parallel (enable_attention_dp), EP=4 (table label DEP4)", True),
    ("SGLang --tp 8 --enable-dp-attention --dp 8", True),
    ("offline max throughput (trtllm-bench throughput), TP=2", False),
])
def test_dataset_reads_attention_dp_from_the_run(scenario: str, expected: bool) -> None:
    assert _attention_dp(scenario) is expected


def test_gpt_oss_hopper_rows_read_as_the_fp4_checkpoint() -> None:
    """TensorRT-LLM's perf overview labels gpt-oss on Hopper 'FP8'; the override reads the checkpoint (MXFP4
    experts), which then runs W4A16. A B200 row of the same table is left as written."""
    row = {"gpu": "H100 SXM 80GB", "gpu_count": "1", "model": "gpt-oss-20b", "params_b": "20.9",
           "precision": "FP8 (table label; the openai/gpt-oss-20b checkpoint carries MXFP4 MoE weights)",
           "engine": "TensorRT-LLM (PyTorch backend, trtllm-bench)", "scenario": "offline max throughput, TP=1",
           "batch": "max", "input_len": "1024", "output_len": "1024", "metric": "output_throughput_per_gpu",
           "value": "11400", "unit": "tok/s/GPU", "source": "test"}
    b200 = {**row, "gpu": "B200 180GB", "precision": "FP4 (table label; openai/gpt-oss-20b MXFP4 checkpoint)"}
    fixed, used = apply_overrides([Measurement(row, "t", 1), Measurement(b200, "t", 2)], read_overrides())
    assert fixed[0].row["precision"] == "fp4" and fixed[1].row["precision"] == b200["precision"]
    assert len(used) == 1 and "TRITON" in used[0]
    cases, skipped = build_cases(fixed)
    assert not skipped
    hopper = prepare(cases[0].deployment, cases[0].workload)
    assert hopper.fmt.name == "mxfp4-experts" and hopper.peaks.compute_precision == "bf16"


def _h200_sample_and_parts(tmp_path: Path) -> tuple[Build, dict[str, AnyPart]]:
    """The HGX H200 sample's first build (DeepSeek-R1 TP8, 22 clients) and a fresh bundled catalog's parts."""
    build = load_project(ROOT / "resources" / "samples" / "hgx-h200-8gpu.json").builds[0]
    cat = Catalog.open(tmp_path / "catalog.db")
    try:
        return build, cat.parts_by_id()
    finally:
        cat.close()


def test_rules_and_estimate_count_the_same_kv_capacity_under_attention_dp(tmp_path: Path) -> None:
    """One verdict: the rules' VRAM fit (the summary's max concurrency) and the estimate's KV capacity read the
    project's attention-DP setting alike (HGX H200 sample, DeepSeek-R1 TP8)."""
    build, parts = _h200_sample_and_parts(tmp_path)
    assert build.workload is not None and build.workload.llm_id == "deepseek-r1" and build.workload.tp == 8
    figures = {}
    for dp in (False, True):
        b = build.model_copy(update={"workload": build.workload.model_copy(update={"attention_dp": dp})})
        ctx = RuleEngine(parts).context(b)
        dep, wl = build_inputs(b, parts.get, memory=ctx.memory_assumptions)
        assert dep.attention_dp is dp
        figures[dp] = (summarize(ctx).max_concurrency, prepare(dep, wl).max_concurrency_kv)
    assert figures[False][0] == figures[False][1]
    assert figures[True][0] == figures[True][1]
    assert figures[True][0] > 6 * figures[False][0]


def test_the_projects_running_request_limit_reaches_rules_and_estimate_alike(tmp_path: Path) -> None:
    """A workload's max_num_seqs (the engine's running-request limit) is what the estimate schedules with and what
    the rules' VRAM fit counts: 22 clients on a limit of 8 hold the KV of 8 and queue 14; without it vLLM's
    H200 default (1,024) holds all 22. Out-of-range limits are refused by the project model."""
    from pydantic import ValidationError

    build, parts = _h200_sample_and_parts(tmp_path)
    assert build.workload is not None and build.workload.concurrency == 22 and build.workload.max_num_seqs is None
    seen = {}
    for limit in (None, 8):
        b = build.model_copy(update={"workload": build.workload.model_copy(update={"max_num_seqs": limit})})
        ctx = RuleEngine(parts).context(b)
        dep, wl = build_inputs(b, parts.get, memory=ctx.memory_assumptions)
        assert wl.max_num_seqs == (limit or 0)
        est = prepare(dep, wl).estimate()
        seen[limit] = (ctx.replica_concurrency, summarize(ctx).concurrency_checked, est.running_per_replica,
                       est.queued_per_replica, est.ttft_ms)
    assert seen[None][:4] == (22, 22, 22, 0)
    assert seen[8][:4] == (8, 8, 8, 14)
    assert seen[8][4] > 2 * seen[None][4]
    for bad in (0, -1, 2_000_000):
        with pytest.raises(ValidationError):
            build.workload.model_validate({**build.workload.model_dump(), "max_num_seqs": bad})


def test_stated_medians_become_rows_of_their_own() -> None:
    """A row stating 'mean ..., median 100 ms' yields a ttft_median row of 100 ms: the fit learns from it in place of
    the mean, the report scores both; rows without one, and other metrics, are left as they are."""
    from app.perf.dataset import medians_for_means, stated_median, with_stated_medians

    base = {"gpu": "H200", "gpu_count": "8", "model": "DeepSeek-R1-0528", "params_b": "671", "precision": "FP8",
            "engine": "SGLang v0.5.12", "batch": "4", "input_len": "1024", "output_len": "1024", "unit": "ms",
            "source": "test"}
    rows = [Measurement({**base, "metric": "ttft", "value": "200", "scenario": "TP=8; mean (median 100.0 ms)"}, "t", 1),
            Measurement({**base, "metric": "ttft", "value": "300", "scenario": "TP=8; no median here"}, "t", 2),
            Measurement({**base, "metric": "tpot", "value": "10", "scenario": "TP=8; (median 9 ms)"}, "t", 3)]
    med = stated_median(rows[0])
    assert med is not None and med.metric == "ttft_median" and med.value == 100.0 and med.line == 1
    assert stated_median(rows[1]) is None and stated_median(rows[2]) is None
    assert [(m.metric, m.value) for m in medians_for_means(rows)] == [("ttft_median", 100.0), ("ttft", 300.0),
                                                                     ("tpot", 10.0)]
    assert [(m.metric, m.value) for m in with_stated_medians(rows)] == [("ttft", 200.0), ("ttft_median", 100.0),
                                                                       ("ttft", 300.0), ("tpot", 10.0)]


def test_median_ttft_is_the_steady_state_request() -> None:
    """A closed-loop run's median request is a steady one: the first round's burst lifts the mean only. DeepSeek-R1 on
    8 x H200 at 64 clients of 8k prompts: the median is the mean less the burst's share, and below it."""
    base = {"gpu": "H200", "gpu_count": "8", "model": "DeepSeek-R1-0528", "params_b": "671", "precision": "FP8",
            "engine": "SGLang v0.5.12", "batch": "64", "input_len": "8192", "output_len": "1024", "unit": "ms",
            "source": "test", "scenario": "TP=8; closed loop"}
    cases, _ = build_cases([Measurement({**base, "metric": m, "value": "1"}, "t", 1) for m in ("ttft", "ttft_median")])
    mean_case, median_case = cases
    est = prepare(mean_case.deployment, mean_case.workload).estimate(with_slo=False)
    burst = est.breakdown["ttft_cold_start_ms"]
    assert burst > 50.0
    assert mean_case.predict() == pytest.approx(est.ttft_ms)
    assert median_case.predict() == pytest.approx(est.ttft_ms - burst)


def test_attention_dp_caches_a_shared_prefix_on_every_gpu() -> None:
    """Prefix caching under attention-DP: each GPU's cache serves its own requests, so each holds the 2,000-token
    prefix whole. DeepSeek-R1 FP8 on 8 x H200, 4,000-token prompts with 2,000 cached, 1,000 out, 16 requests:
    KV a token 61 x 576 / 8 bytes a GPU; tokens 16 x 3,000 + 8 x 2,000 = 64,000 (under TP: 16 x 3,000 + 2,000)."""
    llm, gpu = _llm("deepseek-r1"), _gpu("nvidia-h200-sxm-141gb")
    common = dict(weight_precision="fp8", kv_precision="fp8", tp=8, pp=1, context_tokens=5000, concurrency=16,
                  shared_prefix_tokens=2000)
    dp = vram_fit(llm, gpu, attention_dp=True, **common)  # type: ignore[arg-type]
    tp = vram_fit(llm, gpu, **common)  # type: ignore[arg-type]
    assert dp.prefix_copies == 8 and tp.prefix_copies == 1
    assert dp.kv_bytes_requested == pytest.approx(61 * 576 / 8 * (16 * 3000 + 8 * 2000))
    assert tp.kv_bytes_requested == pytest.approx(61 * 576 * (16 * 3000 + 2000))
    assert dp.max_concurrency(5000) == (dp.max_tokens_in_flight - 8 * 2000) // 3000


def test_the_vram_finding_says_which_layers_hold_only_their_window(tmp_path: Path) -> None:
    """The VRAM explanation lets an engineer redo the sum: with gpt-oss its kB per token is the request's average,
    so it says that 18 of the 36 layers keep only the last 128 tokens (and says nothing of windows for DeepSeek)."""
    from app.core.build import Workload as BuildWorkload
    from app.rules.vram import describe_fit

    build, parts = _h200_sample_and_parts(tmp_path)
    assert build.workload is not None
    ctx = RuleEngine(parts).context(build)
    assert ctx.fit is not None and "holding only the last" not in describe_fit(ctx, ctx.fit)
    wl = BuildWorkload.model_validate({**build.workload.model_dump(), "llm_id": "openai-gpt-oss-120b",
                                       "weight_precision": "fp4", "tp": 1})
    ctx = RuleEngine(parts).context(build.model_copy(update={"workload": wl}))
    assert ctx.fit is not None
    text = describe_fit(ctx, ctx.fit)
    assert "36 layers, 8 KV heads, 18 of them holding only the last 128 tokens" in text
    assert f"{ctx.fit.kv_bytes_per_token / 1e3:.1f} kB/token" in text


def test_median_ttft_of_a_run_mostly_in_its_first_round_is_a_burst_request() -> None:
    """Where most requests come in the first round (a lock-step run, bench_rounds=1, or 3 rounds in 2 of which the
    clients all send at once), the median request waits in a burst too: no burst is taken off the mean. With 10
    rounds (the default) the median is the steady request, the mean less the burst's share."""
    base = {"gpu": "H200", "gpu_count": "8", "model": "DeepSeek-R1-0528", "params_b": "671", "precision": "FP8",
            "engine": "SGLang v0.5.12", "batch": "64", "input_len": "8192", "output_len": "1024", "unit": "ms",
            "source": "test", "scenario": "TP=8; closed loop"}
    lockstep = {**base, "bench_rounds": "1"}
    cases, _ = build_cases([Measurement({**lockstep, "metric": m, "value": "1"}, "t", 1)
                            for m in ("ttft", "ttft_median")])
    mean_case, median_case = cases
    est = prepare(mean_case.deployment, mean_case.workload).estimate(with_slo=False)
    assert est.breakdown["ttft_cold_start_ms"] > 1000.0  # 64 prompts of 8k at once
    assert est.breakdown["ttft_cold_start_median_ms"] == pytest.approx(est.breakdown["ttft_cold_start_ms"])  # all in it
    assert median_case.predict() == pytest.approx(mean_case.predict())
    ten, _ = build_cases([Measurement({**base, "metric": "ttft_median", "value": "1"}, "t", 1)])
    est10 = prepare(ten[0].deployment, ten[0].workload).estimate(with_slo=False)
    assert est10.breakdown["ttft_cold_start_median_ms"] == 0.0
    assert ten[0].predict() == pytest.approx(est10.ttft_ms - est10.breakdown["ttft_cold_start_ms"])
