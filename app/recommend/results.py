"""What a search returns: candidates with their figures and failures, ranked results, advice.

Everything here is plain data with ``to_dict()`` for the CLI's stable JSON; the GUI reads the same
objects. A :class:`Candidate` always carries a real :class:`~app.core.build.Build` (placements with
slot ids), so the GUI can open it as a new build as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from app.core.build import Build
from app.core.memory import GB, GIB
from app.recommend.prices import PriceTally
from app.recommend.requirements import Requirements
from app.recommend.text import t
from app.rules.findings import Finding


class FailureKind(StrEnum):
    """Which requirement a candidate misses; all but RULES can be relaxed by the client."""

    GPU = "gpu"  # not among the GPUs asked for, or a consumer card when those are excluded
    PRECISION = "precision"  # a weight precision the client did not accept
    LATENCY = "latency"  # TTFT/TPOT targets not met at the load
    NODES = "nodes"  # needs more nodes than allowed
    ENVIRONMENT = "environment"  # the site's power, cooling or GPU limits
    BUDGET = "budget"
    RULES = "rules"  # any other error finding of the rules: not a requirement to relax


RELAXABLE: frozenset[FailureKind] = frozenset(set(FailureKind) - {FailureKind.RULES})


@dataclass(frozen=True, slots=True)
class Failure:
    kind: FailureKind
    message: str
    rule_id: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "message": self.message, "rule_id": self.rule_id}


@dataclass(frozen=True, slots=True)
class LoadPoint:
    """The performance model at the load (build-wide), as for a hand-made build."""

    concurrency: int
    ttft_ms: float  # means, as the charts draw them
    tpot_ms: float
    ttft_p99_ms: float  # what the scenario's P99 targets are compared with
    tpot_p99_ms: float
    requests_per_s: float
    output_tps: float
    input_tps: float
    max_concurrency_slo: int | None
    max_concurrency_kv: int
    meets_targets: bool | None
    ttft_band: float
    tpot_band: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "concurrency": self.concurrency,
            "ttft_ms": self.ttft_ms,
            "tpot_ms": self.tpot_ms,
            "ttft_p99_ms": self.ttft_p99_ms,
            "tpot_p99_ms": self.tpot_p99_ms,
            "requests_per_s": self.requests_per_s,
            "output_tps": self.output_tps,
            "input_tps": self.input_tps,
            "max_concurrency_slo": self.max_concurrency_slo,
            "max_concurrency_kv": self.max_concurrency_kv,
            "meets_targets": self.meets_targets,
            "ttft_band": self.ttft_band,
            "tpot_band": self.tpot_band,
        }


@dataclass(frozen=True, slots=True)
class Candidate:
    """One completed build and how it fares against the requirements."""

    build: Build
    gpu_id: str
    gpu_name: str
    chassis_id: str
    chassis_name: str
    gpus_per_node: int
    node_count: int
    tp: int
    pp: int
    precision: str
    price: PriceTally
    node_power_w: float  # max draw at the wall, per node
    power_w: float  # max draw at the wall, all nodes
    power_typical_w: float  # typical draw at the wall, all nodes (the profile's shares of max)
    power_load_w: float  # draw at the wall at the client's load, all nodes (app.perf.power)
    nodes_per_rack: int | None
    racks: int | None
    rack_limit: tuple[str, ...]  # what sets nodes per rack: power, rack_units, cooling
    perf: LoadPoint | None
    cost_per_mtok: float | None  # output tokens at the load; a lower bound when the price is
    headroom: float | None  # spare capacity at the load: capacity / load - 1
    headroom_capped: bool  # capacity searched only up to 4 x the load: the headroom is at least this
    vram_headroom_gib: float | None  # per GPU
    warnings: tuple[Finding, ...]
    info_count: int
    failures: tuple[Failure, ...]
    binds: str  # the constraint closest to its limit
    why: tuple[str, ...]  # the figures that make it qualify (or not)
    host_notes: tuple[str, ...]  # how the host was chosen

    @property
    def qualifies(self) -> bool:
        return not self.failures

    @property
    def gpu_total(self) -> int:
        return self.gpus_per_node * self.node_count

    @property
    def failure_kinds(self) -> frozenset[FailureKind]:
        return frozenset(f.kind for f in self.failures)

    def hardware(self) -> str:
        """'1 x L20 (Diy tower…)' or '2 nodes of 8 x H100 SXM5 80GB (…)'."""
        per = t("{count} x {gpu}", count=self.gpus_per_node, gpu=self.gpu_name)
        nodes = t("{nodes} nodes of {gpus}", nodes=self.node_count, gpus=per) if self.node_count > 1 else per
        return t("{hardware} in {chassis}", hardware=nodes, chassis=self.chassis_name)

    def headroom_text(self) -> str:
        if self.headroom is None:
            return "-"
        if self.headroom_capped:
            return t("at least {headroom:+.0%}", headroom=self.headroom)
        return f"{self.headroom:+.0%}"

    @property
    def attention_dp(self) -> bool:
        return self.build.workload is not None and self.build.workload.attention_dp

    @property
    def expert_parallel(self) -> bool:
        """Experts split whole over the TP group: the build's switch, or attention-DP, which runs them so."""
        w = self.build.workload
        return w is not None and (w.expert_parallel or w.attention_dp)

    def layout(self) -> str:
        return f"{self.precision.upper()}, TP={self.tp}" + (f" x PP={self.pp}" if self.pp > 1 else "") + (
            " " + t("attention data-parallel") if self.attention_dp
            else " " + t("expert parallel") if self.expert_parallel else "")

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.build.name,
            "qualifies": self.qualifies,
            "gpu_id": self.gpu_id,
            "gpu_name": self.gpu_name,
            "chassis_id": self.chassis_id,
            "chassis_name": self.chassis_name,
            "gpus_per_node": self.gpus_per_node,
            "node_count": self.node_count,
            "tp": self.tp,
            "pp": self.pp,
            "attention_dp": self.attention_dp,
            "expert_parallel": self.expert_parallel,
            "weight_precision": self.precision,
            "price": self.price.to_dict(),
            "node_power_w": round(self.node_power_w, 1),
            "power_w": round(self.power_w, 1),
            "power_typical_w": round(self.power_typical_w, 1),
            "power_load_w": round(self.power_load_w, 1),
            "nodes_per_rack": self.nodes_per_rack,
            "racks": self.racks,
            "rack_limit": list(self.rack_limit),
            "perf": self.perf.to_dict() if self.perf is not None else None,
            "cost_per_mtok": self.cost_per_mtok,
            "headroom": self.headroom,
            "headroom_is_lower_bound": self.headroom_capped,
            "vram_headroom_gb": round(self.vram_headroom_gib * GIB / GB, 2)
            if self.vram_headroom_gib is not None else None,
            "vram_headroom_gib": self.vram_headroom_gib,
            "warnings": [f.to_dict() for f in self.warnings],
            "info_count": self.info_count,
            "failures": [f.to_dict() for f in self.failures],
            "binds": self.binds,
            "why": list(self.why),
            "host_notes": list(self.host_notes),
            "build": self.build.model_dump(mode="json"),
        }


@dataclass(frozen=True, slots=True)
class Ranked:
    """A qualifying candidate in rank order, with the nearest cheaper build that fails and why."""

    rank: int
    candidate: Candidate
    cheaper_failing: Candidate | None

    def to_dict(self) -> dict[str, Any]:
        out = self.candidate.to_dict()
        out["rank"] = self.rank
        cf = self.cheaper_failing
        out["cheaper_failing"] = None if cf is None else {
            "name": cf.build.name,
            "hardware": cf.hardware(),
            "layout": cf.layout(),
            "price": cf.price.to_dict(),
            "failures": [f.to_dict() for f in cf.failures],
        }
        return out


@dataclass(frozen=True, slots=True)
class Advice:
    """Which requirement to relax when nothing qualifies, and a build that qualifies once it is."""

    kinds: tuple[FailureKind, ...]
    text: str
    candidate: Candidate | None

    def to_dict(self) -> dict[str, Any]:
        c = self.candidate
        return {
            "relax": [k.value for k in self.kinds],
            "text": self.text,
            "candidate": None if c is None else {
                "name": c.build.name,
                "hardware": c.hardware(),
                "layout": c.layout(),
                "price": c.price.to_dict(),
                "power_w": round(c.power_w, 1),
                "failures": [f.to_dict() for f in c.failures],
                "build": c.build.model_dump(mode="json"),
            },
        }


@dataclass(frozen=True, slots=True)
class Recommendation:
    requirements: Requirements
    llm_name: str
    load: str
    ttft_target_ms: float | None
    tpot_target_ms: float | None
    results: tuple[Ranked, ...]
    advice: tuple[Advice, ...]
    qualified: int  # candidates that pass everything (results holds the top ones)
    evaluated: int  # candidate builds completed and checked
    notes: tuple[str, ...]
    elapsed_s: float
    candidates: tuple[Candidate, ...] = field(default=(), repr=False)  # everything evaluated, for tests/GUI

    @property
    def found(self) -> bool:
        return bool(self.results)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "inference-sizer-recommendation",
            "version": 1,
            "requirements": self.requirements.model_dump(mode="json"),
            "model": self.llm_name,
            "load": self.load,
            "ttft_target_ms": self.ttft_target_ms,
            "tpot_target_ms": self.tpot_target_ms,
            "found": self.found,
            "qualified": self.qualified,
            "evaluated": self.evaluated,
            "results": [r.to_dict() for r in self.results],
            "advice": [a.to_dict() for a in self.advice],
            "notes": list(self.notes),
            "elapsed_s": self.elapsed_s,
        }
