"""``python -m app rules [--json] [--profile OVERRIDES.json]``: every rule with its severity,
thresholds and sources (Markdown by default; resources/rules/RULES.md is the default profile's)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from app.cli import CliError
from app.rules.catalogue import rule_rows, rules_markdown
from app.rules.profile import ProfileError, default_profile, load_profile


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("rules", help="list every rule with its severity, thresholds and sources")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--profile", metavar="OVERRIDES.json", help="rule-profile overrides merged over the default")
    p.set_defaults(func=cmd_rules)


def cmd_rules(args: argparse.Namespace) -> int:
    try:
        profile = load_profile(overrides=Path(args.profile)) if args.profile else default_profile()
    except ProfileError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        doc = {"format": "inference-sizer-rules", "version": 1, "profile": profile.name,
               "rules": [r.to_dict() for r in rule_rows(profile)]}
        sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(rules_markdown(profile))
    return 0
