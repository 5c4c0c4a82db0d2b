"""On Linux without libxcb-cursor0 the launch command says in one line what to install."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pytest

from app.ui.main import _debian_package, xcb_hint

pytestmark = pytest.mark.usefixtures("qapp")  # tests/ui fixtures want one


def _no_library(name: str) -> None:
    raise OSError(f"{name}: cannot open shared object file: No such file or directory")


def test_missing_library_gives_one_line_naming_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ctypes, "CDLL", _no_library)
    for env in ({"DISPLAY": ":0"}, {"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"}, {}):
        hint = xcb_hint("linux", env)
        assert hint is not None and "libxcb-cursor0" in hint and "\n" not in hint


def test_no_hint_where_xcb_is_not_used_or_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ctypes, "CDLL", _no_library)
    assert xcb_hint("linux", {"QT_QPA_PLATFORM": "offscreen"}) is None
    assert xcb_hint("linux", {"WAYLAND_DISPLAY": "wayland-0"}) is None
    assert xcb_hint("darwin", {}) is None
    assert xcb_hint("win32", {}) is None
    monkeypatch.setattr(ctypes, "CDLL", lambda name: object())
    assert xcb_hint("linux", {"DISPLAY": ":0"}) is None


def test_the_library_really_missing_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """libxcb-cursor0 present but the plugin needs another xcb library: name that one too."""
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")

    def load(name: str) -> object:
        if name == str(plugin):
            raise OSError("libxcb-icccm.so.4: cannot open shared object file: No such file or directory")
        return object()

    monkeypatch.setattr(ctypes, "CDLL", load)
    hint = xcb_hint("linux", {"DISPLAY": ":0"}, plugin)
    assert hint is not None and "libxcb-icccm.so.4" in hint and "apt install libxcb-icccm4 libxcb-cursor0 " in hint


def test_debian_package_names() -> None:
    assert _debian_package("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert _debian_package("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert _debian_package("libxcb-cursor.so.0") == "libxcb-cursor0"
