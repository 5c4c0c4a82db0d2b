"""Complete a node around its GPUs: CPUs, memory, NICs, drives and PSUs chosen to pass the rules.

Each choice reads its threshold from the rule profile (never a constant of its own), so the host
the search builds is the one the rules ask for: CPU cores and clock (host.cores-*, host.base-clock),
every memory channel populated evenly to RAM >= 2 x VRAM and >= 2 GB per core (fit.dimm-balance,
host.ram-*), network by GPU count and multi-node traffic (host.nic), the system pair and a data
drive sized for the weights (host.system-drives, host.storage), PCIe lanes (fit.pcie-lanes) and
PSUs for the redundancy mode at the site's line voltage (power.*). The rules still have the last
word: the search validates every completed build with the same RuleEngine as a hand-made one.

Where a choice ties, the cheaper part wins, then the lower power; a part without a price comes
after priced ones (its price is unknown, not zero).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from app.core.build import (
    Build,
    DriveRole,
    Environment,
    Placement,
    Redundancy,
    SlotKind,
    dimm_slot_id,
    slot_layout,
)
from app.core.labels import redundancy_key_label
from app.core.parts import AnyPart, Chassis, Cpu, Dimm, Drive, Gpu, GpuFormFactor, Nic, Psu
from app.core.placement import free_slots_for, gpu_mismatch
from app.core.scenarios import CpuPreference
from app.recommend.text import t
from app.rules.context import psus_needed
from app.rules.engine import RuleEngine

_NO_PRICE = Decimal("1e15")


def _price_key(price: Decimal | None) -> tuple[bool, Decimal]:
    return (price is None, price if price is not None else _NO_PRICE)


def _is_m2(d: Drive) -> bool:
    return d.form_factor.strip().lower() == "m.2"


@dataclass(frozen=True, slots=True)
class HostPlan:
    """The non-GPU parts of one node and why each was chosen."""

    placements: tuple[Placement, ...]  # GPUs included, in slot order
    notes: tuple[str, ...]
    problems: tuple[str, ...]  # what could not be completed to the rules (the rules will say it again)


@dataclass(frozen=True, slots=True)
class _CpuChoice:
    cpu: Cpu
    sockets: int
    warnings: int


class HostPlanner:
    """Per-catalog host completion with caches; make one per RuleEngine."""

    def __init__(self, parts: Mapping[str, AnyPart], engine: RuleEngine) -> None:
        self.parts = parts
        self.engine = engine
        self.profile = engine.profile
        self.index = engine.index
        self.cpus: list[Cpu] = sorted((p for p in parts.values() if isinstance(p, Cpu)), key=lambda c: c.id)
        self.chassis: list[Chassis] = sorted((p for p in parts.values() if isinstance(p, Chassis)),
                                             key=lambda c: c.id)
        self._positions: dict[tuple[str, str], int] = {}
        self._cpu_cache: dict[tuple[str, int, CpuPreference, str], _CpuChoice | None] = {}
        self._plan_cache: dict[tuple[object, ...], HostPlan] = {}

    # --- chassis --------------------------------------------------------------------------------

    def positions(self, chassis: Chassis, gpu: Gpu) -> int:
        """How many of ``gpu`` the chassis takes (placement.why_not on every GPU position); none of a card
        wider than a position, which would cover its neighbours (placement.gpu_mismatch)."""
        key = (chassis.id, gpu.id)
        n = self._positions.get(key)
        if n is None:
            n = 0 if gpu_mismatch(gpu, chassis) else len(free_slots_for(gpu, slot_layout(chassis), chassis, {}))
            self._positions[key] = n
        return n

    def chassis_for(self, gpu: Gpu, *, liquid: bool) -> list[Chassis]:
        """Chassis that physically take the GPU and cool it (air limit, or a liquid option on a liquid site)."""
        out = []
        for c in self.chassis:
            if self.positions(c, gpu) == 0:
                continue
            if gpu.tdp_w > c.max_gpu_tdp_air_w and not (c.liquid_cooling_option and liquid):
                continue
            out.append(c)
        return out

    def why_not_chassis(self, gpu: Gpu, chassis: Chassis) -> str | None:
        layout = slot_layout(chassis)
        slots = layout.of_kind(SlotKind.GPU)
        if not slots:
            return t("{chassis} has no GPU positions", chassis=chassis.name)
        return gpu_mismatch(gpu, chassis)

    # --- CPUs -----------------------------------------------------------------------------------

    def _dimm_pool(self, cpu: Cpu) -> list[Dimm]:
        return self.index.dimms_by_type.get(cpu.memory_type.lower(), [])

    def choose_cpu(self, chassis: Chassis, gpus: int, preference: CpuPreference,
                   currency: str = "USD") -> _CpuChoice | None:
        """Fewest rule warnings, then the cheapest (priced before unpriced), then fewer advisories, less TDP."""
        key = (chassis.id, gpus, preference, currency)
        if key in self._cpu_cache:
            return self._cpu_cache[key]
        h = self.profile.host
        sockets = chassis.cpu_sockets
        want = chassis.cpu_socket_type.strip().lower()
        best: tuple[object, ...] | None = None
        choice: _CpuChoice | None = None
        for cpu in self.cpus:
            if cpu.socket.strip().lower() != want or cpu.max_sockets < sockets or not self._dimm_pool(cpu):
                continue
            cores = cpu.cores * sockets
            warnings = (int(cores < h.cores_per_gpu_min.value * gpus) + int(cores < h.cores_min.value)
                        + int(cpu.base_ghz < h.base_clock_min_ghz.value))
            infos = int(cores > h.cores_per_gpu_max.value * gpus)
            if preference is CpuPreference.CLOCK and cpu.base_ghz < h.latency_base_clock_ghz.value:
                infos += 1
            if preference is CpuPreference.CORES and cpu.cores < h.batch_cores_per_socket.value:
                infos += 1
            k = (warnings, *_price_key(cpu.price if cpu.currency == currency else None), infos, cpu.tdp_w, cpu.id)
            if best is None or k < best:
                best, choice = k, _CpuChoice(cpu, sockets, warnings)
        self._cpu_cache[key] = choice
        return choice

    # --- memory ---------------------------------------------------------------------------------

    def choose_dimms(self, chassis: Chassis, cpu: Cpu, sockets: int, target_gb: float) -> tuple[Dimm, int, bool]:
        """(DIMM model, DIMMs per channel, reaches the target): least memory reaching it, 1 DPC first."""
        channels = min(chassis.memory_channels_per_socket, cpu.memory_channels) * sockets
        best: tuple[object, ...] | None = None
        pick: tuple[Dimm, int] | None = None
        biggest: tuple[int, Dimm, int] | None = None
        for d in self._dimm_pool(cpu):
            for dpc in range(1, chassis.dimms_per_channel + 1):
                total = channels * dpc * d.capacity_gb
                if biggest is None or total > biggest[0]:
                    biggest = (total, d, dpc)
                if total >= target_gb:
                    slow = d.speed_mts < cpu.max_memory_speed_mts
                    k = (total, dpc, slow, abs(d.speed_mts - cpu.max_memory_speed_mts), *_price_key(d.price),
                         d.power_w, d.id)
                    if best is None or k < best:
                        best, pick = k, (d, dpc)
                    break
        if pick is not None:
            return pick[0], pick[1], True
        assert biggest is not None  # the CPU was chosen only if its memory type has DIMMs
        return biggest[1], biggest[2], False

    # --- network --------------------------------------------------------------------------------

    def choose_nics(self, chassis: Chassis, gpus: int, multi_node: bool) -> tuple[Nic, int] | None:
        tier = self.profile.host.nic_tier(gpus)
        need = tier.multi_node_gbps if multi_node else tier.single_node_gbps
        rdma = tier.multi_node_rdma if multi_node else tier.single_node_rdma
        options = []
        # Fewest cards, then the least bandwidth and power that close the gap (the rule's fix order);
        # the catalog prices almost no NIC, so price would only push the one priced card forward.
        for i, n in enumerate(self.index.nics):
            if rdma and not n.rdma:
                continue
            count = math.ceil(need / n.total_gbps - 1e-9)
            if count <= chassis.pcie_slots:
                options.append((count, n.pcie_lanes > chassis.pcie_slot_lanes, i, n))
        if not options:
            return None
        best = min(options, key=lambda o: o[:3])
        return best[3], best[0]

    # --- storage --------------------------------------------------------------------------------

    def choose_system_drives(self, chassis: Chassis, *, prefer_lanes: bool) -> tuple[Drive, bool] | None:
        """(drive, in M.2 slots): the mirrored system pair."""
        h = self.profile.host
        size, count = h.system_drive_gb.value, int(h.system_drive_count.value)
        m2 = chassis.boot_m2_slots >= count
        options = []
        for d in self.index.drives:
            if d.capacity_gb < size or _is_m2(d) != m2:
                continue
            if not m2 and not chassis.accepts_drive(d.form_factor):
                continue
            nvme = d.interface.strip().lower() == "nvme"
            lanes_key = d.pcie_lanes if prefer_lanes else 0
            options.append((lanes_key, d.capacity_gb, not nvme, *_price_key(d.price), d.id, d))
        if not options:
            return None
        return min(options, key=lambda o: o[:6])[6], m2

    def choose_data_drives(self, chassis: Chassis, need_gb: float, weights_gb: float,
                           free_bays: int) -> tuple[Drive, int] | None:
        h = self.profile.host
        options = []
        for d in self.index.drives:
            if _is_m2(d) or not chassis.accepts_drive(d.form_factor):
                continue
            count = max(1, math.ceil(need_gb / d.capacity_gb - 1e-9))
            if count > free_bays:
                continue
            slow = weights_gb * 1000 / d.seq_read_mbs > h.load_time_warn_s.value
            nvme = d.interface.strip().lower() == "nvme"
            options.append((count, slow, not nvme, d.capacity_gb * count, *_price_key(d.price), -d.seq_read_mbs,
                            d.id, d, count))
        if not options:
            return None
        best = min(options, key=lambda o: o[:8])
        return best[8], best[9]

    # --- power ----------------------------------------------------------------------------------

    def choose_psus(self, chassis: Chassis, load_w: float, voltage: float,
                    mode: Redundancy) -> tuple[Psu, int, bool]:
        """(PSU, count, carries the load): fewest PSUs, then the smallest rating, as the rules' fix."""
        best: tuple[object, ...] | None = None
        pick: tuple[Psu, int] | None = None
        biggest: Psu | None = None
        for psu in self.index.psus:  # sorted by rating
            rating = psu.rating_w(voltage)
            if rating <= 0 or psu.rating_high_line_w < chassis.psu_min_rating_w:
                continue
            biggest = psu if biggest is None or rating > biggest.rating_w(voltage) else biggest
            n = psus_needed(load_w, rating, mode)
            if n > chassis.psu_bays:
                continue
            k = (n, rating, *_price_key(psu.price), psu.id)
            if best is None or k < best:
                best, pick = k, (psu, n)
        if pick is not None:
            return pick[0], pick[1], True
        fallback = biggest or self.index.psus[-1]
        return fallback, chassis.psu_bays, False

    # --- the node -------------------------------------------------------------------------------

    def complete(self, *, chassis: Chassis, gpu: Gpu, gpus: int, preference: CpuPreference, multi_node: bool,
                 weights_gb: float, environment: Environment, redundancy: Redundancy,
                 currency: str = "USD") -> HostPlan:
        h = self.profile.host
        data_need = max(h.data_drive_min_gb.value, 2 * weights_gb)
        # Drives depend on the weights only through the data size and the load-time class.
        key = (chassis.id, gpu.id, gpus, preference, multi_node, round(data_need, -2), round(weights_gb, -2),
               environment, redundancy, currency)
        cached = self._plan_cache.get(key)
        if cached is not None:
            return cached
        plan = self._complete(chassis, gpu, gpus, preference, multi_node, weights_gb, data_need, environment,
                              redundancy, currency)
        self._plan_cache[key] = plan
        return plan

    def _complete(self, chassis: Chassis, gpu: Gpu, gpus: int, preference: CpuPreference, multi_node: bool,
                  weights_gb: float, data_need: float, environment: Environment,
                  redundancy: Redundancy, currency: str) -> HostPlan:
        h = self.profile.host
        notes: list[str] = []
        problems: list[str] = []
        layout = slot_layout(chassis)
        placements: list[Placement] = []
        gpu_slots = free_slots_for(gpu, layout, chassis, {})[:gpus]
        placements.append(Placement(part_id=gpu.id, slots=tuple(gpu_slots)))

        choice = self.choose_cpu(chassis, gpus, preference, currency)
        if choice is None:
            problems.append(t("no CPU in the catalog fits {chassis}'s {socket} socket with DIMMs of its memory type",
                              chassis=chassis.name, socket=chassis.cpu_socket_type))
            return HostPlan(tuple(placements), tuple(notes), tuple(problems))
        cpu, sockets = choice.cpu, choice.sockets
        placements.append(Placement(part_id=cpu.id, slots=tuple(f"cpu{i}" for i in range(sockets))))
        cores = cpu.cores * sockets
        notes.append(t("CPU: {sockets} x {cpu} = {cores} cores, {ghz:g} GHz base (>= {per_gpu:g} per GPU and >= "
                       "{per_server:g} per server, base >= {min_ghz:g} GHz)", sockets=sockets, cpu=cpu.display_name,
                       cores=cores, ghz=cpu.base_ghz, per_gpu=h.cores_per_gpu_min.value,
                       per_server=h.cores_min.value, min_ghz=h.base_clock_min_ghz.value))

        vram = gpu.vram_gib * gpus
        target = h.ram_target_gb(vram, cores)
        dimm, dpc, enough = self.choose_dimms(chassis, cpu, sockets, target)
        channels = min(chassis.memory_channels_per_socket, cpu.memory_channels)
        dimm_slots = tuple(dimm_slot_id(s, c, n) for s in range(sockets) for n in range(dpc) for c in range(channels))
        placements.append(Placement(part_id=dimm.id, slots=dimm_slots))
        ram = len(dimm_slots) * dimm.capacity_gb
        notes.append(t("RAM: {count} x {size} GB {speed} MT/s = {ram} GB, all {channels} channels at {dpc} per "
                       "channel (target max({per_vram:g} x {vram:g} GB VRAM, {per_core:g} GB x {cores} cores) = "
                       "{target:g} GB)", count=len(dimm_slots), size=dimm.capacity_gb, speed=dimm.speed_mts, ram=ram,
                       channels=channels * sockets, dpc=dpc, per_vram=h.ram_per_vram.value, vram=vram,
                       per_core=h.ram_gb_per_core.value, cores=cores, target=target))
        if not enough:
            problems.append(t("the largest even population gives {ram} GB RAM, below {target:g} GB", ram=ram,
                              target=target))

        nic_pick = self.choose_nics(chassis, gpus, multi_node)
        nic_lanes = 0
        if nic_pick is not None:
            nic, count = nic_pick
            nic_lanes = nic.pcie_lanes * count
            placements.append(Placement(part_id=nic.id, slots=tuple(f"pcie{i}" for i in range(count))))
            tier = h.nic_tier(gpus)
            need = tier.multi_node_gbps if multi_node else tier.single_node_gbps
            notes.append(t("Network: {count} x {nic} ({ports} x {speed:g} Gb/s{rdma}) for {gpus} GPU(s){across}: "
                           ">= {need:g} Gb/s", count=count, nic=nic.display_name, ports=nic.ports,
                           speed=nic.speed_gbps, rdma=", RDMA" if nic.rdma else "", gpus=gpus,
                           across=t(" with model traffic across nodes") if multi_node else "", need=need))
        else:
            problems.append(t("no NIC combination fits {chassis}'s {slots} PCIe slots", chassis=chassis.name,
                              slots=chassis.pcie_slots))

        gpu_lanes = gpu.pcie_lanes * gpus
        cpu_lanes = cpu.pcie_lanes_2p if sockets >= 2 and cpu.pcie_lanes_2p else cpu.pcie_lanes * sockets
        tight = not chassis.pcie_switches
        system = self.choose_system_drives(chassis, prefer_lanes=False)
        bays_used = 0
        drive_lanes = 0
        if system is not None:
            sys_drive, in_m2 = system
            count = int(h.system_drive_count.value)
            if tight and gpu_lanes + nic_lanes + sys_drive.pcie_lanes * count > cpu_lanes:
                system = self.choose_system_drives(chassis, prefer_lanes=True)
                assert system is not None
                sys_drive, in_m2 = system
            slots = tuple(f"m2-{i}" for i in range(count)) if in_m2 else tuple(f"drive{i}" for i in range(count))
            bays_used = 0 if in_m2 else count
            drive_lanes += sys_drive.pcie_lanes * count
            placements.append(Placement(part_id=sys_drive.id, slots=slots, role=DriveRole.SYSTEM))
            notes.append(t("System: {count} x {drive} ({size:g} GB) in RAID 1", count=count,
                           drive=sys_drive.display_name, size=sys_drive.capacity_gb))
        else:
            problems.append(t("no system drive pair fits {chassis}", chassis=chassis.name))

        data = self.choose_data_drives(chassis, data_need, weights_gb, chassis.drive_bays - bays_used)
        if data is not None:
            drive, count = data
            drive_lanes += drive.pcie_lanes * count
            placements.append(Placement(part_id=drive.id, slots=tuple(f"drive{bays_used + i}" for i in range(count)),
                                        role=DriveRole.DATA))
            notes.append(t("Data: {count} x {drive} = {total:,.0f} GB, {read:,.0f} MB/s (>= max({min_gb:g} GB, 2 x "
                           "weights): room for a second model version)", count=count, drive=drive.display_name,
                           total=drive.capacity_gb * count, read=drive.seq_read_mbs,
                           min_gb=h.data_drive_min_gb.value))
        else:
            problems.append(t("no data drive of {size:,.0f} GB fits {chassis}'s bays", size=data_need,
                              chassis=chassis.name))
        if tight and gpu_lanes + nic_lanes + drive_lanes > cpu_lanes:
            problems.append(t("devices need {need} PCIe lanes; the CPUs give {have}",
                              need=gpu_lanes + nic_lanes + drive_lanes, have=cpu_lanes))

        # PSUs for the node's max draw, computed by the rules' own context.
        probe = Build(name="probe", chassis_id=chassis.id, placements=tuple(placements), environment=environment,
                      psu_redundancy=redundancy)
        ctx = self.engine.context(probe)
        load = ctx.power.max_dc_w
        psu, n, carries = self.choose_psus(chassis, load, ctx.site.voltage, redundancy)
        placements.append(Placement(part_id=psu.id, slots=tuple(f"psu{i}" for i in range(n))))
        notes.append(t("PSUs: {count} x {psu} ({rating:g} W at {volts:g} V) for {load:,.0f} W max draw, "
                       "{redundancy}", count=n, psu=psu.display_name, rating=psu.rating_w(ctx.site.voltage),
                       volts=ctx.site.voltage, load=load, redundancy=redundancy_key_label(redundancy)))
        if not carries:
            problems.append(t("{chassis}'s {bays} PSU bay(s) cannot carry {load:,.0f} W under {redundancy}",
                              chassis=chassis.name, bays=chassis.psu_bays, load=load,
                              redundancy=redundancy_key_label(redundancy)))
        return HostPlan(tuple(placements), tuple(notes), tuple(problems))


def gpu_counts(chassis: Chassis, positions: int, limit: int | None) -> Sequence[int]:
    """GPUs per node this chassis can hold: a baseboard only full, PCIe positions 1..n (capped by ``limit``)."""
    if chassis.gpu_form_factor is not GpuFormFactor.PCIE:
        return (positions,) if limit is None or positions <= limit else ()
    top = positions if limit is None else min(positions, limit)
    return tuple(range(1, top + 1))
