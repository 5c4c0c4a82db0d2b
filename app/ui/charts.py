"""Throughput, latency, power and rack charts (pyqtgraph), live with the build.

Charts only draw what the core computed (app.compare.curves, the rules' context); they add no
numbers of their own. Every chart can be exported as PNG or SVG, offscreen too, so the PDF can
embed exactly what the user saw.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QImageWriter, QPaintDevice, QPainter, QPalette
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from app.compare.curves import Curves
from app.core.files import write_file_atomically
from app.i18n.formatting import format_number
from app.perf.datatypes import MINUTE_MS, time_text
from app.rules.context import RuleContext
from app.rules.text import component_label, limit_name, site_label
from app.ui import chart_labels

SERIES_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
TARGET = "#e07b00"
KV = "#7f7f7f"
SLO = "#2ca02c"
PLOT_MIN_EMS = (28, 16)  # the least width and height a plot is drawn at, in "M" widths: below it, scroll


def theme_colours() -> tuple[QColor, QColor]:
    """Background and foreground from the application palette: readable in light and dark themes."""
    palette = QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)


def _png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, QByteArray(b"png"))
    if not writer.write(image):
        raise OSError(writer.errorString())
    buffer.close()
    return bytes(data.data())


def _show_line(line: pg.InfiniteLine, pos: float | None, text: str) -> None:
    """Show ``line`` at ``pos`` with ``text`` (hide it for None), touching it only where that changes:
    each move or relabel of a pyqtgraph line re-lays its label, and an edit redraws a dozen of them."""
    state = (pos, text)
    if getattr(line, "_shown", None) == state:
        return
    line._shown = state
    line.setVisible(pos is not None)
    if pos is not None:
        line.setPos(pos)
        line.label.setFormat(text)


def _translucent(colour: QColor, alpha: int = 210) -> QColor:
    out = QColor(colour)
    out.setAlpha(alpha)
    return out


def keep_inside(item: pg.TextItem, plot: pg.PlotItem) -> None:
    """Turn a readout about its point (right or left of it, above or below) so it stays inside the plot and, where
    a side allows, clear of the legend (which would cover it, as it does the line labels `chart_labels.place` keeps
    off it)."""
    area = plot.vb.sceneBoundingRect()
    legend = plot.legend
    covered = (legend.sceneBoundingRect() if legend is not None and legend.isVisible() and legend.items
               else QRectF())
    anchors = ((0, 1), (1, 1), (0, 0), (1, 0))
    inside = []
    for anchor in anchors:
        item.setAnchor(anchor)
        rect = chart_labels.label_rect(item)
        if area.contains(rect):
            if covered.isNull() or not covered.intersects(rect):
                return
            inside.append(anchor)
    if inside:  # every side that fits meets the legend: drop the readout to just below it, beside its point
        point = item.pos()
        below = plot.vb.mapSceneToView(QPointF(0.0, covered.bottom() + 2.0)).y()
        item.setPos(point.x(), min(point.y(), below))
        for anchor in ((1, 0), (0, 0)):
            item.setAnchor(anchor)
            rect = chart_labels.label_rect(item)
            if area.contains(rect) and not covered.intersects(rect):
                return
        item.setPos(point)
    item.setAnchor(inside[0] if inside else anchors[-1])


class PlainLogAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph has no type hints
    """Log axes read 1, 10, 100, 1,000: decades labelled in plain numbers, the ticks between them
    unlabelled (pyqtgraph's own labels ran together as "2·10¹3·10¹4·5·6")."""

    def logTickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        out = []
        for v in values:
            x = 10 ** float(v) * scale
            decade = abs(float(v) - round(float(v))) < 1e-6
            out.append(format_number(x, 0 if x >= 1 else 2) if decade else "")
        return out


class ChartWidget(QWidget):
    """A pyqtgraph layout with a title bar, a message line and PNG/SVG export."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        bg, fg = theme_colours()
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setBackground(bg)
        self._fg = fg
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.title = QLabel(f"<b>{title}</b>")
        self.title.setWordWrap(True)
        self.export_png = QPushButton(self.tr("PNG…"))
        self.export_svg = QPushButton(self.tr("SVG…"))
        for b in (self.export_png, self.export_svg):
            b.setFlat(True)
            b.setToolTip(self.tr("Export this chart"))
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.export_png)
        top.addWidget(self.export_svg)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(top)
        layout.addWidget(self.message)
        # Narrower than its plots can be drawn, the chart scrolls: pyqtgraph would cut the right-hand ones off.
        self.plot_area = QScrollArea()
        self.plot_area.setWidgetResizable(True)
        self.plot_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.plot_area.setWidget(self.graphics)
        self._grid = (0, 0)  # rows, columns of plots so far
        layout.addWidget(self.plot_area, 1)
        self.export_png.clicked.connect(lambda: self._ask_export("png"))
        self.export_svg.clicked.connect(lambda: self._ask_export("svg"))

    def new_plot(self, row: int, col: int, title: str, left: str, bottom: str) -> pg.PlotItem:
        plot = self.graphics.addPlot(row=row, col=col, title=title,
                                     axisItems={"bottom": PlainLogAxis("bottom"), "left": PlainLogAxis("left")})
        plot.showGrid(x=True, y=True, alpha=0.25)
        plot.setLabel("left", left, color=self._fg.name())
        plot.setLabel("bottom", bottom, color=self._fg.name())
        for axis in ("left", "bottom"):
            ax = plot.getAxis(axis)
            ax.setPen(self._fg)
            ax.setTextPen(self._fg)
        plot.titleLabel.setAttr("color", self._fg.name())
        self._grid = (max(self._grid[0], row + 1), max(self._grid[1], col + 1))
        self.keep_plots_whole()
        return plot

    def keep_plots_whole(self) -> None:
        """The chart's least size: PLOT_MIN_EMS a plot, or more where the plots need it (an axis widens
        with its tick labels, "10,000"), so the scroll area scrolls instead of pyqtgraph drawing the
        right-hand plots past the edge (seen at 960 x 540 logical, 1920 x 1080 at 200 %)."""
        em = self.fontMetrics().horizontalAdvance("M")
        need = self.graphics.ci.effectiveSizeHint(Qt.SizeHint.MinimumSize)
        frame = 2 * self.graphics.frameWidth()
        size = QSize(max(self._grid[1] * PLOT_MIN_EMS[0] * em, math.ceil(need.width()) + frame),
                     max(self._grid[0] * PLOT_MIN_EMS[1] * em, math.ceil(need.height()) + frame))
        if size != self.graphics.minimumSize():
            self.graphics.setMinimumSize(size)

    def add_empty_text(self, plot: pg.PlotItem) -> pg.TextItem:
        """The text a plot shows in place of data (hidden while there is data)."""
        item = pg.TextItem(color=self._fg, anchor=(0.5, 0.5))
        item.setVisible(False)
        plot.addItem(item, ignoreBounds=True)
        self._empty_items = [*getattr(self, "_empty_items", []), (plot, item)]
        return item

    def show_empty(self, plots: Sequence[pg.PlotItem], text: str, log_y: Sequence[pg.PlotItem] = ()) -> None:
        """An empty state: axes from 0 (1 on a log axis), never negative, and the reason in the middle."""
        for plot, item in getattr(self, "_empty_items", []):
            if plot not in plots:
                continue
            log_x = bool(plot.getAxis("bottom").logMode)
            plot.setXRange(0.0, 3.0 if log_x else 1.0, padding=0)
            plot.setYRange(0.0, 3.0 if plot in log_y else 1.0, padding=0)
            item.setText(self.tr("No data"))
            item.setToolTip(text)
            item.setPos(1.5 if log_x else 0.5, 1.5 if plot in log_y else 0.5)
            item.setVisible(True)
            if plot.legend is not None:
                plot.legend.setVisible(False)  # nothing drawn, nothing to name

    def hide_empty(self) -> None:
        for plot, item in getattr(self, "_empty_items", []):
            if item.isVisible():
                item.setVisible(False)
                plot.enableAutoRange()
                if plot.legend is not None:
                    plot.legend.setVisible(True)

    def _render(self, device: QPaintDevice, width: int, height: int) -> None:
        """Lay the plots out at ``width`` × ``height`` and paint the scene onto ``device``."""
        view = self.graphics
        shown = QRectF(0, 0, max(1, view.width()), max(1, view.height()))
        target = QRectF(0, 0, width, height)
        view.setRange(target, padding=0)
        painter = QPainter(device)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(target, theme_colours()[0])
        view.scene().render(painter, target, target)
        painter.end()
        view.setRange(shown, padding=0)

    def render_png(self, width: int = 1200, height: int = 700) -> bytes:
        """The chart as PNG bytes at the requested size; works offscreen (the PDF embeds it)."""
        image = QImage(width, height, QImage.Format.Format_ARGB32)
        self._render(image, width, height)
        return _png_bytes(image)

    def render_svg(self, width: int = 1200, height: int = 700) -> bytes:
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setSize(QSize(width, height))
        generator.setViewBox(QRect(0, 0, width, height))
        generator.setTitle(self.title.text())
        self._render(generator, width, height)
        buffer.close()
        return bytes(data.data())

    def export(self, path: Path, width: int = 1200, height: int = 700) -> None:
        """PNG or SVG by suffix; written to a temporary file and renamed, so a failure leaves no half file."""
        payload = self.render_svg(width, height) if path.suffix.lower() == ".svg" else self.render_png(width, height)
        write_file_atomically(path, payload)

    def _ask_export(self, kind: str) -> None:
        from PySide6.QtWidgets import QFileDialog  # noqa: PLC0415

        filt = self.tr("PNG image (*.png)") if kind == "png" else self.tr("SVG drawing (*.svg)")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export chart"), f"chart.{kind}", filt)
        if path:
            self.export(Path(path))


@dataclass
class _Series:
    """The items of one plotted metric, created once and updated with setData on every refresh."""

    line: pg.PlotDataItem
    upper: pg.PlotDataItem
    lower: pg.PlotDataItem
    fill: pg.FillBetweenItem
    vlines: dict[str, pg.InfiniteLine]
    hline: pg.InfiniteLine | None
    drawn: tuple[object, ...] = ()  # the data last drawn: an edit that leaves the curve as it was skips it


class PerformanceCharts(ChartWidget):
    """Tokens/s (total and per user), TTFT and TPOT against concurrency, with targets and limits."""

    METRICS = (("output_tps_total", "output_tps_total"), ("output_tps_per_user", "output_tps_per_user"),
               ("ttft_ms", "ttft_ms"), ("tpot_ms", "tpot_ms"))

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Throughput and latency"), parent)
        self._label_fill = pg.mkBrush(_translucent(theme_colours()[0]))
        conc = self.tr("concurrent requests (log scale)")
        self.tps = self.new_plot(0, 0, self.tr("Output tokens/s, whole build"), self.tr("tok/s"), conc)
        self.user = self.new_plot(0, 1, self.tr("Output tokens/s per user"), self.tr("tok/s"), conc)
        self.ttft = self.new_plot(1, 0, self.tr("Time to first token (log scale)"), self.tr("TTFT (ms)"), conc)
        self.tpot = self.new_plot(1, 1, self.tr("Time per output token"), self.tr("TPOT (ms)"), conc)
        self.plots = (self.tps, self.user, self.ttft, self.tpot)
        names = (self.tr("total"), self.tr("per user"), "TTFT", "TPOT")
        self.series: list[_Series] = []
        for plot, name in zip(self.plots, names, strict=True):
            plot.setLogMode(x=True, y=plot is self.ttft)
            self.series.append(self._make_series(plot, name))
        self.series[2].hline = self._make_hline(self.ttft)  # a target: usually low, label above it
        self.series[3].hline = self._make_hline(self.tpot, below=True)  # a bound: often the top, label below
        self.curves: Curves | None = None
        self.marks: dict[str, float] = {}  # what was drawn where, for tests and the hover text
        self.hover = pg.TextItem(color=self._fg, anchor=(0, 1), fill=pg.mkBrush(theme_colours()[0]))
        self.hover.setZValue(100)
        self.hover_plot: pg.PlotItem | None = None
        self._proxy = pg.SignalProxy(self.graphics.scene().sigMouseMoved, rateLimit=30, slot=self._on_mouse)
        self.empty_texts = [self.add_empty_text(plot) for plot in self.plots]
        for plot in self.plots:
            plot.vb.sigResized.connect(self.place_labels)
        self.set_curves(None)

    def place_labels(self, *_args: object) -> None:
        """Each plot's line labels where they fit by their measured size (app.ui.chart_labels)."""
        for plot, s in zip(self.plots, self.series, strict=True):
            lines = ([s.hline] if s.hline is not None else []) + [s.vlines[k] for k in ("load", "slo_limit",
                                                                                        "queue_limit")]
            chart_labels.place(plot, lines, (s.line,))
        self.keep_plots_whole()  # called on every resize of a plot: axes that widened are followed here

    def _make_series(self, plot: pg.PlotItem, name: str) -> _Series:
        colour = SERIES_COLOURS[0]
        plot.addLegend(offset=(-5, 5), labelTextColor=self._fg, brush=pg.mkBrush(theme_colours()[0]))
        line = plot.plot([], [], pen=pg.mkPen(colour, width=2), symbol="o", symbolSize=5, symbolBrush=colour, name=name)
        line.setZValue(5)
        upper = plot.plot([], [], pen=pg.mkPen(None))
        lower = plot.plot([], [], pen=pg.mkPen(None))
        fill = pg.FillBetweenItem(upper, lower, brush=pg.mkBrush(QColor(colour).lighter(170)))
        fill.setZValue(-10)
        plot.addItem(fill)
        vlines = {}
        for key, colour_, pos in (("load", SERIES_COLOURS[1], 0.72), ("slo_limit", SLO, 0.6),
                                  ("queue_limit", KV, 0.48)):
            # the label hangs left of its line, so the plot's right edge never cuts it
            item = pg.InfiniteLine(angle=90, pen=pg.mkPen(colour_, width=1.5, style=Qt.PenStyle.DashLine),
                                   label="", labelOpts={"position": pos, "color": colour_,
                                                        "anchors": [(1, 0), (1, 0)], "fill": self._label_fill})
            item.setVisible(False)
            plot.addItem(item, ignoreBounds=True)
            vlines[key] = item
        return _Series(line, upper, lower, fill, vlines, None)

    def _make_hline(self, plot: pg.PlotItem, *, below: bool = False) -> pg.InfiniteLine:
        # the label starts right of its anchor, so the plot's left edge never cuts it
        anchor = (0, 0) if below else (0, 1)
        item = pg.InfiniteLine(angle=0, pen=pg.mkPen(TARGET, width=1.5, style=Qt.PenStyle.DotLine),
                               label="", labelOpts={"position": 0.02, "color": TARGET, "anchors": [anchor, anchor],
                                                    "fill": self._label_fill})
        item.setVisible(False)
        plot.addItem(item, ignoreBounds=True)  # set_curves decides whether the range takes it in
        return item

    def set_curves(self, curves: Curves | None, reason: str = "") -> None:
        self.curves = curves
        self.marks = {}
        if curves is None:
            for s in self.series:
                for item in (s.line, s.upper, s.lower):
                    item.setData([], [])
                s.drawn = ()
                for v in s.vlines.values():
                    _show_line(v, None, "")
                if s.hline is not None:
                    _show_line(s.hline, None, "")
            self.message.setText(reason or self.tr("No estimate."))
            self.show_empty(self.plots, reason or self.tr("No estimate."), log_y=(self.ttft,))
            return
        self.hide_empty()
        queue_text = (self.tr("{setting} reached: {0}").format(curves.queue_limit, setting=curves.queue_setting)
                      if curves.queue_setting else self.tr("KV cache full {0}").format(curves.queue_limit))
        limits = {"load": (curves.load, self.tr("your load {0}").format(curves.load)),
                  "queue_limit": (curves.queue_limit, queue_text),
                  "slo_limit": (curves.slo_limit or 0, self.tr("meets targets to {0}").format(curves.slo_limit))}
        for s, (attr, metric) in zip(self.series, self.METRICS, strict=True):
            xs, ys = curves.series(attr)
            band = curves.band(metric)
            drawn = (tuple(xs), tuple(ys), band)
            if drawn != s.drawn:  # a load-only edit moves the load line, not the curve: ~10 ms saved
                s.line.setData(xs, ys)
                s.upper.blockSignals(True)  # the band's fill redraws once, on the lower edge's change
                try:
                    s.upper.setData(xs, [y * (1 + band) for y in ys])
                finally:
                    s.upper.blockSignals(False)
                s.lower.setData(xs, [max(y * (1 - band), 1e-9) for y in ys])
                s.drawn = drawn
            for key, (x, text) in limits.items():
                _show_line(s.vlines[key], math.log10(x) if x > 0 else None, text)
                if x > 0:
                    self.marks[key] = float(x)
        targets = ((self.series[2], curves.ttft_target_ms, self.tr("target {0:g} ms"), "ttft_target", True),
                   (self.series[3], curves.p99_latency_ms, self.tr("scenario P99 {0:g} ms"), "p99", False))
        for (s, value, label, key, log_y), plot in zip(targets, self.plots[2:], strict=True):
            assert s.hline is not None
            if value is None:
                _show_line(s.hline, None, "")
            else:
                _show_line(s.hline, math.log10(value) if log_y else value, label.format(value))
                self.marks[key] = value
            self._fit_y(plot, s, value, log_y)
        self.message.setText(self.tr(
            "Shaded: ± {band:.0%} on throughput, ± {lat:.0%} on TTFT (model error on published measurements). "
            "Peaks: {peaks}."
        ).format(band=curves.band("output_tps_total"), lat=curves.band("ttft_ms"),
                 peaks=curves.peaks_label + (f"; {curves.probe_shift_text}" if curves.probe_shift_text else "")))
        self.place_labels()

    @staticmethod
    def _fit_y(plot: pg.PlotItem, s: _Series, target: float | None, log_y: bool) -> None:
        """The curve and its band fill the height; a target line joins them only when it is near (within
        5 x of the band's top): a chat scenario's 200 ms next to 40 ms TPOTs, not summarisation's 5 s,
        which would flatten them to a line at zero."""
        ys = [float(y) for y in (s.upper.yData if s.upper.yData is not None else ())]
        lows = [float(y) for y in (s.lower.yData if s.lower.yData is not None else ())]
        if not ys or not lows:
            plot.enableAutoRange(y=True)
            return
        top, bottom = max(ys), min(lows)
        if target is not None and target <= 5 * top:
            top = max(top, target)
            bottom = min(bottom, target)
        if log_y:
            lo, hi = math.log10(max(bottom, 1e-9)), math.log10(max(top, 1e-9))
            pad = max(0.05, (hi - lo) * 0.05)
            plot.setYRange(lo - pad, hi + pad, padding=0)
        else:
            plot.setYRange(0.0, top * 1.08, padding=0)

    def _on_mouse(self, event: Sequence[QPointF]) -> None:
        if self.curves is None:
            return
        pos = event[0]
        for plot, (attr, _m), unit in zip(self.plots, self.METRICS, ("tok/s", "tok/s", "ms", "ms"), strict=True):
            if plot.sceneBoundingRect().contains(pos):
                x = 10 ** plot.vb.mapSceneToView(pos).x()
                point = min(self.curves.points, key=lambda p: abs(math.log(p.concurrency) - math.log(max(x, 1e-9))))
                self.show_hover(plot, point.concurrency, getattr(point, attr), unit)
                return

    def show_hover(self, plot: pg.PlotItem, concurrency: int, value: float, unit: str) -> None:
        if self.hover_plot is not plot:
            if self.hover_plot is not None:
                self.hover_plot.removeItem(self.hover)
            plot.addItem(self.hover, ignoreBounds=True)
            self.hover_plot = plot
        if unit == "ms" and value >= MINUTE_MS:  # a queue's minutes or hours, as the core words them
            self.hover.setText(self.tr("{c} requests: {v}").format(c=concurrency, v=time_text(value)))
        else:
            self.hover.setText(self.tr("{c} requests: {v:,.1f} {u}").format(c=concurrency, v=value, u=unit))
        y = math.log10(value) if plot is self.ttft and value > 0 else value
        self.hover.setPos(math.log10(concurrency), y)
        keep_inside(self.hover, plot)


class PowerCharts(ChartWidget):
    """Node power by component (max and typical) against PSU capacity; rack fill against the budget.

    The bars and lines are made once and updated in place: items dropped from a scene on every
    refresh end up in reference cycles that the garbage collector frees at a random later moment,
    and one freed that way while its view still draws was a crash on exit.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Power and rack"), parent)
        # Horizontal bars: each component's name on a row of its own (side by side they ran together).
        self.node = self.new_plot(0, 0, self.tr("Node power by component"), "", self.tr("W (DC)"))
        self.rack = self.new_plot(0, 1, self.tr("Rack filled with nodes"), self.tr("% of the rack's limit"), "")
        self.node.addLegend(offset=(-5, 5), labelTextColor=self._fg, brush=pg.mkBrush(theme_colours()[0]))
        self.values: dict[str, float] = {}
        self.max_bars = pg.BarGraphItem(x0=0, y=[], width=[], height=0.38, brush=SERIES_COLOURS[1],
                                        name=self.tr("max"))
        self.typical_bars = pg.BarGraphItem(x0=0, y=[], width=[], height=0.38, brush=SERIES_COLOURS[0],
                                            name=self.tr("typical"))
        self.psu_line = pg.InfiniteLine(pos=0, angle=90, pen=pg.mkPen(TARGET, width=1.5, style=Qt.PenStyle.DashLine),
                                        label="", labelOpts={"position": 0.5, "color": TARGET,
                                                             "fill": pg.mkBrush(_translucent(theme_colours()[0]))})
        self.rack_bars = pg.BarGraphItem(x=[], height=[], width=0.6, brushes=[])
        self.rack_line = pg.InfiniteLine(pos=100, angle=0, pen=pg.mkPen(TARGET, width=1.5))
        for plot, item in ((self.node, self.max_bars), (self.node, self.typical_bars), (self.node, self.psu_line),
                           (self.rack, self.rack_bars), (self.rack, self.rack_line)):
            plot.addItem(item)
        # the three limits a rack fills up to, named even while there is nothing to show
        self.rack.getAxis("bottom").setTicks([[(0, self.tr("power")), (1, self.tr("rack units")),
                                               (2, self.tr("cooling"))]])
        self.empty_texts = [self.add_empty_text(plot) for plot in (self.node, self.rack)]
        self.node.vb.sigResized.connect(self.place_labels)
        self._show(node=False, rack=False)

    def place_labels(self, *_args: object) -> None:
        chart_labels.place(self.node, [self.psu_line], ())
        self.keep_plots_whole()

    def _show(self, *, node: bool, rack: bool) -> None:
        for item in (self.max_bars, self.typical_bars, self.psu_line):
            item.setVisible(node)
        for item in (self.rack_bars, self.rack_line):
            item.setVisible(rack)

    def set_context(self, ctx: RuleContext | None) -> None:
        self.values = {}
        if ctx is None or ctx.chassis is None or not ctx.build.placements:
            self._show(node=False, rack=False)
            self.message.setText(self.tr("Choose a chassis to see power.") if ctx is None or ctx.chassis is None
                                 else self.tr("Add parts to the build to see its power."))
            self.show_empty((self.node, self.rack), self.message.text())
            return
        self.hide_empty()
        power = ctx.power
        kinds = [k for k in power.max_by_kind if power.max_by_kind[k] > 0]
        xs = list(range(len(kinds)))
        max_w = [power.max_by_kind[k] for k in kinds]
        typ_w = [power.typical_by_kind.get(k, 0.0) for k in kinds]
        self.max_bars.setOpts(x0=0, y=[x - 0.2 for x in xs], width=max_w)
        self.typical_bars.setOpts(x0=0, y=[x + 0.2 for x in xs], width=typ_w)
        ticks = [(x, component_label(str(getattr(k, "value", k)))) for x, k in zip(xs, kinds, strict=True)]
        self.node.getAxis("left").setTicks([ticks])
        psu = ctx.psu
        total_max = power.max_dc_w
        self.values = {"node_max_w": total_max, "node_typical_w": power.typical_dc_w, "psu_usable_w": psu.usable_w}
        self.psu_line.setPos(psu.usable_w)
        self.node.setXRange(0.0, max([*max_w, psu.usable_w, 1.0]) * 1.08, padding=0)  # never below zero
        self.psu_line.label.setFormat(
            self.tr("PSU capacity {w:,.0f} W ({mode})").format(w=psu.usable_w, mode=psu.mode.value.upper()))
        rack = ctx.rack
        site = ctx.site
        if rack is None:
            self._show(node=True, rack=False)
            self.place_labels()
            self.message.setText(self.tr("Rack figures need a chassis and power data."))
            return
        nodes = max(1, rack.nodes_per_rack)  # a full rack: the tallest bar is the limit that binds
        power_pct = 100 * nodes * rack.node_w / site.usable_w if site.usable_w else 0.0
        ru_pct = 100 * nodes * ctx.chassis.rack_units / site.rack_units if site.rack_units else 0.0
        heat_pct = 100 * nodes * rack.node_w / site.cooling_ceiling_w if site.cooling_ceiling_w else 0.0
        self.values.update({"rack_power_pct": power_pct, "rack_units_pct": ru_pct, "rack_heat_pct": heat_pct,
                            "nodes_in_rack": float(nodes)})
        colours = [SERIES_COLOURS[3] if v <= 100 else "#c0392b" for v in (power_pct, ru_pct, heat_pct)]
        self.rack_bars.setOpts(x=[0, 1, 2], height=[power_pct, ru_pct, heat_pct], brushes=colours)
        self._show(node=True, rack=True)
        self.place_labels()
        self.message.setText(self.tr(
            "{n} node(s) per rack in {env}: {w:,.1f} kW of {budget:,.1f} kW usable; bound by {what}."
        ).format(n=rack.nodes_per_rack, env=site_label(site.kind, site.label), w=nodes * rack.node_w / 1000,
                 budget=site.usable_w / 1000, what=", ".join(limit_name(b) for b in rack.binding)))
