"""A save that fails says so and loses nothing; a file changed by someone else is not overwritten
in silence; what a killed save left behind is cleaned up."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from app.core.files import write_file_atomically
from app.project import load_project, save_project
from app.ui.autosave import autosave_dir
from app.ui.main_window import MainWindow


def _edit(window: MainWindow, concurrency: int = 64) -> None:
    window.document.edit_setting(0, "set_workload", {"concurrency": concurrency})


def test_a_failed_save_shows_a_dialog_and_keeps_the_work(window: MainWindow, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text: shown.append(text))
    folder = tmp_path / "gone"
    folder.mkdir()
    _edit(window)
    shutil.rmtree(folder)  # the target folder vanished (a USB stick pulled, a network share dropped)
    assert not window._save_to(folder / "quote.isproj")
    assert shown and "quote.isproj" in shown[0] and "does not exist" in shown[0]
    assert window.document.modified  # still unsaved: nothing was lost


def test_closing_with_a_failed_save_keeps_the_window_open(window: MainWindow, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text: shown.append(text))
    monkeypatch.setattr(QMessageBox, "warning", lambda *_a: QMessageBox.StandardButton.Save)
    folder = tmp_path / "share"
    folder.mkdir()
    assert window._save_to(folder / "q.isproj")
    _edit(window, 96)
    shutil.rmtree(folder)
    assert not window.close()  # answering Save, the save failed: the window stays with the work
    assert window.isVisible() and window.document.modified and shown
    monkeypatch.setattr(QMessageBox, "warning", lambda *_a: QMessageBox.StandardButton.Discard)


def test_autosave_failure_is_reported_not_raised(window: MainWindow, _isolated_data_dir: Path) -> None:
    failures: list[str] = []
    window.autosaver.failed.connect(failures.append)
    window.autosaver.path.mkdir(parents=True)  # a folder where the autosave file goes: writing fails
    _edit(window, 80)
    window.autosave_now()  # must not raise (it raised ProjectFileError, which nothing caught)
    assert failures and "folder" in failures[0]
    assert "Autosave failed" in window.statusBar().currentMessage()
    window.autosaver.path.rmdir()


def test_a_file_changed_by_another_window_is_not_overwritten_in_silence(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "shared.isproj"
    assert window._save_to(path)
    theirs = window.document.project.model_copy(update={"notes": "their change"})
    save_project(theirs, path)  # another window saves the same file
    _edit(window, 48)
    asked: list[str] = []

    def cancel(_p: object, _t: str, text: str, *_a: object) -> QMessageBox.StandardButton:
        asked.append(text)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "warning", cancel)
    assert not window._save_to(path)
    assert asked and "changed by another window" in asked[0]
    assert load_project(path).notes == "their change"  # theirs kept
    monkeypatch.setattr(QMessageBox, "warning", lambda *_a: QMessageBox.StandardButton.Save)
    assert window._save_to(path)  # the user chose to overwrite
    assert load_project(path) == window.document.project
    _edit(window, 40)
    assert window._save_to(path)  # our own earlier save is no conflict


def test_stale_temp_files_are_removed_on_start(qtbot: object, catalog: object, tmp_path: Path,
                                               _isolated_data_dir: Path) -> None:
    old = time.time() - 7200
    stale = [autosave_dir(_isolated_data_dir) / ".abc.json.k3j2h1g0.tmp", _isolated_data_dir / ".x.isproj.a1b2c3d4.tmp"]
    fresh = autosave_dir(_isolated_data_dir) / ".def.json.zzzzzzzz.tmp"  # a write under way elsewhere
    mine = _isolated_data_dir / "notes.tmp"  # not ours: never touched
    autosave_dir(_isolated_data_dir).mkdir(parents=True, exist_ok=True)
    for p in (*stale, fresh, mine):
        p.write_bytes(b"x" * 100)
    for p in (*stale, mine):
        os.utime(p, (old, old))
    w = MainWindow(catalog, _isolated_data_dir)  # type: ignore[arg-type]
    qtbot.addWidget(w)  # type: ignore[attr-defined]
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and mine.exists()
    # a save cleans its own target's leftovers too
    target = tmp_path / "q.isproj"
    left = tmp_path / ".q.isproj.0a9b8c7d.tmp"
    left.write_bytes(b"half")
    os.utime(left, (old, old))
    write_file_atomically(target, b"{}")
    assert not left.exists() and target.read_bytes() == b"{}"
