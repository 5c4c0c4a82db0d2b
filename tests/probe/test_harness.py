"""Timing loop and working-set sizing, with a scripted clock (no real waiting)."""

from __future__ import annotations

from collections.abc import Callable

from app.probe.harness import GIB, MIB, PerfCounterTimer, PhaseBudget, bandwidth_working_set, run_timed, split_elems


class ScriptedTimer:
    """Each iteration 'takes' ``per_iter`` seconds on a fake clock; records how it was called."""

    def __init__(self, per_iter: float) -> None:
        self.per_iter = per_iter
        self.now = 0.0
        self.batches: list[int] = []
        self.runs = 0

    def clock(self) -> float:
        return self.now

    def time_iterations(self, fn: Callable[[], object], iterations: int) -> list[float]:
        self.batches.append(iterations)
        for _ in range(iterations):
            fn()
            self.runs += 1
        self.now += iterations * self.per_iter
        return [self.per_iter] * iterations


def test_warmup_is_discarded_and_budget_respected() -> None:
    timer = ScriptedTimer(0.01)
    samples = run_timed(timer, lambda: None, PhaseBudget(seconds=1.0, warmup=2, min_iters=3), timer.clock)
    assert timer.batches[0] == 2  # warm-up
    assert len(samples) == timer.runs - 2
    assert 0.9 <= timer.now <= 1.0 + 0.01 + 1e-9  # never overruns by more than one iteration
    assert max(timer.batches[2:]) <= 25  # batches of about BATCH_TARGET_S


def test_minimum_iterations_even_without_budget() -> None:
    timer = ScriptedTimer(0.5)
    samples = run_timed(timer, lambda: None, PhaseBudget(seconds=0.0, warmup=1, min_iters=3), timer.clock)
    assert len(samples) == 3 and timer.batches == [1, 3]


def test_slow_iteration_stops_early_and_max_iters_caps() -> None:
    slow = ScriptedTimer(2.0)
    assert len(run_timed(slow, lambda: None, PhaseBudget(seconds=3.0, warmup=0, min_iters=1), slow.clock)) == 1
    fast = ScriptedTimer(1e-6)
    got = run_timed(fast, lambda: None, PhaseBudget(seconds=10.0, warmup=0, min_iters=3, max_iters=50), fast.clock)
    assert len(got) == 50


def test_perf_counter_timer_calls_sync() -> None:
    synced: list[int] = []
    out = PerfCounterTimer(sync=lambda: synced.append(1)).time_iterations(lambda: sum(range(100)), 4)
    assert len(out) == 4 and all(t >= 0 for t in out) and len(synced) == 4


def test_bandwidth_working_set() -> None:
    # H100: 50 MiB L2 -> 32 x L2 = 1.6 GiB > 1 GiB floor; plenty of memory
    size, undersized = bandwidth_working_set(80 * GIB, 50 * MIB)
    assert size == 32 * 50 * MIB and not undersized
    # small laptop GPU: 4 GiB free -> capped at 1 GiB (25 %), which is exactly the floor
    assert bandwidth_working_set(4 * GIB, 4 * MIB) == (GIB, False)
    # 2 GiB free: the 25 % cap wins and the figure is flagged
    assert bandwidth_working_set(2 * GIB, 4 * MIB) == (GIB // 2, True)
    assert split_elems(3 * GIB, 3, 4) == GIB // 4
    assert split_elems(100, 3, 4) == 0
