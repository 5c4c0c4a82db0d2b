"""Scrolling a form does not edit it (app.ui.wheel_guard): the Workload panel, the part editor and the sizing
assistant's questions pass the wheel to their scroll area until the user is in a field."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QScrollArea, QSpinBox, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from app.ui.main_window import MainWindow
from app.ui.wheel_guard import WheelGuard, guard_wheel


def _wheel_down(widget: QWidget) -> None:
    pos = QPointF(widget.rect().center())
    QApplication.sendEvent(widget, QWheelEvent(pos, QPointF(widget.mapToGlobal(pos.toPoint())), QPoint(0, 0),
                                               QPoint(0, -120), Qt.MouseButton.NoButton,
                                               Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False))


def test_an_unfocused_field_scrolls_its_form(qtbot: QtBot) -> None:
    """(A focused field still steps: tests/ui/test_workload_targets.py, in the main window.)"""
    content = QWidget()
    layout = QVBoxLayout(content)
    boxes = []
    for _ in range(30):
        box = QSpinBox()
        box.setRange(0, 100)
        box.setValue(50)
        layout.addWidget(box)
        boxes.append(box)
    scroll = QScrollArea()
    scroll.setWidget(content)
    scroll.setWidgetResizable(True)
    scroll.resize(200, 150)
    qtbot.addWidget(scroll)
    guard_wheel(scroll)
    scroll.show()
    qtbot.waitExposed(scroll)
    bar = scroll.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == 0
    _wheel_down(boxes[0])
    assert boxes[0].value() == 50 and bar.value() > 0
    _wheel_down(boxes[-1])
    assert boxes[-1].value() == 50 and bar.value() > 0
    assert boxes[1].focusPolicy() == Qt.FocusPolicy.StrongFocus  # a wheel no longer focuses a field either


def _guarded(scroll: QScrollArea) -> bool:
    fields = scroll.widget().findChildren(QAbstractSpinBox) + scroll.widget().findChildren(QComboBox)
    guards = scroll.findChildren(WheelGuard)
    return bool(fields) and len(guards) == 1 and all(f.focusPolicy() == Qt.FocusPolicy.StrongFocus for f in fields)


def test_every_scrolling_form_is_guarded(window: MainWindow) -> None:
    from app.ui.part_editor import PartEditor
    from app.ui.recommend_dialog import RecommendDialog

    assert _guarded(window.workload_panel._scroll)
    gpu = next(p for p in window.parts.values() if p.kind.value == "gpu")
    editor = PartEditor(gpu, new_id="user-gpu", parent=window)
    assistant = RecommendDialog(window.parts, window)
    try:
        for dialog in (editor, assistant):
            (scroll,) = [s for s in dialog.findChildren(QScrollArea) if s.widget() is not None and (
                s.widget().findChildren(QAbstractSpinBox) or s.widget().findChildren(QComboBox))]
            assert _guarded(scroll), type(dialog).__name__
    finally:
        editor.deleteLater()
        assistant.deleteLater()
