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
from app.core.speculation import with_draft_module
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


# ---- power at the client's operating point (issue 19) ---------------------------------------------
# The perf layer (app.perf.workload_rules.at_load) puts the GPUs' board W at the load here; the summary
# reads it through RuleContext.node_power, so the figure is computed once per validation.
GPU_POWER_AT_LOAD = "gpu_power_at_load"  # memo key: (board W per GPU at the load, board W per GPU idle)

PLUS80_SOURCE = ("80 PLUS levels, 230 V internal redundant, at 10/20/50/100 % load (80 PLUS program, CLEAResult); "
                 "only Titanium states 10 %: the other levels take their 20 % figure less 4 points [K]; the curve is "
                 "moved to pass through the PSU's own 50 % figure")
_PLUS80: dict[str, tuple[float, float, float, float]] = {  # at 10, 20, 50, 100 % of the rating
    "titanium": (0.90, 0.94, 0.96, 0.91),
    "platinum": (0.86, 0.90, 0.94, 0.91),
    "gold": (0.84, 0.88, 0.92, 0.88),
    "silver": (0.81, 0.85, 0.89, 0.85),
    "bronze": (0.77, 0.81, 0.85, 0.81),
}
_PLUS80_LOADS = (0.1, 0.2, 0.5, 1.0)

FAN_SOURCE = ("assumption: half the chassis baseline and all of its fan_w_per_gpu_w are fans; the sizing figure has "
              "them at 85 % speed, so at 100 % they draw (1/0.85)^3 of it (fan power ~ speed^3, the fan laws); at the "
              "load they turn at 30 % + 25 % x the GPUs' share of their maximum power, 10 % more of that per degree C "
              "of inlet above 25 C; checked on SemiAnalysis PowerX, 8 x H100 chassis 1.85/4.86/8.0 kW at "
              "0/350/700 W per GPU (InferenceX-app system-power-model.reference.json)")
FAN_SHARE_OF_BASELINE = 0.5
FAN_SPEED_AT_SIZING = 0.85
FAN_SPEED_MIN = 0.30
FAN_SPEED_FULL_GPU = 0.55
DESIGN_INLET_C = 25.0


def psu_efficiency(label: str, efficiency_50pct: float, load: float) -> float:
    """Efficiency at ``load`` (share of the rating) on the PSU's 80 PLUS curve through its own 50 % figure.

    Below 10 % it falls a point per % of load (fixed losses dominate a lightly loaded PSU); a label
    with no known level keeps the 50 % figure.
    """
    curve = next((c for k, c in _PLUS80.items() if k in label.lower()), None)
    if curve is None:
        return efficiency_50pct
    x = min(max(load, 0.0), 1.0)
    if x <= _PLUS80_LOADS[0]:
        eff = curve[0] - (_PLUS80_LOADS[0] - x)
    else:
        i = next(i for i in range(1, 4) if x <= _PLUS80_LOADS[i])
        x0, x1 = _PLUS80_LOADS[i - 1], _PLUS80_LOADS[i]
        eff = curve[i - 1] + (curve[i] - curve[i - 1]) * (x - x0) / (x1 - x0)
    return max(0.5, min(0.99, eff + efficiency_50pct - curve[2]))


def fan_speed(gpu_share: float, inlet_c: float = DESIGN_INLET_C) -> float:
    """Fan speed (share of 100 %) with the GPUs at ``gpu_share`` of their maximum power (FAN_SOURCE)."""
    hot = 1.0 + max(0.0, inlet_c - DESIGN_INLET_C) / 10.0
    return min(1.0, FAN_SPEED_MIN + (FAN_SPEED_FULL_GPU - FAN_SPEED_MIN) * max(0.0, gpu_share) * hot)


@dataclass(frozen=True, slots=True)
class NodePower:
    """Four figures per node, DC and at the wall: idle, at the load, max (sizing) and extreme (fans at 100 %)."""

    idle_dc_w: float
    load_dc_w: float
    max_dc_w: float
    extreme_dc_w: float
    idle_wall_w: float
    load_wall_w: float
    max_wall_w: float
    extreme_wall_w: float
    load_by_kind: dict[Component, float]
    gpu_load_w: float | None  # board W per GPU at the operating point (None: the profile's typical share)
    basis: str  # "operating point" or "typical"


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
        w = self.workload
        if w is None:
            return MemoryAssumptions()
        a = self.profile.memory_assumptions(w.engine).with_running_limit(w.max_num_seqs)
        if self.llm is None:
            return a
        return with_draft_module(a, self.llm, w.weight_precision, w.tp, w.speculative_tokens)

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
        """Requests each model copy holds at once: the workload's concurrency spread over replicas, at most the
        engine's running-request limit when the workload sets one (the rest wait in its queue, holding no KV)."""
        w = self.workload
        if w is None or w.concurrency is None:
            return 1
        spread = math.ceil(w.concurrency / max(1, self.replicas))
        return min(spread, w.max_num_seqs) if w.max_num_seqs else spread

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
            shared_prefix_tokens=w.prefix_cached_tokens,
            attention_dp=w.attention_dp,
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

    def wall_w(self, dc_w: float) -> float:
        """Wall W for ``dc_w`` drawn from the installed PSUs sharing it (80 PLUS curve by load per PSU)."""
        if not self.psus or dc_w <= 0:
            return dc_w / self.power.efficiency
        psu = self.psus[0][1]
        rating = sum(p.rating_w(self.site.voltage) for _, p in self.psus) or 1.0
        return dc_w / psu_efficiency(psu.efficiency, psu.efficiency_50pct, dc_w / rating)

    def node_power(self, inlet_c: float = DESIGN_INLET_C) -> NodePower:
        """The node at idle, at the load (the GPUs' board W from the estimate at the load where the perf
        layer left it in the memo, else the profile's typical share), at max and at the extreme."""
        mx, tl = self.power.max_by_kind, self.profile.power.typical_load
        n, gpu_max = self.gpu_count, mx["gpu"]
        got = self.memo.get(GPU_POWER_AT_LOAD)
        at_load = got if isinstance(got, tuple) and n else None
        gpu_load = at_load[0] * n if at_load else gpu_max * tl["gpu"].value
        idle_share = self.profile.power.idle_load
        gpu_idle = at_load[1] * n if at_load else gpu_max * idle_share["gpu"].value
        fans = board = 0.0
        if self.chassis is not None:
            fans = FAN_SHARE_OF_BASELINE * self.chassis.baseline_power_w + self.chassis.fan_w_per_gpu_w * gpu_max
            board = mx["chassis"] - fans
        fans_full = fans / FAN_SPEED_AT_SIZING ** 3

        def fans_at(gpu_w: float) -> float:
            return fans_full * fan_speed(gpu_w / gpu_max if gpu_max else 0.0, inlet_c) ** 3

        host: tuple[Component, ...] = ("cpu", "dimm", "nic", "drive")
        load: dict[Component, float] = {"gpu": gpu_load, **{k: mx[k] * tl[k].value for k in host},
                                        "chassis": board + fans_at(gpu_load)}
        idle = gpu_idle + sum(mx[k] * idle_share[k].value for k in host) + board + fans_at(0.0)
        load_dc, max_dc = sum(load.values()), self.power.max_dc_w
        extreme_dc = max_dc - fans + fans_full
        return NodePower(idle, load_dc, max_dc, extreme_dc, self.wall_w(idle), self.wall_w(load_dc),
                         self.power.max_ac_w, self.wall_w(extreme_dc), load,
                         at_load[0] if at_load else None, "operating point" if at_load else "typical")

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
