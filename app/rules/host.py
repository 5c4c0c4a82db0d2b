"""Host: CPU cores and clocks, system RAM, network and storage around the GPUs (seeds 003, 004)."""

from __future__ import annotations

import math
from collections.abc import Iterator

from app.core.build import DriveRole, SlotKind
from app.core.parts import Cpu, Drive
from app.core.scenarios import CpuPreference
from app.rules.context import RuleContext
from app.rules.findings import Issue, Severity
from app.rules.fixes import AddParts, Fix, ReplacePart
from app.rules.profile import Sourced
from app.rules.registry import Need, rule
from app.rules.suggest import dimm_capacity_fix
from app.rules.summary import load_time_s
from app.rules.text import scenario_label, t


def _cpu_slots(ctx: RuleContext) -> tuple[str, ...]:
    return tuple(s for s, _ in ctx.cpus)


def _cpu_upgrade(ctx: RuleContext, *, min_cores: int = 0, min_base_ghz: float = 0.0,
                 prefer: str = "cores") -> Fix | None:
    """The closest CPU for this socket meeting the minimums, for every populated socket."""
    if not ctx.cpus or ctx.chassis is None:
        return None
    sockets = len(ctx.cpus)
    want = ctx.chassis.cpu_socket_type.strip().lower()
    per_socket = math.ceil(min_cores / sockets) if min_cores else 0
    options = [p for p in ctx.parts.values()
               if isinstance(p, Cpu) and p.socket.strip().lower() == want and p.max_sockets >= sockets
               and p.cores >= per_socket and p.base_ghz >= min_base_ghz and p.id != ctx.cpus[0][1].id]
    if not options:
        return None
    if prefer == "clock":
        options.sort(key=lambda p: (-p.base_ghz, p.cores, p.id))
    else:
        options.sort(key=lambda p: (p.cores, -p.base_ghz, p.id))
    best = options[0]
    return Fix(description=t("use {n} x {cpu} ({cores} cores, {ghz:g} GHz base)", n=sockets, cpu=best.display_name,
                             cores=best.cores, ghz=best.base_ghz),
               ops=(ReplacePart(slots=_cpu_slots(ctx), part_id=best.id),))


@rule("host.cores-per-gpu", Severity.WARNING, "8-16 CPU cores per GPU", needs=(Need.CHASSIS, Need.GPUS),
      thresholds=("host.cores_per_gpu_min", "host.cores_per_gpu_max"))
def cores_per_gpu(ctx: RuleContext) -> Iterator[Issue]:
    if not ctx.cpus:
        return
    h = ctx.profile.host
    lo, hi = h.cores_per_gpu_min, h.cores_per_gpu_max
    ratio = ctx.cores / ctx.gpu_count
    shown = round(ratio, 1)  # "32 cores per GPU" as the gauges say it, "10.7" where it is not whole
    text = t("{cores} cores / {gpus} GPU(s) = {ratio:g} cores per GPU; guideline {lo:g}-{hi:g}.", cores=ctx.cores,
             gpus=ctx.gpu_count, ratio=shown, lo=lo.value, hi=hi.value)
    if ratio < lo.value:
        fix = _cpu_upgrade(ctx, min_cores=int(lo.value * ctx.gpu_count))
        yield Issue(
            t("{ratio:g} CPU cores per GPU; at least {lo:g} recommended", ratio=shown, lo=lo.value),
            text + " " + t("Tokenisation, scheduling and KV-cache management run on the host and starve the GPUs."),
            sources=(lo.source,), slots=_cpu_slots(ctx), part_ids=tuple({c.id for _, c in ctx.cpus}),
            fixes=(fix,) if fix else (),
        )
    elif ratio > hi.value:
        yield Issue(
            t("{ratio:g} CPU cores per GPU; more than {hi:g} rarely helps inference", ratio=shown, hi=hi.value),
            text + " " + t("A smaller CPU may save cost and power (batch scenarios aside)."),
            severity=Severity.INFO, sources=(hi.source,), slots=_cpu_slots(ctx),
            part_ids=tuple({c.id for _, c in ctx.cpus}),
        )


def cores_floor(ctx: RuleContext) -> tuple[float, str]:
    """The server-wide core minimum, capped at the per-GPU ceiling times the GPUs placed.

    Seed 003's 32 cores and seed 004's "more than 16 per GPU rarely helps" cannot both hold on a
    1-GPU box; the per-GPU ceiling wins there (16 cores for one GPU, 32 from two GPUs up).
    """
    h = ctx.profile.host
    need = h.cores_min.value
    if ctx.gpu_count:
        need = min(need, h.cores_per_gpu_max.value * ctx.gpu_count)
    return need, h.cores_min.source


@rule("host.cores-min", Severity.WARNING, "At least 32 cores per server (16 per GPU for 1 GPU)",
      thresholds=("host.cores_min", "host.cores_per_gpu_max"))
def cores_min(ctx: RuleContext) -> Iterator[Issue]:
    need, source = cores_floor(ctx)
    if ctx.cpus and ctx.cores < need:
        h = ctx.profile.host
        fix = _cpu_upgrade(ctx, min_cores=int(need))
        capped = need < h.cores_min.value
        yield Issue(
            t("{cores} CPU cores; at least {need:g} recommended for an inference server", cores=ctx.cores,
              need=need),
            t("{n} x {cpu} = {cores} cores < {need:g}.", n=len(ctx.cpus), cpu=ctx.cpus[0][1].name, cores=ctx.cores,
              need=need)
            + (" " + t("The server-wide {full:g} is capped at {per_gpu:g} cores per GPU x {gpus} GPU(s), since more "
                       "rarely helps inference.", full=h.cores_min.value, per_gpu=h.cores_per_gpu_max.value,
                       gpus=ctx.gpu_count) if capped else ""),
            sources=(source, *((h.cores_per_gpu_max.source,) if capped else ())), slots=_cpu_slots(ctx),
            part_ids=(ctx.cpus[0][1].id,), fixes=(fix,) if fix else (),
        )


def base_clock_need(ctx: RuleContext) -> Sourced:
    """One base-clock threshold per build: the latency scenarios' higher one, else the general one."""
    h = ctx.profile.host
    spec = ctx.scenario
    if spec is not None and spec.cpu_preference is CpuPreference.CLOCK:
        return h.latency_base_clock_ghz
    return h.base_clock_min_ghz


@rule("host.base-clock", Severity.WARNING, "Base clock at least 2.5 GHz (3 GHz for latency-sensitive scenarios)",
      thresholds=("host.base_clock_min_ghz", "host.latency_base_clock_ghz"))
def base_clock(ctx: RuleContext) -> Iterator[Issue]:
    need = base_clock_need(ctx)
    if ctx.min_base_ghz is not None and ctx.min_base_ghz < need.value:
        cpu = min((c for _, c in ctx.cpus), key=lambda c: c.base_ghz)
        latency = need is ctx.profile.host.latency_base_clock_ghz
        fix = _cpu_upgrade(ctx, min_cores=ctx.cores, min_base_ghz=need.value,
                           prefer="clock" if latency else "cores")
        spec = ctx.scenario
        why = (t(" {scenario} is latency-sensitive: tokenisation and scheduling sit on the TTFT path (target TTFT "
                 "< {ttft:g} ms).", scenario=scenario_label(spec), ttft=spec.ttft_ms)
               if latency and spec is not None and spec.ttft_ms is not None else "")
        yield Issue(
            t("{cpu} base clock {ghz:g} GHz; at least {need:g} GHz recommended", cpu=cpu.display_name,
              ghz=cpu.base_ghz, need=need.value),
            t("Base {ghz:g} GHz < {need} (boost {boost:g} GHz is not sustained on all cores).", ghz=cpu.base_ghz,
              need=need, boost=cpu.boost_ghz) + why,
            sources=(need.source, *((spec.source,) if latency and spec is not None else ())), slots=_cpu_slots(ctx),
            part_ids=(cpu.id,), fixes=(fix,) if fix else (),
        )


@rule("host.cpu-scenario", Severity.INFO, "Throughput scenarios: many cores per socket",
      needs=(Need.CHASSIS, Need.WORKLOAD),
      thresholds=("host.batch_cores_per_socket",))
def cpu_scenario(ctx: RuleContext) -> Iterator[Issue]:
    spec = ctx.scenario
    if spec is None or not ctx.cpus:
        return
    h = ctx.profile.host
    cpu = ctx.cpus[0][1]
    # The clock side of the scenario is host.base-clock's threshold (one figure, one finding).
    if spec.cpu_preference is CpuPreference.CORES and cpu.cores < h.batch_cores_per_socket.value:
        fix = _cpu_upgrade(ctx, min_cores=int(h.batch_cores_per_socket.value) * len(ctx.cpus))
        yield Issue(
            t("{scenario} is throughput work: prefer many cores (>= {n:g} per socket)", scenario=scenario_label(spec),
              n=h.batch_cores_per_socket.value),
            t("{cpu}: {cores} cores per socket. Large batches keep many requests in pre- and post-processing at "
              "once.", cpu=cpu.name, cores=cpu.cores),
            sources=(h.batch_cores_per_socket.source, spec.source), slots=_cpu_slots(ctx), part_ids=(cpu.id,),
            fixes=(fix,) if fix else (),
        )


def _ram_target(ctx: RuleContext) -> float:
    return ctx.profile.host.ram_target_gb(ctx.vram_total_gib, ctx.cores)


def _ram_issue(ctx: RuleContext, need_gb: float, rule_text: str, threshold: Sourced) -> Issue:
    fix = dimm_capacity_fix(ctx, _ram_target(ctx))
    return Issue(
        t("{ram:g} GB RAM; {need:g} GB recommended ({rule})", ram=ctx.ram_gb, need=need_gb, rule=rule_text),
        t("{n} DIMM(s) = {ram:g} GB. Guideline: {rule} = {need:g} GB ({threshold}). Weights are staged through "
          "host memory at load, and KV-cache offload uses it.", n=len(ctx.dimms), ram=ctx.ram_gb, rule=rule_text,
          need=need_gb, threshold=threshold),
        sources=(threshold.source,), slots=tuple(s.id for s, _ in ctx.dimms),
        part_ids=tuple(sorted({d.id for _, d in ctx.dimms})), fixes=(fix,) if fix else (),
    )


@rule("host.ram-vram", Severity.WARNING, "System RAM at least 2 x total VRAM", needs=(Need.CHASSIS, Need.GPUS),
      thresholds=("host.ram_per_vram",))
def ram_vs_vram(ctx: RuleContext) -> Iterator[Issue]:
    th = ctx.profile.host.ram_per_vram
    need = th.value * ctx.vram_total_gib
    if ctx.cpus and ctx.dimms and ctx.ram_gb < need:
        yield _ram_issue(ctx, need, t("{factor:g} x {vram:g} GiB VRAM", factor=th.value, vram=ctx.vram_total_gib), th)


@rule("host.ram-cores", Severity.WARNING, "System RAM at least 2 GB per core",
      thresholds=("host.ram_gb_per_core",))
def ram_vs_cores(ctx: RuleContext) -> Iterator[Issue]:
    th = ctx.profile.host.ram_gb_per_core
    need = th.value * ctx.cores
    if ctx.cpus and ctx.dimms and ctx.ram_gb < need:
        yield _ram_issue(ctx, need, t("{gb:g} GB x {cores} cores", gb=th.value, cores=ctx.cores), th)


@rule("host.nic", Severity.WARNING, "Network speed suits the GPU count and multi-node traffic",
      needs=(Need.CHASSIS, Need.GPUS),
      thresholds=("host.nic_tiers",))
def nic_speed(ctx: RuleContext) -> Iterator[Issue]:
    tier = ctx.profile.host.nic_tier(ctx.gpu_count)
    w = ctx.workload
    multi = w is not None and w.gpus_per_replica > ctx.gpu_count and ctx.build.node_count > 1
    need = tier.multi_node_gbps if multi else tier.single_node_gbps
    rdma = tier.multi_node_rdma if multi else tier.single_node_rdma
    nics = [(s, n) for s, n in ctx.nics if n.rdma or not rdma]
    have = sum(n.total_gbps for _, n in nics)
    if have >= need:
        return
    kind = t("InfiniBand or RoCE (RDMA) ") if rdma else ""
    where = t("model traffic crosses nodes") if multi else t("one node")
    listed = ", ".join(f"{n.name} {n.ports} x {n.speed_gbps:g} Gb/s" for _, n in ctx.nics) or t("no add-in NIC")
    free = ctx.free_slots(SlotKind.PCIE)
    fixes: tuple[Fix, ...] = ()
    short = need - have
    # Fewest cards, then the least bandwidth that closes the gap (the index is sorted by bandwidth).
    options = [(math.ceil(short / n.total_gbps), i, n) for i, n in enumerate(ctx.index.nics) if n.rdma or not rdma]
    options = [o for o in options if o[0] <= len(free)]
    if options:
        count, _, n = min(options, key=lambda o: (o[0], o[1]))
        fixes = (Fix(description=t("add {n} x {nic} ({ports} x {speed:g} Gb/s)", n=count, nic=n.display_name,
                                   ports=n.ports, speed=n.speed_gbps),
                     ops=(AddParts(part_id=n.id, slots=tuple(free[:count])),)),)
    total = sum(n.total_gbps for _, n in ctx.nics)
    if not ctx.nics:
        message = t("No add-in NIC for {gpus} GPU(s); {need:g} Gb/s of {kind}network recommended",
                    gpus=ctx.gpu_count, need=need, kind=kind)
    elif rdma and have < total:
        message = t("{listed} placed ({total:g} Gb/s, {have:g} Gb/s of it RDMA); {need:g} Gb/s of {kind}network "
                    "recommended for {gpus} GPU(s)", listed=listed, total=total, have=have, need=need, kind=kind,
                    gpus=ctx.gpu_count)
    else:
        message = t("{listed} placed ({have:g} Gb/s); {need:g} Gb/s of {kind}network recommended for {gpus} GPU(s)",
                    listed=listed, have=have, need=need, kind=kind, gpus=ctx.gpu_count)
    yield Issue(
        message,
        t("{gpus} GPU(s), {where}: guideline {kind}>= {need:g} Gb/s. Placed: {listed}{note}. Onboard LAN ports are "
          "not modelled.", gpus=ctx.gpu_count, where=where, kind=kind, need=need, listed=listed,
          note=t(" (non-RDMA ports not counted)") if rdma and len(nics) < len(ctx.nics) else ""),
        sources=(tier.source,), slots=tuple(s for s, _ in ctx.nics),
        part_ids=tuple(sorted({n.id for _, n in ctx.nics})),
        fixes=fixes,
    )


def _data_drives(ctx: RuleContext) -> list[tuple[str, Drive]]:
    data = [(s, d) for s, d, role in ctx.drives if role is DriveRole.DATA]
    return data or [(s, d) for s, d, _ in ctx.drives]


@rule("host.storage", Severity.ERROR, "Storage holds the weights and loads them quickly",
      needs=(Need.CHASSIS, Need.WORKLOAD),
      thresholds=("host.data_drive_min_gb", "host.load_time_warn_s"))
def storage(ctx: RuleContext) -> Iterator[Issue]:
    h = ctx.profile.host
    weights = ctx.weights_gb
    assert weights is not None and ctx.llm is not None
    if not ctx.drives:
        yield Issue(
            t("No drive placed for the OS and the model weights"),
            t("{model} at {precision} is {gb:.0f} GB.", model=ctx.llm.name,
              precision=ctx.workload.weight_precision.value if ctx.workload else "", gb=weights),
            sources=(h.data_drive_min_gb.source,), part_ids=(ctx.llm.id,),
        )
        return
    data = _data_drives(ctx)
    capacity = sum(d.capacity_gb for _, d in data)
    slots = tuple(s for s, _ in data)
    ids = tuple(sorted({d.id for _, d in data}))
    if capacity < weights:
        yield Issue(
            t("Data drives hold {capacity:.0f} GB; the weights are {weights:.0f} GB", capacity=capacity,
              weights=weights),
            t("{n} data drive(s) = {capacity:.0f} GB < {weights:.0f} GB of weights (plus room for a second version "
              "during upgrades).", n=len(data), capacity=capacity, weights=weights),
            sources=(h.data_drive_min_gb.source,), slots=slots, part_ids=ids,
        )
    elif capacity < h.data_drive_min_gb.value:
        yield Issue(
            t("{capacity:.0f} GB for data; at least {min:g} GB NVMe recommended", capacity=capacity,
              min=h.data_drive_min_gb.value),
            t("Weights take {weights:.0f} GB; keep room for model versions and datasets.", weights=weights),
            severity=Severity.INFO, sources=(h.data_drive_min_gb.source,), slots=slots, part_ids=ids,
        )
    seconds = load_time_s(ctx)
    if seconds is not None and seconds > h.load_time_warn_s.value:
        fastest = max((d for _, d in data), key=lambda d: d.seq_read_mbs)
        yield Issue(
            t("Loading the weights takes about {s:.0f} s", s=seconds),
            t("{weights:.0f} GB / {mbs:g} MB/s sequential read ({drive}) = {s:.0f} s > {limit}. A PCIe 5.0 NVMe drive "
              "(>= 10 GB/s) loads in seconds to minutes.", weights=weights, mbs=fastest.seq_read_mbs,
              drive=fastest.name, s=seconds, limit=h.load_time_warn_s),
            severity=Severity.WARNING, sources=(h.load_time_warn_s.source,), slots=slots, part_ids=ids,
        )


@rule("host.system-drives", Severity.INFO, "System disks: 2 x 480 GB in RAID 1",
      thresholds=("host.system_drive_gb", "host.system_drive_count"))
def system_drives(ctx: RuleContext) -> Iterator[Issue]:
    h = ctx.profile.host
    size, count = h.system_drive_gb.value, int(h.system_drive_count.value)
    chassis = ctx.chassis
    assert chassis is not None
    system = [(s, d) for s, d, role in ctx.drives if role is DriveRole.SYSTEM and d.capacity_gb >= size]
    if len(system) >= count:
        return
    missing = count - len(system)
    fixes: tuple[Fix, ...] = ()
    free_m2 = ctx.free_slots(SlotKind.M2)
    free_bays = ctx.free_slots(SlotKind.DRIVE)
    for d in ctx.index.drives:
        if d.capacity_gb < size:
            continue
        is_m2 = d.form_factor.strip().lower() == "m.2"
        slots = free_m2 if is_m2 else (free_bays if chassis.accepts_drive(d.form_factor) else [])
        if not slots and is_m2:
            continue
        if len(slots) >= missing:
            fixes = (Fix(description=t("add {n} x {drive} ({gb:g} GB) as RAID 1 system disks", n=missing,
                                       drive=d.display_name, gb=d.capacity_gb),
                         ops=(AddParts(part_id=d.id, slots=tuple(slots[:missing]), role=DriveRole.SYSTEM),)),)
            break
    yield Issue(
        t("{n} system disk(s) of >= {gb:g} GB; {count} in RAID 1 recommended", n=len(system), gb=size, count=count),
        t("OS and logs on a mirrored pair keep the node up when one disk fails ({source}). Drives in M.2 slots count "
          "as system disks unless marked otherwise.", source=h.system_drive_count.source),
        sources=(h.system_drive_gb.source,), slots=tuple(s for s, _ in system), fixes=fixes,
    )
