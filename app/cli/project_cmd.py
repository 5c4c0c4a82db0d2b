"""`validate` and `schema`: check a project's builds from the command line.

``python -m app validate PROJECT.json [--build NAME] [--json] [--profile OVERRIDES.json]``
exits 0 when no build has an error finding, 1 when one does, 2 on bad input (unreadable or
malformed project, unknown build, bad profile).

``python -m app schema project|profile`` prints the JSON Schema of a project file or rule profile.

JSON output (``--json``); keys are only ever added, never renamed::

    {
      "format": "inference-sizer-validation",   # constant
      "version": 1,                             # of this output format
      "project": "path/to/project.json",
      "project_name": "...",
      "profile": "default",                     # rule profile name
      "error_count": 0,                         # error findings over all builds reported
      "builds": [
        {
          "build": "name",
          "counts": {"error": 0, "warning": 0, "info": 0},
          "findings": [                         # ordered: severity, then rule id, then slot order
            {
              "rule_id": "power.psu-capacity",
              "severity": "error" | "warning" | "info",
              "message": "one line",
              "explanation": "the numbers used",
              "sources": ["where each threshold came from"],
              "slots": ["psu0", ...],           # slot ids involved
              "part_ids": ["..."],              # catalog ids involved
              "fixes": [{"description": "...", "ops": [{"op": "set_psus", ...}]}]
            }
          ],
          "summary": {...}                      # app.rules.summary.Summary fields, per node:
        }                                       # gpu_count, vram_*_gb, weights_gb, max_concurrency,
      ]                                         # longest_context_tokens, rule_of_thumb_gb,
    }                                           # power_max_w / power_typical_w (DC),
                                                # power_*_wall_w (AC), psu_*, rack_budget_w,
                                                # rack_usable_w, heat_w, heat_btu_h, nodes_per_rack,
                                                # nodes_per_rack_limits, binding_limit, cores,
                                                # cores_per_gpu, ram_gb, ram_vram_ratio, ...
"""

from __future__ import annotations

import argparse
import json
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from app.cli import CliError
from app.core.build import Build
from app.core.parts import AnyPart
from app.project import Project, ProjectFileError, load_project, project_json_schema
from app.rules.engine import Report, RuleEngine
from app.rules.profile import ProfileError, RuleProfile, load_profile
from app.rules.summary import Summary

OUTPUT_FORMAT = "inference-sizer-validation"
OUTPUT_VERSION = 1


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "validate", help="check a project's builds against the rules",
        description="Validate the builds of a project file; exit 0 = no errors, 1 = errors, 2 = bad input.",
    )
    p.add_argument("project", metavar="PROJECT.json", help="project file")
    p.add_argument("--build", metavar="NAME", help="only this build (default: all)")
    p.add_argument("--json", action="store_true", help="machine-readable output (keys documented in the module)")
    p.add_argument("--profile", metavar="OVERRIDES.json", help="rule-profile overrides merged over the default")
    p.set_defaults(func=cmd_validate)

    s = subparsers.add_parser("schema", help="print a file format's JSON Schema")
    s.add_argument("what", choices=("project", "profile"), help="which format")
    s.set_defaults(func=cmd_schema)


def cmd_schema(args: argparse.Namespace) -> int:
    schema = project_json_schema() if args.what == "project" else RuleProfile.model_json_schema()
    print(json.dumps(schema, indent=2, ensure_ascii=False))
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from app.catalog.store import open_catalog  # noqa: PLC0415 - the database only when validating

    project = _load(args.project)
    profile = _profile(args.profile)
    builds = select_builds(project, args.build)
    parts = open_catalog(args.data_dir).parts_by_id()
    text, code = run_validate(project, builds, parts, profile, as_json=args.json, path=args.project)
    print(text)
    return code


def _load(path: str) -> Project:
    try:
        return load_project(path)
    except ProjectFileError as exc:
        raise CliError(str(exc)) from None


def _profile(path: str | None) -> RuleProfile | None:
    try:
        return load_profile(overrides=Path(path)) if path else None
    except ProfileError as exc:
        raise CliError(str(exc)) from None


def select_builds(project: Project, name: str | None) -> list[Build]:
    if name is None:
        return list(project.builds)
    try:
        return [project.build(name)]
    except KeyError:
        raise CliError(f"no build named {name!r}; the project has: " + ", ".join(map(repr, project.build_names))) \
            from None


def run_validate(project: Project, builds: Sequence[Build], parts: Mapping[str, AnyPart],
                 profile: RuleProfile | None = None, *, as_json: bool = False,
                 path: str | Path = "") -> tuple[str, int]:
    """Validate and render; returns (text, exit code). The CLI's testable core."""
    try:
        engine = RuleEngine(parts, profile)
    except ProfileError as exc:
        raise CliError(str(exc)) from None
    reports = [engine.validate(b) for b in builds]
    errors = sum(r.counts()["error"] for r in reports)
    code = 1 if errors else 0
    if as_json:
        doc = {
            "format": OUTPUT_FORMAT,
            "version": OUTPUT_VERSION,
            "project": str(path),
            "project_name": project.project.name,
            "profile": engine.profile.name,
            "error_count": errors,
            "builds": [r.to_dict() for r in reports],
        }
        return json.dumps(doc, indent=2, ensure_ascii=False), code
    return render_text(project, reports, path), code


# --- human output ------------------------------------------------------------------------------

WIDTH = 100


def _wrap(text: str, indent: int) -> str:
    return textwrap.fill(text, WIDTH, initial_indent=" " * indent, subsequent_indent=" " * indent)


def _n(x: float | None, fmt: str = ",.0f", unit: str = "") -> str:
    return "-" if x is None else f"{x:{fmt}}{unit}"


def summary_lines(s: Summary) -> list[str]:
    lines = []
    if s.vram_need_per_gpu_gb is not None:
        lines.append(
            f"VRAM       need {s.vram_need_per_gpu_gb:.1f} of {s.vram_usable_per_gpu_gb:.1f} GB usable per GPU "
            f"(headroom {s.vram_headroom_per_gpu_gb:.1f} GB); {s.gpu_count} x {s.vram_per_gpu_gb:g} GB = "
            f"{s.vram_total_gb:g} GB; TP={s.tp} PP={s.pp}, {s.replicas} model cop{'y' if s.replicas == 1 else 'ies'}")
        lines.append(f"Capacity   max concurrency {_n(s.max_concurrency)} at the requested context; longest "
                     f"context {_n(s.longest_context_tokens)} tokens")
    elif s.gpu_count:
        lines.append(f"VRAM       {s.gpu_count} GPU(s), {s.vram_total_gb:g} GB total (no workload to check)")
    if s.rule_of_thumb_gb is not None:
        have = f"{s.rule_of_thumb_have_gb:g} GB" if s.rule_of_thumb_have_gb is not None else "-"
        lines.append(f"Quick check weights x 1.2 = {s.rule_of_thumb_gb:.1f} GB vs {have} (seed 003 rule of thumb)")
    lines.append(
        f"Power      max {s.power_max_w:,.0f} W, typical {s.power_typical_w:,.0f} W (DC); at the wall "
        f"{s.power_max_wall_w:,.0f} / {s.power_typical_wall_w:,.0f} W")
    lines.append(f"PSUs       {s.psu_count} x {s.psu_rating_w:,.0f} W at {s.feed_voltage_v:g} V, {s.psu_redundancy}: "
                 f"{s.psu_usable_w:,.0f} W usable")
    lines.append(f"Rack       budget {s.rack_budget_w:,.0f} W, usable {s.rack_usable_w:,.0f} W; cooling {s.cooling} "
                 f"{s.cooling_limit_w:,.0f} W")
    lines.append(f"Heat       {s.heat_w:,.0f} W = {s.heat_btu_h:,.0f} BTU/h per node"
                 + (f"; {_n(s.rack_heat_w)} W = {_n(s.rack_heat_btu_h)} BTU/h per rack"
                    if s.rack_heat_w is not None else ""))
    if s.nodes_per_rack is not None and s.nodes_per_rack_limits is not None:
        lim = s.nodes_per_rack_limits
        lines.append(f"Nodes/rack {s.nodes_per_rack} (power {lim['power']}, rack units {lim['rack_units']}, "
                     f"cooling {lim['cooling']}; bound by {' and '.join(s.binding_limit or []).replace('_', ' ')}); "
                     f"{s.node_count} node(s) -> {_n(s.racks_needed)} rack(s)")
    lines.append(f"Host       {s.cores} cores, {_n(s.cores_per_gpu, 'g')} per GPU; RAM {s.ram_gb:,.0f} GB = "
                 f"{_n(s.ram_vram_ratio, 'g')} x VRAM, {_n(s.ram_gb_per_core, 'g')} GB per core")
    if s.weights_gb is not None:
        lines.append(f"Storage    weights {s.weights_gb:,.1f} GB, load about {_n(s.weights_load_time_s, ',.0f', ' s')}")
    return lines


def render_text(project: Project, reports: Sequence[Report], path: str | Path = "") -> str:
    out = [f"Project {project.project.name!r}" + (f" ({path})" if path else "")]
    for r in reports:
        c = r.counts()
        out.append("")
        out.append(f"Build {r.build_name!r}: {c['error']} error(s), {c['warning']} warning(s), {c['info']} info")
        for f in r.findings:
            out.append(f"  {f.severity.value.upper():<7} {f.rule_id}: {f.message}")
            out.append(_wrap(f.explanation, 10))
            if f.slots:
                out.append(_wrap("Slots: " + ", ".join(f.slots), 10))
            for src in f.sources:
                out.append(_wrap(f"Source: {src}", 10))
            for fix in f.fixes:
                out.append(_wrap(f"Fix: {fix.description}", 10))
        out.append("  Summary")
        out.extend(_wrap(line, 4) for line in summary_lines(r.summary))
    return "\n".join(out)
