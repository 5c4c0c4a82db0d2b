"""A build: one server node (chassis + placed parts), what it must run, and where it will stand.

Builds are immutable pydantic models so they serialise straight into project files and an edit
is a cheap copy. Parts are referenced by catalog id, never embedded: the same project opens with
another user's catalog (and its prices), and the rules resolve ids through a lookup.

Slot ids are stable strings the GUI draws and the rules name in findings:
``gpu0..``, ``cpu0..``, ``dimm-s{socket}-c{channel}-{n}``, ``psu0..``, ``pcie0..``, ``drive0..``,
``m2-0..``. :func:`slot_layout` expands a chassis into them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from app.core.parts import Chassis, Gpu, PartId, PartKind
from app.core.precision import KV_PRECISIONS, Precision
from app.core.scenarios import Scenario, scenario_spec
from app.core.speculation import MAX_SPECULATIVE_TOKENS, check_speculation

SLOT_RE = re.compile(r"^(?:(?:gpu|cpu|psu|pcie|drive)\d{1,3}|m2-\d{1,2}|dimm-s\d-c\d{1,2}-\d)$")


class SlotKind(StrEnum):
    GPU = "gpu"
    CPU = "cpu"
    DIMM = "dimm"
    PSU = "psu"
    PCIE = "pcie"
    DRIVE = "drive"
    M2 = "m2"


@dataclass(frozen=True, slots=True)
class Slot:
    id: str
    kind: SlotKind
    index: int  # position among slots of its kind, in drawing order
    socket: int | None = None  # DIMM slots
    channel: int | None = None  # DIMM slots
    dimm_index: int | None = None  # DIMM slots: n-th DIMM on the channel, 0 first


@dataclass(frozen=True)
class SlotLayout:
    """All slots of a chassis, in drawing order, with lookups precomputed."""

    slots: tuple[Slot, ...]
    by_id: dict[str, Slot] = field(repr=False)
    order: dict[str, int] = field(repr=False)  # slot id -> drawing position
    by_kind: dict[SlotKind, tuple[Slot, ...]] = field(repr=False)
    sockets: int
    channels_per_socket: int
    dimms_per_channel: int

    def of_kind(self, kind: SlotKind) -> tuple[Slot, ...]:
        return self.by_kind.get(kind, ())

    def __contains__(self, slot_id: object) -> bool:
        return slot_id in self.by_id


def dimm_slot_id(socket: int, channel: int, n: int) -> str:
    return f"dimm-s{socket}-c{channel}-{n}"


@lru_cache(maxsize=256)
def _layout(gpus: int, sockets: int, channels: int, dpc: int, psus: int, pcie: int, drives: int, m2: int) -> SlotLayout:
    slots: list[Slot] = []
    slots += [Slot(f"gpu{i}", SlotKind.GPU, i) for i in range(gpus)]
    slots += [Slot(f"cpu{i}", SlotKind.CPU, i) for i in range(sockets)]
    i = 0
    for s in range(sockets):
        for n in range(dpc):
            for c in range(channels):
                slots.append(Slot(dimm_slot_id(s, c, n), SlotKind.DIMM, i, socket=s, channel=c, dimm_index=n))
                i += 1
    slots += [Slot(f"psu{i}", SlotKind.PSU, i) for i in range(psus)]
    slots += [Slot(f"pcie{i}", SlotKind.PCIE, i) for i in range(pcie)]
    slots += [Slot(f"drive{i}", SlotKind.DRIVE, i) for i in range(drives)]
    slots += [Slot(f"m2-{i}", SlotKind.M2, i) for i in range(m2)]
    by_kind: dict[SlotKind, list[Slot]] = {}
    for slot in slots:
        by_kind.setdefault(slot.kind, []).append(slot)
    return SlotLayout(
        slots=tuple(slots),
        by_id={s.id: s for s in slots},
        order={s.id: i for i, s in enumerate(slots)},
        by_kind={k: tuple(v) for k, v in by_kind.items()},
        sockets=sockets,
        channels_per_socket=channels,
        dimms_per_channel=dpc,
    )


def slot_layout(chassis: Chassis) -> SlotLayout:
    """Expand a chassis into its slots; cached on the numbers that shape the layout.

    DIMM slots are ordered 1 DPC first (every channel of a socket, then the second DIMM per
    channel), which is the order a balanced population fills them.
    """
    return _layout(
        chassis.gpu_slots,
        chassis.cpu_sockets,
        chassis.memory_channels_per_socket,
        chassis.dimms_per_channel,
        chassis.psu_bays,
        chassis.pcie_slots,
        chassis.drive_bays,
        chassis.boot_m2_slots,
    )


# Which slot kinds accept which part kinds (drives: M.2 sticks go to m2 slots or to bays that take M.2).
SLOT_KINDS_FOR_PART: dict[PartKind, tuple[SlotKind, ...]] = {
    PartKind.GPU: (SlotKind.GPU,),
    PartKind.CPU: (SlotKind.CPU,),
    PartKind.DIMM: (SlotKind.DIMM,),
    PartKind.PSU: (SlotKind.PSU,),
    PartKind.NIC: (SlotKind.PCIE,),
    PartKind.DRIVE: (SlotKind.DRIVE, SlotKind.M2),
}


def gpu_positions_needed(slot_width: int | None, position_width: int) -> int:
    """GPU positions a card covers: a card wider than a position blocks its neighbours."""
    if slot_width is None:
        return 1
    return max(1, math.ceil(slot_width / position_width))


# ---------------------------------------------------------------------------------------------
# Workload, environment, redundancy
# ---------------------------------------------------------------------------------------------

_STRICT = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class ServingEngine(StrEnum):
    VLLM = "vllm"
    TRTLLM = "trtllm"
    SGLANG = "sglang"
    LLAMACPP = "llamacpp"
    OTHER = "other"


class Redundancy(StrEnum):
    NONE = "none"
    N_PLUS_1 = "n+1"
    N_PLUS_N = "n+n"
    N_PLUS_2 = "n+2"  # two may fail (NVIDIA DGX H100: 4 + 2 of 6 PSUs)


class EnvironmentKind(StrEnum):
    EDGE = "edge"
    ENTERPRISE = "enterprise"
    DATACENTER = "datacenter"
    CUSTOM = "custom"


class CoolingType(StrEnum):
    """Room cooling; each has a per-rack ceiling in the rule profile (reference/platform.csv)."""

    OFFICE_AIR = "office-air"
    AIR_PERIMETER = "air-perimeter"
    AIR_CONTAINMENT = "air-containment"
    REAR_DOOR = "rear-door"
    DIRECT_LIQUID = "direct-liquid"
    IMMERSION = "immersion"

    @property
    def is_liquid(self) -> bool:
        return self in (CoolingType.DIRECT_LIQUID, CoolingType.IMMERSION)


# A spread of prompt lengths beyond this (standard deviation 5 x the mean) describes no real workload.
MAX_INPUT_TOKENS_CV = 5.0
# Identical nodes one build describes: a bound on absurd input (a project file, the sizing assistant's search).
MAX_NODE_COUNT = 10_000


class Workload(BaseModel):
    """What the node must serve: the client's four questions, plus the parallel layout and engine."""

    model_config = _STRICT

    llm_id: PartId = Field(description="catalog id of the LLM")
    weight_precision: Precision = Precision.BF16
    kv_precision: Precision = Precision.BF16
    input_tokens: int = Field(default=2048, ge=1, le=10_000_000)
    output_tokens: int = Field(default=512, ge=1, le=10_000_000)
    input_tokens_cv: float = Field(
        default=0.0, ge=0.0, le=MAX_INPUT_TOKENS_CV,
        description="spread of the prompts' lengths: their standard deviation over their mean (0: every prompt "
                    "input_tokens long; real sets 0.4-0.8): longer prompts wait longer and the P99 prompt is "
                    "prefilled longer")
    uniform_lengths: bool = Field(
        default=False,
        description="a benchmark whose prompts and answers all have one length (a random-token dataset with "
                    "--ignore-eos and no length range, vllm bench serve's default): its clients' rounds stay in step "
                    "and each round's prompts wait for each other's prefill. Closed loop (concurrency) only, with "
                    "no length spread")
    prefix_cached_tokens: int = Field(
        default=0, ge=0, le=10_000_000,
        description="tokens at the start of every prompt the engine's prefix cache holds (shared system prompt, RAG "
                    "context): not prefilled again, their KV held once")
    concurrency: int | None = Field(default=8, ge=1, le=1_000_000, description="requests in flight at once")
    target_qps: float | None = Field(default=None, gt=0, le=1_000_000, description="requests per second")
    scenario: Scenario = Scenario.CHAT
    tp: int = Field(default=1, ge=1, le=256, description="tensor-parallel size")
    pp: int = Field(default=1, ge=1, le=256, description="pipeline-parallel size")
    attention_dp: bool = Field(
        default=False,
        description="attention data-parallel over the TP group (TensorRT-LLM enable_attention_dp, SGLang "
                    "--enable-dp-attention): each GPU runs attention for its own requests and caches only their KV")
    expert_parallel: bool = Field(
        default=False,
        description="MoE experts split whole over the TP group (EP = TP: TensorRT-LLM --ep, SGLang --ep-size, vLLM "
                    "--enable-expert-parallel) rather than a slice of every expert on every GPU")
    engine: ServingEngine = ServingEngine.VLLM
    max_num_seqs: int | None = Field(
        default=None, ge=1, le=1_000_000,
        description="requests one model copy runs at once (vLLM --max-num-seqs, SGLang --max-running-requests, "
                    "TensorRT-LLM max_batch_size); more wait in the queue. Default: the engine's for the GPU")
    speculative_tokens: int = Field(
        default=0, ge=0, le=MAX_SPECULATIVE_TOKENS,
        description="speculative decoding (MTP, EAGLE): draft tokens a step proposes per request, verified in one "
                    "pass of the model (0: none)")
    acceptance_length: float | None = Field(
        default=None, ge=1.0, le=MAX_SPECULATIVE_TOKENS + 1,
        description="tokens a speculative step keeps per request on average, as the engine logs it ('accept "
                    "length'), at most draft tokens + 1 (default: 70 % acceptance a draft token)")
    ttft_target_ms: float | None = Field(default=None, gt=0, le=3_600_000,
                                         description="P99 TTFT target (default: the scenario's)")
    tpot_target_ms: float | None = Field(default=None, gt=0, le=3_600_000,
                                         description="P99 time-per-output-token bound (default: the scenario's P99)")

    @field_validator("kv_precision")
    @classmethod
    def _kv(cls, v: Precision) -> Precision:
        if v not in KV_PRECISIONS:
            raise ValueError(f"no serving engine stores the KV cache in {v.value}; use one of "
                             + ", ".join(p.value for p in KV_PRECISIONS))
        return v

    @model_validator(mode="after")
    def _speculation(self) -> Workload:
        check_speculation(self.speculative_tokens, self.acceptance_length or 0.0)
        return self

    @model_validator(mode="after")
    def _load(self) -> Workload:
        if self.concurrency is None and self.target_qps is None:
            raise ValueError("give concurrency or target_qps")
        if self.prefix_cached_tokens >= self.input_tokens:
            raise ValueError("prefix_cached_tokens must be less than input_tokens (at least one prompt token is new)")
        if self.uniform_lengths and self.target_qps is not None:
            raise ValueError("uniform_lengths describes a closed-loop benchmark's clients: give concurrency, not "
                             "target_qps")
        if self.uniform_lengths and self.input_tokens_cv > 0:
            raise ValueError("uniform_lengths gives every prompt one length: input_tokens_cv must be 0")
        return self

    def targets(self) -> tuple[float | None, float | None]:
        """(P99 TTFT, P99 TPOT) in ms the build must meet: the client's own, else the scenario's."""
        spec = scenario_spec(self.scenario)
        return (self.ttft_target_ms if self.ttft_target_ms is not None else spec.ttft_ms,
                self.tpot_target_ms if self.tpot_target_ms is not None else spec.p99_latency_ms)

    @property
    def context_tokens(self) -> int:
        """Tokens a request holds in the KV cache at its end."""
        return self.input_tokens + self.output_tokens

    @property
    def gpus_per_replica(self) -> int:
        return self.tp * self.pp


class Environment(BaseModel):
    """Where the node will stand. Presets come from the rule profile; set fields override them one by one.

    Power per rack is the stated rack power and/or the feed breaker loaded to ``breaker_derating`` of
    its rating (the lower counts); cooling is the type and the heat it removes per rack.
    """

    model_config = _STRICT

    kind: EnvironmentKind = EnvironmentKind.DATACENTER
    rack_budget_kw: float | None = Field(default=None, gt=0, le=1000,
                                         description="power the rack may draw (provisioned, no further derating)")
    feed_voltage_v: float | None = Field(default=None, ge=90, le=480, description="line voltage at the PSU")
    feed_phases: Literal[1, 3] | None = None
    feed_amps: float | None = Field(default=None, gt=0, le=1000, description="per-rack feed breaker rating")
    cooling: CoolingType | None = None
    rack_units: int | None = Field(default=None, ge=1, le=60, description="usable U per rack")
    cooling_kw: float | None = Field(default=None, gt=0, le=1000,
                                     description="heat the room removes per rack; default: the preset's or the type's")
    breaker_derating: float | None = Field(default=None, ge=0.1, le=1.0,
                                           description="share of the feed breaker's rating a continuous load may use "
                                                       "(default: the profile's 80 %)")

    @model_validator(mode="after")
    def _custom(self) -> Environment:
        if self.kind is EnvironmentKind.CUSTOM and self.rack_budget_kw is None and self.feed_amps is None:
            raise ValueError("a custom environment needs rack_budget_kw or feed_amps")
        return self


class DriveRole(StrEnum):
    SYSTEM = "system"
    DATA = "data"


class Placement(BaseModel):
    """One catalog part in one or more slots: quantity = number of slots."""

    model_config = _STRICT

    part_id: PartId
    slots: tuple[str, ...] = Field(min_length=1, max_length=256)
    role: DriveRole | None = Field(default=None, description="drives only; default: M.2 = system, bays = data")

    @field_validator("slots")
    @classmethod
    def _slots(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for s in v:
            if not SLOT_RE.match(s):
                raise ValueError(f"{s!r} is not a slot id (gpu0, cpu0, dimm-s0-c0-0, psu0, pcie0, drive0, m2-0)")
        if len(set(v)) != len(v):
            raise ValueError("a slot is listed twice")
        return v

    @property
    def quantity(self) -> int:
        return len(self.slots)


class Build(BaseModel):
    """One node design. ``node_count`` identical nodes are deployed (replicas or one multi-node group)."""

    model_config = _STRICT

    name: str = Field(min_length=1, max_length=120)
    chassis_id: str = Field(min_length=2, max_length=80)
    placements: tuple[Placement, ...] = ()
    workload: Workload | None = None
    environment: Environment = Environment()
    psu_redundancy: Redundancy = Redundancy.N_PLUS_1
    # A power limit set on the GPUs (nvidia-smi -pl); each GPU holds it within its datasheet range
    # (Gpu.power_limit_w), a GPU without a range runs at its TDP. None: every GPU at its TDP.
    gpu_power_cap_w: float | None = Field(default=None, ge=50, le=5000,
                                          description="power limit set on the GPUs, W (within each GPU's "
                                                      "configurable range); empty: the TDP")
    node_count: int = Field(default=1, ge=1, le=MAX_NODE_COUNT)
    notes: str = Field(default="", max_length=100_000)

    @model_validator(mode="after")
    def _unique_slots(self) -> Build:
        seen: dict[str, str] = {}
        for p in self.placements:
            for s in p.slots:
                if s in seen:
                    raise ValueError(f"slot {s} holds both {seen[s]} and {p.part_id}")
                seen[s] = p.part_id
        return self

    def occupied(self) -> dict[str, str]:
        """slot id -> part id."""
        return {s: p.part_id for p in self.placements for s in p.slots}

    def iter_slots(self) -> Iterator[tuple[str, Placement]]:
        for p in self.placements:
            for s in p.slots:
                yield s, p

    def part_ids(self) -> Iterable[str]:
        return (p.part_id for p in self.placements)

    def gpu_part_id(self, parts: Mapping[str, object]) -> str | None:
        """The catalog id of the build's GPU model (the first GPU placed): what a probe report is looked up by."""
        for p in self.placements:
            if isinstance(parts.get(p.part_id), Gpu):
                return p.part_id
        return None
