"""Compare 2–4 builds: the figures that decide a purchase, the best per row highlighted, curves overlaid."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.compare import ROWS, BuildFigures, best_per_row, build_figures
from app.compare.figures import format_value
from app.core.build import Build
from app.core.parts import AnyPart
from app.perf.model import MeasuredPeaks
from app.rules.engine import RuleEngine
from app.ui.charts import SERIES_COLOURS, ChartWidget, theme_colours
from app.ui.window_layout import short_name

MAX_BUILDS = 4
BEST = QColor("#d8f0d8")


class CompareModel(QAbstractTableModel):
    """Rows: the figures; columns: the builds."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.figures: list[BuildFigures] = []
        self.best: dict[str, set[int]] = {}

    def set_figures(self, figures: Sequence[BuildFigures]) -> None:
        self.beginResetModel()
        self.figures = list(figures)
        self.best = best_per_row(self.figures)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(ROWS)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.figures)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = ROWS[index.row()]
        fig = self.figures[index.column()]
        value = fig.value(row.key)
        is_best = index.column() in self.best.get(row.key, set())
        if role == Qt.ItemDataRole.DisplayRole:
            text = format_value(row, value, fig.currency)
            if row.key == "price" and not fig.price_complete:
                text = self.tr("incomplete (parts on request)")
            if row.key == "tps_at_target" and value is not None and fig.band_tps is not None:
                text += f" (± {fig.band_tps:.0%})"
            return text
        if role == Qt.ItemDataRole.BackgroundRole and is_best:
            return BEST
        if role == Qt.ItemDataRole.FontRole and is_best:
            f = QFont()
            f.setBold(True)
            return f
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and row.key in ("tps_at_target", "cost_per_mtok"):
            return fig.perf_note
        if role == Qt.ItemDataRole.UserRole:
            return value
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return self.figures[section].name  # the header elides a long name in the middle
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.figures[section].name
        return ROWS[section].label


class OverlayCharts(ChartWidget):
    """Total tokens/s and TTFT against concurrency, one curve per build."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Builds overlaid"), parent)
        conc = self.tr("concurrent requests")
        self.tps = self.new_plot(0, 0, self.tr("Output tokens/s, whole build"), self.tr("tok/s"), conc)
        self.ttft = self.new_plot(0, 1, self.tr("Time to first token"), self.tr("TTFT (ms)"), conc)
        for p in (self.tps, self.ttft):
            p.setLogMode(x=True, y=False)
            # top left: every curve here rises to the right, so the legend stays off them
            p.addLegend(offset=(5, 5), labelTextColor=self._fg, brush=pg.mkBrush(theme_colours()[0]))
        self.drawn: dict[str, int] = {}
        self.colours: dict[str, str] = {}  # build name -> the colour its curves are drawn in

    def set_figures(self, figures: Sequence[BuildFigures], colour_index: Sequence[int] | None = None) -> None:
        """``colour_index``: each build's place in the project, so a build keeps its colour when
        another one is unticked."""
        self.tps.clear()
        self.ttft.clear()
        self.drawn = {}
        self.colours = {}
        missing = []
        for i, fig in enumerate(figures):
            if fig.perf is None:
                missing.append(f"{fig.name}: {fig.perf_note}")
                continue
            xs = [float(p.concurrency) for p in fig.perf.sweep]
            n = colour_index[i] if colour_index is not None else i
            colour = SERIES_COLOURS[n % len(SERIES_COLOURS)]
            self.colours[fig.name] = colour
            pen = pg.mkPen(colour, width=2)
            name = short_name(fig.name, QFontMetrics(self.font()))  # a legend as wide as a sentence hid the curves
            self.tps.plot(xs, [p.output_tps_total for p in fig.perf.sweep], pen=pen, symbol="o", symbolSize=4,
                          name=name)
            self.ttft.plot(xs, [p.ttft_ms for p in fig.perf.sweep], pen=pen, symbol="o", symbolSize=4, name=name)
            self.drawn[fig.name] = len(xs)
        self.message.setText("; ".join(missing))


class CompareDialog(QDialog):
    def __init__(self, builds: Sequence[Build], parts: Mapping[str, AnyPart], engine: RuleEngine,
                 parent: QWidget | None = None,
                 measured: Callable[[Build], MeasuredPeaks | None] | None = None) -> None:
        super().__init__(parent)
        self._measured = measured or (lambda _b: None)
        self.setWindowTitle(self.tr("Compare builds"))
        self._builds = list(builds)
        self._parts = parts
        self._engine = engine
        self.choice = QListWidget()
        for i, b in enumerate(builds):
            item = QListWidgetItem(b.name)
            item.setToolTip(b.name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if i < MAX_BUILDS else Qt.CheckState.Unchecked)
            self.choice.addItem(item)
        self.choice.setMaximumWidth(220)
        self.choice.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.hint = QLabel(self.tr("Tick 2 to 4 builds."))
        self.hint.setWordWrap(True)
        self.model = CompareModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.charts = OverlayCharts()
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(0, 0, 0, 0)
        ll.addWidget(self.choice, 1)
        ll.addWidget(self.hint)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.table)
        right.addWidget(self.charts)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        body = QHBoxLayout()
        body.addWidget(left)
        body.addWidget(right, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addWidget(buttons)
        self.resize(1150, 720)
        self.choice.itemChanged.connect(lambda _i: self.refresh())
        self.refresh()

    def _chosen_indexes(self) -> list[int]:
        return [i for i in range(len(self._builds)) if self.choice.item(i).checkState() == Qt.CheckState.Checked]

    def chosen(self) -> list[Build]:
        return [self._builds[i] for i in self._chosen_indexes()]

    def refresh(self) -> None:
        indexes = self._chosen_indexes()
        if not 2 <= len(indexes) <= MAX_BUILDS:
            self.hint.setText(self.tr("Tick 2 to 4 builds ({0} ticked).").format(len(indexes)))
            indexes = indexes[:MAX_BUILDS]
        else:
            self.hint.setText(self.tr("Best value per row in bold."))
        chosen = [self._builds[i] for i in indexes]
        figures = [build_figures(b, self._parts, self._engine, measured=self._measured(b)) for b in chosen]
        self.model.set_figures(figures)
        self.charts.set_figures(figures, indexes)
