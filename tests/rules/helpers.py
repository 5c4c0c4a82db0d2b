"""Small assertions shared by the rule tests."""

from __future__ import annotations

from app.core.build import Build
from app.rules import Finding, Report, RuleEngine, apply_fix


def only(report: Report, rule_id: str) -> Finding:
    found = report.by_rule(rule_id)
    assert len(found) == 1, f"expected one {rule_id}, got {[f.message for f in found]} in {rule_ids(report)}"
    return found[0]


def rule_ids(report: Report) -> list[str]:
    return [f.rule_id for f in report.findings]


def fixed(engine: RuleEngine, build: Build, finding: Finding, index: int = 0) -> Report:
    """Apply one of a finding's fixes and validate again."""
    assert finding.fixes, f"{finding.rule_id} offers no fix"
    return engine.validate(apply_fix(build, finding.fixes[index]))
