"""The calibrated performance model: TTFT, TPOT, throughput, concurrency for a build and a workload.

Physics (shared/research/perf-estimators.md):
- Decode step = roofline blend of streaming the weights touched plus the KV cache read
  (bandwidth x calibrated efficiency) and the GEMM work (peak x calibrated MFU), plus the
  two-term law's fixed floor (per layer and per step, §3.3), plus tensor-parallel all-reduces
  whose cost depends on the interconnect (§1.4: latency-bound at decode, bandwidth-bound at prefill).
- Prefill = the same roofline on the prompt's FLOPs (2·P_active·S + causal attention), with an
  MFU that rises with the tokens in the step and depends on precision.
- Serving = closed loop at a fixed concurrency with in-flight batching: new prompts share steps with
  running decodes (prefill interference in TPOT). TTFT is what a closed-loop benchmark reports (vLLM bench
  serve, InferenceMAX, genai-perf: every client starts at t=0, then sends its next request when an answer
  ends): per-request serving overhead, plus, weighted by rounds, the first round's burst (all prompts at
  once, packed into steps of the engine's token budget) and the steady state (the step in flight, the
  prompt's own prefill step(s) shared with the running decodes, M/D/1 waiting behind other prompts, and
  TensorRT-LLM batch waiting when configured).
- MoE reads only the experts its tokens hit; MLA caches the latent (app.core.memory) and spends more
  attention FLOPs per cached token.
Everything is plain floats: one estimate is a few dozen arithmetic operations.

The model is split by job; this module re-exports its public names (and the step-cost internals
the tests use), so ``from app.perf.model import ...`` keeps working:

- :mod:`app.perf.datatypes`: Deployment, Workload, MeasuredPeaks, PeaksUsed, Estimate and the enums.
- :mod:`app.perf.moe`: MoE shape (routed experts, experts a token uses) from the catalog's Llm fields.
- :mod:`app.perf.quant`: weight formats, and the experts-only checkpoints (gpt-oss MXFP4, Kimi INT4) a picked
  format stands for on a model whose catalog entry names one.
- :mod:`app.perf.step_costs`: ``_Core``, the decode/prefill step, all-reduce and pipeline costs.
- :mod:`app.perf.serving`: ``_evaluate`` (static, offline, closed-loop serving, queueing) and ``Prepared``.
- :mod:`app.perf.peaks`: datasheet or measured peaks, power-capped compute, kernel family.
- :mod:`app.perf.preparation`: ``prepare`` (formats, KV precision, efficiencies, interconnect,
  KV capacity, confidence bands, assumptions) and ``estimate``.
"""

from __future__ import annotations

from app.perf.datatypes import (
    BatchingMode,
    Deployment,
    Estimate,
    Interconnect,
    MeasuredPeaks,
    PeakSource,
    PeaksUsed,
    Workload,
)
from app.perf.engines import Engine, EngineProfile
from app.perf.moe import MoeShape, moe_shape
from app.perf.preparation import estimate, gpu_class, prepare
from app.perf.serving import Prepared, _evaluate, _Point
from app.perf.step_costs import _Core

__all__ = [
    "BatchingMode",
    "Deployment",
    "Engine",
    "EngineProfile",
    "Estimate",
    "Interconnect",
    "MeasuredPeaks",
    "MoeShape",
    "PeakSource",
    "PeaksUsed",
    "Prepared",
    "Workload",
    "_Core",
    "_Point",
    "_evaluate",
    "estimate",
    "gpu_class",
    "moe_shape",
    "prepare",
]
