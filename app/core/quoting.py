"""Quoting a user's value back in a message, without echoing a 69,000-character paste."""

from __future__ import annotations

MAX_QUOTED = 80


def clip(text: object, limit: int = MAX_QUOTED) -> str:
    """A value as quoted in a message: one line, at most ``limit`` characters (… marks a cut)."""
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[: limit - 1] + "…"
