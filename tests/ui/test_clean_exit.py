"""No crash at exit: the real entry point, run as a user would, ends with status 0 every time.

Each run is a subprocess (tests/ui/exit_driver.py): open a sample, show every chart tab, edit the
workload, open Compare and the sizing assistant, close the window. A crash on the way out (Qt and
Python tearing down in the wrong order) shows as a negative status, and would leave the autosave
lock behind so the next start offered to "recover" saved work.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "resources" / "samples" / "hgx-h100-8gpu.json"
SESSION = ["showed chart tab 0", "showed chart tab 1", "edited the workload 40 times",
           "closed CompareDialog", "closed RecommendDialog"]


def _run(mode: list[str], data_dir: Path) -> tuple[int, str, str]:
    # Its own data directory and Qt settings (window layout, recent files): never the user's.
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "INFERENCE_SIZER_DATA_DIR": str(data_dir),
           "XDG_CONFIG_HOME": str(data_dir / "config"), "PYTHONFAULTHANDLER": "1"}
    proc = subprocess.run([sys.executable, "-m", "tests.ui.exit_driver", *mode, str(SAMPLE)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    return proc.returncode, proc.stdout, proc.stderr


def _many(mode: list[str], runs: int, tmp_path: Path) -> list[tuple[Path, int, str, str]]:
    dirs = [tmp_path / f"run{i}" for i in range(runs)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda d: _run(mode, d), dirs))
    return [(d, *r) for d, r in zip(dirs, results, strict=True)]


@pytest.mark.slow
@pytest.mark.usefixtures("qapp")  # tests/ui's settings fixture wants one; the runs are subprocesses
def test_the_app_exits_cleanly_twenty_times(tmp_path: Path) -> None:
    for data_dir, code, out, err in _many([], 20, tmp_path):
        assert code == 0, f"exit status {code}\n{err[-3000:]}"
        assert out.splitlines() == SESSION, out
        assert not list((data_dir / "autosave").glob("*.lock")), "an autosave lock was left behind"


@pytest.mark.slow
@pytest.mark.usefixtures("qapp")
@pytest.mark.parametrize("mode", ["--no-event-loop", "--direct"])
def test_a_window_left_alive_at_exit_is_torn_down_safely(mode: str, tmp_path: Path) -> None:
    """Benchmarks and scripts make the window by hand and never delete it: the atexit teardown
    must still take it down before Python unloads (4 of 10 benchmark runs crashed without it)."""
    for _data_dir, code, out, err in _many([mode], 8, tmp_path):
        assert code == 0, f"exit status {code}\n{err[-3000:]}"
        assert "edited the workload 40 times" in out
