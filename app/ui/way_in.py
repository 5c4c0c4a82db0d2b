"""The main window's ways in: the start page's four choices, New build's dialog, and the project a
returning user left open (reopened after the first paint, so it never delays the start).

Functions of the window, as app.ui.file_ops; their texts keep the "MainWindow" translation context.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSettings

from app.core.build import Build
from app.ui import file_ops
from app.ui.document import new_project as blank_project
from app.ui.file_ops import recent_files

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow


def connect(window: MainWindow) -> None:
    page = window.start_page
    page.assistant_requested.connect(window.sizing_assistant)
    page.new_build_requested.connect(window.ask_new_build)
    page.open_requested.connect(lambda path: on_start_page(window) and window.maybe_save() and window.open_path(path))
    page.sample_requested.connect(lambda path: on_start_page(window) and open_sample(window, path))
    for signal in (window.document.project_replaced, window.document.builds_changed, window.document.build_changed):
        signal.connect(lambda *_a: show_editor(window))


def on_start_page(window: MainWindow) -> bool:
    return window.center.currentWidget() is window.start_page


def show_start_page(window: MainWindow) -> None:
    """The way in, in the centre; the docks stay, so the catalog can be browsed from here too."""
    window.start_page.set_recent(recent_files())
    window.center.setCurrentWidget(window.start_page)


def show_editor(window: MainWindow) -> None:
    window.center.setCurrentWidget(window.views)


def _untouched(window: MainWindow) -> bool:
    """On the start page, with the start-up project nobody has edited: a first build chosen there
    replaces its placeholder build."""
    doc = window.document
    return (on_start_page(window) and doc.path is None and not doc.modified and len(doc.project.builds) == 1
            and not doc.build(0).placements)


def place_build(window: MainWindow, build: Build) -> None:
    """Add ``build`` and show it; on the untouched start-up project it takes the placeholder's place
    (a fresh history, marked unsaved, so closing asks to save it)."""
    doc = window.document
    if _untouched(window):
        doc.replace(doc.project.model_copy(update={"builds": (build,)}), None)
        doc.undo_stack.resetClean()  # never clean: the build exists only here until it is saved
        window._update_title()
    else:
        doc.add_build(build)
    show_editor(window)
    window.tabs.setCurrentIndex(window.tabs.count() - 1)


def ask_new_build(window: MainWindow) -> bool:
    """New build: name, chassis and site first (app.ui.new_build_dialog); False when cancelled."""
    from app.ui.new_build_dialog import NewBuildDialog  # noqa: PLC0415

    name = QCoreApplication.translate("MainWindow", "Build {0}").format(
        1 if _untouched(window) else len(window.document.project.builds) + 1)
    template = blank_project("x", window.parts).builds[0]
    dialog = NewBuildDialog(window.parts, name, template, window)
    if not window.run_editor(dialog):
        return False
    place_build(window, dialog.build())
    return True


def open_sample(window: MainWindow, path: Path) -> bool:
    """A sample opens as a new, unsaved project: saving asks where, never over the shipped file."""
    if not window.maybe_save() or not file_ops.open_path(window, path, as_new=True):
        return False
    show_editor(window)
    return True


def reopen_last(window: MainWindow) -> bool:
    """The project this user had open when the window last closed, if it is still there."""
    last = str(QSettings().value("main/last_project", "") or "")
    if not last or not Path(last).is_file() or not on_start_page(window):
        return False
    return window.open_path(Path(last))
