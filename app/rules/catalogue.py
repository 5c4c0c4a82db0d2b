"""Every rule with its severity, thresholds (value, unit, source) and fixed sources, for people.

``python -m app rules`` prints it; resources/rules/RULES.md is the same text for the default
profile (a test keeps the two equal), so an engineer can read what the app checks before signing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.rules.profile import RuleProfile
from app.rules.registry import RuleSpec, load_builtin_rules


@dataclass(frozen=True, slots=True)
class Threshold:
    path: str  # in the rule profile, e.g. "host.cores_min" or "cooling.rear-door"
    value: Any
    unit: str
    source: str


@dataclass(frozen=True, slots=True)
class RuleRow:
    id: str
    title: str
    severity: str  # the profile's, else the rule's own
    enabled: bool
    needs: tuple[str, ...]
    thresholds: tuple[Threshold, ...]
    sources: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "severity": self.severity, "enabled": self.enabled,
                "needs": list(self.needs), "sources": list(self.sources),
                "thresholds": [{"path": x.path, "value": x.value, "unit": x.unit, "source": x.source}
                               for x in self.thresholds]}


# Profile values the summary and the figures read rather than one rule (heat, typical power).
FIGURE_THRESHOLDS: tuple[str, ...] = ("power.typical_load", "power.idle_load", "power.btu_per_watt",
                                      "power.default_psu_efficiency")


class UnknownThresholdError(KeyError):
    """A rule names a profile path that does not exist (a typo or a renamed threshold)."""


def _lookup(data: Any, path: str) -> Any:
    node = data
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            raise UnknownThresholdError(path)
        node = node[key]
    return node


def _leaves(node: Any, path: str) -> list[Threshold]:
    """Sourced values under ``node`` ({value, unit, source} dicts), depth first, in profile order."""
    if isinstance(node, dict) and "value" in node and "source" in node:
        return [Threshold(path, node["value"], node.get("unit", ""), node["source"])]
    if isinstance(node, dict):
        out: list[Threshold] = []
        label = node.get("label") if isinstance(node.get("label"), str) else None
        for key, child in node.items():
            if key == "label":
                continue
            if isinstance(child, (dict, list)):
                out += _leaves(child, f"{path}.{key}")
            elif label is not None and key in ("cooling", "feed_phases"):
                out.append(Threshold(f"{path}.{key}", child, "", f"{label} preset"))
        return out
    if isinstance(node, list):
        out = []
        for i, item in enumerate(node):
            if isinstance(item, dict) and "source" in item:
                values = {k: v for k, v in item.items() if k != "source"}
                out.append(Threshold(f"{path}[{i}]", values, "", item["source"]))
            else:
                out += _leaves(item, f"{path}[{i}]")
        return out
    return []


def thresholds_of(spec: RuleSpec, profile: RuleProfile) -> tuple[Threshold, ...]:
    data = profile.model_dump(mode="json", exclude_none=True)
    out: list[Threshold] = []
    for path in spec.thresholds:
        out += _leaves(_lookup(data, path), path)
    return tuple(out)


def rule_rows(profile: RuleProfile) -> list[RuleRow]:
    rows = []
    for spec in load_builtin_rules():
        setting = profile.rules.get(spec.id)
        severity = setting.severity if setting is not None and setting.severity is not None else spec.severity
        rows.append(RuleRow(
            id=spec.id, title=spec.title, severity=severity.value,
            enabled=setting.enabled if setting is not None else True,
            needs=tuple(sorted(n.value for n in spec.needs)), thresholds=thresholds_of(spec, profile),
            sources=spec.sources,
        ))
    return rows


def unreferenced_thresholds(profile: RuleProfile, used_elsewhere: tuple[str, ...] = FIGURE_THRESHOLDS) -> list[str]:
    """Profile values no rule declares: each is a number the rule list would hide."""
    data = profile.model_dump(mode="json", exclude_none=True)
    declared = [p for spec in load_builtin_rules() for p in spec.thresholds] + list(used_elsewhere)
    all_paths = [x.path for section, node in data.items() if isinstance(node, dict) and section != "rules"
                 for x in _leaves(node, section)]
    return [p for p in all_paths if not any(p == d or p.startswith(d + ".") or p.startswith(d + "[")
                                            for d in declared)]


def _value(x: Threshold) -> str:
    if isinstance(x.value, dict):
        return ", ".join(f"{k} {v}" for k, v in x.value.items())
    if isinstance(x.value, float) and x.value.is_integer():
        return f"{int(x.value)} {x.unit}".strip()
    return f"{x.value} {x.unit}".strip()


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def rules_markdown(profile: RuleProfile) -> str:
    rows = rule_rows(profile)
    lines = [
        f"# The rules ({len(rows)}), profile '{profile.name}'",
        "",
        "Generated by `python -m app rules` from the rule registry and "
        "resources/rules/default-profile.json; do not edit by hand. Severity is the profile's (a user "
        "profile may change it); a rule may also yield a lower severity where its text says so.",
        "",
    ]
    concern = ""
    for r in rows:
        head = r.id.split(".", 1)[0]
        if head != concern:
            concern = head
            lines += [f"## {concern}", ""]
        state = "" if r.enabled else " (disabled)"
        lines.append(f"### `{r.id}` ({r.severity}{state})")
        lines.append("")
        lines.append(f"{r.title}. Needs: {', '.join(r.needs) or 'nothing'}.")
        lines.append("")
        if r.thresholds:
            lines += ["| threshold | value | source |", "|---|---|---|"]
            lines += [f"| `{x.path}` | {_cell(_value(x))} | {_cell(x.source)} |" for x in r.thresholds]
            lines.append("")
        for src in r.sources:
            lines.append(f"- Source: {src}")
        if r.sources:
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"
