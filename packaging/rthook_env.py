"""PyInstaller runtime hook: runs in the frozen app before any of its own code."""

import os

# pyqtgraph picks the first Qt binding it finds; the bundle only has PySide6.
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
