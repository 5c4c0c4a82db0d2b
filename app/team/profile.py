"""The team's rule profile as the one the rules use, on every laptop that syncs with the team server.

A profile an admin shares (``python -m app team`` and sync) lands in the local catalog database; the window
and the commands judge builds with it from then on, so one team gives one verdict. Without a team server
configured nothing here is imported (the caller asks :func:`app.paths.team_configured` first, one stat).
"""

from __future__ import annotations

import os

from pydantic import ValidationError

from app.rules.profile import RuleProfile
from app.team.errors import TeamError
from app.team.library import team_profile_text
from app.team.local import open_local


def team_rule_profile(data_dir: str | os.PathLike[str] | None = None) -> RuleProfile | None:
    """The synced team profile, or None (no profile shared yet, or one this version cannot read: the bundled
    profile then stays in force, and ``python -m app team status`` says why)."""
    try:
        local = open_local(data_dir)
    except TeamError:
        return None
    try:
        text = team_profile_text(local)
    finally:
        local.close()
    if text is None:
        return None
    try:
        return RuleProfile.model_validate_json(text)
    except ValidationError:
        return None
