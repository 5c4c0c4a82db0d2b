"""Tear the Qt object tree down while Python is still whole.

Left to interpreter shutdown, PySide's ``destroyQCoreApplication`` deletes whatever wrapped objects
remain, in no fixed order, after Python has started to unload. A pyqtgraph item destroyed then
calls a Python override (``changeEvent`` → ``resize``) into a half-finalised interpreter and the
process dies with SIGSEGV: a crash on exit, which on the desktop also leaves the autosave lock
behind and makes the next start offer to "recover" work that was saved. So every top-level widget,
every orphaned graphics item and every pending ``deleteLater`` is dealt with here, first on the
GUI's normal exit path and, as a safety net, from ``atexit`` (which runs before finalisation).
"""

from __future__ import annotations

import atexit
import gc

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QApplication, QDialog, QGraphicsItem, QMainWindow, QWidget

_registered = False


def _alive(obj: object) -> bool:
    try:
        return bool(shiboken6.isValid(obj))
    except (RuntimeError, TypeError):
        return False


def _delete(obj: QObject | QGraphicsItem) -> None:
    if _alive(obj):
        shiboken6.delete(obj)


def _next_top_level(windows_only: bool) -> QWidget | None:
    for widget in QApplication.topLevelWidgets():
        if not _alive(widget) or widget.parent() is not None:
            continue
        if not windows_only or isinstance(widget, QMainWindow | QDialog):
            return widget
    return None


def dispose_qt_objects() -> None:
    """Delete every top-level widget and every graphics item outside a scene; idempotent.

    Widgets are deleted, not closed: a close would run ``closeEvent`` and could ask the user a
    question on the way out. Children go with their parents; graphics items in a scene go with the
    scene (each view owns its scene). What is left are items a chart dropped from its scene while
    Python still held them (in a reference cycle, say): deleted one by one.
    """
    app = QApplication.instance()
    if app is None:
        return
    gc.unfreeze()  # startup.finish froze the start-up objects; frozen cycles are never collected
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if isinstance(app, QApplication):
        # Windows and dialogs first, then whatever parentless widgets are left (pyqtgraph's view
        # menus, held only by their view, which is gone by then). Only widgets without a parent:
        # one owned by another widget goes with its owner, and its wrapper may not learn of that.
        for windows_first in (True, False):
            while widget := _next_top_level(windows_first):
                _delete(widget)  # then ask Qt again: the list it gave may hold what this took along
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            gc.collect()
    orphans = []
    for obj in gc.get_objects():
        try:
            if isinstance(obj, QGraphicsItem) and _alive(obj) and obj.scene() is None and obj.parentItem() is None:
                orphans.append(obj)
        except (RuntimeError, ReferenceError):
            continue
    for item in orphans:
        _delete(item)  # its child items go with it
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def install_exit_teardown() -> None:
    """Run :func:`dispose_qt_objects` from ``atexit`` (once per process), before Python unloads.

    ``atexit`` runs handlers last-registered-first, so this runs before pyqtgraph's own exit hook,
    which then finds nothing left to adopt.
    """
    global _registered  # noqa: PLW0603 - one registration per process
    if not _registered:
        atexit.register(dispose_qt_objects)
        _registered = True
