"""The one error the team layer raises: a sentence for the user, never a traceback or a password."""

from __future__ import annotations


class TeamError(RuntimeError):
    """A team-server operation cannot be done; the message says why."""
