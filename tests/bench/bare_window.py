"""Baseline for the start-up benchmark: a bare PySide6 window with one pyqtgraph plot, quit after first paint."""

from __future__ import annotations

import sys

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow


class _Quit(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, QApplication.quit)
        return False


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
