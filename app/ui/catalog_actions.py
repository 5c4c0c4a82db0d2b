"""What the main window does to the catalog: import probe reports, and duplicate, edit or delete
the user's own parts. Functions of the window; their texts keep the "MainWindow" translation context."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QMessageBox

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow


def import_probe_dialog(window: MainWindow) -> None:
    path, _ = QFileDialog.getOpenFileName(window, QCoreApplication.translate("MainWindow", "Import probe report"), "",
                                          QCoreApplication.translate("MainWindow", "Probe report (*.json)"))
    if path:
        window.import_probe(Path(path))


def import_probe(window: MainWindow, path: Path) -> bool:
    """Validate and store a report; a bad file is refused with the reason and nothing stored."""
    from app.probe.calibration import import_report  # noqa: PLC0415
    from app.probe.report import ProbeReportError  # noqa: PLC0415

    try:
        stored = import_report(path, window.data_dir, window.parts)
    except ProbeReportError as exc:
        QMessageBox.critical(window, QCoreApplication.translate("MainWindow", "Cannot import probe report"),
                             f"{path.name}: {exc}")
        return False
    window._on_probe_report(str(stored.path))
    return True


def edit_user_part(window: MainWindow, action: str, part_id: str) -> bool:
    """Duplicate any part into an editable copy, edit or delete your own; the catalog reloads."""
    from app.catalog.common import CatalogError  # noqa: PLC0415
    from app.ui.part_editor import PartEditor, user_copy_id  # noqa: PLC0415

    part = window.catalog.get(part_id)
    if part is None:
        return False
    try:
        if action == "delete":
            used = [b.name for b in window.document.project.builds if part_id in {*b.part_ids(), b.chassis_id}]
            text = QCoreApplication.translate("MainWindow", "Delete your part “{0}”?").format(part.display_name)
            if used:
                text += "\n" + QCoreApplication.translate(
                    "MainWindow", "Builds that use it will report it as unknown: {0}").format(", ".join(used))
            title = QCoreApplication.translate("MainWindow", "Delete part")
            if QMessageBox.question(window, title, text) != QMessageBox.StandardButton.Yes:
                return False
            window.catalog.delete_user_part(part_id)
            new_id = None
        else:
            new_id = user_copy_id(part_id, set(window.parts)) if action == "duplicate" else None
            editor = PartEditor(part, new_id=new_id, id_editable=action == "duplicate", parent=window)
            if not window.run_editor(editor) or editor.result_part is None:
                return False
            result = editor.result_part
            if action == "duplicate":
                window.catalog.add_user_part(result)
            else:
                window.catalog.update_user_part(result)
            new_id = result.id
    except CatalogError as exc:
        QMessageBox.critical(window, QCoreApplication.translate("MainWindow", "Catalog"), str(exc))
        return False
    window.reload_catalog()
    if new_id is not None:
        window.catalog_panel.select_part(new_id)
    return True
