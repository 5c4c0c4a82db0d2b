"""What goes into the frozen bundles: names, data files, exclusions, Info.plist (no PyInstaller import).

The PyInstaller specs (``inference_sizer.spec``, ``probe.spec``) and the packaging tests read
everything from here, so a test can check what a build would collect without running one.
This folder is not a Python package on purpose (a ``packaging/__init__.py`` would shadow the
PyPA ``packaging`` library); load this module by path.
"""

from __future__ import annotations

import ast
import fnmatch
import re
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

APP_NAME = "InferenceSizer"  # executable, .app and install folder name; matches app.paths.APP_NAME
DISPLAY_NAME = "Inference Sizer"
PUBLISHER = "Inference Sizer team"
# Reverse-DNS identifiers: never change them after the first release (macOS keys the app's
# preferences, Keychain access and notarization on the bundle id; Windows keys the uninstall entry
# and the file association on the ProgID).
BUNDLE_ID = "org.inferencesizer.InferenceSizer"
PROJECT_UTI = "org.inferencesizer.project"
PROJECT_PROGID = "InferenceSizer.Project"
PROJECT_TYPE_NAME = "Inference Sizer project"
# The app saves NAME.isproj (JSON inside; app.project.PROJECT_SUFFIX). Windows and macOS key file
# types on the last extension only: .isproj is owned by the app, and .json (older NAME.isproj.json
# files, exported samples) gets the app under "Open with" without taking over every JSON file;
# see packaging/README.md ("File association").
PROJECT_EXTENSION = "isproj"
PROJECT_SAVED_SUFFIX = ".isproj"
MACOS_MIN_VERSION = "13.0"  # PySide6 6.10+ wheels need macOS 13

PROBE_NAME = "inference-sizer-probe"

# Languages whose Qt translations (standard dialogs, buttons) are bundled: the app's UI languages
# (app.i18n.LANGUAGES; Qt has no zh_HK catalog, zh_TW serves it). The app's own catalogs are
# whatever resources/ holds.
LANGUAGES: tuple[str, ...] = ("en", "zh_CN", "zh_TW", "zh_HK")

ICON_DIR = ROOT / "packaging" / "icons"
ICON_ICO = ICON_DIR / "inference-sizer.ico"
ICON_ICNS = ICON_DIR / "inference-sizer.icns"
ICON_PNG = ICON_DIR / "inference-sizer-256.png"

# Folders bundled as data, at the same relative place as in the checkout (app.paths.bundle_root).
DATA_DIRS: tuple[str, ...] = ("db", "resources")
# Never bundled: editor/OS droppings and caches.
DATA_EXCLUDE_PATTERNS: tuple[str, ...] = ("*/__pycache__/*", "*.pyc", "*/.DS_Store", "*~", "*.swp", "*/.gitkeep")

# Python packages never wanted in a bundle (dev tools, other Qt bindings, heavy optional extras
# that something may reference lazily).
PYTHON_EXCLUDES: tuple[str, ...] = (
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib", "lib2to3", "pydoc_data",
    "PyQt5", "PyQt6", "PySide2", "sip",
    "pytest", "_pytest", "pytestqt", "hypothesis", "mypy", "mypyc", "ruff", "importlinter", "grimp",
    "pip", "setuptools", "pkg_resources", "wheel", "distutils",
    "IPython", "jupyter_client", "ipykernel", "matplotlib", "scipy", "pandas", "pyarrow",
    "torch", "cupy", "cupyx", "numba",
    "PIL.ImageQt", "PIL.ImageTk", "PIL._avif", "PIL.AvifImagePlugin",
    # Optional imports of our dependencies (openpyxl -> lxml, numpy.__config__ -> yaml,
    # pydantic.v1 -> dotenv, ...): bundled only when the build machine happens to have them, which
    # makes bundles differ between machines and adds ~20 MB. Every dependency works without them.
    "lxml", "yaml", "rich", "pygments", "markdown_it", "mdurl", "svglib", "cssselect2", "tinycss2",
    "webencodings", "dotenv", "attr", "attrs", "charset_normalizer", "pydantic.v1",
    # TLS: the app never opens a network connection; asyncio (which pydantic's typing_extensions
    # imports) loads ssl only if it is there, which costs start-up time and libssl.
    "ssl", "_ssl",
)

# Qt modules the app does not use. It needs QtCore, QtGui, QtWidgets, QtSvg (pyqtgraph's SVG chart
# export) and QtOpenGL + QtOpenGLWidgets (pyqtgraph 0.14 imports both unconditionally, in
# pyqtgraph/Qt/OpenGLHelpers.py); pyqtgraph imports QtTest optionally and copes without it.
QT_MODULE_EXCLUDES: tuple[str, ...] = tuple(
    f"PySide6.{m}" for m in (
        "Qt3DAnimation", "Qt3DCore", "Qt3DExtras", "Qt3DInput", "Qt3DLogic", "Qt3DRender",
        "QtAxContainer", "QtBluetooth", "QtCharts", "QtConcurrent", "QtDataVisualization", "QtDBus",
        "QtDesigner", "QtGraphs", "QtGraphsWidgets", "QtHelp", "QtHttpServer", "QtLabsStyleKit",
        "QtLocation", "QtMultimedia", "QtMultimediaWidgets", "QtNetwork", "QtNetworkAuth", "QtNfc",
        "QtPdf", "QtPdfWidgets", "QtPositioning", "QtPrintSupport",
        "QtQml", "QtQmlFeatures", "QtQuick", "QtQuick3D", "QtQuickControls2", "QtQuickTest", "QtQuickWidgets",
        "QtRemoteObjects", "QtScxml", "QtSensors", "QtSerialBus", "QtSerialPort", "QtSpatialAudio",
        "QtSql", "QtStateMachine", "QtSvgWidgets", "QtTest", "QtTextToSpeech", "QtUiTools",
        "QtWebChannel", "QtWebEngineCore", "QtWebEngineQuick", "QtWebEngineWidgets", "QtWebSockets",
        "QtWebView", "QtXml",
    )
)

# The probe runs on a client's GPU server: no GUI, no database, no PDF.
PROBE_EXCLUDES: tuple[str, ...] = (
    *PYTHON_EXCLUDES, "PySide6", "shiboken6", "pyqtgraph", "reportlab", "PIL", "openpyxl", "sqlalchemy",
    "app.ui", "app.export",
)
# Imported through importlib at run time, so PyInstaller cannot see them. Optional ones
# (nvidia-ml-py's pynvml: the probe's NVML inventory) are bundled when the build environment has
# them (pip install ".[probe]").
OPTIONAL_HIDDEN_IMPORTS: tuple[str, ...] = ("pynvml",)
PROBE_HIDDEN_IMPORTS: tuple[str, ...] = ("numpy", "app.probe.worker")


def installed(modules: Iterable[str]) -> list[str]:
    """The modules whose top-level package the building interpreter can import."""
    import importlib.util  # noqa: PLC0415

    return [m for m in modules if importlib.util.find_spec(m.split(".")[0]) is not None]

# Qt plugins kept per category (by stem without "lib" prefix); categories not listed are kept
# whole, categories mapped to an empty set are dropped.
QT_PLUGIN_KEEP: dict[str, frozenset[str] | None] = {
    "platforms": frozenset({"qwindows", "qcocoa", "qxcb", "qwayland", "qoffscreen", "qminimal"}),
    "imageformats": frozenset({"qsvg", "qjpeg", "qgif", "qico"}),
    "iconengines": None,
    "styles": None,
    "platformthemes": None,
    "platforminputcontexts": frozenset({"composeplatforminputcontextplugin", "ibusplatforminputcontextplugin"}),
    "xcbglintegrations": None,
    "wayland-decoration-client": None,
    "wayland-graphics-integration-client": None,
    "wayland-shell-integration": None,
    "egldeviceintegrations": frozenset(),
    "generic": frozenset(),
    "printsupport": frozenset(),
    "networkinformation": frozenset(),
    "tls": frozenset(),
    "sqldrivers": frozenset(),
    "qmltooling": frozenset(),
    "designer": frozenset(),
    "multimedia": frozenset(),
    "position": frozenset(),
    "sensors": frozenset(),
    "virtualkeyboard": frozenset(),
    "wayland-graphics-integration-server": frozenset(),
    "vectorimageformats": frozenset(),
}
# Binaries dropped by file name: Qt's software OpenGL fallback (20 MB; a widgets app without
# QOpenGLWidget never loads it).
BINARY_DROP_NAMES: frozenset[str] = frozenset({"opengl32sw.dll"})


def app_version(root: Path = ROOT) -> str:
    """``app.__version__`` read from app/__init__.py without importing the package."""
    tree = ast.parse((root / "app" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        if "__version__" in names and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return node.value.value
    raise ValueError("app/__init__.py defines no __version__ string")


def numeric_version(version: str) -> tuple[int, int, int, int]:
    """The leading numbers of a version for Windows' VERSIONINFO and macOS' CFBundleVersion."""
    release = re.match(r"\d+(?:\.\d+)*", version)  # "1.2.3rc1+local" -> "1.2.3"
    numbers = [int(n) for n in release.group(0).split(".")[:4]] if release else []
    padded = [*numbers, 0, 0, 0, 0][:4]
    return padded[0], padded[1], padded[2], padded[3]


def app_modules(root: Path = ROOT, package: str = "app") -> list[str]:
    """Every module of a package of ours, for ``hiddenimports``.

    The CLI imports its command modules by name (app.cli.main.COMMAND_MODULES) and the probe its
    worker, which PyInstaller's import scan cannot follow; listing the whole package is simpler
    and safer than keeping a second list in step.
    """
    base = root.joinpath(*package.split("."))
    names = []
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(root).with_suffix("")
        parts = list(rel.parts)
        if "__pycache__" in parts or parts[-1] == "__main__":
            continue  # entry scripts are the Analysis scripts, never imported as modules
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def _excluded(rel: str) -> bool:
    return any(fnmatch.fnmatch("/" + rel, pat) for pat in DATA_EXCLUDE_PATTERNS)


def data_files(root: Path = ROOT, dirs: Sequence[str] = DATA_DIRS) -> list[tuple[str, str]]:
    """PyInstaller ``datas``: (source file, destination folder) for every bundled data file."""
    out: list[tuple[str, str]] = []
    for top in dirs:
        base = root / top
        if not base.is_dir():
            raise FileNotFoundError(f"{base} is missing: the bundle needs it")
        for path in sorted(base.rglob("*")):
            if not path.is_file():
                continue
            rel = path.relative_to(root).as_posix()
            if _excluded(rel):
                continue
            out.append((str(path), str(PurePosixPath(rel).parent)))
    return out


def _module_constant(path: Path, name: str) -> Any:
    """A literal module-level constant (``NAME: T = ...`` or ``NAME = ...``) read without importing the module."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == name and value is not None:
            return ast.literal_eval(value)
    raise ValueError(f"{path} defines no literal {name}")


def worker_source_files(root: Path = ROOT) -> list[tuple[str, str]]:
    """The benchmark worker's source, which a frozen probe (the standalone one, or the app's Tools -> Probe this
    machine) runs under another Python that has PyTorch or CuPy (app.probe.external_python)."""
    ext = root / "app" / "probe" / "external_python.py"
    folder = _module_constant(ext, "BUNDLED_SOURCE_DIR")
    sources = _module_constant(ext, "WORKER_SOURCES")
    return [(str(root / rel), str(PurePosixPath(folder, rel).parent)) for rel in sources]


def probe_data_files(root: Path = ROOT) -> list[tuple[str, str]]:
    """The GPU rows of the bundled catalog (app.probe.peaks), and the benchmark worker's source."""
    return [(str(root / "db" / "catalog" / "gpus.csv"), "db/catalog"), *worker_source_files(root)]


def _parts(dest: str) -> list[str]:
    return dest.replace("\\", "/").split("/")


def keep_qt_file(dest: str) -> bool:
    """Whether a collected file (its destination path in the bundle) stays in the bundle."""
    parts = _parts(dest)
    name = parts[-1]
    if name.lower() in BINARY_DROP_NAMES:
        return False
    if "PySide6" not in parts:
        return True
    if "plugins" in parts:
        i = parts.index("plugins")
        if len(parts) > i + 2:
            category = parts[i + 1]
            keep = QT_PLUGIN_KEEP.get(category)
            if keep is None:
                return True
            return name.split(".")[0].removeprefix("lib") in keep
    if "translations" in parts and name.endswith(".qm"):
        base = name[: -len(".qm")]
        if not base.startswith(("qt_", "qtbase_")):
            return False
        lang = base.split("_", 1)[1]
        return lang in LANGUAGES
    return True


def filter_toc(entries: Iterable[Any]) -> list[Any]:
    """Filter a PyInstaller TOC (tuples whose first item is the destination name)."""
    return [e for e in entries if keep_qt_file(str(e[0]))]


def info_plist(version: str) -> dict[str, Any]:
    """Info.plist keys the BUNDLE adds (PyInstaller fills in name, executable, icon and identifier)."""
    short = ".".join(str(n) for n in numeric_version(version)[:3])
    return {
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleName": DISPLAY_NAME,
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": short,
        "CFBundlePackageType": "APPL",
        "LSApplicationCategoryType": "public.app-category.business",
        "LSMinimumSystemVersion": MACOS_MIN_VERSION,
        "NSHighResolutionCapable": True,
        "NSRequiresAquaSystemAppearance": False,  # follow the system's dark mode
        "NSHumanReadableCopyright": f"© {PUBLISHER}",
        "CFBundleDocumentTypes": [
            {
                "CFBundleTypeName": PROJECT_TYPE_NAME,
                "CFBundleTypeRole": "Editor",
                "LSHandlerRank": "Owner",
                "LSItemContentTypes": [PROJECT_UTI],
                "CFBundleTypeIconFile": "inference-sizer.icns",
            },
            {
                # Older NAME.isproj.json files are JSON to Launch Services: offer the app in "Open With" for
                # JSON files without becoming their default editor.
                "CFBundleTypeName": "JSON document",
                "CFBundleTypeRole": "Viewer",
                "LSHandlerRank": "Alternate",
                "LSItemContentTypes": ["public.json"],
            },
        ],
        "UTExportedTypeDeclarations": [
            {
                "UTTypeIdentifier": PROJECT_UTI,
                "UTTypeDescription": PROJECT_TYPE_NAME,
                "UTTypeConformsTo": ["public.json", "public.data"],
                "UTTypeIconFile": "inference-sizer.icns",
                "UTTypeTagSpecification": {
                    "public.filename-extension": [PROJECT_EXTENSION],
                    "public.mime-type": ["application/vnd.inference-sizer.project+json"],
                },
            },
        ],
    }


def windows_version_info(version: str) -> str:
    """PyInstaller's VSVersionInfo text for the Windows executable's Details tab."""
    nums = numeric_version(version)
    strings = {
        "CompanyName": PUBLISHER,
        "FileDescription": DISPLAY_NAME,
        "FileVersion": version,
        "InternalName": APP_NAME,
        "LegalCopyright": f"© {PUBLISHER}",
        "OriginalFilename": f"{APP_NAME}.exe",
        "ProductName": DISPLAY_NAME,
        "ProductVersion": version,
    }
    string_structs = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={nums!r}, prodvers={nums!r}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
          {string_structs}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


if __name__ == "__main__":  # `python packaging/bundle_config.py version` (for CI scripts)
    import sys

    if sys.argv[1:] != ["version"]:
        raise SystemExit("usage: bundle_config.py version")
    print(app_version())
