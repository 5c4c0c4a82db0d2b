"""The calibration table: every efficiency the model uses, with its value's origin.

db/perf/calibration.csv holds one row per (param, engine, gpu_class); '*' is a wildcard.
`fit` says how a row gets its value: 'yes' (re-derived by `python -m app.perf.fit` from
measurements, regularised toward `prior`), 'no' (a sourced constant), or 'tie:ENGINE'
(copies another engine's fitted value because no measurements exist for this one).
db/perf/bands.csv holds the confidence bands that `fit` derives from held-out residuals.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from app.paths import bundle_root

WILDCARD = "*"
CALIBRATION_COLUMNS: tuple[str, ...] = (
    "param",
    "engine",
    "gpu_class",
    "value",
    "unit",
    "prior",
    "prior_log_sigma",
    "lo",
    "hi",
    "fit",
    "source",
    "notes",
)
BAND_COLUMNS: tuple[str, ...] = ("metric", "p50_ape", "p80_ape", "n", "source")


def perf_data_dir() -> Path:
    return bundle_root() / "db" / "perf"


def parent_class(gpu_class: str) -> str:
    """'hbm-amd' -> 'hbm': a vendor's own class borrows the memory family's values where it has none."""
    return gpu_class.split("-", 1)[0]


MOE_BAND = "moe"  # band suffix of the MoE rows on GPUs without a class of their own ("ttft@moe")
ENGINE_BAND_MIN_ROWS = 8  # fewer held-out rows of an engine than this make no band of its own


def engine_band(engine: str, moe: bool) -> str:
    """Band suffix of one engine's rows on the shared classes: "ttft@vllm" (dense), "ttft@moe-sglang" (MoE)."""
    return f"{MOE_BAND}-{engine}" if moe else engine


def band_key(metric: str, gpu_class: str) -> str:
    return f"{metric}@{gpu_class}"


# NVIDIA's HBM generations: classes of the shared family, not of a vendor: their rows fit the shared values with
# the rest, and only the parameters a generation has rows of its own for (calibration.csv) part ways.
BLACKWELL_CLASS = "hbm-blackwell"  # NVIDIA HBM GPUs with FP4 tensor cores (app.perf.preparation.gpu_class)
GENERATION_CLASSES = frozenset({BLACKWELL_CLASS})


def is_vendor_class(gpu_class: str) -> bool:
    return parent_class(gpu_class) != gpu_class and gpu_class not in GENERATION_CLASSES


def data_class(gpu_class: str) -> str:
    """The class whose measurements a GPU's efficiencies and bands come from: a generation's is its family's."""
    return parent_class(gpu_class) if gpu_class in GENERATION_CLASSES else gpu_class


class CalibrationError(ValueError):
    """The calibration table is malformed; the message names the file and row."""


@dataclass(frozen=True, slots=True)
class CalibrationEntry:
    param: str
    engine: str
    gpu_class: str
    value: float
    unit: str
    prior: float
    prior_log_sigma: float
    lo: float
    hi: float
    fit: str
    source: str
    notes: str

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.param, self.engine, self.gpu_class)

    @property
    def fitted(self) -> bool:
        return self.fit == "yes"

    @property
    def tie(self) -> str | None:
        return self.fit.removeprefix("tie:") if self.fit.startswith("tie:") else None


@dataclass(frozen=True, slots=True)
class Band:
    """Relative error band for one metric: p80 means 80 % of held-out measurements fell inside."""

    metric: str
    p50: float
    p80: float
    n: int
    source: str


@dataclass(slots=True)
class Calibration:
    entries: dict[tuple[str, str, str], CalibrationEntry]
    bands: dict[str, Band] = field(default_factory=dict)
    label: str = "db/perf/calibration.csv"

    def get(self, param: str, engine: str = WILDCARD, gpu_class: str = WILDCARD) -> float:
        return self.entry(param, engine, gpu_class).value

    def entry(self, param: str, engine: str = WILDCARD, gpu_class: str = WILDCARD) -> CalibrationEntry:
        """Most specific row: (engine, class), (engine, parent class), (engine, *), (*, class), (*, parent), (*, *)."""
        e = self.entries
        parent = parent_class(gpu_class)
        for key in (
            (param, engine, gpu_class),
            (param, engine, parent),
            (param, engine, WILDCARD),
            (param, WILDCARD, gpu_class),
            (param, WILDCARD, parent),
            (param, WILDCARD, WILDCARD),
        ):
            hit = e.get(key)
            if hit is not None:
                return hit
        raise KeyError(f"calibration has no value for {param!r} (engine {engine}, class {gpu_class})")

    def has_specific(self, param: str, engine: str, gpu_class: str) -> bool:
        return (param, engine, gpu_class) in self.entries

    def with_values(self, values: dict[tuple[str, str, str], float], source: str | None = None) -> Calibration:
        """A copy with some values replaced (the fit's trial points); ties follow their targets."""
        entries = dict(self.entries)
        for key, value in values.items():
            old = entries[key]
            entries[key] = replace(old, value=value, source=source or old.source)
        for _ in range(4):  # ties may chain (sglang -> vllm -> trtllm)
            for key, ent in entries.items():
                if ent.tie is not None:
                    target = entries.get((ent.param, ent.tie, ent.gpu_class))
                    if target is not None and target.value != ent.value:
                        entries[key] = replace(ent, value=target.value)
        return Calibration(entries=entries, bands=dict(self.bands), label=self.label)

    def band(self, metric: str, gpu_class: str | None = None) -> Band | None:
        """The class's own band where its held-out rows made one, else the shared band."""
        own = self.bands.get(band_key(metric, gpu_class)) if gpu_class else None
        return own or self.bands.get(metric)

    def has_band(self, metric: str, group: str) -> bool:
        return band_key(metric, group) in self.bands


def _float(text: str, where: str, name: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise CalibrationError(f"{where}: {name} {text!r} is not a number") from None
    if not math.isfinite(value):
        raise CalibrationError(f"{where}: {name} is not finite")
    return value


def read_calibration(path: Path) -> dict[tuple[str, str, str], CalibrationEntry]:
    if not path.exists():
        raise CalibrationError(f"{path}: missing")
    entries: dict[tuple[str, str, str], CalibrationEntry] = {}
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        missing = set(CALIBRATION_COLUMNS) - set(reader.fieldnames or ())
        if missing:
            raise CalibrationError(f"{path.name}: missing columns {sorted(missing)}")
        for line, row in enumerate(reader, start=2):
            where = f"{path.name}, row {line}"
            ent = CalibrationEntry(
                param=row["param"].strip(),
                engine=row["engine"].strip() or WILDCARD,
                gpu_class=row["gpu_class"].strip() or WILDCARD,
                value=_float(row["value"], where, "value"),
                unit=row["unit"].strip(),
                prior=_float(row["prior"] or row["value"], where, "prior"),
                prior_log_sigma=_float(row["prior_log_sigma"] or "0", where, "prior_log_sigma"),
                lo=_float(row["lo"] or "0", where, "lo"),
                hi=_float(row["hi"] or "1e12", where, "hi"),
                fit=row["fit"].strip() or "no",
                source=row["source"].strip(),
                notes=row["notes"].strip(),
            )
            if not ent.source:
                raise CalibrationError(f"{where}: every value needs a source")
            if not ent.lo <= ent.value <= ent.hi:
                raise CalibrationError(f"{where}: value {ent.value} outside [{ent.lo}, {ent.hi}]")
            if ent.key in entries:
                raise CalibrationError(f"{where}: duplicate {ent.key}")
            entries[ent.key] = ent
    return entries


def write_calibration(path: Path, entries: dict[tuple[str, str, str], CalibrationEntry]) -> None:
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, CALIBRATION_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for ent in entries.values():
            writer.writerow(
                {
                    "param": ent.param,
                    "engine": ent.engine,
                    "gpu_class": ent.gpu_class,
                    "value": f"{ent.value:.6g}",
                    "unit": ent.unit,
                    "prior": f"{ent.prior:.6g}",
                    "prior_log_sigma": f"{ent.prior_log_sigma:.6g}",
                    "lo": f"{ent.lo:.6g}",
                    "hi": f"{ent.hi:.6g}",
                    "fit": ent.fit,
                    "source": ent.source,
                    "notes": ent.notes,
                }
            )


def read_bands(path: Path) -> dict[str, Band]:
    if not path.exists():
        return {}
    bands: dict[str, Band] = {}
    with path.open(encoding="utf-8", newline="") as fh:
        for line, row in enumerate(csv.DictReader(fh), start=2):
            where = f"{path.name}, row {line}"
            bands[row["metric"]] = Band(
                metric=row["metric"],
                p50=_float(row["p50_ape"], where, "p50_ape"),
                p80=_float(row["p80_ape"], where, "p80_ape"),
                n=int(_float(row["n"], where, "n")),
                source=row["source"],
            )
    return bands


def write_bands(path: Path, bands: dict[str, Band]) -> None:
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, BAND_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for b in bands.values():
            writer.writerow(
                {"metric": b.metric, "p50_ape": f"{b.p50:.4f}", "p80_ape": f"{b.p80:.4f}", "n": b.n, "source": b.source}
            )


def load_calibration(directory: Path | None = None) -> Calibration:
    """Read the table fresh (the fit and tests use this; the estimator uses the cached default)."""
    d = directory or perf_data_dir()
    entries = read_calibration(d / "calibration.csv")
    cal = Calibration(entries=entries, bands=read_bands(d / "bands.csv"), label=str(d / "calibration.csv"))
    return cal.with_values({})  # resolve ties


@lru_cache(maxsize=1)
def default_calibration() -> Calibration:
    return load_calibration()
