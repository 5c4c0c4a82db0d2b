"""`python -m app facility`: the data-centre hand-off for a project's builds.

``python -m app facility PROJECT.json --out DIR [--build NAME ...] [--site NAME] [--profile OVERRIDES.json]
[--json]`` writes into DIR:

- ``facility.xlsx``: per build, the facility sheet (per rack, feed and phase: W, A, BTU/h, airflow,
  weight), the PSUs, the failure scenarios and the sources of the assumed figures;
- ``netbox/device-types/<Manufacturer>/<model>.yaml``: each node as a NetBox device type in the
  community device-type library's format (power ports with maximum and allocated draw);
- ``netbox-racks.csv`` and ``netbox-devices.csv``: the racks and the nodes at their U, for NetBox's
  bulk import (``--site``: the NetBox site they go in, default "Site").

Everything is computed first; then the files are written, each atomically. Exit 0 on success, 2 on
bad input (unreadable project, unknown build, unwritable directory).

JSON output (``--json``; keys are only ever added)::

    {"format": "inference-sizer-facility", "version": 1, "project": "path",
     "files": {"xlsx": "DIR/facility.xlsx", "device_types": ["DIR/netbox/..."], "racks_csv": "...",
               "devices_csv": "..."},
     "builds": [FacilityPlan.to_dict(): voltage, phases, PSUs, racks with phases and PDUs, the sheet, the
                scenarios with their verdicts, sources]}
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from app.cli import CliError
from app.cli.text import t

OUTPUT_FORMAT = "inference-sizer-facility"
OUTPUT_VERSION = 1


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "facility", help="the data-centre hand-off: facility sheet (XLSX) and NetBox import files",
        description="Write the facility sheet and the files NetBox imports for a project's builds.")
    p.add_argument("project", metavar="PROJECT.json", help="project file")
    p.add_argument("--out", metavar="DIR", type=Path, required=True, help="directory to write into (made if missing)")
    p.add_argument("--build", action="append", metavar="NAME", help="this build only (repeatable; default: all)")
    p.add_argument("--site", default="Site", metavar="NAME", help="the NetBox site the racks go in (default: Site)")
    p.add_argument("--profile", metavar="OVERRIDES.json", help="rule-profile overrides merged over the default")
    p.add_argument("--json", action="store_true", help="print the figures as JSON (keys documented in the module)")
    p.set_defaults(func=cmd_facility)


def cmd_facility(args: argparse.Namespace) -> int:
    result = run_facility(Path(args.project), args.out, build_names=args.build, site=args.site,
                          data_dir=args.data_dir, profile_path=args.profile)
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    for build in result["builds"]:
        racks = len(build["racks"])
        print(t("{build}: {racks} rack(s), {nodes} node(s) at {volts:g} V", build=build["build"], racks=racks,
                nodes=build["node_count"], volts=build["voltage_v"]))
        for s in build["scenarios"]:
            print(t("  {scenario}: {verdict}", scenario=s["title"], verdict=s["verdict"]))
    files = result["files"]
    for path in [files["xlsx"], *files["device_types"], files["racks_csv"], files["devices_csv"]]:
        print(t("wrote {path}", path=path))
    return 0


def run_facility(project_path: Path, out: Path, *, build_names: list[str] | None, site: str,
                 data_dir: str | None, profile_path: str | None = None) -> dict[str, Any]:
    """Load, plan, render everything in memory, then write the files. Returns the JSON summary."""
    from app.catalog.common import CatalogError  # noqa: PLC0415 - heavy imports only when run
    from app.catalog.seed import CatalogSourceError  # noqa: PLC0415
    from app.catalog.store import open_catalog  # noqa: PLC0415
    from app.cli.profiles import active_profile  # noqa: PLC0415
    from app.export.atomic import write_file_atomically  # noqa: PLC0415
    from app.export.errors import ExportError  # noqa: PLC0415
    from app.export.facility_xlsx import render_facility_xlsx  # noqa: PLC0415
    from app.export.quote import select_builds  # noqa: PLC0415
    from app.facility import plan_facility  # noqa: PLC0415
    from app.facility.netbox import (  # noqa: PLC0415
        DEVICE_HEADERS,
        RACK_HEADERS,
        device_type_yaml,
        devices_csv,
        racks_csv,
    )
    from app.project import ProjectFileError, load_project  # noqa: PLC0415
    from app.rules.engine import RuleEngine  # noqa: PLC0415
    from app.rules.profile import ProfileError  # noqa: PLC0415

    if not site.strip():
        raise CliError(t("--site must name a NetBox site"))
    if out.exists() and not out.is_dir():
        raise CliError(t("--out must be a directory, and {path} is a file", path=out))
    try:
        project = load_project(project_path)
        builds = select_builds(project, build_names)
        parts = open_catalog(data_dir).parts_by_id()
        engine = RuleEngine(parts, active_profile(data_dir, profile_path))
    except (ProjectFileError, ExportError, CatalogError, CatalogSourceError, ProfileError) as exc:
        raise CliError(str(exc)) from None
    from app.probe.measured import peaks_for_build  # noqa: PLC0415 - imported reports, as the window reads them

    plans = [plan_facility(engine, b, measured=peaks_for_build(b, parts, data_dir)) for b in builds]
    payloads: dict[Path, bytes] = {out / "facility.xlsx": render_facility_xlsx(plans)}
    racks: list[str] = []
    devices: list[str] = []
    type_paths: list[str] = []
    for i, plan in enumerate(plans):
        if plan.device_type is None:
            continue
        several = len(plans) > 1
        prefix = f"{plan.build_name} " if several else ""
        path = out / "netbox" / plan.device_type.path
        payloads[path] = device_type_yaml(plan.device_type).encode()
        type_paths.append(str(path))
        _append(racks, racks_csv(plan.racks, site=site, prefix=prefix))
        _append(devices, devices_csv(plan.racks, plan.device_type, site=site, prefix=prefix,
                                     name=f"node-b{i + 1}" if several else "node"))
    payloads[out / "netbox-racks.csv"] = "".join(racks or [",".join(RACK_HEADERS) + "\n"]).encode()
    payloads[out / "netbox-devices.csv"] = "".join(devices or [",".join(DEVICE_HEADERS) + "\n"]).encode()
    try:
        for path, data in payloads.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            write_file_atomically(path, data)
    except OSError as exc:
        raise CliError(t("cannot write {path}: {error}", path=exc.filename or out, error=exc.strerror or exc)) \
            from None
    return {
        "format": OUTPUT_FORMAT, "version": OUTPUT_VERSION, "project": str(project_path),
        "files": {"xlsx": str(out / "facility.xlsx"), "device_types": type_paths,
                  "racks_csv": str(out / "netbox-racks.csv"), "devices_csv": str(out / "netbox-devices.csv")},
        "builds": [p.to_dict() for p in plans],
    }


def _append(lines: list[str], csv_text: str) -> None:
    """Add a CSV's lines, its header only the first time."""
    body = csv_text.splitlines(keepends=True)
    lines += body if not lines else body[1:]
