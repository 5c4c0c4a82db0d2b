"""Physical fit: parts exist, sit in slots that take them, and the platform can feed them."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from app.core.build import SLOT_KINDS_FOR_PART, SlotKind, gpu_positions_needed
from app.core.parts import Cpu, Dimm, GpuFormFactor, Llm
from app.rules.context import RuleContext
from app.rules.findings import Issue, Severity
from app.rules.fixes import AddParts, Fix, RemoveParts, ReplacePart
from app.rules.registry import rule
from app.rules.suggest import dimm_channels, dimm_population_fix, same_kind_gpus

PLATFORM = "platform rule (DOMAIN.md, Host rules)"
VENDOR = "the chassis' catalog entry (vendor specification)"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _remove(slots: list[str] | tuple[str, ...], what: str) -> Fix:
    return Fix(description=f"remove {what}", ops=(RemoveParts(slots=tuple(slots)),))


@rule("fit.chassis", Severity.ERROR, "The chassis is in the catalog", needs=())
def chassis_known(ctx: RuleContext) -> Iterator[Issue]:
    if ctx.chassis is None:
        part = ctx.parts.get(ctx.build.chassis_id)
        what = f"is a {part.kind.value}, not a chassis" if part is not None else "is not in the catalog"
        yield Issue(
            f"Chassis '{ctx.build.chassis_id}' {what}",
            "Slots, power and cooling checks need the chassis; they are skipped until it is chosen.",
            part_ids=(ctx.build.chassis_id,),
        )


@rule("fit.unknown-part", Severity.ERROR, "Every placed part is in the catalog", needs=())
def unknown_parts(ctx: RuleContext) -> Iterator[Issue]:
    missing: dict[str, list[str]] = defaultdict(list)
    for x in ctx.placed:
        if x.part is None:
            missing[x.part_id].append(x.slot_id)
    for part_id, slots in missing.items():
        yield Issue(
            f"Part '{part_id}' is not in the catalog",
            f"{len(slots)} slot(s) hold '{part_id}', which this catalog does not have (deleted, or a project "
            "from another catalog). It counts for nothing in the other checks.",
            slots=tuple(slots), part_ids=(part_id,), fixes=(_remove(slots, f"'{part_id}'"),),
        )


@rule("fit.slot", Severity.ERROR, "Each part sits in a slot that exists and takes its kind")
def slot_kinds(ctx: RuleContext) -> Iterator[Issue]:
    assert ctx.chassis is not None and ctx.layout is not None
    for x in ctx.placed:
        if x.part is None:
            continue
        if x.slot is None:
            yield Issue(
                f"{ctx.chassis.name} has no slot {x.slot_id}",
                f"The chassis has {ctx.chassis.gpu_slots} GPU positions, {ctx.chassis.cpu_sockets} sockets, "
                f"{ctx.chassis.dimm_slots_per_socket} DIMM slots per socket, {ctx.chassis.psu_bays} PSU bays, "
                f"{ctx.chassis.pcie_slots} PCIe slots, {ctx.chassis.drive_bays} drive bays and "
                f"{ctx.chassis.boot_m2_slots} M.2 slots; '{x.part_id}' in {x.slot_id} is not counted.",
                sources=(VENDOR,), slots=(x.slot_id,), part_ids=(x.part_id, ctx.chassis.id),
                fixes=(_remove([x.slot_id], f"{x.part_id} from {x.slot_id}"),),
            )
        elif x.slot.kind not in SLOT_KINDS_FOR_PART.get(x.part.kind, ()):
            if isinstance(x.part, Llm):
                why = "a model is part of the workload, not of the hardware"
            else:
                kinds = SLOT_KINDS_FOR_PART.get(x.part.kind, ())
                why = f"a {x.part.kind.value} goes in " + (" or ".join(k.value for k in kinds) or "no") + " slots"
            yield Issue(
                f"{x.part.kind.value.upper()} '{x.part_id}' cannot sit in {x.slot.kind.value} slot {x.slot_id}",
                f"{_cap(why)}; it is not counted where it is.",
                slots=(x.slot_id,), part_ids=(x.part_id,),
                fixes=(_remove([x.slot_id], f"{x.part_id} from {x.slot_id}"),),
            )


@rule("fit.gpu-form-factor", Severity.ERROR, "GPU form factor matches the chassis (SXM/OAM baseboard vs PCIe)")
def gpu_form_factor(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    by_model: dict[str, list[str]] = defaultdict(list)
    models = {}
    for slot, gpu in ctx.gpus:
        if gpu.form_factor is not chassis.gpu_form_factor:
            by_model[gpu.id].append(slot)
            models[gpu.id] = gpu
    for gpu_id, slots in by_model.items():
        gpu = models[gpu_id]
        if chassis.gpu_form_factor is GpuFormFactor.PCIE:
            why = (f"{gpu.form_factor.value} modules mount on a vendor baseboard (e.g. HGX) in a chassis built "
                   "for it; this chassis has PCIe slots")
        elif gpu.form_factor is GpuFormFactor.PCIE:
            why = f"this chassis' GPU positions are {chassis.gpu_form_factor.value} sockets on a baseboard"
        else:
            why = f"{gpu.form_factor.value} and {chassis.gpu_form_factor.value} modules are not interchangeable"
        fixes = []
        alt = same_kind_gpus(ctx, gpu)
        if alt:
            fixes.append(Fix(description=f"use {alt[0].display_name} ({alt[0].vram_gb:g} GB, "
                                         f"{alt[0].form_factor.value}) instead",
                             ops=(ReplacePart(slots=tuple(slots), part_id=alt[0].id),)))
        yield Issue(
            f"{gpu.display_name} is {gpu.form_factor.value}; {chassis.name} takes {chassis.gpu_form_factor.value} GPUs",
            f"{_cap(why)} (DOMAIN.md: SXM/OAM modules need their baseboard chassis).",
            sources=(VENDOR, "DOMAIN.md, Power, racks, cooling"),
            slots=tuple(slots), part_ids=(gpu.id, chassis.id), fixes=tuple(fixes),
        )


@rule("fit.gpu-width", Severity.ERROR, "PCIe GPUs fit the width of their position")
def gpu_width(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None and ctx.layout is not None
    width = chassis.gpu_max_slot_width
    for slot, gpu in ctx.gpus:
        if gpu.form_factor is not GpuFormFactor.PCIE or gpu.slot_width is None:
            continue
        covers = gpu_positions_needed(gpu.slot_width, width)
        if covers <= 1:
            continue
        i = int(slot[3:])
        neighbours = [f"gpu{j}" for j in range(i + 1, i + covers)]
        blocked = [n for n in neighbours if n not in ctx.layout or n in ctx.occupied]
        explanation = (f"The card is {gpu.slot_width} slots wide; each GPU position of {chassis.name} takes "
                       f"{width} slots, so it covers {covers} positions ({slot}, {', '.join(neighbours)}).")
        if blocked:
            yield Issue(
                f"{gpu.display_name} in {slot} is {gpu.slot_width} slots wide: no room next to it",
                explanation + f" {', '.join(blocked)} is taken or does not exist.",
                sources=(VENDOR,), slots=(slot, *blocked), part_ids=(gpu.id,),
                fixes=(_remove([slot], f"{gpu.id} from {slot}"),),
            )
        else:
            yield Issue(
                f"{gpu.display_name} in {slot} covers {', '.join(neighbours)}: leave it empty",
                explanation, severity=Severity.WARNING, sources=(VENDOR,), slots=(slot, *neighbours),
                part_ids=(gpu.id,),
            )


@rule("fit.gpu-baseboard", Severity.WARNING, "An SXM/OAM baseboard is fully populated")
def gpu_baseboard(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    if chassis.gpu_form_factor is GpuFormFactor.PCIE or not ctx.gpus:
        return
    modules = [(s, g) for s, g in ctx.gpus if g.form_factor is chassis.gpu_form_factor]
    if not modules or len(modules) == chassis.gpu_slots:
        return
    free = ctx.free_slots(SlotKind.GPU)
    gpu = modules[0][1]
    fixes: tuple[Fix, ...] = ()
    if len(free) >= chassis.gpu_slots - len(modules):
        fixes = (Fix(description=f"fill the baseboard with {len(free)} more {gpu.id}",
                     ops=(AddParts(part_id=gpu.id, slots=tuple(free)),)),)
    yield Issue(
        f"{len(modules)} of {chassis.gpu_slots} {chassis.gpu_form_factor.value} positions populated",
        f"{chassis.gpu_form_factor.value} baseboards (HGX, OAM UBB) are sold fully populated and wired as one "
        f"NVLink/Infinity Fabric domain of {chassis.gpu_slots}; a partly populated board is not a standard "
        "configuration. Choose a smaller baseboard or PCIe GPUs for fewer cards.",
        sources=(VENDOR,), slots=tuple(s for s, _ in modules), part_ids=(gpu.id, chassis.id), fixes=fixes,
    )


def _cpu_alternative(ctx: RuleContext, cpu: Cpu) -> Cpu | None:
    chassis = ctx.chassis
    assert chassis is not None
    want = chassis.cpu_socket_type.strip().lower()
    options = [p for p in ctx.parts.values() if isinstance(p, Cpu) and p.socket.strip().lower() == want
               and p.max_sockets >= len(ctx.cpus)]
    options.sort(key=lambda p: (abs(p.cores - cpu.cores), -p.base_ghz, p.id))
    return options[0] if options else None


@rule("fit.cpu-socket", Severity.ERROR, "CPU socket type matches the chassis")
def cpu_socket(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    want = chassis.cpu_socket_type.strip().lower()
    wrong = [(s, c) for s, c in ctx.cpus if c.socket.strip().lower() != want]
    if not wrong:
        return
    cpu = wrong[0][1]
    slots = tuple(s for s, _ in wrong)
    alt = _cpu_alternative(ctx, cpu)
    fixes = (Fix(description=f"use {alt.display_name} ({alt.cores} cores, {alt.socket}) instead",
                 ops=(ReplacePart(slots=slots, part_id=alt.id),)),) if alt else ()
    yield Issue(
        f"{cpu.display_name} is {cpu.socket}; {chassis.name} has {chassis.cpu_socket_type} sockets",
        f"The CPU's socket ({cpu.socket}) must equal the board's ({chassis.cpu_socket_type}).",
        sources=(VENDOR,), slots=slots, part_ids=(cpu.id, chassis.id), fixes=fixes,
    )


@rule("fit.cpu-population", Severity.ERROR, "Sockets hold one CPU model, within its socket count")
def cpu_population(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    if not ctx.cpus:
        yield Issue("No CPU placed", f"{chassis.name} has {chassis.cpu_sockets} socket(s); a node needs a CPU.",
                    slots=("cpu0",), part_ids=(chassis.id,))
        return
    models = Counter(c.id for _, c in ctx.cpus)
    if len(models) > 1:
        yield Issue(
            "Different CPU models in one node",
            "Multi-socket boards need identical CPUs: " + ", ".join(f"{n} x {m}" for m, n in sorted(models.items())),
            sources=(PLATFORM,), slots=tuple(s for s, _ in ctx.cpus), part_ids=tuple(sorted(models)),
        )
    cpu = ctx.cpus[0][1]
    if len(ctx.cpus) > cpu.max_sockets:
        yield Issue(
            f"{cpu.display_name} supports {cpu.max_sockets} socket(s), {len(ctx.cpus)} placed",
            f"{cpu.name} is a {cpu.max_sockets}P part; it cannot run in a {len(ctx.cpus)}-socket system.",
            sources=("the CPU's catalog entry (vendor specification)",), slots=tuple(s for s, _ in ctx.cpus),
            part_ids=(cpu.id,),
        )
    free = ctx.free_slots(SlotKind.CPU)
    if free and cpu.max_sockets >= chassis.cpu_sockets:
        yield Issue(
            f"{len(free)} of {chassis.cpu_sockets} CPU sockets empty",
            "On dual-socket boards the DIMM slots and PCIe lanes (often GPU slots) of an empty socket are dead; "
            "only use one socket if the vendor supports 1P population of this chassis.",
            severity=Severity.WARNING, sources=(PLATFORM,), slots=tuple(free), part_ids=(cpu.id, chassis.id),
            fixes=(Fix(description=f"add a second {cpu.display_name}",
                       ops=(AddParts(part_id=cpu.id, slots=tuple(free)),)),),
        )


@rule("fit.dimm-type", Severity.ERROR, "DIMMs match the CPU's memory type")
def dimm_type(ctx: RuleContext) -> Iterator[Issue]:
    if not ctx.cpus or not ctx.dimms:
        return
    cpu = ctx.cpus[0][1]
    want = cpu.memory_type.lower()
    wrong: dict[str, list[str]] = defaultdict(list)
    models: dict[str, Dimm] = {}
    for slot, d in ctx.dimms:
        if d.memory_type.lower() != want:
            wrong[d.id].append(slot.id)
            models[d.id] = d
    pool = ctx.index.dimms_by_type.get(want, [])
    for dimm_id, slots in wrong.items():
        d = models[dimm_id]
        alt = min(pool, key=lambda p: (abs(p.capacity_gb - d.capacity_gb), p.id)) if pool else None
        fixes = (Fix(description=f"use {alt.capacity_gb} GB {alt.memory_type} ({alt.id}) instead",
                     ops=(ReplacePart(slots=tuple(slots), part_id=alt.id),)),) if alt else ()
        yield Issue(
            f"{d.display_name} is {d.memory_type}; {cpu.display_name} takes {cpu.memory_type}",
            "DIMM type (generation, registered or not) must match the memory controller.",
            sources=("the CPU's catalog entry (vendor specification)",), slots=tuple(slots),
            part_ids=(d.id, cpu.id), fixes=fixes,
        )


@rule("fit.dimm-socket", Severity.ERROR, "DIMMs sit only beside a populated socket")
def dimm_socket(ctx: RuleContext) -> Iterator[Issue]:
    sockets = set(ctx.sockets_with_cpu)
    orphans = [s.id for s, _ in ctx.dimms if s.socket not in sockets]
    if orphans:
        yield Issue(
            f"{len(orphans)} DIMM(s) beside an empty CPU socket",
            "A socket's memory channels belong to its CPU; without it these DIMMs are not seen.",
            sources=(PLATFORM,), slots=tuple(orphans), part_ids=tuple(sorted({d.id for s, d in ctx.dimms
                                                                              if s.id in orphans})),
            fixes=(_remove(orphans, "the DIMMs on the empty socket"),),
        )


@rule("fit.dimm-balance", Severity.WARNING, "All memory channels populated evenly with one DIMM model")
def dimm_balance(ctx: RuleContext) -> Iterator[Issue]:
    if not ctx.cpus:
        return
    if not ctx.dimms:
        yield Issue("No memory placed", "The node needs DIMMs to boot.", severity=Severity.ERROR,
                    part_ids=(ctx.cpus[0][1].id,))
        return
    sockets = set(ctx.sockets_with_cpu)
    counts: dict[tuple[int, int], int] = Counter()
    for slot, _ in ctx.dimms:
        if slot.socket in sockets and slot.channel is not None and slot.socket is not None:
            counts[(slot.socket, slot.channel)] += 1
    cpu = ctx.cpus[0][1]
    channels = dimm_channels(ctx, cpu)
    per_channel = [counts.get((s, c), 0) for s in sorted(sockets) for c in range(channels)]
    total_channels = len(per_channel)
    models = Counter(d.id for _, d in ctx.dimms)
    dimm_id = models.most_common(1)[0][0]
    dimm = next(d for _, d in ctx.dimms if d.id == dimm_id)
    top = max(per_channel)
    mixed_sizes = len({d.capacity_gb for _, d in ctx.dimms}) > 1
    if len(set(per_channel)) > 1:
        empty = per_channel.count(0)
        populated = total_channels - empty
        fix = dimm_population_fix(ctx, dimm, top, replace_all=len(models) > 1)
        msg = (f"{populated} of {total_channels} memory channels populated" if empty
               else "Memory channels hold different numbers of DIMMs")
        yield Issue(
            msg,
            f"{len(ctx.dimms)} DIMM(s) over {total_channels} channels ({channels} per CPU x {len(sockets)} CPU(s)); "
            f"per channel: {per_channel}. Memory bandwidth scales with populated channels, and uneven "
            "channels break interleaving: populate every channel with the same number of identical DIMMs.",
            sources=("DDR5 platform rule (DOMAIN.md, Host rules)",), slots=tuple(s.id for s, _ in ctx.dimms),
            part_ids=tuple(sorted(models)), fixes=(fix,) if fix else (),
        )
    elif len(models) > 1 or mixed_sizes:
        fix = dimm_population_fix(ctx, dimm, top, replace_all=True)
        yield Issue(
            "Different DIMM models mixed",
            "Mixed " + ", ".join(f"{n} x {m}" for m, n in sorted(models.items()))
            + ": mixed capacities or ranks make channels uneven and can drop the memory speed.",
            sources=("DDR5 platform rule (DOMAIN.md, Host rules)",), slots=tuple(s.id for s, _ in ctx.dimms),
            part_ids=tuple(sorted(models)), fixes=(fix,) if fix else (),
        )


@rule("fit.psu", Severity.ERROR, "PSUs are present and rated for the chassis")
def psu_present(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    if not ctx.psus:
        yield Issue(f"No PSU placed ({chassis.psu_bays} bays)", "The node needs power supplies.",
                    slots=("psu0",), part_ids=(chassis.id,))
        return
    if chassis.psu_min_rating_w > 0:
        low = [(s, p) for s, p in ctx.psus if p.rating_high_line_w < chassis.psu_min_rating_w]
        if low:
            p = low[0][1]
            yield Issue(
                f"{p.display_name} ({p.rating_high_line_w:g} W) is below the {chassis.psu_min_rating_w:g} W "
                f"the chassis takes",
                f"{chassis.name} is offered with PSUs of at least {chassis.psu_min_rating_w:g} W.",
                sources=(VENDOR,), slots=tuple(s for s, _ in low), part_ids=(p.id, chassis.id),
            )


@rule("fit.drive-bay", Severity.ERROR, "Drives match the bay or M.2 slot form factor")
def drive_bay(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    for slot, d, _ in ctx.drives:
        is_m2 = d.form_factor.strip().lower() == "m.2"
        if slot.startswith("m2-"):
            ok, takes = is_m2, "M.2"
        else:
            # M.2 in the chassis' list stands for its boot slots, not the bays (catalog convention).
            ok = chassis.accepts_drive(d.form_factor) and not is_m2
            takes = "/".join(f for f in chassis.drive_form_factors.split("/") if f.strip().lower() != "m.2")
        if not ok:
            yield Issue(
                f"{d.display_name} ({d.form_factor}) does not fit {slot}",
                f"{slot} takes {takes}; the drive is {d.form_factor} {d.interface}.",
                sources=(VENDOR,), slots=(slot,), part_ids=(d.id, chassis.id),
                fixes=(_remove([slot], f"{d.id} from {slot}"),),
            )


@rule("fit.pcie-lanes", Severity.ERROR, "Device PCIe lanes fit the CPUs' lanes (unless switched)")
def pcie_lanes(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    for slot, nic in ctx.nics:
        if nic.pcie_lanes > chassis.pcie_slot_lanes:
            yield Issue(
                f"{nic.display_name} is x{nic.pcie_lanes}; {slot} is x{chassis.pcie_slot_lanes}",
                f"The card runs at x{chassis.pcie_slot_lanes}, with {chassis.pcie_slot_lanes / nic.pcie_lanes:.0%} "
                "of its host bandwidth.",
                severity=Severity.INFO, sources=(VENDOR,), slots=(slot,), part_ids=(nic.id,),
            )
    if chassis.pcie_switches or not ctx.cpus:
        return
    lanes = ctx.device_lanes
    need = sum(lanes.values())
    have = ctx.cpu_lanes
    if need > have:
        cpu = ctx.cpus[0][1]
        per = ", ".join(f"{k} {v}" for k, v in lanes.items() if v)
        lanes_src = (f"{cpu.pcie_lanes_2p} in 2P" if len(ctx.cpus) >= 2 and cpu.pcie_lanes_2p
                     else f"{len(ctx.cpus)} x {cpu.pcie_lanes}")
        yield Issue(
            f"Devices need {need} PCIe lanes; the CPUs give {have}",
            f"Lanes wanted: {per} = {need}. CPU lanes: {lanes_src} = {have}. {chassis.name} has no PCIe switch, "
            "so some devices would run narrower or not at all.",
            sources=(PLATFORM,), slots=tuple(s for s, _ in ctx.gpus) + tuple(s for s, _ in ctx.nics),
            part_ids=(chassis.id, cpu.id),
        )

