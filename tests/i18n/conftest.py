"""Language tests: the GUI fixtures of tests/ui, settings kept apart, English restored after each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.core.i18n import install_translator
from tests.ui.conftest import catalog, window  # noqa: F401 - the same window fixture as tests/ui


@pytest.fixture(autouse=True)
def _isolated_settings(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """QSettings (the language preference among them) in a temporary place, never the user's."""
    path = tmp_path_factory.mktemp("settings")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(path))
    qapp.setOrganizationName("InferenceSizerTests")
    qapp.setApplicationName("InferenceSizerTests")
    yield


@pytest.fixture(autouse=True)
def _english_afterwards(qapp: QApplication) -> Iterator[None]:
    """Each test may switch languages; the next one starts in English again."""
    yield
    from app.ui.language import apply_language

    apply_language("en")
    install_translator(None, "en_US")
