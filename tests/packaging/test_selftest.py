"""``python -m app --self-test`` from a checkout (CI runs the same on every frozen bundle)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

import app.selftest
from app.launcher import main


def test_self_test_passes_from_source(qapp: QApplication, capsys: pytest.CaptureFixture[str]) -> None:
    before = QSettings.defaultFormat()
    assert app.selftest.run_self_test() == 0
    out = capsys.readouterr().out
    for step in ("commands", "catalog", "project", "validate", "estimate", "export-pdf", "export-xlsx", "gui"):
        assert f"ok   {step}" in out, out
    assert "FAIL" not in out
    assert app.selftest.PASSED_LINE in out.splitlines()[-1]
    assert QSettings.defaultFormat() == before  # the user's settings were never the target


def test_a_failed_step_fails_the_self_test(qapp: QApplication, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.selftest, "SAMPLE_PROJECT", "no-such-sample.json")
    assert app.selftest.run_self_test() == 1
    out = capsys.readouterr().out
    assert "FAIL project" in out and "skipped: needs project" in out
    assert "ok   catalog" in out and "ok   commands" in out  # the other steps still ran
    assert app.selftest.FAILED_LINE in out.splitlines()[-1]


def test_cli_flag_runs_the_self_test(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.selftest, "run_self_test", lambda: 7)
    assert main(["--self-test"]) == 7
    assert main(["--data-dir", "somewhere", "--self-test"]) == 7
