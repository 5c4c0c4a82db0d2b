"""Clocks, power, temperature and clock-event reasons sampled while the benchmarks run.

A daemon thread in the probe process (not the worker) polls NVML for every NVIDIA GPU; each
measurement later gets the summary of the samples taken during its phase, and the report
gets one summary per GPU for the whole run. NVML is thread-safe.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from app.probe.nvml import THROTTLE_REASONS, Nvml, TelemetrySample, decode_reasons
from app.probe.report import TelemetrySummary

DEFAULT_INTERVAL_S = 0.2
# nvmlDeviceGetPowerUsage is the mean of the last second on Ampere and newer (NVML's documentation): a phase's first
# second of readings is the phase before it. On the stock H200 the 0.5 s batch-1 GEMV phase read 693 W, the FP8
# GEMM's before it; held for 12 s the same GEMV draws 587 W.
POWER_AVERAGING_S = 1.0


def summarize_telemetry(samples: Sequence[TelemetrySample], power_from: float | None = None) -> TelemetrySummary | None:
    """Clocks, power, temperature and reasons over ``samples``; power only from those taken at ``power_from`` or
    later (a phase's start plus POWER_AVERAGING_S), none when the phase was shorter than that."""
    if not samples:
        return None

    def values(attr: str) -> list[float]:
        return [v for s in samples if (v := getattr(s, attr)) is not None]

    sm, mem, temp = (values(a) for a in ("sm_clock_mhz", "mem_clock_mhz", "temperature_c"))
    power = [s.power_w for s in samples if s.power_w is not None and (power_from is None or s.t >= power_from)]
    mask = 0
    for s in samples:
        mask |= s.reasons or 0
    reasons = decode_reasons(mask)
    return TelemetrySummary(
        samples=len(samples),
        sm_clock_mhz_median=statistics.median(sm) if sm else None,
        sm_clock_mhz_min=min(sm) if sm else None,
        mem_clock_mhz_median=statistics.median(mem) if mem else None,
        power_w_median=statistics.median(power) if power else None,
        power_w_max=max(power) if power else None,
        temperature_c_max=max(temp) if temp else None,
        clock_event_reasons=reasons,
        throttled=bool(set(reasons) & THROTTLE_REASONS),
    )


class TelemetrySampler:
    """Samples every GPU each ``interval_s`` on a daemon thread until stop()."""

    def __init__(self, nvml: Nvml, handles: Sequence[Any], gpu_indices: Sequence[int], *,
                 interval_s: float = DEFAULT_INTERVAL_S, clock: Callable[[], float] = time.monotonic) -> None:
        self._nvml = nvml
        self._targets = list(zip(gpu_indices, handles, strict=True))
        self._interval = interval_s
        self._clock = clock
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._samples: dict[int, list[TelemetrySample]] = {i: [] for i in gpu_indices}
        self._thread: threading.Thread | None = None

    def sample_once(self) -> None:
        for index, handle in self._targets:
            try:
                s = self._nvml.sample(handle)
            except Exception:  # a sample is optional
                continue
            with self._lock:
                self._samples[index].append(s)

    def _loop(self) -> None:
        self.sample_once()
        while not self._stop.wait(self._interval):
            self.sample_once()

    def start(self) -> None:
        if self._thread is None and self._targets:
            self._thread = threading.Thread(target=self._loop, name="probe-telemetry", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None

    def window(self, gpu: int, t0: float, t1: float) -> list[TelemetrySample]:
        """Samples taken during [t0, t1]; for a phase shorter than the interval, the sample nearest to it."""
        with self._lock:
            samples = self._samples.get(gpu, [])
            inside = [s for s in samples if t0 <= s.t <= t1]
            if inside or not samples:
                return inside
            nearest = min(samples, key=lambda s: min(abs(s.t - t0), abs(s.t - t1)))
            near = min(abs(nearest.t - t0), abs(nearest.t - t1)) <= 2 * self._interval
            return [nearest] if near else []

    def all(self, gpu: int) -> list[TelemetrySample]:
        with self._lock:
            return list(self._samples.get(gpu, []))
