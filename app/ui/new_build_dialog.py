"""New build: the chassis and the site first, since every rule and figure depends on them.

Before this, a new build silently took the first 8-GPU chassis in a data-center rack; a user sizing an
office box had to find both settings afterwards, among errors about the wrong chassis.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from app.core.build import Build, Environment, EnvironmentKind
from app.core.parts import AnyPart, Chassis
from app.rules.text import site_label

# The presets a user picks from here; "custom" needs figures, which the site editor asks for.
SITE_KINDS = (EnvironmentKind.DATACENTER, EnvironmentKind.ENTERPRISE, EnvironmentKind.EDGE)
_DEFAULT_LABELS = {EnvironmentKind.EDGE: "Edge / office", EnvironmentKind.ENTERPRISE: "Enterprise machine room",
                   EnvironmentKind.DATACENTER: "Data center, high density"}


def chassis_text(c: Chassis) -> str:
    return f"{c.name} — {c.gpu_slots} × {c.gpu_form_factor.value}, {c.rack_units}U"


class NewBuildDialog(QDialog):
    """Name, chassis and site of a new build; ``build()`` is the answer once accepted."""

    def __init__(self, parts: Mapping[str, AnyPart], name: str, template: Build | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New build"))
        self._template = template
        self.name = QLineEdit(name)
        self.chassis = QComboBox()
        self.chassis.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.chassis.setMinimumContentsLength(40)
        chassis = sorted((p for p in parts.values() if isinstance(p, Chassis)), key=lambda c: (-c.gpu_slots, c.name))
        for c in chassis:
            self.chassis.addItem(chassis_text(c), c.id)
            self.chassis.setItemData(self.chassis.count() - 1, chassis_text(c), Qt.ItemDataRole.ToolTipRole)
        if template is not None and (i := self.chassis.findData(template.chassis_id)) >= 0:
            self.chassis.setCurrentIndex(i)
        self.site = QComboBox()
        for kind in SITE_KINDS:
            self.site.addItem(site_label(kind, _DEFAULT_LABELS[kind]), kind.value)
        hint = QLabel(self.tr("Power, cooling and rack space come from the site; adjust them later in "
                              "Workload and site."))
        hint.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Name:"), self.name)
        form.addRow(self.tr("Chassis:"), self.chassis)
        form.addRow(self.tr("Site:"), self.site)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(hint)
        layout.addWidget(buttons)

    def build(self) -> Build:
        """An empty build on the chosen chassis and site (the template's workload kept: the model to size for)."""
        kind = EnvironmentKind(self.site.currentData())
        name = self.name.text().strip() or self.tr("Build")
        base = self._template or Build(name=name, chassis_id=str(self.chassis.currentData()))
        return base.model_copy(update={"name": name[:120], "chassis_id": str(self.chassis.currentData()),
                                       "placements": (), "environment": Environment(kind=kind)})
