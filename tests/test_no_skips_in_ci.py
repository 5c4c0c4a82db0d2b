"""Under .ci/run a skipped test fails the run: a test that cannot run in CI hides a regression."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(tmp_path: Path, strict: bool) -> subprocess.CompletedProcess[str]:
    test = tmp_path / "test_sample.py"
    test.write_text("import pytest\n\n\ndef test_skipped():\n    pytest.skip('no tool here')\n\n\n"
                    "def test_passes():\n    assert True\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "INFERENCE_SIZER_NO_SKIPS"}
    if strict:
        env["INFERENCE_SIZER_NO_SKIPS"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.conftest",
                           "--rootdir", str(tmp_path), str(test)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_a_skip_fails_under_ci(tmp_path: Path) -> None:
    proc = _run(tmp_path, strict=True)
    assert proc.returncode == 1, proc.stdout
    assert "1 failed, 1 passed" in proc.stdout
    assert "skipped in CI, where every test must run: Skipped: no tool here" in proc.stdout


def test_a_skip_is_a_skip_elsewhere(tmp_path: Path) -> None:
    proc = _run(tmp_path, strict=False)
    assert proc.returncode == 0, proc.stdout
    assert "1 passed, 1 skipped" in proc.stdout
