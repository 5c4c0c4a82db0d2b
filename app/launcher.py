"""`python -m app`: the window with no command (at most a project file), the self-test, or a command.

It sits above every layer (the GUI included), so app.cli stays headless: a command is parsed and run
by app.cli.main.run_command; only this module decides to start Qt.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

# Pydantic looks for plugins in every installed distribution's entry points the first time it builds
# a model (importlib.metadata over all of site-packages): ~50 ms of every start and command, for
# plugins (tracing, logging) this app never uses. Set before any model exists; a value the user
# set is kept.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from app.cli.main import build_parser, run_command, wants_gui  # after the variable above


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(with_commands=not wants_gui(argv))
    args = parser.parse_args(argv)
    if args.self_test:
        from app.selftest import run_self_test  # noqa: PLC0415 - only when asked for

        return run_self_test()
    if args.command is None:
        from app.ui import startup  # noqa: PLC0415

        startup.prepare()  # before Qt is imported: see app/ui/startup.py
        from app.ui.main import run_gui  # noqa: PLC0415 - Qt only when the GUI is asked for

        return run_gui(args)
    return run_command(args)
