"""The purchase-deciding figures of a build, and which build is best on each.

Every number comes from the core the rest of the app uses (rules summary, BOM, perf model), so a
comparison can never disagree with the findings panel, the charts or the PDF.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from app.core.build import Build
from app.core.i18n import translate
from app.core.parts import AnyPart
from app.export.bom import build_bom
from app.export.performance import PerfFigures, PerfUnavailable, estimate_build
from app.i18n.formatting import format_money, format_number
from app.perf.cost import CostInputs
from app.perf.model import MeasuredPeaks
from app.rules.engine import RuleEngine
from app.rules.findings import Severity

_CTX = "Compare"


@dataclass(frozen=True, slots=True)
class Row:
    key: str
    text: str  # the English label; :attr:`label` is it in the reader's language
    unit: str
    better: Literal["higher", "lower", "none"]
    decimals: int = 0

    @property
    def label(self) -> str:
        return _t(self.text)


def _t(text: str) -> str:
    return translate(_CTX, text)


def _noop(text: str) -> str:
    """Mark a label for translation; :attr:`Row.label` translates it when shown (the language may change)."""
    return text


def _rows() -> tuple[Row, ...]:
    return (
        Row("price", _noop("Price"), "", "lower", 0),
        Row("gpus", _noop("GPUs"), "", "none"),
        Row("vram_total_gib", _noop("VRAM"), "GiB", "higher"),
        Row("power_max_w", _noop("Power at the wall, max"), "W", "lower"),  # AC: the gauge shows DC
        Row("power_load_w", _noop("Power at the wall, at the load"), "W", "lower"),
        Row("heat_btu_h", _noop("Heat"), "BTU/h", "lower"),
        Row("nodes_per_rack", _noop("Nodes per rack"), "", "higher"),
        Row("tps_at_target", _noop("Output tokens/s at the latency target"), "tok/s", "higher"),
        Row("max_concurrency_kv", _noop("Max concurrency (KV cache)"), "", "higher"),
        Row("max_concurrency_slo", _noop("Max concurrency meeting the targets"), "", "higher"),
        Row("cost_per_mtok", _noop("Cost per million output tokens"), "", "lower", 4),
        Row("tps_per_kw", _noop("Tokens/s per kW"), "tok/s/kW", "higher", 1),
        Row("tps_per_kusd", _noop("Tokens/s per 1,000 of price"), "tok/s", "higher", 2),
        Row("errors", _noop("Validation errors"), "", "lower"),
    )


ROWS = _rows()


@dataclass(frozen=True, slots=True)
class BuildFigures:
    name: str
    currency: str
    values: Mapping[str, float | None]  # ROWS keys -> value (None: not available)
    price_complete: bool
    perf: PerfFigures | None
    perf_note: str  # why there is no estimate, or the peaks used
    band_tps: float | None  # relative half-width of the throughput estimate

    def value(self, key: str) -> float | None:
        return self.values.get(key)


def build_figures(
    build: Build,
    parts: Mapping[str, AnyPart],
    engine: RuleEngine,
    *,
    cost: CostInputs | None = None,
    measured: MeasuredPeaks | None = None,
) -> BuildFigures:
    report = engine.validate(build, measured)
    s = report.summary
    bom = build_bom(build, parts)
    nodes = build.node_count
    perf: PerfFigures | None
    try:
        perf = estimate_build(build, parts, bom, s.power_load_wall_w, cost, measured)
        note = perf.peaks_label
    except PerfUnavailable as exc:
        perf, note = None, str(exc)
    tps_target: float | None = None
    if perf is not None:
        # throughput at the highest concurrency that meets the targets (or at the load, with no targets)
        limit = perf.max_concurrency_at_target
        if limit is None:
            tps_target = perf.output_tps_total
        elif limit > 0:
            eligible = [p for p in perf.sweep if p.concurrency <= limit and p.meets_slo is not False]
            tps_target = max((p.output_tps_total for p in eligible), default=None)
        else:
            tps_target = 0.0
    price = float(bom.total) if bom.complete else None
    wall_kw = s.power_load_wall_w * nodes / 1000  # what the facility meters at the client's load
    values: dict[str, float | None] = {
        "price": price,
        "gpus": float(s.gpu_count * nodes),
        "vram_total_gib": s.vram_total_gib * nodes,
        "power_max_w": s.power_max_wall_w * nodes,
        "power_load_w": s.power_load_wall_w * nodes,
        "heat_btu_h": s.heat_btu_h * nodes,
        "nodes_per_rack": float(s.nodes_per_rack) if s.nodes_per_rack is not None else None,
        "tps_at_target": tps_target,
        "max_concurrency_kv": float(perf.max_concurrency_kv) if perf else None,
        "max_concurrency_slo": (float(perf.max_concurrency_at_target)
                                if perf and perf.max_concurrency_at_target is not None else None),
        "cost_per_mtok": float(perf.cost_per_mtok) if perf and perf.cost_per_mtok is not None else None,
        "tps_per_kw": tps_target / wall_kw if tps_target is not None and wall_kw > 0 else None,
        "tps_per_kusd": tps_target / (price / 1000) if tps_target is not None and price else None,
        "errors": float(report.counts()[Severity.ERROR.value]),
    }
    return BuildFigures(
        name=build.name,
        currency=bom.currency,
        values=values,
        price_complete=bom.complete,
        perf=perf,
        perf_note=note,
        band_tps=perf.band("output_tps_total") if perf else None,
    )


def contender(f: BuildFigures) -> bool:
    """A build that can be best at something: it has GPUs and no validation error. An empty build is
    not the 'best' on power, nor one with errors on price."""
    return (f.value("gpus") or 0) > 0 and f.value("errors") == 0


def best_per_row(figures: Sequence[BuildFigures]) -> dict[str, set[int]]:
    """Row key -> indexes of the best build(s); ties share the honour, rows without a direction have none.

    Only contenders compete (the errors row excepted, which ranks every build with GPUs), and for a
    'more is better' row a zero is never best: 0 tok/s at the target is a failure, not a win.
    """
    best: dict[str, set[int]] = {}
    for row in ROWS:
        if row.better == "none":
            continue
        if sum(f.value(row.key) is not None for f in figures) < 2:
            continue
        eligible = (lambda f: (f.value("gpus") or 0) > 0) if row.key == "errors" else contender
        known = [(i, v) for i, f in enumerate(figures) if eligible(f) and (v := f.value(row.key)) is not None
                 and not (row.better == "higher" and v <= 0)]
        if not known:
            continue
        target = max(v for _, v in known) if row.better == "higher" else min(v for _, v in known)
        best[row.key] = {i for i, v in known if v == target}
    return best


def format_value(row: Row, value: float | None, currency: str) -> str:
    if value is None:
        return "–"
    if row.key in ("price", "cost_per_mtok"):
        return format_money(Decimal(repr(value)), currency, decimals=row.decimals)
    text = format_number(value, row.decimals)
    return f"{text} {row.unit}".strip()
