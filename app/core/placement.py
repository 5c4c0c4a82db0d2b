"""Can this part go in that slot? The one fit rule, shared by validation, the GUI and the CLI.

The physical-fit rules (app/rules/fit.py: fit.slot, fit.gpu-form-factor, fit.gpu-width,
fit.cpu-socket, the socket count of fit.cpu-population, fit.dimm-type, fit.psu, fit.drive-bay)
decide with the predicates below, and :func:`why_not` asks the very same ones. So the slots that
light up while a part is dragged, the slots Shift-drop and the keyboard add fill, and the slots
validation accepts are one set (tests/rules/test_placement_agrees.py checks it over the bundled
catalog).

Only hard, physical mismatches are refused here: wrong kind of slot, an SXM module in a PCIe
position or on another baseboard generation, a card wider than its position without free room
beside it (or a position a wide neighbour covers), a wrong CPU socket, more CPUs than the model
runs with, a DIMM type the placed CPU does not take, a drive form factor the bays or M.2 slots
don't take, a PSU below the chassis' minimum, a taken slot. Softer problems (power, cooling,
balance, mixed models, DIMMs beside an empty socket) are the rules' job once the part is placed,
so the user can still try a build and read why it falls short.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Collection, Mapping

from app.core.build import SLOT_KINDS_FOR_PART, Slot, SlotKind, SlotLayout, gpu_positions_needed, slot_layout
from app.core.i18n import translate
from app.core.parts import AnyPart, Chassis, Cpu, Dimm, Drive, Gpu, GpuFormFactor, PartKind, Psu

_CTX = "Placement"
_NO_PARTS: Mapping[str, AnyPart] = {}


def _t(text: str) -> str:
    return translate(_CTX, text)


# ---- the predicates the fit rules decide with ------------------------------------------------------


def is_m2(drive: Drive) -> bool:
    return drive.form_factor.strip().lower() == "m.2"


def bay_form_factors(chassis: Chassis) -> str:
    """What the drive bays take: M.2 in the chassis' list stands for its boot slots, not the bays."""
    forms = (f.strip() for f in chassis.drive_form_factors.split("/"))
    return "/".join(f for f in forms if f and f.lower() != "m.2")


def drive_fits(drive: Drive, slot_kind: SlotKind, chassis: Chassis) -> bool:
    """M.2 drives go in the M.2 slots only; the bays take their other form factors (fit.drive-bay)."""
    if slot_kind is SlotKind.M2:
        return is_m2(drive)
    return not is_m2(drive) and chassis.accepts_drive(drive.form_factor.strip())


def cpu_fits_socket(cpu: Cpu, chassis: Chassis) -> bool:
    """The CPU's socket is the board's (fit.cpu-socket)."""
    return cpu.socket.strip().lower() == chassis.cpu_socket_type.strip().lower()


def too_many_cpus(first: Cpu, count: int) -> bool:
    """``count`` CPUs exceed what the first one's model runs with (fit.cpu-population)."""
    return count > first.max_sockets


def dimm_suits(dimm: Dimm, cpu: Cpu) -> bool:
    """The CPU's memory controller takes the DIMM's type (fit.dimm-type)."""
    return dimm.memory_type.strip().lower() in cpu.memory_types


def psu_rated_for(psu: Psu, chassis: Chassis) -> bool:
    """The PSU is at least the smallest one the chassis takes (fit.psu)."""
    return chassis.psu_min_rating_w <= 0 or psu.rating_high_line_w >= chassis.psu_min_rating_w


def gpu_form_mismatch(gpu: Gpu, chassis: Chassis) -> str | None:
    """Why ``gpu`` cannot mount in this chassis' GPU positions at all: form factor or baseboard
    generation (fit.gpu-form-factor)."""
    if gpu.form_factor is not chassis.gpu_form_factor:
        if gpu.form_factor is GpuFormFactor.PCIE:
            return _t("{gpu} is a PCIe card; this chassis takes {form} modules on a baseboard").format(
                gpu=gpu.name, form=chassis.gpu_form_factor.value)
        return _t("{gpu} is an {form} module; this chassis takes {have}").format(
            gpu=gpu.name, form=gpu.form_factor.value, have=chassis.gpu_form_factor.value)
    if not chassis.accepts_baseboard(gpu.baseboard):
        return _t("{gpu} mounts on the {board} baseboard; this chassis takes {boards}").format(
            gpu=gpu.name, board=gpu.baseboard, boards=", ".join(chassis.baseboards))
    return None


def gpu_span(gpu: Gpu, chassis: Chassis) -> int:
    """GPU positions the card takes: a PCIe card wider than a position covers the next ones too."""
    if gpu.form_factor is not GpuFormFactor.PCIE:
        return 1
    return gpu_positions_needed(gpu.slot_width, chassis.gpu_max_slot_width)


def gpu_covers(gpu: Gpu, slot_id: str, chassis: Chassis) -> tuple[str, ...]:
    """The neighbouring positions a card in GPU position ``slot_id`` covers (fit.gpu-width)."""
    i = int(slot_id[3:])
    return tuple(f"gpu{j}" for j in range(i + 1, i + gpu_span(gpu, chassis)))


def gpu_blocked(gpu: Gpu, slot_id: str, chassis: Chassis, layout: SlotLayout, occupied: Collection[str]) -> list[str]:
    """Covered positions that do not exist or hold a part: no room for the card (fit.gpu-width's error)."""
    return [n for n in gpu_covers(gpu, slot_id, chassis) if n not in layout or n in occupied]


def gpu_mismatch(gpu: Gpu, chassis: Chassis) -> str | None:
    """Why ``gpu`` cannot fill a GPU position on its own: :func:`gpu_form_mismatch`, or a PCIe card
    wider than one position. For choosing GPUs (the sizing assistant, fix suggestions); placing one
    asks :func:`why_not`, which lets a wide card cover free neighbours as validation does."""
    why = gpu_form_mismatch(gpu, chassis)
    if why is None and gpu_span(gpu, chassis) > 1:
        return _t("{gpu} is {w} slots wide; positions here take {max}").format(
            gpu=gpu.name, w=gpu.slot_width, max=chassis.gpu_max_slot_width)
    return why


# ---- one part, one slot ------------------------------------------------------------------------------


def refusal(part: AnyPart, slot_id: str, reason: str) -> str:
    """The status-bar sentence for a refused placement."""
    return _t("{part} does not go in {slot}: {reason}").format(part=part.name, slot=slot_id, reason=reason)


def why_not(part: AnyPart, slot: Slot, chassis: Chassis, occupied: Mapping[str, str],
            parts: Mapping[str, AnyPart] | None = None) -> str | None:
    """None when ``part`` may go into ``slot`` with ``occupied`` (slot id -> part id) around it; else
    one short sentence saying why not. ``parts`` resolves the ids in ``occupied``; without it what
    hangs on the neighbours' parts (a wide card covering this position, the CPU a DIMM must suit, how
    many CPUs the model runs with) goes unchecked."""
    kinds = SLOT_KINDS_FOR_PART.get(part.kind, ())
    if slot.kind not in kinds:
        if part.kind in (PartKind.CHASSIS, PartKind.LLM):
            return _t("{name} is not placed in a slot").format(name=part.name)
        return _t("a {kind} slot does not take a {part}").format(kind=slot.kind.value.upper(), part=part.kind.value)
    if slot.id in occupied and occupied[slot.id] != part.id:
        return _t("slot {slot} already holds {other}").format(slot=slot.id, other=occupied[slot.id])
    lookup = parts if parts is not None else _NO_PARTS
    if isinstance(part, Gpu):
        return _gpu_problem(part, slot, chassis, occupied, lookup)
    if isinstance(part, Cpu):
        return _cpu_problem(part, slot, chassis, occupied, lookup)
    if isinstance(part, Dimm):
        return _dimm_problem(part, chassis, occupied, lookup)
    if isinstance(part, Drive) and not drive_fits(part, slot.kind, chassis):
        if slot.kind is SlotKind.M2:
            return _t("only M.2 drives go in an M.2 slot")
        if is_m2(part):
            return _t("an M.2 drive goes in an M.2 slot, not a drive bay")
        return _t("the bays take {accepted}, not {form}").format(accepted=bay_form_factors(chassis),
                                                                 form=part.form_factor)
    if isinstance(part, Psu) and not psu_rated_for(part, chassis):
        return _t("{psu} gives {rating:g} W; this chassis takes PSUs of at least {min:g} W").format(
            psu=part.name, rating=part.rating_high_line_w, min=chassis.psu_min_rating_w)
    return None


def _gpu_problem(gpu: Gpu, slot: Slot, chassis: Chassis, occupied: Mapping[str, str],
                 parts: Mapping[str, AnyPart]) -> str | None:
    why = gpu_form_mismatch(gpu, chassis)
    if why is not None:
        return why
    layout = slot_layout(chassis)
    others = {s for s in occupied if s != slot.id}
    blocked = gpu_blocked(gpu, slot.id, chassis, layout, others)
    if blocked:
        return _t("{gpu} is {w} slots wide and covers {covers} too; {blocked} is taken or does not exist").format(
            gpu=gpu.name, w=gpu.slot_width, covers=", ".join(gpu_covers(gpu, slot.id, chassis)),
            blocked=", ".join(blocked))
    for other in others:
        wide = parts.get(occupied[other]) if other in layout and other.startswith("gpu") else None
        if isinstance(wide, Gpu) and slot.id in gpu_covers(wide, other, chassis):
            return _t("{gpu} in {slot} is {w} slots wide and covers this position").format(
                gpu=wide.name, slot=other, w=wide.slot_width)
    return None


def _cpu_problem(cpu: Cpu, slot: Slot, chassis: Chassis, occupied: Mapping[str, str],
                 parts: Mapping[str, AnyPart]) -> str | None:
    if not cpu_fits_socket(cpu, chassis):
        return _t("{cpu} needs socket {socket}; this chassis has {have}").format(
            cpu=cpu.name, socket=cpu.socket, have=chassis.cpu_socket_type)
    cpus: list[Cpu] = []  # the CPUs once this one is in, in socket order (the rule counts them so)
    for s in slot_layout(chassis).of_kind(SlotKind.CPU):
        other = cpu if s.id == slot.id else parts.get(occupied[s.id]) if s.id in occupied else None
        if isinstance(other, Cpu):
            cpus.append(other)
    if too_many_cpus(cpus[0], len(cpus)):
        return _t("{cpu} runs with at most {max} CPU(s) in a node; this would make {n}").format(
            cpu=cpus[0].name, max=cpus[0].max_sockets, n=len(cpus))
    return None


def _dimm_problem(dimm: Dimm, chassis: Chassis, occupied: Mapping[str, str],
                  parts: Mapping[str, AnyPart]) -> str | None:
    for s in slot_layout(chassis).of_kind(SlotKind.CPU):  # the rule reads the first CPU's memory type
        cpu = parts.get(occupied[s.id]) if s.id in occupied else None
        if isinstance(cpu, Cpu):
            if dimm_suits(dimm, cpu):
                return None
            return _t("{dimm} is {type}; the {cpu} in {slot} takes {takes}").format(
                dimm=dimm.name, type=dimm.memory_type, cpu=cpu.name, slot=s.id, takes=cpu.memory_type)
    return None


def free_slots_for(part: AnyPart, layout: SlotLayout, chassis: Chassis, occupied: Mapping[str, str],
                   parts: Mapping[str, AnyPart] | None = None, *, first: str | None = None) -> list[str]:
    """Every empty slot that takes ``part``, in drawing order: "fill all matching slots".

    Each slot is checked with the ones chosen before it in place, so a wide card skips the positions
    it covers and a 1-socket CPU fills one socket. ``first``: the slot the user dropped on, taken
    first when it fits. With a CPU placed, DIMMs fill the channels of populated sockets only (a DIMM
    beside an empty socket is dead, fit.dimm-socket); ``first`` is always tried.
    """
    taken = dict(occupied)
    lookup: Mapping[str, AnyPart] = ChainMap({part.id: part}, dict(parts) if parts is not None else {})
    candidates = [s for kind in SLOT_KINDS_FOR_PART.get(part.kind, ()) for s in layout.of_kind(kind)]
    if first is not None:
        candidates.sort(key=lambda s: s.id != first)  # stable: the rest stay in drawing order
    if isinstance(part, Dimm):
        sockets = {s.index for s in layout.of_kind(SlotKind.CPU) if isinstance(lookup.get(taken.get(s.id, "")), Cpu)}
        if sockets:
            candidates = [s for s in candidates if s.socket in sockets or s.id == first]
    out: list[str] = []
    for s in candidates:
        if s.id in taken or why_not(part, s, chassis, taken, lookup) is not None:
            continue
        out.append(s.id)
        taken[s.id] = part.id
    return out
