"""Documented reinterpretations of published rows (db/perf/measurement-overrides.csv): exclude a row, read it as
another metric, or add the run settings its columns cannot hold (an engine knob, a Poisson rate and its P99 targets).

Kept apart from :mod:`app.perf.dataset` (which turns rows into estimator cases) because each rule is a judgement
about one source, with its reason quoted in the accuracy report, not a step of reading the table.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from app.perf.calibration import perf_data_dir
from app.perf.dataset import FIT_SETTING, DatasetError, Measurement

# Run settings a measurement override may add to a row (db/perf/measurement-overrides.csv, action set:KEY=VALUE):
# engine knobs the source used but the table's columns cannot hold.
RUN_SETTINGS: tuple[str, ...] = (
    "batch_wait_iters", "batch_wait_prompts", "recv_interval", "recv_min_running", "prefill_chunk", "bench_rounds",
    "max_num_seqs", "offline_requests", "input_len_cv", "lock_step",
)
# Columns an override may re-read (set:precision=fp4): a table label that names another format than the
# checkpoint's, with the reason in the override; and what the row's run set that no column holds: its KV-cache
# precision (set:kv_precision=fp8), the engine's memory fraction (set:memory_fraction=0.98, vLLM
# --gpu-memory-utilization), and a Poisson load with its P99 targets (MLPerf Server: set:request_rate=81.68;
# ttft_target_ms=2000;tpot_target_ms=200).
ROW_READINGS: tuple[str, ...] = ("precision", "kv_precision", "memory_fraction", "request_rate", "ttft_target_ms",
                                 "tpot_target_ms")


ANY = "*"


@dataclass(frozen=True, slots=True)
class Override:
    """A documented reinterpretation of published rows (db/perf/measurement-overrides.csv).

    gpu, model, metric and value pick one row ('*' or blank: any); a rule that covers every row of a run
    also names the run through `engine` and `scenario` (case-insensitive regular expressions) and the
    lengths (exact; blank: any).
    """

    gpu: str
    model: str
    metric: str
    value: float | None  # None: any
    # "exclude", "as:METRIC" or "set:KEY=VALUE[;KEY=VALUE]" (a run setting the row's columns omit; fit=no: scored,
    # kept out of the fit)
    action: str
    reason: str
    engine: str = ""
    scenario: str = ""
    input_len: str = ""
    output_len: str = ""

    def matches(self, m: Measurement) -> bool:
        r = m.row
        if self.value is not None:
            try:
                if abs(float(r["value"]) - self.value) > 1e-9 * max(1.0, abs(self.value)):
                    return False
            except ValueError:
                return False
        exact = (
            (self.gpu, r["gpu"]),
            (self.model, r["model"]),
            (self.metric, m.metric),
            (self.input_len, r["input_len"]),
            (self.output_len, r["output_len"]),
        )
        if any(want not in ("", ANY) and want != got for want, got in exact):
            return False
        pattern = ((self.engine, r["engine"]), (self.scenario, r["scenario"]))
        return all(not want or re.search(want, got, re.IGNORECASE) for want, got in pattern)


def read_overrides(path: Path | None = None) -> list[Override]:
    p = path or (perf_data_dir() / "measurement-overrides.csv")
    if not p.exists():
        return []
    out: list[Override] = []
    with p.open(encoding="utf-8", newline="") as fh:
        for line, r in enumerate(csv.DictReader(fh), start=2):
            value = (r.get("value") or "").strip()
            try:
                out.append(
                    Override(
                        gpu=(r.get("gpu") or "").strip(),
                        model=(r.get("model") or "").strip(),
                        metric=(r.get("metric") or "").strip().lower(),
                        value=None if value in ("", ANY) else float(value),
                        action=r["action"].strip(),
                        reason=r["reason"].strip(),
                        engine=(r.get("engine") or "").strip(),
                        scenario=(r.get("scenario") or "").strip(),
                        input_len=(r.get("input_len") or "").strip(),
                        output_len=(r.get("output_len") or "").strip(),
                    )
                )
            except (KeyError, ValueError) as exc:
                raise DatasetError(f"{p.name}, row {line}: {exc}") from None
    return out


def apply_overrides(
    measurements: Iterable[Measurement], overrides: Sequence[Override]
) -> tuple[list[Measurement], list[str]]:
    """Measurements with overrides applied, and one line per row changed (for the report).

    An override's reason is quoted on the first row it changes; later rows refer back to it.
    """
    out: list[Measurement] = []
    used: list[str] = []
    quoted: set[int] = set()
    for m in measurements:
        index, hit = next(((i, o) for i, o in enumerate(overrides) if o.matches(m)), (-1, None))
        if hit is None:
            out.append(m)
            continue
        why = hit.reason if index not in quoted else f"as above (override row {index + 2})"
        quoted.add(index)
        if hit.action == "exclude":
            used.append(f"excluded {m.label} {m.metric}: {why}")
            continue
        if hit.action.startswith("set:"):
            settings = dict(kv.split("=", 1) for kv in hit.action.removeprefix("set:").split(";") if "=" in kv)
            unknown = set(settings) - set(RUN_SETTINGS) - set(ROW_READINGS) - {FIT_SETTING}
            if settings.get(FIT_SETTING, "no") != "no":
                raise DatasetError(f"override for {m.label}: {FIT_SETTING}= takes only 'no'")
            if unknown:
                raise DatasetError(f"override for {m.label}: unknown run setting(s) {sorted(unknown)}")
            out.append(Measurement({**m.row, **settings}, m.file, m.line))
            used.append(f"read {m.label} {m.metric} with {hit.action.removeprefix('set:')}: {why}")
            continue
        if not hit.action.startswith("as:"):
            raise DatasetError(f"override for {m.label}: unknown action {hit.action!r}")
        new_metric = hit.action.removeprefix("as:")
        out.append(Measurement({**m.row, "metric": new_metric}, m.file, m.line))
        used.append(f"read {m.label} {m.metric} as {new_metric}: {why}")
    return out, used
