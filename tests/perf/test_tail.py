"""The P99 tail from the arrival model, checked against a simulation and against its limits."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from app.perf.tail import Z99, md1_wait_p99, request_tpot_p99


def simulated_wait_p99(lam: float, service: Callable[[random.Random], float], n: int = 120_000,
                       seed: int = 3) -> float:
    """P99 of the wait in a single-server FIFO queue with Poisson arrivals at ``lam`` and service times drawn by
    ``service`` (Lindley's recursion)."""
    rng = random.Random(seed)
    t = free = 0.0
    waits = []
    for _ in range(n):
        t += rng.expovariate(lam)
        start = max(t, free)
        waits.append(start - t)
        free = start + service(rng)
    waits.sort()
    return waits[int(0.99 * n)]


def _simulated_md1_p99(lam: float, service: float) -> float:
    return simulated_wait_p99(lam, lambda _rng: service)


@pytest.mark.parametrize(("lam", "service"), [(0.946, 0.317), (5.0, 0.1), (8.0, 0.1), (2.0, 0.05)])
def test_md1_p99_matches_a_simulation(lam: float, service: float) -> None:
    assert md1_wait_p99(lam, service) == pytest.approx(_simulated_md1_p99(lam, service), rel=0.12)


def test_md1_p99_limits() -> None:
    assert md1_wait_p99(0.05, 0.1) == 0.0  # rho 0.5 %: 99 % of prompts never wait
    assert md1_wait_p99(1.0, 0.0) == 0.0
    assert md1_wait_p99(100.0, 0.1) == pytest.approx(md1_wait_p99(9.5, 0.1))  # past the model's rho cap
    assert md1_wait_p99(9.0, 0.1) > md1_wait_p99(5.0, 0.1) > 0


def test_request_tpot_p99() -> None:
    """Per request (MLPerf, vLLM bench): a 300-token answer at 30 ms a step decodes 8.97 s; at 5 prompts/s per
    replica 44.85 prompts join on average, the P99 request 2.326 x sqrt(44.85) = 15.58 more, each adding 40 ms
    spread over its 299 steps: +2.08 ms. Random arrivals that put more requests beside it raise the base."""
    mu = 5.0 * 299 * 0.030
    assert mu == pytest.approx(44.85)
    assert request_tpot_p99(0.030, 0.030, 0.040, 5.0, 300) == pytest.approx(0.030 + Z99 * math.sqrt(mu) * 0.040 / 299)
    assert request_tpot_p99(0.030, 0.034, 0.040, 5.0, 300) == pytest.approx(0.034 + Z99 * math.sqrt(mu) * 0.040 / 299)
    assert request_tpot_p99(0.030, 0.030, 0.040, 0.0, 300) == 0.030  # nobody joins: every request alike
    # One prompt-carrying step no longer sets the P99 (the inter-token figure): 0.35 s against 30 ms steps.
    assert request_tpot_p99(0.030, 0.030, 0.32, 0.9, 300) < 0.040
