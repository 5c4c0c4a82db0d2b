"""Line labels placed by measured size (app.ui.chart_labels): apart, inside the plot, off the legend."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.ui import chart_labels
from tests.ui.layout_checks import overlapping_labels


def _plot(qtbot: QtBot, width: int, height: int) -> tuple[pg.GraphicsLayoutWidget, pg.PlotItem]:
    view = pg.GraphicsLayoutWidget()
    qtbot.addWidget(view)
    view.resize(width, height)
    plot = view.addPlot()
    plot.setXRange(0, 10, padding=0)
    plot.setYRange(0, 10, padding=0)
    plot.addLegend(offset=(-5, 5))
    plot.plot([0, 10], [0, 10], name="a curve with a name")
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()
    return view, plot


def _lines(plot: pg.PlotItem, xs: tuple[float, ...]) -> list[pg.InfiniteLine]:
    lines = []
    for i, x in enumerate(xs):
        line = pg.InfiniteLine(pos=x, angle=90, label=f"a rather long label number {i}",
                               labelOpts={"position": 0.9, "anchors": [(1, 0), (1, 0)]})
        plot.addItem(line)
        lines.append(line)
    return lines


def test_labels_of_close_lines_are_moved_apart(qtbot: QtBot) -> None:
    _view, plot = _plot(qtbot, 600, 400)
    lines = _lines(plot, (5.0, 5.2, 5.4))
    assert overlapping_labels([plot]), "pyqtgraph's own places stack the three labels"
    chart_labels.place(plot, lines, plot.listDataItems())
    assert overlapping_labels([plot]) == []
    area = plot.vb.sceneBoundingRect()
    assert all(area.contains(line.label.sceneBoundingRect()) for line in lines)


def test_a_label_with_no_room_is_hidden_not_stacked(qtbot: QtBot) -> None:
    _view, plot = _plot(qtbot, 220, 110)
    lines = _lines(plot, tuple(float(x) for x in range(1, 9)))
    chart_labels.place(plot, lines)
    assert overlapping_labels([plot]) == []
    assert any(not line.label.isVisible() for line in lines)


def test_candidate_places_are_computed_where_pyqtgraph_would_draw_them(qtbot: QtBot) -> None:
    """place() checks candidates arithmetically (moving a label is slow); the figure must be where pyqtgraph
    then draws it, for vertical and horizontal lines, at every candidate tried."""
    _view, plot = _plot(qtbot, 600, 400)
    lines = _lines(plot, (3.0,))
    flat = pg.InfiniteLine(pos=4.0, angle=0, label="a horizontal line's label")
    plot.addItem(flat)
    pad = chart_labels._PAD_PX
    for line in (*lines, flat):
        candidates = chart_labels._candidates(line)
        computed = chart_labels._Probe(line.label).rects(candidates)
        assert computed is not None and len(computed) == len(candidates)
        for (position, anchor), (left, top, right, bottom) in zip(candidates, computed, strict=True):
            drawn = chart_labels._try(line.label, position, anchor)
            assert abs(left + pad - drawn.left()) < 0.5 and abs(top + pad - drawn.top()) < 0.5, (position, anchor)
            assert abs(right - pad - drawn.right()) < 0.5 and abs(bottom - pad - drawn.bottom()) < 0.5
