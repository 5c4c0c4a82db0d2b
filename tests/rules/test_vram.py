"""VRAM rules against hand-computed cases (DOMAIN.md, Memory fit), including the seed errors."""

from __future__ import annotations

import pytest

from app.core.build import Placement
from app.rules import RuleEngine, Severity, apply_fix
from tests.rules.factory import hgx_build, placed, small_build, swap, with_workload, without
from tests.rules.helpers import fixed, only, rule_ids

GIB = 1024**3
# Hand-computed vLLM budgets (app.core.memory's docstring): device memory = capacity in GiB less
# max(0.35 GiB, 1 %); usable = 0.9 of it. L40S 48 GiB -> 47.52 x 0.9 = 42.768 GiB; H100 80 GiB ->
# 79.2 x 0.9 = 71.28 GiB; H200 141 GiB -> 139.59 x 0.9 = 125.631 GiB.
NON_TORCH = 0.15 * GIB
# vLLM's profile run: a forward pass of T tokens, T x (3 x MLP width + 6 x hidden) x 2 B, then a sampler
# warm-up over max_num_seqs requests' logits at 38 B each; the larger sets the peak. Llama-70B: width 28,672,
# hidden 8,192; Llama-8B: 14,336 and 4,096; vocab 128,256. On >= 70 GiB GPUs (not A100) 8192 tokens and 1024
# requests, below 2048 and 256.
SAMPLER_1024 = 1024 * 128256 * 38  # 4.648 GiB
SAMPLER_256 = 256 * 128256 * 38  # 1.162 GiB
ACT_70B_8K = max(8192 * (3 * 28672 + 6 * 8192) * 2, SAMPLER_1024)  # the sampler's 4.648 GiB (the pass: 2.06)
ACT_70B_2K = max(2048 * (3 * 28672 + 6 * 8192) * 2, SAMPLER_256)  # the sampler's 1.162 GiB (the pass: 0.52)
KV_70B_BF16 = 2 * 80 * 8 * 128 * 2  # 327,680 B per token


def test_seed_error_70b_int8_does_not_fit_one_l40s(engine: RuleEngine) -> None:
    # Seed 003 claims an L40S (48 GiB) runs 70B INT8. 70.55 B params x 1 B = 65.7 GiB > 42.8 GiB usable.
    build = small_build(gpu="l40s", llm="llama-70b", weight_precision="int8")
    report = engine.validate(build)
    f = only(report, "vram.fit")
    assert f.severity is Severity.ERROR
    assert "65.7 GiB" in f.message and "42.8 GiB usable" in f.message
    assert "65.7 GiB" in f.explanation and "42.8 GiB usable" in f.explanation
    s = report.summary
    assert s.vram_usable_per_gpu_gib == 42.77
    assert s.vram_usable_per_gpu_gb == round(42.768 * GIB / 1e9, 2)  # the same bytes in decimal GB
    assert s.weights_gb == 70.55 and s.weights_gib == round(70.55e9 / GIB, 2)
    # One figure, one name (#17): the headline's need and usable are the summary's (and the gauge's).
    assert f"{s.vram_need_per_gpu_gib:.1f} GiB needed of {s.vram_usable_per_gpu_gib:.1f} GiB usable" in f.message
    # INT4 (70.55 x 0.55 = 36.1 GiB + 1.16 sampler warm-up + 0.15 = 37.4 GiB) now fits one L40S, as AWQ 70B
    # does on 48 GB cards; a second L40S with TP=2 fits too.
    assert [fx.description for fx in f.fixes][-1] == "add a second GPU (Test l40s) with TP=2"
    assert any(fx.description.startswith("switch weights to INT4") for fx in f.fixes)
    after = fixed(engine, build, f)
    assert not after.by_rule("vram.fit")


def test_seed_error_70b_fp16_does_not_fit_one_h200(engine: RuleEngine) -> None:
    # Seed 003: "H200 runs 70B FP16 on one card" is wrong: 131.4 GiB of weights > 125.6 GiB usable.
    build = placed(without(hgx_build(), "h100-sxm"), Placement(part_id="h200-sxm", slots=("gpu0",)))
    build = with_workload(build, weight_precision="fp16", kv_precision="fp16", tp=1, concurrency=1)
    report = engine.validate(build)
    f = only(report, "vram.fit")
    assert f.severity is Severity.ERROR
    assert "131.4 GiB" in f.explanation and "125.6 GiB usable" in f.explanation
    fp8 = [fx for fx in f.fixes if fx.description.startswith("switch weights to FP8")]
    assert fp8, [fx.description for fx in f.fixes]
    after = engine.validate(apply_fix(build, fp8[0]))
    assert not after.by_rule("vram.fit")


def test_seed_70b_int4_at_8k_fits_one_h100(engine: RuleEngine) -> None:
    build = small_build(chassis="hgx-sp5", gpu="h100-sxm", llm="llama-70b", weight_precision="int4",
                        input_tokens=7680, output_tokens=512, concurrency=1)
    report = engine.validate(build)
    assert not report.by_rule("vram.fit")
    assert not report.by_rule("vram.headroom")
    weights = 70.55e9 * 0.55
    overhead = ACT_70B_8K + NON_TORCH
    kv = KV_70B_BF16 * 8192
    s = report.summary
    assert s.vram_need_per_gpu_gib == pytest.approx((weights + overhead + kv) / GIB, abs=0.01)  # 43.44
    assert s.vram_usable_per_gpu_gib == 71.28
    assert s.vram_headroom_per_gpu_gib == pytest.approx(71.28 - 43.44, abs=0.01)
    # The gauge's three segments are the summary's, and add up to the need.
    assert s.weights_per_gpu_gib + s.overhead_per_gpu_gib + s.kv_cache_per_gpu_gib == pytest.approx(
        s.vram_need_per_gpu_gib, abs=0.02)


def test_kv_cache_limits_concurrency_with_exact_max(engine: RuleEngine) -> None:
    # Llama-3.1-8B BF16 on one L40S: KV budget = 42.768 GiB - 16.06 GB - (1.162 + 0.15) GiB = 26.50 GiB;
    # 131,072 B per token -> 217,096 tokens -> 26 requests of 8,192 tokens.
    build = small_build(gpu="l40s", llm="llama-8b", input_tokens=7680, output_tokens=512, concurrency=200)
    report = engine.validate(build)
    f = only(report, "vram.fit")
    assert "at most 26 requests" in f.message
    assert f.fixes[0].description == "limit concurrency to 26 requests"
    assert report.summary.max_concurrency == 26
    after = fixed(engine, build, f)
    assert not after.by_rule("vram.fit")
    assert engine.validate(with_workload(build, concurrency=27)).by_rule("vram.fit")


def test_kv_fp8_fix_offered_when_it_helps(engine: RuleEngine) -> None:
    build = small_build(gpu="l40s", llm="llama-8b", input_tokens=7680, output_tokens=512, concurrency=30)
    f = only(engine.validate(build), "vram.fit")
    kv = [fx for fx in f.fixes if fx.description == "store the KV cache in FP8"]
    assert kv
    assert not engine.validate(apply_fix(build, kv[0])).by_rule("vram.fit")


def test_moe_sizes_on_total_parameters(engine: RuleEngine) -> None:
    # DeepSeek-V3: 671 B total / 37 B active. FP8 over TP=8: 78.1 GiB per GPU > 71.3 GiB usable on H100.
    build = with_workload(hgx_build(), llm_id="deepseek-v3")
    f = only(engine.validate(build), "vram.fit")
    assert "all 671 B parameters resident" in f.explanation
    assert "78.1 GiB" in f.explanation
    # On H200 (125.6 GiB usable) it fits; MLA KV is 61 x (512 + 64) x 1 B = 35.1 kB per token, unsharded.
    h200 = swap(build, "h100-sxm", "h200-sxm")
    report = engine.validate(h200)
    assert not report.by_rule("vram.fit")
    assert report.summary.kv_cache_per_gpu_gb == pytest.approx(61 * 576 * 2560 * 64 / 1e9, abs=0.01)


def test_headroom_warning_below_profile_margin(engine: RuleEngine) -> None:
    # Need just under usable: 8B on L40S with 26 x 8k requests (26 GiB of KV) leaves < 10 % of 42.8 GiB free.
    build = small_build(gpu="l40s", llm="llama-8b", input_tokens=7680, output_tokens=512, concurrency=26)
    report = engine.validate(build)
    assert not report.by_rule("vram.fit")
    f = only(report, "vram.headroom")
    assert f.severity is Severity.WARNING
    assert "at least 10%" in f.explanation


def test_rule_of_thumb_shown_when_it_disagrees(engine: RuleEngine) -> None:
    # Qwen2.5-32B INT8 on L40S: weights 32.76 GB = 30.5 GiB x 1.2 = 36.6 GiB <= 48 GiB ("fits"), but with
    # 24 requests of 2,560 tokens the KV cache (15.0 GiB) breaks the detailed check.
    build = small_build(gpu="l40s", llm="qwen-32b", weight_precision="int8", concurrency=24)
    report = engine.validate(build)
    assert report.by_rule("vram.fit")
    f = only(report, "vram.rule-of-thumb")
    assert f.severity is Severity.INFO
    assert "36.6 GiB vs 48 GiB" in f.explanation
    assert report.summary.rule_of_thumb_gib == pytest.approx(32.76e9 / GIB * 1.2, abs=0.01)
    # When both agree nothing is said.
    assert not engine.validate(small_build(gpu="l40s", llm="llama-8b")).by_rule("vram.rule-of-thumb")


def test_context_longer_than_model_window(engine: RuleEngine) -> None:
    build = small_build(gpu="h100-pcie", llm="llama-8b", input_tokens=140_000, output_tokens=1000)
    f = only(engine.validate(build), "vram.context")
    assert "141000 tokens" in f.message
    assert f.fixes[0].description == "cut the input to 130072 tokens"
    assert not fixed(engine, build, f).by_rule("vram.context")


def test_unknown_model_is_an_error_and_vram_rules_stand_down(engine: RuleEngine) -> None:
    build = small_build(llm="no-such-model")
    report = engine.validate(build)
    assert only(report, "vram.model").severity is Severity.ERROR
    assert not [r for r in rule_ids(report) if r.startswith("vram.") and r != "vram.model"]
    assert report.summary.vram_need_per_gpu_gb is None


def test_qps_only_checks_one_request_and_says_so(engine: RuleEngine) -> None:
    build = small_build(gpu="l40s", llm="llama-8b", concurrency=None, target_qps=5)
    report = engine.validate(build)
    f = only(report, "vram.concurrency")
    assert f.severity is Severity.INFO
    assert report.summary.concurrency_checked == 1
    assert f"up to {report.summary.max_concurrency} requests fit" in f.message


def test_no_gpu_with_a_workload(engine: RuleEngine) -> None:
    build = small_build()
    build = build.model_copy(update={"placements": tuple(p for p in build.placements if p.part_id != "l40s")})
    assert only(engine.validate(build), "vram.no-gpu").severity is Severity.ERROR


def test_replicas_share_the_concurrency(engine: RuleEngine) -> None:
    # 4 GPUs at TP=1 are 4 model copies: 40 requests -> 10 per copy.
    build = small_build(gpu="l40s", gpus=4, llm="llama-8b", concurrency=40)
    s = engine.validate(build).summary
    assert s.replicas == 4 and s.concurrency_checked == 10
