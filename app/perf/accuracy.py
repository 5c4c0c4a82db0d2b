"""How close the model is to published measurements: `python -m app.perf.accuracy [--json]`.

Prints, per metric: rows, median and mean absolute percentage error, and the share within
+/-25 %, first with the shipped calibration (in-sample: the fit saw these rows), then
leave-one-source-out: each publication's rows are predicted by a calibration refitted without
that publication (nor any extra rows from it), which shows whether the few parameters
generalise or merely fit noise. `--csv FILE` scores any file with the same columns (for example
measurements the calibration never saw) with the shipped calibration; `--out-of-time` adds
db/perf/out-of-time-measurements.csv, an earlier snapshot of a fitted source on older engine releases
that no fit reads, scored with the shipped calibration and split by vendor and engine.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.files import write_file_atomically
from app.perf.calibration import Calibration, load_calibration
from app.perf.dataset import (
    HEADLINE_METRICS,
    KNOWN_METRICS,
    TAIL_METRICS,
    Case,
    DatasetError,
    build_cases,
    calibration_csv_path,
    default_measurements,
    extra_csv_path,
    fit_rows,
    moe_csv_path,
    out_of_time_csv_path,
    read_measurements,
    with_stated_medians,
)
from app.perf.fit import fit_calibration
from app.perf.overrides import Override, apply_overrides, read_overrides

WITHIN = 0.25


@dataclass(frozen=True, slots=True)
class MetricScore:
    metric: str
    n: int
    median_ape: float
    mean_ape: float
    within_25: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "metric": self.metric,
            "n": self.n,
            "median_ape": round(self.median_ape, 4),
            "mean_ape": round(self.mean_ape, 4),
            "within_25": round(self.within_25, 4),
        }


def score(pairs: Sequence[tuple[Case, float]]) -> dict[str, MetricScore]:
    by_metric: dict[str, list[float]] = defaultdict(list)
    for c, pred in pairs:
        by_metric[c.metric].append(abs(pred - c.measured) / c.measured)
    order = {m: i for i, m in enumerate(KNOWN_METRICS)}
    out: dict[str, MetricScore] = {}
    for metric in sorted(by_metric, key=lambda m: order.get(m, 99)):
        errs = by_metric[metric]
        out[metric] = MetricScore(
            metric=metric,
            n=len(errs),
            median_ape=statistics.median(errs),
            mean_ape=statistics.fmean(errs),
            within_25=sum(e <= WITHIN for e in errs) / len(errs),
        )
    return out


def in_sample(cases: Sequence[Case], cal: Calibration) -> list[tuple[Case, float]]:
    return [(c, c.predict(cal)) for c in cases]


def source_of(c: Case) -> str:
    return c.measurement.source_group


def vendor_of(c: Case) -> str:
    """The GPU's vendor: AMD and Intel must stand on their own measurements, not NVIDIA's."""
    return c.deployment.gpu.vendor.lower()


def engine_of(c: Case) -> str:
    """The serving engine: each schedules and launches its kernels its own way, so each is scored on its own."""
    return c.workload.engine.value


def family_of(c: Case) -> str:
    """Dense or MoE: whether MoE is modelled, or only fitted on dense rows."""
    return "moe" if c.workload.llm.is_moe else "dense"


GROUPINGS: dict[str, Callable[[Case], str]] = {
    "leave_one_source_out": source_of,
    "leave_one_vendor_out": vendor_of,
    "leave_one_family_out": family_of,
}


def leave_group_out(eval_cases: Sequence[Case], all_cases: Sequence[Case], base: Calibration,
                    group_of: Callable[[Case], str] = source_of, max_iter: int = 30) -> list[tuple[Case, float]]:
    """Predict each group's eval rows from a fit on every row outside that group."""
    out: list[tuple[Case, float]] = []
    for group in sorted({group_of(c) for c in eval_cases}):
        train = [c for c in all_cases if group_of(c) != group]
        cal = fit_calibration(train, base, max_iter=max_iter) if train else base
        out.extend((c, c.predict(cal)) for c in eval_cases if group_of(c) == group)
    return out


def loso(
    eval_cases: Sequence[Case], all_cases: Sequence[Case], base: Calibration, max_iter: int = 30
) -> list[tuple[Case, float]]:
    """Predict each source's eval rows from a fit on every row not from that source."""
    return leave_group_out(eval_cases, all_cases, base, source_of, max_iter)


def by_group(pairs: Sequence[tuple[Case, float]], group_of: Callable[[Case], str]) -> dict[str, dict[str, MetricScore]]:
    groups: dict[str, list[tuple[Case, float]]] = defaultdict(list)
    for c, p in pairs:
        groups[group_of(c)].append((c, p))
    return {g: score(v) for g, v in sorted(groups.items())}


def _table(title: str, scores: dict[str, MetricScore]) -> list[str]:
    lines = [title, f"  {'metric':28s} {'n':>4s} {'median':>8s} {'mean':>8s} {'<=25%':>7s}"]
    for s in scores.values():
        mark = " *" if s.metric in HEADLINE_METRICS else ""
        lines.append(f"  {s.metric:28s} {s.n:4d} {s.median_ape:8.1%} {s.mean_ape:8.1%} {s.within_25:7.0%}{mark}")
    return lines


def _worst(pairs: Sequence[tuple[Case, float]], k: int) -> list[str]:
    rows = sorted(pairs, key=lambda p: -abs(p[1] - p[0].measured) / p[0].measured)[:k]
    return [
        f"  {(p - c.measured) / c.measured:+7.0%}  {c.metric:24s} meas {c.measured:10.4g} est {p:10.4g}  "
        f"{c.measurement.label}"
        for c, p in rows
    ]


ROW_COLUMNS = ("source", "vendor", "engine", "family", "metric", "gpu", "gpus", "model", "precision", "input_len",
               "output_len", "batch", "measured")


def rows_csv(pairs: Sequence[tuple[Case, float]], held: dict[str, list[tuple[Case, float]]]) -> bytes:
    """Every scored row with its in-sample prediction and each held-out one, and their signed errors: the figures
    behind the medians, for finding which rows a change moves (the held-out fits return rows in group order, so
    they are matched to the in-sample list by case)."""
    names = list(held)
    by_case = {name: {id(c): p for c, p in rows} for name, rows in held.items()}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    held_columns = [f"{name}{suffix}" for name in names for suffix in ("", "_err")]
    w.writerow([*ROW_COLUMNS, "in_sample", "in_sample_err", *held_columns])
    for c, pred in pairs:
        r = c.measurement.row
        fields = [source_of(c), vendor_of(c), engine_of(c), family_of(c), c.metric, c.deployment.gpu.id,
                  r["gpu_count"], c.workload.llm.id, r["precision"], r["input_len"], r["output_len"], r["batch"],
                  f"{c.measured:.6g}", f"{pred:.6g}", f"{(pred - c.measured) / c.measured:+.4f}"]
        for name in names:
            held_pred = by_case[name].get(id(c))
            fields += ["", ""] if held_pred is None else [
                f"{held_pred:.6g}", f"{(held_pred - c.measured) / c.measured:+.4f}"]
        w.writerow(fields)
    return out.getvalue().encode("utf-8")


def out_of_time(cal: Calibration, catalog_dir: Path | None,
                overrides: Sequence[Override] | None = None) -> dict[str, Any]:
    """The out-of-time check: an earlier snapshot of a fitted source, on the engine releases of its day, scored with
    the shipped calibration (no fit reads the file), overall and by vendor and engine."""
    rules = read_overrides() if overrides is None else overrides
    ms, _ = apply_overrides(read_measurements(out_of_time_csv_path()), rules)
    cases, skipped = build_cases(with_stated_medians(ms), catalog_dir)
    pairs = in_sample(cases, cal)
    return {
        "file": str(out_of_time_csv_path()),
        "scores": [s.to_dict() for s in score(pairs).values()],
        "by_vendor": {g: [s.to_dict() for s in sc.values()] for g, sc in by_group(pairs, vendor_of).items()},
        "by_engine": {g: [s.to_dict() for s in sc.values()] for g, sc in by_group(pairs, engine_of).items()},
        "skipped": [f"{s.measurement.label}: {s.reason}" for s in skipped],
    }


def _print_out_of_time(report: dict[str, Any]) -> None:
    print(f"out of time: {report['file']} (never fitted)")
    print("\n".join(_table("with the shipped calibration", {s["metric"]: MetricScore(**s) for s in report["scores"]})))
    for split in ("by_vendor", "by_engine"):
        for g, rows in report[split].items():
            print("\n".join(_table(f"out of time, {g}", {s["metric"]: MetricScore(**s) for s in rows})))
    for line in report["skipped"]:
        print(f"skipped (out of time): {line}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.perf.accuracy", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--csv", type=Path, help="score this measurement file (same columns) instead")
    parser.add_argument("--catalog-dir", type=Path, help="catalog source CSVs (default: db/catalog)")
    parser.add_argument("--no-loso", action="store_true", help="skip leave-one-source-out (faster)")
    parser.add_argument("--worst", type=int, default=8, help="list the N worst rows")
    parser.add_argument("--held-out", action="store_true",
                        help="also leave out each GPU vendor and each model family (dense / MoE) in turn")
    parser.add_argument("--with-moe", action="store_true",
                        help="add db/perf/moe-measurements.csv (staged for the MoE model, not in the fit) to the "
                             "rows scored and the rows the held-out fits train on")
    parser.add_argument("--with-extra", action="store_true",
                        help="also score db/perf/extra-measurements.csv (fitted, and otherwise scored only for its P99 "
                             "figures), each of its sources held out in turn like the others")
    parser.add_argument("--out-of-time", action="store_true",
                        help="also score db/perf/out-of-time-measurements.csv (an earlier snapshot of a fitted source, "
                             "never fitted) with the shipped calibration")
    parser.add_argument("--rows", type=Path, metavar="CSV",
                        help="also write every scored row: measured, in-sample and held-out predictions, errors")
    args = parser.parse_args(argv)
    overrides = read_overrides()
    try:
        if args.csv:
            eval_ms = read_measurements(args.csv)
            all_ms = []
        else:
            all_ms = default_measurements(include_extra=True)
            eval_ms = read_measurements(calibration_csv_path())
            if args.with_moe:
                moe = read_measurements(moe_csv_path())
                all_ms += moe
                eval_ms += moe
            # The P99 figures of the added files (MLPerf Server's highest rate within its bounds): scored only.
            eval_ms += [m for m in all_ms if m.metric in TAIL_METRICS and m.file != calibration_csv_path().name]
            if args.with_extra:  # the rest of the added rows: fitted, and scored against their own held-out fits
                eval_ms += [m for m in all_ms if m.file == extra_csv_path().name and m.metric not in TAIL_METRICS]
    except (DatasetError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    eval_ms, used = apply_overrides(eval_ms, overrides)
    eval_ms = with_stated_medians(eval_ms)  # a row's mean TTFT and the median it states are both scored
    eval_cases, skipped = build_cases(eval_ms, args.catalog_dir)
    cal = load_calibration()
    pairs = in_sample(eval_cases, cal)
    report: dict[str, Any] = {
        "evaluated": str(args.csv or calibration_csv_path()),
        "calibration": cal.label,
        "overrides": used,
        "skipped": [f"{s.measurement.label}: {s.reason}" for s in skipped],
        "in_sample": [s.to_dict() for s in score(pairs).values()],
    }
    if args.out_of_time:
        try:
            report["out_of_time"] = out_of_time(cal, args.catalog_dir, overrides)
        except (DatasetError, OSError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    loso_pairs: list[tuple[Case, float]] = []
    held: dict[str, list[tuple[Case, float]]] = {}  # each held-out grouping's predictions
    if not args.csv and not args.no_loso:
        all_fixed, _ = apply_overrides(all_ms, overrides)
        all_fixed = fit_rows(all_fixed)  # what the fit learns from (python -m app.perf.fit)
        all_cases, _ = build_cases(all_fixed, args.catalog_dir)
        loso_pairs = loso(eval_cases, all_cases, cal)
        report["leave_one_source_out"] = [s.to_dict() for s in score(loso_pairs).values()]
        report["sources"] = sorted({c.measurement.source_group for c in eval_cases})
        held["leave_one_source_out"] = loso_pairs
        if args.held_out:
            for name in ("leave_one_vendor_out", "leave_one_family_out"):
                held[name] = leave_group_out(eval_cases, all_cases, cal, GROUPINGS[name])
                report[name] = [s.to_dict() for s in score(held[name]).values()]
        report["by_vendor"] = {name: {g: [s.to_dict() for s in sc.values()] for g, sc in
                                      by_group(pairs_, vendor_of).items()} for name, pairs_ in held.items()}
        report["by_family"] = {name: {g: [s.to_dict() for s in sc.values()] for g, sc in
                                      by_group(pairs_, family_of).items()} for name, pairs_ in held.items()}
        report["by_engine"] = {name: {g: [s.to_dict() for s in sc.values()] for g, sc in
                                      by_group(pairs_, engine_of).items()} for name, pairs_ in held.items()}
    if args.rows:
        try:
            write_file_atomically(args.rows, rows_csv(pairs, held))
        except OSError as exc:
            print(f"error: cannot write {args.rows}: {exc.strerror or exc}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    title = "with the shipped calibration" + (" (rows the fit saw)" if not args.csv else "")
    print(f"Accuracy against {report['evaluated']}")
    print("\n".join(_table(title, score(pairs))))
    if loso_pairs:
        print("\n".join(_table(f"leave-one-source-out ({len(report['sources'])} sources)", score(loso_pairs))))
        for name in ("leave_one_vendor_out", "leave_one_family_out"):
            if name in report:
                print("\n".join(_table(name.replace("_", "-"), {s["metric"]: MetricScore(**s) for s in report[name]})))
        for split in ("by_vendor", "by_family", "by_engine"):
            for held_name, groups in report[split].items():
                for g, rows in groups.items():
                    print("\n".join(_table(f"{held_name.replace('_', '-')}, {g}",
                                            {s["metric"]: MetricScore(**s) for s in rows})))
    if "out_of_time" in report:
        _print_out_of_time(report["out_of_time"])
    print("  * = headline metric; target: median <= 15 % on each")
    if args.worst:
        print(f"worst {args.worst} rows" + (" (leave-one-source-out)" if loso_pairs else ""))
        print("\n".join(_worst(loso_pairs or pairs, args.worst)))
    for line in used:
        print(f"override: {line}")
    for line in report["skipped"]:
        print(f"skipped: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
