""""Probe this machine…": runs the probe in a child process and stores its report.

The probe runs as ``python -m app probe --quick --json <tmp>`` (the frozen app runs its own
executable with the same arguments) in a QProcess, so the window stays responsive and no
CUDA context ever lives in the GUI process. Progress lines from the child are shown as they
arrive; Cancel kills the child (its benchmark worker exits when it sees its parent gone); a
QTimer stops a run that takes too long. On success the report is validated strictly, stored
in the user data directory and announced with ``report_ready(path)``.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QProcess, QProcessEnvironment, QTemporaryDir, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.paths import bundle_root

CommandFactory = Callable[[str, bool], tuple[str, list[str]]]
PROGRESS_RE = re.compile(r"^\[\s*(\d{1,3})%\]\s?(.*)$")
DEFAULT_TIMEOUT_S = {True: 180.0, False: 900.0}  # quick, full
KILL_WAIT_MS = 3000


def probe_command(json_path: str, quick: bool) -> tuple[str, list[str]]:
    """The program and arguments that run the probe: this interpreter (or the frozen app) itself."""
    args = ["probe", "--quick" if quick else "--full", "--json", json_path]
    if getattr(sys, "frozen", False):
        return sys.executable, args
    return sys.executable, ["-m", "app", *args]


class ProbeDialog(QDialog):
    """Run the local GPU probe without blocking the GUI."""

    report_ready = Signal(str)  # path of the stored, validated report
    run_finished = Signal(str)  # "ok", "cancelled", "timeout" or "failed"

    def __init__(self, parent: QWidget | None = None, *, data_dir: str | os.PathLike[str] | None = None,
                 quick: bool = True, timeout_s: float | None = None,
                 command_factory: CommandFactory | None = None,
                 extra_env: dict[str, str] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Probe this machine…"))
        self.setMinimumSize(640, 420)
        self._data_dir = data_dir
        self._timeout_s = timeout_s
        self._command_factory = command_factory or probe_command
        self._extra_env = dict(extra_env or {})
        self._process: QProcess | None = None
        self._tmpdir: QTemporaryDir | None = None
        self._json_path = ""
        self._buffer = ""
        self._outcome: str | None = None
        self.stored_path: Path | None = None

        intro = QLabel(self.tr(
            "Measures this machine's GPUs (memory bandwidth, matrix throughput, host and GPU-to-GPU links) and "
            "stores the result so estimates for the same GPU can be calibrated. GPUs busy with other work are "
            "skipped. Nothing is sent anywhere."))
        intro.setWordWrap(True)
        self.quick_box = QCheckBox(self.tr("Quick run (about a minute)"))
        self.quick_box.setChecked(quick)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setValue(0)
        self.status_label = QLabel(self.tr("Ready."))
        self.status_label.setWordWrap(True)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(5000)
        self.log.setPlaceholderText(self.tr("Progress appears here."))

        self.buttons = QDialogButtonBox()
        self.start_button = QPushButton(self.tr("Start probe"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.close_button = QPushButton(self.tr("Close"))
        self.buttons.addButton(self.start_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.cancel_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.buttons.addButton(self.close_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.start_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.close_button.clicked.connect(self.accept)
        self.cancel_button.setEnabled(False)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._on_timeout)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.quick_box)
        layout.addWidget(self.progress)
        layout.addWidget(self.status_label)
        layout.addWidget(self.log, 1)
        layout.addWidget(self.buttons)

    # ---- state --------------------------------------------------------------------------------
    def is_running(self) -> bool:
        return self._process is not None and self._process.state() != QProcess.ProcessState.NotRunning

    def timeout_s(self) -> float:
        return self._timeout_s if self._timeout_s is not None else DEFAULT_TIMEOUT_S[self.quick_box.isChecked()]

    def _set_running(self, running: bool) -> None:
        self.start_button.setEnabled(not running)
        self.quick_box.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.close_button.setEnabled(not running)

    # ---- running ------------------------------------------------------------------------------
    def start(self) -> None:
        if self.is_running():
            return
        self._tmpdir = QTemporaryDir()
        if not self._tmpdir.isValid():
            self._fail(self.tr("Cannot create a temporary folder: {0}").format(self._tmpdir.errorString()))
            return
        self._json_path = self._tmpdir.filePath("probe-report.json")
        program, args = self._command_factory(self._json_path, self.quick_box.isChecked())
        process = QProcess(self)
        process.setProcessChannelMode(QProcess.ProcessChannelMode.MergedChannels)
        if not getattr(sys, "frozen", False):
            process.setWorkingDirectory(str(bundle_root()))
        env = QProcessEnvironment.systemEnvironment()
        env.insert("PYTHONUNBUFFERED", "1")
        env.insert("PYTHONIOENCODING", "utf-8")
        for key, value in self._extra_env.items():
            env.insert(key, value)
        process.setProcessEnvironment(env)
        process.readyReadStandardOutput.connect(self._read_output)
        process.finished.connect(self._on_finished)
        process.errorOccurred.connect(self._on_error)
        self._process = process
        self._buffer = ""
        self._outcome = None
        self.stored_path = None
        self.log.clear()
        self.progress.setValue(0)
        self.status_label.setText(self.tr("Probing… (this can take {0:.0f} s at most)").format(self.timeout_s()))
        self._set_running(True)
        self._timer.start(int(self.timeout_s() * 1000))
        process.start(program, list(args))

    def cancel(self) -> None:
        if self.is_running():
            self._outcome = "cancelled"
            self.status_label.setText(self.tr("Cancelling…"))
            assert self._process is not None
            self._process.kill()
        else:
            self.reject()

    def _on_timeout(self) -> None:
        if self.is_running():
            self._outcome = "timeout"
            assert self._process is not None
            self._process.kill()

    def _append_lines(self, lines: Sequence[str]) -> None:
        for line in lines:
            text = line.rstrip("\r")
            if not text.strip():
                continue
            self.log.appendPlainText(text)
            m = PROGRESS_RE.match(text)
            if m:
                self.progress.setValue(min(int(m.group(1)), 100))
                self.status_label.setText(m.group(2))

    def _read_output(self) -> None:
        if self._process is None:
            return
        chunk = bytes(self._process.readAllStandardOutput().data()).decode("utf-8", "replace")
        self._buffer += chunk
        *complete, self._buffer = self._buffer.split("\n")
        self._append_lines(complete)

    def _flush(self) -> None:
        self._read_output()
        if self._buffer:
            self._append_lines([self._buffer])
            self._buffer = ""

    def _on_error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self._timer.stop()
            message = self._process.errorString() if self._process is not None else ""
            self._fail(self.tr("The probe could not be started: {0}").format(message))

    def _fail(self, text: str, outcome: str = "failed") -> None:
        self.status_label.setText(text)
        self._set_running(False)
        self.run_finished.emit(outcome)

    def _on_finished(self, exit_code: int, exit_status: QProcess.ExitStatus) -> None:
        self._timer.stop()
        self._flush()
        outcome = self._outcome
        if outcome == "cancelled":
            self._fail(self.tr("Cancelled: the probe was stopped."), "cancelled")
            return
        if outcome == "timeout":
            self._fail(self.tr("Stopped: the probe did not finish within {0:.0f} s.").format(self.timeout_s()),
                       "timeout")
            return
        if exit_status == QProcess.ExitStatus.CrashExit:
            self._fail(self.tr("The probe crashed. The lines above say how far it got."))
            return
        if exit_code not in (0, 1) or not Path(self._json_path).exists():
            self._fail(self.tr("The probe failed (exit code {0}). The lines above say why.").format(exit_code))
            return
        self._store()

    def _store(self) -> None:
        from app.probe.calibration import import_report  # noqa: PLC0415 - pure core, no Qt
        from app.probe.report import ProbeReportError  # noqa: PLC0415

        try:
            stored = import_report(self._json_path, self._data_dir)
        except ProbeReportError as exc:
            self._fail(self.tr("The probe's report was rejected: {0}").format(str(exc)))
            return
        except OSError as exc:
            self._fail(self.tr("The report could not be stored: {0}").format(str(exc)))
            return
        self.stored_path = stored.path
        report = stored.report
        self.progress.setValue(100)
        self.status_label.setText(self.tr("Done: {0} GPU(s), status {1}. The report is stored as {2}.").format(
            len(report.gpus), report.status, stored.path.name))
        self._set_running(False)
        self.report_ready.emit(str(stored.path))
        self.run_finished.emit("ok")

    # ---- closing ------------------------------------------------------------------------------
    def _stop_now(self) -> None:
        """Kill a running probe before the dialog goes (Qt warns when a running QProcess is destroyed)."""
        if self.is_running():
            assert self._process is not None
            self._outcome = "cancelled"
            self._timer.stop()
            self._process.kill()
            self._process.waitForFinished(KILL_WAIT_MS)

    def reject(self) -> None:
        self._stop_now()
        super().reject()

    def done(self, result: int) -> None:
        self._stop_now()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._stop_now()
        super().closeEvent(event)
