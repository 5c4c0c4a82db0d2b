"""The GPU benchmark orchestration over a NumPy stand-in for a GPU backend (CPU only)."""

from __future__ import annotations

import sys
import types
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from app.probe import bench_gpu
from app.probe.bench_gpu import (
    MODE_PLANS,
    BackendUnavailableError,
    DeviceProps,
    TorchBackend,
    UnsupportedError,
    WorkerSpec,
    Workload,
    engine_available,
    load_backend,
    p2p_pairs,
    run_benchmarks,
)
from app.probe.harness import GIB, PerfCounterTimer, Timer


class NumpyBackend:
    """Implements the GpuBackend protocol with NumPy arrays; knobs inject the failures a GPU can have."""

    name = "numpy-fake"
    version = "0"
    platform = "numpy"

    def __init__(self, n: int = 2, *, oom: Sequence[str] = (), fail: Sequence[str] = (), wrong_gemm: bool = False,
                 peer_access: bool = True) -> None:
        self.n = n
        self.oom, self.fail = set(oom), set(fail)
        self.wrong_gemm = wrong_gemm
        self.peer_access = peer_access
        self.cleared = 0
        self.released = 0
        self.warmed: list[int] = []

    def devices(self) -> list[DeviceProps]:
        return [DeviceProps(index=i, name="Fake GPU", total_memory=16 * GIB, free_memory=15 * GIB,
                            uuid=f"0000000{i}-aaaa-bbbb-cccc-dddddddddddd", pci_bus_id=f"0000:{0x10 + i:02x}:00.0",
                            l2_bytes=4 * 2**20, sm_count=8, compute_capability="9.0") for i in range(self.n)]

    def timer(self, dev: int) -> Timer:
        return PerfCounterTimer()

    def free_memory(self, dev: int) -> int:
        return 15 * GIB

    def _check(self, what: str) -> None:
        if what in self.oom:
            raise MemoryError(f"fake out of memory in {what}")
        if what in self.fail:
            raise RuntimeError(f"CUDA error: fake failure in {what}")

    def _wl(self, run: Any, work: float, arrays: list[Any], **kw: Any) -> Workload:
        def release() -> None:
            arrays.clear()
            self.released += 1
        return Workload(run=run, work=work, method="numpy", release=release, **kw)

    def triad(self, dev: int, n: int) -> Workload:
        self._check("triad")
        a, b, c = np.empty(n, np.float32), np.ones(n, np.float32), np.ones(n, np.float32)
        return self._wl(lambda: np.add(b, c, out=a), 12.0 * n, [a, b, c], params={"elements": n})

    def scale(self, dev: int, n: int) -> Workload:
        a, b = np.empty(n, np.float32), np.ones(n, np.float32)
        return self._wl(lambda: np.multiply(b, 1.5, out=a), 8.0 * n, [a, b])

    def gemm(self, dev: int, dtype: str, size: int) -> Workload:
        self._check(f"gemm_{dtype}")
        if dtype == "fp8":
            raise UnsupportedError("no FP8 on the fake")
        rng = np.random.default_rng(0)
        a, b = rng.standard_normal((size, size), np.float32), rng.standard_normal((size, size), np.float32)
        c = np.empty((size, size), np.float32)
        wrong = self.wrong_gemm
        return self._wl(lambda: np.matmul(a, b, out=c), 2.0 * size**3, [a, b, c],
                        check=lambda: "relative error 1.000 against an fp32 reference" if wrong else None)

    def gemv(self, dev: int, dtype: str, k: int, n: int) -> Workload:
        w, x, y = np.ones((n, k), np.float32), np.ones((1, k), np.float32), np.empty((1, n), np.float32)
        return self._wl(lambda: np.matmul(x, w.T, out=y), 4.0 * n * k, [w, x, y])

    def host_copy(self, dev: int, nbytes: int, direction: str) -> Workload:
        self._check(direction)
        src, dst = np.ones(nbytes, np.uint8), np.empty(nbytes, np.uint8)
        return self._wl(lambda: np.copyto(dst, src), float(nbytes), [src, dst])

    def can_access_peer(self, src: int, dst: int) -> bool:
        return self.peer_access

    def peer_copy(self, src: int, dst: int, nbytes: int, bidirectional: bool) -> Workload:
        a, b = np.ones(nbytes, np.uint8), np.empty(nbytes, np.uint8)
        return self._wl(lambda: np.copyto(b, a), float(nbytes) * (2 if bidirectional else 1), [a, b])

    def warm(self, devs: Sequence[int], seconds: float) -> None:
        self.warmed = list(devs)

    def empty_cache(self) -> None:
        self.cleared += 1

    def is_oom(self, exc: BaseException) -> bool:
        return isinstance(exc, MemoryError)


def run(backend: NumpyBackend, **spec: Any) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    run_benchmarks(backend, WorkerSpec(**{"mode": "smoke", "deadline_s": 60.0, **spec}), events.append)
    return events


def results(events: list[dict[str, Any]]) -> dict[tuple[str, int, int | None], dict[str, Any]]:
    return {(e["metric"], e["device"], e["peer"]): e for e in events if e["event"] == "result"}


def test_smoke_run_covers_every_phase_and_pairs() -> None:
    backend = NumpyBackend()
    events = run(backend)
    assert events[0]["event"] == "hello" and len(events[0]["devices"]) == 2
    plan = next(e for e in events if e["event"] == "plan")
    res = results(events)
    local = ["mem_bw_triad", "gemm_bf16", "gemm_fp16", "gemm_fp8", "gemv_b1_bf16", "h2d_pinned", "d2h_pinned"]
    assert set(res) == {(m, d, None) for m in local for d in (0, 1)} | {("p2p_unidir", 0, 1), ("p2p_unidir", 1, 0)}
    assert plan["steps"] == len(res)
    for key, r in res.items():
        if key[0] == "gemm_fp8":
            assert r["status"] == "unsupported" and "FP8" in r["reason"]
            continue
        assert r["status"] == "ok", r
        assert r["work"] > 0 and len(r["samples_s"]) >= 3 and all(s > 0 for s in r["samples_s"])
        assert r["params"]["iterations"] == len(r["samples_s"])
    # every result is announced by a phase event first (the parent's watchdog and telemetry windows)
    phases = [(e["phase"], e["device"], e["peer"]) for e in events if e["event"] == "phase"]
    assert all(k in phases for k in res)
    assert backend.warmed == [0, 1]
    assert backend.cleared >= len(res) - 2  # memory handed back after each phase
    assert res[("mem_bw_triad", 0, None)]["params"]["working_set_bytes"] <= 15 * GIB * 0.25


def test_busy_device_is_skipped() -> None:
    events = run(NumpyBackend(3), skip=[{"uuid": "GPU-00000001-aaaa-bbbb-cccc-dddddddddddd", "reason": "GPU busy"}])
    res = results(events)
    skipped = res[("mem_bw_triad", 1, None)]
    assert skipped["status"] == "skipped" and skipped["reason"] == "GPU busy"
    assert not any(k[1] == 1 and k[0] != "mem_bw_triad" and k[0] != "gemm_bf16" for k in res)
    assert ("p2p_unidir", 0, 2) in res and ("p2p_unidir", 2, 0) in res
    assert not any(k[0] == "p2p_unidir" and 1 in (k[1], k[2]) for k in res)


def test_oom_and_errors_do_not_stop_the_run() -> None:
    res = results(run(NumpyBackend(1, oom=["gemm_bf16"], fail=["triad", "h2d"])))
    assert res[("gemm_bf16", 0, None)]["status"] == "skipped"
    assert "memory" in res[("gemm_bf16", 0, None)]["reason"]
    assert res[("mem_bw_triad", 0, None)]["status"] == "error"
    assert "RuntimeError" in res[("mem_bw_triad", 0, None)]["reason"]
    assert res[("h2d_pinned", 0, None)]["status"] == "error"
    assert res[("gemm_fp16", 0, None)]["status"] == "ok" and res[("d2h_pinned", 0, None)]["status"] == "ok"


def test_a_gemm_that_computes_garbage_is_an_error_not_a_figure() -> None:
    res = results(run(NumpyBackend(1, wrong_gemm=True)))
    assert res[("gemm_bf16", 0, None)]["status"] == "error"
    assert "result check failed" in res[("gemm_bf16", 0, None)]["reason"]
    assert res[("gemm_bf16", 0, None)]["samples_s"] == []


def test_no_peer_access_is_unsupported() -> None:
    res = results(run(NumpyBackend(2, peer_access=False)))
    assert res[("p2p_unidir", 0, 1)]["status"] == "unsupported" and "P2P" in res[("p2p_unidir", 0, 1)]["reason"]


def test_spent_budget_skips_phases() -> None:
    backend = NumpyBackend(1)
    res = results(run(backend, deadline_s=0.0))
    assert res and all(r["status"] == "skipped" and "time budget" in r["reason"] for r in res.values())


def test_full_mode_adds_scale_and_bidirectional() -> None:
    plan = MODE_PLANS["full"]
    small = type(plan)(budgets={k: 0.02 for k in plan.budgets}, gemm_sizes=(64,), gemv_k=256,
                       gemv_max_bytes=2**20, host_bytes=2**20, peer_bytes=2**20, bw_floor_bytes=2**22,
                       bw_l2_multiple=0, full=True)
    original = MODE_PLANS["full"]
    MODE_PLANS["full"] = small
    try:
        res = results(run(NumpyBackend(2), mode="full"))
    finally:
        MODE_PLANS["full"] = original
    assert ("mem_bw_scale", 0, None) in res and ("p2p_bidir", 0, 1) in res and ("p2p_bidir", 1, 0) in res


def test_pairs_and_spec() -> None:
    assert p2p_pairs([0], full=False) == []
    assert p2p_pairs([0, 1], full=False) == [(0, 1), (1, 0)]
    assert p2p_pairs([0, 1, 2, 3], full=False) == [(0, 1), (1, 2), (2, 3), (3, 0)]
    assert len(p2p_pairs(list(range(8)), full=True)) == 56
    spec = WorkerSpec.from_json({"mode": "warp", "memory_fraction": 0.9, "skip": [{"uuid": 1}, "x"]})
    assert spec.mode == "quick" and spec.memory_fraction == 0.5 and spec.skip == [{"uuid": "1"}]
    assert WorkerSpec.from_json(spec.to_json()) == spec


def test_no_engine_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    monkeypatch.setitem(sys.modules, "cupy", None)
    with pytest.raises(BackendUnavailableError) as info:
        load_backend("auto")
    assert info.value.code == "NO_GPU_ENGINE" and "pip install torch" in info.value.text
    assert not engine_available("surely_not_an_installed_engine")


def _fake_torch(cuda_build: str | None) -> types.ModuleType:
    torch = types.ModuleType("torch")
    torch.__version__ = "2.5.1+cpu" if cuda_build is None else "2.5.1"  # type: ignore[attr-defined]
    torch.version = types.SimpleNamespace(cuda=cuda_build, hip=None)  # type: ignore[attr-defined]
    torch.cuda = types.SimpleNamespace(is_available=lambda: False, device_count=lambda: 0)  # type: ignore[attr-defined]
    torch.backends = types.SimpleNamespace(mps=types.SimpleNamespace(is_available=lambda: False))  # type: ignore[attr-defined]
    return torch


@pytest.mark.parametrize(("build", "code"), [(None, "TORCH_CPU_ONLY"), ("12.4", "TORCH_NO_DEVICE")])
def test_torch_without_a_usable_gpu(monkeypatch: pytest.MonkeyPatch, build: str | None, code: str) -> None:
    monkeypatch.setitem(sys.modules, "torch", _fake_torch(build))
    with pytest.raises(BackendUnavailableError) as info:
        TorchBackend.load()
    assert info.value.code == code
    monkeypatch.setitem(sys.modules, "cupy", None)
    with pytest.raises(BackendUnavailableError) as info:
        load_backend("auto")
    assert info.value.code == code  # the more useful problem wins over "CuPy is not installed"


def test_bus_id_formatting() -> None:
    assert bench_gpu._bus_id(0, 0x18, 0) == "0000:18:00.0"
    assert bench_gpu._bus_id(None, None, 0) is None


class SimClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class SimTimer:
    """Advances a simulated clock by a fixed kernel time per iteration plus launch overhead."""

    def __init__(self, clock: SimClock, per_iter: float) -> None:
        self.clock, self.per_iter = clock, per_iter

    def time_iterations(self, fn: Any, iterations: int) -> list[float]:
        self.clock.now += iterations * (self.per_iter + 20e-6)
        return [self.per_iter] * iterations


class SimH100Backend(NumpyBackend):
    """Eight H100s in simulated time: realistic kernel times and allocation costs, no real work."""

    def __init__(self, clock: SimClock, gpus: int = 8, bf16_flops: float = 790e12) -> None:
        super().__init__(gpus)
        self.clock = clock
        self.rates = {"triad": 2950e9, "scale": 2950e9, "bf16": bf16_flops, "fp16": 780e12, "fp8": 1400e12,
                      "gemv": 2500e9, "h2d": 55e9, "d2h": 54e9, "p2p": 390e9}

    def devices(self) -> list[DeviceProps]:
        return [DeviceProps(index=i, name="NVIDIA H100 80GB HBM3", total_memory=80 * GIB, free_memory=79 * GIB,
                            l2_bytes=50 * 2**20, sm_count=132, compute_capability="9.0") for i in range(self.n)]

    def timer(self, dev: int) -> Timer:
        return SimTimer(self.clock, 2 * 4096**3 / self.rates["bf16"])

    def _sim(self, work: float, rate: str, nbytes: int, **params: Any) -> Workload:
        self.clock.now += 0.02 + nbytes / 50e9  # allocation and random fill
        return Workload(run=lambda: None, work=work, method="sim", params=params,
                        timer=SimTimer(self.clock, work / self.rates[rate]))

    def triad(self, dev: int, n: int) -> Workload:
        return self._sim(12.0 * n, "triad", 12 * n)

    def scale(self, dev: int, n: int) -> Workload:
        return self._sim(8.0 * n, "scale", 8 * n)

    def gemm(self, dev: int, dtype: str, size: int) -> Workload:
        return self._sim(2.0 * size**3, dtype, 6 * size * size, m=size)

    def gemv(self, dev: int, dtype: str, k: int, n: int) -> Workload:
        return self._sim(2.0 * n * k, "gemv", 2 * n * k)

    def host_copy(self, dev: int, nbytes: int, direction: str) -> Workload:
        return self._sim(float(nbytes), direction, 2 * nbytes)

    def peer_copy(self, src: int, dst: int, nbytes: int, bidirectional: bool) -> Workload:
        return self._sim(float(nbytes), "p2p", 2 * nbytes)

    def warm(self, devs: Sequence[int], seconds: float) -> None:
        self.clock.now += seconds


def test_quick_mode_fits_a_minute_on_an_eight_gpu_server() -> None:
    clock = SimClock()
    backend = SimH100Backend(clock)
    import_s = 8.0  # importing torch and creating eight CUDA contexts
    clock.now = import_s
    events: list[dict[str, Any]] = []
    spec = WorkerSpec(mode="quick")
    run_benchmarks(backend, spec, events.append, clock=clock, start=0.0)
    assert clock.now <= spec.deadline_s + 0.5  # worker, imports included, stays within its deadline (42 s)
    # leaving >= 15 s of the minute for the inventory and the CPU benchmark in the parent
    res = results(events)
    assert len([k for k in res if k[0] != "p2p_unidir"]) == 8 * 7
    assert len([k for k in res if k[0] == "p2p_unidir"]) == 8
    assert all(r["status"] == "ok" for r in res.values()), [r for r in res.values() if r["status"] != "ok"]
    assert all(len(r["samples_s"]) >= 3 for r in res.values())
    assert res[("gemm_bf16", 0, None)]["params"]["m"] == 8192  # a fast GPU gets the large GEMM


def test_a_slow_gpu_keeps_the_smaller_gemm() -> None:
    clock = SimClock()
    backend = SimH100Backend(clock, gpus=1, bf16_flops=20e12)  # a laptop GPU: 4096^3 takes ~7 ms
    events: list[dict[str, Any]] = []
    run_benchmarks(backend, WorkerSpec(mode="quick"), events.append, clock=clock, start=0.0)
    assert results(events)[("gemm_bf16", 0, None)]["params"]["m"] == 4096
