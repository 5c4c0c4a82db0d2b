"""VRAM rules against hand-computed cases (DOMAIN.md, Memory fit), including the seed errors."""

from __future__ import annotations

import pytest

from app.core.build import Placement
from app.rules import RuleEngine, Severity, apply_fix
from tests.rules.factory import hgx_build, placed, small_build, swap, with_workload, without
from tests.rules.helpers import fixed, only, rule_ids

GIB = 1024**3
RUNTIME = 3.5 * GIB  # profile runtime_overhead_gib
ACT_70B = 8192 * 2 * 12 * 8192  # hidden x 2 B x 12 tensors x 8192-token chunk (app.core.memory)
KV_70B_BF16 = 2 * 80 * 8 * 128 * 2  # 327,680 B per token


def test_seed_error_70b_int8_does_not_fit_one_l40s(engine: RuleEngine) -> None:
    # Seed 003 claims an L40S (48 GB) runs 70B INT8. 70.55 B params x 1 B = 70.55 GB > 48 x 0.9 = 43.2 GB.
    build = small_build(gpu="l40s", llm="llama-70b", weight_precision="int8")
    report = engine.validate(build)
    f = only(report, "vram.fit")
    assert f.severity is Severity.ERROR
    assert "weights and runtime need" in f.message
    assert "70.5 GB" in f.explanation and "43.2 GB usable" in f.explanation
    assert report.summary.vram_usable_per_gpu_gb == 43.2
    assert report.summary.weights_gb == 70.55
    # INT4 (38.8 GB + 5.4 GB overhead = 44.2 GB) does not fit either, so no precision fix is offered;
    # a second L40S with TP=2 (35.3 + 5.0 + 0.4 KV = 40.7 GB per GPU) does.
    assert [fx.description for fx in f.fixes] == ["add a second GPU (l40s) with TP=2"]
    after = fixed(engine, build, f)
    assert not after.by_rule("vram.fit")
    assert after.summary.gpu_count == 2 and after.summary.tp == 2


def test_seed_error_70b_fp16_does_not_fit_one_h200(engine: RuleEngine) -> None:
    # Seed 003: "H200 runs 70B FP16 on one card" is wrong: 141.1 GB of weights > 141 x 0.9 = 126.9 GB.
    build = placed(without(hgx_build(), "h100-sxm"), Placement(part_id="h200-sxm", slots=("gpu0",)))
    build = with_workload(build, weight_precision="fp16", kv_precision="fp16", tp=1, concurrency=1)
    report = engine.validate(build)
    f = only(report, "vram.fit")
    assert f.severity is Severity.ERROR
    assert "141.1 GB" in f.explanation and "126.9 GB usable" in f.explanation
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
    overhead = RUNTIME + ACT_70B
    kv = KV_70B_BF16 * 8192
    s = report.summary
    assert s.vram_need_per_gpu_gb == pytest.approx((weights + overhead + kv) / 1e9, abs=0.01)  # 46.86
    assert s.vram_usable_per_gpu_gb == 72.0
    assert s.vram_headroom_per_gpu_gb == pytest.approx(72.0 - 46.86, abs=0.01)


def test_kv_cache_limits_concurrency_with_exact_max(engine: RuleEngine) -> None:
    # Llama-3.1-8B BF16 on one L40S: KV budget = 43.2 - 16.06 - (3.758 + 0.805) GB = 22.577 GB;
    # 131,072 B per token -> 172,245 tokens -> 21 requests of 8,192 tokens.
    build = small_build(gpu="l40s", llm="llama-8b", input_tokens=7680, output_tokens=512, concurrency=200)
    report = engine.validate(build)
    f = only(report, "vram.fit")
    assert "at most 21 requests" in f.message
    assert f.fixes[0].description == "limit concurrency to 21 requests"
    assert report.summary.max_concurrency == 21
    after = fixed(engine, build, f)
    assert not after.by_rule("vram.fit")
    assert engine.validate(with_workload(build, concurrency=22)).by_rule("vram.fit")


def test_kv_fp8_fix_offered_when_it_helps(engine: RuleEngine) -> None:
    build = small_build(gpu="l40s", llm="llama-8b", input_tokens=7680, output_tokens=512, concurrency=30)
    f = only(engine.validate(build), "vram.fit")
    kv = [fx for fx in f.fixes if fx.description == "store the KV cache in FP8"]
    assert kv
    assert not engine.validate(apply_fix(build, kv[0])).by_rule("vram.fit")


def test_moe_sizes_on_total_parameters(engine: RuleEngine) -> None:
    # DeepSeek-V3: 671 B total / 37 B active. FP8 over TP=8: 83.9 GB per GPU > 72 GB usable on H100.
    build = with_workload(hgx_build(), llm_id="deepseek-v3")
    f = only(engine.validate(build), "vram.fit")
    assert "all 671 B parameters resident" in f.explanation
    assert "83.9 GB" in f.explanation
    # On H200 (126.9 GB usable) it fits; MLA KV is 61 x (512 + 64) x 1 B = 35.1 kB per token, unsharded.
    h200 = swap(build, "h100-sxm", "h200-sxm")
    report = engine.validate(h200)
    assert not report.by_rule("vram.fit")
    assert report.summary.kv_cache_per_gpu_gb == pytest.approx(61 * 576 * 2560 * 64 / 1e9, abs=0.01)


def test_headroom_warning_below_profile_margin(engine: RuleEngine) -> None:
    # Need just under usable: 8B on L40S with 20 x 8k requests leaves < 10 % of 43.2 GB free.
    build = small_build(gpu="l40s", llm="llama-8b", input_tokens=7680, output_tokens=512, concurrency=20)
    report = engine.validate(build)
    assert not report.by_rule("vram.fit")
    f = only(report, "vram.headroom")
    assert f.severity is Severity.WARNING
    assert "at least 10%" in f.explanation


def test_rule_of_thumb_shown_when_it_disagrees(engine: RuleEngine) -> None:
    # Qwen2.5-32B INT8 on L40S: weights x 1.2 = 39.3 GB <= 48 GB ("fits"), but with 16 requests of 2,560
    # tokens the KV cache (10.7 GB) breaks the detailed check.
    build = small_build(gpu="l40s", llm="qwen-32b", weight_precision="int8", concurrency=16)
    report = engine.validate(build)
    assert report.by_rule("vram.fit")
    f = only(report, "vram.rule-of-thumb")
    assert f.severity is Severity.INFO
    assert "39.3 GB vs 48 GB" in f.explanation
    assert report.summary.rule_of_thumb_gb == pytest.approx(32.76 * 1.2, abs=0.01)
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
