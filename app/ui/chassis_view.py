"""A drawing of the chosen chassis: GPU positions, sockets with their DIMM channels, PCIe slots,
drive bays, M.2 slots and PSU bays. Parts are dropped onto slots; while a part is dragged the
slots that take it light up and the others say why not. Lighting up, Shift-drop's fill and the
drop itself ask app.core.placement, the check the fit rules decide with, so a slot that lights
up never holds a part validation calls misplaced.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QDrag,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QMenu,
    QStyleOptionGraphicsItem,
    QWidget,
)

from app.core.build import Build, Slot, SlotKind, slot_layout
from app.core.parts import AnyPart, Chassis
from app.core.placement import free_slots_for, refusal, why_not
from app.ui.mime import part_id_from, placed_part_mime, source_slot_from

SIZES: dict[SlotKind, tuple[float, float]] = {
    SlotKind.GPU: (74, 120),
    SlotKind.CPU: (96, 64),
    SlotKind.DIMM: (14, 64),
    SlotKind.PCIE: (120, 26),
    SlotKind.DRIVE: (52, 26),
    SlotKind.M2: (70, 22),
    SlotKind.PSU: (96, 34),
}
GAP = 8.0
SECTION_GAP = 34.0

FILLED = QColor("#4a7bb7")
EMPTY = QColor("#f2f2f2")
ACCEPT = QColor("#3aa655")
REFUSE = QColor("#c9c9c9")
HIGHLIGHT = QColor("#e8a33d")


class SlotItem(QGraphicsRectItem):
    """One slot. Paints its state; the view does the drag logic."""

    def __init__(self, slot: Slot, rect: QRectF) -> None:
        super().__init__(rect)
        self.slot = slot
        self.part: AnyPart | None = None
        self.part_id: str | None = None
        self.drag_state: bool | None = None  # None: no drag; True: accepts; False: refuses
        self.refusal = ""  # while refusing: why
        self.highlighted = False
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, True)
        self.setAcceptHoverEvents(True)

    def set_part(self, part_id: str | None, part: AnyPart | None) -> None:
        self.part_id = part_id
        self.part = part
        self._update_tooltip()
        self.update()

    def set_drag_state(self, state: bool | None, reason: str = "") -> None:
        self.drag_state = state
        self.refusal = reason if state is False else ""
        if state is False:
            self.setToolTip(reason)
        else:
            self._update_tooltip()
        self.update()

    def _update_tooltip(self) -> None:
        label = self.slot.id
        if self.part is not None:
            label += f"\n{self.part.display_name}"
        elif self.part_id is not None:
            label += f"\n{self.part_id} (not in catalog)"
        self.setToolTip(label)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        r = self.rect()
        if self.drag_state is True:
            fill = ACCEPT.lighter(150)
            pen = QPen(ACCEPT, 2.5)
        elif self.drag_state is False:
            fill = REFUSE
            pen = QPen(QColor("#999999"), 1, Qt.PenStyle.DashLine)
        elif self.part_id is not None:
            fill = FILLED if self.part is not None else QColor("#b74a4a")
            pen = QPen(FILLED.darker(140), 1.2)
        else:
            fill = EMPTY
            pen = QPen(QColor("#8a8a8a"), 1)
        if self.highlighted:
            pen = QPen(HIGHLIGHT, 3)
        if self.isSelected():
            pen = QPen(QColor("#202020"), 2.5, Qt.PenStyle.DotLine)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(pen)
        painter.setBrush(QBrush(fill))
        painter.drawRoundedRect(r, 3, 3)
        text = self._label()
        if text:
            painter.setPen(QColor("white") if self.part_id is not None and self.drag_state is None else QColor("#333"))
            font = QFont(painter.font())
            font.setPointSizeF(7.0)
            painter.setFont(font)
            flags = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
            if self.slot.kind is SlotKind.DIMM:
                painter.save()
                painter.translate(r.center())
                painter.rotate(-90)
                painter.drawText(QRectF(-r.height() / 2, -r.width() / 2, r.height(), r.width()), flags, text)
                painter.restore()
            elif r.height() < 30:  # short slots: one line, elided, so nothing spills out
                line = QFontMetrics(font).elidedText(text, Qt.TextElideMode.ElideRight, int(r.width() - 4))
                painter.drawText(r.adjusted(2, 1, -2, -1), int(Qt.AlignmentFlag.AlignCenter), line)
            else:
                painter.drawText(r.adjusted(2, 1, -2, -1), flags, text)

    def _label(self) -> str:
        if self.part is not None:
            name = self.part.name
            if self.slot.kind is SlotKind.DIMM:
                return f"{getattr(self.part, 'capacity_gb', '')}G"
            return name if len(name) <= 28 else name[:26] + "…"
        if self.part_id is not None:
            return "?"
        if self.slot.kind is SlotKind.DIMM:
            return ""
        return self.slot.id


class ChassisScene(QGraphicsScene):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.slot_items: dict[str, SlotItem] = {}


class ChassisView(QGraphicsView):
    """Emits edit requests; it never edits the build itself (the document's undo stack does)."""

    place_requested = Signal(str, list)  # part id, slot ids
    replace_requested = Signal(str, list)  # part id, occupied slot ids it replaces
    move_requested = Signal(str, str)  # from slot, to slot (free, or occupied: replaced)
    remove_requested = Signal(list)  # slot ids
    slot_selected = Signal(str)  # slot id ("" when nothing)
    placement_refused = Signal(str)  # a part held over, or dropped on, a slot that does not take it: why

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(ChassisScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setAcceptDrops(True)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._chassis: Chassis | None = None
        self._build: Build | None = None
        self._parts: Mapping[str, AnyPart] = {}
        self._occupied: dict[str, str] = {}
        self._drag_part: AnyPart | None = None
        self._drag_source: str | None = None  # slot a placed part is being moved out of
        self._refused_hint: str | None = None  # refused slot the pointer is over (said once per slot)
        self._press: tuple[QPointF, SlotItem] | None = None
        self.scene_().selectionChanged.connect(self._on_selection)

    def scene_(self) -> ChassisScene:
        scene = self.scene()
        assert isinstance(scene, ChassisScene)
        return scene

    # ---- content ---------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and self.scene_().slot_items:
            self._draw_layout()  # section titles and slot labels in the new language
            self.set_build(self._build, self._parts)
        super().changeEvent(event)

    def set_build(self, build: Build | None, parts: Mapping[str, AnyPart]) -> None:
        self._parts = parts
        chassis = parts.get(build.chassis_id) if build is not None else None
        new_chassis = chassis if isinstance(chassis, Chassis) else None
        if new_chassis is not self._chassis or not self.scene_().slot_items:
            self._chassis = new_chassis
            self._draw_layout()
        self._build = build
        self._occupied = build.occupied() if build is not None else {}
        for slot_id, item in self.scene_().slot_items.items():
            pid = self._occupied.get(slot_id)
            item.set_part(pid, parts.get(pid) if pid else None)

    def _draw_layout(self) -> None:
        scene = self.scene_()
        scene.clear()
        scene.slot_items = {}
        if self._chassis is None:
            text = scene.addSimpleText(self.tr("Drop a chassis here or pick one in the workload panel."))
            text.setPos(10, 10)
            return
        c = self._chassis
        layout = slot_layout(c)
        title = scene.addSimpleText(f"{c.vendor} {c.name} · {c.rack_units}U")
        font = QFont(title.font())
        font.setPointSizeF(12)
        font.setBold(True)
        title.setFont(font)
        title.setPos(0, 0)
        y = 34.0

        def section(label: str, y0: float) -> float:
            item = QGraphicsSimpleTextItem(label)
            bold = QFont(item.font())
            bold.setBold(True)
            item.setFont(bold)
            item.setPos(0, y0)
            scene.addItem(item)
            return y0 + 20

        def row(slots: tuple[Slot, ...], y0: float, per_row: int = 8) -> float:
            if not slots:
                return y0
            w, h = SIZES[slots[0].kind]
            for i, s in enumerate(slots):
                x = (i % per_row) * (w + GAP)
                yy = y0 + (i // per_row) * (h + GAP)
                self._add_slot(s, QRectF(x, yy, w, h))
            rows = (len(slots) + per_row - 1) // per_row
            return y0 + rows * (h + GAP)

        gpus = layout.of_kind(SlotKind.GPU)
        if gpus:
            y = section(self.tr("GPU positions ({n} × {form})").format(n=len(gpus), form=c.gpu_form_factor.value), y)
            y = row(gpus, y) + SECTION_GAP - GAP
        y = section(self.tr("CPU sockets and memory channels"), y)
        cpu_w, cpu_h = SIZES[SlotKind.CPU]
        dimm_w, dimm_h = SIZES[SlotKind.DIMM]
        x0 = 0.0
        for sock in range(layout.sockets):
            cpu_slot = layout.by_id.get(f"cpu{sock}")
            if cpu_slot is not None:
                self._add_slot(cpu_slot, QRectF(x0, y, cpu_w, cpu_h))
            dx = x0
            dy = y + cpu_h + 10
            for ch in range(layout.channels_per_socket):
                for n in range(layout.dimms_per_channel):
                    slot = layout.by_id[f"dimm-s{sock}-c{ch}-{n}"]
                    self._add_slot(slot, QRectF(dx + n * (dimm_w + 2), dy, dimm_w, dimm_h))
                label = scene.addSimpleText(str(ch))
                small = QFont(label.font())
                small.setPointSizeF(6.5)
                label.setFont(small)
                label.setPos(dx + 2, dy + dimm_h + 1)
                dx += layout.dimms_per_channel * (dimm_w + 2) + 6
            x0 = max(x0 + cpu_w, dx) + 30
        y += cpu_h + 10 + dimm_h + 16 + SECTION_GAP - GAP
        for kind, heading, per_row in (
            (SlotKind.PCIE, self.tr("PCIe slots (NICs)"), 6),
            (SlotKind.DRIVE, self.tr("Drive bays ({forms})").format(forms=c.drive_form_factors), 12),
            (SlotKind.M2, self.tr("Boot M.2"), 6),
            (SlotKind.PSU, self.tr("PSU bays"), 6),
        ):
            slots = layout.of_kind(kind)
            if slots:
                y = section(heading, y)
                y = row(slots, y, per_row) + SECTION_GAP - GAP
        self.setSceneRect(scene.itemsBoundingRect().adjusted(-10, -10, 10, 10))
        self._fit()

    def _fit(self) -> None:
        """Shrink to fit the width (never enlarge past 1:1), so small windows see every slot."""
        rect = self.sceneRect()
        if rect.width() <= 0:
            return
        avail = self.viewport().width() - 4
        scale = min(1.0, avail / rect.width()) if avail > 50 else 1.0
        bar = self.verticalScrollBar()
        at_top = bar.value() == bar.minimum()
        self.resetTransform()
        self.scale(scale, scale)
        if at_top:  # scaling keeps the centre: keep the chassis' name in sight instead
            bar.setValue(bar.minimum())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _add_slot(self, slot: Slot, rect: QRectF) -> None:
        item = SlotItem(slot, rect)
        self.scene_().addItem(item)
        self.scene_().slot_items[slot.id] = item

    def slot_item(self, slot_id: str) -> SlotItem | None:
        return self.scene_().slot_items.get(slot_id)

    def highlight(self, slot_ids: set[str]) -> None:
        for sid, item in self.scene_().slot_items.items():
            if item.highlighted != (sid in slot_ids):
                item.highlighted = sid in slot_ids
                item.update()

    def selected_slots(self) -> list[str]:
        return [i.slot.id for i in self.scene_().selectedItems() if isinstance(i, SlotItem)]

    def _on_selection(self) -> None:
        sel = self.selected_slots()
        self.slot_selected.emit(sel[0] if sel else "")

    # ---- drag and drop ----------------------------------------------------------------------
    def _part_for(self, event: QDragEnterEvent | QDragMoveEvent | QDropEvent) -> AnyPart | None:
        part_id = part_id_from(event.mimeData())
        return self._parts.get(part_id) if part_id else None

    def _slot_at(self, pos: QPointF) -> SlotItem | None:
        for item in self.items(pos.toPoint()):
            if isinstance(item, SlotItem):
                return item
        return None

    def reason(self, part: AnyPart, slot_id: str, *, replacing: bool = False) -> str | None:
        """Why ``part`` cannot go into ``slot_id`` (None: it can); ``replacing``: the slot's part would go."""
        item = self.slot_item(slot_id)
        if item is None or self._chassis is None:
            return self.tr("no such slot")
        occupied = self._occupied
        if replacing or (self._drag_source is not None):
            occupied = {k: v for k, v in occupied.items() if k not in (slot_id, self._drag_source)}
        return why_not(part, item.slot, self._chassis, occupied, self._parts)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        part = self._part_for(event)
        if part is None or self._chassis is None:
            event.ignore()
            return
        self._drag_part = part
        self._drag_source = source_slot_from(event.mimeData())
        for sid, item in self.scene_().slot_items.items():
            if sid == self._drag_source:
                item.set_drag_state(False, self.tr("the part comes from here"))
                continue
            # an occupied slot that would take the part accepts it as a replacement
            reason = self.reason(part, sid, replacing=True)
            if reason is None and sid in self._occupied and self._occupied[sid] != part.id:
                item.set_drag_state(True, "")
                item.setToolTip(self.tr("Replace {0}").format(item.part.name if item.part else self._occupied[sid]))
            else:
                item.set_drag_state(reason is None, reason or "")
        event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if self._drag_part is None:
            event.ignore()
            return
        item = self._slot_at(event.position())
        if item is not None and item.drag_state:
            self._refused_hint = None
            event.acceptProposedAction()
            return
        if (item is not None and item.drag_state is False
                and item.slot.id not in (self._refused_hint, self._drag_source)):
            self._refused_hint = item.slot.id  # say why in the status bar, once per slot
            self.placement_refused.emit(refusal(self._drag_part, item.slot.id, item.refusal))
        event.ignore()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._end_drag()
        event.accept()  # not QGraphicsView's: the drag never went to the scene, and it warns so

    def dropEvent(self, event: QDropEvent) -> None:
        part = self._drag_part or self._part_for(event)
        item = self._slot_at(event.position())
        source = self._drag_source
        accepted = item is not None and item.drag_state is True
        why = item.refusal if item is not None and item.slot.id != source else ""
        self._end_drag()
        if part is None or item is None or not accepted:
            if part is not None and item is not None and why:
                self.placement_refused.emit(refusal(part, item.slot.id, why))
            event.ignore()
            return
        target = item.slot.id
        if source is not None:
            self.move_requested.emit(source, target)
        elif target in self._occupied and self._occupied[target] != part.id:
            self.replace_requested.emit(part.id, [target])
        else:
            fill_all = bool(event.modifiers() & (Qt.KeyboardModifier.ShiftModifier
                                                 | Qt.KeyboardModifier.ControlModifier))
            self.request_place(part, target, fill_all=fill_all)
        event.acceptProposedAction()

    def request_place(self, part: AnyPart, slot_id: str, *, fill_all: bool = False) -> None:
        """One slot, or with ``fill_all`` every free slot that takes the part (8 GPUs, 24 DIMMs), the
        dropped-on slot first; a slot that does not take the part is refused with the reason."""
        if self._chassis is None:
            return
        why = self.reason(part, slot_id)
        if why is not None:
            self.placement_refused.emit(refusal(part, slot_id, why))
            return
        slots = [slot_id]
        if fill_all:
            slots = free_slots_for(part, slot_layout(self._chassis), self._chassis, self._occupied, self._parts,
                                   first=slot_id)
        self.place_requested.emit(part.id, slots)

    def _end_drag(self) -> None:
        self._drag_part = None
        self._drag_source = None
        self._refused_hint = None
        for item in self.scene_().slot_items.values():
            if item.drag_state is not None:
                item.set_drag_state(None)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        item = self._slot_at(event.position())
        self._press = (event.position(), item) if (item is not None and item.part_id is not None
                                                   and event.button() == Qt.MouseButton.LeftButton) else None
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is not None and event.buttons() & Qt.MouseButton.LeftButton:
            start, item = self._press
            if (event.position() - start).manhattanLength() >= QApplication.startDragDistance():
                self._press = None
                if item.part_id is not None:
                    drag = QDrag(self)
                    drag.setMimeData(placed_part_mime(item.part_id, item.slot.id))
                    drag.exec(Qt.DropAction.MoveAction)
                return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._press = None
        super().mouseReleaseEvent(event)

    # ---- keyboard and context menu ------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            filled = [s for s in self.selected_slots() if s in self._occupied]
            if filled:
                self.remove_requested.emit(filled)
                return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: object) -> None:
        from PySide6.QtGui import QContextMenuEvent  # noqa: PLC0415

        assert isinstance(event, QContextMenuEvent)
        item = self._slot_at(QPointF(event.pos()))
        if item is None or item.part_id is None:
            return
        if not item.isSelected():
            self.scene_().clearSelection()
            item.setSelected(True)
        menu = QMenu(self)
        filled = [s for s in self.selected_slots() if s in self._occupied]
        remove = menu.addAction(self.tr("Remove {n} part(s)").format(n=len(filled)))
        remove.triggered.connect(lambda: self.remove_requested.emit(filled))
        menu.exec(event.globalPos())
