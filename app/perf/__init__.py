"""Calibrated LLM-inference performance model (pure Python, no Qt).

Public API for the GUI, the rules and the BOM:

- ``estimate(Deployment, Workload, calibration=None) -> Estimate``: TTFT, TPOT, tokens/s per user
  and total, requests/s, max concurrency (KV cache and SLO), confidence bands, inputs, assumptions.
- ``prepare(Deployment, Workload) -> Prepared``: resolve once, then ``.estimate(c)`` / ``.point(c)``.
- ``sweep(Deployment, Workload, concurrencies, cost=None) -> Sweep``: chart series.
- ``cost_per_million(output_tps, input_tps, CostInputs) -> CostEstimate``.
- ``build_inputs(Build, lookup) -> (Deployment, Workload)``: from a project build (app.perf.from_build).
- ``MeasuredPeaks``: a probe's measured bandwidth/TFLOPS, replacing datasheet peaks.
"""

from app.perf.calibration import Calibration, default_calibration, load_calibration
from app.perf.cost import CostEstimate, CostInputs, cost_per_million
from app.perf.engines import Engine, parse_engine
from app.perf.model import (
    BatchingMode,
    Deployment,
    Estimate,
    Interconnect,
    MeasuredPeaks,
    PeakSource,
    PeaksUsed,
    Prepared,
    Workload,
    estimate,
    gpu_class,
    prepare,
)
from app.perf.quant import parse_weight_format
from app.perf.sweep import DEFAULT_CONCURRENCIES, Sweep, SweepPoint, sweep

__all__ = [
    "DEFAULT_CONCURRENCIES",
    "BatchingMode",
    "Calibration",
    "CostEstimate",
    "CostInputs",
    "Deployment",
    "Engine",
    "Estimate",
    "Interconnect",
    "MeasuredPeaks",
    "PeakSource",
    "PeaksUsed",
    "Prepared",
    "Sweep",
    "SweepPoint",
    "Workload",
    "cost_per_million",
    "default_calibration",
    "estimate",
    "gpu_class",
    "load_calibration",
    "parse_engine",
    "parse_weight_format",
    "prepare",
    "sweep",
]
