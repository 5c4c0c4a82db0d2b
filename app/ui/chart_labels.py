"""Chart labels placed by their measured size, so no two overlap and none covers the legend.

pyqtgraph puts a line's label at a fixed fraction of the plot's height: at another width, language or
load the labels ran into each other, into the legend and over the curve ("KV cache full 300" across
it). Here each visible label tries positions along its line, on either side, and takes the first whose
rectangle (the text's size in scene pixels) is inside the plot, clear of the labels already placed
and of the legend, preferring one clear of the curve too; a label with no free place is hidden (its
line stays, and its value is in the hover readout).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF

# Fractions of the plot's height (vertical lines) or width (horizontal lines) tried in turn.
_POSITIONS = (0.94, 0.84, 0.74, 0.64, 0.54, 0.44, 0.34, 0.24, 0.14, 0.06)
_SIDES_V = ((1.0, 0.5), (0.0, 0.5))  # a vertical line's label left of it, else right
_SIDES_H = ((0.0, 1.0), (0.0, 0.0))  # a horizontal line's label above it, else below
_PAD_PX = 2.0


def label_rect(label: pg.TextItem) -> QRectF:
    """Where ``label`` is drawn, in scene pixels: its anchor point less the anchor's share of its size."""
    size = label.textItem.boundingRect().size()
    anchor = label.anchor
    pos = label.scenePos()
    return QRectF(pos.x() - anchor.x() * size.width(), pos.y() - anchor.y() * size.height(),
                  size.width(), size.height())


_STEPS = 6  # points per curve segment: a segment can cross a label between two samples


def _curve_points(curves: Iterable[pg.PlotDataItem], vb: pg.ViewBox) -> np.ndarray:
    """The curves in scene pixels as an (n, 2) array, with points between their samples."""
    chunks: list[np.ndarray] = []
    for curve in curves:
        xs, ys = curve.getData()
        if xs is None or ys is None or len(xs) == 0 or not curve.isVisible():
            continue
        poly = vb.mapViewToScene(QPolygonF([QPointF(float(x), float(y)) for x, y in zip(xs, ys, strict=False)]))
        pts = np.array([(p.x(), p.y()) for p in poly], dtype=float)
        if len(pts) > 1:
            t = np.arange(_STEPS, dtype=float)[None, :, None] / _STEPS
            between = pts[:-1, None, :] + (pts[1:, None, :] - pts[:-1, None, :]) * t
            chunks.append(between.reshape(-1, 2))
        chunks.append(pts[-1:])
    return np.concatenate(chunks) if chunks else np.empty((0, 2))


def _candidates(line: pg.InfiniteLine) -> list[tuple[float, tuple[float, float]]]:
    sides = _SIDES_V if line.angle % 180 else _SIDES_H
    positions = _POSITIONS if line.angle % 180 else tuple(reversed(_POSITIONS))
    return [(p, side) for side in sides for p in positions]


def _try(label: pg.InfLineLabel, position: float, anchor: tuple[float, float]) -> QRectF:
    """Move ``label`` there (pyqtgraph's own placement) and return where it is drawn."""
    label.anchors = [anchor, anchor]
    label.orthoPos = position
    label.updatePosition()
    return label_rect(label)


_Edges = tuple[float, float, float, float]  # left, top, right, bottom in scene pixels


class _Probe:
    """Where a label would be drawn at each candidate, computed without moving it: moving a pyqtgraph label
    re-runs its transforms and signals (about 0.2 ms a try, 20 tries a label, on every edit)."""

    def __init__(self, label: pg.InfLineLabel) -> None:
        label._endpoints = (None, None)  # what updatePosition does first: the view may have moved
        pt1, pt2 = label.getEndpoints()  # where the line crosses the view, as pyqtgraph computes it
        self.ends = None if pt1 is None else (label.line.mapToScene(pt1), label.line.mapToScene(pt2))
        self.size = label.textItem.boundingRect().size()

    def rects(self, candidates: Sequence[tuple[float, tuple[float, float]]]) -> list[_Edges] | None:
        """Every candidate's rectangle, padded, as (left, top, right, bottom)."""
        if self.ends is None:
            return None
        a, b = self.ends
        ax, ay, dx, dy = a.x(), a.y(), b.x() - a.x(), b.y() - a.y()
        w, h = self.size.width(), self.size.height()
        out = []
        for position, (fx, fy) in candidates:
            left = ax + dx * position - fx * w
            top = ay + dy * position - fy * h
            out.append((left - _PAD_PX, top - _PAD_PX, left + w + _PAD_PX, top + h + _PAD_PX))
        return out


def _edges(rect: QRectF) -> _Edges:
    return rect.left(), rect.top(), rect.right(), rect.bottom()


def _first_free(rects: Sequence[_Edges], area: QRectF, taken: Sequence[QRectF], points: np.ndarray) -> tuple[int, int]:
    """(first candidate that fits and leaves the curve clear, first that fits) by index; -1 for none.

    Plain comparisons with an early exit (usually at the first or second candidate); the curve is tested
    with one array operation only for candidates that fit."""
    a_l, a_t, a_r, a_b = _edges(area)
    others = [_edges(t) for t in taken]
    xs, ys = points[:, 0], points[:, 1]
    first_fit = -1
    for i, (left, top, right, bottom) in enumerate(rects):
        if left < a_l or top < a_t or right > a_r or bottom > a_b:
            continue
        if any(left < t_r and t_l < right and top < t_b and t_t < bottom for t_l, t_t, t_r, t_b in others):
            continue  # QRectF.intersects: a shared edge is not an overlap
        if first_fit < 0:
            first_fit = i
        if not len(xs) or not bool(np.any((xs >= left) & (xs <= right) & (ys >= top) & (ys <= bottom))):
            return i, first_fit
    return -1, first_fit


def place(plot: pg.PlotItem, lines: Sequence[pg.InfiniteLine], curves: Iterable[pg.PlotDataItem] = ()) -> None:
    """Place the labels of the visible ``lines`` of ``plot`` in turn (earlier lines choose first)."""
    vb = plot.vb
    area = vb.sceneBoundingRect()
    if area.width() < 2 or area.height() < 2:
        return
    taken: list[QRectF] = []
    legend = plot.legend
    if legend is not None and legend.isVisible() and legend.items:
        taken.append(legend.sceneBoundingRect())
    points = _curve_points(curves, vb)
    for line in lines:
        if not line.isVisible() or not line.label.format:
            continue
        label = line.label
        if not label.isVisible():
            label.setVisible(True)  # pyqtgraph re-places a label on every setVisible: only when it was hidden
        candidates = _candidates(line)
        probe = _Probe(label)
        rects = probe.rects(candidates)
        if rects is None:  # the line is outside the view: pyqtgraph's own placement says where it would be
            rects = [_edges(_try(label, p, a).adjusted(-_PAD_PX, -_PAD_PX, _PAD_PX, _PAD_PX)) for p, a in candidates]
        clear, fit = _first_free(rects, area, taken, points)
        chosen = clear if clear >= 0 else fit
        if chosen < 0:
            label.setVisible(False)  # no room at this size: the line stays, the hover tells its value
            continue
        taken.append(_try(label, *candidates[chosen]))


def overlaps(rects: Sequence[QRectF]) -> list[tuple[int, int]]:
    """Pairs of rectangles that overlap (touching edges do not): for tests and checks."""
    return [(i, j) for i in range(len(rects)) for j in range(i + 1, len(rects))
            if rects[i].intersected(rects[j]).width() > 0.5 and rects[i].intersected(rects[j]).height() > 0.5]
