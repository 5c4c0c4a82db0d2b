"""Turn a project build (app.core.build) into the estimator's Deployment and Workload."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from app.core.build import Build, ServingEngine
from app.core.memory import MemoryAssumptions
from app.core.parts import AnyPart, Gpu, Llm
from app.perf.calibration import Calibration
from app.perf.engines import Engine
from app.perf.model import Deployment, MeasuredPeaks, Workload, prepare
from app.perf.text import t

Lookup = Callable[[str], AnyPart | None]


class BuildNotEstimableError(ValueError):
    """The build lacks what an estimate needs (GPUs, a workload, a known LLM)."""


def build_inputs(build: Build, lookup: Lookup, measured: MeasuredPeaks | None = None,
                 memory: MemoryAssumptions | None = None) -> tuple[Deployment, Workload]:
    """GPUs across all `node_count` nodes; the workload's TP/PP; TTFT target from its scenario.

    ``measured``: a probe's peaks for the build's GPU model, replacing the datasheet's. ``memory``: the
    rule profile's memory assumptions, so the estimate's KV capacity is the findings' (one figure).
    ``build.gpu_power_cap_w``, held in the GPU's datasheet range, becomes the deployment's power limit.
    """
    if build.workload is None:
        raise BuildNotEstimableError(t("build {name!r} has no workload", name=build.name))
    gpus: dict[str, int] = {}
    for p in build.placements:
        part = lookup(p.part_id)
        if isinstance(part, Gpu):
            gpus[part.id] = gpus.get(part.id, 0) + p.quantity
    if not gpus:
        raise BuildNotEstimableError(t("build {name!r} has no GPUs placed", name=build.name))
    if len(gpus) > 1:
        raise BuildNotEstimableError(t("build {name!r} mixes GPU models ({gpus})", name=build.name,
                                                 gpus=", ".join(sorted(gpus))))
    gpu_id, per_node = next(iter(gpus.items()))
    gpu = lookup(gpu_id)
    assert isinstance(gpu, Gpu)
    wl = build.workload
    llm = lookup(wl.llm_id)
    if not isinstance(llm, Llm):
        raise BuildNotEstimableError(t("LLM {llm!r} is not in the catalog", llm=wl.llm_id))
    count = per_node * build.node_count
    if wl.tp * wl.pp > count:
        raise BuildNotEstimableError(t("TP {tp} x PP {pp} needs {needed} GPUs; the build has {count}", tp=wl.tp,
                                                 pp=wl.pp, needed=wl.tp * wl.pp, count=count))
    engine = Engine.VLLM if wl.engine is ServingEngine.OTHER else Engine(wl.engine.value)
    ttft_target, tpot_target = wl.targets()
    # A power cap within the GPU's datasheet range lowers its sustained clocks (the model scales compute).
    limit = gpu.power_limit_w(build.gpu_power_cap_w)
    deployment = Deployment(gpu=gpu, gpu_count=count, tp=wl.tp, pp=wl.pp, measured=measured,
                            attention_dp=wl.attention_dp, expert_parallel=wl.tp if wl.expert_parallel else 1,
                            power_limit_w=limit if limit < gpu.tdp_w else None)
    workload = Workload(
        llm=llm,
        weight_precision=wl.weight_precision.value,
        kv_precision=wl.kv_precision.value,
        input_len=wl.input_tokens,
        output_len=wl.output_tokens,
        prefix_cached_len=wl.prefix_cached_tokens,
        input_len_cv=wl.input_tokens_cv,
        speculative_tokens=wl.speculative_tokens,
        acceptance_length=wl.acceptance_length or 0.0,
        concurrency=wl.concurrency or 1,
        lock_step=wl.uniform_lengths,  # the build's Workload allows it only on a closed loop
        max_num_seqs=wl.max_num_seqs or 0,  # 0: the engine's default for the GPU
        engine=engine,
        # P99 bounds (the client's, else the scenario's): Prepared.meets compares them with P99s.
        ttft_target_ms=ttft_target,
        tpot_target_ms=tpot_target,
        memory=memory,
    )
    if wl.target_qps is not None:
        # A load given as requests per second arrives at random (Poisson), not as clients starting together.
        workload = replace(workload, open_loop=True)
        if wl.concurrency is None:
            workload = replace(workload, concurrency=concurrency_for_qps(deployment, workload, wl.target_qps))
    return deployment, workload


def concurrency_for_qps(
    deployment: Deployment, workload: Workload, qps: float, calibration: Calibration | None = None
) -> int:
    """Smallest build-wide concurrency whose request rate reaches `qps` (capped by the KV cache)."""
    return prepare(deployment, workload, calibration).concurrency_for_qps(qps)
