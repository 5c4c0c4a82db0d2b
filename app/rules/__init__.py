"""Live validation rules: pure functions over a build, a catalog lookup and a rule profile.

Public API (what the GUI and the performance model call)::

    engine = RuleEngine(parts_by_id, profile=load_profile())   # once per catalog/profile
    report = engine.validate(build)                             # on every edit
    new_build = apply_fix(build, report.findings[0].fixes[0])   # pure
    ctx = engine.context(build)                                 # derived figures (fit, power, rack)
"""

from app.rules.engine import Report, RuleEngine, validate_build
from app.rules.findings import Finding, Severity
from app.rules.fixes import Fix, FixError, apply_fix, apply_op
from app.rules.profile import ProfileError, RuleProfile, default_profile, load_profile
from app.rules.registry import REGISTRY, Need, rule
from app.rules.summary import Summary

__all__ = [
    "REGISTRY",
    "Finding",
    "Fix",
    "FixError",
    "Need",
    "ProfileError",
    "Report",
    "RuleEngine",
    "RuleProfile",
    "Severity",
    "Summary",
    "apply_fix",
    "apply_op",
    "default_profile",
    "load_profile",
    "rule",
    "validate_build",
]
