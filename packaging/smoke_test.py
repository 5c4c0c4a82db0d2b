"""Smoke-test a built bundle, probe or Windows installer: run it, check its output, fail loudly.

    python packaging/smoke_test.py app PATH/TO/InferenceSizer[.exe]     # the frozen app's --self-test
    python packaging/smoke_test.py probe PATH/TO/inference-sizer-probe  # a short probe run, report checked
    python packaging/smoke_test.py installer PATH/TO/setup.exe          # Windows only: silent install,
                                                                        # self-test, registry, uninstall

The app runs offscreen with a throw-away data directory and must print ``self-test passed``, exit 0
within the time limit and print none of the markers of a broken bundle (a missing module, a Qt
platform plugin that cannot load, a traceback). Exit code 0 when all is well, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PASSED_LINE = "self-test passed"  # app.selftest.PASSED_LINE
FATAL_MARKERS = (
    "Traceback (most recent call last)",
    "ModuleNotFoundError",
    "ImportError",
    "Could not load the Qt platform plugin",
    "could not find or load the Qt platform plugin",
    "Failed to execute script",
    "[PYI-",
)
UNINSTALL_KEY = r"Software\Microsoft\Windows\CurrentVersion\Uninstall\InferenceSizer"


def _env(data_dir: str) -> dict[str, str]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["INFERENCE_SIZER_DATA_DIR"] = data_dir
    env.pop("PYTHONPATH", None)  # the bundle must not lean on a checkout
    return env


def _run(cmd: list[str], timeout: float, env: dict[str, str]) -> tuple[int, str, float]:
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, encoding="utf-8", errors="replace",
                              timeout=timeout, stdin=subprocess.DEVNULL, check=False)
    except subprocess.TimeoutExpired as exc:
        out = (exc.stdout or b"").decode("utf-8", "replace") if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        return 124, out + f"\n(timed out after {timeout:.0f} s)", time.perf_counter() - start
    return proc.returncode, (proc.stdout or "") + (proc.stderr or ""), time.perf_counter() - start


def check_app(exe: Path, timeout: float = 180.0) -> list[str]:
    """Problems with the frozen app's ``--self-test`` run (empty list: it passed)."""
    if not exe.is_file():
        return [f"{exe} does not exist"]
    with tempfile.TemporaryDirectory(prefix="is-smoke-") as tmp:
        code, out, secs = _run([str(exe), "--self-test"], timeout, _env(tmp))
    print(out.rstrip())
    print(f"[smoke] {exe.name} --self-test: exit {code} in {secs:.1f} s")
    problems = []
    if code != 0:
        problems.append(f"exit code {code}")
    if PASSED_LINE not in out:
        if code == 0 and sys.platform == "win32" and "self-test" not in out:
            # A windowed (GUI-subsystem) executable may get no usable stdout; the exit code still
            # tells (a failed step returns 1, a crash a bootloader error or a hang past the timeout).
            print("[smoke] warning: no output captured from the windowed executable; judged by exit code")
        else:
            problems.append(f"no {PASSED_LINE!r} line")
    problems += [f"output contains {m!r}" for m in FATAL_MARKERS if m in out]
    return problems


def check_probe(exe: Path, timeout: float = 300.0) -> list[str]:
    """Problems with a ``--smoke`` probe run; on a machine without a GPU the report says ``no_gpu``."""
    if not exe.is_file():
        return [f"{exe} does not exist"]
    with tempfile.TemporaryDirectory(prefix="is-probe-") as tmp:
        report = Path(tmp) / "report.json"
        code, out, secs = _run([str(exe), "--smoke", "--json", str(report)], timeout, _env(tmp))
        print(out.rstrip())
        print(f"[smoke] {exe.name} --smoke: exit {code} in {secs:.1f} s")
        problems = [f"exit code {code}"] if code != 0 else []
        problems += [f"output contains {m!r}" for m in FATAL_MARKERS if m in out]
        try:
            data = json.loads(report.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            return [*problems, f"no readable report: {exc}"]
    if data.get("status") not in ("ok", "partial", "no_gpu"):
        problems.append(f"report status {data.get('status')!r}")
    measured = [m for m in data.get("results", []) if m.get("status") == "ok"]
    if not measured:
        problems.append("the report holds no measurement (is NumPy missing from the bundle?)")
    return problems


def check_installer(setup: Path, timeout: float = 600.0) -> list[str]:
    """Windows: install silently into a temporary folder, self-test the installed app, uninstall."""
    if sys.platform != "win32":
        return ["the installer check runs on Windows only"]
    import winreg  # noqa: PLC0415 - Windows only

    def uninstall_entry() -> str | None:
        try:
            with winreg.OpenKey(winreg.HKEY_CURRENT_USER, UNINSTALL_KEY) as key:
                return str(winreg.QueryValueEx(key, "InstallLocation")[0])
        except OSError:
            return None

    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="is-install-") as tmp:
        target = Path(tmp) / "Inference Sizer"
        # /D= must come last and unquoted, even with spaces (NSIS rule).
        code, out, secs = _run([str(setup), "/S", f"/D={target}"], timeout, dict(os.environ))
        print(f"[smoke] silent install: exit {code} in {secs:.1f} s")
        if code != 0:
            return [f"installer exit code {code}: {out[-2000:]}"]
        if uninstall_entry() is None:
            problems.append("no uninstall entry in HKCU after installing")
        problems += check_app(target / "InferenceSizer.exe")
        uninstaller = target / "Uninstall.exe"
        # _?= runs the uninstaller in place, so this call waits for it to finish.
        code, out, secs = _run([str(uninstaller), "/S", f"_?={target}"], timeout, dict(os.environ))
        print(f"[smoke] silent uninstall: exit {code} in {secs:.1f} s")
        if code != 0:
            problems.append(f"uninstaller exit code {code}")
        if (target / "_internal").exists() or (target / "InferenceSizer.exe").exists():
            problems.append("the uninstaller left the bundle behind")
        if uninstall_entry() is not None:
            problems.append("the uninstall entry is still in HKCU")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("kind", choices=("app", "probe", "installer"))
    parser.add_argument("path", type=Path)
    parser.add_argument("--timeout", type=float, help="seconds (default: 180 app, 300 probe, 600 installer)")
    args = parser.parse_args(argv)
    checks = {"app": check_app, "probe": check_probe, "installer": check_installer}
    problems = checks[args.kind](args.path, *(() if args.timeout is None else (args.timeout,)))
    for p in problems:
        print(f"[smoke] FAIL: {p}", file=sys.stderr)
    print(f"[smoke] {args.kind} {'FAILED' if problems else 'passed'}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
