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
        }                                       # gpu_count, vram_*_gib (GPU memory, GiB; vram_*_gb: the
                                                # same bytes in decimal GB), weights_gb, max_concurrency,
      ]                                         # longest_context_tokens, rule_of_thumb_gb,
    }                                           # power_max_w / power_typical_w (DC),
                                                # power_*_wall_w (AC), psu_*, rack_budget_w,
                                                # rack_usable_w, heat_w, heat_btu_h, nodes_per_rack,
                                                # nodes_per_rack_limits, binding_limit, cores,
                                                # cores_per_gpu, ram_gb, ram_vram_ratio,
                                                # gpu_power_limit_w (W per GPU, after a power
                                                # cap), vendor_max_w / vendor_max_source (the
                                                # vendor's maximum at the wall, or null), ...
"""

from __future__ import annotations

import argparse
import json
import re
import textwrap
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli import CliError
from app.cli.text import t
from app.core.build import Build, CoolingType
from app.core.labels import redundancy_key_label
from app.core.parts import AnyPart
from app.project import Project, ProjectFileError, load_project, project_json_schema
from app.rules.engine import Report, RuleEngine
from app.rules.findings import Severity
from app.rules.profile import ProfileError, RuleProfile
from app.rules.summary import Summary
from app.rules.text import cooling_label, join_and, limit_name

if TYPE_CHECKING:
    from app.perf.datatypes import MeasuredPeaks

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
    from app.probe.measured import peaks_by_build  # noqa: PLC0415

    project = _load(args.project)
    profile = _profile(args.profile, args.data_dir)
    builds = select_builds(project, args.build)
    parts = open_catalog(args.data_dir).parts_by_id()
    text, code = run_validate(project, builds, parts, profile, as_json=args.json, path=args.project,
                              measured=peaks_by_build(builds, parts, args.data_dir))
    print(text)
    return code


def _load(path: str) -> Project:
    try:
        return load_project(path)
    except ProjectFileError as exc:
        raise CliError(str(exc)) from None


def _profile(path: str | None, data_dir: str | None = None) -> RuleProfile | None:
    """``--profile`` overrides, else the team's synced profile, else None (the bundled one)."""
    from app.cli.profiles import active_profile  # noqa: PLC0415

    try:
        return active_profile(data_dir, path)
    except ProfileError as exc:
        raise CliError(str(exc)) from None


def select_builds(project: Project, name: str | None) -> list[Build]:
    if name is None:
        return list(project.builds)
    try:
        return [project.build(name)]
    except KeyError:
        raise CliError(t("no build named {name}; the project has: {names}", name=repr(name),
                         names=", ".join(map(repr, project.build_names)))) from None


def run_validate(project: Project, builds: Sequence[Build], parts: Mapping[str, AnyPart],
                 profile: RuleProfile | None = None, *, as_json: bool = False,
                 path: str | Path = "", measured: Mapping[str, MeasuredPeaks] | None = None) -> tuple[str, int]:
    """Validate and render; returns (text, exit code). The CLI's testable core. ``measured``: probe peaks per
    build name (imported reports), which the workload findings read as the window's do."""
    try:
        engine = RuleEngine(parts, profile)
    except ProfileError as exc:
        raise CliError(str(exc)) from None
    reports = [engine.validate(b, (measured or {}).get(b.name)) for b in builds]
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
    if any(unicodedata.east_asian_width(ch) in "WF" for ch in text):
        return _wrap_wide(text, indent)
    return textwrap.fill(text, WIDTH, initial_indent=" " * indent, subsequent_indent=" " * indent)


def _width(text: str) -> int:
    """Terminal columns: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


_NO_BREAK_BEFORE = frozenset("，。、；：？！）」』》〉】,.;:?!)")


def _wrap_wide(text: str, indent: int) -> str:
    """Wrap text holding CJK (no spaces between words) by display width, never splitting a Latin word."""
    lines: list[str] = []
    line = ""
    for token in re.findall(r"[A-Za-z0-9_.,:;/%+=<>()'\-]+ ?|\s|.", text):
        if line and _width(line) + _width(token.rstrip()) > WIDTH - indent and token[0] not in _NO_BREAK_BEFORE:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line += token
    if line.strip():
        lines.append(line.rstrip())
    return "\n".join(" " * indent + ln for ln in lines)


def _n(x: float | None, fmt: str = ",.0f", unit: str = "") -> str:
    return "-" if x is None else f"{x:{fmt}}{unit}"


def summary_lines(s: Summary) -> list[str]:
    lines = []
    if s.vram_need_per_gpu_gib is not None:
        lines.append(t(
            "VRAM       need {need:.1f} of {usable:.1f} GiB usable per GPU (headroom {headroom:.1f} GiB); {gpus} x "
            "{per_gpu:g} GiB = {total:g} GiB; TP={tp} PP={pp}, {copies}", need=s.vram_need_per_gpu_gib,
            usable=s.vram_usable_per_gpu_gib, headroom=s.vram_headroom_per_gpu_gib, gpus=s.gpu_count,
            per_gpu=s.vram_per_gpu_gib, total=s.vram_total_gib, tp=s.tp, pp=s.pp,
            copies=t("1 model copy") if s.replicas == 1 else t("{n} model copies", n=s.replicas)))
        lines.append(t("Capacity   max concurrency {max} at the requested context; longest context {longest} tokens",
                       max=_n(s.max_concurrency), longest=_n(s.longest_context_tokens)))
    elif s.gpu_count:
        lines.append(t("VRAM       {gpus} GPU(s), {total:g} GiB total (no workload to check)", gpus=s.gpu_count,
                       total=s.vram_total_gib))
    if s.rule_of_thumb_gib is not None:
        have = f"{s.rule_of_thumb_have_gib:g} GiB" if s.rule_of_thumb_have_gib is not None else "-"
        lines.append(t("Thumb      weights x 1.2 = {gib:.1f} GiB vs {have} (a quick rule of thumb)",
                       gib=s.rule_of_thumb_gib, have=have))
    basis = (t("from the estimate at the load") if s.power_load_basis == "operating point"
             else t("typical shares: no estimate"))
    lines.append(t("Power      at the wall: idle {idle:,.0f} W, at the load {load:,.0f} W ({basis}), max "
                   "{max_wall:,.0f} W (sizing), extreme {extreme:,.0f} W", idle=s.power_idle_wall_w,
                   load=s.power_load_wall_w, basis=basis, max_wall=s.power_max_wall_w,
                   extreme=s.power_extreme_wall_w))
    if s.vendor_max_w is not None:
        lines.append(t("Vendor     max {vendor:,.0f} W at the wall ({source}); this build {delta:+.0%}",
                       vendor=s.vendor_max_w, source=s.vendor_max_source or "-",
                       delta=s.power_max_wall_w / s.vendor_max_w - 1))
    lines.append(t("PSUs       {n} x {rating:,.0f} W at {volts:g} V, {mode}: {usable:,.0f} W usable", n=s.psu_count,
                   rating=s.psu_rating_w, volts=s.feed_voltage_v,
                   mode=t("none") if s.psu_redundancy == "none" else redundancy_key_label(s.psu_redundancy),
                   usable=s.psu_usable_w))
    lines.append(t("Rack       budget {budget:,.0f} W, usable {usable:,.0f} W; cooling {cooling} {limit:,.0f} W",
                   budget=s.rack_budget_w, usable=s.rack_usable_w, cooling=_cooling(s.cooling),
                   limit=s.cooling_limit_w))
    heat = t("Heat       {w:,.0f} W = {btu:,.0f} BTU/h per node", w=s.heat_w, btu=s.heat_btu_h)
    if s.rack_heat_w is not None:
        heat += t("; {w} W = {btu} BTU/h per rack", w=_n(s.rack_heat_w), btu=_n(s.rack_heat_btu_h))
    lines.append(heat)
    if s.nodes_per_rack is not None and s.nodes_per_rack_limits is not None:
        lim = s.nodes_per_rack_limits
        lines.append(t("Nodes/rack {n} (power {power}, rack units {units}, cooling {cooling}; bound by {binding}); "
                       "{nodes} node(s) -> {racks} rack(s)", n=s.nodes_per_rack, power=lim["power"],
                       units=lim["rack_units"], cooling=lim["cooling"],
                       binding=join_and([limit_name(b) for b in s.binding_limit or []]), nodes=s.node_count,
                       racks=_n(s.racks_needed)))
    lines.append(t("Host       {cores} cores, {per_gpu} per GPU; RAM {ram:,.0f} GB = {ratio} x VRAM, {per_core} GB per "
                   "core", cores=s.cores, per_gpu=_n(s.cores_per_gpu, "g"), ram=s.ram_gb,
                   ratio=_n(s.ram_vram_ratio, "g"), per_core=_n(s.ram_gb_per_core, "g")))
    if s.weights_gb is not None:
        lines.append(t("Storage    weights {gb:,.1f} GB ({gib:,.1f} GiB), load about {time}", gb=s.weights_gb,
                       gib=s.weights_gib,
                       time=_n(s.weights_load_time_s, ",.0f", " s")))
    return lines


def _cooling(value: str) -> str:
    try:
        return cooling_label(CoolingType(value))
    except ValueError:
        return value


def severity_word(severity: Severity) -> str:
    return {Severity.ERROR: t("ERROR"), Severity.WARNING: t("WARNING"), Severity.INFO: t("INFO")}[severity]


def render_text(project: Project, reports: Sequence[Report], path: str | Path = "") -> str:
    name = repr(project.project.name)
    out = [t("Project {name} ({path})", name=name, path=path) if path else t("Project {name}", name=name)]
    for r in reports:
        c = r.counts()
        out.append("")
        out.append(t("Build {name}: {errors} error(s), {warnings} warning(s), {infos} info", name=repr(r.build_name),
                     errors=c["error"], warnings=c["warning"], infos=c["info"]))
        for f in r.findings:
            out.append(f"  {_pad(severity_word(f.severity), 7)} {f.rule_id}: {f.message}")
            out.append(_wrap(f.explanation, 10))
            if f.slots:
                out.append(_wrap(t("Slots: {slots}", slots=", ".join(f.slots)), 10))
            for src in f.sources:
                out.append(_wrap(t("Source: {source}", source=src), 10))
            for fix in f.fixes:
                out.append(_wrap(t("Fix: {fix}", fix=fix.description), 10))
        out.append("  " + t("Summary"))
        out.extend(_wrap(line, 4) for line in summary_lines(r.summary))
    return "\n".join(out)
