"""Start-up baseline: a bare PySide6 window with one pyqtgraph plot that quits after its first paint.

Frozen with baseline.spec exactly like the app (same PyInstaller, excludes and Qt filters), so
``packaging/build.py --startup`` can compare the app's frozen start-up with the least any
PySide6 + pyqtgraph program pays. Run unfrozen, it is also tests/bench/bench_gui.py's baseline.
"""

from __future__ import annotations

import os
import sys

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow


class _Quit(QObject):
    """Ends the process at once after the first paint, as the app's --quit-when-ready does."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, _exit_now)
        return False


def _exit_now() -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    plot = pg.PlotWidget()
    plot.plot([1, 2, 3], [3, 1, 2])
    window.setCentralWidget(plot)
    quitter = _Quit(window)
    app.installEventFilter(quitter)  # the first paint of any widget of the window
    window.resize(1280, 760)
    window.show()
    return int(app.exec())


if __name__ == "__main__":
    raise SystemExit(main())
