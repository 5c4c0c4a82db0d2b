"""The estimator's physics: each test states a property the model must have and why."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from app.core.memory import MemoryAssumptions, vram_fit
from app.perf import (
    BatchingMode,
    Deployment,
    Engine,
    Interconnect,
    MeasuredPeaks,
    PeakSource,
    Workload,
    estimate,
    prepare,
)
from app.perf.calibration import default_calibration
from app.perf.efficiency import lowp_factor, lowp_speedup
from tests.perf.parts import A100_SXM, DEEPSEEK_V3, DENSE_47B, H100_SXM, H200_SXM, L40S, LLAMA_8B, LLAMA_70B, MIXTRAL


def wl(**kw: object) -> Workload:
    base = dict(
        llm=LLAMA_70B, weight_precision="fp8", input_len=1024, output_len=1024, concurrency=4, engine=Engine.TRTLLM
    )
    base.update(kw)
    return Workload(**base)  # type: ignore[arg-type]


def dep(tp: int = 8, gpu=H200_SXM, **kw: object) -> Deployment:  # type: ignore[no-untyped-def]
    return Deployment(gpu=gpu, gpu_count=kw.pop("count", tp), tp=tp, **kw)  # type: ignore[arg-type]


def test_two_term_decode_law_over_tp() -> None:
    """§3.3: TPOT(TP) = a/TP + c. Going TP1 -> TP8 cuts TPOT far less than 8x because of the floor."""
    tpot = {tp: estimate(dep(tp), wl()).tpot_ms for tp in (1, 2, 4, 8)}
    assert tpot[1] > tpot[2] > tpot[4] > tpot[8]
    assert tpot[1] / tpot[8] < 5.0
    # Fit a/TP + c through TP1 and TP8; TP2 and TP4 must lie near the line.
    a = (tpot[1] - tpot[8]) / (1 - 1 / 8)
    c = tpot[1] - a
    assert c > 0
    for tp in (2, 4):
        assert abs((a / tp + c) - tpot[tp]) / tpot[tp] < 0.1


def test_h200_tp8_tpot_matches_published_order_of_magnitude() -> None:
    """aiconfigurator silicon: 6.26 ms (TRT-LLM, c=4, 1k/1k).

    Within 30 %: this row sits at the edge of the TPOT p80 band (~17 %, tighter since the inconsistent
    8B 4000/100 run left the data); TRT-LLM's TP8 floor is lower than the fitted per-layer cost.
    """
    est = estimate(dep(8), wl())
    assert abs(est.tpot_ms - 6.26) / 6.26 < 0.3


def test_pcie_all_reduce_costs_much_more_than_nvlink() -> None:
    nv = estimate(dep(4, interconnect=Interconnect.NVLINK), wl())
    pcie = estimate(dep(4, interconnect=Interconnect.PCIE), wl())
    assert pcie.tpot_ms > nv.tpot_ms * 1.3
    assert pcie.breakdown["tpot_allreduce_ms"] > 5 * nv.breakdown["tpot_allreduce_ms"]
    assert any("PCIe" in w for w in pcie.warnings)
    assert pcie.band("tpot_ms") > nv.band("tpot_ms")  # not calibrated on PCIe TP: wider band


def test_gpu_without_fabric_defaults_to_pcie() -> None:
    est = estimate(Deployment(gpu=L40S, gpu_count=2, tp=2), wl(llm=LLAMA_8B))
    assert est.inputs["interconnect"] == "pcie"
    assert est.inputs["interconnect_name"] == "PCIe"
    assert "interconnect PCIe, TP 2" in est.assumptions


def test_the_link_is_named_as_the_catalog_names_the_fabric() -> None:
    """An MI300X's all-reduces run over Infinity Fabric, a Gaudi's over RoCE: the estimate names the GPU's own
    fabric, not 'nvlink' for every one; forced onto PCIe, it says PCIe."""
    mi300x = H100_SXM.model_copy(update={"id": "test-mi300x", "vendor": "AMD", "name": "Instinct MI300X",
                                         "interconnect": "Infinity Fabric (7 links)", "interconnect_gbs": 896})
    for gpu, name in ((H100_SXM, H100_SXM.interconnect), (mi300x, "Infinity Fabric (7 links)")):
        est = estimate(Deployment(gpu=gpu, gpu_count=8, tp=8), wl())
        assert est.inputs["interconnect"] == "nvlink"  # the fabric kind, as --interconnect takes it
        assert est.inputs["interconnect_name"] == name
        assert f"interconnect {name}, TP 8" in est.assumptions
    forced = estimate(Deployment(gpu=mi300x, gpu_count=8, tp=8, interconnect=Interconnect.PCIE), wl())
    assert forced.inputs["interconnect_name"] == "PCIe"


def test_8bit_compute_factor_applies_only_where_8bit_runs_faster() -> None:
    """lowp_mfu_factor is the share of a doubled peak that FP8 kernels reach. Gaudi 3's MME runs FP8 at its BF16
    rate (1,835 TFLOPS both): its FP8 GEMMs keep the BF16 MFU, where an H100 (989.5 -> 1,979) takes the factor.
    In between, the factor to the power log2 of the speed-up (a 1.41x peak: its square root)."""
    f = default_calibration().get("lowp_mfu_factor")
    assert 0.3 < f < 1.0
    assert lowp_factor(f, 2.0) == f and lowp_factor(f, 4.0) == f
    assert lowp_factor(f, 1.0) == 1.0 and lowp_factor(f, 0.5) == 1.0
    assert lowp_factor(f, math.sqrt(2.0)) == pytest.approx(math.sqrt(f))
    gaudi = H100_SXM.model_copy(update={"id": "test-gaudi-3", "vendor": "Intel", "name": "Gaudi 3",
                                        "bf16_dense_tflops": 1835, "fp16_dense_tflops": 1835,
                                        "fp8_dense_tflops": 1835, "int8_dense_tops": None})
    assert lowp_speedup(gaudi, "fp8") == 1.0 and lowp_speedup(H100_SXM, "fp8") == pytest.approx(2.0)
    assert lowp_speedup(H100_SXM, "bf16") == 1.0
    for gpu, factor in ((gaudi, 1.0), (H100_SXM, f)):
        fp8 = prepare(Deployment(gpu=gpu, gpu_count=1), wl(llm=LLAMA_8B, weight_precision="fp8")).core
        bf16 = prepare(Deployment(gpu=gpu, gpu_count=1), wl(llm=LLAMA_8B, weight_precision="bf16")).core
        assert fp8.mfu_max == pytest.approx(bf16.mfu_max * factor)
        assert fp8.peak == pytest.approx(gpu.fp8_dense_tflops * 1e12)


def test_decode_memory_bound_at_batch_one_compute_bound_at_huge_batch() -> None:
    small = estimate(dep(1, gpu=H100_SXM), wl(llm=LLAMA_8B, concurrency=1, input_len=128, output_len=128))
    big = estimate(
        dep(1, gpu=H100_SXM),
        wl(llm=LLAMA_8B, concurrency=2048, input_len=128, output_len=128, mode=BatchingMode.STATIC),
    )
    assert small.decode_bound == "memory"
    assert big.decode_bound == "compute"


def test_weight_bytes_drive_batch1_decode() -> None:
    """Batch-1 decode streams the weights: FP8 is faster than BF16, INT4 faster still."""
    t = {p: estimate(dep(1), wl(concurrency=1, weight_precision=p)).tpot_ms for p in ("bf16", "fp8", "int4")}
    assert t["bf16"] > t["fp8"] > t["int4"]
    assert 1.4 < t["bf16"] / t["fp8"] < 2.0  # the floor keeps it under 2x


def test_moe_reads_only_active_experts_at_low_batch() -> None:
    moe = estimate(dep(1), wl(llm=MIXTRAL, concurrency=1, weight_precision="bf16"))
    dense = estimate(dep(1), wl(llm=DENSE_47B, concurrency=1, weight_precision="bf16"))
    assert moe.tpot_ms < 0.6 * dense.tpot_ms
    assert any("MoE" in a for a in moe.assumptions)


def test_moe_touches_more_experts_as_batch_grows() -> None:
    p = prepare(dep(1), wl(llm=MIXTRAL, weight_precision="bf16"))
    assert p.core.weights_touched(1) < p.core.weights_touched(4) < p.core.weights_touched(64)
    # Every expert read: the whole model, its routed experts priced at 1 / moe_eta_factor (grouped GEMMs).
    eta = default_calibration().get("moe_eta_factor", p.workload.engine.value, "hbm")
    whole = p.core.shared_bytes + p.core.expert_bytes * eta
    assert math.isclose(whole, MIXTRAL.total_params_b * 1e9 * 2.0, rel_tol=1e-9)
    assert math.isclose(p.core.weights_touched(10_000), p.core.shared_bytes + p.core.expert_bytes, rel_tol=1e-6)


def test_mla_latent_cache_holds_more_requests() -> None:
    """DeepSeek-V3's MLA caches 70 KB/token at 16 bit; the same model with GQA-128 heads would not fit."""
    p = prepare(Deployment(gpu=H200_SXM, gpu_count=8, tp=8), wl(llm=DEEPSEEK_V3, concurrency=1, kv_precision="bf16"))
    assert p.fit.kv_bytes_per_token == pytest.approx(61 * (512 + 64) * 2.0)  # not sharded over TP
    assert p.max_concurrency_kv > 0
    assert any("MLA" in a for a in p.assumptions)


def test_kv_capacity_comes_from_core_memory() -> None:
    d, w = dep(2, count=8), wl(kv_precision="fp8")
    p = prepare(d, w)
    fit = vram_fit(
        LLAMA_70B, H200_SXM, weight_precision="fp8", kv_precision="fp8", tp=2, context_tokens=2048, concurrency=4,
        assumptions=MemoryAssumptions.for_engine(w.engine.value),
    )
    assert p.kv_cap_replica == fit.max_concurrency(2048)
    assert estimate(d, w).max_concurrency_kv == 4 * fit.max_concurrency(2048)  # 4 replicas


def test_slo_concurrency_is_the_largest_that_meets_targets() -> None:
    w = wl(ttft_target_ms=400, tpot_target_ms=30)
    p = prepare(dep(2, count=2), w)
    c = p.max_concurrency_slo()
    assert c is not None and 1 <= c < p.max_concurrency_kv
    assert p.meets(p.point(c))
    assert not p.meets(p.point(c + 1))


def test_slo_none_without_targets_and_zero_when_unreachable() -> None:
    assert estimate(dep(8), wl()).max_concurrency_slo is None
    assert estimate(dep(8), wl(tpot_target_ms=0.1)).max_concurrency_slo == 0


def test_measured_peaks_replace_datasheet_and_say_so() -> None:
    base = estimate(dep(1), wl(concurrency=1))
    probe = MeasuredPeaks(
        bandwidth_gbs=4800 * 0.88 * 0.8, tflops_by_precision={"fp8": 1400}, source_label="probe 2026-05"
    )
    measured = estimate(dep(1, measured=probe), wl(concurrency=1))
    assert base.peaks.source is PeakSource.DATASHEET
    assert measured.peaks.source is PeakSource.MEASURED
    assert "probe 2026-05" in measured.peaks.label
    assert measured.inputs["calibration"] == "measured peaks"
    assert measured.tpot_ms > base.tpot_ms * 1.1  # the probe found 80 % of a typical probe's bandwidth


def test_measured_bandwidth_at_typical_ceiling_reproduces_datasheet() -> None:
    cal = default_calibration()
    probe = MeasuredPeaks(bandwidth_gbs=4800 * cal.get("probe_bw_ceiling"), source_label="probe")
    a = estimate(dep(1), wl(concurrency=1)).tpot_ms
    b = estimate(dep(1, measured=probe), wl(concurrency=1)).tpot_ms
    assert a == pytest.approx(b, rel=1e-9)


def test_ttft_grows_with_prompt_and_queue() -> None:
    short = estimate(dep(8), wl(input_len=512)).ttft_ms
    long = estimate(dep(8), wl(input_len=8192)).ttft_ms
    busy = estimate(dep(8), wl(input_len=512, concurrency=64)).ttft_ms
    assert long > 4 * short
    assert busy > short
    assert estimate(dep(8), wl(input_len=512, concurrency=64)).breakdown["ttft_queue_ms"] > 0


def test_throughput_rises_then_saturates_with_concurrency() -> None:
    p = prepare(dep(1, gpu=H100_SXM), wl(llm=LLAMA_8B, input_len=512, output_len=256))
    tps = [p.estimate(c, with_slo=False).output_tps_total for c in (1, 8, 64, 256)]
    assert tps[0] < tps[1] < tps[2] < tps[3]
    per_user = [p.estimate(c, with_slo=False).output_tps_per_user for c in (1, 256)]
    assert per_user[1] < per_user[0]


def test_replicas_share_concurrency() -> None:
    """Four TP2 replicas: one request keeps one replica busy, it does not count four times."""
    p = prepare(dep(2, count=8), wl())
    one = p.estimate(1, with_slo=False)
    four = p.estimate(4, with_slo=False)
    assert one.replicas == 4
    assert four.output_tps_total == pytest.approx(4 * one.output_tps_total, rel=1e-6)


def test_kv_overflow_queues_requests() -> None:
    p = prepare(dep(1, gpu=H100_SXM), wl(llm=LLAMA_8B, weight_precision="bf16", input_len=8192, output_len=1024))
    over = p.estimate(p.max_concurrency_kv * 2, with_slo=False)
    assert over.queued_per_replica > 0 and over.queue_limit == "kv-cache"
    assert any("wait for space" in w for w in over.warnings)


def test_vllm_runs_at_most_max_num_seqs_and_the_rest_wait() -> None:
    """vLLM's default max_num_seqs on an A100 is 256 (1024 on other GPUs of 70 GiB and more): beyond it requests
    queue, whatever room the KV cache has.

    Decode speed and throughput stay those of 256 running requests; the wait shows in TTFT."""
    p = prepare(dep(8, gpu=A100_SXM), wl(llm=LLAMA_8B, weight_precision="bf16", input_len=1000, output_len=500,
                                          engine=Engine.VLLM))
    assert p.max_concurrency_kv > 1024  # the KV cache is not what limits here
    # nor the 2048-token step budget: 2048 / (1 + 1000/500) = 682 decodes would fit a step
    assert p.max_concurrency_scheduler == 256 * p.deployment.replicas
    at, over = p.estimate(256, with_slo=False), p.estimate(512, with_slo=False)
    assert at.queued_per_replica == 0 and at.queue_limit == ""
    assert over.running_per_replica == 256 and over.queued_per_replica == 256 and over.queue_limit == "scheduler"
    # The same 256 requests decode (the queued half's prompts come one by one, not in the first burst: a little
    # more prompt work beside the decodes than the 256 alone see).
    assert at.tpot_ms <= over.tpot_ms <= 1.02 * at.tpot_ms
    # The same 256 requests decode; the queued half enter one by one as slots free up (not in the first burst)
    # and the run's end is spread over twice the requests, so the queued run's throughput is a little higher.
    assert at.output_tps_total <= over.output_tps_total <= 1.03 * at.output_tps_total
    assert over.ttft_ms > at.ttft_ms + 0.9 * at.e2e_latency_ms  # a whole request lifetime in the queue
    assert any("max_num_seqs 256" in w and "wait for a slot" in w for w in over.warnings)
    assert over.to_dict()["queue_limit"] == "scheduler"
    # TensorRT-LLM's limit (2048) is far off at the same load
    trt = prepare(dep(8), wl(llm=LLAMA_8B, input_len=1000, output_len=500, engine=Engine.TRTLLM))
    assert trt.estimate(512, with_slo=False).queued_per_replica == 0


def test_weights_that_do_not_fit_are_flagged() -> None:
    est = estimate(Deployment(gpu=L40S, gpu_count=1), wl(weight_precision="int8", engine=Engine.VLLM))
    assert not est.fits
    assert est.max_concurrency_kv == 0
    assert any("do not fit" in w for w in est.warnings)


def test_ampere_has_no_fp8_tensor_cores() -> None:
    est = estimate(Deployment(gpu=A100_SXM, gpu_count=1), wl(llm=LLAMA_8B, concurrency=1))
    assert est.peaks.compute_precision == "bf16"
    assert any("weight-only" in a for a in est.warnings)  # said where the user reads it, not buried


def test_engines_differ_by_their_calibrated_floor() -> None:
    trt = estimate(dep(8), wl(engine=Engine.TRTLLM)).tpot_ms
    sync = estimate(dep(8), wl(engine=Engine.VLLM, overlap_scheduling=False)).tpot_ms
    assert sync > trt  # perf-estimators.md §3.3: vLLM's floor is higher (its host work between steps, before 0.14)
    # vLLM 0.14+ plans the next step while the GPU runs this one (async scheduling): its 1.4 ms a step hides.
    cal = default_calibration()
    hidden = estimate(dep(8), wl(engine=Engine.VLLM)).tpot_ms
    assert sync - hidden == pytest.approx(cal.get("t_step_ms", "vllm", "hbm"), rel=1e-6)
    sg = estimate(dep(8), wl(engine=Engine.SGLANG))
    assert any("no SGLang measurements" in a for a in sg.assumptions)
    assert sg.band("tpot_ms") > estimate(dep(8), wl(engine=Engine.VLLM)).band("tpot_ms")


def test_estimate_carries_inputs_assumptions_bands_and_serialises() -> None:
    est = estimate(dep(8), wl())
    d = est.to_dict()
    json.dumps(d)
    assert d["inputs"]["model"] == LLAMA_70B.id and d["inputs"]["tp"] == 8
    assert set(est.bands) >= {"ttft_ms", "tpot_ms", "output_tps_total"}
    assert all(0 < v < 1 for v in est.bands.values())
    text = est.describe("output_tps_total")
    assert text.startswith("~") and "tok/s (+/- " in text and text.endswith(" %)")
    assert est.assumptions and est.peaks.label


def test_static_mode_has_no_request_overhead_or_interference() -> None:
    serving = estimate(dep(1), wl(concurrency=8))
    static = estimate(dep(1), wl(concurrency=8, mode=BatchingMode.STATIC))
    assert static.breakdown["ttft_request_overhead_ms"] == 0.0
    assert static.tpot_ms < serving.tpot_ms


def test_offline_mode_fills_the_batch() -> None:
    p = prepare(dep(1), replace(wl(), concurrency=None, mode=BatchingMode.OFFLINE))
    est = p.estimate()
    assert est.running_per_replica == min(p.profile.max_batch, p.kv_cap_replica)


def test_invalid_inputs_raise() -> None:
    with pytest.raises(ValueError, match="needs 8 GPUs"):
        Deployment(gpu=H100_SXM, gpu_count=4, tp=8)
    with pytest.raises(ValueError, match="unknown weight precision"):
        estimate(dep(1), wl(weight_precision="fp3"))
    with pytest.raises(ValueError):
        wl(output_len=0)
    with pytest.raises(ValueError, match="not offered"):
        estimate(dep(1), wl(kv_precision="int4"))
