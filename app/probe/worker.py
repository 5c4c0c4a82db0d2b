"""The benchmark worker: a child process that imports torch/cupy and runs ``bench_gpu``.

Protocol. The parent writes one JSON line (the ``WorkerSpec``) to the child's stdin and keeps
stdin open; the child answers with JSON lines on stdout (``hello``, ``plan``, ``phase``,
``result``, ``message``, ``done``; see ``bench_gpu``). When stdin reaches end of file (the
parent exited, was killed or cancelled the run) the child exits at once, so a killed probe
never leaves a benchmark running on the GPU. Anything a library prints goes to stderr.

Parent side: ``WorkerProcess`` starts the child, reads its events from a thread into a
queue and hands them out with a timeout, so the caller can enforce per-phase and overall
deadlines and kill a child that stopped answering.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Sequence
from typing import IO, Any, Final

WORKER_MODULE: Final = "app.probe.worker"
_EOF: Final = object()
TIMED_OUT: Final = object()


def worker_command() -> list[str]:
    """How to start a worker: ``python -m app.probe.worker``, or the frozen app's own executable."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "probe", "--worker"]
    return [sys.executable, "-m", WORKER_MODULE]


# ---- child side ------------------------------------------------------------------------------
class _LineEmitter:
    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self._lock = threading.Lock()

    def __call__(self, event: dict[str, Any]) -> None:
        line = json.dumps(event, allow_nan=False, default=str)
        with self._lock:
            self._stream.write(line + "\n")
            self._stream.flush()


def _exit_when_parent_goes(stdin: IO[str]) -> None:
    """Block on stdin; at EOF the parent is gone (or cancelled): leave immediately."""
    try:
        while stdin.readline():
            pass
    except (OSError, ValueError):
        pass
    os._exit(3)


def worker_main(stdin: IO[str] | None = None) -> int:
    """Entry point of the child process."""
    from app.probe.bench_gpu import BackendUnavailableError, WorkerSpec, load_backend, run_benchmarks  # noqa: PLC0415

    source = stdin or sys.stdin
    # The protocol owns the real stdout. Anything else written to fd 1 (Python prints, or C libraries such as
    # the CUDA runtime printing directly) is sent to stderr, so it can never break a protocol line.
    sys.stdout.flush()
    proto_fd = os.dup(1)
    os.dup2(2, 1)
    proto = os.fdopen(proto_fd, "w", encoding="utf-8", buffering=1)
    sys.stdout = sys.stderr
    emit = _LineEmitter(proto)
    line = source.readline()
    try:
        spec = WorkerSpec.from_json(json.loads(line) if line.strip() else {})
    except (ValueError, TypeError, AttributeError) as exc:
        emit({"event": "message", "level": "error", "code": "WORKER_BAD_SPEC", "text": f"bad worker spec: {exc}",
              "device": None})
        emit({"event": "done"})
        return 2
    threading.Thread(target=_exit_when_parent_goes, args=(source,), name="parent-watch", daemon=True).start()
    try:
        backend = load_backend(spec.engine)
    except BackendUnavailableError as exc:
        emit({"event": "message", "level": "warn", "code": exc.code, "text": exc.text, "device": None})
        emit({"event": "done"})
        return 0
    try:
        run_benchmarks(backend, spec, emit)
    except Exception as exc:  # say what happened; the parent keeps what was measured
        emit({"event": "message", "level": "error", "code": "WORKER_ERROR",
              "text": f"the benchmark stopped: {type(exc).__name__}: {exc}"[:2000], "device": None})
    emit({"event": "done"})
    return 0


# ---- parent side -----------------------------------------------------------------------------
class WorkerProcess:
    """A running worker; events come from ``next_event(timeout)``."""

    def __init__(self, command: Sequence[str], spec: dict[str, Any], env: dict[str, str] | None = None,
                 cwd: str | None = None) -> None:
        creationflags = getattr(subprocess, "CREATE_NO_WINDOW", 0) if sys.platform == "win32" else 0
        self.proc = subprocess.Popen(
            list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            encoding="utf-8", errors="replace", bufsize=1, env=env, cwd=cwd, creationflags=creationflags,
        )
        self._events: queue.Queue[object] = queue.Queue()
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=40)
        self.other_stdout: collections.deque[str] = collections.deque(maxlen=40)
        assert self.proc.stdin is not None and self.proc.stdout is not None and self.proc.stderr is not None
        self._readers = [
            threading.Thread(target=self._read_events, args=(self.proc.stdout,), daemon=True, name="probe-worker-out"),
            threading.Thread(target=self._read_stderr, args=(self.proc.stderr,), daemon=True, name="probe-worker-err"),
        ]
        for reader in self._readers:
            reader.start()
        try:
            self.proc.stdin.write(json.dumps(spec) + "\n")
            self.proc.stdin.flush()
        except OSError:
            pass  # the child died at once; its EOF tells the reader

    def _read_events(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                text = line.strip()
                if not text:
                    continue
                try:
                    event = json.loads(text)
                except ValueError:
                    self.other_stdout.append(text[:500])
                    continue
                if isinstance(event, dict):
                    self._events.put(event)
        except (OSError, ValueError):
            pass
        self._events.put(_EOF)

    def _read_stderr(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                if line.strip():
                    self.stderr_tail.append(line.rstrip()[:500])
        except (OSError, ValueError):
            pass

    def next_event(self, timeout: float) -> object:
        """The next event; None at end of output; TIMED_OUT when nothing came within ``timeout`` s."""
        try:
            item = self._events.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            return TIMED_OUT
        if item is _EOF:
            return None
        assert isinstance(item, dict)
        return item

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.close()

    def close(self, wait_s: float = 10.0) -> int | None:
        """Close stdin (the child exits if still running), wait for it, kill it if it lingers."""
        try:
            if self.proc.stdin is not None and not self.proc.stdin.closed:
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            code: int | None = self.proc.wait(timeout=wait_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            try:
                code = self.proc.wait(timeout=wait_s)
            except subprocess.TimeoutExpired:
                code = None
        for reader in self._readers:
            reader.join(timeout=wait_s)  # they end at EOF, once the child is gone
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        return code


if __name__ == "__main__":
    raise SystemExit(worker_main())
