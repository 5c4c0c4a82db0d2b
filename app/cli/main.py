"""`python -m app`: parse the command line and run a sub-command, or start the GUI."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from app import __version__
from app.cli import CliError

# Modules that add sub-commands; each is imported lazily so a missing optional part
# (e.g. no GUI toolkit on a headless probe host) does not break the others.
COMMAND_MODULES: tuple[str, ...] = (
    "app.cli.catalog_cmd",
    "app.cli.project_cmd",
    "app.cli.estimate_cmd",
    "app.cli.bom_cmd",
    "app.probe.cli",
    "app.cli.recommend_cmd",
    "app.cli.rules_cmd",
    "app.cli.team_cmd",
    "app.cli.facility_cmd",
)


def build_parser(with_commands: bool = True) -> argparse.ArgumentParser:
    """The full parser; without ``with_commands`` only the global options (a fast GUI start)."""
    parser = argparse.ArgumentParser(prog="python -m app", description="Inference Sizer")
    parser.add_argument("--version", action="version", version=f"Inference Sizer {__version__}")
    parser.add_argument("--data-dir", help="user data directory (default: platform's app data dir)")
    parser.add_argument("--lang", dest="cli_lang", metavar="LANG",
                        help="language of the messages: en, zh_CN, zh_TW or zh_HK (default: the system's; "
                             "--json output: en)")
    parser.add_argument("--quit-when-ready", action="store_true", help="GUI: exit after the first paint")
    parser.add_argument("--self-test", action="store_true",
                        help="check this installation offscreen (catalog, validation, estimate, PDF, GUI) and exit")
    if not with_commands:
        parser.add_argument("project", nargs="?", help="a project file to open in the GUI")
        parser.set_defaults(command=None)
        return parser
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and name.startswith(exc.name):
                continue  # that command is not built yet
            raise
        module.register(sub)
    return parser


_OPTIONS_WITH_VALUE = ("--data-dir", "--lang")
# app.project.PROJECT_SUFFIXES, written out so that parsing the command line imports no pydantic
# (tests/cli keeps the two equal).
PROJECT_SUFFIXES = (".isproj", ".json")


def wants_gui(argv: Sequence[str]) -> bool:
    """No sub-command named (at most a project file): the GUI starts, no command module is imported."""
    words: list[str] = []
    skip = False
    for a in argv:
        if skip:
            skip = False
        elif a in _OPTIONS_WITH_VALUE:
            skip = True
        elif a in ("-h", "--help"):
            return False
        elif not a.startswith("-"):
            words.append(a)
    return not words or (len(words) == 1 and words[0].lower().endswith(PROJECT_SUFFIXES))


def main(argv: Sequence[str] | None = None) -> int:
    """The headless commands. The window and the self-test start from app.launcher (``python -m app``),
    which sits above the GUI; this layer never imports it."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.self_test or args.command is None:
        parser.print_usage(sys.stderr)
        print("error: name a command; `python -m app` (or inference-sizer) opens the window or runs --self-test",
              file=sys.stderr)
        return 2
    return run_command(args)


def run_command(args: argparse.Namespace) -> int:
    """Run a parsed sub-command: exit 0, or 2 with one line naming the problem."""
    from app.catalog.common import CatalogError  # noqa: PLC0415
    from app.cli.text import t  # noqa: PLC0415
    from app.core.i18n import current_translator, install_translator  # noqa: PLC0415
    from app.i18n import install_language  # noqa: PLC0415

    saved = current_translator()  # main() also runs inside other programs (tests, the GUI's self-test)
    try:
        # Scripts read --json: it stays English unless a language is asked for.
        install_language(args.cli_lang or ("en" if getattr(args, "json", False) else None))
        return int(args.func(args))
    except CliError as exc:
        print(t("error: {message}", message=exc), file=sys.stderr)
        return 2
    except CatalogError as exc:  # a damaged, locked or newer catalog: one line, never a traceback
        print(t("error: {message}", message=exc), file=sys.stderr)
        return 2
    finally:
        install_translator(*saved)
