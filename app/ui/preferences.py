"""Edit → Preferences…: the interface language (System default, English, 简体中文, 繁體中文)."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from app.i18n import LANGUAGES, SYSTEM
from app.ui.language import apply_language, language_for, save_preference, saved_preference


class PreferencesDialog(QDialog):
    """Applying switches the language at once; the open project, its undo history and the layout stay."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.language = QComboBox()
        self.language.addItem("", SYSTEM)
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)  # each language in its own script, whatever the UI language
        self.language.setCurrentIndex(max(0, self.language.findData(saved_preference())))
        self.language_label = QLabel()
        self.language_label.setBuddy(self.language)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                        | QDialogButtonBox.StandardButton.Apply)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.Apply).clicked.connect(self.apply)
        form = QFormLayout()
        form.addRow(self.language_label, self.language)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        from app.ui.team_page import TeamPage  # noqa: PLC0415 - the optional team server, loaded with this dialog

        self.team = TeamPage(self, getattr(parent, "data_dir", None))  # the window's data folder (--data-dir)
        layout.addWidget(self.team)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(420)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Preferences"))
        self.language_label.setText(self.tr("&Language:"))
        system = LANGUAGES[language_for(SYSTEM)]
        self.language.setItemText(0, self.tr("System default ({0})").format(system))
        self.note.setText(self.tr("Numbers, money and dates follow the language. The open project stays as it is."))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def selected(self) -> str:
        return str(self.language.currentData())

    def apply(self) -> str:
        """Store the choice and switch the running application to it; returns the language code used."""
        save_preference(self.selected())
        self.team.apply()
        return apply_language(self.selected())

    def accept(self) -> None:
        self.apply()
        if self.team.error is None:  # else the page says why and the dialog stays open
            super().accept()
