"""Scrolling a form must not edit it: the wheel goes to the scroll area unless the user is in the field.

Qt gives the wheel to whatever spin box or combo box is under the pointer, so scrolling a long form changes
values on the way (a rack's cooling went 40 -> 15 kW under a scrolling wheel). Guarded fields take the wheel only
once clicked or tabbed into; before that it scrolls their form.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QScrollArea


class WheelGuard(QObject):
    """Event filter on a scroll area's fields; kept alive as the scroll area's child."""

    def __init__(self, scroll: QScrollArea) -> None:
        super().__init__(scroll)
        self._scroll = scroll

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Wheel and isinstance(watched, (QAbstractSpinBox, QComboBox))
                and not watched.hasFocus()):
            QCoreApplication.sendEvent(self._scroll.verticalScrollBar(), event)  # scroll the form instead
            return True
        return super().eventFilter(watched, event)


def guard_wheel(scroll: QScrollArea) -> WheelGuard:
    """Make the spin boxes and combo boxes inside ``scroll`` take the wheel only when focused."""
    guard = WheelGuard(scroll)
    content = scroll.widget()
    if content is not None:
        for field in content.findChildren(QAbstractSpinBox) + content.findChildren(QComboBox):
            field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            field.installEventFilter(guard)
    return guard
