"""Geometry checks for the layout tests: widgets clipped by their parents, chart labels that overlap.

Geometry, not pixels: a widget is clipped when its rectangle runs past its parent's, or when it is
narrower or lower than the least its text needs (a label or button cut short); chart labels overlap
when their rectangles in scene pixels (legend, line labels, text items) intersect.
"""

from __future__ import annotations

from collections.abc import Iterable

import pyqtgraph as pg
from PySide6.QtCore import QRect, QRectF
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QComboBox,
    QLabel,
    QScrollBar,
    QTabBar,
    QWidget,
)

from app.ui.chart_labels import overlaps
from app.ui.findings_panel import ElidedButton

_SLACK_PX = 1


def _scrolled(widget: QWidget) -> bool:
    """Inside a scroll area's viewport, where running past the visible part is what scrolling is for."""
    parent = widget.parentWidget()
    while parent is not None:
        grand = parent.parentWidget()
        if isinstance(grand, QAbstractScrollArea) and grand.viewport() is parent:
            return True
        parent = grand
    return False


def _describe(widget: QWidget) -> str:
    text = ""
    for attr in ("text", "title", "windowTitle"):
        value = getattr(widget, attr, None)
        if callable(value):
            try:
                text = str(value())
            except TypeError:
                continue
            if text:
                break
    return f"{type(widget).__name__}({widget.objectName() or text[:40]!r})"


def _too_small(widget: QWidget) -> bool:
    """A text that does not fit: a label without word wrap or elision, a button, a tab bar."""
    if isinstance(widget, ElidedButton | QScrollBar):
        return False
    if isinstance(widget, QLabel):
        if widget.wordWrap() or not widget.text() or (widget.pixmap() is not None and not widget.pixmap().isNull()):
            return False
        need = widget.minimumSizeHint()
    elif isinstance(widget, QAbstractButton) and widget.text():
        need = widget.minimumSizeHint()
    elif isinstance(widget, QComboBox):
        return widget.height() + _SLACK_PX < widget.minimumSizeHint().height()
    else:
        return False
    return widget.width() + _SLACK_PX < need.width() or widget.height() + _SLACK_PX < need.height()


def clipped_widgets(root: QWidget) -> list[str]:
    """Every visible widget under ``root`` that its parent cuts off or that is too small for its text."""
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible() or (widget.isWindow() and widget is not root):
            continue
        parent = widget.parentWidget()
        if widget is not root and parent is not None and not _scrolled(widget) and not isinstance(parent, QTabBar):
            inside = parent.rect().adjusted(-_SLACK_PX, -_SLACK_PX, _SLACK_PX, _SLACK_PX)
            if not inside.contains(widget.geometry()):
                found.append(f"{_describe(widget)} at {_rect(widget.geometry())} outside "
                             f"{_describe(parent)} {_rect(parent.rect())}")
                continue
        if _too_small(widget):
            found.append(f"{_describe(widget)} is {widget.width()}x{widget.height()}, needs "
                         f"{widget.minimumSizeHint().width()}x{widget.minimumSizeHint().height()}")
    return found


def _rect(r: QRect | QRectF) -> str:
    return f"({r.x():.0f},{r.y():.0f} {r.width():.0f}x{r.height():.0f})"


def plot_label_rects(plot: pg.PlotItem) -> list[tuple[str, QRectF]]:
    """The legend and every visible text in ``plot`` (line labels, readouts, empty-state texts), in scene pixels."""
    out: list[tuple[str, QRectF]] = []
    if plot.legend is not None and plot.legend.isVisible() and plot.legend.items:
        out.append(("legend", plot.legend.sceneBoundingRect()))
    for item in plot.vb.allChildren():
        if isinstance(item, pg.TextItem) and item.isVisible() and item.toPlainText() and _shown(item):
            out.append((item.toPlainText(), item.sceneBoundingRect()))
    return out


def _shown(item: pg.TextItem) -> bool:
    parent = item.parentItem()
    while parent is not None:
        if not parent.isVisible():
            return False
        parent = parent.parentItem()
    return True


def clipped_plots(view: pg.GraphicsLayoutWidget) -> list[str]:
    """Plots of a chart that run past the widget that draws them (pyqtgraph cuts them off, no scrolling)."""
    area = QRectF(view.viewport().rect()).adjusted(-_SLACK_PX, -_SLACK_PX, _SLACK_PX, _SLACK_PX)
    found = []
    for item in view.ci.items:
        if isinstance(item, pg.PlotItem) and item.isVisible():
            shown = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
            if not area.contains(QRectF(shown)):
                found.append(f"{item.titleLabel.text!r} at {_rect(shown)} outside {_rect(area)}")
    return found


def overlapping_labels(plots: Iterable[pg.PlotItem]) -> list[str]:
    found = []
    for plot in plots:
        named = plot_label_rects(plot)
        for i, j in overlaps([r for _n, r in named]):
            found.append(f"{plot.titleLabel.text!r}: {named[i][0]!r} {_rect(named[i][1])} overlaps "
                         f"{named[j][0]!r} {_rect(named[j][1])}")
    return found
