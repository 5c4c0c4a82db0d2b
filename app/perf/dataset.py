"""Published measurements as estimator cases: read, map names to parts, predict the measured metric.

Used by the fit and the accuracy report. Rows follow the columns of
shared/reference/measured-perf-calibration.csv; db/perf/extra-measurements.csv adds more with the
same columns. Names are mapped to catalog ids through db/perf/name-map.csv (ordered regexes, so
names written differently still resolve); parts missing from the catalog come from
db/perf/calibration-{gpus,llms}.csv.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from app.core.memory import MemoryAssumptions
from app.core.parts import Gpu, Llm, PartKind
from app.core.precision import KV_PRECISIONS
from app.paths import bundle_root
from app.perf.calibration import Calibration, perf_data_dir
from app.perf.engines import Engine, overlap_from_text, parse_engine
from app.perf.model import BatchingMode, Deployment, Estimate, Workload, prepare
from app.perf.quant import parse_weight_format

MEASUREMENT_COLUMNS: tuple[str, ...] = (
    "gpu",
    "gpu_count",
    "model",
    "params_b",
    "precision",
    "engine",
    "scenario",
    "batch",
    "input_len",
    "output_len",
    "metric",
    "value",
    "unit",
    "source",
)
# The metrics the model predicts, and the metrics the accuracy target names.
KNOWN_METRICS: tuple[str, ...] = (
    "ttft",
    "ttft_median",
    "tpot",
    "output_throughput_total",
    "output_throughput_per_gpu",
    "decode_tps",
    "prefill_tps",
    "prefill_latency",
    "decode_latency_per_token",
    "requests_per_s",
    # Under a Poisson load (a row with request_rate): the P99s at that rate, and the highest rate whose P99 TTFT
    # and TPOT stay within the row's targets (MLPerf Server's result).
    "ttft_p99",
    "tpot_p99",
    "max_rate_p99",
)
HEADLINE_METRICS: tuple[str, ...] = ("ttft", "tpot", "output_throughput_total", "decode_tps")
# An override setting (set:fit=no): the row is scored like any other but the fit does not learn from it (a run
# whose scheduling the model does not represent would move parameters every other estimate shares).
FIT_SETTING = "fit"


def shared_reference_dir() -> Path:
    """shared/reference beside the checkout (repo root's parent)."""
    return bundle_root().parent / "shared" / "reference"


def calibration_csv_path() -> Path:
    return shared_reference_dir() / "measured-perf-calibration.csv"


def extra_csv_path() -> Path:
    return perf_data_dir() / "extra-measurements.csv"


def moe_csv_path() -> Path:
    """Published MoE serving measurements staged for the MoE model (#20); not in the fit yet."""
    return perf_data_dir() / "moe-measurements.csv"


def out_of_time_csv_path() -> Path:
    """An earlier snapshot of a fitted source (InferenceX, runs of 2026-01 to 2026-05 on older engine releases),
    scored with the shipped calibration and never fitted: how far the estimate carries to another time's software."""
    return perf_data_dir() / "out-of-time-measurements.csv"


class DatasetError(ValueError):
    """A measurement file is missing or malformed."""


@dataclass(frozen=True, slots=True)
class Measurement:
    row: dict[str, str]
    file: str
    line: int

    @property
    def metric(self) -> str:
        return self.row["metric"].strip().lower()

    @property
    def value(self) -> float:
        return float(self.row["value"])

    @property
    def source_group(self) -> str:
        return source_group(self.row["source"])

    @property
    def label(self) -> str:
        r = self.row
        return (
            f"{r['gpu']} x{r['gpu_count']} {r['model']} {r['precision']} {r['engine'][:24]} "
            f"b={r['batch']} {r['input_len']}/{r['output_len']}"
        )


def source_group(source: str) -> str:
    """One publication per group, for leave-one-source-out (a repository, a site)."""
    s = source.strip()
    m = re.search(r"github\.com/([^/]+/[^/]+)(/blob/[^/]+/)?([^ ]*)", s)
    if m:
        repo = m.group(1)
        path = m.group(3) or ""
        if repo.lower() == "nvidia/tensorrt-llm":  # different releases, different documents
            return f"{repo}:{path.split('/')[-1]}"
        return repo
    m = re.search(r"https?://([^/ ]+)", s)
    return m.group(1) if m else s[:40]


_STATED_MEDIAN = re.compile(r"\bmedian ([0-9]+(?:\.[0-9]+)?) ms")


def stated_median(m: Measurement) -> Measurement | None:
    """The median TTFT a mean-TTFT row also states ("... statistic: mean over requests (median 115.1 ms ...)"),
    as a row of its own (metric ttft_median), or None."""
    if m.metric != "ttft":
        return None
    hit = _STATED_MEDIAN.search(m.row.get("scenario", ""))
    if not hit or float(hit.group(1)) <= 0:
        return None
    return Measurement(dict(m.row, metric="ttft_median", value=hit.group(1), unit="ms"), m.file, m.line)


def medians_for_means(measurements: Iterable[Measurement]) -> list[Measurement]:
    """What the fit learns TTFT from: a row's stated median in place of its mean.

    A closed-loop mean is skewed by whatever tail its run had (InferenceX's AMD means run 2.7-4.7x their
    medians at 4-8 clients, where the first round's burst adds a few percent; ROCm/ATOM's run of the same model,
    GPU and client has means at InferenceX's medians). The model describes the schedule, which the median shows;
    it has no term for such tails. The accuracy report still scores both.
    """
    return [stated_median(m) or m for m in measurements]


# Figures the P99 model derives from the arrival model (app.perf.tail) rather than fits: rows of these are scored,
# never fitted, so that where the tail model and a benchmark's tail disagree the efficiencies do not bend to it.
TAIL_METRICS: tuple[str, ...] = ("ttft_p99", "tpot_p99", "max_rate_p99")


def fit_rows(measurements: Iterable[Measurement]) -> list[Measurement]:
    """What the fit learns from: each row's stated median in place of its mean (medians_for_means); tail rows
    and rows an override sets fit=no out."""
    return [m for m in medians_for_means(measurements)
            if m.metric not in TAIL_METRICS and m.row.get(FIT_SETTING) != "no"]


def with_stated_medians(measurements: Iterable[Measurement]) -> list[Measurement]:
    """Every row, plus the median each mean-TTFT row states (for scoring both)."""
    out: list[Measurement] = []
    for m in measurements:
        out.append(m)
        med = stated_median(m)
        if med is not None:
            out.append(med)
    return out


def read_measurements(path: Path) -> list[Measurement]:
    if not path.exists():
        raise DatasetError(f"{path}: not found")
    out: list[Measurement] = []
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        missing = set(MEASUREMENT_COLUMNS) - set(reader.fieldnames or ())
        if missing:
            raise DatasetError(f"{path.name}: missing columns {sorted(missing)}")
        for line, row in enumerate(reader, start=2):
            out.append(Measurement({k: (v or "").strip() for k, v in row.items() if k}, path.name, line))
    return out


@dataclass(frozen=True, slots=True)
class NameRule:
    kind: str
    pattern: re.Pattern[str]
    part_id: str


def read_name_map(path: Path | None = None) -> list[NameRule]:
    p = path or (perf_data_dir() / "name-map.csv")
    rules: list[NameRule] = []
    with p.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            rules.append(NameRule(row["kind"], re.compile(row["pattern"], re.IGNORECASE), row["part_id"]))
    return rules


def _norm(name: str) -> str:
    return re.sub(r"\s+", " ", name.replace("\u2011", "-").replace("_", " ")).strip().lower()


def map_name(rules: Sequence[NameRule], kind: str, name: str) -> str | None:
    text = _norm(name)
    for rule in rules:
        if rule.kind == kind and rule.pattern.search(text):
            return rule.part_id
    return None


def load_parts(catalog_dir: Path | None = None) -> tuple[dict[str, Gpu], dict[str, Llm]]:
    """Catalog GPUs and LLMs (db/catalog) plus the calibration-only parts (db/perf)."""
    from app.catalog.seed import load_source_parts, read_source_file  # noqa: PLC0415 - only the fit/accuracy need it

    gpus: dict[str, Gpu] = {}
    llms: dict[str, Llm] = {}
    parts: list[object] = list(load_source_parts(catalog_dir))
    d = perf_data_dir()
    parts += read_source_file(d / "calibration-gpus.csv", PartKind.GPU)
    parts += read_source_file(d / "calibration-llms.csv", PartKind.LLM)
    for part in parts:
        if isinstance(part, Gpu):
            gpus[part.id] = part
        elif isinstance(part, Llm):
            llms[part.id] = part
    return gpus, llms


@dataclass(frozen=True, slots=True)
class Case:
    """A measurement turned into an estimator call."""

    measurement: Measurement
    deployment: Deployment
    workload: Workload
    metric: str
    measured: float
    # Requests per second arriving at random (open loop), where the row was measured so; None: closed loop.
    request_rate: float | None = None

    def predict(self, calibration: Calibration | None = None) -> float:
        prep = prepare(self.deployment, self.workload, calibration)
        if self.metric == "max_rate_p99":
            return prep.max_rate_within_targets() or 0.0
        concurrency = prep.concurrency_for_qps(self.request_rate) if self.request_rate else None
        est = prep.estimate(concurrency, with_slo=False)
        return predicted_metric(est, self.metric, self.deployment.gpu_count, self.workload)


@dataclass(frozen=True, slots=True)
class Skipped:
    measurement: Measurement
    reason: str


def predicted_metric(est: Estimate, metric: str, gpu_count: int, wl: Workload) -> float:
    if metric in ("ttft", "prefill_latency"):
        return est.ttft_ms
    if metric == "ttft_median":
        # A closed-loop run's median request is a steady-state one: the first round's burst, which only one
        # request in `bench_rounds` meets, lifts the mean and not the median, unless most requests come in it.
        b = est.breakdown
        return est.ttft_ms - b.get("ttft_cold_start_ms", 0.0) + b.get("ttft_cold_start_median_ms", 0.0)
    if metric in ("tpot", "decode_latency_per_token"):
        return est.tpot_ms
    if metric == "output_throughput_total":
        return est.output_tps_total
    if metric == "output_throughput_per_gpu":
        return est.output_tps_total / gpu_count
    if metric == "decode_tps":
        return est.output_tps_per_user
    if metric == "prefill_tps":
        return wl.input_len * est.running_per_replica / (est.ttft_ms / 1e3)
    if metric == "requests_per_s":
        return est.requests_per_s
    if metric == "ttft_p99":
        return est.ttft_p99_ms
    if metric == "tpot_p99":
        return est.tpot_p99_ms
    raise ValueError(f"metric {metric!r} is not predicted")


def _flag(text: str, name: str) -> bool:
    """A 0/1 run setting (blank: 0); anything else is an error naming the setting."""
    value = (text or "").strip()
    if value not in ("", "0", "1"):
        raise ValueError(f"{name} {value!r}: give 1 (on) or 0 (off)")
    return value == "1"


def _int_or(text: str, default: int) -> int:
    m = re.match(r"^\s*(\d+)\s*$", text or "")
    return int(m.group(1)) if m else default


def _float_or(text: str, default: float) -> float:
    m = re.match(r"^\s*(\d+(?:\.\d+)?)\s*$", text or "")
    return float(m.group(1)) if m else default


def _parallelism(scenario: str, engine: Engine, gpus: int) -> tuple[int, int]:
    s = scenario.lower()
    tp_m = re.search(r"\btp\s*=?\s*(\d+)", s)
    pp_m = re.search(r"\bpp\s*=?\s*(\d+)", s)
    if "layer split" in s or (engine is Engine.LLAMACPP and not tp_m):
        return 1, gpus
    pp = int(pp_m.group(1)) if pp_m else 1
    tp = int(tp_m.group(1)) if tp_m else max(1, gpus // pp)
    return tp, pp


_ATTENTION_DP = re.compile(r"dp-attention on|enable_attention_dp|enable-dp-attention|\bDEP\d", re.IGNORECASE)


_EXPERT_PARALLEL = re.compile(r"\bEP\s*=\s*(\d+)|--ep[ =](\d+)|--ep-size[ =](\d+)|moe_expert_parallel_size\W+(\d+)",
                              re.IGNORECASE)


def _expert_parallel(scenario: str, tp: int) -> int:
    """The run's expert parallelism ('EP=8', trtllm-bench --ep 8, SGLang --ep-size 8), 1 where it names none or
    one that does not divide its TP (then the model's tensor-parallel MoE stands)."""
    m = _EXPERT_PARALLEL.search(scenario)
    ep = int(next(g for g in m.groups() if g)) if m else 1
    return ep if ep >= 1 and tp % ep == 0 else 1


def _offline_requests(scenario: str, mode: BatchingMode) -> int:
    """Requests a fixed-length offline run processes, where the row says so ("all 1500 requests queued at once",
    "3000 requests" on a dataset with stdev 0: every request the same length); 0 otherwise (a steady stream)."""
    if mode is not BatchingMode.OFFLINE:
        return 0
    m = re.search(r"\b(?:all )?(\d[\d,]{2,}) requests\b", scenario)
    fixed = re.search(r"\bstdev 0\b", scenario)
    return int(m.group(1).replace(",", "")) if m and fixed else 0


def _attention_dp(scenario: str) -> bool:
    """Attention data-parallel as the run describes it (TensorRT-LLM enable_attention_dp / 'DEP8', SGLang
    --enable-dp-attention, InferenceX 'DP-attention on')."""
    return bool(_ATTENTION_DP.search(scenario))


def _mode(scenario: str, batch: str, metric: str, engine: Engine) -> BatchingMode:
    s = scenario.lower()
    # "static batch", not a flag such as SGLang's --mem-fraction-static
    if re.search(r"(?<![-_])\bstatic\b", s) or re.search(r"batch[- ]?1\b", s) or "prompt processing" in s \
            or "text generation" in s:
        return BatchingMode.STATIC
    if (
        metric in ("decode_tps", "prefill_tps", "prefill_latency", "decode_latency_per_token")
        and engine is Engine.LLAMACPP
    ):
        return BatchingMode.STATIC
    if batch.strip().lower() == "max" or "offline" in s or "max throughput" in s:
        return BatchingMode.OFFLINE
    return BatchingMode.SERVING


def to_case(m: Measurement, rules: Sequence[NameRule], gpus: dict[str, Gpu], llms: dict[str, Llm]) -> Case | Skipped:
    r = m.row
    metric = m.metric
    if metric not in KNOWN_METRICS:
        return Skipped(m, f"metric {metric!r} is not one the model predicts")
    try:
        value = m.value
    except ValueError:
        return Skipped(m, f"value {r['value']!r} is not a number")
    gpu_id = map_name(rules, "gpu", r["gpu"])
    llm_id = map_name(rules, "model", r["model"])
    if gpu_id is None or gpu_id not in gpus:
        return Skipped(m, f"GPU {r['gpu']!r} maps to {gpu_id!r}, not in the parts")
    if llm_id is None or llm_id not in llms:
        return Skipped(m, f"model {r['model']!r} maps to {llm_id!r}, not in the parts")
    try:
        engine = parse_engine(r["engine"])
        fmt = parse_weight_format(r["precision"])
    except ValueError as exc:
        return Skipped(m, str(exc))
    count = _int_or(r["gpu_count"], 1)
    tp, pp = _parallelism(r["scenario"], engine, count)
    mode = _mode(r["scenario"], r["batch"], metric, engine)
    batch = r["batch"].strip().lower()
    concurrency: int | None = None if batch == "max" else _int_or(batch, 1)
    if mode is BatchingMode.OFFLINE and concurrency is not None:
        mode = BatchingMode.SERVING
    isl = _int_or(r["input_len"], 0)
    osl = _int_or(r["output_len"], 256)
    if metric in ("prefill_tps", "prefill_latency", "ttft", "ttft_median") and isl <= 0:
        return Skipped(m, "a prefill metric needs a numeric input_len")
    try:
        kv_prec = _kv_reading(r.get("kv_precision", ""))
        memory = _memory_reading(r.get("memory_fraction", ""), engine)
        rate = _positive_reading(r.get("request_rate", ""), "request rate")
        ttft_target = _positive_reading(r.get("ttft_target_ms", ""), "TTFT target")
        tpot_target = _positive_reading(r.get("tpot_target_ms", ""), "TPOT target")
        if metric == "max_rate_p99" and not (ttft_target or tpot_target):
            raise ValueError("max_rate_p99 needs the run's P99 targets (ttft_target_ms, tpot_target_ms)")
        if rate is not None or metric == "max_rate_p99":  # a Poisson load: no first round, no clients
            mode, concurrency = BatchingMode.SERVING, None
        dep = Deployment(gpu=gpus[gpu_id], gpu_count=count, tp=tp, pp=pp, attention_dp=_attention_dp(r["scenario"]),
                         expert_parallel=_expert_parallel(r["scenario"], tp))
        wl = Workload(
            llm=llms[llm_id],
            weight_precision=fmt.name,
            input_len=isl,
            output_len=max(1, osl),
            concurrency=concurrency,
            engine=engine,
            mode=mode,
            batch_wait_iters=_int_or(r.get("batch_wait_iters", ""), 0),
            batch_wait_prompts=_int_or(r.get("batch_wait_prompts", ""), 0),
            recv_interval=_int_or(r.get("recv_interval", ""), 0),
            recv_min_running=_int_or(r.get("recv_min_running", ""), 0),
            input_len_cv=_float_or(r.get("input_len_cv", ""), 0.0),
            prefill_chunk=_int_or(r.get("prefill_chunk", ""), 0),
            bench_rounds=_int_or(r.get("bench_rounds", ""), 0),
            lock_step=_flag(r.get("lock_step", ""), "lock_step"),
            max_num_seqs=_int_or(r.get("max_num_seqs", ""), 0),
            offline_requests=_int_or(r.get("offline_requests", ""), 0) or _offline_requests(r["scenario"], mode),
            kv_precision=kv_prec,
            memory=memory,
            open_loop=rate is not None or metric == "max_rate_p99",
            ttft_target_ms=ttft_target,
            tpot_target_ms=tpot_target,
            overlap_scheduling=overlap_from_text(engine, f"{r['engine']} {r['scenario']}"),
        )
    except ValueError as exc:
        return Skipped(m, str(exc))
    return Case(m, dep, wl, metric, value, rate)


def _positive_reading(text: str, what: str) -> float | None:
    """A positive number a row's run set (override set:request_rate=81.7), or None where it says nothing."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{what} {text!r}: not a number") from None
    if not 0.0 < value < 1e9:  # NaN fails it too
        raise ValueError(f"{what} {text!r}: give a positive number")
    return value


def _kv_reading(text: str) -> str | None:
    """A row's KV-cache precision (override set:kv_precision=fp8), checked here: the estimate would raise later."""
    text = (text or "").strip().lower()
    if not text:
        return None
    if text not in {p.value for p in KV_PRECISIONS}:
        raise ValueError(f"KV precision {text!r}: give one of " + ", ".join(p.value for p in KV_PRECISIONS))
    return text


def _memory_reading(text: str, engine: Engine) -> MemoryAssumptions | None:
    """The engine's memory fraction a row's run set (override set:memory_fraction=0.98), else the engine's default."""
    fraction = _positive_reading(text, "memory fraction")
    if fraction is None:
        return None
    if fraction > 1.0:
        raise ValueError(f"memory fraction {text!r}: give a fraction of the GPU's memory, more than 0 and at most 1")
    return replace(MemoryAssumptions.for_engine(engine.value), engine_memory_fraction=fraction)


def build_cases(
    measurements: Iterable[Measurement], catalog_dir: Path | None = None
) -> tuple[list[Case], list[Skipped]]:
    rules = read_name_map()
    gpus, llms = load_parts(catalog_dir)
    cases: list[Case] = []
    skipped: list[Skipped] = []
    for m in measurements:
        c = to_case(m, rules, gpus, llms)
        if isinstance(c, Case):
            cases.append(c)
        else:
            skipped.append(c)
    return cases, skipped


def default_measurements(include_extra: bool = True, calibration_csv: Path | None = None) -> list[Measurement]:
    path = calibration_csv or calibration_csv_path()
    if not path.exists():
        raise DatasetError(
            f"calibration measurements not found at {path}: the shared reference folder "
            "(../shared/reference beside the checkout) is needed for the fit and the accuracy report"
        )
    rows = read_measurements(path)
    extra = extra_csv_path()
    if include_extra and extra.exists():
        rows += read_measurements(extra)
    return rows
