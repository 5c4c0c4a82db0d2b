"""Build the frozen app, the probe, the installers; smoke-test them and measure size and start-up.

    python packaging/build.py app [--smoke]          PyInstaller one-folder bundle (+ .app on macOS)
    python packaging/build.py probe [--smoke]        the stand-alone probe executable (no Qt)
    python packaging/build.py installer [--check-only] [--max-mib 70]
                                                     Windows NSIS installer from the bundle (makensis;
                                                     on Linux the Linux bundle stands in, as a check);
                                                     --check-only: the script alone, over a stand-in
    python packaging/build.py dmg                    macOS disk image from InferenceSizer.app
    python packaging/build.py baseline               the bare PySide6 + pyqtgraph window, frozen alike
    python packaging/build.py startup [--runs 5] [--max-ratio 1.2]
                                                     median start-up: frozen app vs frozen baseline
    python packaging/build.py all [--json OUT]       app, smoke test, baseline, start-up, installer, sizes

Needs ``pip install . pyinstaller`` in the interpreter that runs it (plus ``.[probe]`` for the
probe); makensis on PATH (Debian: apt-get install nsis; Windows: choco install nsis) for the
installer. Outputs go to packaging/dist/ (the bundle, InferenceSizer-VERSION-setup.exe,
InferenceSizer-VERSION-macos-ARCH.dmg, inference-sizer-probe); work files to packaging/build/.
Exit code 0 on success, 1 when a build, smoke test or budget fails.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = HERE / "dist"
WORK = HERE / "build"
MIB = 1024 * 1024


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


cfg = _load("bundle_config")
smoke = _load("smoke_test")


class BuildError(RuntimeError):
    pass


def _say(text: str) -> None:
    print(f"[build] {text}", flush=True)


def _run(cmd: list[str], **kwargs: Any) -> None:
    _say("$ " + " ".join(cmd))
    if subprocess.run(cmd, check=False, **kwargs).returncode != 0:
        raise BuildError(f"command failed: {cmd[0]} … (see above)")


def _tree_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def app_executable() -> Path:
    if sys.platform == "darwin":
        return DIST / f"{cfg.APP_NAME}.app" / "Contents" / "MacOS" / str(cfg.APP_NAME)
    return DIST / str(cfg.APP_NAME) / (str(cfg.APP_NAME) + (".exe" if sys.platform == "win32" else ""))


def onedir_app_executable() -> Path:
    """The one-folder bundle's executable, on every platform: what the start-up figure compares with
    the baseline, which is a one-folder bundle too (on macOS the .app wraps the same files)."""
    return DIST / str(cfg.APP_NAME) / (str(cfg.APP_NAME) + (".exe" if sys.platform == "win32" else ""))


def probe_executable() -> Path:
    return DIST / (str(cfg.PROBE_NAME) + (".exe" if sys.platform == "win32" else ""))


def baseline_executable() -> Path:
    return DIST / "baseline" / ("baseline.exe" if sys.platform == "win32" else "baseline")


def installer_path(version: str) -> Path:
    return DIST / f"{cfg.APP_NAME}-{version}-setup.exe"


def dmg_path(version: str) -> Path:
    return DIST / f"{cfg.APP_NAME}-{version}-macos-{platform.machine()}.dmg"


def pyinstaller(spec: Path) -> float:
    start = time.perf_counter()
    _run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
          "--distpath", str(DIST), "--workpath", str(WORK), str(spec)], cwd=ROOT)
    return time.perf_counter() - start


def build_app(run_smoke: bool) -> dict[str, Any]:
    secs = pyinstaller(HERE / "inference_sizer.spec")
    bundle = DIST / (f"{cfg.APP_NAME}.app" if sys.platform == "darwin" else cfg.APP_NAME)
    out: dict[str, Any] = {"build_s": round(secs, 1), "bundle": str(bundle),
                           "bundle_mib": round(_tree_size(bundle) / MIB, 1)}
    _say(f"bundle {bundle} : {out['bundle_mib']} MiB, built in {secs:.0f} s")
    if run_smoke:
        problems = smoke.check_app(app_executable())
        if problems:
            raise BuildError("smoke test failed: " + "; ".join(problems))
        out["smoke"] = "passed"
    return out


def build_probe(run_smoke: bool) -> dict[str, Any]:
    secs = pyinstaller(HERE / "probe.spec")
    exe = probe_executable()
    out: dict[str, Any] = {"build_s": round(secs, 1), "probe": str(exe),
                           "probe_mib": round(exe.stat().st_size / MIB, 1)}
    _say(f"probe {exe} : {out['probe_mib']} MiB, built in {secs:.0f} s")
    if run_smoke:
        problems = smoke.check_probe(exe)
        if problems:
            raise BuildError("probe smoke test failed: " + "; ".join(problems))
        out["smoke"] = "passed"
    return out


def find_makensis() -> str | None:
    found = shutil.which("makensis")
    if found:
        return found
    for base in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES")):  # Windows: any case
        if base and (Path(base) / "NSIS" / "makensis.exe").is_file():
            return str(Path(base) / "NSIS" / "makensis.exe")
    return None


def nsis_command(makensis: str, dist_dir: Path, out_file: Path, version: str, *, strict: bool = False) -> list[str]:
    """The makensis call for installer.nsi; ``strict`` turns warnings into errors."""
    nums = ".".join(str(n) for n in cfg.numeric_version(version))
    # makensis accepts '-' for its switches on every platform ('/' only on Windows).
    cmd = [makensis, "-V2", "-INPUTCHARSET", "UTF8", *(["-WX"] if strict else [])]
    cmd += [f"-DVERSION={version}", f"-DVERSION_NUMERIC={nums}", f"-DDIST_DIR={dist_dir}", f"-DOUT_FILE={out_file}",
            str(HERE / "windows" / "installer.nsi")]
    return cmd


def check_installer_script(makensis: str) -> subprocess.CompletedProcess[str]:
    """Compile installer.nsi over a two-file stand-in bundle, warnings as errors (under a second).

    Catches syntax, define, include, plugin and path errors without a real bundle.
    """
    with tempfile.TemporaryDirectory(prefix="is-nsis-") as tmp:
        fake = Path(tmp) / cfg.APP_NAME
        (fake / "_internal").mkdir(parents=True)
        (fake / f"{cfg.APP_NAME}.exe").write_bytes(b"MZ stand-in")
        (fake / "_internal" / "base_library.zip").write_bytes(b"stand-in")
        out = Path(tmp) / f"{cfg.APP_NAME}-check-setup.exe"
        cmd = nsis_command(makensis, fake, out, cfg.app_version(), strict=True)
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=120)
        if proc.returncode == 0 and not out.is_file():
            proc.returncode = 1
            proc.stderr += f"\nmakensis wrote no {out.name}"
        return proc


def build_installer(max_mib: float | None, check_only: bool = False) -> dict[str, Any]:
    makensis = find_makensis()
    if makensis is None:
        raise BuildError("makensis not found (Debian: apt-get install nsis; Windows: choco install nsis)")
    if check_only:
        proc = check_installer_script(makensis)
        if proc.returncode != 0:
            raise BuildError(f"installer.nsi does not compile:\n{proc.stdout}{proc.stderr}")
        return {"installer_check": "compiled"}
    version = cfg.app_version()
    dist_dir = DIST / cfg.APP_NAME
    if not dist_dir.is_dir():
        raise BuildError(f"{dist_dir} is missing: run `build.py app` first")
    out = installer_path(version)
    start = time.perf_counter()
    _run(nsis_command(makensis, dist_dir, out, version))
    size = out.stat().st_size / MIB
    result: dict[str, Any] = {"installer": str(out), "installer_mib": round(size, 2),
                              "installer_build_s": round(time.perf_counter() - start, 1)}
    _say(f"installer {out} : {size:.2f} MiB" + (f" (budget {max_mib} MiB)" if max_mib else ""))
    if max_mib is not None and size > max_mib:
        raise BuildError(f"installer is {size:.2f} MiB, over the {max_mib} MiB budget")
    return result


def build_dmg() -> dict[str, Any]:
    if sys.platform != "darwin":
        raise BuildError("a .dmg can only be made on macOS")
    version = cfg.app_version()
    out = dmg_path(version)
    _run(["bash", str(HERE / "macos" / "make_dmg.sh"), str(DIST / f"{cfg.APP_NAME}.app"), str(out), cfg.DISPLAY_NAME])
    return {"dmg": str(out), "dmg_mib": round(out.stat().st_size / MIB, 2)}


# A returning user's settings, as the window leaves them: the charts' page open, Chinese, a recent
# project that start-up reopens (after the first paint). Written by Qt itself, in its own format.
_RETURNING_PROFILE = """
import sys
from PySide6.QtCore import QCoreApplication, QSettings
app = QCoreApplication([])
app.setOrganizationName(sys.argv[1]); app.setApplicationName(sys.argv[1])
s = QSettings()
for key, value in (("main/page", "charts"), ("ui/language", "zh_CN"), ("recent/files", [sys.argv[2]]),
                   ("main/last_project", sys.argv[2])):
    s.setValue(key, value)
s.sync()
"""


def _startup_runs(cmds: list[list[str]], runs: int, returning: bool = False) -> list[list[float]]:
    """Wall time (ms) of each command, ``runs`` times, interleaved so that load from other work on
    the machine weighs on every command alike; a first start's profile, or with ``returning`` a
    returning user's."""
    times: list[list[float]] = [[] for _ in cmds]
    with tempfile.TemporaryDirectory(prefix="is-startup-") as tmp:
        # A first start's settings (XDG_CONFIG_HOME: Qt's settings on Linux), not the build machine's: a
        # saved layout with the charts open would time a returning user's start instead.
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "INFERENCE_SIZER_DATA_DIR": tmp,
               "XDG_CONFIG_HOME": str(Path(tmp) / "config")}
        if returning:
            project = Path(tmp) / "recent.isproj"
            shutil.copyfile(ROOT / "resources" / "samples" / "hgx-h200-8gpu.json", project)
            subprocess.run([sys.executable, "-c", _RETURNING_PROFILE, cfg.APP_NAME, str(project)], env=env,
                           capture_output=True, timeout=120, check=True)
        # One unmeasured run each: builds the catalog database and warms the file cache, as on a
        # user's second and later starts.
        for cmd in cmds:
            subprocess.run(cmd, env=env, capture_output=True, timeout=180, check=True)
        for _ in range(runs):
            for i, cmd in enumerate(cmds):
                start = time.perf_counter()
                subprocess.run(cmd, env=env, capture_output=True, timeout=180, check=True)
                times[i].append((time.perf_counter() - start) * 1000)
    return times


def measure_startup(runs: int, max_ratio: float | None) -> dict[str, Any]:
    app, base = onedir_app_executable(), baseline_executable()
    for exe in (app, base):
        if not exe.is_file():
            raise BuildError(f"{exe} is missing: build it first (`build.py app`, `build.py baseline`)")
    result: dict[str, Any] = {"startup_runs": runs}
    for profile, prefix in (("fresh", "startup"), ("returning", "startup_returning")):
        app_ms, base_ms = _startup_runs([[str(app), "--quit-when-ready"], [str(base)]], runs,
                                        returning=profile == "returning")
        app_med, base_med = statistics.median(app_ms), statistics.median(base_ms)
        ratio = app_med / base_med
        _say(f"start-up ({profile} profile) median of {runs}: app {app_med:.0f} ms, baseline {base_med:.0f} ms, "
             f"ratio {ratio:.2f}" + (f" (budget {max_ratio})" if max_ratio else ""))
        result.update({f"{prefix}_app_ms": [round(t) for t in app_ms],
                       f"{prefix}_baseline_ms": [round(t) for t in base_ms], f"{prefix}_app_median_ms": round(app_med),
                       f"{prefix}_baseline_median_ms": round(base_med), f"{prefix}_ratio": round(ratio, 3)})
        if max_ratio is not None and ratio > max_ratio:
            raise BuildError(f"frozen start-up ({profile} profile) is {ratio:.2f} x the baseline, "
                             f"over the {max_ratio} x budget")
    return result


def budget_failures(results: dict[str, Any], max_ratio: float, max_mib: float) -> list[str]:
    """The budgets `all` checks: start-up ratio everywhere; installer size only for a real Windows
    installer (on Linux the bundle is a stand-in with Linux-only libraries, so its size is not judged)."""
    out = []
    for key, profile in (("startup_ratio", "fresh"), ("startup_returning_ratio", "returning")):
        ratio = results.get(key)
        if ratio is not None and ratio > max_ratio:
            which = "" if profile == "fresh" else f" ({profile} profile)"
            out.append(f"frozen start-up{which} {ratio:.2f} x the baseline (budget {max_ratio} x)")
    size = results.get("installer_mib")
    if size is not None:
        if sys.platform == "win32" and size > max_mib:
            out.append(f"installer {size:.2f} MiB (budget {max_mib} MiB)")
        elif sys.platform != "win32":
            results["installer_note"] = "built from the Linux bundle as a stand-in: size not judged"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("what", choices=("app", "probe", "installer", "dmg", "baseline", "startup", "all"))
    parser.add_argument("--smoke", action="store_true", help="app/probe: run the smoke test after building")
    parser.add_argument("--check-only", action="store_true",
                        help="installer: compile the script over a stand-in bundle (seconds), keep nothing")
    parser.add_argument("--max-mib", type=float, default=None, help="installer: fail above this size")
    parser.add_argument("--runs", type=int, default=5, help="startup: measured runs per executable")
    parser.add_argument("--max-ratio", type=float, default=None, help="startup: fail above this app/baseline ratio")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON to this file")
    args = parser.parse_args(argv)

    results: dict[str, Any] = {"version": cfg.app_version(), "platform": f"{sys.platform}-{platform.machine()}"}
    try:
        if args.what == "app":
            results.update(build_app(args.smoke))
        elif args.what == "probe":
            results.update(build_probe(args.smoke))
        elif args.what == "installer":
            results.update(build_installer(args.max_mib, args.check_only))
        elif args.what == "dmg":
            results.update(build_dmg())
        elif args.what == "baseline":
            results["baseline_build_s"] = round(pyinstaller(HERE / "baseline" / "baseline.spec"), 1)
        elif args.what == "startup":
            results.update(measure_startup(args.runs, args.max_ratio))
        else:
            results.update(build_app(run_smoke=True))
            results["baseline_build_s"] = round(pyinstaller(HERE / "baseline" / "baseline.spec"), 1)
            results.update(measure_startup(args.runs, None))
            if sys.platform == "darwin":
                results.update(build_dmg())
            elif find_makensis():
                results.update(build_installer(None))
            else:
                _say("makensis not found: no installer")
            failures = budget_failures(results, args.max_ratio or 1.2, args.max_mib or 70.0)
            results["budget_failures"] = failures
            for failure in failures:
                print(f"[build] OVER BUDGET: {failure}", file=sys.stderr)
            if failures:
                print(json.dumps(results, indent=2))
                return 1
    except (BuildError, subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        print(f"[build] FAILED: {exc}", file=sys.stderr)
        return 1
    finally:
        if args.json:
            args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
