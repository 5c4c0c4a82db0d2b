"""Can this part go in that slot? The drag-and-drop pre-check, shared by the GUI and the CLI.

Only hard, physical mismatches are refused here (wrong kind of slot, SXM module in a PCIe
position, wrong CPU socket, a drive form factor the bays don't take, a taken slot). Softer
problems (power, cooling, balance) are the rules' job once the part is placed, so the user can
still try a build and read why it falls short.
"""

from __future__ import annotations

from collections.abc import Mapping

from app.core.build import SLOT_KINDS_FOR_PART, Slot, SlotKind, SlotLayout
from app.core.i18n import translate
from app.core.parts import AnyPart, Chassis, Cpu, Drive, Gpu, GpuFormFactor, PartKind

_CTX = "Placement"


def _t(text: str) -> str:
    return translate(_CTX, text)


def why_not(part: AnyPart, slot: Slot, chassis: Chassis, occupied: Mapping[str, str]) -> str | None:
    """None when ``part`` may go into ``slot``; else one short sentence saying why not."""
    kinds = SLOT_KINDS_FOR_PART.get(part.kind, ())
    if slot.kind not in kinds:
        if part.kind in (PartKind.CHASSIS, PartKind.LLM):
            return _t("{name} is not placed in a slot").format(name=part.name)
        return _t("a {kind} slot does not take a {part}").format(kind=slot.kind.value.upper(), part=part.kind.value)
    if slot.id in occupied and occupied[slot.id] != part.id:
        return _t("slot {slot} already holds {other}").format(slot=slot.id, other=occupied[slot.id])
    if isinstance(part, Gpu):
        return gpu_mismatch(part, chassis)
    if isinstance(part, Cpu) and part.socket.lower() != chassis.cpu_socket_type.lower():
        return _t("{cpu} needs socket {socket}; this chassis has {have}").format(
            cpu=part.name, socket=part.socket, have=chassis.cpu_socket_type)
    if isinstance(part, Drive):
        if slot.kind is SlotKind.M2 and part.form_factor.upper() != "M.2":
            return _t("only M.2 drives go in an M.2 slot")
        if slot.kind is SlotKind.DRIVE and not chassis.accepts_drive(part.form_factor):
            return _t("the bays take {accepted}, not {form}").format(
                accepted=chassis.drive_form_factors, form=part.form_factor)
    return None


def gpu_mismatch(gpu: Gpu, chassis: Chassis) -> str | None:
    """Why ``gpu`` cannot go into this chassis' GPU positions at all (form factor, width, baseboard)."""
    if gpu.form_factor is GpuFormFactor.PCIE:
        if chassis.gpu_form_factor is not GpuFormFactor.PCIE:
            return _t("{gpu} is a PCIe card; this chassis takes {form} modules on a baseboard").format(
                gpu=gpu.name, form=chassis.gpu_form_factor.value)
        if gpu.slot_width is not None and gpu.slot_width > chassis.gpu_max_slot_width:
            return _t("{gpu} is {w} slots wide; positions here take {max}").format(
                gpu=gpu.name, w=gpu.slot_width, max=chassis.gpu_max_slot_width)
        return None
    if gpu.form_factor is not chassis.gpu_form_factor:
        return _t("{gpu} is an {form} module; this chassis takes {have}").format(
            gpu=gpu.name, form=gpu.form_factor.value, have=chassis.gpu_form_factor.value)
    if not chassis.accepts_baseboard(gpu.baseboard):
        return _t("{gpu} mounts on the {board} baseboard; this chassis takes {boards}").format(
            gpu=gpu.name, board=gpu.baseboard, boards=", ".join(chassis.baseboards))
    return None


def free_slots_for(part: AnyPart, layout: SlotLayout, chassis: Chassis, occupied: Mapping[str, str]) -> list[str]:
    """Every empty slot that takes ``part``, in drawing order: "fill all matching slots"."""
    return [
        s.id
        for kind in SLOT_KINDS_FOR_PART.get(part.kind, ())
        for s in layout.of_kind(kind)
        if s.id not in occupied and why_not(part, s, chassis, occupied) is None
    ]
