"""The standalone probe's GPU benchmarks through the server's own Python, which has PyTorch or CuPy.

The single-file probe cannot carry PyTorch (gigabytes), so on its own it listed a client's GPUs without measuring
them, even on an AI server whose Python has PyTorch (2026-12-04, a stock H200 server: "PyTorch is not installed
here"). The benchmark worker needs nothing but the standard library and the engine (the modules in
``WORKER_SOURCES``), so the frozen probe carries their source and runs them under that Python:
``python3 -m app.probe.worker`` with the sources on PYTHONPATH, the same protocol as its own worker.

Which Python: ``--python PATH`` or ``INFERENCE_SIZER_PROBE_PYTHON``, else (a frozen probe: the standalone one, or
the installed app's Tools -> Probe this machine) the first of ``python3``, ``python`` on PATH, ``$CONDA_PREFIX`` and
``$VIRTUAL_ENV`` that is 3.10 or newer and has the engine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from app.probe.worker import WORKER_MODULE

PYTHON_ENV: Final = "INFERENCE_SIZER_PROBE_PYTHON"
BUNDLED_SOURCE_DIR: Final = "probe_worker"  # under the frozen probe's unpack folder (sys._MEIPASS)
# The worker's import closure (tests/probe/test_external_python.py checks it under a Python without the app's
# dependencies); paths relative to the folder that holds the ``app`` package.
WORKER_SOURCES: Final = (
    "app/__init__.py", "app/probe/__init__.py", "app/probe/worker.py", "app/probe/bench_gpu.py",
    "app/probe/gpu_cupy.py", "app/probe/gpu_phases.py", "app/probe/gpu_plan.py", "app/probe/gpu_torch.py",
    "app/probe/gpu_types.py", "app/probe/harness.py", "app/probe/device_ids.py",
)
MIN_PYTHON: Final = (3, 10)  # the worker's sources use 3.10 syntax (dataclass slots, X | Y at run time)
CHECK_TIMEOUT_S: Final = 60.0  # a first import of a site-packages tree on a network file system can be slow
_CHECK = ("import importlib.util as u, sys; "
          "ok = sys.version_info >= {min!r} and any(u.find_spec(m) is not None for m in {engines!r}); "
          "print(sys.executable); sys.exit(0 if ok else 1)")

Runner = Callable[..., "subprocess.CompletedProcess[str]"]


@dataclass(frozen=True, slots=True)
class ExternalWorker:
    python: str  # the interpreter, as it names itself (sys.executable)
    command: tuple[str, ...]
    env: Mapping[str, str]
    cwd: str


def engines_for(engine: str) -> tuple[str, ...]:
    return ("torch", "cupy") if engine == "auto" else (engine,)


def source_root() -> Path | None:
    """The folder holding the worker's ``app`` sources: the frozen probe's bundled copy, else the checkout."""
    if getattr(sys, "frozen", False):
        root = Path(getattr(sys, "_MEIPASS", "")) / BUNDLED_SOURCE_DIR
    else:
        root = Path(__file__).resolve().parent.parent.parent
    return root if all((root / rel).is_file() for rel in WORKER_SOURCES) else None


def clean_env(base: Mapping[str, str], source: Path) -> dict[str, str]:
    """The environment of another Python: the library path the frozen probe's loader replaced put back (or
    dropped), no PYTHONHOME, the worker's sources first on PYTHONPATH."""
    env = dict(base)
    frozen = bool(getattr(sys, "frozen", False))
    for var in ("LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH"):
        orig = env.pop(var + "_ORIG", None)
        if orig is not None:
            env[var] = orig
        elif frozen:
            env.pop(var, None)
    env.pop("PYTHONHOME", None)
    env["PYTHONPATH"] = os.pathsep.join([str(source), *([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])])
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.setdefault("CUDA_DEVICE_ORDER", "PCI_BUS_ID")
    env.setdefault("PYTHONIOENCODING", "utf-8")
    return env


def candidates(explicit: str | None, environ: Mapping[str, str]) -> list[str]:
    """Interpreters to try, in order; only the one named when one is."""
    named = explicit or environ.get(PYTHON_ENV)
    if named:
        return [named]
    found: list[str] = []
    for name in ("python3", "python"):
        path = shutil.which(name, path=environ.get("PATH"))
        if path:
            found.append(path)
    windows = sys.platform == "win32"
    for var, win_sub in (("CONDA_PREFIX", "python.exe"), ("VIRTUAL_ENV", "Scripts/python.exe")):
        if environ.get(var):
            found.append(str(Path(environ[var]) / (win_sub if windows else "bin/python")))
    return list(dict.fromkeys(found))


def find_external_worker(engine: str, explicit: str | None = None, *, environ: Mapping[str, str] | None = None,
                         run: Runner = subprocess.run) -> tuple[ExternalWorker | None, list[str]]:
    """The first candidate Python with the engine, as a worker command; and why each one tried was not used."""
    environ = os.environ if environ is None else environ
    source = source_root()
    if source is None:
        return None, ["the worker's sources are not in this probe"]
    env = clean_env(environ, source)
    check = _CHECK.format(min=MIN_PYTHON, engines=engines_for(engine))
    problems: list[str] = []
    for python in candidates(explicit, environ):
        try:
            done = run([python, "-c", check], capture_output=True, text=True, timeout=CHECK_TIMEOUT_S, env=env,
                       cwd=str(source), check=False)
        except (OSError, subprocess.SubprocessError) as exc:
            problems.append(f"{python}: {exc}")
            continue
        if done.returncode != 0:
            problems.append(f"{python}: not Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]}+ with "
                            f"{' or '.join(engines_for(engine))}")
            continue
        resolved = (done.stdout.strip().splitlines() or [python])[-1]
        return ExternalWorker(python=resolved, command=(python, "-m", WORKER_MODULE), env=env,
                              cwd=str(source)), problems
    return None, problems
