"""The P99 tail from the arrival model, checked against a simulation and against its limits."""

from __future__ import annotations

import random

import pytest

from app.perf.tail import md1_wait_p99, step_p99


def _simulated_md1_p99(lam: float, service: float, n: int = 120_000, seed: int = 3) -> float:
    rng = random.Random(seed)
    t = free = 0.0
    waits = []
    for _ in range(n):
        t += rng.expovariate(lam)
        start = max(t, free)
        waits.append(start - t)
        free = start + service
    waits.sort()
    return waits[int(0.99 * n)]


@pytest.mark.parametrize(("lam", "service"), [(0.946, 0.317), (5.0, 0.1), (8.0, 0.1), (2.0, 0.05)])
def test_md1_p99_matches_a_simulation(lam: float, service: float) -> None:
    assert md1_wait_p99(lam, service) == pytest.approx(_simulated_md1_p99(lam, service), rel=0.12)


def test_md1_p99_limits() -> None:
    assert md1_wait_p99(0.05, 0.1) == 0.0  # rho 0.5 %: 99 % of prompts never wait
    assert md1_wait_p99(1.0, 0.0) == 0.0
    assert md1_wait_p99(100.0, 0.1) == pytest.approx(md1_wait_p99(9.5, 0.1))  # past the model's rho cap
    assert md1_wait_p99(9.0, 0.1) > md1_wait_p99(5.0, 0.1) > 0


def test_step_p99() -> None:
    assert step_p99(0.03, 0.35, 0.9, 15) == 0.35  # 2.7 % of steps carry a prefill: P99 is such a step
    assert step_p99(0.03, 0.35, 0.1, 15) == 0.03  # 0.3 %: the P99 step is a plain decode step
    assert step_p99(0.03, 0.35, 5.0, 0) == 0.03  # nobody else decodes: no one is stalled
