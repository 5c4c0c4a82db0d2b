"""The facility hand-off in the window: the failure scenarios as a table and the rack elevation as a
painted drawing, both laid out from an :class:`app.facility.FacilityPlan` (computed in the core; this
module only shows it). Not yet placed in the main window: :class:`FacilityView` is a self-contained
widget the window can dock or tab.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QHeaderView, QLabel, QSizePolicy, QSplitter, QTableView, QVBoxLayout, QWidget

from app.facility.elevation import RackPlan
from app.facility.plan import FacilityPlan
from app.facility.scenarios import ScenarioResult, changed_findings

OK = QColor("#1e7b34")
CAPPED = QColor("#b9770e")
STOPS = QColor("#b03a2e")
UNKNOWN = QColor("#5d6d7e")
NODE_FILL = QColor("#c9d8ea")
NODE_EDGE = QColor("#23466e")


class ScenarioModel(QAbstractTableModel):
    """One row per failure scenario: what changed, the verdict, the node's maximum, the findings that change."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[ScenarioResult] = []

    def headers(self) -> list[str]:
        return [self.tr("Scenario"), self.tr("Change"), self.tr("Keeps running?"), self.tr("Max at the wall"),
                self.tr("Findings that change")]

    def set_scenarios(self, rows: tuple[ScenarioResult, ...]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 5

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.headers()[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        s, col = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(s, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            return s.note or None
        if role == Qt.ItemDataRole.ForegroundRole and col == 2:
            if s.keeps_running is None:
                return UNKNOWN
            # amber: it runs, but only capped or only at the client's load (not at its sizing maximum)
            return OK if s.keeps_running else (CAPPED if s.cap_w is not None or s.runs_at_load else STOPS)
        if role == Qt.ItemDataRole.TextAlignmentRole and col == 3:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _display(self, s: ScenarioResult, col: int) -> str:
        if col == 0:
            return s.title
        if col == 1:
            return s.change
        if col == 2:
            return s.verdict
        if col == 3:
            return self.tr("{0} W").format(f"{s.node_max_wall_w:,.0f}") if s.node_max_wall_w is not None else "-"
        changed = changed_findings(s)
        return "\n".join(changed) if changed else self.tr("none")


class RackElevation(QWidget):
    """The racks side by side, each node a box at its Us, the rack's load, heat and weight underneath."""

    RACK_WIDTH = 120
    GAP = 110
    CAPTION_LINES = 4

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._racks: tuple[RackPlan, ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(260)

    def set_racks(self, racks: tuple[RackPlan, ...]) -> None:
        self._racks = racks
        self.setAccessibleDescription(self.tr("{0} rack(s), {1} node(s)").format(
            len(racks), sum(len(r.nodes) for r in racks)))
        self.updateGeometry()
        self.update()

    def racks(self) -> tuple[RackPlan, ...]:
        return self._racks

    def sizeHint(self) -> QSize:
        return QSize(max(1, len(self._racks)) * (self.RACK_WIDTH + self.GAP) + self.GAP, 420)

    def captions(self, rack: RackPlan) -> list[str]:
        weight = self.tr("{0} kg").format(f"{rack.weight_kg:,.0f}") if rack.weight_kg is not None \
            else self.tr("weight not stated")
        return [
            self.tr("{0} kW max, {1} BTU/h").format(f"{rack.max_w / 1000:.1f}", f"{rack.heat_btu_h:,.0f}"),
            self.tr("feed A {0} kW, feed B {1} kW").format(f"{rack.feed_w('A')[1] / 1000:.1f}",
                                                             f"{rack.feed_w('B')[1] / 1000:.1f}"),
            weight,
            self.tr("{0} U free").format(rack.rack_units - rack.used_units),
        ]

    def rack_rect(self, i: int) -> QRectF:
        """Where rack ``i`` is drawn (its frame, without the captions)."""
        line = self.fontMetrics().height()
        top = line * 1.6
        height = max(60.0, self.height() - top - line * (self.CAPTION_LINES + 0.8))
        return QRectF(self.GAP * 0.6 + i * (self.RACK_WIDTH + self.GAP), top, self.RACK_WIDTH, height)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        if not self._racks:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             self.tr("No rack elevation: not one node fits the site's rack."))
            return
        line = self.fontMetrics().height()
        for i, rack in enumerate(self._racks):
            frame = self.rack_rect(i)
            unit = frame.height() / rack.rack_units
            painter.setPen(QPen(pal.windowText().color(), 1.2))
            painter.setBrush(pal.base())
            painter.drawRect(frame)
            painter.drawText(QRectF(frame.left() - 20, 0, frame.width() + 40, line * 1.4),
                             Qt.AlignmentFlag.AlignCenter, rack.name)
            for node in rack.nodes:
                box = QRectF(frame.left() + 3, frame.bottom() - node.u_top * unit + 1, frame.width() - 6,
                             node.u_height * unit - 2)
                painter.setPen(QPen(NODE_EDGE, 1))
                painter.setBrush(NODE_FILL)
                painter.drawRect(box)
                painter.setPen(QColor("#1a1a1a"))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter,
                                 self.tr("Node {0}\nU{1}-U{2}").format(node.number, node.u_bottom, node.u_top))
            painter.setPen(pal.windowText().color())
            for k, text in enumerate(self.captions(rack)):
                painter.drawText(QRectF(frame.left() - self.GAP / 2 + 3, frame.bottom() + 4 + k * line,
                                        frame.width() + self.GAP - 6, line), Qt.AlignmentFlag.AlignCenter, text)


class FacilityView(QWidget):
    """The failure scenarios above the rack elevation, for one build's facility plan."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.model = ScenarioModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setVisible(False)
        # The wordy columns (what changes, the verdict, which findings) share the width and wrap; the rest fit
        # their text, so the verdict and the watts stay in view at 1366 x 768 without scrolling sideways.
        header = self.table.horizontalHeader()
        for col, mode in enumerate((QHeaderView.ResizeMode.ResizeToContents, QHeaderView.ResizeMode.Stretch,
                                    QHeaderView.ResizeMode.Stretch,
                                    QHeaderView.ResizeMode.ResizeToContents, QHeaderView.ResizeMode.Stretch)):
            header.setSectionResizeMode(col, mode)
        self.table.setAccessibleName(self.tr("Failure scenarios"))
        self.elevation = RackElevation(self)
        self.elevation.setAccessibleName(self.tr("Rack elevation"))
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.table)
        split.addWidget(self.elevation)
        split.setStretchFactor(0, 3)  # the scenarios' wrapped rows need the height more than the racks
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)
        self.set_plan(None)

    def set_plan(self, plan: FacilityPlan | None) -> None:
        if plan is None:
            self.summary.setText(self.tr("No facility plan: the build needs a chassis."))
            self.model.set_scenarios(())
            self.elevation.set_racks(())
            return
        node = plan.node
        # Wall (AC) figures, as the table's "Max at the wall": the chassis gauge shows the PSUs' DC output.
        self.summary.setText(self.tr("{0}: {1} node(s) in {2} rack(s); at the wall {3} W at the operating point, "
                                     "{4} W at the maximum per node; {5} V at each PSU").format(
            plan.build_name, plan.node_count, len(plan.racks), f"{node.load_wall_w:,.0f}",
            f"{node.max_wall_w:,.0f}", f"{node.voltage_v:g}"))
        self.model.set_scenarios(plan.scenarios)
        self.table.resizeRowsToContents()
        self.elevation.set_racks(plan.racks)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.table.resizeRowsToContents()  # wrapped columns changed width: rows follow
