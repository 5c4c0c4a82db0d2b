"""The real worker process (no GPU engine here) and the parent-side process handling."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import app
from app.probe.worker import TIMED_OUT, WorkerProcess, worker_command

ROOT = str(Path(app.__file__).parent.parent)


def _events(worker: WorkerProcess, limit: float = 60.0) -> list[dict[str, object]]:
    out = []
    while True:
        ev = worker.next_event(limit)
        assert ev is not TIMED_OUT, "the worker went silent"
        if ev is None:
            return out
        assert isinstance(ev, dict)
        out.append(ev)


def test_real_worker_without_an_engine_says_why() -> None:
    # an interpreter where torch and cupy cannot be imported, whatever is installed
    blocker = ("import sys; sys.modules['torch'] = None; sys.modules['cupy'] = None; "
               "from app.probe.worker import worker_main; raise SystemExit(worker_main())")
    worker = WorkerProcess([sys.executable, "-c", blocker], {"mode": "smoke"}, cwd=ROOT)
    events = _events(worker)
    assert worker.close() == 0
    assert events[0]["event"] == "message" and events[0]["code"] == "NO_GPU_ENGINE"
    assert events[-1] == {"event": "done"}


def test_bad_spec_is_reported() -> None:
    raw = subprocess.run([sys.executable, "-m", "app.probe.worker"], input="{not json\n", capture_output=True,
                         text=True, cwd=ROOT, timeout=60, check=False)
    lines = [json.loads(line) for line in raw.stdout.splitlines() if line.strip()]
    assert raw.returncode == 2 and lines[0]["code"] == "WORKER_BAD_SPEC" and lines[-1] == {"event": "done"}


def test_child_exits_when_its_parent_goes_away() -> None:
    # the watcher thread alone: closing stdin (what a killed parent does) ends the process with code 3
    code = "import sys, time; from app.probe.worker import _exit_when_parent_goes; " \
           "_exit_when_parent_goes(sys.stdin); time.sleep(60)"
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, cwd=ROOT, text=True)
    assert proc.stdin is not None
    proc.stdin.write("still here\n")
    proc.stdin.flush()
    proc.stdin.close()
    assert proc.wait(timeout=30) == 3


def test_silence_times_out_and_kill_reaps() -> None:
    worker = WorkerProcess([sys.executable, "-c", "import time; time.sleep(60)"], {}, cwd=ROOT)
    assert worker.next_event(0.2) is TIMED_OUT
    worker.kill()
    assert worker.proc.poll() is not None


def test_worker_command() -> None:
    assert worker_command()[1:] == ["-m", "app.probe.worker"]
