"""`python -m app catalog …`: list, show, info and import-prices.

JSON shapes (stable; keys are only ever added):
- list: {"count": N, "parts": [PART, …]}, PART = the part's fields plus "origin" ("bundled"|"user");
  prices are decimal strings.
- show: PART.
- info: {"database": path, "schema_version": int, "catalog_version": str, "counts": {kind: N}, "messages": [str]}.
- import-prices: {"file", "ok", "applied", "dry_run", "mapping", "changes", "unchanged", "unmatched", "rejected"}.
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any, cast

from app.cli import CliError
from app.cli.part_names import part_named
from app.cli.text import t
from app.core.parts import AnyPart, Part


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("catalog", help="query the parts catalog and import price lists")
    csub = p.add_subparsers(dest="catalog_command", metavar="ACTION", required=True)

    ls = csub.add_parser("list", help="list parts")
    ls.add_argument("--kind", help="gpu, cpu, dimm, nic, psu, drive, chassis or llm")
    ls.add_argument("--search", default="", help="words that must all appear (name, vendor, SKU, ID)")
    ls.add_argument("--filter", action="append", default=[], metavar="FIELD>=N",
                    help="numeric filter, e.g. vram_gib>=80 (repeatable)")
    ls.add_argument("--sort", default="name", help="field to sort by")
    ls.add_argument("--desc", action="store_true", help="sort descending")
    ls.add_argument("--limit", type=int)
    ls.add_argument("--json", action="store_true")
    ls.set_defaults(func=cmd_list)

    show = csub.add_parser("show", help="show one part with its sources")
    show.add_argument("id")
    show.add_argument("--json", action="store_true")
    show.set_defaults(func=cmd_show)

    info = csub.add_parser("info", help="where the catalog database is and what it holds")
    info.add_argument("--json", action="store_true")
    info.set_defaults(func=cmd_info)

    imp = csub.add_parser("import-prices", help="import a distributor price list (CSV or XLSX)")
    imp.add_argument("file", type=Path)
    imp.add_argument("--dry-run", action="store_true", help="report what would change; write nothing")
    imp.add_argument("--map", default="", metavar="ROLE=COLUMN,…",
                     help="column names, e.g. sku=Part No,price=Unit Price,currency=Curr")
    imp.add_argument("--currency", default="USD", help="currency when the list has no currency column")
    imp.add_argument("--sheet", help="XLSX sheet name (default: the first)")
    imp.add_argument("--json", action="store_true")
    imp.set_defaults(func=cmd_import_prices)


def _open(args: argparse.Namespace) -> Any:
    from app.catalog.common import CatalogError  # noqa: PLC0415
    from app.catalog.seed import CatalogSourceError  # noqa: PLC0415
    from app.catalog.store import open_catalog  # noqa: PLC0415

    try:
        catalog = open_catalog(args.data_dir)
    except (CatalogError, CatalogSourceError) as exc:
        raise CliError(str(exc)) from None
    for message in catalog.report.messages:
        print(t("note: {message}", message=message), file=sys.stderr)
    return catalog


def _width(text: str) -> int:
    """Terminal columns: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _dump(obj: object) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False, sort_keys=False))


def cmd_list(args: argparse.Namespace) -> int:
    from app.catalog.query import NumericFilter, PartQuery, QueryError  # noqa: PLC0415
    from app.catalog.store import parts_to_json  # noqa: PLC0415
    from app.core.parts import PartKind  # noqa: PLC0415

    try:
        kind = PartKind(args.kind) if args.kind else None
    except ValueError:
        raise CliError(t("unknown kind '{kind}'; use one of {kinds}", kind=args.kind,
                         kinds=", ".join(k.value for k in PartKind))) from None
    try:
        q = PartQuery(kind=kind, search=args.search, filters=tuple(NumericFilter.parse(f) for f in args.filter),
                      sort=args.sort, descending=args.desc, limit=args.limit)
    except QueryError as exc:
        raise CliError(str(exc)) from None
    catalog = _open(args)
    parts = catalog.search(q)
    if args.json:
        origins = {p.id: catalog.origin(p.id) for p in parts} if len(parts) < 2000 else None
        _dump({"count": len(parts), "parts": parts_to_json(parts, origins)})
        return 0
    rows = [(p.id, p.kind.value, p.vendor, p.name, "" if p.price is None else f"{p.price:,.2f} {p.currency}")
            for p in parts]
    headers = (t("ID"), t("KIND"), t("VENDOR"), t("NAME"), t("PRICE"))
    widths = [max([_width(h)] + [_width(r[i]) for r in rows]) for i, h in enumerate(headers)]
    print("  ".join(_pad(h, w) for h, w in zip(headers, widths, strict=True)))
    for r in rows:
        print("  ".join(_pad(c, w) for c, w in zip(r, widths, strict=True)))
    print(t("{n} part(s)", n=len(rows)))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from app.catalog.store import parts_to_json  # noqa: PLC0415

    catalog = _open(args)
    part = catalog.get(args.id)
    if part is None:
        part = cast(AnyPart, part_named(catalog.parts_by_id(), args.id, Part, None))
    data = parts_to_json([part], {part.id: catalog.origin(part.id)})[0]
    if args.json:
        _dump(data)
        return 0
    width = max(len(k) for k in data)
    for key, value in data.items():
        if value is None or value == "":
            continue
        print(f"{key.ljust(width)}  {value}")
    return 0


def cmd_info(args: argparse.Namespace) -> int:
    from app.core.parts import PartKind  # noqa: PLC0415

    catalog = _open(args)
    info = {
        "database": str(catalog.path),
        "schema_version": catalog.schema_version,
        "catalog_version": catalog.catalog_version,
        "counts": {k.value: catalog.count(k) for k in PartKind},
        "messages": catalog.report.messages,
    }
    if args.json:
        _dump(info)
    else:
        print(t("database        {path}", path=info["database"]))
        print(t("schema version  {version}", version=info["schema_version"]))
        print(t("catalog version {version}", version=info["catalog_version"]))
        print(t("parts           {counts}", counts=", ".join(f"{k} {n}" for k, n in info["counts"].items())))
    return 0


def _parse_map(text: str) -> dict[str, str]:
    mapping: dict[str, str] = {}
    for item in filter(None, (s.strip() for s in text.split(","))):
        role, sep, column = item.partition("=")
        if not sep or not column.strip():
            raise CliError(t("--map item {item} must look like role=Column Name", item=repr(item)))
        mapping[role.strip().lower()] = column.strip()
    return mapping


def cmd_import_prices(args: argparse.Namespace) -> int:
    from app.catalog.prices import PriceListError, apply_plan, plan_import  # noqa: PLC0415

    catalog = _open(args)
    try:
        plan = plan_import(catalog, args.file, mapping_overrides=_parse_map(args.map),
                           default_currency=args.currency.upper(), sheet=args.sheet)
    except PriceListError as exc:
        raise CliError(str(exc)) from None
    applied = 0
    if plan.ok and not args.dry_run:
        applied = apply_plan(catalog, plan)
    if args.json:
        _dump({**plan.to_json(), "applied": applied, "dry_run": bool(args.dry_run)})
    else:
        m = plan.mapping
        print(t("{file}: SKU column '{sku}', price column '{price}', currency column '{currency}'", file=plan.file,
                sku=m.sku, price=m.price, currency=m.currency) if m.currency else
              t("{file}: SKU column '{sku}', price column '{price}', currency {currency}", file=plan.file,
                sku=m.sku, price=m.price, currency=args.currency.upper()))
        for c in plan.changes:
            old = t("none") if c.old_price is None else f"{c.old_price:,.2f} {c.old_currency}"
            print(t("  row {row}: {part} ({sku}): {old} -> {new}", row=c.row, part=c.part_id, sku=c.sku, old=old,
                    new=f"{c.new_price:,.2f} {c.currency}"))
        print(t("{changes} change(s), {unchanged} unchanged, {unmatched} unmatched SKU(s) skipped, {rejected} rejected",
                changes=len(plan.changes), unchanged=len(plan.unchanged), unmatched=len(plan.unmatched),
                rejected=len(plan.rejected)))
        for r in plan.rejected:
            print(t("  rejected row {row} ({sku}): {reason}", row=r.row, sku=r.sku or t("no SKU"), reason=r.reason))
        if not plan.ok:
            print(t("Nothing was imported: fix the rejected rows and run again."))
        elif args.dry_run:
            print(t("Dry run: nothing was written."))
        else:
            print(t("Imported {n} price(s).", n=applied))
    return 0 if plan.ok else 1
