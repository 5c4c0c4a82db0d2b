"""Headless command line over the pure core (entry point: :func:`app.cli.main.main`).

Each sub-command lives in its own module exposing ``register(subparsers)``; the parser it
adds sets ``func(args) -> int``. JSON output (``--json``) is stable: keys are documented in
each command module's docstring and only ever added, never renamed.
"""

from __future__ import annotations

from app.core.errors import CliError

__all__ = ["CliError"]
