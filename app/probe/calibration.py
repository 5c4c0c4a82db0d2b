"""Calibration from probe reports: building the block, storing reports, and reading them back.

The performance model asks ``latest_calibration(gpu_id, data_dir)`` for a catalog GPU and gets
a ``Calibration``: measured memory bandwidth (STREAM triad and batch-1 GEMV), dense TFLOPS by
precision, host and peer link bandwidth, each also as a fraction of the datasheet peak, with
the date and host of the run, so an estimate can say "probe-calibrated, 2026-05-04, gpu-node-7".

Reports live in ``user_data_dir(data_dir) / "probe-reports"``, one validated JSON file per
run, named ``<UTC start>_<host>_<digest>.json``; importing the same report twice is a no-op.
"""

from __future__ import annotations

import hashlib
import os
import re
import statistics
import tempfile
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from app.core.parts import AnyPart, Gpu
from app.probe.report import (
    CALIBRATION_METRICS,
    D2H,
    GEMM_BF16,
    GEMM_FP8,
    GEMM_FP16,
    GEMV_B1,
    H2D,
    MEM_BW,
    P2P,
    CalibrationEntry,
    ConfidenceLevel,
    GpuInfo,
    Measurement,
    Message,
    ProbeReport,
    ProbeReportError,
    load_report,
    parse_report,
)

REPORTS_DIRNAME = "probe-reports"
CONTEXT = "Probe"  # app.i18n.extract reads a context constant from the module that uses it
BENCHMARK_ENGINES = ("torch", "cupy")  # app.probe.bench_gpu's backends, by the name they report
# calibration key -> report metrics that feed it, in order of preference
CALIBRATION_SOURCES: dict[str, tuple[str, ...]] = {
    MEM_BW: ("mem_bw_triad",),
    GEMV_B1: ("gemv_b1_bf16", "gemv_b1_fp16"),
    GEMM_BF16: ("gemm_bf16",),
    GEMM_FP16: ("gemm_fp16",),
    GEMM_FP8: ("gemm_fp8",),
    H2D: ("h2d_pinned",),
    D2H: ("d2h_pinned",),
    P2P: ("p2p_unidir",),
}
CORE_KEYS = (MEM_BW, GEMM_BF16)
CV_STABLE = 0.05
CV_NOISY = 0.15
# A fraction of datasheet peak outside this band means a wrong catalog match or a broken test.
PLAUSIBLE_EFFICIENCY = (0.2, 1.1)


# ---- building the calibration block ----------------------------------------------------------
def _ok(results: Iterable[Measurement], metrics: Sequence[str], gpu: int) -> list[Measurement]:
    for metric in metrics:
        found = [m for m in results if m.metric == metric and m.gpu == gpu and m.status == "ok" and m.value]
        if found:
            return found
    return []


def build_calibration(gpus: Sequence[GpuInfo], results: Sequence[Measurement], messages: Sequence[Message],
                      mode: str) -> list[CalibrationEntry]:
    """One entry per catalog GPU model present: the median over its healthy GPUs of each figure."""
    excluded: dict[int, str] = {}
    for g in gpus:
        if g.mig.enabled:
            excluded[g.index] = "MIG slice"
    warn_codes: dict[int, set[str]] = {}
    for msg in messages:
        if msg.gpu is not None:
            warn_codes.setdefault(msg.gpu, set()).add(msg.code)
    groups: dict[str, list[GpuInfo]] = {}
    for g in gpus:
        if g.catalog_id and g.index not in excluded:
            groups.setdefault(g.catalog_id, []).append(g)
    entries: list[CalibrationEntry] = []
    for gpu_id, members in groups.items():
        indices = {g.index for g in members}
        measured: dict[str, float] = {}
        peak: dict[str, float] = {}
        efficiency: dict[str, float] = {}
        notes: list[str] = []
        cvs: list[float] = []
        throttled = False
        undersized = False
        used: set[int] = set()
        for key, metrics in CALIBRATION_SOURCES.items():
            per_gpu: list[float] = []
            peaks: list[float] = []
            for g in members:
                found = _ok(results, metrics, g.index)
                if key == P2P:
                    found = [m for m in found if m.peer in indices]
                for m in found:
                    assert m.value is not None
                    per_gpu.append(m.value.median)
                    cvs.append(m.value.cv)
                    used.add(g.index)
                    if m.peak:
                        peaks.append(m.peak)
                    if m.telemetry is not None and m.telemetry.throttled:
                        throttled = True
                    if m.params.get("undersized") is True:
                        undersized = True
            if not per_gpu:
                continue
            value = statistics.median(per_gpu)
            measured[key] = value
            if peaks:
                p = statistics.median(peaks)
                peak[key] = p
                efficiency[key] = value / p
        if not measured:
            continue
        downgrades: list[tuple[ConfidenceLevel, str]] = []

        def lower(to: ConfidenceLevel, why: str, sink: list[tuple[ConfidenceLevel, str]] = downgrades) -> None:
            sink.append((to, why))

        if mode == "smoke":
            lower("low", "smoke run: tiny sizes, not representative")
        missing = [k for k in CORE_KEYS if k not in measured]
        if missing:
            lower("medium", f"not measured: {', '.join(missing)}")
        if cvs and max(cvs) > CV_NOISY:
            lower("low", f"unstable timings (spread up to {max(cvs):.0%})")
        elif cvs and max(cvs) > CV_STABLE:
            lower("medium", f"noisy timings (spread up to {max(cvs):.0%})")
        if throttled:
            lower("low", "clocks were throttled (thermal or hardware slowdown) during the run")
        if undersized:
            lower("medium", "bandwidth working set smaller than recommended (little free memory)")
        for g in members:
            codes = warn_codes.get(g.index, set())
            if "GPU_BUSY" in codes:
                lower("low", f"GPU {g.index} was busy with other work")
            if g.catalog_match == "fuzzy":
                notes.append(f"GPU {g.index} ({g.name}) matched to {gpu_id} by model and memory size")
        lo, hi = PLAUSIBLE_EFFICIENCY
        for key, eff in efficiency.items():
            if key in (MEM_BW, GEMM_BF16, GEMM_FP16) and not lo <= eff <= hi:
                lower("low", f"{key} is {eff:.0%} of the datasheet peak: check the catalog match")
        order: tuple[ConfidenceLevel, ...] = ("high", "medium", "low")
        confidence: ConfidenceLevel = max((to for to, _ in downgrades), key=order.index, default="high")
        notes = [why for _, why in downgrades] + notes
        entries.append(CalibrationEntry(
            gpu_id=gpu_id, gpu_name=members[0].name, gpus=sorted(used or indices), measured=measured, peak=peak,
            efficiency=efficiency, confidence=confidence, notes=list(dict.fromkeys(notes)),
        ))
    return entries


# ---- what the performance model reads --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Calibration:
    """Measured figures for one catalog GPU from the newest probe report that has them."""

    gpu_id: str
    gpu_name: str
    host: str
    measured_at: datetime
    gpu_count: int
    confidence: ConfidenceLevel
    mem_bandwidth_gbs: float | None
    decode_bandwidth_gbs: float | None  # batch-1 GEMV: what decode at batch 1 really streams
    tflops: Mapping[str, float]  # "bf16", "fp16", "fp8"
    h2d_gbs: float | None
    d2h_gbs: float | None
    p2p_gbs: float | None
    efficiency: Mapping[str, float]  # calibration key (report.CALIBRATION_METRICS) -> measured / datasheet
    notes: tuple[str, ...] = ()
    report_path: Path | None = None
    engine: str | None = None  # the benchmark engine ("torch", "cupy"): readings differ by engine

    @property
    def date(self) -> str:
        return self.measured_at.date().isoformat()

    @property
    def label(self) -> str:
        """For estimates: 'probe-calibrated, 2026-05-04, gpu-node-7' (in the user's language)."""
        from app.core.i18n import translate_format  # noqa: PLC0415

        return translate_format(CONTEXT, "probe-calibrated, {date}, {host}", date=self.date, host=self.host)

    def tflops_for(self, precision: str) -> float | None:
        """Measured dense TFLOPS for a precision name; bf16 and fp16 stand in for each other."""
        p = precision.lower()
        if p in ("bf16", "fp16"):
            return self.tflops.get(p) or self.tflops.get("fp16" if p == "bf16" else "bf16")
        return self.tflops.get(p)

    def efficiency_for(self, key: str) -> float | None:
        return self.efficiency.get(key)

    @classmethod
    def from_entry(cls, entry: CalibrationEntry, report: ProbeReport, path: Path | None = None) -> Calibration:
        m = entry.measured
        tflops = {name: m[key] for name, key in (("bf16", GEMM_BF16), ("fp16", GEMM_FP16), ("fp8", GEMM_FP8))
                  if key in m}
        return cls(
            gpu_id=entry.gpu_id, gpu_name=entry.gpu_name, host=report.host.hostname,
            measured_at=report.run.started_at, gpu_count=len(entry.gpus), confidence=entry.confidence,
            mem_bandwidth_gbs=m.get(MEM_BW), decode_bandwidth_gbs=m.get(GEMV_B1), tflops=tflops,
            h2d_gbs=m.get(H2D), d2h_gbs=m.get(D2H), p2p_gbs=m.get(P2P),
            efficiency={k: v for k, v in entry.efficiency.items() if k in CALIBRATION_METRICS},
            notes=tuple(entry.notes), report_path=path, engine=benchmark_engine(report),
        )


def benchmark_engine(report: ProbeReport) -> str | None:
    """The engine that ran the GPU benchmarks: the one of the report's benchmark backends that was available."""
    for b in report.backends:
        if b.available and b.name in BENCHMARK_ENGINES:
            return b.name
    return None


# ---- storage -----------------------------------------------------------------------------------
def reports_dir(data_dir: str | os.PathLike[str] | None = None) -> Path:
    from app.paths import user_data_dir  # noqa: PLC0415 - platformdirs only when storage is used

    path = user_data_dir(data_dir) / REPORTS_DIRNAME
    path.mkdir(parents=True, exist_ok=True)
    return path


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "host"


def report_filename(report: ProbeReport, canonical: str) -> str:
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:10]
    stamp = report.run.started_at.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    return f"{stamp}_{_slug(report.host.hostname)}_{digest}.json"


@dataclass(frozen=True, slots=True)
class StoredReport:
    path: Path
    report: ProbeReport
    already_present: bool = False


def store_report(report: ProbeReport, data_dir: str | os.PathLike[str] | None = None) -> StoredReport:
    """Write a validated report into the reports directory (atomically); idempotent."""
    canonical = report.to_json()
    directory = reports_dir(data_dir)
    path = directory / report_filename(report, canonical)
    if path.exists():
        return StoredReport(path, report, already_present=True)
    fd, tmp = tempfile.mkstemp(prefix=".incoming-", suffix=".json", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(canonical)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _cache_clear()
    return StoredReport(path, report)


def import_report(source: str | os.PathLike[str], data_dir: str | os.PathLike[str] | None = None,
                  parts: Mapping[str, AnyPart] | None = None) -> StoredReport:
    """Validate a report file strictly and store it. Raises ProbeReportError naming the problem;
    with the catalog's ``parts``, also when a calibration figure cannot be that GPU's
    (app.probe.plausibility), so nothing implausible is ever stored."""
    report = load_report(Path(source))
    if parts is not None:
        from app.probe.plausibility import implausible  # noqa: PLC0415

        for entry in report.calibration:
            gpu = parts.get(entry.gpu_id)
            if isinstance(gpu, Gpu):
                bad = implausible(entry.measured, gpu)
                if bad:
                    raise ProbeReportError(f"calibration for {entry.gpu_id}: " + "; ".join(bad.values()))
    return store_report(report, data_dir)


@dataclass(slots=True)
class _Cache:
    key: tuple[tuple[str, int, int], ...] = ()
    reports: list[tuple[Path, ProbeReport]] = field(default_factory=list)
    rejected: list[tuple[Path, str]] = field(default_factory=list)


_CACHE: dict[Path, _Cache] = {}
_CACHE_LOCK = threading.Lock()


def _cache_clear() -> None:
    with _CACHE_LOCK:
        _CACHE.clear()


def stored_reports(data_dir: str | os.PathLike[str] | None = None) -> tuple[list[tuple[Path, ProbeReport]],
                                                                             list[tuple[Path, str]]]:
    """(valid reports, newest first; rejected files with the reason). Unchanged files are not re-read."""
    directory = reports_dir(data_dir)
    files = []
    for p in sorted(directory.glob("*.json")):
        try:
            st = p.stat()
        except OSError:
            continue
        files.append((p.name, st.st_mtime_ns, st.st_size))
    key = tuple(files)
    with _CACHE_LOCK:
        cached = _CACHE.get(directory)
        if cached is not None and cached.key == key:
            return list(cached.reports), list(cached.rejected)
    reports: list[tuple[Path, ProbeReport]] = []
    rejected: list[tuple[Path, str]] = []
    for name, _, _ in files:
        path = directory / name
        try:
            reports.append((path, parse_report(path.read_bytes())))
        except ProbeReportError as exc:
            rejected.append((path, str(exc)))
        except OSError as exc:
            rejected.append((path, f"cannot read: {exc}"))
    reports.sort(key=lambda pr: pr[1].run.started_at, reverse=True)
    with _CACHE_LOCK:
        _CACHE[directory] = _Cache(key, reports, rejected)
    return list(reports), list(rejected)


def calibrations(data_dir: str | os.PathLike[str] | None = None) -> list[Calibration]:
    """Every calibration in every stored report, newest first."""
    reports, _ = stored_reports(data_dir)
    return [Calibration.from_entry(e, r, p) for p, r in reports for e in r.calibration]


def latest_calibration(gpu_id: str, data_dir: str | os.PathLike[str] | None = None) -> Calibration | None:
    """The newest stored calibration for a catalog GPU id, or None when no report measured it."""
    reports, _ = stored_reports(data_dir)
    for path, report in reports:
        for entry in report.calibration:
            if entry.gpu_id == gpu_id:
                return Calibration.from_entry(entry, report, path)
    return None
