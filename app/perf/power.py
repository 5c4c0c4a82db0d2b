"""GPU board power at the client's operating point (issue #19), from the estimate the charts use.

Nameplate sizes the PSUs; it is not what the facility meters. A GPU serving an LLM draws

    board W = busy W + (limit W - busy W) x min(1, K_MEM x w x memory share + K_COMP x compute share)

per replica that has work (idle W for one that has none), where

* busy W is the floor of a GPU with its clocks up running small kernels (launches, all-reduces,
  the fixed part of every step) and idle W a GPU with the model loaded and nothing to do; both
  are shares of the TDP per family (db/perf/gpu-power.csv, with their sources);
* the memory and compute shares are how much of a decode step streams weights and KV cache from
  HBM and how much keeps the tensor cores busy, straight from the estimate's step breakdown. The
  step's compute time includes the prompts prefilled in it (in-flight batching), so prefill is
  time-weighted in;
* w is 1 for a dense model and MOE_MEMORY_WEIGHT for an MoE: routed experts read a few tokens each
  in small grouped GEMMs keep HBM and the SMs far from their streaming power (gpt-oss-120b on
  8 x H100 averages 23-29 % of TDP from concurrency 4 to 64, issue #828);
* the limit is the build's power cap or the TDP: the board never draws more.

Two phase figures go with it, for the assessment: a prefill step (compute share 1: prefill bursts
near TDP) and a decode step (the prefill part taken out of the compute share).

K_MEM, K_COMP, the MoE weight and the measured families' busy shares are fit by
``python -m app.perf.power_fit`` on the cases in shared/research/power.md (it prints each case's
error, the fit, a leave-one-case-out error and two kept-aside measurements). Known weakness: an MoE
on few GPUs (gpt-oss-120b at TP2/TP4, 300-400 W measured) comes out 25-40 % low.
"""

from __future__ import annotations

import csv
import fnmatch
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from app.core.parts import Gpu, Llm
from app.perf.calibration import perf_data_dir
from app.perf.datatypes import Estimate

K_MEM = 0.70  # dynamic range used by a step that only streams HBM (fit: power_fit.py)
K_COMP = 0.85  # dynamic range used by a step that only computes: prefill bursts reach ~90 % of TDP
MOE_MEMORY_WEIGHT = 0.10  # an MoE's HBM time counts this much (fit: power_fit.py)


@dataclass(frozen=True, slots=True)
class PowerCoefficients:
    """The model's shared coefficients (the fit varies them; everything else uses the defaults)."""

    k_mem: float = K_MEM
    k_comp: float = K_COMP
    moe_memory_weight: float = MOE_MEMORY_WEIGHT


DEFAULT_COEFFICIENTS = PowerCoefficients()
COEFF_SOURCE = ("fit on shared/research/power.md's cases (python -m app.perf.power_fit): InferenceX PR #2323 "
                "(H100/H200 8k/1k TP8 concurrency 4), issue #828 (gpt-oss-120b on H100 and MI300X), 1Cat-vLLM #535 "
                "(V100)")
POWER_CSV = "gpu-power.csv"


@dataclass(frozen=True, slots=True)
class GpuPowerFamily:
    """One row of db/perf/gpu-power.csv: which GPUs, idle and busy board power as shares of TDP."""

    family: str
    patterns: tuple[str, ...]
    idle_share: float
    busy_share: float
    source: str

    def matches(self, gpu_id: str) -> bool:
        return any(fnmatch.fnmatchcase(gpu_id, p) for p in self.patterns)


@dataclass(frozen=True, slots=True)
class GpuPowerAtLoad:
    """Board watts per GPU at one operating point, with what they rest on."""

    board_w: float  # time-weighted average per GPU over the deployment (idle replicas included)
    decode_w: float  # during decode steps (no prompt in them)
    prefill_w: float  # during a prefill step
    idle_w: float  # model loaded, nothing to do
    limit_w: float  # the cap the board never exceeds (power cap or TDP)
    prefill_share: float  # share of a busy replica's time spent prefilling
    memory_share: float  # of a decode step, streaming HBM
    compute_share: float  # of a decode step, on the tensor cores (prefill included)
    family: str
    source: str

    def to_dict(self) -> dict[str, float | str]:
        return {"gpu_power_w": round(self.board_w, 1), "gpu_power_decode_w": round(self.decode_w, 1),
                "gpu_power_prefill_w": round(self.prefill_w, 1), "gpu_power_idle_w": round(self.idle_w, 1),
                "gpu_power_limit_w": round(self.limit_w, 1), "prefill_share": round(self.prefill_share, 4),
                "gpu_power_family": self.family}


class GpuPowerDataError(ValueError):
    """db/perf/gpu-power.csv is malformed; the message names the line."""


def read_families(path: Path) -> tuple[GpuPowerFamily, ...]:
    rows: list[GpuPowerFamily] = []
    with path.open(newline="", encoding="utf-8") as fh:
        for line, row in enumerate(csv.DictReader(fh), start=2):
            try:
                idle, busy = float(row["idle_share"]), float(row["busy_share"])
                patterns = tuple(p.strip() for p in row["match"].split(";") if p.strip())
            except (KeyError, ValueError, AttributeError) as exc:
                raise GpuPowerDataError(f"{path.name} line {line}: {exc}") from None
            if not (0.0 <= idle <= busy < 1.0) or not patterns or not (row.get("source") or "").strip():
                raise GpuPowerDataError(f"{path.name} line {line}: needs 0 <= idle_share <= busy_share < 1, "
                                        "a match pattern and a source")
            rows.append(GpuPowerFamily(row["family"], patterns, idle, busy, row["source"]))
    if not rows or rows[-1].patterns != ("*",):
        raise GpuPowerDataError(f"{path.name}: the last row must match every GPU ('*')")
    return tuple(rows)


@lru_cache(maxsize=1)
def default_families() -> tuple[GpuPowerFamily, ...]:
    return read_families(perf_data_dir() / POWER_CSV)


def family_for(gpu: Gpu, families: tuple[GpuPowerFamily, ...] | None = None) -> GpuPowerFamily:
    """The first row whose pattern matches the GPU's id (the last row matches any)."""
    rows = families if families is not None else default_families()
    return next(f for f in rows if f.matches(gpu.id))


def _clip(x: float) -> float:
    return min(1.0, max(0.0, x))


def memory_weight(llm: Llm | None, coeffs: PowerCoefficients = DEFAULT_COEFFICIENTS) -> float:
    """1 for a dense model; the MoE weight for an MoE (see the module docstring)."""
    return coeffs.moe_memory_weight if llm is not None and llm.is_moe else 1.0


@dataclass(frozen=True, slots=True)
class Activity:
    """What the estimate says a GPU does: shares of a decode step, prefill's share of time, replicas busy."""

    memory_share: float
    compute_share: float
    prefill_share: float
    busy_replicas: float

    @classmethod
    def of(cls, est: Estimate) -> Activity:
        b = est.breakdown
        step_ms = max(est.tpot_ms, 1e-9)
        reps = max(1, est.replicas)
        per_replica_rps = est.requests_per_s / reps
        prefill = _clip(per_replica_rps * b.get("ttft_prefill_compute_ms", 0.0) / 1e3)
        return cls(
            memory_share=_clip(b.get("tpot_memory_ms", 0.0) / step_ms),
            compute_share=_clip(b.get("tpot_compute_ms", 0.0) / step_ms),
            prefill_share=prefill,
            busy_replicas=_clip(est.concurrency / reps),
        )


def board_w(busy_w: float, limit_w: float, memory: float, compute: float,
            coeffs: PowerCoefficients = DEFAULT_COEFFICIENTS) -> float:
    """Board power of a GPU with work at the given step shares (``memory`` already weighted)."""
    floor = min(busy_w, limit_w)
    return floor + (limit_w - floor) * _clip(coeffs.k_mem * memory + coeffs.k_comp * compute)


def gpu_power_at(est: Estimate, gpu: Gpu, llm: Llm | None, limit_w: float | None = None,
                 families: tuple[GpuPowerFamily, ...] | None = None,
                 coeffs: PowerCoefficients = DEFAULT_COEFFICIENTS) -> GpuPowerAtLoad:
    """Board W per GPU at the estimate's operating point. ``limit_w``: the build's power limit (default:
    the one the estimate ran at, else the TDP)."""
    fam = family_for(gpu, families)
    limit = limit_w or float(est.inputs.get("gpu_power_limit_w") or gpu.tdp_w)
    limit = min(limit, gpu.tdp_w)
    idle = min(fam.idle_share * gpu.tdp_w, limit)
    busy = fam.busy_share * gpu.tdp_w
    act = Activity.of(est)
    mem = memory_weight(llm, coeffs) * act.memory_share
    serving = board_w(busy, limit, mem, act.compute_share, coeffs)
    pf = act.prefill_share
    decode_comp = max(0.0, act.compute_share - pf) / (1.0 - pf) if pf < 1.0 else 0.0
    return GpuPowerAtLoad(
        board_w=act.busy_replicas * serving + (1.0 - act.busy_replicas) * idle,
        decode_w=board_w(busy, limit, mem, decode_comp, coeffs),
        prefill_w=board_w(busy, limit, 0.0, 1.0, coeffs),
        idle_w=idle,
        limit_w=limit,
        prefill_share=pf,
        memory_share=act.memory_share,
        compute_share=act.compute_share,
        family=fam.family,
        source=f"{fam.source}; coefficients: {COEFF_SOURCE}",
    )


# ---- a reference host, for the command line without a project -----------------------------------------
REFERENCE_HOST_W_PER_GPU = 200.0  # CPUs, DRAM, NICs, drives and board, per GPU
REFERENCE_FAN_W_PER_GPU_W = 0.04  # fans grow with the GPUs' power
REFERENCE_PSU_EFFICIENCY = 0.94  # 80 PLUS Titanium near 40 % load
REFERENCE_HOST_SOURCE = ("reference host (no build given): 200 W of host per GPU, fans +0.04 W per GPU watt, 94 % PSU; "
                         "matches SemiAnalysis PowerX's 8 x H100 chassis (1.85/4.86/8.0 kW at 0/350/700 W per GPU, "
                         "InferenceX-app system-power-model.reference.json) within 8 %")


def reference_node_wall_w(board_w_per_gpu: float, gpu_count: int) -> float:
    """Wall W of a node of ``gpu_count`` GPUs at ``board_w_per_gpu`` each on the reference host."""
    gpus = board_w_per_gpu * gpu_count
    dc = gpus + REFERENCE_HOST_W_PER_GPU * gpu_count + REFERENCE_FAN_W_PER_GPU_W * gpus
    return dc / REFERENCE_PSU_EFFICIENCY


def power_figures(power: GpuPowerAtLoad, gpu_count: int) -> dict[str, float | str]:
    """What ``estimate --json`` shows of the power at the operating point (per GPU and per node)."""
    return {**power.to_dict(),
            "gpu_count": gpu_count,
            "node_wall_w": round(reference_node_wall_w(power.board_w, gpu_count), 1),
            "node_idle_wall_w": round(reference_node_wall_w(power.idle_w, gpu_count), 1),
            "node_basis": REFERENCE_HOST_SOURCE,
            "source": power.source}
