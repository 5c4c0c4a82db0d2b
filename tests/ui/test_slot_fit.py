"""Slots that take what they light up (issue #17, item 7).

Dragging an M.2 boot drive over an 8-GPU server lit up all 19 U.2 front bays, and a Shift-drop
filled them with 19 "does not fit" errors. Drag highlighting, Shift-drop, the keyboard add and a
refused drop now ask the check the fit rules decide with (app.core.placement).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from app.core.build import SLOT_KINDS_FOR_PART, slot_layout
from app.core.parts import Chassis
from app.ui.chassis_view import ChassisView
from app.ui.main_window import MainWindow
from app.ui.mime import part_mime
from tests.ui.conftest import _drag_event, drop, slot_pos

SHIFT = Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier
HGX_19_BAYS = "supermicro-sys-821ge-tnhr"  # 19 U.2/U.3/2.5in/M.2 bays and 2 boot M.2 slots
M2 = "micron-7450-pro-960gb-m2"
U2 = "samsung-pm9a3-3.84tb-u2"
# The hard slot-fit rules: a part in a slot that does not take it.
HARD = {"fit.slot", "fit.gpu-form-factor", "fit.gpu-width", "fit.cpu-socket", "fit.cpu-population",
        "fit.dimm-type", "fit.psu", "fit.drive-bay"}


def _view(window: MainWindow, chassis_id: str) -> ChassisView:
    window.document.change_chassis(0, chassis_id)
    view = window._view()
    assert view is not None
    return view


def lit_up(view: ChassisView, part_id: str) -> set[str]:
    """The slots that light up while ``part_id`` is dragged over the view (real drag events)."""
    target = view.viewport()
    first = next(iter(view.scene_().slot_items))
    mime = part_mime(part_id)  # kept alive: the event does not own it
    enter = _drag_event(QDragEnterEvent, slot_pos(view, first), mime, NONE)
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted()
    lit = {sid for sid, item in view.scene_().slot_items.items() if item.drag_state is True}
    QApplication.sendEvent(target, QDragLeaveEvent())
    assert all(item.drag_state is None for item in view.scene_().slot_items.values())
    return lit


def fit_errors(window: MainWindow, slots: set[str]) -> list[tuple[str, str]]:
    assert window.report is not None
    return [(f.rule_id, f.message) for f in window.report.findings
            if f.rule_id in HARD and f.severity.value == "error" and slots & set(f.slots)]


def test_an_m2_drive_lights_up_only_the_m2_slots(window: MainWindow) -> None:
    view = _view(window, HGX_19_BAYS)
    assert lit_up(view, M2) == {"m2-0", "m2-1"}
    assert len(lit_up(view, U2)) == 19 and not any(s.startswith("m2-") for s in lit_up(view, U2))


def test_shift_drop_fills_only_the_slots_that_take_it(window: MainWindow) -> None:
    view = _view(window, HGX_19_BAYS)
    stack = window.document.undo_stack
    before = stack.count()
    assert not drop(view, M2, "drive0", SHIFT)  # a front bay: refused, and the status bar says why
    message = window.statusBar().currentMessage()
    assert "drive0" in message and "M.2 slot" in message, message
    assert not window.document.build(0).occupied() and stack.count() == before
    assert drop(view, M2, "m2-1", SHIFT)
    occupied = window.document.build(0).occupied()
    assert set(occupied) == {"m2-0", "m2-1"}
    assert drop(view, U2, "drive3", SHIFT)
    bays = {s for s, p in window.document.build(0).occupied().items() if p == U2}
    assert len(bays) == 19 and "drive3" in bays
    assert fit_errors(window, bays | {"m2-0", "m2-1"}) == []


def test_keyboard_add_picks_only_a_slot_that_takes_it(window: MainWindow) -> None:
    _view(window, HGX_19_BAYS)
    window.add_part(M2, False)
    assert window.document.build(0).occupied() == {"m2-0": M2}
    window.add_part(M2, True)
    assert window.document.build(0).occupied() == {"m2-0": M2, "m2-1": M2}
    window.add_part(M2, False)  # the M.2 slots are full; the empty U.2 bays do not take it
    assert set(window.document.build(0).occupied()) == {"m2-0", "m2-1"}
    assert "No free slot" in window.statusBar().currentMessage()
    assert fit_errors(window, {"m2-0", "m2-1"}) == []


def test_a_drop_delivered_on_a_refusing_slot_places_nothing(window: MainWindow) -> None:
    """Some platforms deliver the drop even where the move was refused: it still places nothing."""
    view = _view(window, HGX_19_BAYS)
    target, pos, mime = view.viewport(), slot_pos(view, "drive5"), part_mime(M2)
    enter = _drag_event(QDragEnterEvent, pos, mime, SHIFT)
    QApplication.sendEvent(target, enter)
    event = QDropEvent(QPointF(pos), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, SHIFT)
    QApplication.sendEvent(target, event)
    assert not event.isAccepted()
    assert not window.document.build(0).occupied()
    assert "drive5" in window.statusBar().currentMessage()
    # nor does an edit that bypasses the view: the document asks the same check
    assert not window.document.place(0, M2, ["drive5"])
    assert not window.document.build(0).occupied()
    assert "M.2 slot" in window.statusBar().currentMessage()


# One chassis per GPU form (SXM baseboard with a 3000 W PSU minimum and LGA4677; PCIe positions two
# slots wide on SP5), and parts of every kind that do and do not go in them.
CASES = {
    HGX_19_BAYS: ["nvidia-h100-sxm5-80gb", "nvidia-a100-sxm4-80gb", "amd-instinct-mi300x", "nvidia-l40s",
                  "intel-xeon-platinum-8480-plus", "amd-epyc-9554", "generic-ddr5-rdimm-96gb-5600",
                  "generic-crps-2000w-titanium", "supermicro-3000w-titanium", "nvidia-connectx-7-1x400-osfp",
                  M2, U2, "samsung-pm1743-15.36tb-e3s"],
    "diy-5u-4x-rtx-pro-6000-sp5": ["nvidia-geforce-rtx-4090", "nvidia-l40s", "nvidia-h100-sxm5-80gb",
                                   "amd-epyc-9554", "intel-xeon-platinum-8480-plus", "generic-crps-2000w-titanium",
                                   M2, U2],
}


@pytest.mark.parametrize(("chassis_id", "part_id"), [(c, p) for c, ps in CASES.items() for p in ps])
def test_every_part_kind_lights_up_and_fills_what_validation_accepts(
        window: MainWindow, chassis_id: str, part_id: str) -> None:
    view = _view(window, chassis_id)
    part = window.parts[part_id]
    chassis = window.parts[chassis_id]
    assert isinstance(chassis, Chassis)
    own = [s.id for k in SLOT_KINDS_FOR_PART[part.kind] for s in slot_layout(chassis).of_kind(k)]
    lit = lit_up(view, part_id)
    assert lit <= set(own)
    for slot in own:  # every slot that stays dark refuses the drop, saying why
        if slot not in lit:
            assert not drop(view, part_id, slot, SHIFT), slot
            assert slot in window.statusBar().currentMessage()
            break
    assert not window.document.build(0).occupied()
    if not lit:
        return
    assert drop(view, part_id, sorted(lit, key=own.index)[-1], SHIFT)
    placed = set(window.document.build(0).occupied())
    assert placed and placed <= lit
    assert fit_errors(window, placed) == []
