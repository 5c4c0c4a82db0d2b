"""`python -m app.probe [options]`: the probe on its own (same options as `python -m app probe`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from app.core.errors import CliError
from app.probe.cli import register


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.probe", description="Inference Sizer GPU probe")
    parser.add_argument("--data-dir", help="user data directory (for --store and probe-import)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    register(sub)
    args_in = list(sys.argv[1:] if argv is None else argv)
    if not any(a in ("probe", "probe-import") for a in args_in) and not {"-h", "--help"} & set(args_in):
        args_in = ["probe", *args_in]
    args = parser.parse_args(args_in)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return int(args.func(args))
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
