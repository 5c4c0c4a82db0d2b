"""One build resolved against the catalog and the profile, with every derived figure computed once.

Rules and the summary read the same cached figures, so a number in a finding always matches the
number in the summary, and the hot path does each sum once. Nothing here validates parts again:
catalog parts are already-validated models and are only read.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from app.core.build import (
    SLOT_KINDS_FOR_PART,
    Build,
    DriveRole,
    Redundancy,
    Slot,
    SlotKind,
    SlotLayout,
    Workload,
    slot_layout,
)
from app.core.memory import GB, GIB, MemoryAssumptions, VramFit, vram_fit, weights_bytes
from app.core.parts import AnyPart, Chassis, Cpu, Dimm, Drive, Gpu, Llm, Nic, Psu
from app.core.scenarios import ScenarioSpec, scenario_spec
from app.rules.profile import Component, RuleProfile
from app.rules.site import RackFigures, SiteFigures, resolve_site


class CatalogIndex:
    """Per-catalog precomputation (candidates for fixes), built once per engine, not per edit."""

    def __init__(self, parts: Mapping[str, AnyPart]) -> None:
        self.parts = parts
        self.psus: list[Psu] = sorted(
            (p for p in parts.values() if isinstance(p, Psu)), key=lambda p: (p.rating_high_line_w, p.id)
        )
        dimms: dict[str, list[Dimm]] = {}
        for p in parts.values():
            if isinstance(p, Dimm):
                dimms.setdefault(p.memory_type.lower(), []).append(p)
        self.dimms_by_type = {k: sorted(v, key=lambda d: (d.capacity_gb, d.id)) for k, v in dimms.items()}
        self.drives: list[Drive] = sorted(
            (p for p in parts.values() if isinstance(p, Drive)), key=lambda d: (d.capacity_gb, d.id)
        )
        self.nics: list[Nic] = sorted(
            (p for p in parts.values() if isinstance(p, Nic)), key=lambda n: (n.total_gbps, n.power_w, n.id)
        )

    def dimms_for(self, cpu: Cpu) -> list[Dimm]:
        """Catalog DIMMs the CPU's memory controller takes, smallest first."""
        found = [d for t in sorted(cpu.memory_types) for d in self.dimms_by_type.get(t, [])]
        return sorted(found, key=lambda d: (d.capacity_gb, d.id))


@dataclass(frozen=True, slots=True)
class Placed:
    """One slot of the build as resolved: ``slot`` None = no such slot; ``part`` None = unknown id."""

    slot_id: str
    slot: Slot | None
    part_id: str
    part: AnyPart | None
    role: DriveRole | None

    @property
    def installed(self) -> bool:
        """A known part in a slot that exists and accepts its kind."""
        return (
            self.part is not None
            and self.slot is not None
            and self.slot.kind in SLOT_KINDS_FOR_PART.get(self.part.kind, ())
        )


@dataclass(frozen=True, slots=True)
class PowerFigures:
    """Node draw by component; DC at the PSU outputs, AC at the wall (DC / efficiency)."""

    max_by_kind: dict[Component, float]
    typical_by_kind: dict[Component, float]
    efficiency: float

    @property
    def max_dc_w(self) -> float:
        return sum(self.max_by_kind.values())

    @property
    def typical_dc_w(self) -> float:
        return sum(self.typical_by_kind.values())

    @property
    def max_ac_w(self) -> float:
        return self.max_dc_w / self.efficiency

    @property
    def typical_ac_w(self) -> float:
        return self.typical_dc_w / self.efficiency


@dataclass(frozen=True, slots=True)
class PsuFigures:
    count: int
    models: tuple[Psu, ...]  # distinct models in slot order
    rating_w: float  # per PSU at the feed voltage (smallest model when mixed)
    usable_w: float  # under the redundancy mode
    mode: Redundancy
    voltage: float


def psu_usable_w(count: int, rating_w: float, mode: Redundancy) -> float:
    """N+1: one may fail; N+2: two may fail; N+N: half may fail (DOMAIN.md, Power)."""
    if mode is Redundancy.N_PLUS_1:
        return max(0, count - 1) * rating_w
    if mode is Redundancy.N_PLUS_2:
        return max(0, count - 2) * rating_w
    if mode is Redundancy.N_PLUS_N:
        return (count // 2) * rating_w
    return count * rating_w


def psus_needed(load_w: float, rating_w: float, mode: Redundancy) -> int:
    n = max(1, math.ceil(load_w / rating_w - 1e-9))
    if mode is Redundancy.N_PLUS_1:
        return n + 1
    if mode is Redundancy.N_PLUS_2:
        return n + 2
    if mode is Redundancy.N_PLUS_N:
        return 2 * n
    return n


LOAD_FIGURES = "load_figures"  # memo key: the estimate at the load as plain figures, for Report.load


class RuleContext:
    """A build resolved for the rules. Construct per validation; figures are computed on first use."""

    def __init__(self, build: Build, index: CatalogIndex, profile: RuleProfile, measured: object | None = None) -> None:
        self.build = build
        self.index = index
        self.parts = index.parts
        self.profile = profile
        # A probe's measured peaks for the build's GPU (app.perf.model.MeasuredPeaks), so the workload
        # findings use the figures the charts use; typed loosely: the rules sit below the perf model.
        self.measured = measured
        self.memo: dict[str, object] = {}  # figures several rules share (the estimate at the load)
        self.workload: Workload | None = build.workload
        part = self.parts.get(build.chassis_id)
        self.chassis: Chassis | None = part if isinstance(part, Chassis) else None
        self.layout: SlotLayout | None = slot_layout(self.chassis) if self.chassis is not None else None
        by_id = self.layout.by_id if self.layout is not None else {}
        order = self.layout.order if self.layout is not None else {}

        placed: list[Placed] = []
        for p in build.placements:
            part = self.parts.get(p.part_id)
            for s in p.slots:
                placed.append(Placed(s, by_id.get(s), p.part_id, part, p.role))
        placed.sort(key=lambda x: (order.get(x.slot_id, 1 << 20), x.slot_id))
        self.placed = placed

        self.gpus: list[tuple[str, Gpu]] = []
        self.cpus: list[tuple[str, Cpu]] = []
        self.dimms: list[tuple[Slot, Dimm]] = []
        self.psus: list[tuple[str, Psu]] = []
        self.nics: list[tuple[str, Nic]] = []
        self.drives: list[tuple[str, Drive, DriveRole]] = []
        for x in placed:
            if not x.installed:
                continue
            p2 = x.part
            if isinstance(p2, Gpu):
                self.gpus.append((x.slot_id, p2))
            elif isinstance(p2, Cpu):
                self.cpus.append((x.slot_id, p2))
            elif isinstance(p2, Dimm):
                assert x.slot is not None
                self.dimms.append((x.slot, p2))
            elif isinstance(p2, Psu):
                self.psus.append((x.slot_id, p2))
            elif isinstance(p2, Nic):
                self.nics.append((x.slot_id, p2))
            elif isinstance(p2, Drive):
                assert x.slot is not None
                role = x.role or (DriveRole.SYSTEM if x.slot.kind is SlotKind.M2 else DriveRole.DATA)
                self.drives.append((x.slot_id, p2, role))

    # --- parts ------------------------------------------------------------------------------

    @cached_property
    def occupied(self) -> frozenset[str]:
        return frozenset(x.slot_id for x in self.placed)

    def free_slots(self, kind: SlotKind) -> list[str]:
        """Empty slots of a kind, in drawing order."""
        if self.layout is None:
            return []
        taken = self.occupied
        return [s.id for s in self.layout.of_kind(kind) if s.id not in taken]

    @cached_property
    def llm(self) -> Llm | None:
        if self.workload is None:
            return None
        part = self.parts.get(self.workload.llm_id)
        return part if isinstance(part, Llm) else None

    @cached_property
    def gpu(self) -> Gpu | None:
        """The GPU the model is sized on: the smallest memory when models are mixed."""
        if not self.gpus:
            return None
        return min((g for _, g in self.gpus), key=lambda g: (g.vram_gib, g.id))

    @cached_property
    def gpu_models(self) -> tuple[Gpu, ...]:
        seen: dict[str, Gpu] = {}
        for _, g in self.gpus:
            seen.setdefault(g.id, g)
        return tuple(seen.values())

    @property
    def gpu_count(self) -> int:
        return len(self.gpus)

    @cached_property
    def vram_total_gib(self) -> float:
        return sum(g.vram_gib for _, g in self.gpus)

    @cached_property
    def cores(self) -> int:
        return sum(c.cores for _, c in self.cpus)

    @cached_property
    def min_base_ghz(self) -> float | None:
        return min((c.base_ghz for _, c in self.cpus), default=None)

    @cached_property
    def ram_gb(self) -> float:
        """Memory the CPUs see: DIMMs beside an empty socket do not count."""
        sockets = set(self.sockets_with_cpu)
        return float(sum(d.capacity_gb for s, d in self.dimms if s.socket in sockets))

    @cached_property
    def sockets_with_cpu(self) -> tuple[int, ...]:
        return tuple(int(s[3:]) for s, _ in self.cpus)

    # --- workload and VRAM ------------------------------------------------------------------

    @cached_property
    def scenario(self) -> ScenarioSpec | None:
        return scenario_spec(self.workload.scenario) if self.workload is not None else None

    @cached_property
    def memory_assumptions(self) -> MemoryAssumptions:
        engine = self.workload.engine if self.workload is not None else None
        return self.profile.memory_assumptions(engine) if engine is not None else MemoryAssumptions()

    @cached_property
    def gpus_total(self) -> int:
        return self.gpu_count * self.build.node_count

    @cached_property
    def replicas(self) -> int:
        """Model copies the deployed GPUs hold (data parallelism over tp x pp groups)."""
        if self.workload is None:
            return 0
        return self.gpus_total // self.workload.gpus_per_replica

    @cached_property
    def replica_concurrency(self) -> int:
        """Requests each model copy holds at once; the workload's concurrency spread over replicas."""
        w = self.workload
        if w is None or w.concurrency is None:
            return 1
        return math.ceil(w.concurrency / max(1, self.replicas))

    def fit_for(self, *, weight_precision: str | None = None, kv_precision: str | None = None,
                tp: int | None = None, pp: int | None = None, concurrency: int | None = None,
                context_tokens: int | None = None, gpu: Gpu | None = None) -> VramFit | None:
        """The VRAM fit with some workload fields changed (for fixes); None without model or GPU."""
        w, llm, g = self.workload, self.llm, gpu or self.gpu
        if w is None or llm is None or g is None:
            return None
        return vram_fit(
            llm, g,
            weight_precision=weight_precision or w.weight_precision,
            kv_precision=kv_precision or w.kv_precision,
            tp=tp or w.tp, pp=pp or w.pp,
            context_tokens=context_tokens or w.context_tokens,
            concurrency=concurrency or self.replica_concurrency,
            assumptions=self.memory_assumptions,
        )

    @cached_property
    def fit(self) -> VramFit | None:
        return self.fit_for()

    @cached_property
    def weights_gb(self) -> float | None:
        """Whole-model weights at the chosen precision (what storage holds and loads)."""
        if self.workload is None or self.llm is None:
            return None
        return weights_bytes(self.llm, self.workload.weight_precision) / GB

    @cached_property
    def weights_gib(self) -> float | None:
        """The same weights as GPU memory counts them (GiB), for comparisons with VRAM."""
        return None if self.weights_gb is None else self.weights_gb * GB / GIB

    # --- power ------------------------------------------------------------------------------

    def gpu_power_w(self, gpu: Gpu) -> float:
        """The board power ``gpu`` runs at in this build: its TDP, or the build's power cap within the
        datasheet's configurable range."""
        return gpu.power_limit_w(self.build.gpu_power_cap_w)

    @cached_property
    def power(self) -> PowerFigures:
        tl = self.profile.power.typical_load
        gpu_w = sum(self.gpu_power_w(g) for _, g in self.gpus)
        mx: dict[Component, float] = {
            "gpu": gpu_w,
            "cpu": sum(c.tdp_w for _, c in self.cpus),
            "dimm": sum(d.power_w for _, d in self.dimms),
            "nic": sum(n.power_w for _, n in self.nics),
            "drive": sum(d.power_w for _, d, _ in self.drives),
            "chassis": self.chassis.overhead_w(gpu_w) if self.chassis is not None else 0.0,
        }
        typ = {k: v * tl[k].value for k, v in mx.items()}
        eff = self.psus[0][1].efficiency_50pct if self.psus else self.profile.power.default_psu_efficiency.value
        return PowerFigures(mx, typ, eff)

    @cached_property
    def site(self) -> SiteFigures:
        return resolve_site(self.build.environment, self.profile)

    @cached_property
    def psu(self) -> PsuFigures:
        voltage = self.site.voltage
        models: dict[str, Psu] = {}
        for _, p in self.psus:
            models.setdefault(p.id, p)
        rating = min((p.rating_w(voltage) for p in models.values()), default=0.0)
        mode = self.build.psu_redundancy
        count = len(self.psus)
        return PsuFigures(count, tuple(models.values()), rating, psu_usable_w(count, rating, mode), mode, voltage)

    @cached_property
    def rack(self) -> RackFigures | None:
        if self.chassis is None:
            return None
        site, node_w = self.site, self.power.max_ac_w
        return RackFigures(
            by_power=int(site.usable_w // node_w),
            by_rack_units=site.rack_units // self.chassis.rack_units,
            by_cooling=int(site.cooling_ceiling_w // node_w),
            node_w=node_w,
            node_units=self.chassis.rack_units,
        )

    @property
    def btu_per_watt(self) -> float:
        return self.profile.power.btu_per_watt.value

    # --- lanes -------------------------------------------------------------------------------

    @cached_property
    def cpu_lanes(self) -> int:
        """Lanes the installed CPUs give devices: 2P platforms use the 2P figure (socket links eat lanes)."""
        if not self.cpus:
            return 0
        cpu = self.cpus[0][1]
        if len(self.cpus) >= 2 and cpu.pcie_lanes_2p is not None:
            return cpu.pcie_lanes_2p
        return sum(c.pcie_lanes for _, c in self.cpus)

    @cached_property
    def device_lanes(self) -> dict[str, int]:
        return {
            "gpu": sum(g.pcie_lanes for _, g in self.gpus),
            "nic": sum(n.pcie_lanes for _, n in self.nics),
            "drive": sum(d.pcie_lanes for _, d, _ in self.drives),
        }
