"""`python -m app probe …` (measure this machine) and `python -m app probe-import FILE` (store a report).

probe [--quick | --full | --smoke | --inventory-only] [--json OUT] [--no-cpu] [--allow-busy]
      [--engine auto|torch|cupy] [--timeout S] [--memory-fraction F] [--store] [--quiet]
    Progress lines go to stderr as "[ NN%] text". ``--json OUT`` writes the report (the format is
    documented in app/probe/report.py); ``--json -`` prints it on stdout instead of the summary.
    ``--store`` also imports the report into this machine's data directory.
    Exit code: 0 when a report was produced (status ok, partial or no_gpu), 1 when its status is
    "error", 2 for a usage error (bad option, unwritable output).

probe-import FILE [--json]
    Validates FILE strictly and stores it in <data dir>/probe-reports. A malformed or foreign file
    is rejected with a one-line reason (exit code 2). JSON output (stable; keys only added):
    {"file", "stored", "already_present", "status", "host", "started_at", "mode", "gpus",
     "calibration": [{"gpu_id", "gpu_name", "confidence", "measured", "efficiency"}]}
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from datetime import UTC
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.core.errors import CliError
from app.core.i18n import translate, translate_format
from app.probe.report import ProbeReport

if TYPE_CHECKING:
    from app.core.parts import AnyPart

CONTEXT = "Cli"  # the command line's wording (app.cli.text), looked up without importing the rest of the app


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("probe", help="measure this machine's GPUs (inventory, benchmarks, calibration)",
                       description="Inventory and benchmark this machine's GPUs; write a report for calibration.")
    modes = p.add_mutually_exclusive_group()
    modes.add_argument("--quick", dest="mode", action="store_const", const="quick",
                       help="short run (about a minute, even on an 8-GPU server)")
    modes.add_argument("--full", dest="mode", action="store_const", const="full", help="longer, steadier run (default)")
    modes.add_argument("--smoke", dest="mode", action="store_const", const="smoke",
                       help="tiny sizes, a few seconds: checks that the probe works, not representative")
    modes.add_argument("--inventory-only", dest="mode", action="store_const", const="inventory",
                       help="list the hardware, run no benchmark")
    p.set_defaults(mode="full")
    p.add_argument("--json", metavar="OUT", help="write the report as JSON to OUT ('-' for stdout)")
    p.add_argument("--no-cpu", action="store_true", help="skip the CPU benchmark")
    p.add_argument("--allow-busy", action="store_true", help="benchmark GPUs that other processes are using")
    p.add_argument("--engine", choices=("auto", "torch", "cupy"), default="auto", help="GPU benchmark engine")
    p.add_argument("--timeout", type=float, metavar="S", help="time limit for the GPU benchmarks in seconds")
    p.add_argument("--python", metavar="PATH",
                   help="a Python 3.10+ with PyTorch or CuPy to run the GPU benchmarks in (the standalone probe "
                        "looks for one on PATH itself; also INFERENCE_SIZER_PROBE_PYTHON)")
    p.add_argument("--memory-fraction", type=float, default=0.25, metavar="F",
                   help="largest share of free GPU memory a test may use (default 0.25, at most 0.5)")
    p.add_argument("--store", action="store_true", help="also import the report into this machine's data directory")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_probe)

    imp = sub.add_parser("probe-import", help="validate a probe report and store it for calibration")
    imp.add_argument("file", type=Path)
    imp.add_argument("--json", action="store_true")
    imp.set_defaults(func=cmd_probe_import)


def _progress(quiet: bool) -> Any:
    def say(pct: int, text: str) -> None:
        if not quiet:
            print(f"[{pct:3d}%] {text}", file=sys.stderr, flush=True)

    return say


def summary_lines(report: ProbeReport) -> list[str]:
    from app.probe.runner import mode_label  # noqa: PLC0415 - the runner's imports only when a summary is shown

    lines = [translate_format(CONTEXT, "Probe of {host}: status {status}, {mode} mode, {seconds:.0f} s",
                              host=report.host.hostname, status=report.status, mode=mode_label(report.run.mode),
                              seconds=report.run.duration_s)]
    for g in report.gpus:
        lines.append(f"GPU {g.index}: {g.name}"
                     + (translate_format(CONTEXT, " (catalog {id})", id=g.catalog_id) if g.catalog_id else ""))
    for m in report.results:
        who = "CPU" if m.gpu is None else f"GPU {m.gpu}" + (f"->{m.peer}" if m.peer is not None else "")
        if m.status == "ok" and m.value is not None:
            frac = (translate_format(CONTEXT, ", {fraction:.2f} of peak", fraction=m.fraction_of_peak)
                    if m.fraction_of_peak is not None else "")
            lines.append(f"  {who} {m.metric}: "
                         + translate_format(CONTEXT, "{median:,.1f} {unit} (spread {cv:.1%}{fraction})",
                                            median=m.value.median, unit=m.unit, cv=m.value.cv, fraction=frac))
        else:
            lines.append(f"  {who} {m.metric}: {m.status}: {m.reason}")
    for c in report.calibration:
        eff = ", ".join(f"{k} {v:.2f}" for k, v in c.efficiency.items())
        lines.append(translate_format(CONTEXT, "Calibration {gpu} ({confidence} confidence): {efficiency}",
                                      gpu=c.gpu_id, confidence=c.confidence, efficiency=eff))
    lines.extend(f"{m.level}: {m.code}: {m.text}" for m in report.messages)
    return lines


def cmd_probe(args: argparse.Namespace) -> int:
    if args.worker:
        from app.probe.worker import worker_main  # noqa: PLC0415

        return worker_main()
    from app.probe.runner import ProbeOptions, run_probe  # noqa: PLC0415

    error = CliError
    if not 0.01 <= args.memory_fraction <= 0.5:
        raise error("--memory-fraction must be between 0.01 and 0.5")
    if args.timeout is not None and args.timeout <= 0:
        raise error("--timeout must be positive")
    out: Path | None = None
    if args.json and args.json != "-":
        out = Path(args.json)
        if out.parent and not out.parent.exists():
            raise error(f"cannot write {out}: the folder {out.parent} does not exist")
    options = ProbeOptions(mode=args.mode, cpu=not args.no_cpu, allow_busy=args.allow_busy, engine=args.engine,
                           timeout_s=args.timeout, memory_fraction=args.memory_fraction, python=args.python)
    try:
        report = run_probe(options, _progress(args.quiet))
    except KeyboardInterrupt:
        print(translate(CONTEXT, "Interrupted: no report was written."), file=sys.stderr)
        return 130
    text = report.to_json()
    if out is not None:
        tmp = out.with_name(out.name + ".partial")
        try:
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(out)
        except OSError as exc:
            raise error(f"cannot write {out}: {exc.strerror or exc}") from None
    if args.json == "-":
        print(text)
    else:
        print("\n".join(summary_lines(report)))
        if out is not None:
            print(translate_format(CONTEXT, "Report written to {path}", path=out))
    if args.store:
        from app.probe.calibration import store_report  # noqa: PLC0415

        stored = store_report(report, getattr(args, "data_dir", None))
        print(translate_format(CONTEXT, "Report stored as {path}", path=stored.path), file=sys.stderr)
    return 1 if report.status == "error" else 0


def _catalog_parts(args: argparse.Namespace) -> Mapping[str, AnyPart] | None:
    """The catalog's parts, to check a report's figures against datasheets; None where the probe
    runs without the catalog (the standalone probe executable has no database)."""
    try:
        from app.catalog.common import CatalogError  # noqa: PLC0415
        from app.catalog.seed import CatalogSourceError  # noqa: PLC0415
        from app.catalog.store import open_catalog  # noqa: PLC0415
    except ImportError:
        return None
    try:
        catalog = open_catalog(getattr(args, "data_dir", None))
    except (CatalogError, CatalogSourceError):
        return None
    try:
        return catalog.parts_by_id()
    finally:
        catalog.close()


def cmd_probe_import(args: argparse.Namespace) -> int:
    from app.probe.calibration import import_report  # noqa: PLC0415
    from app.probe.report import ProbeReportError  # noqa: PLC0415

    try:
        parts = _catalog_parts(args)
        stored = import_report(args.file, getattr(args, "data_dir", None), parts)
    except ProbeReportError as exc:
        raise CliError(str(exc)) from None
    r = stored.report
    shifts = _shifts([c.gpu_id for c in r.calibration], parts, getattr(args, "data_dir", None))
    if args.json:
        print(json.dumps({
            "file": str(args.file), "stored": str(stored.path), "already_present": stored.already_present,
            "status": r.status, "host": r.host.hostname, "started_at": r.run.started_at.isoformat(),
            "mode": r.run.mode, "gpus": len(r.gpus),
            "calibration": [{"gpu_id": c.gpu_id, "gpu_name": c.gpu_name, "confidence": c.confidence,
                             "measured": c.measured, "efficiency": c.efficiency,
                             "estimate_shift": shifts.get(c.gpu_id)} for c in r.calibration],
        }, indent=2))
        return 0
    if stored.already_present:
        print(translate_format(CONTEXT, "Already imported: {file} -> {path}", file=args.file, path=stored.path))
    else:
        print(translate_format(CONTEXT, "Imported: {file} -> {path}", file=args.file, path=stored.path))
    print(translate_format(CONTEXT, "Probe of {host} on {started} UTC, status {status}, {count} GPU(s)",
                           host=r.host.hostname, started=f"{r.run.started_at.astimezone(UTC):%Y-%m-%d %H:%M}",
                           status=r.status, count=len(r.gpus)))
    for c in r.calibration:
        figures = ", ".join(f"{k} {v:,.1f}" for k, v in c.measured.items())
        print("  " + translate_format(CONTEXT, "{gpu} ({confidence} confidence): {figures}", gpu=c.gpu_id,
                                      confidence=c.confidence, figures=figures))
    for c in r.calibration:
        shift = shifts.get(c.gpu_id)
        if shift is not None:
            print("  " + shift_line(shift))
    if not r.calibration:
        print("  " + translate(CONTEXT, "no calibration in this report (no catalog GPU was measured)"))
    return 0


def _shifts(calibrated: list[str], parts: Mapping[str, AnyPart] | None,
            data_dir: str | None) -> dict[str, dict[str, object]]:
    """How far each calibrated GPU's figures move the reference estimate (app.probe.measured)."""
    from app.core.parts import Gpu  # noqa: PLC0415
    from app.probe.calibration import latest_calibration  # noqa: PLC0415
    from app.probe.measured import estimate_shift, measured_peaks  # noqa: PLC0415

    out: dict[str, dict[str, object]] = {}
    for gpu_id in calibrated:
        gpu = parts.get(gpu_id) if parts else None
        cal = latest_calibration(gpu_id, data_dir) if isinstance(gpu, Gpu) else None
        peaks = measured_peaks(cal, gpu) if cal is not None and isinstance(gpu, Gpu) else None
        shift = estimate_shift(gpu, peaks, parts) if peaks is not None and isinstance(gpu, Gpu) and parts else None
        if shift is not None:
            out[gpu_id] = shift
    return out


def shift_line(shift: Mapping[str, Any]) -> str:
    def pct(metric: str) -> str:
        change = shift[metric]["change"]
        return f"{change:+.0%}" if change is not None else "-"

    return translate_format(CONTEXT, "moves the estimate ({model} BF16, {inp:,} in / {out:,} out, concurrency "
                            "{conc}): TTFT {ttft}, TPOT {tpot}, throughput {tps} against datasheet peaks",
                            model=shift["model"], inp=shift["input_len"], out=shift["output_len"],
                            conc=shift["concurrency"], ttft=pct("ttft_ms"), tpot=pct("tpot_ms"),
                            tps=pct("output_tps_total"))
