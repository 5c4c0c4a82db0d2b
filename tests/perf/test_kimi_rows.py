"""Kimi K2.5 measurements (#20, session 30): the first rows of the Kimi family, NVFP4 on B200 under vLLM v0.17.0,
from the vLLM recipes' table of InferenceX runs. They check a model the calibration had never seen: 384 experts of
2,048 columns, MLA with 64 heads, 1,026 B parameters at 4.5 bits."""

from __future__ import annotations

import statistics
from dataclasses import replace

from app.perf.calibration import load_calibration, perf_data_dir
from app.perf.dataset import FIT_SETTING, Measurement, build_cases, read_measurements, with_stated_medians
from app.perf.engines import Engine
from app.perf.model import prepare
from app.perf.overrides import apply_overrides, read_overrides
from tests.perf.test_dataset import needs_catalog

TABLE = "vllm-project/recipes/blob/1bcf150"
LATER_RUN = "vllm-project/recipes/blob/1325723"


def _rows() -> list[Measurement]:
    rows = [m for m in read_measurements(perf_data_dir() / "moe-measurements.csv")
            if TABLE in m.row["source"] or LATER_RUN in m.row["source"]]
    rows, _ = apply_overrides(rows, read_overrides())
    return rows


@needs_catalog
def test_the_kimi_rows_read_as_their_runs() -> None:
    rows = _rows()
    assert len(rows) == 36  # 11 table configurations and the later run, 3 metrics each
    cases, skipped = build_cases(with_stated_medians(rows))
    assert not skipped
    assert len(cases) == 36 + 3  # the stated medians of the three concurrency-4 1k/1k blocks
    for c in cases:
        assert c.workload.llm.id == "moonshotai-kimi-k2.5"
        assert (c.deployment.gpu.id, c.workload.engine, c.workload.weight_precision) == (
            "nvidia-b200-sxm", Engine.VLLM, "fp4")
        assert c.deployment.tp == c.deployment.gpu_count in (4, 8)
        # The launch script of the runs' dates passes no --enable-expert-parallel, whatever the table's label says.
        assert c.deployment.expert_parallel == 1
        assert c.workload.overlap_scheduling is True  # vLLM 0.17: async scheduling by default
        assert c.workload.concurrency in (4, 16, 64)


@needs_catalog
def test_the_model_prices_kimi_within_its_bands() -> None:
    """Fitted rows: every TPOT within a quarter, every output rate within a fifth, the typical one within a tenth."""
    cal = load_calibration()
    cases, _ = build_cases(with_stated_medians([m for m in _rows() if m.row.get(FIT_SETTING, "") != "no"]))
    errors: dict[str, list[float]] = {}
    for c in cases:
        errors.setdefault(c.metric, []).append(c.predict(cal) / c.measured - 1.0)
    assert len(errors["tpot"]) == len(errors["output_throughput_per_gpu"]) == 11
    for metric, bound in (("tpot", 0.25), ("output_throughput_per_gpu", 0.20)):
        assert max(abs(e) for e in errors[metric]) < bound, metric
        assert statistics.median(abs(e) for e in errors[metric]) < 0.10, metric
    assert statistics.median(abs(e) for e in errors["ttft"]) < 0.20


@needs_catalog
def test_the_kv_cache_is_the_checkpoints_fp8() -> None:
    """The launch script names no KV-cache format, so vLLM takes the checkpoint's (FP8). The runs bear it out: at 64
    clients of 9,216-token contexts on four GPUs every request decodes at once, which an FP8 cache holds and a BF16
    one (the engine's default for other checkpoints) holds for half of them. Only the later run is kept out."""
    for m in _rows():
        case = build_cases([m])[0][0]
        wl = case.workload
        assert wl.kv_precision == "fp8"
        assert (m.row.get(FIT_SETTING, "") == "no") == (LATER_RUN in m.row["source"])
        clients = wl.concurrency or 0
        assert prepare(case.deployment, wl).max_concurrency_kv >= clients
        if case.deployment.tp == 4 and clients == 64 and wl.input_len + wl.output_len == 9216:
            bf16 = prepare(case.deployment, replace(wl, kv_precision="bf16"))
            assert bf16.max_concurrency_kv == 32


@needs_catalog
def test_the_int4_kimi_burst_is_scored_as_an_offline_run() -> None:
    """Kimi-K2-Thinking on 8 x H200 (vLLM recipes a51fafb): 1,000 prompts of 8,000 tokens within 10 s, served to the
    end; read as an offline run of that many requests with the native INT4 experts run weight-only. Scored, not
    fitted; the override's reason states the model's +70 %, so the reading is checked to stay what it says."""
    rows = [m for m in read_measurements(perf_data_dir() / "moe-measurements.csv")
            if "recipes/blob/a51fafb" in m.row["source"]]
    rows, notes = apply_overrides(rows, read_overrides())
    assert len(rows) == len(notes) == 1 and rows[0].row[FIT_SETTING] == "no"
    case = build_cases(rows)[0][0]
    wl = case.workload
    assert (wl.llm.id, wl.weight_precision, case.deployment.tp) == ("moonshotai-kimi-k2-thinking", "int4", 8)
    assert (wl.mode.value, wl.offline_requests, wl.overlap_scheduling) == ("offline", 1000, False)
    assert 0.5 < case.predict(load_calibration()) / case.measured - 1.0 < 0.9
