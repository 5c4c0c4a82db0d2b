"""How an estimate's figure reads on a chart label, a PDF line or the CLI (Estimate.describe): a wait that a queue
makes minutes or hours long reads in minutes or hours, not in eight-digit milliseconds."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from app.perf.datatypes import Deployment, Workload, time_text
from app.perf.engines import Engine
from app.perf.model import prepare
from tests.perf.parts import H200_SXM, LLAMA_8B
from tests.perf.test_dataset import needs_catalog

DEP = Deployment(gpu=H200_SXM, gpu_count=1, tp=1)
BASE = Workload(llm=LLAMA_8B, weight_precision="fp8", input_len=1024, output_len=256, concurrency=8,
                engine=Engine.VLLM)


def _ttft(wl: Workload) -> tuple[float, str]:
    est = prepare(DEP, wl).estimate(wl.concurrency)
    return est.ttft_ms, est.describe("ttft_ms")


def test_milliseconds_below_a_minute() -> None:
    ms, text = _ttft(BASE)
    assert ms < 60_000
    assert re.fullmatch(r"~[\d,.]+ ms \(\+/- \d+ %\)", text), text


def test_a_queue_of_minutes_reads_in_minutes_and_one_of_hours_in_hours() -> None:
    # Long prompts and answers, far more clients than the KV cache holds: each request queues behind the others.
    minutes_ms, minutes = _ttft(replace(BASE, input_len=32_000, output_len=2_000, concurrency=128))
    hours_ms, hours = _ttft(replace(BASE, input_len=32_000, output_len=8_000, concurrency=5_000, bench_rounds=1))
    assert 60_000 <= minutes_ms < 3_600_000 <= hours_ms
    value = float(re.fullmatch(r"~([\d,.]+) min \(\+/- \d+ %\)", minutes).group(1))  # type: ignore[union-attr]
    assert value == round(minutes_ms / 60_000, 1)
    value = float(re.fullmatch(r"~([\d,.]+) h \(\+/- \d+ %\)", hours).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert value == round(hours_ms / 3_600_000, 1)


def test_a_rate_below_a_hundredth_keeps_two_significant_digits() -> None:
    """An absurd load (a million-token prompt for one output token) gives rates far below 0.01: they still read as
    figures, not as '0.00'."""
    est = prepare(DEP, BASE).estimate(BASE.concurrency)
    tiny = replace(est, output_tps_total=0.0036, requests_per_s=3.6e-6)
    assert tiny.describe("output_tps_total").startswith("~0.0036 tok/s")
    assert tiny.describe("requests_per_s").startswith("~3.6e-06 req/s")
    assert replace(est, output_tps_total=0.25).describe("output_tps_total").startswith("~0.25 tok/s")
    assert replace(est, output_tps_total=0.0).describe("output_tps_total").startswith("~0.00 tok/s")


def test_time_text_picks_the_unit_a_reader_reads() -> None:
    assert time_text(9.66) == "10 ms"
    assert time_text(4_255.4) == "4,255 ms"
    assert time_text(59_999.0) == "59,999 ms"
    assert time_text(60_000.0) == "1.0 min"
    assert time_text(318_975.6) == "5.3 min"
    assert time_text(247_214_540.0) == "68.7 h"
    assert time_text(3_177.0, signed=True) == "+3,177 ms"
    assert time_text(-90_000.0, signed=True) == "-1.5 min"


@needs_catalog
def test_the_cli_reads_a_queued_wait_in_minutes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.main import main

    base = ["--data-dir", str(tmp_path), "estimate", "--gpu", "nvidia-l40s", "--model", "meta-llama-3.1-8b",
            "--precision", "fp8", "--input-len", "32000", "--output-len", "500", "--rounds", "2"]
    assert main([*base, "--concurrency", "8"]) == 0
    ttft = next(line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("TTFT"))
    assert re.search(r"\(steady state ~[\d,]+ ms; the first round's burst adds \+[\d,]+ ms\)", ttft), ttft
    assert main([*base, "--concurrency", "64"]) == 0
    ttft = next(line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("TTFT"))
    assert re.search(r"~[\d.]+ min \(", ttft) and not re.search(r"\d{2},\d{3},\d{3} ms", ttft), ttft
