"""Shared fixtures: every test gets its own user data directory, never the real one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    data = tmp_path_factory.mktemp("userdata")
    monkeypatch.setenv("INFERENCE_SIZER_DATA_DIR", str(data))
    yield data


@pytest.fixture(autouse=True)
def _delete_closed_widgets() -> Iterator[None]:
    """Really delete the widgets a test closed (pytest-qt calls deleteLater, which processEvents
    never carries out outside an event loop): a closed widget still receives application-wide
    events such as a language change, and would reach for a catalog its test has closed."""
    yield
    import sys

    if "PySide6.QtWidgets" in sys.modules:
        from PySide6.QtCore import QEvent
        from PySide6.QtWidgets import QApplication

        if QApplication.instance() is not None:
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
