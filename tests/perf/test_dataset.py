"""Measurement rows become estimator calls: names, engines, precisions, layouts, modes."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from app.catalog.seed import SOURCE_FILES
from app.paths import catalog_source_dir
from app.perf import prepare
from app.perf.calibration import perf_data_dir
from app.perf.dataset import (
    HEADLINE_METRICS,
    Measurement,
    Skipped,
    build_cases,
    calibration_csv_path,
    map_name,
    read_measurements,
    read_name_map,
    source_group,
    to_case,
)
from app.perf.engines import Engine, parse_engine
from app.perf.model import BatchingMode
from app.perf.overrides import apply_overrides, read_overrides
from app.perf.quant import parse_weight_format

CATALOG_READY = (
    all((catalog_source_dir() / f).exists() for f in SOURCE_FILES)
    and (catalog_source_dir() / "gpus.csv").stat().st_size > 100
)
needs_catalog = pytest.mark.skipif(not CATALOG_READY, reason="db/catalog CSVs not present yet")
needs_shared = pytest.mark.skipif(not calibration_csv_path().exists(), reason="../shared/reference not present")


@pytest.mark.parametrize(
    ("text", "engine"),
    [
        ("TensorRT-LLM 1.0 (PyTorch backend)", Engine.TRTLLM),
        ("FasterTransformer", Engine.TRTLLM),
        ("vLLM (version not recorded; measured 2025-10-29)", Engine.VLLM),
        ("llama.cpp (layer split)", Engine.LLAMACPP),
        ("llama.cpp-class runtime (user report)", Engine.LLAMACPP),
        ("SGLang 0.5", Engine.SGLANG),
        ("sglang", Engine.SGLANG),
    ],
)
def test_engine_names(text: str, engine: Engine) -> None:
    assert parse_engine(text) is engine


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("FP8", "fp8"),
        ("FP4 (NVFP4)", "fp4"),
        ("Q4_K_M (GGUF)", "q4_k_m"),
        ("unspecified (BF16 likely)", "bf16"),
        ("F16", "fp16"),
        ("AWQ", "int4"),
        ("Q4_0 (GGUF)", "q4_0"),
        # The first format named is the label, whatever the parenthesis says of the other weights.
        ("MXFP4 (openai/gpt-oss-120b checkpoint; MoE expert weights MXFP4, remaining weights BF16)", "fp4"),
        ("AWQ (INT4 weights, FP16 activations)", "int4"),
    ],
)
def test_precision_names(text: str, name: str) -> None:
    assert parse_weight_format(text).name == name


def test_unknown_names_raise() -> None:
    with pytest.raises(ValueError):
        parse_engine("deepspeed-mii")
    with pytest.raises(ValueError):
        parse_weight_format("fp3")


@pytest.mark.parametrize(
    ("kind", "name", "part_id"),
    [
        ("gpu", "H100 SXM 80GB", "nvidia-h100-sxm5-80gb"),
        ("gpu", "H100 PCIe 80GB", "nvidia-h100-pcie-80gb"),
        ("gpu", "A100 SXM 40GB", "nvidia-a100-sxm4-40gb"),
        ("gpu", "A100 80GB", "nvidia-a100-sxm4-80gb"),
        ("gpu", "Apple M2 Ultra 76\u2011core GPU 192GB", "apple-m2-ultra-76c"),
        ("gpu", "AMD Instinct MI300X", "amd-instinct-mi300x"),
        ("model", "Llama-3.3-70B-Instruct", "meta-llama-3.1-70b"),
        ("model", "LLaMA 7B", "meta-llama-2-7b"),
        ("model", "Llama-3-8B", "meta-llama-3.1-8b"),
        ("model", "Mixtral-8x7B", "mixtral-8x7b-v0.1"),
    ],
)
def test_name_map(kind: str, name: str, part_id: str) -> None:
    assert map_name(read_name_map(), kind, name) == part_id


@needs_catalog
def test_name_map_targets_exist_in_catalog_or_calibration_parts() -> None:
    ids: set[str] = set()
    for path in (
        catalog_source_dir() / "gpus.csv",
        catalog_source_dir() / "llms.csv",
        perf_data_dir() / "calibration-gpus.csv",
        perf_data_dir() / "calibration-llms.csv",
    ):
        with path.open(encoding="utf-8") as fh:
            ids |= {row["id"] for row in csv.DictReader(fh)}
    missing = sorted({r.part_id for r in read_name_map()} - ids)
    assert not missing, f"name-map.csv points at ids missing from db/catalog and db/perf: {missing}"


def test_calibration_only_parts_are_not_in_the_catalog() -> None:
    """db/perf parts exist only because the catalog lacks them; a catalog copy must win."""
    with (perf_data_dir() / "calibration-gpus.csv").open(encoding="utf-8") as fh:
        ours = {row["id"] for row in csv.DictReader(fh)}
    with (catalog_source_dir() / "gpus.csv").open(encoding="utf-8") as fh:
        theirs = {row["id"] for row in csv.DictReader(fh)}
    assert not ours & theirs


def test_source_groups() -> None:
    assert (
        source_group("https://github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference")
        == "XiongjieDai/GPU-Benchmarks-on-LLM-Inference"
    )
    a = source_group("https://github.com/NVIDIA/TensorRT-LLM/blob/00f3/docs/source/performance/perf-overview.md")
    b = source_group("https://github.com/NVIDIA/TensorRT-LLM/blob/138f/docs/source/performance.md")
    assert a != b
    assert source_group("https://kipp.ly/transformer-inference-arithmetic/ (tabulated)") == "kipp.ly"


def _m(**kw: str) -> Measurement:
    row = dict(
        gpu="H200 SXM 141GB",
        gpu_count="8",
        model="Llama-3.1-70B",
        params_b="70.6",
        precision="FP8",
        engine="TensorRT-LLM",
        scenario="aggregated serving, fixed concurrency=4, TP=8",
        batch="4",
        input_len="1024",
        output_len="1024",
        metric="tpot",
        value="6.26",
        unit="ms",
        source="s",
    )
    row.update(kw)
    return Measurement(row, "x.csv", 2)


@needs_catalog
def test_rows_become_cases() -> None:
    from app.perf.dataset import load_parts

    rules = read_name_map()
    gpus, llms = load_parts()
    c = to_case(_m(), rules, gpus, llms)
    assert not isinstance(c, str) and hasattr(c, "deployment")
    assert c.deployment.tp == 8 and c.workload.mode is BatchingMode.SERVING  # type: ignore[union-attr]
    split = to_case(
        _m(
            gpu="RTX 4090 24GB",
            gpu_count="2",
            model="Llama-3-70B",
            precision="Q4_K_M (GGUF)",
            engine="llama.cpp (layer split)",
            scenario="batch-1 text generation, 2 GPUs",
            batch="1",
            input_len="short prompt",
            metric="decode_tps",
        ),
        rules,
        gpus,
        llms,
    )
    assert split.deployment.pp == 2 and split.deployment.tp == 1  # type: ignore[union-attr]
    assert split.workload.mode is BatchingMode.STATIC and split.workload.input_len == 0  # type: ignore[union-attr]
    offline = to_case(
        _m(batch="max", scenario="offline max throughput, TP=2, PP=4", gpu_count="8", metric="output_throughput_total"),
        rules,
        gpus,
        llms,
    )
    assert offline.workload.concurrency is None and offline.workload.mode is BatchingMode.OFFLINE  # type: ignore[union-attr]
    assert (offline.deployment.tp, offline.deployment.pp) == (2, 4)  # type: ignore[union-attr]
    skipped = to_case(_m(metric="energy_per_token"), rules, gpus, llms)
    assert "not one the model predicts" in skipped.reason  # type: ignore[union-attr]
    static = to_case(_m(scenario="static batch (gptSessionBenchmark), TP=8"), rules, gpus, llms)
    assert static.workload.mode is BatchingMode.STATIC  # type: ignore[union-attr]
    # a server flag that merely contains the word is not a static batch (SGLang's --mem-fraction-static)
    flag = to_case(_m(scenario="server: --mem-fraction-static 0.8 --page-size 1, TP=8; closed loop"), rules, gpus, llms)
    assert flag.workload.mode is BatchingMode.SERVING  # type: ignore[union-attr]


@needs_catalog
def test_run_settings_an_override_adds_reach_the_workload() -> None:
    """MLPerf's AMD rows: the engine's request limit, KV precision and memory fraction come from the run's configs
    (overrides), and change the estimate as the engine would: 1,792 seqs, FP8 KV, 98 % of the GPU's memory."""
    from app.perf.dataset import load_parts

    rules = read_name_map()
    gpus, llms = load_parts()
    row = dict(gpu="MI300X", gpu_count="8", model="Llama-2-70B", precision="FP8", engine="vLLM 0.9",
               scenario="MLPerf Offline; 8 engines, TP=1 each", batch="max", input_len="222", output_len="302",
               metric="output_throughput_total")
    plain = to_case(_m(**row), rules, gpus, llms)
    tuned = to_case(_m(**row, max_num_seqs="1792", kv_precision="fp8", memory_fraction="0.98", prefill_chunk="40960"),
                    rules, gpus, llms)
    wl = tuned.workload  # type: ignore[union-attr]
    assert (wl.max_num_seqs, wl.kv_precision, wl.prefill_chunk) == (1792, "fp8", 40960)
    assert wl.memory is not None and wl.memory.engine_memory_fraction == pytest.approx(0.98)
    assert plain.workload.max_num_seqs == 0 and plain.workload.kv_precision is None  # type: ignore[union-attr]
    p_plain = prepare(plain.deployment, plain.workload)  # type: ignore[union-attr]
    p_tuned = prepare(tuned.deployment, wl)  # type: ignore[union-attr]
    assert p_tuned.profile.max_batch == 1792 and p_plain.profile.max_batch == 1024
    assert p_tuned.kv_precision == "fp8" and p_plain.kv_precision == "fp16"
    assert p_tuned.kv_cap_replica > 2 * p_plain.kv_cap_replica  # FP8 KV and 0.98 of the memory
    for bad in (dict(kv_precision="fp3"), dict(memory_fraction="1.5"), dict(memory_fraction="nan"),
                dict(memory_fraction="most")):
        skipped = to_case(_m(**row, **bad), rules, gpus, llms)
        assert isinstance(skipped, Skipped), bad
        assert next(iter(bad)).replace("_", " ").split()[0] in skipped.reason.lower(), skipped.reason  # names it


@needs_catalog
def test_mlperf_server_rows_score_the_highest_rate_within_the_p99_bounds() -> None:
    """MLPerf Server's result is the highest Poisson rate whose P99 TTFT and TPOT stay in bounds: the row is
    predicted by Prepared.max_rate_within_targets under open-loop arrivals, scored but never fitted (fit_rows)."""
    from app.perf.dataset import TAIL_METRICS, extra_csv_path, fit_rows, load_parts

    rows = [m for m in read_measurements(extra_csv_path()) if m.metric == "max_rate_p99"]
    # MLPerf v5.1 (5 Llama-2-70B, 10 Mixtral-8x7B) and v6.0 (8 Llama, 5 gpt-oss-120b)
    assert len(rows) == 28 and not fit_rows(rows)
    kept, _ = apply_overrides(rows, read_overrides())
    cases, skipped = build_cases(kept)
    assert not skipped, [s.reason for s in skipped]
    for c in cases:
        wl = c.workload
        # Llama-2-70B Server 2 s / 200 ms, Interactive 450 ms / 40 ms; Llama-3.1-405B Server 6 s / 175 ms;
        # gpt-oss-120b Server 3 s / 80 ms, Interactive 2 s / 15 ms
        assert wl.open_loop and (wl.ttft_target_ms, wl.tpot_target_ms) in (
            (2000.0, 200.0), (450.0, 40.0), (6000.0, 175.0), (3000.0, 80.0), (2000.0, 15.0))
        prep = prepare(c.deployment, wl)
        rate = prep.max_rate_within_targets()
        assert rate is not None and c.predict() == pytest.approx(rate)
    # Without its bounds a max-rate row cannot be predicted: skipped with the reason.
    gpus, llms = load_parts()
    bare = Measurement({**rows[0].row}, "x.csv", 2)
    assert "needs the run's P99 targets" in to_case(bare, read_name_map(), gpus, llms).reason  # type: ignore[union-attr]
    assert set(TAIL_METRICS) >= {"max_rate_p99"}


@needs_catalog
def test_mlperf_v6_rows_read_their_layouts_and_cdna4_fp4_has_its_own_efficiency() -> None:
    """MLPerf v6.0 (#20): each row's layout comes from its scenario text and its config override (MI350X mapped,
    TP1 x 8 for AMD's vLLM harness, DeepSeek-R1 TP8 with attention DP and 8 x 512 requests, 405B TP2 x PP2);
    CDNA 4's MXFP4 GEMMs take their own fp4_mfu_factor, which moves an MI355X FP4 estimate and not a B200's."""
    from app.perf.calibration import load_calibration

    every = [m for m in read_measurements(perf_data_dir() / "extra-measurements.csv")
             if m.row["scenario"].startswith("MLPerf Inference v6.0") and m.row["model"] != "gpt-oss-120b"]
    at_rate = [m for m in every if m.metric in ("ttft_p99", "tpot_p99")]  # each Server/Interactive run's P99s
    assert len(at_rate) == 16 and len(apply_overrides(at_rate, read_overrides())[1]) == 16
    rows = [m for m in every if m not in at_rate]
    assert len(rows) == 14
    kept, notes = apply_overrides(rows, read_overrides())
    assert len(notes) == 14  # every row has its submission's settings
    cases, skipped = build_cases(kept)
    assert not skipped, [s.reason for s in skipped]
    by = {(c.deployment.gpu.id, c.workload.llm.id, c.metric, c.workload.open_loop): c for c in cases}
    mi350 = by[("amd-instinct-mi350x", "meta-llama-2-70b", "output_throughput_total", False)]
    assert (mi350.deployment.tp, mi350.deployment.gpu_count, mi350.workload.max_num_seqs) == (1, 8, 3392)
    ds = by[("nvidia-b200-sxm", "deepseek-r1", "output_throughput_total", False)]
    assert ds.deployment.tp == 8 and ds.deployment.attention_dp and ds.workload.max_num_seqs == 4096
    big = by[("nvidia-b200-sxm", "meta-llama-3.1-405b", "output_throughput_total", False)]
    assert (big.deployment.tp, big.deployment.pp) == (2, 2)
    cal = load_calibration()
    key = ("fp4_mfu_factor", "*", "hbm-amd-cdna4")
    assert key in cal.entries and cal.entries[key].fitted
    mi355 = by[("amd-instinct-mi355x", "meta-llama-2-70b", "output_throughput_total", False)]
    b200 = next(c for c in cases if c.deployment.gpu.id == "nvidia-b200-sxm" and c.workload.weight_precision == "fp4")
    lower = cal.with_values({key: cal.get(*key) * 0.8})
    assert mi355.predict(lower) < 0.9 * mi355.predict(cal)  # offline at 3,392 a GPU: compute-bound
    assert b200.predict(lower) == pytest.approx(b200.predict(cal))


@needs_catalog
def test_gaudi_tutorial_rows_are_a_burst_every_round() -> None:
    """The Gaudi-tutorials vLLM runs (HabanaAI vllm-fork V0, prefill-first, every output 2,048 tokens): the 64
    clients stay in lock-step, so every round is a first round (bench_rounds=1) and the mean TTFT is a burst's."""
    rows = [m for m in read_measurements(perf_data_dir() / "extra-measurements.csv")
            if "Gaudi-tutorials" in m.row["scenario"]]
    assert len(rows) == 6 and {m.metric for m in rows} == {"ttft", "tpot", "output_throughput_total"}
    kept, notes = apply_overrides(rows, read_overrides())
    cases, skipped = build_cases(kept)
    assert not skipped and len(notes) == 6
    for c in cases:
        assert c.deployment.gpu.id == "intel-gaudi-3-oam" and c.workload.bench_rounds == 1
        assert c.deployment.tp == c.deployment.gpu_count in (1, 8)
    ttft = next(c for c in cases if c.metric == "ttft" and c.deployment.tp == 1)
    burst = prepare(ttft.deployment, ttft.workload).estimate().breakdown["ttft_cold_start_ms"]
    assert burst > 0.5 * ttft.predict()  # the burst, not the prefill, is most of it


@needs_catalog
def test_atom_dashboard_rows_are_sglang_serving_and_tp4_is_left_out() -> None:
    """The ROCm/ATOM rows (SGLang + ATOM plugin on MI355X): served closed loop, TP from the row, TP4 excluded."""
    rows = [m for m in read_measurements(perf_data_dir() / "moe-measurements.csv") if "ROCm/ATOM" in m.row["source"]]
    assert len(rows) == 117
    kept, notes = apply_overrides(rows, read_overrides())
    assert len(kept) == 57 and all(m.row["gpu_count"] == "8" for m in kept)
    assert any("TP4" in n for n in notes)
    cases, skipped = build_cases(kept)
    assert not skipped, [s.reason for s in skipped]
    assert {c.workload.engine for c in cases} == {Engine.SGLANG}
    assert all(c.workload.mode is BatchingMode.SERVING and c.deployment.tp == 8 for c in cases)
    assert {c.workload.weight_precision for c in cases} == {"fp8", "fp4"}
    assert source_group(rows[0].row["source"]) == "ROCm/ATOM"


@needs_catalog
def test_mlperf_mixtral_offline_rows_are_scored_with_their_settings_and_not_fitted() -> None:
    """MLPerf v5.1 Mixtral-8x7B Offline (8 x MI300X / MI325X under vLLM, 8 x H200 under TensorRT-LLM): eight
    engines of TP 1, each run's max_num_seqs and token budget from its config, FP8 KV, and kept out of the fit
    (a tuned submission stack; db/perf/README)."""
    from app.perf.dataset import FIT_SETTING, fit_rows

    rows = [m for m in read_measurements(perf_data_dir() / "moe-measurements.csv")
            if "mixtral-8x7b (result 5.1-" in m.row["scenario"]]
    assert len(rows) == 10
    kept, _ = apply_overrides(rows, read_overrides())
    assert len(kept) == 10 and all(m.row.get(FIT_SETTING) == "no" for m in kept) and not fit_rows(kept)
    cases, skipped = build_cases(kept)
    assert not skipped, [s.reason for s in skipped]
    for c in cases:
        assert (c.deployment.tp, c.deployment.replicas, c.workload.kv_precision) == (1, 8, "fp8")
        assert c.workload.mode is BatchingMode.OFFLINE and c.workload.max_num_seqs in (5000, 4736, 3072)
    assert {c.workload.prefill_chunk for c in cases} == {51200, 65000, 9216}


@needs_catalog
def test_glm_gaudi_rows_hold_every_concurrency_of_the_run() -> None:
    """InferenceX's GLM-4.7 on 8 x Gaudi 3 (glm47_gaudi3_summary.json): all eight concurrencies the run measured,
    1-128, each with its mean TTFT (and the median it states), mean TPOT and output tok/s per card, at the answers'
    mean length (total output tokens over requests: they stop before the 1,024 asked). Fitted: Gaudi's class."""
    from app.perf.dataset import fit_rows, with_stated_medians

    rows = [m for m in read_measurements(perf_data_dir() / "moe-measurements.csv") if m.row["model"] == "GLM-4.7"]
    by_clients: dict[int, dict[str, float]] = {}
    for m in rows:
        by_clients.setdefault(int(m.row["batch"]), {})[m.metric] = float(m.row["value"])
    assert sorted(by_clients) == [1, 2, 4, 8, 16, 32, 64, 128]
    assert all(set(v) == {"ttft", "tpot", "output_throughput_per_gpu"} for v in by_clients.values())
    answers = {int(m.row["batch"]): int(m.row["output_len"]) for m in rows}
    assert answers[2] == round(13061 / 20) and answers[64] == round(459366 / 640)  # the summary's token counts
    assert by_clients[16]["tpot"] == 80.94 and by_clients[64]["output_throughput_per_gpu"] == 61.72
    kept, _ = apply_overrides(rows, read_overrides())
    assert len(fit_rows(kept)) == 24
    medians = [m for m in with_stated_medians(kept) if m.metric == "ttft_median"]
    assert len(medians) == 8
    cases, skipped = build_cases(kept)
    assert not skipped, [s.reason for s in skipped]
    assert {c.deployment.gpu.id for c in cases} == {"intel-gaudi-3-oam"} and {c.deployment.tp for c in cases} == {8}


@needs_catalog
def test_inferencex_gpt_oss_mi300x_rows_are_scored_out_of_sample() -> None:
    """InferenceX PRs #1061 and #1092: gpt-oss-120b under vLLM 0.17 on MI300X (TP 1 at 64-256 clients, TP 8 at one),
    the only gpt-oss rows on CDNA 3. Their run settings by override, kept out of the fit (fitted, they moved the
    per-layer costs vLLM shares with SGLang on CDNA 3; db/perf/measurement-overrides.csv), and scored: the shipped
    calibration, which never saw gpt-oss on AMD, must stay within a quarter on throughput and TPOT."""
    from app.perf.calibration import load_calibration
    from app.perf.dataset import FIT_SETTING, fit_rows

    rows = [m for m in read_measurements(perf_data_dir() / "moe-measurements.csv")
            if "github.com/SemiAnalysisAI/InferenceX/pull/" in m.row["source"]]
    assert len(rows) == 11 and source_group(rows[0].row["source"]) == "SemiAnalysisAI/InferenceX"
    kept, notes = apply_overrides(rows, read_overrides())
    assert len(kept) == 11 and len(notes) == 11
    assert all(m.row.get(FIT_SETTING) == "no" for m in kept) and not fit_rows(kept)
    cases, skipped = build_cases(kept)
    assert not skipped, [s.reason for s in skipped]
    cal = load_calibration()
    for c in cases:
        assert c.workload.engine is Engine.VLLM and c.deployment.gpu.id == "amd-instinct-mi300x"
        assert c.workload.weight_precision == "fp4" and c.workload.mode is BatchingMode.SERVING
        assert c.workload.bench_rounds == (64 if c.deployment.tp == 8 else 0)  # 0: the default, the harness's 10
        if c.metric != "ttft":
            assert abs(c.predict(cal) / c.measured - 1.0) < 0.25, (c.metric, c.workload.concurrency)
    ttft = next(c for c in cases if c.metric == "ttft")
    assert ttft.predict(cal) > ttft.measured  # the CDNA 3 prompt pass SGLang's rows set is slower than vLLM 0.17's


@needs_catalog
def test_rocm_blog_rows_are_tp8_runs_on_a_v0_engine_with_its_defaults() -> None:
    """The ROCm blog's MI300X tables (#20; db/perf/README): 8 x MI300X at TP8, FP8 weights and KV cache, vLLM 0.6.7's
    V0 engine (no async scheduling). The latency table is one static batch of 1-128, end-to-end latency read as output
    tok/s = batch x 2,048 / latency; the throughput table runs offline at V0's default max_num_seqs 256 with
    TensorRT-LLM's request counts. All fitted; the page's H100 column is left out."""
    from app.perf.calibration import load_calibration
    from app.perf.dataset import fit_rows

    rows = [m for m in read_measurements(perf_data_dir() / "extra-measurements.csv") if "rocm-blogs" in m.row["source"]]
    assert len(rows) == 40 and {m.row["gpu"] for m in rows} == {"MI300X"}  # no H100
    kept, notes = apply_overrides(rows, read_overrides())
    assert len(fit_rows(kept)) == 40 and len(notes) == 40  # the FP8 KV cache (and V0's limits), by override
    cases, skipped = build_cases(kept)
    assert not skipped, [s.reason for s in skipped]
    static = [c for c in cases if c.workload.mode is BatchingMode.STATIC]
    offline = [c for c in cases if c.workload.mode is BatchingMode.OFFLINE]
    assert len(static) == 32 and len(offline) == 8
    assert {c.workload.concurrency for c in static} == {1, 2, 4, 8, 16, 32, 64, 128}
    assert {(c.workload.max_num_seqs, c.workload.offline_requests) for c in offline} == {(256, 3000), (256, 1500)}
    for c in cases:
        assert c.metric == "output_throughput_total"
        assert (c.deployment.gpu.id, c.deployment.tp, c.deployment.gpu_count) == ("amd-instinct-mi300x", 8, 8)
        assert (c.workload.weight_precision, c.workload.kv_precision) == ("fp8", "fp8")
        assert c.workload.overlap_scheduling is False
    one = next(c for c in static if c.workload.concurrency == 1 and c.workload.llm.id == "meta-llama-3.1-70b"
               and c.workload.input_len == 128)
    assert one.measured == pytest.approx(2048 / 19.089, rel=1e-3)  # 19,089 ms for one request's 2,048 tokens
    cal = load_calibration()
    errors = sorted(abs(c.predict(cal) / c.measured - 1) for c in cases)
    assert errors[len(errors) // 2] < 0.15  # fitted: median within 15 % (db/perf/README: 10 %)


@needs_catalog
@needs_shared
def test_every_calibration_row_is_used() -> None:
    rows, _ = apply_overrides(read_measurements(calibration_csv_path()), read_overrides())
    cases, skipped = build_cases(rows)
    assert not skipped, [s.reason for s in skipped]
    assert {c.metric for c in cases} >= set(HEADLINE_METRICS)


@needs_catalog
def test_extra_measurements_all_map() -> None:
    rows, _ = apply_overrides(read_measurements(perf_data_dir() / "extra-measurements.csv"), read_overrides())
    cases, skipped = build_cases(rows)  # with their overrides, as the fit reads them (MLPerf's run settings)
    assert not skipped, [s.reason for s in skipped]
    assert all(c.measurement.row["source"].startswith("https://") for c in cases)


def test_override_reinterprets_the_flagged_row(tmp_path: Path) -> None:
    m = _m(gpu="A100 SXM 80GB", model="LLaMA 70B", metric="output_throughput_total", value="670")
    out, used = apply_overrides([m, _m()], read_overrides())
    assert out[0].metric == "output_throughput_per_gpu" and out[1].metric == "tpot"
    assert len(used) == 1 and "per GPU" in used[0]


def test_an_override_can_keep_a_row_out_of_the_fit_and_still_score_it(tmp_path: Path) -> None:
    """set:fit=no: the row is scored (apply_overrides keeps it, with the run settings given beside it) but the fit
    does not learn from it; any other value of fit= is refused by name. The vLLM recipes' DeepSeek-R1 runs on
    8 x MI300X use it for their TTFT, which runs in near lock-step that the model does not represent."""
    from app.perf.dataset import FIT_SETTING, DatasetError, fit_rows

    rules = tmp_path / "o.csv"
    rules.write_text("gpu,model,metric,value,engine,scenario,input_len,output_len,action,reason\n"
                     "*,*,tpot,*,,,,,set:bench_rounds=4;fit=no,test\n", encoding="utf-8")
    out, used = apply_overrides([_m(), _m(metric="ttft", value="100")], read_overrides(rules))
    assert [m.metric for m in out] == ["tpot", "ttft"] and out[0].row[FIT_SETTING] == "no"
    assert out[0].row["bench_rounds"] == "4" and len(used) == 1
    assert [m.metric for m in fit_rows(out)] == ["ttft"]
    cases, skipped = build_cases(out)
    assert not skipped and cases[0].workload.bench_rounds == 4  # scored as the run ran
    rules.write_text("gpu,model,metric,value,engine,scenario,input_len,output_len,action,reason\n"
                     "*,*,tpot,*,,,,,set:fit=yes,test\n", encoding="utf-8")
    with pytest.raises(DatasetError, match="fit= takes only 'no'"):
        apply_overrides([_m()], read_overrides(rules))
    shipped = [m for m in read_measurements(perf_data_dir() / "moe-measurements.csv")
               if "vllm-project/recipes" in m.row["source"] and "DeepSeek" in m.row["model"]]
    kept, _ = apply_overrides(shipped, read_overrides())
    assert {m.metric for m in kept if m.row.get(FIT_SETTING) == "no"} == {"ttft"}
    assert {m.metric for m in fit_rows(kept)} == {"tpot", "output_throughput_total"}


def test_perf_readme_names_every_override_setting() -> None:
    """db/perf/README.md is where a person writing an override looks up the keys: every key the reader accepts is
    named there, so a new run setting cannot be added in code alone."""
    from app.perf.overrides import ROW_READINGS, RUN_SETTINGS

    row = next(line for line in (perf_data_dir() / "README.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| `measurement-overrides.csv`"))
    missing = [key for key in (*RUN_SETTINGS, *ROW_READINGS, "fit") if f"`{key}`" not in row and f"`{key}=" not in row]
    assert not missing, missing
