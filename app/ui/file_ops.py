"""The main window's file work: new, open, save, save as, recent files, crash recovery, and the
quote (details, export, compare).

Functions of the window rather than methods, so main_window.py stays the assembly; MainWindow keeps
one-line methods that call them. Their texts keep the "MainWindow" translation context.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from app.project import PROJECT_SUFFIX, ProjectChangedOnDiskError, ProjectFileError, with_project_suffix
from app.ui.autosave import discard, find_recoverable
from app.ui.document import ProjectDocument
from app.ui.document import new_project as blank_project
from app.ui.language import QT_TRANSLATE_NOOP, current_language

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow
    from app.ui.quote_dialog import QuoteDialog

PROJECT_FILTER = QT_TRANSLATE_NOOP("MainWindow", "Inference Sizer project (*.isproj *.isproj.json *.json)")
MAX_RECENT = 8


def maybe_save(window: MainWindow) -> bool:
    """True when it is fine to drop the current project."""
    if not window.document.modified:
        return True
    answer = QMessageBox.warning(
        window, QCoreApplication.translate("MainWindow", "Unsaved changes"),
        QCoreApplication.translate("MainWindow", "The project has unsaved changes. Save them?"),
        QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
    )
    if answer == QMessageBox.StandardButton.Save:
        return window.save()
    return answer == QMessageBox.StandardButton.Discard


def new_project(window: MainWindow) -> None:
    if window.maybe_save():
        window.document.replace(blank_project(QCoreApplication.translate("MainWindow", "Untitled"), window.parts), None)
        window.autosaver.clear()


def open_dialog(window: MainWindow) -> None:
    if not window.maybe_save():
        return
    path, _ = QFileDialog.getOpenFileName(window, QCoreApplication.translate("MainWindow", "Open project"), "",
                                          QCoreApplication.translate("MainWindow", PROJECT_FILTER))
    if path:
        window.open_path(Path(path))


def open_path(window: MainWindow, path: Path, *, as_new: bool = False) -> bool:
    """Open a project file; a malformed one is refused with a dialog and nothing changes.

    ``as_new``: the file becomes a new, unsaved project (a shipped sample: saving asks where and never
    writes over it, and it is not a recent project).
    """
    try:
        project = ProjectDocument.load(path)
    except ProjectFileError as exc:
        QMessageBox.critical(window, QCoreApplication.translate("MainWindow", "Cannot open project"), str(exc))
        return False
    window.document.replace(project, None if as_new else path)
    if not as_new:
        add_recent(window, path)
    window.autosaver.clear()
    return True


def save(window: MainWindow) -> bool:
    if window.document.path is None:
        return window.save_as()
    return window._save_to(window.document.path)


def save_as(window: MainWindow) -> bool:
    # A saved project proposes its own file; a new one its name (not "Untitled" for a named file).
    proposed = (str(window.document.path) if window.document.path is not None
                else f"{window.document.project.project.name}{PROJECT_SUFFIX}")
    path, _ = QFileDialog.getSaveFileName(window, QCoreApplication.translate("MainWindow", "Save project"), proposed,
                                          QCoreApplication.translate("MainWindow", PROJECT_FILTER))
    return window._save_to(with_project_suffix(path)) if path else False


def save_to(window: MainWindow, path: Path) -> bool:
    """False, after telling the user why, when nothing was saved: the caller (closing the
    window, opening another project) then keeps the work open."""
    try:
        try:
            window.document.save(path)
        except ProjectChangedOnDiskError:
            answer = QMessageBox.warning(
                window, QCoreApplication.translate("MainWindow", "Project changed on disk"),
                QCoreApplication.translate(
                    "MainWindow", "{path} was changed by another window or program since you opened it.\n"
                    "Overwrite those changes with yours? (Cancel, then Save As, keeps both.)").format(path=path),
                QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Save:
                return False
            window.document.save(path, overwrite_changes=True)
    except (ProjectFileError, OSError) as exc:
        reason = exc.message if isinstance(exc, ProjectFileError) else (exc.strerror or str(exc))
        QMessageBox.critical(window, QCoreApplication.translate("MainWindow", "Cannot save project"),
                             QCoreApplication.translate("MainWindow", "{path}: {reason}").format(
                                 path=path, reason=reason))
        return False
    add_recent(window, path)
    window.autosaver.clear()
    window.statusBar().showMessage(QCoreApplication.translate("MainWindow", "Saved {0}").format(path), 5000)
    return True


def autosave_now(window: MainWindow) -> None:
    if window.document.modified:
        window.autosaver.save_now(window.document.project, window.document.path)


def offer_recovery(window: MainWindow) -> bool:
    """After a crash: offer each autosave left behind. True when one was recovered."""
    for rec in find_recoverable(window.data_dir):
        if rec.path == window.autosaver.path:
            continue
        answer = QMessageBox.question(
            window, QCoreApplication.translate("MainWindow", "Recover unsaved work?"),
            QCoreApplication.translate(
                "MainWindow", "Inference Sizer did not close properly. Recover the unsaved project “{name}”?"
            ).format(name=rec.project.project.name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        )
        if answer == QMessageBox.StandardButton.Yes:
            window.document.replace(rec.project, rec.original)
            # it is unsaved work: mark modified by pushing nothing but an unclean state
            window.document.undo_stack.resetClean()
            discard(rec)
            window._update_title()
            return True
        discard(rec)
    return False


def recent_files() -> list[str]:
    value = QSettings().value("recent/files", [])
    return [str(v) for v in value] if isinstance(value, list) else ([str(value)] if value else [])


def add_recent(window: MainWindow, path: Path) -> None:
    items = [str(path)] + [p for p in recent_files() if p != str(path)]
    QSettings().setValue("recent/files", items[:MAX_RECENT])
    update_recent_menu(window)


def update_recent_menu(window: MainWindow) -> None:
    window.recent_menu.clear()
    for p in recent_files():
        action = window.recent_menu.addAction(p)
        action.triggered.connect(lambda _=False, path=p: window.maybe_save() and window.open_path(Path(path)))
    window.recent_menu.setEnabled(bool(recent_files()))


# ---- quote, export and compare -----------------------------------------------------------------


def compare_builds(window: MainWindow) -> None:
    from app.ui.compare_dialog import CompareDialog  # noqa: PLC0415

    if len(window.document.project.builds) < 2:
        window.statusBar().showMessage(
            QCoreApplication.translate("MainWindow", "Add or duplicate a build to compare (Build menu)."), 8000)
        return
    dialog = CompareDialog(window.document.project.builds, window.parts, window.engine, window,
                           measured=window.measured_for)
    dialog.exec()


def chart_images(window: MainWindow) -> dict[str, bytes]:
    """Each build's throughput chart rendered offscreen, for the PDF."""
    from app.compare.curves import CurvesUnavailable, performance_curves  # noqa: PLC0415
    from app.ui.charts import PerformanceCharts  # noqa: PLC0415

    images: dict[str, bytes] = {}
    renderer = PerformanceCharts()
    try:
        for build in window.document.project.builds:
            try:
                curves = performance_curves(build, window.parts, window.measured_for(build))
            except CurvesUnavailable:
                continue
            renderer.set_curves(curves)
            images[build.name] = renderer.render_png(1400, 800)
    finally:
        renderer.deleteLater()
    return images


def quote_details(window: MainWindow, *, export: bool = False) -> QuoteDialog:
    """The quote details, open and window-modal (app.ui.quote_dialog); OK saves them as one undoable
    edit and then, with ``export``, asks where to export."""
    from app.ui.quote_dialog import QuoteDialog  # noqa: PLC0415

    dialog = QuoteDialog(window.document, lambda b: window.engine.validate(b, window.measured_for(b)), window,
                         export=export)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    if export:
        dialog.accepted.connect(partial(choose_export_file, window))
    dialog.open()
    return dialog


def export_dialog(window: MainWindow) -> None:
    """Export: the quote details first (discount, tax, validity, builds), then the file."""
    window.quote_details(export=True)


def choose_export_file(window: MainWindow) -> None:
    filters = ";;".join((QCoreApplication.translate("MainWindow", "PDF quote (*.pdf)"),
                         QCoreApplication.translate("MainWindow", "Excel workbook (*.xlsx)"),
                         QCoreApplication.translate("MainWindow", "CSV (*.csv)")))
    name = window.document.project.project.name or "quote"
    path, _ = QFileDialog.getSaveFileName(window, QCoreApplication.translate("MainWindow", "Export quote"),
                                          f"{name}.pdf", filters)
    if path:
        window.export_to(Path(path))


def export_to(window: MainWindow, path: Path) -> bool:
    """PDF, XLSX or CSV by suffix; a failure says why and writes nothing."""
    from app.export.errors import ExportError  # noqa: PLC0415
    from app.export.pdf import write_pdf  # noqa: PLC0415
    from app.export.quote import ExportOptions, prepare_quote  # noqa: PLC0415
    from app.export.tabular import write_csv, write_xlsx  # noqa: PLC0415

    try:
        measured = {b.name: m for b in window.document.project.builds if (m := window.measured_for(b)) is not None}
        doc = prepare_quote(window.document.project, window.parts, ExportOptions(language=current_language()),
                            catalog_version=window.catalog.catalog_version, engine=window.engine, measured=measured)
        suffix = path.suffix.lower()
        if suffix == ".xlsx":
            write_xlsx(doc, path)
        elif suffix == ".csv":
            write_csv(doc, path)
        else:
            write_pdf(doc, path, charts=window.chart_images())
    except (ExportError, OSError) as exc:
        QMessageBox.critical(window, QCoreApplication.translate("MainWindow", "Cannot export"), str(exc))
        return False
    window.statusBar().showMessage(QCoreApplication.translate("MainWindow", "Exported {0}").format(path), 8000)
    return True
