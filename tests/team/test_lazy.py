"""Without a team server configured the app is what it was: the window's and the CLI's start paths import
nothing of app.team, psycopg, alembic or keyring (no new start-up cost)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEAM_MODULES = ("app.team", "psycopg", "alembic", "keyring")
_REPORT = ("import os, sys\n"
           "def report():\n"
           f"    print('TEAM', sorted(m for m in sys.modules if m.startswith({TEAM_MODULES!r})), flush=True)\n")


def _run(code: str, data_dir: Path) -> str:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "INFERENCE_SIZER_DATA_DIR": str(data_dir),
           "XDG_CONFIG_HOME": str(data_dir / "config")}
    proc = subprocess.run([sys.executable, "-c", _REPORT + code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=180, check=False)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("TEAM")]
    assert lines, proc.stdout + proc.stderr
    return lines[-1]


def test_the_window_starts_without_any_team_module(tmp_path: Path) -> None:
    # --quit-when-ready ends with os._exit at the first paint: report the modules loaded by then
    code = ("real = os._exit\n"
            "def spy(code):\n    report(); real(code)\n"
            "os._exit = spy\n"
            "from app.launcher import main\nsys.exit(main(['--quit-when-ready']))\n")
    assert _run(code, tmp_path) == "TEAM []"


def test_commands_start_without_any_team_module(tmp_path: Path) -> None:
    code = ("from app.launcher import main\n"
            "import contextlib, io\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    assert main(['catalog', 'info', '--json']) == 0\n"
            "    assert main(['rules', '--json']) == 0\n"
            "report()\n")
    assert _run(code, tmp_path) == "TEAM []"


def test_the_team_command_loads_the_team_layer_only_when_run(tmp_path: Path) -> None:
    code = ("from app.launcher import main\n"
            "import contextlib, io\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    main(['team', 'status', '--offline', '--json'])\n"
            "report()\n")
    assert "app.team.local" in _run(code, tmp_path)


def test_is_configured_is_one_stat(tmp_path: Path) -> None:
    code = ("from app.team.settings import is_configured\n"
            "print('CONFIGURED', is_configured())\n"
            "report()\n")
    out = _run(code, tmp_path)
    assert "psycopg" not in out and "keyring" not in out and "alembic" not in out
