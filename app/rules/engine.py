"""Run every registered rule over a build: the GUI calls this on each edit.

Make one :class:`RuleEngine` per catalog and profile (it precomputes candidate parts and the rule
list) and call :meth:`RuleEngine.validate` per edit. Findings come back ordered by severity, then
rule id, then the order the rule found them (slot order), so equal builds give equal reports.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.core.build import Build
from app.core.parts import AnyPart
from app.rules.context import LOAD_FIGURES, CatalogIndex, RuleContext
from app.rules.findings import Finding, Severity
from app.rules.profile import ProfileError, RuleProfile, default_profile
from app.rules.registry import Need, RuleRegistry, RuleSpec, load_builtin_rules
from app.rules.summary import Summary, summarize


@dataclass(frozen=True, slots=True)
class Report:
    build_name: str
    findings: tuple[Finding, ...]
    summary: Summary
    # The performance model at the client's load, as the workload rules judged it (app.perf.workload_rules):
    # P99 and mean TTFT/TPOT, the targets, capacity. None when the build cannot be estimated.
    load: Mapping[str, Any] | None = None

    @property
    def has_errors(self) -> bool:
        return bool(self.findings) and self.findings[0].severity is Severity.ERROR

    def counts(self) -> dict[str, int]:
        out = {s.value: 0 for s in Severity}
        for f in self.findings:
            out[f.severity.value] += 1
        return out

    def by_rule(self, rule_id: str) -> list[Finding]:
        return [f for f in self.findings if f.rule_id == rule_id]

    def to_dict(self) -> dict[str, Any]:
        return {
            "build": self.build_name,
            "counts": self.counts(),
            "findings": [f.to_dict() for f in self.findings],
            "summary": self.summary.to_dict(),
            "load": dict(self.load) if self.load is not None else None,
        }


class RuleEngine:
    """Validates builds against one catalog (a part-id lookup) and one rule profile."""

    def __init__(
        self,
        parts: Mapping[str, AnyPart],
        profile: RuleProfile | None = None,
        registry: RuleRegistry | None = None,
    ) -> None:
        self.registry = registry if registry is not None else load_builtin_rules()
        self.profile = profile if profile is not None else default_profile()
        self.index = CatalogIndex(parts)
        self._last: tuple[Build, object | None, RuleContext] | None = None
        unknown = sorted(r for r in self.profile.rules if r not in self.registry)
        if unknown:
            raise ProfileError("profile names unknown rules: " + ", ".join(unknown))
        self._rules: list[tuple[RuleSpec, Severity | None]] = []
        for spec in self.registry:
            setting = self.profile.rules.get(spec.id)
            if setting is not None and not setting.enabled:
                continue
            self._rules.append((spec, setting.severity if setting is not None else None))

    def context(self, build: Build) -> RuleContext:
        """The resolved build with its derived figures (for the perf model and the GUI's gauges).

        The context the last validation of this very build made, where there is one: its estimate at the
        load is already computed (one figure for the findings and the charts, and not twice per edit)."""
        last = self._last
        if last is not None and last[0] is build and last[1] is None:
            return last[2]
        return RuleContext(build, self.index, self.profile)

    def validate(self, build: Build, measured: object | None = None) -> Report:
        """``measured``: a probe's peaks for the build's GPU (app.probe.measured), as the charts use."""
        ctx = RuleContext(build, self.index, self.profile, measured)
        self._last = (build, measured, ctx)  # builds are immutable: the same object is the same build
        have: set[Need] = set()
        if ctx.chassis is not None:
            have.add(Need.CHASSIS)
        if ctx.workload is not None and ctx.llm is not None:
            have.add(Need.WORKLOAD)
        if ctx.gpus:
            have.add(Need.GPUS)
        if Need.WORKLOAD in have and Need.GPUS in have and ctx.chassis is not None:
            have.add(Need.LOAD)
        findings: list[Finding] = []
        for spec, forced in self._rules:
            if not spec.needs <= have:
                continue
            for issue in spec.fn(ctx):
                findings.append(Finding(
                    rule_id=spec.id,
                    severity=forced or issue.severity or spec.severity,
                    message=issue.message,
                    explanation=issue.explanation,
                    sources=issue.sources,
                    slots=issue.slots,
                    part_ids=issue.part_ids,
                    fixes=issue.fixes,
                ))
        # Rules run in id order, so a stable sort on severity keeps (rule id, slot order) within it.
        findings.sort(key=lambda f: f.severity.rank)
        load = ctx.memo.get(LOAD_FIGURES)
        return Report(build.name, tuple(findings), summarize(ctx), load if isinstance(load, dict) else None)


def validate_build(build: Build, parts: Mapping[str, AnyPart], profile: RuleProfile | None = None) -> Report:
    """One-off validation; keep a :class:`RuleEngine` instead when validating on every edit."""
    return RuleEngine(parts, profile).validate(build)
