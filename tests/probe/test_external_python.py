"""The GPU benchmarks under another Python (the server's, with PyTorch): the standalone probe's way to measure.

On a stock H200 server the single-file probe listed the GPU and measured nothing, although the server's python3
had PyTorch (2026-12-04). The worker's sources travel in the probe and run under that Python.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from app.probe import runner
from app.probe.external_python import (
    PYTHON_ENV,
    WORKER_SOURCES,
    candidates,
    clean_env,
    find_external_worker,
    source_root,
)
from app.probe.runner import ProbeOptions, run_probe
from tests.probe.conftest import smi_replay
from tests.probe.fake_nvml import h100_server, make_nvml

FAKE_WORKER = Path(__file__).with_name("fake_worker.py")
ROOT = Path(__file__).resolve().parents[2]


def _script(path: Path, body: str) -> Path:
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def server_python(tmp_path: Path, *, has_torch: bool = True) -> Path:
    """A stand-in for a server's python3: answers the probe's check, and runs the scripted worker for -m."""
    record = tmp_path / "worker-env.txt"
    return _script(tmp_path / "python3", f"""
if [ "$1" = "-c" ]; then echo /opt/server/bin/python3; exit {0 if has_torch else 1}; fi
printf '%s\\n%s\\n%s\\n' "$PYTHONPATH" "$*" "$(pwd)" > "{record}"
exec "{sys.executable}" "{FAKE_WORKER}"
""")


@pytest.fixture
def no_local_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", make_nvml(h100_server(2)))
    monkeypatch.setattr(runner, "engine_available", lambda engine="auto": False)
    monkeypatch.setenv("PROBE_FAKE_WORKER", "ok")
    monkeypatch.delenv(PYTHON_ENV, raising=False)


def _probe(**kw: object) -> object:
    opts = ProbeOptions(mode="smoke", cpu=False, timeout_s=30.0, phase_timeout_s=10.0, first_event_timeout_s=20.0,
                        **kw)  # type: ignore[arg-type]
    return run_probe(opts, lambda pct, text: None, smi_runner=smi_replay(None, missing=True))


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script stands in for the server's Python")
def test_the_benchmarks_run_under_the_named_python(no_local_engine: None, tmp_path: Path) -> None:
    python = server_python(tmp_path)
    report = _probe(python=str(python))
    assert report.status == "ok"  # type: ignore[attr-defined]
    figures = [m for m in report.results if m.status == "ok"]  # type: ignore[attr-defined]
    assert {m.metric for m in figures} >= {"mem_bw_triad", "gemm_bf16"} and {m.gpu for m in figures} == {0, 1}
    [used] = [b for b in report.backends if b.name == "python"]  # type: ignore[attr-defined]
    assert used.detail == "/opt/server/bin/python3"
    pythonpath, argv, cwd = (tmp_path / "worker-env.txt").read_text(encoding="utf-8").splitlines()
    root = source_root()
    assert root is not None and pythonpath.split(os.pathsep)[0] == str(root) and cwd == str(root)
    assert argv == "-m app.probe.worker"
    assert not [m for m in report.messages if m.code == "NO_GPU_ENGINE"]  # type: ignore[attr-defined]


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script stands in for the server's Python")
def test_a_python_without_the_engine_is_reported(no_local_engine: None, tmp_path: Path) -> None:
    python = server_python(tmp_path, has_torch=False)
    report = _probe(python=str(python))
    [msg] = [m for m in report.messages if m.code == "NO_GPU_ENGINE"]  # type: ignore[attr-defined]
    assert str(python) in msg.text and "not Python 3.10+ with torch or cupy" in msg.text and "--python" in msg.text
    assert not [m for m in report.results if m.status == "ok"]  # type: ignore[attr-defined]


def test_this_python_without_torch_is_refused() -> None:
    """The real check, run by this test's own interpreter (which has neither engine)."""
    if _has_engine():
        pytest.fail("the test environment must not have PyTorch or CuPy")
    worker, problems = find_external_worker("auto", sys.executable)
    assert worker is None and len(problems) == 1 and "with torch or cupy" in problems[0]
    worker, problems = find_external_worker("auto", str(ROOT / "no-such-python"))
    assert worker is None and "no-such-python" in problems[0]


def _has_engine() -> bool:
    import importlib.util

    return any(importlib.util.find_spec(m) is not None for m in ("torch", "cupy"))


def test_the_copied_sources_run_the_worker_alone(tmp_path: Path) -> None:
    """WORKER_SOURCES is the worker's whole import closure: copied alone and run with no site-packages (python -S,
    as a server's Python has none of the app's dependencies), the worker speaks its protocol, and says that
    this Python has no engine."""
    for rel in WORKER_SOURCES:
        dest = tmp_path / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, dest)
    env = clean_env({"PATH": os.environ.get("PATH", "")}, tmp_path)
    check = ("import app.probe.worker, app.probe.bench_gpu, app.probe.gpu_torch, app.probe.gpu_cupy; "
             "from app.probe.gpu_plan import skip_reason; from app.probe.gpu_types import DeviceProps; "
             "d = DeviceProps(index=0, name='x', total_memory=1, free_memory=1, uuid='GPU-AB', pci_bus_id='18:00.0');"
             "assert skip_reason(d, [{'pci_bus_id': '0000:18:00.0', 'reason': 'busy'}]) == 'busy'; "
             "import sys; print(sorted(m for m in sys.modules if m.startswith('app')))")
    done = subprocess.run([sys.executable, "-S", "-c", check], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    loaded = {m.replace(".", "/") for m in json.loads(done.stdout.replace("'", '"'))}
    shipped = {rel.removesuffix(".py").removesuffix("/__init__") for rel in WORKER_SOURCES}
    assert loaded == shipped  # nothing missing, nothing shipped that the worker never loads
    # stdin stays open while the worker runs (at its end the worker leaves at once: the parent is gone)
    with subprocess.Popen([sys.executable, "-S", "-m", "app.probe.worker"], cwd=tmp_path, env=env, text=True,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as worker:
        assert worker.stdin is not None and worker.stdout is not None
        worker.stdin.write(json.dumps({"mode": "smoke", "engine": "auto"}) + "\n")
        worker.stdin.flush()
        events = []
        for line in worker.stdout:
            events.append(json.loads(line))
            if events[-1] == {"event": "done"}:
                break
        assert worker.wait(timeout=60) == 0  # it leaves by itself after "done"
        worker.stdin.close()
    assert events[-1] == {"event": "done"}
    assert any(e.get("code") in ("TORCH_MISSING", "NO_GPU_ENGINE", "CUPY_MISSING") for e in events), events


def test_candidates_and_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert candidates("/opt/x/python", {PYTHON_ENV: "/y/python"}) == ["/opt/x/python"]
    assert candidates(None, {PYTHON_ENV: "/y/python", "PATH": ""}) == ["/y/python"]
    if sys.platform != "win32":
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir()
        _script(bin_dir / "python3", "exit 0\n")
        found = candidates(None, {"PATH": str(bin_dir), "CONDA_PREFIX": "/opt/conda"})
        assert found == [str(bin_dir / "python3"), str(Path("/opt/conda") / "bin" / "python")]
    monkeypatch.setattr(sys, "platform", "win32")  # conda's python.exe at its root, a venv's in Scripts
    found = candidates(None, {"PATH": "", "CONDA_PREFIX": "C:/conda", "VIRTUAL_ENV": "C:/venv"})
    assert found == [str(Path("C:/conda") / "python.exe"), str(Path("C:/venv") / "Scripts/python.exe")]
    monkeypatch.undo()
    env = clean_env({"LD_LIBRARY_PATH": "/tmp/_MEI123", "LD_LIBRARY_PATH_ORIG": "/usr/local/cuda/lib64",
                     "PYTHONHOME": "/tmp/_MEI123", "PYTHONPATH": "/site"}, tmp_path)
    assert env["LD_LIBRARY_PATH"] == "/usr/local/cuda/lib64" and "PYTHONHOME" not in env
    assert env["PYTHONPATH"] == os.pathsep.join([str(tmp_path), "/site"])


def test_the_standalone_probe_carries_the_worker_sources() -> None:
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import bundle_config
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    shipped = {Path(src).relative_to(ROOT).as_posix(): dest for src, dest in bundle_config.probe_data_files()}
    for rel in WORKER_SOURCES:
        assert shipped[rel] == str(Path("probe_worker", rel).parent.as_posix())
