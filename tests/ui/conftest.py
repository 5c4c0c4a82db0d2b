"""GUI fixtures: a main window on an isolated catalog, and real drag-and-drop through the view."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.catalog.store import Catalog
from app.ui.chassis_view import ChassisView
from app.ui.main_window import MainWindow
from app.ui.mime import part_mime, placed_part_mime


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """QSettings (window layout, recent files) in a temporary place, never the user's."""
    path = tmp_path_factory.mktemp("settings")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(path))
    app = QApplication.instance()
    assert app is not None
    app.setOrganizationName("InferenceSizerTests")
    app.setApplicationName("InferenceSizerTests")
    yield


@pytest.fixture
def catalog(_isolated_data_dir: Path) -> Iterator[Catalog]:
    cat = Catalog.open(_isolated_data_dir / "catalog.db")
    yield cat
    cat.close()


@pytest.fixture
def window(qtbot: QtBot, catalog: Catalog, _isolated_data_dir: Path) -> Iterator[MainWindow]:
    w = MainWindow(catalog, _isolated_data_dir)
    w.show()
    qtbot.waitExposed(w)
    yield w
    # the test is over: closing must not stop on the unsaved-changes question
    w.document.undo_stack.setClean()
    w.close()
    w.deleteLater()
    # Now, before the catalog fixture closes the catalog: a closed window still receives
    # application-wide events (another fixture's language reset) and would query it.
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def slot_pos(view: ChassisView, slot_id: str) -> QPoint:
    item = view.slot_item(slot_id)
    assert item is not None, slot_id
    view.ensureVisible(item)
    return view.mapFromScene(item.sceneBoundingRect().center())


def _drag_event(cls: type[QDragMoveEvent], pos: QPoint, mime: QMimeData,
                modifiers: Qt.KeyboardModifier) -> QDragMoveEvent:
    """Qt ≥ 6.12 takes a QPointF (the QPoint form is deprecated); earlier versions only a QPoint."""
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, modifiers)
    try:
        return cls(QPointF(pos), *args)
    except TypeError:
        return cls(pos, *args)


def drop(view: ChassisView, part_id: str, slot_id: str,
         modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier, *, source: str | None = None) -> bool:
    """Drag ``part_id`` over the view and drop it on ``slot_id``, with real events and QMimeData.

    Returns whether the view accepted the drop.
    """
    mime = placed_part_mime(part_id, source) if source is not None else part_mime(part_id)
    pos = slot_pos(view, slot_id)
    target = view.viewport()
    actions = Qt.DropAction.CopyAction
    buttons = Qt.MouseButton.LeftButton
    enter = _drag_event(QDragEnterEvent, pos, mime, modifiers)
    QApplication.sendEvent(target, enter)
    if not enter.isAccepted():
        return False
    move = _drag_event(QDragMoveEvent, pos, mime, modifiers)
    QApplication.sendEvent(target, move)
    if not move.isAccepted():
        return False
    event = QDropEvent(QPointF(pos), actions, mime, buttons, modifiers)
    QApplication.sendEvent(target, event)
    return event.isAccepted()
