"""The way in: what the empty window's centre offers before any build is on screen.

A new user met a preset build already full of red errors and had to guess where to begin. The start
page offers the four ways a sizing starts: the client's questions (the sizing assistant), a sample
to look at, a recent project, or a new build that asks for its chassis and site first.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QCommandLinkButton,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.paths import resources_dir

PATH_ROLE = Qt.ItemDataRole.UserRole + 1


def sample_projects(folder: Path | None = None) -> list[tuple[str, Path]]:
    """(project name, file) of each sample shipped in resources/samples, by name; an unreadable file is skipped."""
    folder = folder or resources_dir() / "samples"
    out = []
    for path in sorted(folder.glob("*.json")):
        try:
            name = str(json.loads(path.read_text(encoding="utf-8"))["project"]["name"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        out.append((name, path))
    return sorted(out)


def _file_list() -> QListWidget:
    """A short list whose long names elide in the middle (the full path is the tooltip)."""
    box = QListWidget()
    box.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    box.setUniformItemSizes(True)
    box.setMinimumWidth(1)
    return box


def _fit_rows(box: QListWidget, rows: int) -> None:
    """As tall as its rows (at least two), so a short list does not stretch into an empty box."""
    row_px = max(box.sizeHintForRow(0), box.fontMetrics().height() + 4) if rows else box.fontMetrics().height() + 4
    box.setFixedHeight(row_px * max(2, rows) + 2 * box.frameWidth() + 4)


class StartPage(QScrollArea):
    """Four ways in, as signals the window answers; a scroll area, so a small screen never clips it."""

    assistant_requested = Signal()
    new_build_requested = Signal()
    open_requested = Signal(object)  # Path of a project to open (a recent file)
    sample_requested = Signal(object)  # Path of a sample: opened as a new, unsaved project

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        body = QWidget()
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.assistant = QCommandLinkButton()
        self.new_build = QCommandLinkButton()
        self.samples_label = QLabel()
        self.samples = _file_list()
        self.recent_label = QLabel()
        self.recent = _file_list()
        self.no_recent = QLabel()
        self.no_recent.setWordWrap(True)
        # One column: a narrow centre (a small screen, 200 % scaling, wide docks) still shows whole titles.
        grid = QVBoxLayout()
        for w in (self.assistant, self.new_build, self.samples_label, self.samples, self.recent_label, self.recent,
                  self.no_recent):
            grid.addWidget(w)
        grid.addStretch(1)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(24, 18, 24, 18)
        layout.addWidget(self.title)
        layout.addLayout(grid, 1)
        body.setMaximumWidth(body.fontMetrics().horizontalAdvance("M") * 72)  # lines a reader can follow
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.setWidget(body)
        self.assistant.clicked.connect(self.assistant_requested)
        self.new_build.clicked.connect(self.new_build_requested)
        self.samples.itemActivated.connect(lambda item: self.sample_requested.emit(Path(item.data(PATH_ROLE))))
        self.samples.itemClicked.connect(lambda item: self.sample_requested.emit(Path(item.data(PATH_ROLE))))
        self.recent.itemActivated.connect(lambda item: self.open_requested.emit(Path(item.data(PATH_ROLE))))
        self.recent.itemClicked.connect(lambda item: self.open_requested.emit(Path(item.data(PATH_ROLE))))
        self._samples = sample_projects()
        self._recent: list[str] = []
        self.retranslate()

    def retranslate(self) -> None:
        title, intro = self.tr("Start a sizing"), self.tr("Pick one way in; everything can be changed afterwards.")
        self.title.setText(f"<h2>{title}</h2><p>{intro}</p>")
        self.assistant.setText(self.tr("Size from the client's questions"))
        self.assistant.setDescription(self.tr(
            "Model, users, prompt and answer length, latency: the assistant ranks builds that pass every rule."))
        self.new_build.setText(self.tr("New build"))
        self.new_build.setDescription(self.tr("Choose a chassis and a site, then drag parts into the chassis."))
        samples, recent = self.tr("Open a sample"), self.tr("Recent projects")
        self.samples_label.setText(f"<b>{samples}</b>")
        self.recent_label.setText(f"<b>{recent}</b>")
        self.no_recent.setText(self.tr("Projects you save or open will be listed here."))
        self.samples.clear()
        for name, path in self._samples:
            self.samples.addItem(self._item(name, path))
        _fit_rows(self.samples, len(self._samples))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    @staticmethod
    def _item(text: str, path: Path) -> QListWidgetItem:
        item = QListWidgetItem(text)
        item.setData(PATH_ROLE, str(path))
        item.setToolTip(str(path))
        return item

    def set_recent(self, paths: list[str]) -> None:
        """The recent projects that still exist, newest first."""
        self._recent = [p for p in paths if Path(p).is_file()]
        self.recent.clear()
        for p in self._recent:
            self.recent.addItem(self._item(f"{Path(p).name} — {Path(p).parent}", Path(p)))
        _fit_rows(self.recent, len(self._recent))
        self.recent.setVisible(bool(self._recent))
        self.no_recent.setVisible(not self._recent)
