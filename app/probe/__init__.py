"""Local GPU probe: inventory, short benchmarks and calibration of the machine it runs on.

The probe runs on the machine it measures (a presales laptop, a client's headless GPU
server, a workstation) and must never hang or crash it. It imports no Qt and nothing from
the GUI; the heavy pieces load lazily:

- ``pynvml`` (package ``nvidia-ml-py``), ``amdsmi``, ``torch`` and ``cupy`` are optional and only
  imported where used; the GPU benchmarks run in a child process (``app.probe.worker``) with a
  watchdog, so a wedged driver only takes the child down.
- the catalog (datasheet peaks) is read from the bundled CSV, never from the SQLite database.

Modules:
    report       the versioned report schema (pydantic), strict parsing (``parse_report``)
    host         host CPU, RAM and platform facts
    nvml         NVIDIA inventory and telemetry through NVML
    smi          the ``nvidia-smi`` fallback (query CSV, ``topo -m``, ``-L``)
    amd          AMD inventory through ``amdsmi`` (best effort)
    inventory    all of the above in one call
    peaks        catalog matching and link peaks (PCIe, NVLink)
    harness      timing loops and statistics, backend-agnostic
    bench_gpu    the GPU benchmarks over PyTorch (CUDA, ROCm, MPS) or CuPy: picks the engine
    gpu_types    the benchmark backend protocol, workloads, devices and errors
    gpu_plan     per-mode budgets and sizes, the worker spec, GPU pairs
    gpu_phases   the benchmark orchestration (bandwidth, GEMM/GEMV, host and P2P copies)
    gpu_torch    the PyTorch adapter
    gpu_cupy     the CuPy adapter
    bench_cpu    the CPU fallback benchmark (NumPy)
    worker       the child process that runs ``bench_gpu``
    telemetry    clocks, power and temperature sampled while the benchmarks run
    runner       ``run_probe``: the whole probe, producing a ``ProbeReport``
    run_state    the probe's options and the state one run builds up
    progress     the progress lines, in the user's language
    gpu_run      the worker child process, its timeouts and telemetry
    worker_events  the worker's events turned into report entries
    results      measurements, datasheet peaks, the report's status
    calibration  report storage, ``import_report`` and ``latest_calibration``
    cli          ``python -m app probe`` and ``python -m app probe-import``
"""

from __future__ import annotations
