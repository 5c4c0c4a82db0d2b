"""Preferences → Team server: the fields are saved to team.json, the password to the keyring only."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.ui.preferences import PreferencesDialog
from app.ui.team_page import TeamPage


@pytest.fixture
def memory_keyring() -> Iterator[dict[tuple[str, str], str]]:
    import keyring
    import keyring.backend

    store: dict[tuple[str, str], str] = {}

    class Memory(keyring.backend.KeyringBackend):
        priority = 1  # type: ignore[assignment]

        def set_password(self, service: str, username: str, password: str) -> None:
            store[(service, username)] = password

        def get_password(self, service: str, username: str) -> str | None:
            return store.get((service, username))

        def delete_password(self, service: str, username: str) -> None:
            store.pop((service, username), None)

    previous = keyring.get_keyring()
    keyring.set_keyring(Memory())
    yield store
    keyring.set_keyring(previous)


def _fill(page: TeamPage, password: str = "s3cret-pw") -> None:
    page.enabled.setChecked(True)
    page.host.setText("team.example.com")
    page.port.setValue(6543)
    page.database.setText("presales")
    page.user.setText("alice")
    page.tls.setCurrentIndex(page.tls.findData("verify-full"))
    page.password.setText(password)


def _all_files_text(folder: Path) -> str:
    return "".join(p.read_text(errors="replace") for p in folder.rglob("*") if p.is_file())


def test_fields_are_saved_and_the_password_goes_to_the_keyring(qtbot: QtBot, _isolated_data_dir: Path,
                                                                memory_keyring: Any) -> None:
    page = TeamPage()
    qtbot.addWidget(page)
    assert not page.enabled.isChecked() and not page.host.isEnabled()
    _fill(page)
    assert page.apply()
    saved = json.loads((_isolated_data_dir / "team.json").read_text())
    assert saved == {"host": "team.example.com", "database": "presales", "user": "alice", "port": 6543,
                     "sslmode": "verify-full"}
    assert memory_keyring == {("InferenceSizer team server", "alice@team.example.com:6543/presales"): "s3cret-pw"}
    assert "s3cret-pw" not in _all_files_text(_isolated_data_dir)
    assert page.password.text() == ""

    again = TeamPage()  # reopened: the connection is shown, the password is not
    qtbot.addWidget(again)
    assert again.enabled.isChecked() and again.host.text() == "team.example.com" and again.port.value() == 6543
    assert again.tls.currentData() == "verify-full" and again.password.text() == ""


def test_bad_input_is_named_and_nothing_is_saved(qtbot: QtBot, _isolated_data_dir: Path, memory_keyring: Any) -> None:
    page = TeamPage()
    qtbot.addWidget(page)
    _fill(page)
    page.database.setText("two words")
    assert not page.apply()
    assert "database 'two words'" in page.status.text()
    assert not (_isolated_data_dir / "team.json").exists() and memory_keyring == {}


def test_unticking_removes_the_connection(qtbot: QtBot, _isolated_data_dir: Path, memory_keyring: Any) -> None:
    page = TeamPage()
    qtbot.addWidget(page)
    _fill(page)
    assert page.apply()
    page.enabled.setChecked(False)
    assert page.apply() and not (_isolated_data_dir / "team.json").exists()


def test_preferences_dialog_holds_the_page_and_stays_open_on_an_error(qtbot: QtBot, _isolated_data_dir: Path,
                                                                      memory_keyring: Any) -> None:
    dialog = PreferencesDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    _fill(dialog.team)
    dialog.team.host.setText("bad host name!")
    dialog.accept()
    assert dialog.isVisible() and "host 'bad host name!'" in dialog.team.status.text()
    dialog.team.host.setText("team.example.com")
    dialog.accept()
    assert not dialog.isVisible() and (_isolated_data_dir / "team.json").is_file()


def test_the_dialog_saves_into_the_windows_data_folder(qtbot: QtBot, tmp_path: Path, _isolated_data_dir: Path,
                                                       memory_keyring: Any) -> None:
    from PySide6.QtWidgets import QWidget

    window = QWidget()
    window.data_dir = tmp_path / "elsewhere"  # type: ignore[attr-defined]  # as MainWindow has (--data-dir)
    window.data_dir.mkdir()  # type: ignore[attr-defined]
    qtbot.addWidget(window)
    dialog = PreferencesDialog(window)
    _fill(dialog.team)
    dialog.accept()
    assert (tmp_path / "elsewhere" / "team.json").is_file() and not (_isolated_data_dir / "team.json").exists()
