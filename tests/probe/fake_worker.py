"""A stand-in for ``python -m app.probe.worker`` that speaks the same JSON-lines protocol.

Run as a script. PROBE_FAKE_WORKER picks the scenario:
  ok        plausible H100 figures for every device, then done
  hang      announces the first phase, then sleeps (the parent must time out and kill it)
  crash     says hello, writes a traceback to stderr and exits with code 1
  cpu_only  reports a CPU-only PyTorch, then done
  garbage   interleaves non-JSON output with valid events
PROBE_FAKE_DEVICES: JSON list of [uuid, pci_bus_id] pairs (default: two H100s of fake_nvml).
PROBE_FAKE_SPEC_OUT: file to write the received spec to.
"""

from __future__ import annotations

import json
import os
import sys
import time

DEFAULT_DEVICES = [["7c9e2d41-3b0a-8f6e-1d2c-4a5b6c7d8e00", "0000:18:00.0"],
                   ["7c9e2d41-3b0a-8f6e-1d2c-4a5b6c7d8e01", "0000:2a:00.0"]]
FIGURES = {  # metric: (unit, value in unit, work per iteration)
    "mem_bw_triad": ("GB/s", 2950.0, 3 * 2**28 * 4),
    "gemm_bf16": ("TFLOPS", 790.0, 2 * 8192**3),
    "gemm_fp16": ("TFLOPS", 780.0, 2 * 8192**3),
    "gemm_fp8": ("TFLOPS", 1400.0, 2 * 8192**3),
    "gemv_b1_bf16": ("GB/s", 2500.0, 2 * 65536 * 8192),
    "h2d_pinned": ("GB/s", 55.0, 256 * 2**20),
    "d2h_pinned": ("GB/s", 54.0, 256 * 2**20),
}
SCALE = {"GB/s": 1e9, "TFLOPS": 1e12}


def emit(event: dict) -> None:
    sys.stdout.write(json.dumps(event) + "\n")
    sys.stdout.flush()


def samples(value: float, unit: str, work: float, n: int = 20) -> list[float]:
    base = work / (value * SCALE[unit])
    return [base * (1.0 + 0.004 * ((i * 7) % 5 - 2)) for i in range(n)]


def main() -> int:
    spec = json.loads(sys.stdin.readline() or "{}")
    if os.environ.get("PROBE_FAKE_SPEC_OUT"):
        with open(os.environ["PROBE_FAKE_SPEC_OUT"], "w", encoding="utf-8") as fh:
            json.dump(spec, fh)
    scenario = os.environ.get("PROBE_FAKE_WORKER", "ok")
    devices = json.loads(os.environ.get("PROBE_FAKE_DEVICES", json.dumps(DEFAULT_DEVICES)))
    skip_uuids = {s.get("uuid", "").lower().removeprefix("gpu-") for s in spec.get("skip", [])}
    if scenario == "cpu_only":
        emit({"event": "message", "level": "warn", "code": "TORCH_CPU_ONLY", "text": "CPU-only PyTorch",
              "device": None})
        emit({"event": "done"})
        return 0
    emit({"event": "hello", "engine": "torch", "version": "2.5.1", "platform": "cuda 12.4",
          "devices": [{"index": i, "name": "NVIDIA H100 80GB HBM3", "total_memory": 85520809984,
                       "free_memory": 84938129408, "uuid": u, "pci_bus_id": b, "l2_bytes": 52428800,
                       "sm_count": 132, "compute_capability": "9.0"} for i, (u, b) in enumerate(devices)]})
    if scenario == "crash":
        sys.stderr.write("Traceback (most recent call last):\nRuntimeError: CUDA error: an illegal memory access\n")
        sys.stderr.flush()
        return 1
    active = [i for i, (u, _) in enumerate(devices) if u.lower() not in skip_uuids]
    emit({"event": "plan", "steps": len(active) * len(FIGURES) + len(active), "devices": active})
    if scenario == "hang":
        emit({"event": "phase", "device": active[0], "peer": None, "phase": "mem_bw_triad"})
        time.sleep(120)  # the parent kills us long before this ends
        return 0
    for i in range(len(devices)):
        if i not in active:
            emit({"event": "result", "metric": "mem_bw_triad", "device": i, "peer": None, "status": "skipped",
                  "reason": "GPU busy", "unit": "GB/s", "work": 0, "samples_s": [], "method": "", "params": {},
                  "duration_s": 0})
    for dev in active:
        for metric, (unit, value, work) in FIGURES.items():
            if scenario == "garbage":
                print("some library chatter on stdout")
                print("[1, 2, 3]")
            emit({"event": "phase", "device": dev, "peer": None, "phase": metric})
            emit({"event": "result", "metric": metric, "device": dev, "peer": None, "status": "ok", "reason": None,
                  "unit": unit, "work": work, "samples_s": samples(value, unit, work), "method": "fake",
                  "params": {"iterations": 20}, "duration_s": 0.5})
    for k, src in enumerate(active):
        dst = active[(k + 1) % len(active)]
        if dst == src:
            continue
        emit({"event": "phase", "device": src, "peer": dst, "phase": "p2p_unidir"})
        emit({"event": "result", "metric": "p2p_unidir", "device": src, "peer": dst, "status": "ok", "reason": None,
              "unit": "GB/s", "work": 2**28, "samples_s": samples(390.0, "GB/s", 2**28), "method": "fake",
              "params": {}, "duration_s": 0.2})
    emit({"event": "done"})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
