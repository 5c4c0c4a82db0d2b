"""How an estimate's figure reads on a chart label, a PDF line or the CLI (Estimate.describe): a wait that a queue
makes minutes or hours long reads in minutes or hours, not in eight-digit milliseconds."""

from __future__ import annotations

import re
from dataclasses import replace

from app.perf.datatypes import Deployment, Workload
from app.perf.engines import Engine
from app.perf.model import prepare
from tests.perf.parts import H200_SXM, LLAMA_8B

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
