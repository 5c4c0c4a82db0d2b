"""`python -m app bom`: export a project's bill of materials as PDF, CSV and/or XLSX.

``python -m app bom PROJECT.json --pdf OUT.pdf [--csv OUT.csv] [--xlsx OUT.xlsx] [--lang zh_CN]
[--paper a4|letter] [--build NAME ...] [--discount PCT] [--tax PCT] [--tax-label TEXT]
[--quote-number TEXT] [--date YYYY-MM-DD] [--valid-days N] [--rate EUR=1.08 ...] [--electricity-price P]
[--pue X] [--years N] [--hourly-rate R] [--chart "BUILD=chart.png" ...] [--profile OVERRIDES.json] [--json]``

The quote terms saved with the project (its ``quote`` section, set in the window's quote details:
builds to include, discount, tax, validity, date, exchange rates; its reference as quote number)
apply; --build, --discount, --tax, --tax-label, --quote-number, --date, --valid-days and --rate set
them for this run only (a --rate per currency, over the project's rates). Without --build and
without a saved choice, the builds with GPUs and no errors are quoted; a build named with --build
that is not ready is quoted as a draft.

At least one of --pdf, --csv, --xlsx. Everything is computed and rendered in memory first; then
each file is written to a temporary file and renamed over its target, so a failure leaves no
partial output file (and, before the renames, no file changed at all). Exit 0 on success, 2 on bad
input (unreadable project, unknown build or part id, unreadable chart image, unwritable path).

JSON output (``--json``; keys are only ever added)::

    {
      "format": "inference-sizer-bom-export", "version": 1,
      "project": "path/to/project.json",
      "files": {"pdf": "out.pdf", "csv": null, "xlsx": null},
      "config_hash": "<sha-256 hex>", "short_hash": "<12 hex>",
      "builds": [{"build": "name", "currency": "USD", "node_count": 1, "subtotal": "307349.00",
                  "discount": "0.00", "tax": "0.00", "total": "307349.00", "complete": true,
                  "unpriced": ["catalog id", ...],        # amounts are decimal strings
                  "draft": false}]  # quoted though not ready (no GPUs, or errors): chosen, not by default
    }
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli import CliError
from app.cli.text import t

if TYPE_CHECKING:
    from app.export.quote import ExportOptions

OUTPUT_FORMAT = "inference-sizer-bom-export"
OUTPUT_VERSION = 1
_LANG_RE = re.compile(r"^[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*$")


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "bom", help="export the bill of materials (PDF for the client, CSV, XLSX)",
        description="Export a project's bill of materials. At least one of --pdf, --csv, --xlsx.",
    )
    p.add_argument("project", metavar="PROJECT.json", help="project file")
    p.add_argument("--pdf", metavar="OUT.pdf", type=Path, help="client PDF")
    p.add_argument("--csv", metavar="OUT.csv", type=Path, help="lines and totals as CSV (UTF-8)")
    p.add_argument("--xlsx", metavar="OUT.xlsx", type=Path, help="lines and totals as XLSX with formulas")
    p.add_argument("--lang", metavar="LANG",
                   help="language of the document: en, zh_CN, zh_TW or zh_HK (default: the command line's language)")
    p.add_argument("--paper", choices=("a4", "letter"), default="a4", help="PDF paper size (default a4)")
    p.add_argument("--build", action="append", metavar="NAME",
                   help="quote this build (repeatable; default: the builds chosen in the project, else those with "
                        "GPUs and no errors); one that is not ready is marked as a draft")
    p.add_argument("--discount", metavar="PCT", help="discount in percent of the subtotal (default: the project's)")
    p.add_argument("--tax", metavar="PCT", help="tax in percent of the net amount (default: the project's)")
    p.add_argument("--tax-label", metavar="TEXT", help="name of the tax line, e.g. VAT (default: the project's)")
    p.add_argument("--quote-number", metavar="TEXT", help="default: the project's reference")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="quote date (default: the project's, else today)")
    p.add_argument("--valid-days", metavar="N",
                   help="days the quote is valid from its date (default: the project's)")
    p.add_argument("--rate", action="append", default=[], metavar="CUR=RATE",
                   help="exchange rate into the project currency, e.g. EUR=1.08 (repeatable)")
    p.add_argument("--electricity-price", metavar="PRICE",
                   help="per kWh in the project currency, for the cost per token (default 0.12)")
    p.add_argument("--pue", default="1.4", metavar="X", help="power usage effectiveness (default 1.4)")
    p.add_argument("--years", default="3", metavar="N", help="amortisation period in years (default 3)")
    p.add_argument("--hourly-rate", metavar="RATE",
                   help="cost per hour of the whole build (replaces capex + power in the cost per token)")
    p.add_argument("--chart", action="append", default=[], metavar="BUILD=IMAGE",
                   help="PNG, JPEG or SVG chart to embed for a build instead of the drawn one (repeatable)")
    p.add_argument("--profile", metavar="OVERRIDES.json", help="rule-profile overrides merged over the default")
    p.add_argument("--json", action="store_true", help="machine-readable summary (keys documented in the module)")
    p.set_defaults(func=cmd_bom)


def _decimal(text: str, what: str) -> Decimal:
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise CliError(t("{what} must be a number, got {text}", what=what, text=repr(text))) from None
    if not value.is_finite():
        raise CliError(t("{what} must be a finite number, got {text}", what=what, text=repr(text)))
    return value


def _valid_days(text: str) -> int:
    from app.project.model import MAX_VALID_DAYS  # noqa: PLC0415

    try:
        days = int(text.strip())
    except ValueError:
        days = 0
    if not 1 <= days <= MAX_VALID_DAYS:
        raise CliError(t("--valid-days must be a whole number of days from 1 to {max}, got {text}",
                         max=MAX_VALID_DAYS, text=repr(text)))
    return days


def _pairs(items: list[str], what: str) -> list[tuple[str, str]]:
    out = []
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise CliError(t("{what} must look like NAME=VALUE, got {item}", what=what, item=repr(item)))
        out.append((key.strip(), value.strip()))
    return out


def _install_language(lang: str | None) -> str:
    """Translate the document (and this command's messages) into ``lang``; None keeps the command line's.

    Returns the language code in force: en, zh_CN, zh_TW or zh_HK (other languages read English).
    """
    from app.i18n import install_language  # noqa: PLC0415

    if lang is None:
        return _current_language()
    if not _LANG_RE.match(lang):
        raise CliError(t("--lang must look like en or zh_CN, got {lang}", lang=repr(lang)))
    return install_language(lang)


def _current_language() -> str:
    from app.core.i18n import current_locale  # noqa: PLC0415
    from app.i18n import resolve_language  # noqa: PLC0415

    return resolve_language(current_locale())


def cmd_bom(args: argparse.Namespace) -> int:
    from app.export.errors import ExportError  # noqa: PLC0415 - heavy imports only when exporting
    from app.export.quote import ExportOptions  # noqa: PLC0415
    from app.perf.cost import CostInputs  # noqa: PLC0415

    outputs = {k: v for k, v in (("pdf", args.pdf), ("csv", args.csv), ("xlsx", args.xlsx)) if v is not None}
    if not outputs:
        raise CliError(t("nothing to write: give --pdf, --csv and/or --xlsx"))
    resolved = [p.resolve() for p in outputs.values()]
    if len(set(resolved)) != len(resolved):
        raise CliError(t("--pdf, --csv and --xlsx must name different files"))
    language = _install_language(args.lang)
    try:
        quote_date = date.fromisoformat(args.date) if args.date else None
    except ValueError:
        raise CliError(t("--date must be YYYY-MM-DD, got {date}", date=repr(args.date))) from None
    rates = {code.upper(): _decimal(v, f"--rate {code}") for code, v in _pairs(args.rate, "--rate")}
    valid_days = _valid_days(args.valid_days) if args.valid_days is not None else None
    charts = dict(_pairs(args.chart, "--chart"))
    terms: dict[str, float] = {"amortisation_years": float(_decimal(args.years, "--years")),
                               "pue": float(_decimal(args.pue, "--pue"))}
    if args.electricity_price is not None:
        terms["electricity_per_kwh"] = float(_decimal(args.electricity_price, "--electricity-price"))
    if args.hourly_rate is not None:
        terms["hourly_rate"] = float(_decimal(args.hourly_rate, "--hourly-rate"))
    try:
        cost = CostInputs(**terms)  # type: ignore[arg-type]
    except ValueError as exc:
        raise CliError(t("cost terms: {error}", error=exc)) from None
    options = ExportOptions(
        discount_pct=_decimal(args.discount, "--discount") if args.discount is not None else None,
        tax_pct=_decimal(args.tax, "--tax") if args.tax is not None else None,
        tax_label=args.tax_label,
        exchange_rates=rates,
        quote_number=args.quote_number,
        quote_date=quote_date,
        valid_days=valid_days,
        language=language,
        cost=cost,
    )
    try:
        result = run_bom(Path(args.project), outputs, options, build_names=args.build or None,
                         paper=args.paper, charts=charts, data_dir=args.data_dir, profile_path=args.profile)
    except ExportError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        from app.i18n.formatting import format_number  # noqa: PLC0415

        for build in result["builds"]:
            total = f"{build['currency']} {format_number(Decimal(build['total']), 2)}"
            print(t("{build}: total {total}", build=build["build"], total=total) if build["complete"] else
                  t("{build}: total {total} (excluding {n} item(s) priced on request)", build=build["build"],
                    total=total, n=len(build["unpriced"])))
            if build["draft"]:
                print(t("  {build} is a draft: not ready to order (no GPUs, or errors)", build=build["build"]))
        for kind, path in result["files"].items():
            if path:
                print(t("wrote {kind} {path}", kind=kind.upper(), path=path))
        print(t("configuration hash {hash}", hash=result["short_hash"]))
    return 0


def run_bom(project_path: Path, outputs: dict[str, Path], options: ExportOptions, *, build_names: list[str] | None,
            paper: str, charts: dict[str, str], data_dir: str | None,
            profile_path: str | None = None) -> dict[str, Any]:
    """Load, compute, render everything in memory, then write all files atomically. Returns the JSON summary."""
    from app.catalog.common import CatalogError  # noqa: PLC0415
    from app.catalog.seed import CatalogSourceError  # noqa: PLC0415
    from app.catalog.store import open_catalog  # noqa: PLC0415
    from app.cli.profiles import active_profile  # noqa: PLC0415
    from app.export.atomic import write_files_atomically  # noqa: PLC0415
    from app.export.quote import prepare_quote  # noqa: PLC0415
    from app.probe.measured import peaks_by_build  # noqa: PLC0415
    from app.project import ProjectFileError, load_project  # noqa: PLC0415
    from app.rules.engine import RuleEngine  # noqa: PLC0415
    from app.rules.profile import ProfileError  # noqa: PLC0415

    try:
        project = load_project(project_path)
    except ProjectFileError as exc:
        raise CliError(str(exc)) from None
    try:
        catalog = open_catalog(data_dir)
    except (CatalogError, CatalogSourceError) as exc:
        raise CliError(str(exc)) from None
    for message in catalog.report.messages:
        print(t("note: {message}", message=message), file=sys.stderr)
    parts = catalog.parts_by_id()
    try:
        profile = active_profile(data_dir, profile_path)
        engine = RuleEngine(parts, profile)
    except ProfileError as exc:
        raise CliError(str(exc)) from None
    doc = prepare_quote(project, parts, options, build_names=build_names,
                        catalog_version=catalog.catalog_version or None, engine=engine,
                        measured=peaks_by_build(project.builds, parts, data_dir))
    payloads: dict[Path, bytes] = {}
    if "pdf" in outputs:
        from app.export.pdf import render_pdf  # noqa: PLC0415

        payloads[outputs["pdf"]] = render_pdf(doc, paper="letter" if paper == "letter" else "a4", charts=charts)
    if "csv" in outputs:
        from app.export.tabular import render_csv  # noqa: PLC0415

        payloads[outputs["csv"]] = render_csv(doc.boms)
    if "xlsx" in outputs:
        from app.export.tabular import render_xlsx  # noqa: PLC0415

        payloads[outputs["xlsx"]] = render_xlsx(doc)
    write_files_atomically(payloads)
    return {
        "format": OUTPUT_FORMAT,
        "version": OUTPUT_VERSION,
        "project": str(project_path),
        "files": {k: (str(outputs[k]) if k in outputs else None) for k in ("pdf", "csv", "xlsx")},
        "config_hash": doc.digest,
        "short_hash": doc.short_hash,
        "builds": [
            {
                "build": b.build_name,
                "currency": b.currency,
                "node_count": b.node_count,
                "subtotal": str(b.subtotal),
                "discount": str(b.discount),
                "tax": str(b.tax),
                "total": str(b.total),
                "complete": b.complete,
                "unpriced": [line.part_id for line in b.unpriced],
                "draft": section.draft,
            }
            for section in doc.sections
            for b in (section.bom,)
        ],
    }
