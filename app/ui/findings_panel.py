"""Live findings: a list ordered by severity, the selected one's explanation, and its Fix buttons."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QAbstractListModel, QEvent, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListView,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStyle,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.rules.findings import Finding, Severity
from app.rules.fixes import Fix

FINDING_ROLE = Qt.ItemDataRole.UserRole + 2
SEVERITY_COLOURS = {Severity.ERROR: QColor("#b3261e"), Severity.WARNING: QColor("#a15c00"),
                    Severity.INFO: QColor("#33658a")}


class FindingsModel(QAbstractListModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._findings: tuple[Finding, ...] = ()
        self._icons: dict[Severity, QIcon] = {}
        self.to_do = False  # an empty build: the findings read as a to-do list, not as red errors

    def set_findings(self, findings: tuple[Finding, ...], *, to_do: bool = False) -> None:
        if findings == self._findings and to_do == self.to_do:
            return
        self.beginResetModel()
        self._findings = findings
        self.to_do = to_do
        self.endResetModel()

    def finding(self, row: int) -> Finding | None:
        return self._findings[row] if 0 <= row < len(self._findings) else None

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._findings)

    def _icon(self, severity: Severity) -> QIcon:
        if severity not in self._icons:
            from PySide6.QtWidgets import QApplication  # noqa: PLC0415

            style = QApplication.style()
            pixmap = {
                Severity.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
                Severity.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
                Severity.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
            }[severity]
            self._icons[severity] = style.standardIcon(pixmap)
        return self._icons[severity]

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        f = self._findings[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f.message
        if role == Qt.ItemDataRole.DecorationRole:
            return None if self.to_do else self._icon(f.severity)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{f.rule_id}: {f.explanation}"
        if role == Qt.ItemDataRole.ForegroundRole:
            return None if self.to_do else SEVERITY_COLOURS[f.severity]
        if role == FINDING_ROLE:
            return f
        return None


class ElidedButton(QPushButton):
    """A push button whose long text elides instead of widening its dock (a Fix's description can
    be a sentence); the whole text is its tooltip."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full_text = text
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(1)
        self.setText(text)

    def resizeEvent(self, event: QResizeEvent) -> None:
        room = max(0, event.size().width() - 2 * self.fontMetrics().horizontalAdvance("M"))
        self.setText(self.fontMetrics().elidedText(self.full_text, Qt.TextElideMode.ElideRight, room))
        super().resizeEvent(event)


class FindingsPanel(QWidget):
    fix_requested = Signal(object)  # Fix
    highlight_requested = Signal(set)  # slot ids

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = FindingsModel(self)
        self.header = QLabel()
        self.header.setWordWrap(True)  # a long line (any language) must not widen the dock
        self.list = QListView()
        self.list.setModel(self.model)
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.details = QTextBrowser()
        self.fix_box = QWidget()
        self.fix_layout = QVBoxLayout(self.fix_box)
        self.fix_layout.setContentsMargins(0, 0, 0, 0)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.details, 1)
        lower_layout.addWidget(self.fix_box)
        self.splitter = split = QSplitter(Qt.Orientation.Vertical)
        split.setObjectName("split-findings")
        split.addWidget(self.list)
        split.addWidget(lower)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.header, 1)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        self.fix_buttons: list[QPushButton] = []
        self.list.selectionModel().currentChanged.connect(self._on_current)
        self._current_key: tuple[str, str] | None = None
        self.retranslate()

    def retranslate(self) -> None:
        """Fixed texts in the current language; the findings themselves come back translated with the next
        validation (the window re-validates on a language change)."""
        self.details.setPlaceholderText(self.tr("Select a finding to see the numbers behind it."))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def severity_text(self, severity: Severity) -> str:
        return {Severity.ERROR: self.tr("ERROR"), Severity.WARNING: self.tr("WARNING"),
                Severity.INFO: self.tr("INFO")}[severity]

    def set_findings(self, findings: tuple[Finding, ...], next_step: str | None = None) -> None:
        """The build's findings; with ``next_step`` (an empty build) that hint heads them, and they read
        as what is still missing rather than as errors."""
        previous = self._current_key
        self.model.set_findings(findings, to_do=next_step is not None)
        counts = {s: sum(f.severity is s for f in findings) for s in Severity}
        if next_step is not None:
            self.header.setText(next_step)
        elif findings:
            self.header.setText(
                self.tr("{e} error(s), {w} warning(s), {i} note(s)").format(
                    e=counts[Severity.ERROR], w=counts[Severity.WARNING], i=counts[Severity.INFO])
            )
        else:
            self.header.setText(self.tr("✔ No findings: this build passes every rule of the profile."))
        # keep the same finding selected across refreshes, so a Fix click doesn't lose the place
        row = next((i for i, f in enumerate(findings) if (f.rule_id, f.message) == previous), -1)
        if row >= 0:
            self.list.setCurrentIndex(self.model.index(row))
        else:
            self._show(None)

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._show(self.model.finding(current.row()) if current.isValid() else None)

    def _show(self, f: Finding | None) -> None:
        for b in self.fix_buttons:
            b.deleteLater()
        self.fix_buttons = []
        if f is None:
            self._current_key = None
            self.details.clear()
            self.highlight_requested.emit(set())
            return
        self._current_key = (f.rule_id, f.message)
        sources = "".join(f"<li>{html.escape(s)}</li>" for s in f.sources)
        colour = SEVERITY_COLOURS[f.severity].name()
        sources_title = self.tr("Sources")
        self.details.setHtml(
            f"<p><b style='color:{colour}'>{html.escape(self.severity_text(f.severity))}</b> "
            f"<code>{html.escape(f.rule_id)}</code></p>"
            f"<p><b>{html.escape(f.message)}</b></p>"
            f"<p>{html.escape(f.explanation)}</p>"
            + (f"<p>{html.escape(sources_title)}:</p><ul>{sources}</ul>" if sources else "")
        )
        for fix in f.fixes:
            button = ElidedButton(self.tr("Fix: {0}").format(fix.description))
            button.setToolTip(fix.description)
            button.clicked.connect(lambda _=False, fx=fix: self.fix_requested.emit(fx))
            self.fix_layout.addWidget(button)
            self.fix_buttons.append(button)
        self.highlight_requested.emit(set(f.slots))

    def current_fixes(self) -> tuple[Fix, ...]:
        f = self.model.finding(self.list.currentIndex().row())
        return f.fixes if f is not None else ()
