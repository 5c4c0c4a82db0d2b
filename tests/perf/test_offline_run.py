"""Offline runs of a fixed number of fixed-length requests (trtllm-bench on TensorRT-LLM's perf-overview
datasets): waves of what the engine holds at once, the last one partly filled."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest

from app.perf.dataset import _offline_requests as offline_requests_of
from app.perf.dataset import (
    build_cases,
    default_measurements,
)
from app.perf.datatypes import BatchingMode, Deployment, Workload
from app.perf.engines import Engine
from app.perf.model import prepare
from app.perf.overrides import apply_overrides, read_overrides
from tests.perf.parts import H200_SXM, LLAMA_8B
from tests.perf.test_dataset import needs_catalog, needs_shared

DEP = Deployment(gpu=H200_SXM, gpu_count=1, tp=1)
# Long answers to short prompts: a wave's prompts are prefilled in a small part of its life.
DECODE_HEAVY = Workload(llm=LLAMA_8B, weight_precision="fp8", input_len=1024, output_len=8192, concurrency=None,
                        engine=Engine.TRTLLM, mode=BatchingMode.OFFLINE)


def _tps(wl: Workload) -> float:
    return prepare(DEP, wl).estimate(None).output_tps_total


def _steady_at(wl: Workload, batch: int) -> tuple[float, float]:
    """(TPOT s, output tokens/s) of the steady state with `batch` requests held at once, by the engine's own limit."""
    est = prepare(DEP, replace(wl, max_num_seqs=batch)).estimate(None)
    assert est.running_per_replica == batch
    return est.tpot_ms / 1e3, est.output_tps_total


def test_a_run_a_wave_and_a_quarter_long_takes_two_waves_of_steps() -> None:
    steady = prepare(DEP, DECODE_HEAVY)
    held = steady.estimate(None).running_per_replica
    assert held > 100  # the KV cache's limit at 9k tokens a request
    n = held + held // 4
    tpot_full, steady_tps = _steady_at(DECODE_HEAVY, held)
    tpot_rest, _ = _steady_at(DECODE_HEAVY, n - held)
    osl = DECODE_HEAVY.output_len
    waves = n * osl / (osl * tpot_full + osl * tpot_rest)
    spread = held * DECODE_HEAVY.input_len / steady.core.step_tokens / osl  # steps to admit a wave, per life
    assert spread < 0.1
    expected = 1.0 / ((1.0 - spread) / waves + spread / steady_tps)
    got = _tps(replace(DECODE_HEAVY, offline_requests=n))
    assert got == pytest.approx(expected, rel=1e-6)
    # The last quarter-wave takes more than a quarter of a full wave's steps' time (a step's weights and fixed
    # costs do not shrink with the batch), so the run is slower than the steady stream.
    assert tpot_rest > 0.25 * tpot_full
    assert got < 0.95 * steady_tps


def test_whole_waves_run_at_the_steady_rate() -> None:
    held = prepare(DEP, DECODE_HEAVY).estimate(None).running_per_replica
    assert _tps(replace(DECODE_HEAVY, offline_requests=2 * held)) == pytest.approx(_tps(DECODE_HEAVY), rel=1e-9)


def test_fewer_requests_than_the_engine_holds_are_one_smaller_batch() -> None:
    tpot_ten, at_ten = _steady_at(DECODE_HEAVY, 10)
    assert _tps(replace(DECODE_HEAVY, offline_requests=10)) == pytest.approx(at_ten, rel=1e-9)
    # The estimate describes the batch that runs: 10 requests, their TPOT, not the engine's whole capacity.
    est = prepare(DEP, replace(DECODE_HEAVY, offline_requests=10)).estimate(None)
    assert est.running_per_replica == 10
    assert est.tpot_ms / 1e3 == pytest.approx(tpot_ten, rel=1e-9)


def test_long_prompts_with_short_answers_run_as_a_steady_stream() -> None:
    """Admitting a batch of 8k prompts takes longer than a 16-token answer lives (trtllm-bench's 32,768-token steps
    take four prompts at a time): requests enter a few at a time and their ends spread as their starts did, so
    there are no waves to quantise."""
    wl = replace(DECODE_HEAVY, input_len=8192, output_len=16)
    held = prepare(DEP, wl).estimate(None).running_per_replica
    assert _tps(replace(wl, offline_requests=held + held // 4)) == pytest.approx(_tps(wl), rel=1e-9)


def test_serving_ignores_the_offline_run_length() -> None:
    wl = replace(DECODE_HEAVY, mode=BatchingMode.SERVING, concurrency=16)
    assert _tps(replace(wl, offline_requests=20)) == pytest.approx(_tps(wl), rel=1e-12)


def test_a_negative_run_length_is_refused() -> None:
    with pytest.raises(ValueError, match="offline_requests"):
        replace(DECODE_HEAVY, offline_requests=-1)


def test_the_dataset_reads_a_fixed_length_run_from_the_row() -> None:
    fixed = ("offline max throughput (trtllm-bench throughput, all 1,500 requests queued at once, synthetic "
             "token-norm-dist dataset with stdev 0), TP=2")
    assert offline_requests_of(fixed, BatchingMode.OFFLINE) == 1500
    older = "offline max throughput (trtllm-bench throughput, infinite request rate, 3000 requests, synthetic " \
            "token-norm-dist dataset stdev 0), TP=2"
    assert offline_requests_of(older, BatchingMode.OFFLINE) == 3000
    # Lengths that vary (no stdev 0) finish at scattered times: a steady stream, whatever the count.
    assert offline_requests_of("offline, all 1500 requests queued at once, ShareGPT", BatchingMode.OFFLINE) == 0
    assert offline_requests_of(fixed, BatchingMode.SERVING) == 0
    assert offline_requests_of("offline max throughput, stdev 0, 10 requests per client", BatchingMode.OFFLINE) == 0


@needs_catalog
@needs_shared
def test_perf_overview_rows_carry_the_pages_request_counts() -> None:
    """TensorRT-LLM 1.0's perf overview runs every ISL/OSL on the number of requests its $num_requests table
    gives (db/perf/measurement-overrides.csv, one rule a length pair)."""
    table = {(128, 128): 30000, (128, 2048): 3000, (128, 4096): 1500, (1000, 2000): 1500, (2048, 128): 3000,
             (2048, 2048): 1500, (5000, 500): 1500, (1000, 1000): 3000, (500, 2000): 3000, (20000, 2000): 1000}
    rows = [m for m in default_measurements(include_extra=True) if "00f37686" in m.row["source"]]
    fixed, _ = apply_overrides(rows, read_overrides())
    cases, skipped = build_cases(fixed)
    assert len(cases) > 150 and not skipped
    for c in cases:
        assert c.workload.offline_requests == table[(c.workload.input_len, c.workload.output_len)]


@needs_catalog
def test_estimate_cli_takes_the_run_length(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.main import main

    base = ["--data-dir", str(tmp_path), "estimate", "--gpu", "nvidia-h200-sxm-141gb", "--model",
            "meta-llama-3.1-8b", "--precision", "fp8", "--engine", "trtllm", "--input-len", "1024",
            "--output-len", "8192", "--concurrency", "max", "--json"]
    import json

    assert main(base) == 0
    steady = json.loads(capsys.readouterr().out)
    held = steady["concurrency"]
    assert main([*base, "--offline-requests", str(held + held // 4)]) == 0
    finite = json.loads(capsys.readouterr().out)
    assert finite["inputs"]["offline_requests"] == held + held // 4
    assert finite["output_tps_total"] < 0.95 * steady["output_tps_total"]
    assert any("waves" in a for a in finite["assumptions"])
    assert main([*base[:-3], "--concurrency", "8", "--offline-requests", "100"]) == 2
    assert "--concurrency max" in capsys.readouterr().err
    assert main([*base, "--offline-requests", "0"]) == 2
    assert "--offline-requests 0" in capsys.readouterr().err
    assert not math.isnan(steady["output_tps_total"])
