"""Prompts of varied length (#20, load as requests per second): an M/G/1 queue and a longer P99 prompt.

Checked against a simulation, the M/M/1 formula, MLPerf's own prompt sets and a hand-computed toy estimate.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from app.cli.main import main
from app.perf.dataset import (
    TAIL_METRICS,
    _float_or,
    build_cases,
    default_measurements,
)
from app.perf.model import _evaluate
from app.perf.overrides import apply_overrides, read_overrides
from app.perf.tail import Z99, gamma_quantile_ratio, md1_wait_p99, mg1_wait_p99, p99_of_sum
from tests.perf.test_moe_serving import TOY
from tests.perf.test_tail import simulated_wait_p99
from tests.perf.test_ttft import VLLM_SYNC, _toy_core


def _simulated_mg1_p99(lam: float, service: float, cv: float) -> float:
    k = 1.0 / (cv * cv)  # gamma service times of mean `service` and coefficient of variation `cv`
    return simulated_wait_p99(lam, lambda rng: rng.gammavariate(k, service / k), n=150_000, seed=5)


@pytest.mark.parametrize(("lam", "service", "cv"), [(5.0, 0.1, 0.77), (8.0, 0.1, 0.45), (3.0, 0.2, 1.3)])
def test_mg1_p99_matches_a_simulation(lam: float, service: float, cv: float) -> None:
    assert mg1_wait_p99(lam, service, cv) == pytest.approx(_simulated_mg1_p99(lam, service, cv), rel=0.12)


def test_mg1_p99_limits() -> None:
    # Exponential service (cv 1) is M/M/1: P(W > t) = rho exp(-(mu - lam) t), P99 = ln(100 rho) / (mu - lam).
    assert mg1_wait_p99(3.0, 0.1, 1.0) == pytest.approx(math.log(30.0) / 7.0, rel=1e-9)
    assert mg1_wait_p99(9.0, 0.1, 1.0) == pytest.approx(math.log(90.0) / 1.0, rel=1e-9)
    # Fixed lengths are M/D/1, and a small spread stays next to it.
    assert mg1_wait_p99(3.0, 0.1, 0.0) == md1_wait_p99(3.0, 0.1)
    assert mg1_wait_p99(3.0, 0.1, 0.03) == pytest.approx(md1_wait_p99(3.0, 0.1), rel=0.01)
    assert mg1_wait_p99(0.05, 0.1, 0.77) == 0.0  # rho 0.5 %
    assert mg1_wait_p99(5.0, 0.1, 1.0) > mg1_wait_p99(5.0, 0.1, 0.5) > md1_wait_p99(5.0, 0.1)


def test_p99_prompt_of_mlperf_sets() -> None:
    """P99 over mean prompt length of the sets MLPerf serves (per-prompt lengths: openshift-psap
    performance-dashboard summaries): OpenOrca cv 0.771, P99 791 / 222.3 = 3.56; gpt-oss cv 0.448, 12,432 /
    5,010.6 = 2.48. The gamma (Wilson-Hilferty) gives 3.59 and 2.33."""
    assert gamma_quantile_ratio(0.771, Z99) == pytest.approx(791 / 222.3, rel=0.02)
    assert gamma_quantile_ratio(0.448, Z99) == pytest.approx(12432 / 5010.6, rel=0.07)
    assert gamma_quantile_ratio(0.0, Z99) == 1.0
    assert p99_of_sum(1.0, 1.0, 2.0, 5.0) == 6.0  # no spread in one: the other's P99 plus its mean
    assert p99_of_sum(1.0, 4.0, 0.0, 4.0) == pytest.approx(1.0 + 5.0)  # excesses 3 and 4 combine to 5


def test_toy_estimate_with_varied_prompts() -> None:
    """Toy core (test_ttft), 4 clients: prompts of 1000 tokens on average, cv 0.77. The P99 prompt is 3.58951 x
    1000 = 3589.51 tokens, prefilled at 0.1 ms a token in one step: 258.951 ms longer than the mean one (100.3
    ms). The mean wait behind other prompts grows 1 + 0.77^2 = 1.5929 times (Pollaczek-Khinchine): 22.065 ->
    35.147 ms. The M/G/1 P99 wait at 3.63537 prompts/s of 90.3 ms is 355.309 ms (M/D/1: 186.457). P99 of own
    prefill and wait: 100.3 + 35.147 + hypot(258.951, 355.309 - 35.147) = 547.22 ms; plus the request's 10 ms
    and 0.99 of the step in flight: 567.12 ms."""
    core = _toy_core()
    base = _evaluate(core, TOY, VLLM_SYNC, 4, 1000)
    spread = _evaluate(core, replace(TOY, input_len_cv=0.77), VLLM_SYNC, 4, 1000)
    assert gamma_quantile_ratio(0.77, Z99) == pytest.approx(3.58951, rel=1e-5)
    assert spread.queue == pytest.approx(base.queue * (1 + 0.77 ** 2), rel=1e-9)
    assert spread.queue == pytest.approx(0.035147, rel=1e-4)
    assert spread.ttft - base.ttft == pytest.approx(0.9 * (spread.queue - base.queue), rel=1e-9)
    assert mg1_wait_p99(4 / 1.1003, 0.0903, 0.77) == pytest.approx(0.355309, rel=1e-5)
    assert spread.ttft_p99 == pytest.approx(0.010 + 0.0099 + 0.1003 + 0.035147
                                            + math.hypot(0.258951, 0.355309 - 0.035147), rel=1e-5)
    assert spread.ttft_p99 == pytest.approx(0.56712, rel=1e-4)
    assert spread.ttft_p99 > base.ttft_p99 + 0.2
    with pytest.raises(ValueError, match="input_len_cv"):
        replace(TOY, input_len_cv=-0.1)
    with pytest.raises(ValueError, match="input_len_cv"):
        replace(TOY, input_len_cv=6.0)


def test_rows_and_cli_read_the_spread(capsys: pytest.CaptureFixture[str]) -> None:
    assert _float_or("0.771", 0.0) == 0.771 and _float_or("", 0.0) == 0.0 and _float_or("x", 0.5) == 0.5
    # MLPerf's Server and Interactive rows carry their prompt set's spread into the case's workload.
    rows = [m for m in default_measurements(include_extra=True) if m.metric in TAIL_METRICS]
    cases, _ = build_cases(apply_overrides(rows, read_overrides())[0])
    spreads = {(c.workload.llm.id, c.workload.input_len_cv) for c in cases}
    assert ("meta-llama-2-70b", 0.771) in spreads and ("openai-gpt-oss-120b", 0.448) in spreads
    assert all(c.workload.input_len_cv > 0 for c in cases)
    args = ["estimate", "--gpu", "nvidia-h100-sxm5-80gb", "--model", "meta-llama-3.1-8b", "--precision", "bf16",
            "--input-len", "1000", "--output-len", "200", "--request-rate", "20", "--ttft-ms", "500", "--json"]
    assert main(args) == 0
    fixed = json.loads(capsys.readouterr().out)
    assert main([*args, "--input-len-cv", "0.77"]) == 0
    varied = json.loads(capsys.readouterr().out)
    assert varied["inputs"]["input_len_cv"] == 0.77 and fixed["inputs"]["input_len_cv"] == 0.0
    assert varied["ttft_p99_ms"] > fixed["ttft_p99_ms"]
    assert any("P99 prompt (3,590 tokens)" in a for a in varied["assumptions"])
    for bad in ("-0.5", "nan", "9"):
        assert main([*args, "--input-len-cv", bad]) == 2
        assert "--input-len-cv" in capsys.readouterr().err
