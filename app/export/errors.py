"""The one error family the export raises: what cannot be exported and why, for the user to read."""

from __future__ import annotations


class ExportError(ValueError):
    """An export cannot be made as asked; nothing was written."""
