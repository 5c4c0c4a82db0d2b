"""Physical fit: parts exist, sit in slots that take them, and the platform can feed them."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence

from app.core.build import SLOT_KINDS_FOR_PART, SlotKind
from app.core.parts import Cpu, Dimm, GpuFormFactor, Llm
from app.core.placement import (
    bay_form_factors,
    cpu_fits_socket,
    dimm_suits,
    drive_fits,
    gpu_blocked,
    gpu_covers,
    gpu_form_mismatch,
    psu_rated_for,
    too_many_cpus,
)
from app.rules.context import RuleContext
from app.rules.findings import Issue, Severity
from app.rules.fixes import AddParts, Fix, RemoveParts, ReplacePart
from app.rules.registry import rule
from app.rules.suggest import dimm_channels, dimm_population_fix, same_kind_gpus
from app.rules.text import component_label, t

PLATFORM = "platform rule (DOMAIN.md, Host rules)"
VENDOR = "the chassis' catalog entry (vendor specification)"


def _name(placed: Sequence[tuple[object, Cpu | Dimm]], part_id: str) -> str:
    """A placed part's name for a message (the reader never sees catalog ids)."""
    return next((p.display_name for _, p in placed if p.id == part_id), part_id)


def _remove(slots: list[str] | tuple[str, ...], description: str) -> Fix:
    return Fix(description=description, ops=(RemoveParts(slots=tuple(slots)),))


def _remove_from(slots: list[str], part_id: str, slot: str) -> Fix:
    return _remove(slots, t("remove {part} from {slot}", part=part_id, slot=slot))


@rule("fit.chassis", Severity.ERROR, "The chassis is in the catalog", needs=(),
      sources=("the catalog (python -m app catalog list --kind chassis)",))
def chassis_known(ctx: RuleContext) -> Iterator[Issue]:
    if ctx.chassis is None:
        part = ctx.parts.get(ctx.build.chassis_id)
        chassis_id = ctx.build.chassis_id
        yield Issue(
            t("Chassis '{id}' is a {kind}, not a chassis", id=chassis_id, kind=part.kind.value) if part is not None
            else t("Chassis '{id}' is not in the catalog", id=chassis_id),
            t("Slots, power and cooling checks need the chassis; they are skipped until it is chosen."),
            part_ids=(ctx.build.chassis_id,),
        )


@rule("fit.unknown-part", Severity.ERROR, "Every placed part is in the catalog", needs=(),
      sources=("the catalog (python -m app catalog list)",))
def unknown_parts(ctx: RuleContext) -> Iterator[Issue]:
    missing: dict[str, list[str]] = defaultdict(list)
    for x in ctx.placed:
        if x.part is None:
            missing[x.part_id].append(x.slot_id)
    for part_id, slots in missing.items():
        yield Issue(
            t("Part '{id}' is not in the catalog", id=part_id),
            t("{n} slot(s) hold '{id}', which this catalog does not have (deleted, or a project from another "
              "catalog). It counts for nothing in the other checks.", n=len(slots), id=part_id),
            slots=tuple(slots), part_ids=(part_id,), fixes=(_remove(slots, t("remove '{id}'", id=part_id)),),
        )


@rule("fit.slot", Severity.ERROR, "Each part sits in a slot that exists and takes its kind",
      sources=(VENDOR,))
def slot_kinds(ctx: RuleContext) -> Iterator[Issue]:
    assert ctx.chassis is not None and ctx.layout is not None
    for x in ctx.placed:
        if x.part is None:
            continue
        if x.slot is None:
            yield Issue(
                t("{chassis} has no slot {slot}", chassis=ctx.chassis.name, slot=x.slot_id),
                t("The chassis has {gpus} GPU positions, {sockets} sockets, {dimms} DIMM slots per socket, {psus} "
                  "PSU bays, {pcie} PCIe slots, {bays} drive bays and {m2} M.2 slots; '{part}' in {slot} is not "
                  "counted.", gpus=ctx.chassis.gpu_slots, sockets=ctx.chassis.cpu_sockets,
                  dimms=ctx.chassis.dimm_slots_per_socket, psus=ctx.chassis.psu_bays, pcie=ctx.chassis.pcie_slots,
                  bays=ctx.chassis.drive_bays, m2=ctx.chassis.boot_m2_slots, part=x.part_id, slot=x.slot_id),
                sources=(VENDOR,), slots=(x.slot_id,), part_ids=(x.part_id, ctx.chassis.id),
                fixes=(_remove_from([x.slot_id], x.part_id, x.slot_id),),
            )
        elif x.slot.kind not in SLOT_KINDS_FOR_PART.get(x.part.kind, ()):
            if isinstance(x.part, Llm):
                why = t("A model is part of the workload, not of the hardware; it is not counted where it is.")
            else:
                kinds = SLOT_KINDS_FOR_PART.get(x.part.kind, ())
                why = t("A {kind} goes in {slots} slots; it is not counted where it is.", kind=x.part.kind.value,
                        slots=t(" or ").join(k.value for k in kinds) or t("no"))
            yield Issue(
                t("{kind} '{part}' cannot sit in {slot_kind} slot {slot}", kind=x.part.kind.value.upper(),
                  part=x.part_id, slot_kind=x.slot.kind.value, slot=x.slot_id),
                why,
                slots=(x.slot_id,), part_ids=(x.part_id,),
                fixes=(_remove_from([x.slot_id], x.part_id, x.slot_id),),
            )


@rule("fit.gpu-form-factor", Severity.ERROR,
      "GPU form factor and baseboard match the chassis (SXM/OAM baseboard vs PCIe; HGX and OAM generations)",
      sources=(VENDOR, "the GPU catalog entry (form factor, baseboard family)"))
def gpu_form_factor(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    by_model: dict[str, list[str]] = defaultdict(list)
    models = {}
    for slot, gpu in ctx.gpus:
        if gpu_form_mismatch(gpu, chassis) is not None:  # the drag-and-drop check's own test
            by_model[gpu.id].append(slot)
            models[gpu.id] = gpu
    for gpu_id, slots in by_model.items():
        gpu = models[gpu_id]
        have, takes = gpu.form_factor.value, chassis.gpu_form_factor.value
        if gpu.form_factor is chassis.gpu_form_factor:  # same form factor, another baseboard generation
            alt = same_kind_gpus(ctx, gpu)
            yield Issue(
                t("{gpu} mounts on the {board} baseboard; {chassis} takes {boards}", gpu=gpu.display_name,
                  board=gpu.baseboard, chassis=chassis.name, boards=", ".join(chassis.baseboards)),
                t("Each {form} generation has its own baseboard (socket, power and NVLink/Infinity Fabric "
                  "layout), and a chassis is built and qualified for the ones its vendor lists (DOMAIN.md: "
                  "SXM/OAM modules need their baseboard chassis).", form=have),
                sources=(VENDOR, "DOMAIN.md, Power, racks, cooling"),
                slots=tuple(slots), part_ids=(gpu.id, chassis.id),
                fixes=tuple(Fix(description=t("use {gpu} ({vram:g} GB, {form}) instead", gpu=a.display_name,
                                              vram=a.vram_gib, form=a.form_factor.value),
                                ops=(ReplacePart(slots=tuple(slots), part_id=a.id),)) for a in alt[:1]),
            )
            continue
        if chassis.gpu_form_factor is GpuFormFactor.PCIE:
            why = t("{form} modules mount on a vendor baseboard (e.g. HGX) in a chassis built for it; this chassis "
                    "has PCIe slots (DOMAIN.md: SXM/OAM modules need their baseboard chassis).", form=have)
        elif gpu.form_factor is GpuFormFactor.PCIE:
            why = t("This chassis' GPU positions are {form} sockets on a baseboard (DOMAIN.md: SXM/OAM modules need "
                    "their baseboard chassis).", form=takes)
        else:
            why = t("{form} and {other} modules are not interchangeable (DOMAIN.md: SXM/OAM modules need their "
                    "baseboard chassis).", form=have, other=takes)
        fixes = []
        alt = same_kind_gpus(ctx, gpu)
        if alt:
            fixes.append(Fix(description=t("use {gpu} ({vram:g} GB, {form}) instead", gpu=alt[0].display_name,
                                           vram=alt[0].vram_gib, form=alt[0].form_factor.value),
                             ops=(ReplacePart(slots=tuple(slots), part_id=alt[0].id),)))
        yield Issue(
            t("{gpu} is {form}; {chassis} takes {takes} GPUs", gpu=gpu.display_name, form=have, chassis=chassis.name,
              takes=takes),
            why,
            sources=(VENDOR, "DOMAIN.md, Power, racks, cooling"),
            slots=tuple(slots), part_ids=(gpu.id, chassis.id), fixes=tuple(fixes),
        )


@rule("fit.gpu-width", Severity.ERROR, "PCIe GPUs fit the width of their position",
      sources=(VENDOR, "the GPU catalog entry (slot width)"))
def gpu_width(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None and ctx.layout is not None
    width = chassis.gpu_max_slot_width
    for slot, gpu in ctx.gpus:
        neighbours = gpu_covers(gpu, slot, chassis)  # the drag-and-drop check's own test
        if not neighbours:
            continue
        covers = len(neighbours) + 1
        blocked = gpu_blocked(gpu, slot, chassis, ctx.layout, ctx.occupied)
        explanation = t("The card is {width} slots wide; each GPU position of {chassis} takes {per} slots, so it "
                        "covers {covers} positions ({slot}, {neighbours}).", width=gpu.slot_width,
                        chassis=chassis.name, per=width, covers=covers, slot=slot, neighbours=", ".join(neighbours))
        if blocked:
            yield Issue(
                t("{gpu} in {slot} is {width} slots wide: no room next to it", gpu=gpu.display_name, slot=slot,
                  width=gpu.slot_width),
                explanation + " " + t("{blocked} is taken or does not exist.", blocked=", ".join(blocked)),
                sources=(VENDOR,), slots=(slot, *blocked), part_ids=(gpu.id,),
                fixes=(_remove_from([slot], gpu.id, slot),),
            )
        else:
            yield Issue(
                t("{gpu} in {slot} covers {neighbours}: leave it empty", gpu=gpu.display_name, slot=slot,
                  neighbours=", ".join(neighbours)),
                explanation, severity=Severity.WARNING, sources=(VENDOR,), slots=(slot, *neighbours),
                part_ids=(gpu.id,),
            )


@rule("fit.gpu-baseboard", Severity.WARNING, "An SXM/OAM baseboard is fully populated",
      sources=("NVIDIA HGX / AMD Instinct UBB: 8-GPU baseboards ship fully populated", VENDOR))
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
        fixes = (Fix(description=t("fill the baseboard with {n} more {gpu}", n=len(free), gpu=gpu.display_name),
                     ops=(AddParts(part_id=gpu.id, slots=tuple(free)),)),)
    yield Issue(
        t("{n} of {slots} {form} positions populated", n=len(modules), slots=chassis.gpu_slots,
          form=chassis.gpu_form_factor.value),
        t("{form} baseboards (HGX, OAM UBB) are sold fully populated and wired as one NVLink/Infinity Fabric "
          "domain of {slots}; a partly populated board is not a standard configuration. Choose a smaller "
          "baseboard or PCIe GPUs for fewer cards.", form=chassis.gpu_form_factor.value, slots=chassis.gpu_slots),
        sources=(VENDOR,), slots=tuple(s for s, _ in modules), part_ids=(gpu.id, chassis.id), fixes=fixes,
    )


def _cpu_alternative(ctx: RuleContext, cpu: Cpu) -> Cpu | None:
    chassis = ctx.chassis
    assert chassis is not None
    options = [p for p in ctx.parts.values() if isinstance(p, Cpu) and cpu_fits_socket(p, chassis)
               and p.max_sockets >= len(ctx.cpus)]
    options.sort(key=lambda p: (abs(p.cores - cpu.cores), -p.base_ghz, p.id))
    return options[0] if options else None


@rule("fit.cpu-socket", Severity.ERROR, "CPU socket type matches the chassis",
      sources=(VENDOR, "the CPU catalog entry (socket)"))
def cpu_socket(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    wrong = [(s, c) for s, c in ctx.cpus if not cpu_fits_socket(c, chassis)]  # the drag-and-drop check's own test
    if not wrong:
        return
    cpu = wrong[0][1]
    slots = tuple(s for s, _ in wrong)
    alt = _cpu_alternative(ctx, cpu)
    fixes = (Fix(description=t("use {cpu} ({cores} cores, {socket}) instead", cpu=alt.display_name, cores=alt.cores,
                               socket=alt.socket),
                 ops=(ReplacePart(slots=slots, part_id=alt.id),)),) if alt else ()
    yield Issue(
        t("{cpu} is {socket}; {chassis} has {takes} sockets", cpu=cpu.display_name, socket=cpu.socket,
          chassis=chassis.name, takes=chassis.cpu_socket_type),
        t("The CPU's socket ({socket}) must equal the board's ({takes}).", socket=cpu.socket,
          takes=chassis.cpu_socket_type),
        sources=(VENDOR,), slots=slots, part_ids=(cpu.id, chassis.id), fixes=fixes,
    )


@rule("fit.cpu-population", Severity.ERROR, "Sockets hold one CPU model, within its socket count",
      sources=(VENDOR, "the CPU catalog entry (max sockets)"))
def cpu_population(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    if not ctx.cpus:
        yield Issue(t("No CPU placed"), t("{chassis} has {n} socket(s); a node needs a CPU.", chassis=chassis.name,
                                          n=chassis.cpu_sockets),
                    slots=("cpu0",), part_ids=(chassis.id,))
        return
    models = Counter(c.id for _, c in ctx.cpus)
    if len(models) > 1:
        yield Issue(
            t("Different CPU models in one node"),
            t("Multi-socket boards need identical CPUs: {models}",
              models=", ".join(f"{n} x {_name(ctx.cpus, m)}" for m, n in sorted(models.items()))),
            sources=(PLATFORM,), slots=tuple(s for s, _ in ctx.cpus), part_ids=tuple(sorted(models)),
        )
    cpu = ctx.cpus[0][1]
    if too_many_cpus(cpu, len(ctx.cpus)):  # the drag-and-drop check's own test
        yield Issue(
            t("{cpu} supports {max} socket(s), {n} placed", cpu=cpu.display_name, max=cpu.max_sockets,
              n=len(ctx.cpus)),
            t("{cpu} is a {max}P part; it cannot run in a {n}-socket system.", cpu=cpu.name, max=cpu.max_sockets,
              n=len(ctx.cpus)),
            sources=("the CPU's catalog entry (vendor specification)",), slots=tuple(s for s, _ in ctx.cpus),
            part_ids=(cpu.id,),
        )
    free = ctx.free_slots(SlotKind.CPU)
    if free and cpu.max_sockets >= chassis.cpu_sockets:
        yield Issue(
            t("{n} of {sockets} CPU sockets empty", n=len(free), sockets=chassis.cpu_sockets),
            t("On dual-socket boards the DIMM slots and PCIe lanes (often GPU slots) of an empty socket are dead; "
              "only use one socket if the vendor supports 1P population of this chassis."),
            severity=Severity.WARNING, sources=(PLATFORM,), slots=tuple(free), part_ids=(cpu.id, chassis.id),
            fixes=(Fix(description=t("add a second {cpu}", cpu=cpu.display_name),
                       ops=(AddParts(part_id=cpu.id, slots=tuple(free)),)),),
        )


@rule("fit.dimm-type", Severity.ERROR, "DIMMs match the CPU's memory type",
      sources=("the CPU catalog entry (memory type and speed)",))
def dimm_type(ctx: RuleContext) -> Iterator[Issue]:
    if not ctx.cpus or not ctx.dimms:
        return
    cpu = ctx.cpus[0][1]
    wrong: dict[str, list[str]] = defaultdict(list)
    models: dict[str, Dimm] = {}
    for slot, d in ctx.dimms:
        if not dimm_suits(d, cpu):  # the drag-and-drop check's own test
            wrong[d.id].append(slot.id)
            models[d.id] = d
    pool = ctx.index.dimms_for(cpu)
    for dimm_id, slots in wrong.items():
        d = models[dimm_id]
        alt = min(pool, key=lambda p: (abs(p.capacity_gb - d.capacity_gb), p.id)) if pool else None
        fixes = (Fix(description=t("use {gb} GB {type} ({dimm}) instead", gb=alt.capacity_gb, type=alt.memory_type,
                                   dimm=alt.display_name),
                     ops=(ReplacePart(slots=tuple(slots), part_id=alt.id),)),) if alt else ()
        yield Issue(
            t("{dimm} is {type}; {cpu} takes {takes}", dimm=d.display_name, type=d.memory_type, cpu=cpu.display_name,
              takes=cpu.memory_type),
            t("DIMM type (generation, registered or not) must match the memory controller."),
            sources=("the CPU's catalog entry (vendor specification)",), slots=tuple(slots),
            part_ids=(d.id, cpu.id), fixes=fixes,
        )


@rule("fit.dimm-socket", Severity.ERROR, "DIMMs sit only beside a populated socket",
      sources=(PLATFORM,))
def dimm_socket(ctx: RuleContext) -> Iterator[Issue]:
    sockets = set(ctx.sockets_with_cpu)
    orphans = [s.id for s, _ in ctx.dimms if s.socket not in sockets]
    if orphans:
        yield Issue(
            t("{n} DIMM(s) beside an empty CPU socket", n=len(orphans)),
            t("A socket's memory channels belong to its CPU; without it these DIMMs are not seen."),
            sources=(PLATFORM,), slots=tuple(orphans), part_ids=tuple(sorted({d.id for s, d in ctx.dimms
                                                                              if s.id in orphans})),
            fixes=(_remove(orphans, t("remove the DIMMs on the empty socket")),),
        )


@rule("fit.dimm-balance", Severity.WARNING, "All memory channels populated evenly with one DIMM model",
      sources=(PLATFORM, "CPU vendors memory population guides: one DIMM model on every channel"))
def dimm_balance(ctx: RuleContext) -> Iterator[Issue]:
    if not ctx.cpus:
        return
    if not ctx.dimms:
        yield Issue(t("No memory placed"), t("The node needs DIMMs to boot."), severity=Severity.ERROR,
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
        msg = (t("{n} of {total} memory channels populated", n=populated, total=total_channels) if empty
               else t("Memory channels hold different numbers of DIMMs"))
        yield Issue(
            msg,
            t("{dimms} DIMM(s) over {total} channels ({channels} per CPU x {cpus} CPU(s)); per channel: {per}. "
              "Memory bandwidth scales with populated channels, and uneven channels break interleaving: populate "
              "every channel with the same number of identical DIMMs.", dimms=len(ctx.dimms), total=total_channels,
              channels=channels, cpus=len(sockets), per=per_channel),
            sources=("DDR5 platform rule (DOMAIN.md, Host rules)",), slots=tuple(s.id for s, _ in ctx.dimms),
            part_ids=tuple(sorted(models)), fixes=(fix,) if fix else (),
        )
    elif len(models) > 1 or mixed_sizes:
        fix = dimm_population_fix(ctx, dimm, top, replace_all=True)
        yield Issue(
            t("Different DIMM models mixed"),
            t("Mixed {models}: mixed capacities or ranks make channels uneven and can drop the memory speed.",
              models=", ".join(f"{n} x {_name(ctx.dimms, m)}" for m, n in sorted(models.items()))),
            sources=("DDR5 platform rule (DOMAIN.md, Host rules)",), slots=tuple(s.id for s, _ in ctx.dimms),
            part_ids=tuple(sorted(models)), fixes=(fix,) if fix else (),
        )


@rule("fit.psu", Severity.ERROR, "PSUs are present and rated for the chassis",
      sources=(VENDOR,))
def psu_present(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    if not ctx.psus:
        yield Issue(t("No PSU placed ({bays} bays)", bays=chassis.psu_bays), t("The node needs power supplies."),
                    slots=("psu0",), part_ids=(chassis.id,))
        return
    if chassis.psu_min_rating_w > 0:
        low = [(s, p) for s, p in ctx.psus if not psu_rated_for(p, chassis)]  # the drag-and-drop check's own test
        if low:
            p = low[0][1]
            yield Issue(
                t("{psu} ({rating:,g} W) is below the {min:,g} W the chassis takes", psu=p.display_name,
                  rating=p.rating_high_line_w, min=chassis.psu_min_rating_w),
                t("{chassis} is offered with PSUs of at least {min:,g} W.", chassis=chassis.name,
                  min=chassis.psu_min_rating_w),
                sources=(VENDOR,), slots=tuple(s for s, _ in low), part_ids=(p.id, chassis.id),
            )


@rule("fit.drive-bay", Severity.ERROR, "Drives match the bay or M.2 slot form factor",
      sources=(VENDOR,))
def drive_bay(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None and ctx.layout is not None
    for slot, d, _ in ctx.drives:
        kind = ctx.layout.by_id[slot].kind
        # M.2 in the chassis' list stands for its boot slots, not the bays (catalog convention).
        takes = "M.2" if kind is SlotKind.M2 else bay_form_factors(chassis)
        if not drive_fits(d, kind, chassis):  # the drag-and-drop check's own test
            yield Issue(
                t("{drive} ({form}) does not fit {slot}", drive=d.display_name, form=d.form_factor, slot=slot),
                t("{slot} takes {takes}; the drive is {form} {interface}.", slot=slot, takes=takes,
                  form=d.form_factor, interface=d.interface),
                sources=(VENDOR,), slots=(slot,), part_ids=(d.id, chassis.id),
                fixes=(_remove_from([slot], d.id, slot),),
            )


@rule("fit.pcie-lanes", Severity.ERROR, "Device PCIe lanes fit the CPUs' lanes (unless switched)",
      sources=(PLATFORM, "the CPU catalog entry (PCIe lanes, 1 and 2 sockets)"))
def pcie_lanes(ctx: RuleContext) -> Iterator[Issue]:
    chassis = ctx.chassis
    assert chassis is not None
    for slot, nic in ctx.nics:
        if nic.pcie_lanes > chassis.pcie_slot_lanes:
            yield Issue(
                t("{nic} is x{lanes}; {slot} is x{slot_lanes}", nic=nic.display_name, lanes=nic.pcie_lanes,
                  slot=slot, slot_lanes=chassis.pcie_slot_lanes),
                t("The card runs at x{slot_lanes}, with {share:.0%} of its host bandwidth.",
                  slot_lanes=chassis.pcie_slot_lanes, share=chassis.pcie_slot_lanes / nic.pcie_lanes),
                severity=Severity.INFO, sources=(VENDOR,), slots=(slot,), part_ids=(nic.id,),
            )
    if chassis.pcie_switches or not ctx.cpus:
        return
    lanes = ctx.device_lanes
    need = sum(lanes.values())
    have = ctx.cpu_lanes
    if need > have:
        cpu = ctx.cpus[0][1]
        per = ", ".join(f"{component_label(k)} {v}" for k, v in lanes.items() if v)
        lanes_src = (t("{lanes} in 2P", lanes=cpu.pcie_lanes_2p) if len(ctx.cpus) >= 2 and cpu.pcie_lanes_2p
                     else f"{len(ctx.cpus)} x {cpu.pcie_lanes}")
        yield Issue(
            t("Devices need {need} PCIe lanes; the CPUs give {have}", need=need, have=have),
            t("Lanes wanted: {per} = {need}. CPU lanes: {cpu_lanes} = {have}. {chassis} has no PCIe switch, so some "
              "devices would run narrower or not at all.", per=per, need=need, cpu_lanes=lanes_src, have=have,
              chassis=chassis.name),
            sources=(PLATFORM,), slots=tuple(s for s, _ in ctx.gpus) + tuple(s for s, _ in ctx.nics),
            part_ids=(chassis.id, cpu.id),
        )

