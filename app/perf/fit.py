"""Re-derive the calibration table from published measurements: `python -m app.perf.fit`.

Fits every row of db/perf/calibration.csv marked fit=yes by robust least squares on log errors
(Levenberg-Marquardt, Huber loss), regularised toward each row's sourced prior so that a
parameter with little data stays physical. Rows are weighted 1/sqrt(n) per (source, metric) so
one large table cannot drown the others. Then it runs leave-one-source-out (each publication
held out in turn, refitted without it, predicted) and writes the 50th/80th-percentile held-out
errors per metric to db/perf/bands.csv: the confidence band every estimate carries.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from app.perf.calibration import (
    ENGINE_BAND_MIN_ROWS,
    MOE_BAND,
    Band,
    Calibration,
    CalibrationEntry,
    band_key,
    engine_band,
    is_vendor_class,
    load_calibration,
    perf_data_dir,
    write_bands,
    write_calibration,
)
from app.perf.dataset import (
    Case,
    build_cases,
    default_measurements,
    fit_rows,
    moe_csv_path,
    read_measurements,
)
from app.perf.overrides import apply_overrides, read_overrides
from app.perf.preparation import gpu_class

HUBER_DELTA = 0.25  # log-error beyond which a row counts linearly (~28 %)
PRIOR_WEIGHT = 0.3  # a prior one sigma away costs as much as one fully weighted row 30 % off
Key = tuple[str, str, str]


def fitted_keys(cal: Calibration) -> list[Key]:
    return [k for k, e in cal.entries.items() if e.fitted]


def case_weights(cases: Sequence[Case]) -> np.ndarray:
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for c in cases:
        counts[(c.measurement.source_group, c.metric)] += 1
    return np.array([1.0 / math.sqrt(counts[(c.measurement.source_group, c.metric)]) for c in cases])


def log_errors(cases: Sequence[Case], cal: Calibration) -> np.ndarray:
    out = np.empty(len(cases))
    for i, c in enumerate(cases):
        pred = c.predict(cal)
        out[i] = math.log(max(pred, 1e-12) / c.measured) if math.isfinite(pred) else 5.0
    return out


def case_class(c: Case) -> str:
    return gpu_class(c.deployment.gpu)


def is_moe_key(key: Key) -> bool:
    """MoE-specific parameters (``moe_*``): fitted on MoE rows, the only rows they move."""
    return key[0].startswith("moe_")


def from_moe_file(c: Case) -> bool:
    """A row of db/perf/moe-measurements.csv: it may calibrate MoE-specific and vendor parameters only."""
    return c.measurement.file == moe_csv_path().name


def fit_calibration(
    cases: Sequence[Case],
    base: Calibration,
    *,
    max_iter: int = 30,
    log: Callable[[str], None] | None = None,
) -> Calibration:
    """Parameters that best explain `cases`, starting from `base` (its priors and bounds).

    In three stages: the shared parameters on the dense models' rows of GPUs without a class of their own
    (no MoE model's row, from whichever file, pulls the dense efficiencies); then the
    MoE-specific parameters (``moe_*``) on the MoE rows of those GPUs, the rest held; then each vendor
    class's parameters (e.g. "hbm-amd") on that vendor's rows alone. AMD rows cannot pull NVIDIA's
    efficiencies, and a vendor without rows keeps its priors.
    """
    keys = fitted_keys(base)
    shared = [c for c in cases if not is_vendor_class(case_class(c))]
    general = [k for k in keys if not is_vendor_class(k[2]) and not is_moe_key(k)]
    dense = [c for c in shared if not from_moe_file(c) and not c.workload.llm.is_moe]
    cal = _fit_keys(dense, base, general, max_iter, log)
    moe_keys = [k for k in keys if not is_vendor_class(k[2]) and is_moe_key(k)]
    moe_rows = [c for c in shared if c.workload.llm.is_moe]
    if log and moe_rows:
        log(f"MoE parameters: {len(moe_rows)} rows")
    cal = _fit_keys(moe_rows, cal, moe_keys, max_iter, log)
    for cls in sorted({k[2] for k in keys if is_vendor_class(k[2])}):
        own = [c for c in cases if case_class(c) == cls]
        class_keys = [k for k in keys if k[2] == cls]
        if own:
            if log:
                log(f"vendor class {cls}: {len(own)} rows")
            cal = _fit_keys(own, cal, class_keys, max_iter, log)
        else:  # no rows of this vendor: its priors, not values an earlier fit took from rows now held out
            cal = cal.with_values({k: cal.entries[k].prior for k in class_keys})
    return cal


def _fit_keys(cases: Sequence[Case], base: Calibration, keys: list[Key], max_iter: int,
              log: Callable[[str], None] | None) -> Calibration:
    if not cases or not keys:
        return base
    ents = [base.entries[k] for k in keys]
    lo = np.array([math.log(e.lo) for e in ents])
    hi = np.array([math.log(e.hi) for e in ents])
    x0 = np.array([math.log(e.prior) for e in ents])
    sig = np.array([e.prior_log_sigma if e.prior_log_sigma > 0 else 1e3 for e in ents])
    w = case_weights(cases)

    def calib(x: np.ndarray) -> Calibration:
        return base.with_values({k: float(math.exp(v)) for k, v in zip(keys, x, strict=True)})

    def residuals(x: np.ndarray, robust: np.ndarray) -> np.ndarray:
        data = np.sqrt(w * robust) * log_errors(cases, calib(x))
        prior = PRIOR_WEIGHT * (x - x0) / sig
        return np.concatenate([data, prior])

    x = np.clip(np.array([math.log(base.entries[k].value) for k in keys]), lo, hi)
    robust = np.ones(len(cases))
    lam = 1e-2
    r = residuals(x, robust)
    cost = float(r @ r)
    rel = 1.0
    for it in range(max_iter):
        if it % 3 == 0:  # iteratively reweighted: Huber weights from the current errors
            e = log_errors(cases, calib(x))
            robust = np.where(np.abs(e) <= HUBER_DELTA, 1.0, HUBER_DELTA / np.maximum(np.abs(e), 1e-12))
        r = residuals(x, robust)
        cost = float(r @ r)
        jac = np.empty((r.size, x.size))
        h = 1e-4
        for j in range(x.size):
            xp = x.copy()
            xp[j] += h
            jac[:, j] = (residuals(xp, robust) - r) / h
        jtj = jac.T @ jac
        g = jac.T @ r
        improved = False
        for _ in range(8):
            step = np.linalg.solve(jtj + lam * np.diag(np.diag(jtj) + 1e-9), -g)
            xn = np.clip(x + step, lo, hi)
            rn = residuals(xn, robust)
            cn = float(rn @ rn)
            if cn < cost:
                rel = (cost - cn) / max(cost, 1e-12)
                x, cost = xn, cn
                lam = max(lam / 3.0, 1e-6)
                improved = True
                break
            lam *= 4.0
        if log:
            log(f"  iteration {it + 1}: cost {cost:.4f} (lambda {lam:.1e})")
        if (not improved or rel < 1e-5) and it % 3 == 2:
            break
    return calib(x)


def percentile(values: Sequence[float], q: float) -> float:
    return float(np.percentile(np.array(values), q)) if values else float("nan")


def leave_one_source_out(
    cases: Sequence[Case],
    base: Calibration,
    *,
    max_iter: int = 30,
    log: Callable[[str], None] | None = None,
) -> list[tuple[Case, float]]:
    """Each source group refitted without its own rows, then predicted: (case, predicted) pairs."""
    groups = sorted({c.measurement.source_group for c in cases})
    out: list[tuple[Case, float]] = []
    for g in groups:
        train = [c for c in cases if c.measurement.source_group != g]
        test = [c for c in cases if c.measurement.source_group == g]
        if log:
            log(f"leave out {g} ({len(test)} rows)")
        cal = fit_calibration(train, base, max_iter=max_iter) if train else base
        out.extend((c, c.predict(cal)) for c in test)
    return out


def bands_from(pairs: Sequence[tuple[Case, float]], label: str) -> dict[str, Band]:
    by_metric: dict[str, list[float]] = defaultdict(list)
    for c, pred in pairs:
        # The estimate's TTFT band: a row's median, where the fit learned TTFT from it, is a TTFT row too.
        metric = "ttft" if c.metric == "ttft_median" else c.metric
        by_metric[metric].append(abs(pred - c.measured) / c.measured)
    return {
        m: Band(metric=m, p50=percentile(v, 50), p80=percentile(v, 80), n=len(v), source=label)
        for m, v in sorted(by_metric.items())
    }


def class_bands(pairs: Sequence[tuple[Case, float]], label: str) -> dict[str, Band]:
    """Bands for the shared classes (dense rows), their MoE rows ("ttft@moe"), each vendor class's own from its
    rows ("ttft@hbm-amd"), and each engine's on the shared classes ("ttft@vllm", "ttft@moe-sglang"; a metric
    with fewer than ENGINE_BAND_MIN_ROWS rows of the engine has none and the estimate takes the wider group's)."""
    general = [(c, p) for c, p in pairs if not is_vendor_class(case_class(c))]
    bands = bands_from([(c, p) for c, p in general if not c.workload.llm.is_moe], label)
    groups: dict[str, list[tuple[Case, float]]] = {
        MOE_BAND: [(c, p) for c, p in general if c.workload.llm.is_moe]}
    for cls in sorted({case_class(c) for c, _ in pairs} - {case_class(c) for c, _ in general}):
        groups[cls] = [(c, p) for c, p in pairs if case_class(c) == cls]
    # Each engine's own, where it has rows enough: engines schedule and launch their kernels their own way.
    engines: set[str] = set()
    for moe in (False, True):
        for eng in sorted({c.workload.engine.value for c, _ in general}):
            engines.add(engine_band(eng, moe))
            groups[engine_band(eng, moe)] = [
                (c, p) for c, p in general if c.workload.engine.value == eng and c.workload.llm.is_moe is moe]
    for name, rows in groups.items():
        own = bands_from(rows, f"{label}: {name} rows")
        if name in engines:
            own = {m: b for m, b in own.items() if b.n >= ENGINE_BAND_MIN_ROWS}
        bands.update({band_key(m, name): replace(b, metric=band_key(m, name)) for m, b in own.items()})
    return bands


def _stamp(ent: CalibrationEntry, n: int, files: str) -> CalibrationEntry:
    prior_src = ent.source.split(" | ", 1)[1] if ent.source.startswith("fit:") and " | " in ent.source else ent.source
    return replace(ent, source=f"fit: {n} measurements ({files}) | {prior_src}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.perf.fit", description=__doc__.splitlines()[0])
    parser.add_argument("--catalog-dir", type=Path, help="catalog source CSVs (default: db/catalog)")
    parser.add_argument("--calibration-csv", type=Path, help="measurements (default: ../shared/reference/...)")
    parser.add_argument("--no-extra", action="store_true", help="leave out db/perf/extra-measurements.csv")
    parser.add_argument("--out-dir", type=Path, default=None, help="where to write calibration.csv and bands.csv")
    parser.add_argument("--max-iter", type=int, default=30)
    parser.add_argument("--no-bands", action="store_true", help="skip the leave-one-source-out bands")
    parser.add_argument("--from-priors", action="store_true", help="start from the priors, not the current values")
    args = parser.parse_args(argv)
    try:
        measurements = default_measurements(not args.no_extra, args.calibration_csv)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    measurements, used = apply_overrides(measurements, read_overrides())
    cases, skipped = build_cases(fit_rows(measurements), args.catalog_dir)
    # The MoE file's rows: NVIDIA's calibrate the MoE-specific parameters only, each vendor class's (AMD)
    # that class (fit_calibration's stages).
    moe_ms, _ = apply_overrides(read_measurements(moe_csv_path()), read_overrides())
    moe_cases = build_cases(fit_rows(moe_ms), args.catalog_dir)[0]
    per_class = Counter(case_class(c) for c in moe_cases if is_vendor_class(case_class(c)))
    n_vendor = sum(per_class.values())
    cases += moe_cases
    for line in used:
        print(f"override: {line}")
    for s in skipped:
        print(f"skipped: {s.measurement.label}: {s.reason}")
    base = load_calibration()
    if args.from_priors:
        base = base.with_values({k: e.prior for k, e in base.entries.items() if e.fitted})
    print(f"fitting {len(fitted_keys(base))} parameters on {len(cases)} measurements")
    cal = fit_calibration(cases, base, max_iter=args.max_iter, log=print)
    files = "measured-perf-calibration.csv" + ("" if args.no_extra else " + db/perf/extra-measurements.csv")
    vendor_rows = ", ".join(f"{n} {cls} rows" for cls, n in sorted(per_class.items()))
    files += (f" + db/perf/moe-measurements.csv: {len(moe_cases) - n_vendor} rows for moe_* parameters"
              + (f", {vendor_rows}" if vendor_rows else "") if moe_cases else "")
    entries = {k: (_stamp(e, len(cases), files) if e.fitted else e) for k, e in cal.entries.items()}
    out_dir = args.out_dir or perf_data_dir()
    out_dir.mkdir(parents=True, exist_ok=True)
    write_calibration(out_dir / "calibration.csv", entries)
    for k in fitted_keys(cal):
        e = cal.entries[k]
        print(f"  {e.param:24s} {e.engine:9s} {e.gpu_class:8s} {e.value:10.4g} {e.unit:8s} (prior {e.prior:g})")
    if not args.no_bands:
        pairs = leave_one_source_out(cases, cal, max_iter=args.max_iter, log=print)
        bands = class_bands(pairs, f"leave-one-source-out on {len(cases)} measurements")
        write_bands(out_dir / "bands.csv", bands)
        for b in bands.values():
            print(f"  band {b.metric:26s} n={b.n:3d} p50 {b.p50:.1%} p80 {b.p80:.1%}")
    print(f"wrote {out_dir / 'calibration.csv'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
