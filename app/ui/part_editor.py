"""Add, edit or duplicate a user part: a form generated from the part's pydantic model.

The form is derived from the model's fields, so a new field in app/core/parts.py appears here
without an edit, under its reader's name (app.core.field_labels). Validation is the model's own; an
error names the field and keeps the dialog open.
"""

from __future__ import annotations

import json
import re
from enum import Enum
from typing import Any, get_args

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.catalog.seed import PART_ADAPTER
from app.core.field_labels import field_label
from app.core.parts import PART_CLASSES, AnyPart, Confidence, PartKind
from app.ui.wheel_guard import guard_wheel

SKIP = {"kind"}


def _enum_of(annotation: Any) -> type[Enum] | None:
    for t in (annotation, *get_args(annotation)):
        if isinstance(t, type) and issubclass(t, Enum):
            return t
    return None


def _is_bool(annotation: Any) -> bool:
    return annotation is bool or bool in get_args(annotation)


def user_copy_id(part_id: str, taken: set[str]) -> str:
    """A free slug for a copy: my-<id>, my-<id>-2, …"""
    base = re.sub(r"^my-", "", part_id)
    candidate = f"my-{base}"
    n = 2
    while candidate in taken:
        candidate = f"my-{base}-{n}"
        n += 1
    return candidate


class PartEditor(QDialog):
    """Edits a copy of ``part``; :attr:`result_part` holds the validated part after Accept."""

    def __init__(self, part: AnyPart, *, new_id: str | None = None, id_editable: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Part: {0}").format(part.display_name))
        self.kind: PartKind = part.kind
        self.result_part: AnyPart | None = None
        self.fields: dict[str, QWidget] = {}
        data = json.loads(part.model_dump_json())
        if new_id is not None:
            data["id"] = new_id
            data["confidence"] = Confidence.USER.value
            data["source"] = self.tr("your copy of {0}: {1}").format(part.id, part.source)
        form = QFormLayout()
        model = PART_CLASSES[self.kind]
        for name, info in model.model_fields.items():
            if name in SKIP:
                continue
            value = data.get(name)
            enum = _enum_of(info.annotation)
            widget: QWidget
            if enum is not None:
                box = QComboBox()
                if type(None) in get_args(info.annotation):
                    box.addItem("", None)
                for member in enum:
                    box.addItem(str(member.value), member.value)
                box.setCurrentIndex(max(0, box.findData(value)))
                widget = box
            elif _is_bool(info.annotation):
                check = QCheckBox()
                check.setChecked(bool(value))
                widget = check
            else:
                edit = QLineEdit("" if value is None else str(value))
                if info.description:
                    edit.setPlaceholderText(info.description)
                widget = edit
            widget.setObjectName(f"field-{name}")
            # The reader's name on the form (translated); the field's own name in the tooltip, as the CSV
            # columns, the price-list importer and the validation messages spell it.
            widget.setToolTip(f"{name}: {info.description}" if info.description else name)
            if name == "id" and not id_editable:
                widget.setEnabled(False)
            self.fields[name] = widget
            label = QLabel(field_label(name))
            label.setToolTip(name)
            label.setBuddy(widget)
            form.addRow(label, widget)
        inner = QWidget()
        inner.setLayout(form)
        scroll = QScrollArea()
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        guard_wheel(scroll)  # scrolling the form does not change a value
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b3261e")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.try_accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.resize(520, 640)

    def values(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value}
        for name, widget in self.fields.items():
            if isinstance(widget, QComboBox):
                value = widget.currentData()
            elif isinstance(widget, QCheckBox):
                value = widget.isChecked()
            else:
                assert isinstance(widget, QLineEdit)
                value = widget.text().strip() or None
            if value is not None:
                out[name] = value
        return out

    def try_accept(self) -> None:
        try:
            self.result_part = PART_ADAPTER.validate_python(self.values())
        except ValidationError as exc:
            problems = []
            for err in exc.errors(include_url=False):
                loc = [str(x) for x in err["loc"] if str(x) != self.kind.value]
                field = ".".join(loc)
                where = f"{field_label(field)} ({field})" if field in self.fields else field or self.tr("part")
                problems.append(f"{where}: {err['msg']}")
            self.error.setText("\n".join(problems))
            first = str(exc.errors()[0]["loc"][-1]) if exc.errors() else ""
            if first in self.fields:
                self.fields[first].setFocus()
            return
        self.accept()
