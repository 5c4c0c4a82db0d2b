"""GUI entry point: open the catalog, show the window, optionally quit after the first paint."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtGui import QFileOpenEvent, QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from app import __version__
from app.catalog.common import CatalogError
from app.catalog.seed import CatalogSourceError
from app.catalog.store import open_catalog
from app.paths import APP_NAME, resources_dir
from app.ui.teardown import dispose_qt_objects


class FileOpenRouter(QObject):
    """macOS hands a double-clicked project to the running app as a FileOpen event, not argv."""

    def __init__(self, open_path: Callable[[Path], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._open_path = open_path

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent) and event.file():
            self._open_path(Path(event.file()))
            return True
        return False


class _FirstPaint(QObject):
    """Calls ``then`` once, after the first paint of any widget, and stops watching."""

    def __init__(self, then: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._then = then

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            app = QCoreApplication.instance()
            if app is not None:
                app.removeEventFilter(self)  # safe from inside eventFilter (Qt's documentation)
            QTimer.singleShot(0, self._then)
        return False


def _exit_now() -> None:
    """--quit-when-ready, for start-up benchmarks: end the process the moment the window has painted.

    The process ends at once (``os._exit``) rather than through Python's and Qt's teardown of
    every module and widget, which is not start-up and would weigh on the figure by the size of
    the app; packaging/baseline/baseline_window.py, the yardstick, ends the same way.
    """
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


# What Qt 6's xcb plugin loads beyond a basic X11 desktop (Qt for X11 requirements), so one command
# installs them all rather than one missing library per attempt.
XCB_PACKAGES = ("libxcb-cursor0", "libxcb-icccm4", "libxcb-image0", "libxcb-keysyms1", "libxcb-render-util0",
                "libxcb-shape0", "libxkbcommon-x11-0")


def _debian_package(soname: str) -> str:
    """'libxcb-icccm.so.4' -> 'libxcb-icccm4'; 'libxkbcommon-x11.so.0' -> 'libxkbcommon-x11-0'."""
    m = re.match(r"(lib[\w.+-]+?)\.so\.(\d+)", soname)
    if m is None:
        return soname
    base, number = m.groups()
    return f"{base}{'-' if base[-1].isdigit() else ''}{number}"


def xcb_hint(platform: str | None = None, environ: dict[str, str] | None = None,
             plugin: Path | None = None) -> str | None:
    """One line naming what to install when Qt's xcb plugin will not load, else None.

    Since Qt 6.5 the xcb platform plugin needs libxcb-cursor0 and a handful of other xcb libraries
    that many Linux desktops lack; without them Qt aborts (exit 134) with a many-line message that
    names only libxcb-cursor0 even when another library is the one missing. Loading the plugin
    here finds the library that is really missing.
    """
    env = os.environ if environ is None else environ
    if (platform or sys.platform) != "linux":
        return None
    requested = env.get("QT_QPA_PLATFORM", "")
    if requested and not requested.startswith("xcb"):
        return None  # offscreen, wayland, …: they do not need it
    if not requested and env.get("WAYLAND_DISPLAY") and not env.get("DISPLAY"):
        return None
    import ctypes  # noqa: PLC0415 - only on this path

    from PySide6.QtCore import QLibraryInfo  # noqa: PLC0415

    path = plugin or Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms" / "libqxcb.so"
    missing = None
    try:
        ctypes.CDLL("libxcb-cursor.so.0")
    except OSError:
        missing = "libxcb-cursor.so.0"
    if missing is None and path.exists():
        try:
            ctypes.CDLL(str(path))
        except OSError as exc:
            missing = str(exc).split(":", 1)[0].strip()
    if missing is None:
        return None
    packages = " ".join(dict.fromkeys([_debian_package(missing), *XCB_PACKAGES]))
    return (f"Inference Sizer cannot open its window: Qt's X11 plugin needs {missing} "
            f"(Debian/Ubuntu: sudo apt install {packages}; Fedora: sudo dnf install xcb-util-cursor xcb-util-wm).")


def gui_language(args: argparse.Namespace, saved: str) -> str:
    """--lang wins over the saved preference for this run (and is not saved)."""
    return getattr(args, "cli_lang", None) or saved


def run_gui(args: argparse.Namespace) -> int:
    from app.ui import way_in  # noqa: PLC0415
    from app.ui.main_window import MainWindow  # noqa: PLC0415

    hint = None if QApplication.instance() is not None else xcb_hint()
    if hint:
        print(hint, file=sys.stderr)
        return 1
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setWindowIcon(QIcon(str(resources_dir() / "icons" / "inference-sizer-256.png")))
    from app.ui.language import apply_language, saved_preference  # noqa: PLC0415

    apply_language(gui_language(args, saved_preference()))
    try:
        catalog = open_catalog(args.data_dir)
    except (CatalogError, CatalogSourceError) as exc:
        QMessageBox.critical(None, QCoreApplication.translate("MainWindow", "Inference Sizer"),
                             QCoreApplication.translate("MainWindow", "Cannot open the catalog:\n{0}").format(exc))
        return 2
    window = MainWindow(catalog, fill_in_later=True)
    router = FileOpenRouter(lambda path: window.maybe_save() and window.open_path(path), window)
    app.installEventFilter(router)
    project = getattr(args, "project", None)
    if project:
        QTimer.singleShot(0, lambda: window.open_path(Path(project)))  # a double-clicked project file
    else:
        window.show_start_page()  # the way in; a returning user's project replaces it after the first paint
    from app.ui import startup  # noqa: PLC0415 - imported by the CLI before Qt, so free here

    def after_first_paint() -> None:
        startup.finish()
        window.fill_in()
        if not project and not window.offer_recovery():
            way_in.reopen_last(window)

    app.installEventFilter(_FirstPaint(_exit_now if args.quit_when_ready else after_first_paint, window))
    window.show()
    code = app.exec()
    # Widgets go while Python is whole: left to interpreter shutdown, Qt and Python objects die in
    # no fixed order, the classic source of crashes on exit (a "quit unexpectedly" report on macOS).
    dispose_qt_objects()  # the window and every dialog and chart, whoever still holds them
    catalog.close()
    return int(code)
