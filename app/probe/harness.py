"""Timing loops and working-set sizing shared by the GPU and CPU benchmarks (no GPU code here).

``run_timed`` warms a workload up (first-call overheads, clock ramp), times a first batch to
learn how long one iteration takes, then times as many more as fit the phase budget, in
short batches so a slow device never overruns it by much. Timers return seconds per
iteration: CUDA events on a GPU, ``perf_counter`` on the CPU.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

GIB = 1024**3
MIB = 1024**2
BATCH_TARGET_S = 0.25  # one timed batch (enqueued, then synchronised once) lasts about this long


class Timer(Protocol):
    def time_iterations(self, fn: Callable[[], object], iterations: int) -> list[float]:
        """Run fn ``iterations`` times; the duration of each run in seconds."""
        ...


class PerfCounterTimer:
    """Wall-clock per iteration; right for synchronous work (NumPy) and for synchronised device work."""

    def __init__(self, sync: Callable[[], object] | None = None) -> None:
        self.sync = sync

    def time_iterations(self, fn: Callable[[], object], iterations: int) -> list[float]:
        out = []
        for _ in range(iterations):
            t0 = time.perf_counter()
            fn()
            if self.sync is not None:
                self.sync()
            out.append(time.perf_counter() - t0)
        return out


@dataclass(frozen=True, slots=True)
class PhaseBudget:
    seconds: float
    warmup: int = 2
    min_iters: int = 3
    max_iters: int = 500

    def scaled(self, factor: float) -> PhaseBudget:
        return PhaseBudget(max(self.seconds * factor, 0.0), self.warmup, self.min_iters, self.max_iters)


def run_timed(timer: Timer, fn: Callable[[], object], budget: PhaseBudget,
              clock: Callable[[], float] = time.monotonic) -> list[float]:
    """Per-iteration seconds: warm-up discarded, at least ``min_iters``, then as many as fit the budget."""
    start = clock()
    if budget.warmup > 0:
        timer.time_iterations(fn, budget.warmup)
    samples = list(timer.time_iterations(fn, budget.min_iters))
    per_iter = statistics.median(samples) if samples else 0.0
    while len(samples) < budget.max_iters:
        remaining = budget.seconds - (clock() - start)
        if remaining <= 0 or per_iter <= 0 or per_iter > remaining:
            break
        chunk = int(min(budget.max_iters - len(samples), remaining / per_iter, max(1.0, BATCH_TARGET_S / per_iter)))
        if chunk < 1:
            break
        samples.extend(timer.time_iterations(fn, chunk))
    return samples


def bandwidth_working_set(free_bytes: int, l2_bytes: int | None, *, memory_fraction: float = 0.25,
                          floor_bytes: int = GIB, l2_multiple: int = 32) -> tuple[int, bool]:
    """Total bytes for a streaming test: >= max(1 GiB, 32 x L2), capped at a fraction of free memory.

    Returns (bytes, undersized) where ``undersized`` says the cap won (caches may inflate the figure).
    """
    wanted = max(floor_bytes, l2_multiple * (l2_bytes or 0))
    cap = int(free_bytes * memory_fraction)
    if cap >= wanted:
        return wanted, False
    return max(cap, 0), True


def split_elems(total_bytes: int, arrays: int, elem_size: int, align: int = 4096) -> int:
    """Elements per array so that ``arrays`` arrays fit ``total_bytes``, rounded down to ``align``."""
    n = total_bytes // (arrays * elem_size)
    return (n // align) * align
