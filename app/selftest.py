"""``python -m app --self-test``: prove that an installation (above all a frozen bundle) is complete.

Runs offscreen in a few seconds and touches nothing of the user's: the catalog is built from the
bundled sources into a temporary data directory, the bundled sample project is validated,
estimated and exported to PDF, CSV and XLSX there, and the main window is created on an
offscreen Qt platform with its charts drawn, so a missing data file, font, module or Qt plugin
fails here rather than on a customer's desk. One line per step on stdout (``ok``/``FAIL``, the
step, its time, a detail), then ``self-test passed`` or ``self-test FAILED``; exit code 0 or 1.
CI runs it on every built bundle (packaging/smoke_test.py).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.catalog.store import Catalog
    from app.core.build import Build
    from app.export.quote import QuoteDocument
    from app.project.model import Project
    from app.rules.engine import RuleEngine

SAMPLE_PROJECT = "hgx-h100-8gpu.json"
PASSED_LINE = "self-test passed"
FAILED_LINE = "self-test FAILED"


@dataclass
class _State:
    data_dir: Path
    catalog: Catalog | None = None
    project: Project | None = None
    build: Build | None = None
    engine: RuleEngine | None = None
    quote: QuoteDocument | None = None
    details: dict[str, Any] = field(default_factory=dict)


def _step(name: str, func: Callable[[], str]) -> bool:
    start = time.perf_counter()
    try:
        detail = func()
    except Exception as exc:  # report every failure as a line, never a traceback dialog
        ms = (time.perf_counter() - start) * 1000
        print(f"FAIL {name:<12} {ms:7.0f} ms  {type(exc).__name__}: {exc}", flush=True)
        traceback.print_exc(file=sys.stdout)
        return False
    ms = (time.perf_counter() - start) * 1000
    print(f"ok   {name:<12} {ms:7.0f} ms  {detail}", flush=True)
    return True


def _check_commands() -> str:
    """Every CLI command module is in the bundle (they are imported by name, easy to miss)."""
    import importlib  # noqa: PLC0415

    from app.cli.main import COMMAND_MODULES  # noqa: PLC0415

    for name in COMMAND_MODULES:
        importlib.import_module(name)
    return f"{len(COMMAND_MODULES)} command modules"


def _open_catalog(state: _State) -> str:
    from app.catalog.store import open_catalog  # noqa: PLC0415

    state.catalog = open_catalog(state.data_dir)
    parts = state.catalog.parts_by_id()
    return f"{len(parts)} parts, catalog {state.catalog.catalog_version}"


def _load_project(state: _State) -> str:
    from app.paths import resources_dir  # noqa: PLC0415
    from app.project import load_project  # noqa: PLC0415

    state.project = load_project(resources_dir() / "samples" / SAMPLE_PROJECT)
    state.build = state.project.builds[0]
    return f"{SAMPLE_PROJECT}: {len(state.project.builds)} build(s), first {state.build.name!r}"


def _validate(state: _State) -> str:
    from app.rules.engine import RuleEngine  # noqa: PLC0415

    assert state.catalog is not None and state.build is not None
    state.engine = RuleEngine(state.catalog.parts_by_id())
    report = state.engine.validate(state.build)
    counts = ", ".join(f"{n} {sev}" for sev, n in report.counts().items())
    return f"{len(report.findings)} finding(s) ({counts})"


def _estimate(state: _State) -> str:
    from app.perf import estimate  # noqa: PLC0415
    from app.perf.from_build import build_inputs  # noqa: PLC0415

    assert state.catalog is not None and state.build is not None
    deployment, workload = build_inputs(state.build, state.catalog.get)
    est = estimate(deployment, workload)
    if not est.output_tps_total > 0:
        raise ValueError(f"estimate gave {est.output_tps_total} tokens/s")
    return (f"{deployment.gpu_count} x {deployment.gpu.id}: TTFT {est.ttft_ms:.0f} ms, "
            f"TPOT {est.tpot_ms:.1f} ms, {est.output_tps_total:,.0f} tok/s")


def _quote(state: _State) -> QuoteDocument:
    """The sample's quote, prepared once for the PDF, CSV and XLSX steps."""
    from app.export.quote import prepare_quote  # noqa: PLC0415

    assert state.catalog is not None and state.project is not None
    if state.quote is None:
        state.quote = prepare_quote(state.project, state.catalog.parts_by_id(),
                                    catalog_version=state.catalog.catalog_version, engine=state.engine)
    return state.quote


def _export_pdf(state: _State) -> str:
    from app.export.pdf import write_pdf  # noqa: PLC0415

    doc = _quote(state)
    out = state.data_dir / "self-test.pdf"
    write_pdf(doc, out)
    data = out.read_bytes()
    if not data.startswith(b"%PDF-") or len(data) < 2000:
        raise ValueError(f"{out} is not a plausible PDF ({len(data)} bytes)")
    return f"{len(data) / 1024:.0f} KiB, {len(doc.boms)} build(s), hash {doc.short_hash}"


def _export_tables(state: _State) -> str:
    """CSV and XLSX (openpyxl and its XML writer must be in the bundle)."""
    import io  # noqa: PLC0415
    import zipfile  # noqa: PLC0415

    from app.export.tabular import render_csv, render_xlsx  # noqa: PLC0415

    doc = _quote(state)
    csv_text = render_csv(doc.boms).decode("utf-8-sig")
    lines = csv_text.count("\n")
    if lines < 5:
        raise ValueError(f"the CSV BOM has only {lines} lines")
    xlsx = render_xlsx(doc)
    with zipfile.ZipFile(io.BytesIO(xlsx)) as z:
        sheets = [n for n in z.namelist() if n.startswith("xl/worksheets/sheet")]
    if not sheets:
        raise ValueError("the XLSX has no worksheet")
    return f"CSV {lines} lines, XLSX {len(xlsx) / 1024:.0f} KiB with {len(sheets)} sheet(s)"


def _gui(state: _State) -> str:
    """Qt, its platform and image plugins, pyqtgraph and the whole main window."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QLibraryInfo, QSettings, QTranslator  # noqa: PLC0415
    from PySide6.QtGui import QImageReader  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from app.ui.main_window import MainWindow  # noqa: PLC0415

    assert state.catalog is not None
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    formats = {bytes(f.data()).decode() for f in QImageReader.supportedImageFormats()}
    missing = {"png", "jpg", "svg"} - formats
    if missing:
        raise RuntimeError(f"Qt image formats missing: {sorted(missing)}")
    qt_translations = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name in ("qtbase_zh_CN", "qtbase_zh_TW"):  # Qt's own strings in the Chinese UIs
        if not QTranslator().load(name, qt_translations):
            raise RuntimeError(f"Qt translation {name} not found in {qt_translations}")
    # Window geometry and recent files go to the temporary directory, never the user's settings.
    previous_format = QSettings.defaultFormat()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(state.data_dir / "settings"))
    try:
        window = MainWindow(state.catalog, state.data_dir)
        try:
            window.show()
            app.processEvents()
            pixmap = window.grab()
            if pixmap.isNull() or pixmap.width() < 100:
                raise RuntimeError("the main window did not render")
            size = f"{pixmap.width()}x{pixmap.height()}"
            # The charts (pyqtgraph, numpy) load only when first shown: load and draw them here.
            from app.paths import resources_dir  # noqa: PLC0415

            if not window.open_path(resources_dir() / "samples" / SAMPLE_PROJECT):
                raise RuntimeError(f"the window could not open {SAMPLE_PROJECT}")
            perf_charts, _power = window.show_charts()
            app.processEvents()
            png = perf_charts.render_png(600, 350)
            if not png.startswith(b"\x89PNG") or len(png) < 2000:
                raise RuntimeError(f"the performance charts did not render ({len(png)} bytes)")
            window.document.undo_stack.setClean()  # nothing to save on close
        finally:
            window.autosaver.close()
            window.hide()
            window.deleteLater()
            app.processEvents()
    finally:
        QSettings.setDefaultFormat(previous_format)
    return (f"platform {app.platformName()}, window {size}, charts drawn, {len(formats)} image formats, "
            "Qt zh translations")


def run_self_test() -> int:
    """Run every step (a failed step does not stop the others); 0 when all passed, else 1."""
    from app import __version__  # noqa: PLC0415
    from app.paths import bundle_root  # noqa: PLC0415

    frozen = "frozen" if getattr(sys, "frozen", False) else "source"
    print(f"Inference Sizer {__version__} self-test ({frozen}, {sys.platform}, bundle {bundle_root()})", flush=True)
    total = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="inference-sizer-selftest-", ignore_cleanup_errors=True) as tmp:
        state = _State(data_dir=Path(tmp))
        steps: list[tuple[str, Callable[[], str], tuple[str, ...]]] = [
            ("commands", _check_commands, ()),
            ("catalog", lambda: _open_catalog(state), ()),
            ("project", lambda: _load_project(state), ()),
            ("validate", lambda: _validate(state), ("catalog", "project")),
            ("estimate", lambda: _estimate(state), ("catalog", "project")),
            ("export-pdf", lambda: _export_pdf(state), ("catalog", "project")),
            ("export-xlsx", lambda: _export_tables(state), ("catalog", "project", "validate")),
            ("gui", lambda: _gui(state), ("catalog", "project")),
        ]
        passed: set[str] = set()
        failed = False
        for name, func, needs in steps:
            if not set(needs) <= passed:
                print(f"FAIL {name:<12}       - ms  skipped: needs {', '.join(n for n in needs if n not in passed)}")
                failed = True
                continue
            if _step(name, func):
                passed.add(name)
            else:
                failed = True
        if state.catalog is not None:
            state.catalog.close()  # before the directory goes (Windows keeps open files locked)
    ms = (time.perf_counter() - total) * 1000
    print(f"{FAILED_LINE if failed else PASSED_LINE} in {ms:.0f} ms", flush=True)
    return 1 if failed else 0
