"""The error a command reports to its user: one line on stderr, exit code 2.

Here rather than in app.cli so that the probe's own command line (app.probe.cli, the standalone probe) can raise it
without importing the CLI layer, which sits above the probe: the CLI reads imported probe reports."""

from __future__ import annotations


class CliError(Exception):
    """A user-facing error: printed as one line to stderr, exit code 2."""
