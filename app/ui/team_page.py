"""The team server's connection in Preferences: host, port, database, user, TLS mode and password.

The connection goes to ``team.json`` in the user data directory (app.team.settings), the password to
the OS keyring and nowhere else. app.team is imported only once this page is shown (Preferences), and
its network and keyring libraries only when a connection is saved, so the window's start is unchanged.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


class TeamPage(QGroupBox):
    """Editing fields changes nothing until :meth:`apply` (the dialog's OK or Apply)."""

    def __init__(self, parent: QWidget | None = None, data_dir: str | Path | None = None) -> None:
        super().__init__(parent)
        from app.team.errors import TeamError  # noqa: PLC0415
        from app.team.settings import DEFAULT_PORT, TLS_MODES, load_settings  # noqa: PLC0415

        self.data_dir = data_dir
        self.error: str | None = None
        self.enabled = QCheckBox()
        self.host = QLineEdit()
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.database = QLineEdit()
        self.user = QLineEdit()
        self.tls = QComboBox()
        for mode in TLS_MODES:
            self.tls.addItem(mode, mode)
        self.tls.setCurrentIndex(self.tls.findData("prefer"))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.labels = {name: QLabel() for name in ("host", "port", "database", "user", "tls", "password")}
        form = QFormLayout()
        for name, label in self.labels.items():
            field = getattr(self, name)
            label.setBuddy(field)
            form.addRow(label, field)
        layout = QVBoxLayout(self)
        layout.addWidget(self.enabled)
        layout.addLayout(form)
        layout.addWidget(self.status)
        self.enabled.toggled.connect(self._enable_fields)
        try:
            current = load_settings(data_dir)
        except TeamError as exc:
            current = None
            self.error = str(exc)
        if current is not None:
            self.enabled.setChecked(True)
            self.host.setText(current.host)
            self.port.setValue(current.port)
            self.database.setText(current.database)
            self.user.setText(current.user)
            self.tls.setCurrentIndex(max(0, self.tls.findData(current.sslmode)))
        self._enable_fields(self.enabled.isChecked())
        self.retranslate()

    def retranslate(self) -> None:
        self.setTitle(self.tr("Team server"))
        self.enabled.setText(self.tr("&Share the catalog, prices and projects through a team server"))
        texts = {"host": self.tr("&Host:"), "port": self.tr("&Port:"), "database": self.tr("&Database:"),
                 "user": self.tr("&User:"), "tls": self.tr("&TLS mode:"), "password": self.tr("Pass&word:")}
        for name, text in texts.items():
            self.labels[name].setText(text)
        self.password.setPlaceholderText(self.tr("kept in the system keyring; leave empty to keep the saved one"))
        self._show_status()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _enable_fields(self, on: bool) -> None:
        for name in self.labels:
            getattr(self, name).setEnabled(on)

    def _show_status(self) -> None:
        if self.error:
            self.status.setText(self.tr("Not saved: {0}").format(self.error))
        else:
            self.status.setText(self.tr("Without a team server this copy works on its own. Sync with "
                                        "`python -m app team sync`."))

    def apply(self) -> bool:
        """Save (or remove) the connection; False, with the reason shown, when it cannot be saved."""
        from app.team.errors import TeamError  # noqa: PLC0415
        from app.team.settings import TeamSettings, remove_settings, save_settings, store_password  # noqa: PLC0415

        self.error = None
        try:
            if not self.enabled.isChecked():
                remove_settings(self.data_dir)
            else:
                settings = TeamSettings(host=self.host.text().strip(), port=self.port.value(),
                                        database=self.database.text().strip(), user=self.user.text().strip(),
                                        sslmode=str(self.tls.currentData())).validate()
                if self.password.text():
                    store_password(settings, self.password.text())
                save_settings(settings, self.data_dir)
                self.password.clear()
        except (TeamError, OSError) as exc:
            self.error = str(exc)
        except ImportError as exc:  # keyring not installed: the 'team' extra is missing
            self.error = self.tr("the team server needs the 'team' extra ({0} is missing)").format(exc.name)
        self._show_status()
        return self.error is None
