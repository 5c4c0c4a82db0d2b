"""The site's per-rack limits as editable fields: power, cooling, feed, derating, rack space.

Each field shows the figure the rules use: the environment's own value, else its preset's (the
source is in the tooltip). Typing over a field sets it for this site; every edit leaves as a
``set_environment`` operation for the document's undo stack, never as a change made here. A value
the site cannot take is refused next to the field, in words, and nothing is sent.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication, QEvent, QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from app.core.build import CoolingType, Environment, EnvironmentKind
from app.rules.profile import RuleProfile, default_profile
from app.rules.site import SET_HERE, SiteFigures, resolve_site
from app.rules.text import cooling_label, site_label

# Environment fields the editor owns (everything but the kind).
SITE_FIELDS = ("rack_budget_kw", "cooling", "cooling_kw", "feed_voltage_v", "feed_phases", "feed_amps",
               "breaker_derating", "rack_units")
ERROR_STYLE = "color: #b3261e"


def _num(x: float) -> str:
    return f"{round(x, 1):g}"


def site_choice_label(kind: EnvironmentKind, profile: RuleProfile) -> str:
    """A site as the environment lists offer it: its power, its cooling type and capacity per rack."""
    translate = QCoreApplication.translate  # lupdate reads translate(context, text)
    preset = profile.environments[kind]
    if kind is EnvironmentKind.CUSTOM:
        return translate("SiteEditor", "Custom (type the site's own figures)")
    site = resolve_site(Environment(kind=kind), profile)
    details = []
    if site.rack_power_w is not None:
        details.append(translate("SiteEditor", "{kw} kW per rack").format(kw=_num(site.rack_power_w / 1000)))
    if site.feed_amps is not None:
        details.append(translate("SiteEditor", "{volts} V × {amps} A feed").format(
            volts=_num(site.voltage), amps=_num(site.feed_amps)))
    details.append(translate("SiteEditor", "{cooling} cooling {kw} kW").format(
        cooling=cooling_label(site.cooling), kw=_num(site.cooling_ceiling_w / 1000)))
    if preset.max_gpus is not None and preset.max_gpu_tdp_w is not None:
        details.append(translate("SiteEditor", "{n} GPU ≤ {w} W").format(
            n=_num(preset.max_gpus.value), w=_num(preset.max_gpu_tdp_w.value)))
    return translate("SiteEditor", "{name} ({details})").format(name=site_label(kind, preset.label),
                                                        details=", ".join(details))


def _spin(lo: float, hi: float, decimals: int) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(lo, hi)
    box.setDecimals(decimals)
    box.setGroupSeparatorShown(True)
    box.setKeyboardTracking(False)  # one edit per finished number, not per keystroke
    return box


class SiteEditor(QGroupBox):
    # (operation name, changes, merge key), as the settings panel sends them
    edit_requested = Signal(str, dict, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profile: RuleProfile = default_profile()
        self.environment: Environment | None = None
        self.rack_kw = _spin(0, 1000, 1)  # 0: none (the feed alone limits power)
        self.cooling = QComboBox()
        for c in CoolingType:
            self.cooling.addItem(c.value, c.value)
        self.cooling_kw = _spin(0.1, 1000, 1)
        self.feed_voltage = _spin(90, 480, 0)
        self.feed_phases = QComboBox()
        for n in (1, 3):
            self.feed_phases.addItem(str(n), n)
        self.feed_amps = _spin(0, 1000, 1)  # 0: no feed given
        self.derating = QSpinBox()
        self.derating.setRange(10, 100)
        self.derating.setKeyboardTracking(False)
        self.rack_units = QSpinBox()
        self.rack_units.setRange(1, 60)
        self.rack_units.setKeyboardTracking(False)
        self.reset = QPushButton()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.fields: dict[str, QWidget] = {
            "rack_budget_kw": self.rack_kw, "cooling": self.cooling, "cooling_kw": self.cooling_kw,
            "feed_voltage_v": self.feed_voltage, "feed_phases": self.feed_phases, "feed_amps": self.feed_amps,
            "breaker_derating": self.derating, "rack_units": self.rack_units,
        }
        self.errors: dict[str, QLabel] = {}
        self.labels: dict[str, str] = {}
        self.form = form = QFormLayout(self)
        for name, widget in self.fields.items():
            widget.setObjectName(f"site-{name}")
            form.addRow(QLabel(), widget)
            error = QLabel()
            error.setObjectName(f"site-error-{name}")
            error.setWordWrap(True)
            error.setStyleSheet(ERROR_STYLE)
            form.addRow(error)
            form.setRowVisible(error, False)
            self.errors[name] = error
        form.addRow(self.reset)
        form.addRow(self.note)
        self.retranslate()
        self._connect()
        self.set_environment(None)

    # ---- text ----------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.setTitle(self.tr("Site limits per rack"))
        self.labels = {"rack_budget_kw": self.tr("Rack power"), "cooling": self.tr("Cooling type"),
                       "cooling_kw": self.tr("Cooling capacity"), "feed_voltage_v": self.tr("Feed voltage"),
                       "feed_phases": self.tr("Feed phases"), "feed_amps": self.tr("Feed breaker"),
                       "breaker_derating": self.tr("Breaker loading"), "rack_units": self.tr("Rack units")}
        for name, widget in self.fields.items():
            label = self.form.labelForField(widget)
            if isinstance(label, QLabel):
                label.setText(self.labels[name])
        for i in range(self.cooling.count()):
            self.cooling.setItemText(i, cooling_label(CoolingType(self.cooling.itemData(i))))
        self.feed_phases.setItemText(0, self.tr("single phase"))
        self.feed_phases.setItemText(1, self.tr("three phase"))
        for box, suffix in ((self.rack_kw, self.tr(" kW")), (self.cooling_kw, self.tr(" kW")),
                            (self.feed_voltage, self.tr(" V")), (self.feed_amps, self.tr(" A")),
                            (self.derating, self.tr(" % of rating")), (self.rack_units, self.tr(" U"))):
            box.setSuffix(suffix)
        self.rack_kw.setSpecialValueText(self.tr("none (the feed sets it)"))
        self.feed_amps.setSpecialValueText(self.tr("none"))
        self.reset.setText(self.tr("Back to the preset's figures"))
        self._show()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            blockers = [QSignalBlocker(w) for w in self.fields.values()]
            try:
                self.retranslate()
            finally:
                del blockers
        super().changeEvent(event)

    # ---- edits ---------------------------------------------------------------------------------
    def _connect(self) -> None:
        for name in ("rack_budget_kw", "feed_amps"):  # 0 = none
            box = self.fields[name]
            assert isinstance(box, QDoubleSpinBox)
            box.valueChanged.connect(lambda v, f=name: self._edit(f, {f: float(v) if v else None}))
        self.cooling_kw.valueChanged.connect(lambda v: self._edit("cooling_kw", {"cooling_kw": float(v)}))
        self.feed_voltage.valueChanged.connect(lambda v: self._edit("feed_voltage_v", {"feed_voltage_v": float(v)}))
        self.derating.valueChanged.connect(
            lambda v: self._edit("breaker_derating", {"breaker_derating": round(v / 100, 2)}))
        self.rack_units.valueChanged.connect(lambda v: self._edit("rack_units", {"rack_units": int(v)}))
        self.feed_phases.activated.connect(
            lambda _i: self._edit("feed_phases", {"feed_phases": int(self.feed_phases.currentData())}))
        self.cooling.activated.connect(lambda _i: self._cooling_chosen())
        self.reset.clicked.connect(lambda: self._edit("", dict.fromkeys(SITE_FIELDS)))

    def _cooling_chosen(self) -> None:
        """A new type brings its own capacity; a preset's own type brings the preset's figures back (a custom
        site keeps the type it was given)."""
        env = self.environment
        if env is None:
            return
        chosen = CoolingType(self.cooling.currentData())
        back = env.kind is not EnvironmentKind.CUSTOM and chosen is self.profile.environments[env.kind].cooling
        self._edit("cooling", {"cooling": None if back else chosen.value, "cooling_kw": None})

    def _edit(self, field: str, changes: dict[str, Any]) -> None:
        env = self.environment
        if env is None:
            return
        problem = self.problem(env, changes)
        self._set_error(field, problem)
        if problem is None:
            self.edit_requested.emit("set_environment", changes, f"environment.{field}" if field else "")

    def problem(self, env: Environment, changes: dict[str, Any]) -> str | None:
        """Why the site cannot take ``changes``, in words; None when it can."""
        try:
            Environment.model_validate({**env.model_dump(), **changes})
        except ValidationError as exc:
            err = exc.errors()[0]
            if not err["loc"]:  # the model's own check: a custom site needs a power figure
                return self.tr("A custom site needs its rack power or its feed breaker rating: give one of them.")
            name = str(err["loc"][0])
            return self.tr("{field} cannot be {value}.").format(field=self.labels.get(name, name),
                                                                 value=err.get("input"))
        return None

    def _set_error(self, field: str, message: str | None) -> None:
        for name, label in self.errors.items():
            shown = message is not None and name == (field or "rack_budget_kw")
            label.setText(message if shown and message is not None else "")
            self.form.setRowVisible(label, shown)

    def kind_changes(self, kind: EnvironmentKind) -> dict[str, Any]:
        """Changes for choosing a site kind: a preset takes all its own figures; Custom starts as a copy of the
        site as it is now, so it is valid at once and every figure can be typed over."""
        env = self.environment
        if env is not None and env.kind is kind:
            return {}  # the same site again: keep what was typed
        changes: dict[str, Any] = {"kind": kind.value, **dict.fromkeys(SITE_FIELDS)}
        if kind is not EnvironmentKind.CUSTOM or env is None:
            return changes
        site = resolve_site(env, self.profile)
        changes.update(
            rack_budget_kw=round(site.rack_power_w / 1000, 3) if site.rack_power_w is not None else None,
            feed_amps=site.feed_amps, feed_voltage_v=site.voltage, feed_phases=site.phases,
            cooling=site.cooling.value, cooling_kw=round(site.cooling_ceiling_w / 1000, 3),
            breaker_derating=env.breaker_derating, rack_units=site.rack_units)
        if changes["rack_budget_kw"] is None and changes["feed_amps"] is None:
            changes["rack_budget_kw"] = round(site.usable_w / 1000, 3) or None
        return changes

    # ---- state ---------------------------------------------------------------------------------
    def set_profile(self, profile: RuleProfile) -> None:
        self.profile = profile
        self._show()

    def set_environment(self, env: Environment | None) -> None:
        self.environment = env
        self._set_error("", None)
        self._show()

    def site(self) -> SiteFigures | None:
        env = self.environment
        return resolve_site(env, self.profile) if env is not None else None

    def _show(self) -> None:
        site = self.site()
        self.setEnabled(site is not None)
        if site is None:
            return
        env = self.environment
        assert env is not None
        blockers = [QSignalBlocker(w) for w in self.fields.values()]
        try:
            self.rack_kw.setValue(site.rack_power_w / 1000 if site.rack_power_w is not None else 0)
            self.feed_amps.setValue(site.feed_amps or 0)
            self.feed_voltage.setValue(site.voltage)
            self.feed_phases.setCurrentIndex(self.feed_phases.findData(site.phases))
            self.cooling.setCurrentIndex(self.cooling.findData(site.cooling.value))
            self.cooling_kw.setValue(site.cooling_ceiling_w / 1000)
            self.derating.setValue(round(site.feed_max_load * 100))
            self.rack_units.setValue(site.rack_units)
        finally:
            del blockers
        preset = self.profile.environments[env.kind]
        sources = {
            "rack_budget_kw": site.rack_power_source, "feed_amps": site.feed_amps_source,
            "feed_voltage_v": SET_HERE if env.feed_voltage_v is not None else preset.feed_voltage_v.source,
            "feed_phases": SET_HERE if env.feed_phases is not None else "",
            "cooling": SET_HERE if env.cooling is not None else "", "cooling_kw": site.cooling_source,
            "breaker_derating": site.feed_source, "rack_units": site.rack_units_source,
        }
        for name, widget in self.fields.items():
            source = sources.get(name) or ""
            widget.setToolTip(self.tr("Source: {0}").format(source) if source else "")
            if isinstance(widget, QAbstractSpinBox | QComboBox):
                font = widget.font()
                font.setItalic(getattr(env, name) is None)  # a preset's figure, not typed for this site
                widget.setFont(font)
        custom = env.kind is EnvironmentKind.CUSTOM
        self.reset.setVisible(not custom)
        self.reset.setEnabled(any(getattr(env, f) is not None for f in SITE_FIELDS))
        if custom:
            self.note.setText(self.tr("Custom site: give the rack power or the feed breaker (or both; the lower "
                                      "counts), the cooling and the rack space."))
        else:
            power = site.rack_power_source if site.rack_power_w is not None else site.feed_amps_source
            self.note.setText(self.tr("Figures in italics are the preset's; type over any to set this site's own. "
                                      "Power: {power}. Cooling: {cooling}.").format(power=power,
                                                                                    cooling=site.cooling_source))
