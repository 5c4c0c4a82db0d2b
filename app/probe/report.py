"""The probe report: a versioned JSON document, validated strictly on import.

Top level (format ``inference-sizer.probe-report``, version 1)::

    {"format": "inference-sizer.probe-report", "format_version": 1,
     "status": "ok|partial|no_gpu|error",
     "run": {tool, tool_version, started_at, finished_at, duration_s, mode, interrupted},
     "platform": {...}, "host": {...}, "backends": [...],
     "gpus": [GPU...], "topology": {...} | null,
     "results": [MEASUREMENT...],          # every benchmark figure, GPU and CPU
     "telemetry": [{gpu, during_run}],     # clocks/power/temperature over the whole run
     "calibration": [CALIBRATION_ENTRY...],# measured / datasheet peak per catalog GPU
     "messages": [{level, code, text, gpu}]}

Units are SI and explicit: GB/s = 1e9 B/s, TFLOPS = 1e12 FLOP/s, GFLOPS = 1e9 FLOP/s; memory
sizes are bytes. Times are ISO 8601 with a UTC offset. A measurement always carries a
``status`` and, unless ``ok``, a ``reason``; ``method`` says how bytes or FLOPs were counted.

``parse_report`` accepts only this format: a foreign JSON file, a newer format version, an
unknown key or a value of the wrong type is rejected with a ``ProbeReportError`` whose message
names the problem (and the field, where there is one).
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError, model_validator

from app.core.files import FileTooLargeError, read_regular_file
from app.core.quoting import clip

FORMAT_ID: Final = "inference-sizer.probe-report"
FORMAT_VERSION: Final = 1
MAX_REPORT_BYTES: Final = 16 * 1024 * 1024
MAX_JSON_DEPTH: Final = 32

# Calibration metric keys (the perf model reads these).
MEM_BW: Final = "mem_bw_gbs"
GEMV_B1: Final = "gemv_b1_gbs"
GEMM_BF16: Final = "gemm_bf16_tflops"
GEMM_FP16: Final = "gemm_fp16_tflops"
GEMM_FP8: Final = "gemm_fp8_tflops"
H2D: Final = "h2d_gbs"
D2H: Final = "d2h_gbs"
P2P: Final = "p2p_gbs"
CALIBRATION_METRICS: Final = (MEM_BW, GEMV_B1, GEMM_BF16, GEMM_FP16, GEMM_FP8, H2D, D2H, P2P)
# What any accelerator can measure: GB/s from a slow PCIe link to beyond HBM3e; TFLOPS from a
# laptop GPU to beyond a GB300's FP8. A figure outside is a broken or edited report.
CALIBRATION_BOUNDS: Final = {**{k: (0.5, 50_000.0) for k in (MEM_BW, GEMV_B1, H2D, D2H, P2P)},
                             **{k: (0.01, 100_000.0) for k in (GEMM_BF16, GEMM_FP16, GEMM_FP8)}}

ReportStatus = Literal["ok", "partial", "no_gpu", "error"]
PhaseStatus = Literal["ok", "skipped", "unsupported", "timeout", "error"]
Level = Literal["info", "warn", "error"]
ConfidenceLevel = Literal["high", "medium", "low"]
Unit = Literal["GB/s", "TFLOPS", "GFLOPS"]
Mode = Literal["quick", "full", "smoke", "inventory"]
Vendor = Literal["nvidia", "amd", "apple", "other"]
InventorySource = Literal["nvml", "nvidia-smi", "amdsmi", "torch", "system"]

Text = Annotated[str, Field(max_length=2000)]
ShortText = Annotated[str, Field(max_length=200)]
Code = Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9_]{0,63}$")]
MetricName = Annotated[str, Field(pattern=r"^[a-z0-9_]{1,64}$")]
NonNeg = Annotated[float, Field(ge=0)]
Count = Annotated[int, Field(ge=0)]
GpuIndex = Annotated[int, Field(ge=0, le=1023)]
Bytes = Annotated[int, Field(ge=0, le=2**60)]
Mhz = Annotated[int, Field(ge=0, le=100_000)]
ParamValue = int | float | bool | str


class ProbeReportError(ValueError):
    """A file is not a valid probe report; the message says what is wrong."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


class Message(_Model):
    level: Level
    code: Code
    text: Text
    gpu: GpuIndex | None = None


class BackendInfo(_Model):
    """One way of reaching the hardware (nvml, nvidia-smi, amdsmi, torch, cupy, numpy)."""

    name: ShortText
    available: bool
    version: ShortText | None = None
    detail: Text | None = None


class PlatformInfo(_Model):
    os: ShortText
    os_release: ShortText = ""
    machine: ShortText = ""
    python: ShortText = ""
    is_wsl: bool = False
    in_container: bool = False
    frozen: bool = False


class HostInfo(_Model):
    hostname: ShortText
    cpu_model: ShortText | None = None
    cpu_sockets: Annotated[int, Field(ge=1, le=64)] | None = None
    cores_physical: Annotated[int, Field(ge=1, le=100_000)] | None = None
    cores_logical: Annotated[int, Field(ge=1, le=100_000)] | None = None
    ram_bytes: Bytes | None = None
    numa_nodes: Annotated[int, Field(ge=1, le=1024)] | None = None


class PcieLink(_Model):
    gen_current: Annotated[int, Field(ge=1, le=8)] | None = None
    gen_max: Annotated[int, Field(ge=1, le=8)] | None = None
    width_current: Annotated[int, Field(ge=1, le=32)] | None = None
    width_max: Annotated[int, Field(ge=1, le=32)] | None = None


class NvlinkInfo(_Model):
    active_links: Count | None = None
    version: Count | None = None


class MigInstance(_Model):
    uuid: ShortText | None = None
    name: ShortText | None = None
    memory_total_bytes: Bytes | None = None


class MigInfo(_Model):
    enabled: bool | None = None
    pending: bool | None = None
    instances: list[MigInstance] = Field(default_factory=list, max_length=64)


class GpuInfo(_Model):
    index: GpuIndex
    vendor: Vendor
    source: InventorySource
    name: ShortText
    uuid: ShortText | None = None
    pci_bus_id: ShortText | None = None
    memory_total_bytes: Bytes | None = None
    memory_free_bytes: Bytes | None = None
    driver_version: ShortText | None = None
    cuda_driver_version: ShortText | None = None
    compute_capability: ShortText | None = None
    sm_count: Count | None = None
    power_limit_w: NonNeg | None = None
    power_default_limit_w: NonNeg | None = None
    power_draw_w: NonNeg | None = None
    pcie: PcieLink = PcieLink()
    nvlink: NvlinkInfo = NvlinkInfo()
    sm_clock_mhz: Mhz | None = None
    mem_clock_mhz: Mhz | None = None
    sm_clock_max_mhz: Mhz | None = None
    mem_clock_max_mhz: Mhz | None = None
    temperature_c: Annotated[float, Field(ge=-50, le=200)] | None = None
    ecc_enabled: bool | None = None
    mig: MigInfo = MigInfo()
    utilization_pct: Annotated[float, Field(ge=0, le=100)] | None = None
    other_processes: Count | None = None
    clock_event_reasons: list[ShortText] = Field(default_factory=list, max_length=32)
    driver_model: ShortText | None = None
    display_active: bool | None = None
    numa_node: Count | None = None
    cpu_affinity: ShortText | None = None
    catalog_id: ShortText | None = None
    catalog_match: Literal["name", "fuzzy", "none"] = "none"


class TopologyPair(_Model):
    """How two GPUs are connected, with nvidia-smi's labels: NV#, PIX, PXB, PHB, NODE, SYS."""

    a: GpuIndex
    b: GpuIndex
    link: ShortText
    nvlinks: Count = 0
    p2p: bool | None = None


class Topology(_Model):
    source: InventorySource
    pairs: list[TopologyPair] = Field(default_factory=list, max_length=600_000)


class Stats(_Model):
    """Per-iteration figures in the measurement's unit."""

    median: NonNeg
    mean: NonNeg
    p10: NonNeg
    p90: NonNeg
    min: NonNeg
    max: NonNeg
    cv: NonNeg
    n: Annotated[int, Field(ge=1)]


class TelemetrySummary(_Model):
    samples: Count
    sm_clock_mhz_median: NonNeg | None = None
    sm_clock_mhz_min: NonNeg | None = None
    mem_clock_mhz_median: NonNeg | None = None
    power_w_median: NonNeg | None = None
    power_w_max: NonNeg | None = None
    temperature_c_max: float | None = None
    clock_event_reasons: list[ShortText] = Field(default_factory=list, max_length=32)
    throttled: bool = False


class Measurement(_Model):
    """One benchmark figure. ``gpu`` is None for host (CPU) figures; ``peer`` is set for P2P."""

    metric: MetricName
    gpu: GpuIndex | None = None
    peer: GpuIndex | None = None
    status: PhaseStatus
    reason: Text | None = None
    unit: Unit
    value: Stats | None = None
    peak: Annotated[float, Field(gt=0)] | None = None
    peak_source: ShortText | None = None
    fraction_of_peak: Annotated[float, Field(ge=0, le=100)] | None = None
    method: Text = ""
    params: dict[ShortText, ParamValue] = Field(default_factory=dict, max_length=64)
    telemetry: TelemetrySummary | None = None
    duration_s: NonNeg | None = None

    @model_validator(mode="after")
    def _status_value(self) -> Measurement:
        if self.status == "ok" and self.value is None:
            raise ValueError("a measurement with status 'ok' needs a value")
        if self.status != "ok" and not self.reason:
            raise ValueError(f"a measurement with status {self.status!r} needs a reason")
        return self


class GpuTelemetry(_Model):
    gpu: GpuIndex
    during_run: TelemetrySummary


class CalibrationEntry(_Model):
    """Measured figures for one catalog GPU model (median over its healthy GPUs)."""

    gpu_id: Annotated[str, Field(pattern=r"^[a-z0-9]+(?:[-.][a-z0-9]+)*$", max_length=80)]
    gpu_name: ShortText
    gpus: list[GpuIndex] = Field(min_length=1, max_length=1024)
    measured: dict[MetricName, NonNeg]
    peak: dict[MetricName, Annotated[float, Field(gt=0)]] = Field(default_factory=dict)
    efficiency: dict[MetricName, NonNeg] = Field(default_factory=dict)
    confidence: ConfidenceLevel
    notes: list[Text] = Field(default_factory=list, max_length=64)

    @model_validator(mode="after")
    def _figures_are_measurements(self) -> CalibrationEntry:
        """Bounds no GPU escapes, whatever the catalog says (the datasheet check comes on import):
        a finite, positive figure of a size some accelerator has measured."""
        for key, value in self.measured.items():
            low, high = CALIBRATION_BOUNDS.get(key, (0.0, math.inf))
            if not math.isfinite(value) or not low <= value <= high:
                raise ValueError(f"measured {key} = {value!r} is outside {low:g} to {high:g}")
        for key, value in {**self.peak, **self.efficiency}.items():
            if not math.isfinite(value):
                raise ValueError(f"{key} = {value!r} is not a number")
        return self


class RunInfo(_Model):
    tool: Literal["inference-sizer"] = "inference-sizer"
    tool_version: ShortText
    started_at: AwareDatetime
    finished_at: AwareDatetime
    duration_s: NonNeg
    mode: Mode
    interrupted: bool = False

    @model_validator(mode="after")
    def _order(self) -> RunInfo:
        if self.finished_at < self.started_at:
            raise ValueError("finished_at is before started_at")
        return self


class ProbeReport(_Model):
    format: Literal["inference-sizer.probe-report"] = FORMAT_ID
    format_version: Literal[1] = FORMAT_VERSION
    status: ReportStatus
    run: RunInfo
    platform: PlatformInfo
    host: HostInfo
    backends: list[BackendInfo] = Field(default_factory=list, max_length=32)
    gpus: list[GpuInfo] = Field(default_factory=list, max_length=1024)
    topology: Topology | None = None
    results: list[Measurement] = Field(default_factory=list, max_length=100_000)
    telemetry: list[GpuTelemetry] = Field(default_factory=list, max_length=1024)
    calibration: list[CalibrationEntry] = Field(default_factory=list, max_length=1024)
    messages: list[Message] = Field(default_factory=list, max_length=10_000)

    @model_validator(mode="after")
    def _references(self) -> ProbeReport:
        indices = [g.index for g in self.gpus]
        if len(set(indices)) != len(indices):
            raise ValueError("GPU indices are not unique")
        known = set(indices)

        def check(where: str, index: int | None) -> None:
            if index is not None and index not in known:
                raise ValueError(f"{where} refers to GPU {index}, which is not in 'gpus'")

        for i, m in enumerate(self.results):
            check(f"results[{i}]", m.gpu)
            check(f"results[{i}].peer", m.peer)
        for i, t in enumerate(self.telemetry):
            check(f"telemetry[{i}]", t.gpu)
        for i, c in enumerate(self.calibration):
            for g in c.gpus:
                check(f"calibration[{i}]", g)
        for i, msg in enumerate(self.messages):
            check(f"messages[{i}]", msg.gpu)
        if self.topology is not None:
            for i, p in enumerate(self.topology.pairs):
                check(f"topology.pairs[{i}]", p.a)
                check(f"topology.pairs[{i}]", p.b)
        return self

    # ---- convenience ----------------------------------------------------------------------
    def gpu(self, index: int) -> GpuInfo | None:
        return next((g for g in self.gpus if g.index == index), None)

    def measurements(self, metric: str, gpu: int | None = None) -> list[Measurement]:
        return [m for m in self.results if m.metric == metric and (gpu is None or m.gpu == gpu)]

    def to_json(self) -> str:
        return self.model_dump_json(indent=2)


# ---- statistics ------------------------------------------------------------------------------
def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile of already sorted values, q in [0, 1]."""
    if not sorted_values:
        raise ValueError("no values")
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = math.ceil(pos)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def summarize(values: Iterable[float]) -> Stats:
    """Median, spread and extremes of finite, non-negative per-iteration figures."""
    data = sorted(v for v in values if math.isfinite(v) and v >= 0)
    if not data:
        raise ValueError("no finite values to summarize")
    mean = statistics.fmean(data)
    cv = statistics.pstdev(data) / mean if mean > 0 and len(data) > 1 else 0.0
    return Stats(
        median=statistics.median(data), mean=mean, p10=percentile(data, 0.1), p90=percentile(data, 0.9),
        min=data[0], max=data[-1], cv=cv, n=len(data),
    )


# ---- parsing ---------------------------------------------------------------------------------
def _reject_constant(name: str) -> Any:
    raise ProbeReportError(f"not valid JSON: {name} is not allowed (numbers must be finite)")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ProbeReportError(f"not valid: the key {key!r} appears twice in one object")
        out[key] = value
    return out


def _depth(value: Any, limit: int) -> int:
    """Nesting depth, stopping early once it exceeds ``limit``."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    deepest = 0
    while stack:
        item, d = stack.pop()
        deepest = max(deepest, d)
        if deepest > limit:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, d + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, d + 1) for v in item)
    return deepest


def _format_validation_error(exc: ValidationError) -> str:
    problems = []
    for err in exc.errors()[:5]:
        loc = clip(".".join(str(p) for p in err["loc"]), 120) or "(top level)"
        problems.append(f"field '{loc}': {clip(err['msg'], 300)}")
    more = exc.error_count() - len(problems)
    tail = f" (and {more} more problem(s))" if more > 0 else ""
    return "; ".join(problems) + tail


def parse_report(data: bytes | str) -> ProbeReport:
    """Validate a report strictly. Raises ProbeReportError (only) with a message naming the problem."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if len(raw) > MAX_REPORT_BYTES:
        raise ProbeReportError(
            f"the file is too large to be a probe report ({len(raw) / 1e6:.1f} MB; the limit is "
            f"{MAX_REPORT_BYTES / 1e6:.0f} MB)"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ProbeReportError("not a probe report: the file is not UTF-8 text (binary file?)") from None
    if not text.strip():
        raise ProbeReportError("not a probe report: the file is empty")
    try:
        doc = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        raise ProbeReportError(f"not a probe report: not valid JSON (line {exc.lineno}, column {exc.colno}: "
                               f"{exc.msg})") from None
    except RecursionError:
        raise ProbeReportError("not a probe report: the JSON is nested too deeply") from None
    except ValueError as exc:  # e.g. an integer with too many digits
        if isinstance(exc, ProbeReportError):
            raise
        raise ProbeReportError(f"not a probe report: not valid JSON ({exc})") from None
    if not isinstance(doc, dict):
        raise ProbeReportError(f"not a probe report: the top level is a JSON {type(doc).__name__}, "
                               "expected an object")
    if "format" not in doc:
        raise ProbeReportError(f"not an Inference Sizer probe report: it has no 'format' field "
                               f"(expected \"format\": \"{FORMAT_ID}\")")
    if doc["format"] != FORMAT_ID:
        shown = repr(doc["format"])[:80]
        raise ProbeReportError(f"foreign file: its format is {shown}, not '{FORMAT_ID}'")
    version = doc.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ProbeReportError("not a valid probe report: 'format_version' is missing or not an integer")
    if version > FORMAT_VERSION:
        raise ProbeReportError(f"this probe report has format version {version}, newer than this app reads "
                               f"({FORMAT_VERSION}); update Inference Sizer to import it")
    if version < 1:
        raise ProbeReportError(f"not a valid probe report: unknown format version {version}")
    if _depth(doc, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise ProbeReportError("not a valid probe report: the JSON is nested too deeply")
    try:
        return ProbeReport.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise ProbeReportError(f"not a valid probe report: {_format_validation_error(exc)}") from None
    except (ValueError, TypeError, RecursionError) as exc:
        raise ProbeReportError(f"not a valid probe report: {exc}") from None


def load_report(path: str | Path) -> ProbeReport:
    """Read and validate a report file; ProbeReportError names the file and the problem."""
    p = Path(path)
    try:
        data = read_regular_file(p, MAX_REPORT_BYTES)
    except FileTooLargeError as exc:
        raise ProbeReportError(f"{p.name}: the file is too large to be a probe report ({exc.strerror})") from None
    except OSError as exc:
        raise ProbeReportError(f"{p.name}: cannot read the file ({exc.strerror or exc})") from None
    try:
        return parse_report(data)
    except ProbeReportError as exc:
        raise ProbeReportError(f"{p.name}: {exc}") from None
