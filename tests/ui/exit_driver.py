"""Drive the real GUI entry point (``python -m app PROJECT``) through a session, then quit.

Run as a subprocess by tests/ui/test_clean_exit.py: open the project given on the command line,
show every chart tab, open Compare and the sizing assistant (each a modal dialog, closed by a timer
once it is up), close the window, and let the interpreter shut down normally. Any crash on the way
out shows as a non-zero exit status.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog


def _close_modal_when_up() -> None:
    """Poll the event loop (not the clock) until a modal dialog is up, then reject it."""

    def tick() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QDialog):
            print(f"closed {type(dialog).__name__}", flush=True)
            dialog.reject()
        else:
            QTimer.singleShot(10, tick)

    QTimer.singleShot(0, tick)


def _session() -> None:
    from app.ui.main_window import MainWindow

    windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
    if not windows or windows[0].document.path is None:
        QTimer.singleShot(10, _session)  # the project opens from a zero-delay timer of its own
        return
    window = windows[0]
    window.show_charts()
    for i in range(window.chart_tabs.count()):
        window.chart_tabs.setCurrentIndex(i)
        QApplication.processEvents()
        print(f"showed chart tab {i}", flush=True)
    for i in range(40):  # edits redraw the charts: items made and dropped, as a user's session does
        window.document.edit_setting(0, "set_workload", {"concurrency": 32 + i})
        window.refresh_charts(window.document.build(0))
    print("edited the workload 40 times", flush=True)
    window.document.add_build(window.document.build(0))  # Compare needs two builds
    window.document.undo_stack.setClean()
    _close_modal_when_up()
    window.compare_builds()  # modal: returns once the timer has closed it
    _close_modal_when_up()
    window.sizing_assistant()
    window.close()


def _direct(project: str) -> int:
    """As a benchmark or a test would: make the window by hand, close it and drop it, so only the
    exit teardown (app.ui.teardown, from atexit) stands between what is left and a crash."""
    from pathlib import Path

    from app.catalog.store import open_catalog
    from app.ui.main_window import MainWindow

    QApplication.instance() or QApplication(sys.argv[:1])
    catalog = open_catalog(None)
    window = MainWindow(catalog)
    window.show()
    window.open_path(Path(project))
    _session()  # closes the window; it is left to the garbage collector and the exit teardown
    catalog.close()
    return 0


def _no_event_loop(project: str) -> int:
    """As tests/bench/bench_gui.py does: edits and chart refreshes with no event loop running, the
    window closed but never deleted. Before app.ui.teardown this died with SIGSEGV at exit in about
    half the runs (a chart item destroyed by Qt after Python had begun to unload)."""
    import tempfile
    from pathlib import Path

    from app.catalog.store import Catalog
    from app.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        catalog = Catalog.open(Path(tmp) / "catalog.db")
        window = MainWindow(catalog, Path(tmp))
        window.show()
        window.show_charts()
        window.open_path(Path(project))
        app.processEvents()
        for i in range(40):
            window.document.edit_setting(0, "set_workload", {"concurrency": 32 + i})
            window.refresh_charts(window.document.build(0))
        print("edited the workload 40 times", flush=True)
        window.document.undo_stack.setClean()
        window.close()
        catalog.close()
    return 0


def main() -> int:
    QApplication.instance() or QApplication(sys.argv[:1])
    if sys.argv[1] == "--direct":
        return _direct(sys.argv[2])
    if sys.argv[1] == "--no-event-loop":
        return _no_event_loop(sys.argv[2])
    QTimer.singleShot(0, _session)
    from app.launcher import main as app_main

    return app_main(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
