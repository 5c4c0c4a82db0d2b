"""The "Probe this machine…" dialog: the probe runs in a subprocess and never blocks the GUI.

Fake probe commands sleep inside their own process; the tests only ever wait on Qt signals.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import app
from app.probe.report import load_report
from app.ui.probe_dialog import ProbeDialog, probe_command
from tests.probe.sample import sample_report

ROOT = str(Path(app.__file__).parent.parent)


def script(code: str) -> object:
    """A command factory running ``code`` with the report path as sys.argv[1]."""
    return lambda json_path, quick: (sys.executable, ["-c", code, json_path])


SLOW_GOOD = """
import sys, time
for pct in (10, 40, 70):
    print(f"[{pct:3d}%] step {pct}", flush=True)
    time.sleep(0.3)
open(sys.argv[1], "w", encoding="utf-8").write(open(sys.argv[2], encoding="utf-8").read())
print("[100%] done", flush=True)
"""


@pytest.fixture
def good_report(tmp_path: Path) -> Path:
    path = tmp_path / "sample.json"
    path.write_text(sample_report().to_json(), encoding="utf-8")
    return path


def make(qtbot: QtBot, tmp_path: Path, **kw: object) -> ProbeDialog:
    dialog = ProbeDialog(data_dir=tmp_path / "data", **kw)  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_default_command_runs_the_app_itself(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> None:
    assert probe_command("/tmp/r.json", True) == (sys.executable, ["-m", "app", "probe", "--quick", "--json",
                                                                   "/tmp/r.json"])
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert probe_command("/tmp/r.json", False) == (sys.executable, ["probe", "--full", "--json", "/tmp/r.json"])


def test_gui_stays_responsive_and_the_report_is_stored(qtbot: QtBot, tmp_path: Path, good_report: Path) -> None:
    factory = lambda json_path, quick: (sys.executable, ["-c", SLOW_GOOD, json_path, str(good_report)])  # noqa: E731
    dialog = make(qtbot, tmp_path, command_factory=factory)
    ticks: list[int] = []
    progress_while_running: list[int] = []

    def tick() -> None:
        ticks.append(1)
        if dialog.is_running():
            progress_while_running.append(dialog.progress.value())

    timer = QTimer(dialog)
    timer.timeout.connect(tick)
    timer.start(20)
    with qtbot.waitSignal(dialog.report_ready, timeout=20_000) as ready, \
            qtbot.waitSignal(dialog.run_finished, timeout=20_000) as finished:
        qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
        assert dialog.is_running() and not dialog.start_button.isEnabled() and dialog.cancel_button.isEnabled()
    timer.stop()
    assert finished.args == ["ok"]
    # the event loop kept turning while the child worked (about a second): dozens of 20 ms ticks
    assert len(ticks) >= 10
    assert max(progress_while_running) >= 40  # progress lines arrived while the probe was still running
    stored = Path(ready.args[0])
    assert stored.parent == tmp_path / "data" / "probe-reports" and stored == dialog.stored_path
    assert load_report(stored).host.hostname == "gpu-node-7"
    assert "step 70" in dialog.log.toPlainText() and dialog.progress.value() == 100
    assert dialog.start_button.isEnabled() and not dialog.cancel_button.isEnabled()


def test_real_probe_subprocess(qtbot: QtBot, tmp_path: Path) -> None:
    factory = lambda json_path, quick: (sys.executable, ["-m", "app.probe", "--smoke", "--engine", "cupy",  # noqa: E731
                                                         "--json", json_path])
    dialog = make(qtbot, tmp_path, command_factory=factory,
                  extra_env={"PYTHONPATH": ROOT, "CUDA_VISIBLE_DEVICES": ""})
    with qtbot.waitSignal(dialog.report_ready, timeout=120_000) as ready:
        dialog.start()
    report = load_report(ready.args[0])
    assert report.run.mode == "smoke" and any(m.metric == "cpu_gemm_fp32" for m in report.results)
    assert "[100%] Probe finished" in dialog.log.toPlainText()


def test_timeout_kills_the_probe(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = make(qtbot, tmp_path, timeout_s=0.5,
                  command_factory=script("import time; print('[  5%] working', flush=True); time.sleep(60)"))
    with qtbot.waitSignal(dialog.run_finished, timeout=15_000) as finished:
        dialog.start()
    assert finished.args == ["timeout"]
    assert not dialog.is_running() and "did not finish" in dialog.status_label.text()
    assert dialog.stored_path is None


def test_cancel_kills_the_probe(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = make(qtbot, tmp_path, command_factory=script(
        "import time; print('[  5%] starting', flush=True); time.sleep(60)"))
    reports: list[str] = []
    dialog.report_ready.connect(reports.append)
    dialog.start()
    qtbot.waitUntil(lambda: "starting" in dialog.log.toPlainText(), timeout=15_000)
    assert dialog.progress.value() == 5 and dialog.status_label.text() == "starting"
    with qtbot.waitSignal(dialog.run_finished, timeout=15_000) as finished:
        qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert finished.args == ["cancelled"] and not dialog.is_running() and reports == []
    assert dialog.isVisible()  # cancelling a run does not close the dialog


def test_a_bad_report_is_rejected(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = make(qtbot, tmp_path, command_factory=script(
        "import sys; open(sys.argv[1], 'w').write('{\"format\": \"something-else\"}')"))
    with qtbot.waitSignal(dialog.run_finished, timeout=15_000) as finished:
        dialog.start()
    assert finished.args == ["failed"] and "rejected" in dialog.status_label.text()
    assert "foreign file" in dialog.status_label.text()
    store = tmp_path / "data" / "probe-reports"
    assert not store.exists() or not any(store.iterdir())


def test_probe_failure_shows_exit_code(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = make(qtbot, tmp_path, command_factory=script("import sys; print('error: boom'); sys.exit(3)"))
    with qtbot.waitSignal(dialog.run_finished, timeout=15_000) as finished:
        dialog.start()
    assert finished.args == ["failed"] and "exit code 3" in dialog.status_label.text()
    assert "error: boom" in dialog.log.toPlainText()


def test_missing_program(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = make(qtbot, tmp_path, command_factory=lambda p, q: (str(tmp_path / "no-such-python"), []))
    with qtbot.waitSignal(dialog.run_finished, timeout=15_000) as finished:
        dialog.start()
    assert finished.args == ["failed"] and "could not be started" in dialog.status_label.text()
    assert dialog.start_button.isEnabled()


def test_closing_the_dialog_stops_a_running_probe(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = make(qtbot, tmp_path, command_factory=script(
        "import time; print('[  1%] busy', flush=True); time.sleep(60)"))
    dialog.start()
    qtbot.waitUntil(lambda: "busy" in dialog.log.toPlainText(), timeout=15_000)
    process = dialog._process
    assert process is not None
    dialog.reject()
    assert not dialog.is_running() and not dialog.isVisible()
