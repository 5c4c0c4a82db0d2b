"""The PySide6 GUI: a thin layer of views over the pure core."""
