"""The benchmark orchestration: warm-up, the per-GPU phases, the GPU pairs, one event per result.

It only talks to the ``GpuBackend`` protocol, so it runs on the CPU in the tests with a NumPy
fake. Each phase is timed within a share of the worker's deadline; a failed phase becomes an
``error``/``skipped``/``unsupported`` result and the run goes on.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from app.probe.gpu_plan import LOCAL_PHASES, MODE_PLANS, WorkerSpec, p2p_pairs, skip_reason
from app.probe.gpu_types import DeviceProps, Emit, GpuBackend, UnsupportedError, Workload
from app.probe.harness import GIB, PhaseBudget, bandwidth_working_set, run_timed, split_elems

BIG_GEMM_MAX_MS = 5.0  # use 8192^3 when 4096^3 takes less than this


class _Runner:
    def __init__(self, backend: GpuBackend, spec: WorkerSpec, emit: Emit, clock: Callable[[], float],
                 start: float) -> None:
        self.b = backend
        self.spec = spec
        self.plan = MODE_PLANS[spec.mode]
        self.emit = emit
        self.clock = clock
        self.deadline = start + spec.deadline_s

    def remaining(self) -> float:
        return self.deadline - self.clock()

    def result(self, metric: str, dev: int, status: str, unit: str, *, reason: str | None = None,
               peer: int | None = None, work: float = 0.0, samples: Sequence[float] = (), method: str = "",
               params: dict[str, Any] | None = None, duration_s: float = 0.0) -> None:
        self.emit({"event": "result", "metric": metric, "device": dev, "peer": peer, "status": status,
                   "reason": reason, "unit": unit, "work": work, "samples_s": list(samples), "method": method,
                   "params": params or {}, "duration_s": duration_s})

    def phase(self, metric: str, unit: str, dev: int, build: Callable[[], Workload], budget: PhaseBudget,
              peer: int | None = None) -> None:
        self.emit({"event": "phase", "device": dev, "peer": peer, "phase": metric})
        if budget.seconds <= 0 or self.remaining() <= 0:
            self.result(metric, dev, "skipped", unit, peer=peer, reason="the probe's time budget was used up")
            return
        t0 = self.clock()
        wl: Workload | None = None
        try:
            wl = build()
            if wl.check is not None:
                problem = wl.check()
                if problem:
                    self.result(metric, dev, "error", unit, peer=peer, reason=f"result check failed: {problem}",
                                method=wl.method, params=wl.params, duration_s=self.clock() - t0)
                    return
            timer = wl.timer or self.b.timer(dev)
            samples = run_timed(timer, wl.run, budget, self.clock)
            self.result(metric, dev, "ok", unit, peer=peer, work=wl.work, samples=samples, method=wl.method,
                        params={**wl.params, "iterations": len(samples)}, duration_s=self.clock() - t0)
        except UnsupportedError as exc:
            self.result(metric, dev, "unsupported", unit, peer=peer, reason=str(exc) or "not supported",
                        duration_s=self.clock() - t0)
        except Exception as exc:  # a failed phase is reported and the probe goes on
            if self.b.is_oom(exc):
                self.result(metric, dev, "skipped", unit, peer=peer, duration_s=self.clock() - t0,
                            reason="not enough free GPU memory for this test")
            else:
                self.result(metric, dev, "error", unit, peer=peer, duration_s=self.clock() - t0,
                            reason=f"{type(exc).__name__}: {exc}"[:500])
        finally:
            if wl is not None:
                with contextlib.suppress(Exception):  # releasing is best effort
                    wl.release()
            wl = None
            with contextlib.suppress(Exception):
                self.b.empty_cache()

    def gemm_size(self, dev: int, dtype: str, free: int) -> int:
        """The largest planned size that fits memory and keeps one GEMM short on this device."""
        sizes = self.plan.gemm_sizes
        chosen = sizes[0]
        for size in sizes[1:]:
            need = 3 * size * size * 2
            if need > free * self.spec.memory_fraction:
                break
            try:
                wl = self.b.gemm(dev, dtype, chosen)
                try:
                    t = run_timed(self.b.timer(dev), wl.run, PhaseBudget(seconds=0.0, warmup=1, min_iters=1))
                finally:
                    wl.release()
                    del wl  # the workload's closures hold the device buffers
            except Exception:  # unsupported dtype, out of memory…: the phase itself will say so
                return chosen
            finally:
                with contextlib.suppress(Exception):
                    self.b.empty_cache()
            if not t or t[0] * 1e3 > BIG_GEMM_MAX_MS:
                break
            chosen = size
        return chosen

    def local(self, dev: DeviceProps, factor: float) -> None:
        plan, spec, b = self.plan, self.spec, self.b
        d = dev.index

        def budget(name: str) -> PhaseBudget:
            return PhaseBudget(seconds=plan.budgets[name] * factor)

        free = dev.free_memory
        total_bw, undersized = bandwidth_working_set(free, dev.l2_bytes, memory_fraction=spec.memory_fraction,
                                                     floor_bytes=plan.bw_floor_bytes,
                                                     l2_multiple=plan.bw_l2_multiple)
        n3 = split_elems(total_bw, 3, 4)
        if n3 < 4096 or total_bw < plan.bw_floor_bytes // 8:
            self.emit({"event": "phase", "device": d, "peer": None, "phase": "mem_bw_triad"})
            self.result("mem_bw_triad", d, "skipped", "GB/s",
                        reason=f"too little free GPU memory for a meaningful bandwidth test ({free / GIB:.1f} GiB)")
        else:
            def triad() -> Workload:
                wl = b.triad(d, n3)
                wl.params.update({"working_set_bytes": 3 * n3 * 4, "undersized": undersized})
                return wl
            self.phase("mem_bw_triad", "GB/s", d, triad, budget("mem_bw"))
            if plan.full:
                n2 = split_elems(total_bw, 2, 4)
                self.phase("mem_bw_scale", "GB/s", d, lambda: b.scale(d, n2), budget("mem_bw").scaled(0.5))
        size = self.gemm_size(d, "bf16", free)

        def gemm(dtype: str) -> Callable[[], Workload]:
            return lambda: b.gemm(d, dtype, size)

        for dtype in ("bf16", "fp16", "fp8"):
            self.phase(f"gemm_{dtype}", "TFLOPS", d, gemm(dtype), budget(f"gemm_{dtype}"))
        weight_bytes = min(plan.gemv_max_bytes, int(free * spec.memory_fraction))
        n_out = max((weight_bytes // (plan.gemv_k * 2)) // 256 * 256, 256)
        self.phase("gemv_b1_bf16", "GB/s", d, lambda: b.gemv(d, "bf16", plan.gemv_k, n_out), budget("gemv"))
        host = min(plan.host_bytes, int(free * spec.memory_fraction))
        self.phase("h2d_pinned", "GB/s", d, lambda: b.host_copy(d, host, "h2d"), budget("h2d"))
        self.phase("d2h_pinned", "GB/s", d, lambda: b.host_copy(d, host, "d2h"), budget("d2h"))

    def run(self) -> None:
        devices = self.b.devices()
        self.emit({"event": "hello", "engine": self.b.name, "version": self.b.version, "platform": self.b.platform,
                   "devices": [dv.to_json() for dv in devices]})
        active: list[DeviceProps] = []
        for dv in devices:
            reason = skip_reason(dv, self.spec.skip)
            if reason:
                for metric, unit in (("mem_bw_triad", "GB/s"), ("gemm_bf16", "TFLOPS")):
                    self.result(metric, dv.index, "skipped", unit, reason=reason)
            else:
                active.append(dv)
        pairs = p2p_pairs([dv.index for dv in active], self.plan.full) if self.spec.p2p else []
        steps = len(active) * (len(LOCAL_PHASES) + (1 if self.plan.full else 0)) + len(pairs) * (
            2 if self.plan.full else 1)
        self.emit({"event": "plan", "steps": steps, "devices": [dv.index for dv in active]})
        if not active:
            return
        self.emit({"event": "phase", "device": active[0].index, "peer": None, "phase": "warm_up"})
        try:
            self.b.warm([dv.index for dv in active], min(self.plan.budgets["warm"], max(self.remaining() * 0.1, 0)))
        except Exception as exc:  # warming is an optimisation; report it and go on
            self.emit({"event": "message", "level": "warn", "code": "WARM_UP_FAILED",
                       "text": f"warm-up failed: {type(exc).__name__}: {exc}"[:500], "device": None})
        per_gpu = sum(v for k, v in self.plan.budgets.items() if k not in ("warm", "p2p"))
        p2p_reserve = self.plan.budgets["p2p"] * len(pairs) * (2 if self.plan.full else 1)
        for i, dv in enumerate(active):
            left = len(active) - i
            factor = min(1.0, max(self.remaining() - p2p_reserve, 0.0) / (left * per_gpu * 1.3))
            self.local(dv, factor)
        for src, dst in pairs:
            factor = min(1.0, max(self.remaining(), 0.0) / max(p2p_reserve, 1e-9))
            budget = PhaseBudget(seconds=self.plan.budgets["p2p"] * factor)
            nbytes = min(self.plan.peer_bytes, int(min(active_free(active, src, dst)) * self.spec.memory_fraction))

            self.phase("p2p_unidir", "GB/s", src, partial(self.peer, src, dst, nbytes, False), budget, peer=dst)
            if self.plan.full:
                self.phase("p2p_bidir", "GB/s", src, partial(self.peer, src, dst, nbytes, True), budget, peer=dst)

    def peer(self, src: int, dst: int, nbytes: int, bidirectional: bool) -> Workload:
        if not self.b.can_access_peer(src, dst):
            raise UnsupportedError(f"GPU {src} cannot access GPU {dst} directly (no P2P); copies would go through "
                                   "the host")
        return self.b.peer_copy(src, dst, nbytes, bidirectional)


def active_free(active: Sequence[DeviceProps], *devs: int) -> list[int]:
    return [dv.free_memory for dv in active if dv.index in devs] or [0]


def run_benchmarks(backend: GpuBackend, spec: WorkerSpec, emit: Emit, *,
                   clock: Callable[[], float] = time.monotonic, start: float | None = None) -> None:
    """Run every phase on every device the spec does not skip, emitting events as it goes."""
    _Runner(backend, spec, emit, clock, clock() if start is None else start).run()
