"""What the catalog's read side (store.py) and write side (writer.py) share."""

from __future__ import annotations

BUNDLED = "bundled"  # rows from the bundled CSVs, replaced wholesale on upgrade
USER = "user"  # the user's own parts, never replaced by an upgrade (app.catalog.upgrades fills new fields in)


class CatalogError(RuntimeError):
    """A catalog operation the user asked for cannot be done; the message says why."""

# Another process (a second window, a CLI import) may hold the write lock for a moment: wait for
# it rather than fail with "database is locked".
BUSY_TIMEOUT_S = 30.0
