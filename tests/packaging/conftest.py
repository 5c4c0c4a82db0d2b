"""Helpers for the packaging checks: load the modules of packaging/ by path and run its specs.

packaging/ is not a Python package on purpose (it would shadow the PyPA ``packaging`` library),
so its modules are loaded from their files. A spec is run with recording stand-ins for
PyInstaller's Analysis, PYZ, EXE, COLLECT and BUNDLE: the test sees exactly what a build would be
asked to collect, in milliseconds and without PyInstaller installed.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"

Calls = dict[str, list[dict[str, Any]]]


def load_packaging_module(name: str) -> ModuleType:
    path = PACKAGING / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_packaging_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class _Target:
    """What PyInstaller's build targets expose to a spec (the TOCs it filters)."""

    def __init__(self) -> None:
        self.binaries: list[tuple[str, str, str]] = []
        self.datas: list[tuple[str, str, str]] = []
        self.pure: list[tuple[str, str, str]] = []
        self.scripts: list[tuple[str, str, str]] = []


def _recorder(kind: str, calls: Calls) -> Callable[..., _Target]:
    def make(*args: Any, **kwargs: Any) -> _Target:
        calls.setdefault(kind, []).append({"args": args, "kwargs": kwargs})
        return _Target()

    return make


@pytest.fixture
def run_spec(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Callable[..., Calls]]:
    """``run_spec(path, platform="linux", env={...})`` -> the recorded PyInstaller calls."""

    def run(spec: Path, platform: str = "linux", env: dict[str, str] | None = None) -> Calls:
        calls: Calls = {}
        for key in ("IS_DEBUG", "CODESIGN_IDENTITY", "TARGET_ARCH"):
            monkeypatch.delenv(key, raising=False)
        for key, value in (env or {}).items():
            monkeypatch.setenv(key, value)
        namespace: dict[str, Any] = {
            "__file__": str(spec), "__name__": "__main__", "SPECPATH": str(spec.parent),
            "workpath": str(tmp_path / "work"), "DISTPATH": str(tmp_path / "dist"), "specnm": spec.stem,
            **{kind: _recorder(kind, calls) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")},
        }
        with monkeypatch.context() as patch:
            patch.setattr(sys, "platform", platform)
            exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), namespace)
        return calls

    yield run
    sys.modules.pop("bundle_config", None)  # the specs register it under this name
