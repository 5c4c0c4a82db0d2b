"""Which rule profile judges a build: ``--profile`` overrides, else the team's, else the bundled one."""

from __future__ import annotations

import os
from pathlib import Path

from app.paths import team_configured
from app.rules.profile import RuleProfile, load_profile


def active_profile(data_dir: str | os.PathLike[str] | None = None,
                   overrides: str | os.PathLike[str] | None = None) -> RuleProfile | None:
    """None means the bundled default. The team's profile is looked up only where a team server is
    configured (one stat), so a laptop without one imports nothing of the team layer."""
    if overrides is not None:
        return load_profile(overrides=Path(overrides))
    if not team_configured(data_dir):
        return None
    from app.team.profile import team_rule_profile  # noqa: PLC0415 - only with a team server

    return team_rule_profile(data_dir)
