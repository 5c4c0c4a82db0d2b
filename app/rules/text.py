"""The findings' wording, through the translation layer (context ``Rules``).

Every message, explanation and fix description is a template with named placeholders,
``t("PSUs give {usable:,.0f} W under {mode}", usable=..., mode=...)``: the template is what
translators see, the values (part names, numbers, rule ids, sources) are data and stay as they are.
"""

from __future__ import annotations

from app.core.build import CoolingType, EnvironmentKind, Redundancy
from app.core.i18n import translate, translate_format
from app.core.scenarios import Scenario, ScenarioSpec

CONTEXT = "Rules"


def t(text: str, /, **values: object) -> str:
    """Translate ``text`` and fill its placeholders (without values it is used as is)."""
    return translate_format(CONTEXT, text, **values) if values else translate(CONTEXT, text)


def t_noop(text: str) -> str:
    """Mark ``text`` for translation where it is written; translate it with :func:`t` where it is shown."""
    return text


def redundancy_label(mode: Redundancy) -> str:
    return {Redundancy.NONE: t("no redundancy"), Redundancy.N_PLUS_1: "N+1", Redundancy.N_PLUS_N: "N+N",
            Redundancy.N_PLUS_2: "N+2"}[mode]


_SITE_LABELS = {
    EnvironmentKind.EDGE: ("Edge / office", t_noop("Edge / office")),
    EnvironmentKind.ENTERPRISE: ("Enterprise machine room", t_noop("Enterprise machine room")),
    EnvironmentKind.DATACENTER: ("Data center, high density", t_noop("Data center, high density")),
    EnvironmentKind.CUSTOM: ("Custom", t_noop("Custom")),
}


def site_label(kind: EnvironmentKind, label: str) -> str:
    """The environment's name in the reader's language (a profile's own label is kept as written)."""
    default, source = _SITE_LABELS.get(kind, ("", ""))
    return t(source) if label == default else label


def limit_name(name: str) -> str:
    """The limit that binds nodes per rack: power, rack_units or cooling."""
    return {"power": t("power"), "rack_units": t("rack units"), "cooling": t("cooling")}.get(name, name)


def join_and(items: list[str]) -> str:
    """'a and b' in the reader's language."""
    return t(" and ").join(items)


def cooling_label(cooling: CoolingType) -> str:
    return {
        CoolingType.OFFICE_AIR: t("office-air"),
        CoolingType.AIR_PERIMETER: t("air-perimeter"),
        CoolingType.AIR_CONTAINMENT: t("air-containment"),
        CoolingType.REAR_DOOR: t("rear-door"),
        CoolingType.DIRECT_LIQUID: t("direct-liquid"),
        CoolingType.IMMERSION: t("immersion"),
    }.get(cooling, str(cooling))


def component_label(component: str) -> str:
    """A power component (gpu, cpu, dimm, nic, drive, chassis) as the findings name it."""
    return {"gpu": t("gpu"), "cpu": t("cpu"), "dimm": t("dimm"), "nic": t("nic"), "drive": t("drive"),
            "chassis": t("chassis")}.get(component, component)


def scenario_label(spec: ScenarioSpec) -> str:
    """A latency scenario's name in the reader's language."""
    return {
        Scenario.CHAT: t("Real-time chat assistant"),
        Scenario.CODE: t("Code completion"),
        Scenario.SUMMARIZATION: t("Offline document summarisation"),
        Scenario.RAG: t("Retrieval-augmented generation (RAG)"),
        Scenario.BATCH: t("Batch analytics"),
    }.get(spec.id, spec.name)
