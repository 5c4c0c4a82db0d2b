"""A closed-loop benchmark's rounds (`estimate --rounds N`: its --num-prompts over its --max-concurrency) and the
warm-engine assumption every serving estimate states."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from app.perf.datatypes import MAX_BENCH_ROUNDS, BatchingMode, Deployment, Workload
from app.perf.engines import Engine
from app.perf.model import prepare
from tests.perf.parts import H200_SXM, LLAMA_8B, estimate_8b_args
from tests.perf.test_dataset import needs_catalog

DEP = Deployment(gpu=H200_SXM, gpu_count=1, tp=1)
SERVING = Workload(llm=LLAMA_8B, weight_precision="fp8", input_len=4096, output_len=512, concurrency=32,
                   engine=Engine.VLLM)


def test_the_first_rounds_burst_weighs_one_over_the_rounds() -> None:
    """The first round (every client at once) is 1/N of a run's requests: what it adds to the mean TTFT falls as
    1/N, and the steady-state requests after it do not change."""
    by_rounds = {n: prepare(DEP, replace(SERVING, bench_rounds=n)).estimate(32) for n in (1, 5, 10, 40)}
    cold = {n: e.breakdown["ttft_cold_start_ms"] for n, e in by_rounds.items()}
    assert cold[1] > cold[5] > cold[10] > cold[40] > 0.0
    assert cold[5] / cold[40] == pytest.approx(8.0, rel=0.15)
    assert by_rounds[10].ttft_ms == pytest.approx(prepare(DEP, SERVING).estimate(32).ttft_ms)  # 10: the default
    assert by_rounds[1].ttft_ms > by_rounds[40].ttft_ms
    assert any("40 requests per client" in a for a in by_rounds[40].assumptions)


def test_rounds_are_bounded() -> None:
    with pytest.raises(ValueError, match="bench_rounds"):
        replace(SERVING, bench_rounds=MAX_BENCH_ROUNDS + 1)
    with pytest.raises(ValueError, match="bench_rounds"):
        replace(SERVING, bench_rounds=-1)


def test_every_serving_estimate_assumes_a_warm_engine() -> None:
    """Kernel compilation on a cold engine is not modelled, and the estimate says so where it would show: serving
    (closed loop or Poisson), not an offline run's throughput."""
    def warm(wl: Workload) -> bool:
        return any("warm engine" in a for a in prepare(DEP, wl).estimate(wl.concurrency).assumptions)

    assert warm(SERVING)
    assert warm(replace(SERVING, open_loop=True))
    assert not warm(replace(SERVING, concurrency=None, mode=BatchingMode.OFFLINE))


@needs_catalog
def test_estimate_cli_takes_the_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli.main import main

    base = estimate_8b_args(tmp_path)
    assert main([*base, "--concurrency", "32"]) == 0
    default = json.loads(capsys.readouterr().out)
    assert main([*base, "--concurrency", "32", "--rounds", "1"]) == 0
    burst = json.loads(capsys.readouterr().out)
    assert (default["inputs"]["bench_rounds"], burst["inputs"]["bench_rounds"]) == (10, 1)
    assert burst["ttft_ms"] > default["ttft_ms"]
    assert main([*base, "--concurrency", "1,8,32", "--rounds", "3"]) == 0  # a sweep keeps the rounds at every point
    sweep = json.loads(capsys.readouterr().out)
    assert sweep["inputs"]["bench_rounds"] == 3
    at_32 = next(p for p in sweep["sweep"] if p["concurrency"] == 32)
    # 3 rounds: the burst weighs more than in 10, less than in 1
    assert default["ttft_ms"] < at_32["ttft_ms"] < burst["ttft_ms"]
    assert main([*base, "--request-rate", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["inputs"]["bench_rounds"] == 0  # a Poisson load has no rounds
    for bad, says in ((["--concurrency", "32", "--rounds", "0"], "--rounds 0"),
                      (["--request-rate", "2", "--rounds", "3"], "no rounds"),
                      (["--concurrency", "max", "--rounds", "3"], "serving")):
        assert main([*base, *bad]) == 2
        assert says in capsys.readouterr().err
