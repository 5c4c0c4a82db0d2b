"""The PyInstaller specs: data files, hidden imports, exclusions, executables, Info.plist."""

from __future__ import annotations

import ast
import plistlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app import __version__
from app.cli.main import COMMAND_MODULES
from app.probe.external_python import WORKER_SOURCES
from tests.packaging.conftest import PACKAGING, ROOT, Calls, load_packaging_module

APP_SPEC = PACKAGING / "inference_sizer.spec"
PROBE_SPEC = PACKAGING / "probe.spec"
BASELINE_SPEC = PACKAGING / "baseline" / "baseline.spec"
RunSpec = Callable[..., Calls]

cfg = load_packaging_module("bundle_config")


def _only(calls: Calls, kind: str) -> dict[str, Any]:
    assert len(calls.get(kind, [])) == 1, f"expected one {kind}(...) call, got {calls.get(kind)}"
    return calls[kind][0]


def _pyside_modules_imported_by_app() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "app").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("PySide6."):
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("PySide6."))
    return found


def test_every_spec_is_valid_python() -> None:
    for spec in (APP_SPEC, PROBE_SPEC, BASELINE_SPEC):
        compile(spec.read_text(encoding="utf-8"), str(spec), "exec")


def test_app_bundle_carries_all_of_db_and_resources_at_the_bundle_root(run_spec: RunSpec) -> None:
    datas = _only(run_spec(APP_SPEC), "Analysis")["kwargs"]["datas"]
    collected = {(Path(src).resolve(), dest) for src, dest in datas}
    for top in ("db", "resources"):
        files = [p for p in (ROOT / top).rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        assert files, f"{top}/ is empty"
        for path in files:
            rel = path.relative_to(ROOT)
            # app.paths.bundle_root() looks for db/ and resources/ at the top of sys._MEIPASS.
            assert (path.resolve(), rel.parent.as_posix()) in collected, f"{rel} is not bundled where the app looks"
    # db/ and resources/, and the probe worker's source (Tools -> Probe this machine with a local PyTorch)
    assert all(dest.split("/")[0] in ("db", "resources", "probe_worker") for _src, dest in datas)
    assert {Path(src).relative_to(ROOT).as_posix() for src, dest in datas if dest.startswith("probe_worker")} == set(
        WORKER_SOURCES)
    assert (ROOT / "resources" / "samples" / "hgx-h100-8gpu.json").resolve() in {src for src, _d in collected}


def test_app_bundle_has_every_cli_command_and_the_self_test(run_spec: RunSpec) -> None:
    analysis = _only(run_spec(APP_SPEC), "Analysis")
    hidden = set(analysis["kwargs"]["hiddenimports"])
    # The CLI imports its command modules by name: PyInstaller cannot see them on its own.
    assert set(COMMAND_MODULES) <= hidden
    assert "app.selftest" in hidden
    assert analysis["args"][0][0].endswith(str(Path("app") / "__main__.py"))


def test_app_bundle_keeps_the_qt_it_needs_and_drops_the_rest(run_spec: RunSpec) -> None:
    excludes = set(_only(run_spec(APP_SPEC), "Analysis")["kwargs"]["excludes"])
    for unwanted in ("PySide6.QtWebEngineCore", "PySide6.Qt3DCore", "PySide6.QtQuick", "PySide6.QtQml",
                     "PySide6.QtMultimedia", "PySide6.QtCharts", "PySide6.QtNetwork", "PySide6.QtPdf",
                     "PyQt5", "PyQt6", "PySide2", "tkinter", "pytest", "mypy", "ruff", "hypothesis"):
        assert unwanted in excludes, unwanted
    needed = {"PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtSvg",
              "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets"}  # the last three: pyqtgraph
    needed |= _pyside_modules_imported_by_app()
    assert not needed & excludes, f"excluded but imported: {sorted(needed & excludes)}"


def test_qt_file_filter() -> None:
    keep = cfg.keep_qt_file
    assert keep("PySide6/Qt/plugins/platforms/libqxcb.so")
    assert keep("PySide6/Qt/plugins/platforms/libqoffscreen.so")  # the self-test needs it
    assert keep("PySide6\\plugins\\platforms\\qwindows.dll")
    assert keep("PySide6/Qt/plugins/platforms/libqcocoa.dylib")
    assert keep("PySide6/Qt/plugins/imageformats/libqsvg.so")
    assert keep("PySide6/plugins/styles/qmodernwindowsstyle.dll")
    assert not keep("PySide6/Qt/plugins/platforms/libqvnc.so")
    assert not keep("PySide6\\plugins\\platforms\\qdirect2d.dll")
    assert not keep("PySide6/Qt/plugins/imageformats/libqtiff.so")
    assert not keep("PySide6/Qt/plugins/sqldrivers/libqsqlite.so")
    assert not keep("PySide6\\opengl32sw.dll")
    assert keep("PySide6/Qt/translations/qtbase_zh_CN.qm")
    assert not keep("PySide6/Qt/translations/qtbase_de.qm")
    assert not keep("PySide6\\translations\\assistant_zh_CN.qm")
    assert keep("PySide6/Qt/lib/libQt6Widgets.so.6")
    assert keep("numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so")
    assert cfg.filter_toc([("PySide6/opengl32sw.dll", "x", "BINARY"), ("a.dll", "y", "BINARY")]) == [
        ("a.dll", "y", "BINARY")]


def test_app_executable_on_each_platform(run_spec: RunSpec, tmp_path: Path) -> None:
    for platform in ("linux", "win32", "darwin"):
        exe = _only(run_spec(APP_SPEC, platform=platform), "EXE")["kwargs"]
        assert exe["name"] == cfg.APP_NAME == "InferenceSizer"
        assert exe["console"] is False and exe["upx"] is False and exe["exclude_binaries"] is True
        assert Path(exe["icon"]).is_file()
        assert Path(exe["icon"]).suffix == (".icns" if platform == "darwin" else ".ico")
        if platform == "win32":
            version_text = Path(exe["version"]).read_text(encoding="utf-8")
            assert f"'ProductVersion', '{__version__}'" in version_text
            assert str(cfg.numeric_version(__version__)) in version_text
        else:
            assert exe["version"] is None
    debug = _only(run_spec(APP_SPEC, env={"IS_DEBUG": "1"}), "EXE")["kwargs"]
    assert debug["console"] is True


def test_macos_signing_comes_from_the_environment(run_spec: RunSpec) -> None:
    unsigned = _only(run_spec(APP_SPEC, platform="darwin"), "EXE")["kwargs"]
    assert unsigned["codesign_identity"] is None  # ad-hoc
    signed = _only(run_spec(APP_SPEC, platform="darwin", env={"CODESIGN_IDENTITY": "Developer ID Application: X"}),
                   "EXE")["kwargs"]
    assert signed["codesign_identity"] == "Developer ID Application: X"
    entitlements = plistlib.loads(Path(signed["entitlements_file"]).read_bytes())
    assert entitlements == {"com.apple.security.cs.allow-unsigned-executable-memory": True}


def _final_info_plist(bundle: dict[str, Any]) -> dict[str, Any]:
    """Info.plist as PyInstaller's BUNDLE writes it: its defaults, then the spec's info_plist over them."""
    kwargs = bundle["kwargs"]
    icon = Path(kwargs["icon"])
    plist = {
        "CFBundleDisplayName": kwargs["name"].removesuffix(".app"),
        "CFBundleName": kwargs["name"].removesuffix(".app"),
        "CFBundleIdentifier": kwargs["bundle_identifier"],
        "CFBundleExecutable": cfg.APP_NAME,
        "CFBundleIconFile": icon.name,
        "CFBundleInfoDictionaryVersion": "6.0",
        "CFBundlePackageType": "APPL",
        "CFBundleShortVersionString": kwargs["version"],
        "NSHighResolutionCapable": True,
    }
    plist.update(kwargs["info_plist"])
    loaded: dict[str, Any] = plistlib.loads(plistlib.dumps(plist))  # must serialize
    return loaded


def test_info_plist(run_spec: RunSpec) -> None:
    calls = run_spec(APP_SPEC, platform="darwin")
    bundle = _only(calls, "BUNDLE")
    assert bundle["kwargs"]["name"] == "InferenceSizer.app"
    assert Path(bundle["kwargs"]["icon"]).is_file()
    plist = _final_info_plist(bundle)
    assert plist["CFBundleIdentifier"] == cfg.BUNDLE_ID
    assert plist["CFBundleShortVersionString"] == __version__
    assert plist["CFBundleVersion"] == ".".join(str(n) for n in cfg.numeric_version(__version__)[:3])
    assert plist["NSHighResolutionCapable"] is True
    assert plist["LSMinimumSystemVersion"] == "13.0"
    assert len(plist["CFBundleName"]) <= 15  # Apple's limit for the menu-bar name
    assert plist["CFBundleIconFile"] == Path(bundle["kwargs"]["icon"]).name

    exported = {t["UTTypeIdentifier"]: t for t in plist["UTExportedTypeDeclarations"]}
    project = exported[cfg.PROJECT_UTI]
    assert "public.json" in project["UTTypeConformsTo"]
    assert project["UTTypeTagSpecification"]["public.filename-extension"] == ["isproj"]
    owned = [d for d in plist["CFBundleDocumentTypes"] if d["LSHandlerRank"] == "Owner"]
    assert [d["LSItemContentTypes"] for d in owned] == [[cfg.PROJECT_UTI]]
    assert all(d["CFBundleTypeRole"] in ("Editor", "Viewer") for d in plist["CFBundleDocumentTypes"])
    json_types = [d for d in plist["CFBundleDocumentTypes"] if "public.json" in d["LSItemContentTypes"]]
    assert [d["LSHandlerRank"] for d in json_types] == ["Alternate"]  # never the default for all JSON
    for d in plist["CFBundleDocumentTypes"]:
        if "CFBundleTypeIconFile" in d:
            assert d["CFBundleTypeIconFile"] == plist["CFBundleIconFile"]  # copied into Resources by BUNDLE


def test_no_bundle_outside_macos(run_spec: RunSpec) -> None:
    for platform in ("linux", "win32"):
        calls = run_spec(APP_SPEC, platform=platform)
        assert "BUNDLE" not in calls
        assert _only(calls, "COLLECT")["kwargs"]["name"] == cfg.APP_NAME


def test_probe_is_one_console_file_without_qt(run_spec: RunSpec) -> None:
    calls = run_spec(PROBE_SPEC)
    analysis_call = _only(calls, "Analysis")
    analysis = analysis_call["kwargs"]
    excludes = set(analysis["excludes"])
    assert {"PySide6", "shiboken6", "pyqtgraph", "reportlab", "PIL", "openpyxl", "sqlalchemy", "app.ui"} <= excludes
    hidden = set(analysis["hiddenimports"])
    assert {"app.probe.worker", "app.probe.cli", "numpy"} <= hidden  # imported through importlib at run time
    # the GPU rows of the catalog, and the benchmark worker's source for the server's own Python
    assert Path(analysis["datas"][0][0]).name == "gpus.csv"
    assert {dest for _src, dest in analysis["datas"]} == {"db/catalog", "probe_worker/app", "probe_worker/app/probe"}
    assert all(src.endswith(".py") for src, dest in analysis["datas"] if dest.startswith("probe_worker"))
    assert analysis_call["args"][0][0].endswith("probe_entry.py")
    assert "COLLECT" not in calls  # one file: binaries and data go into the executable
    exe = _only(calls, "EXE")
    assert exe["kwargs"]["console"] is True and exe["kwargs"]["name"] == cfg.PROBE_NAME
    assert len(exe["args"]) >= 4


def test_probe_entry_runs_the_probe_cli() -> None:
    tree = ast.parse((PACKAGING / "probe_entry.py").read_text(encoding="utf-8"))
    imports = [n for n in tree.body if isinstance(n, ast.ImportFrom)]
    assert [(n.module, [a.name for a in n.names]) for n in imports] == [("app.probe.__main__", ["main"])]


def test_baseline_is_built_like_the_app(run_spec: RunSpec) -> None:
    app = _only(run_spec(APP_SPEC), "Analysis")["kwargs"]
    base = _only(run_spec(BASELINE_SPEC), "Analysis")["kwargs"]
    assert set(base["excludes"]) == set(app["excludes"])
    assert base["runtime_hooks"] == app["runtime_hooks"]


def test_version_helpers() -> None:
    assert cfg.app_version() == __version__
    assert cfg.numeric_version("1.2.3rc1+local") == (1, 2, 3, 0)
    assert cfg.numeric_version("2.0") == (2, 0, 0, 0)


@pytest.mark.parametrize("name", ["build", "smoke_test", "make_icons"])
def test_packaging_scripts_import(name: str) -> None:
    module = load_packaging_module(name)
    assert callable(module.main)
