"""Everything one export shows, computed once: the PDF, CSV and XLSX writers only lay it out.

:func:`prepare_quote` takes a project, a catalog (part id -> part) and the :class:`ExportOptions`
the project file does not hold (discount, tax, date, cost assumptions), and returns a
:class:`QuoteDocument`: per build its BOM, the rules engine's report and the performance figures,
plus the configuration hash. Every failure that would spoil the output (an unknown part id, bad
options) is raised here as an :class:`~app.export.errors.ExportError`, before any file is opened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from app.core.build import Build
from app.core.parts import AnyPart
from app.export.bom import ZERO, Bom, Pricing, build_bom, parts_used
from app.export.errors import ExportError
from app.export.hashing import config_digest, short_hash
from app.export.performance import PerfFigures, PerfUnavailable, estimate_build
from app.perf.cost import CostInputs
from app.perf.model import MeasuredPeaks
from app.project.model import Project
from app.rules.engine import Report, RuleEngine


@dataclass(frozen=True, slots=True)
class ExportOptions:
    """Quote terms and assumptions the project file has no field for (yet).

    ``quote_number`` None uses the project's reference; ``quote_date`` None uses today. ``cost``
    holds the cost-per-token terms (years, electricity price in the quote currency, PUE, or an
    hourly rate); capex (the quote total), power and currency are filled in per build.
    """

    discount_pct: Decimal = ZERO
    tax_pct: Decimal = ZERO
    tax_label: str = ""
    exchange_rates: Mapping[str, Decimal] = field(default_factory=dict)
    quote_number: str | None = None
    quote_date: date | None = None
    language: str = "en"
    cost: CostInputs = field(default_factory=CostInputs)


@dataclass(frozen=True, slots=True)
class QuoteInfo:
    """The cover page: who, what, when, by whom. All user text, printed exactly as typed."""

    customer: str
    contact: str
    project: str
    prepared_by: str
    quote_number: str
    quote_date: date
    currency: str
    notes: str


@dataclass(frozen=True, slots=True)
class BuildSection:
    build: Build
    bom: Bom
    report: Report
    perf: PerfFigures | None
    perf_note: str  # why there is no estimate ("" when there is one)


@dataclass(frozen=True, slots=True)
class PartSource:
    part_id: str
    name: str
    source: str
    confidence: str


@dataclass(frozen=True, slots=True)
class QuoteDocument:
    info: QuoteInfo
    pricing: Pricing
    cost: CostInputs
    language: str
    sections: tuple[BuildSection, ...]
    digest: str  # full SHA-256 of the configuration (app.export.hashing)
    catalog_version: str | None
    sources: tuple[PartSource, ...]  # every part used, in first-use order

    @property
    def short_hash(self) -> str:
        return short_hash(self.digest)

    @property
    def boms(self) -> tuple[Bom, ...]:
        return tuple(s.bom for s in self.sections)


def select_builds(project: Project, names: Sequence[str] | None) -> tuple[Build, ...]:
    if not names:
        return project.builds
    out = []
    for name in names:
        try:
            out.append(project.build(name))
        except KeyError:
            known = ", ".join(repr(n) for n in project.build_names)
            raise ExportError(f"no build named {name!r} in the project (builds: {known})") from None
    return tuple(out)


def quote_info(project: Project, options: ExportOptions) -> QuoteInfo:
    return QuoteInfo(
        customer=project.customer.company,
        contact=project.customer.contact,
        project=project.project.name,
        prepared_by=project.project.author,
        quote_number=options.quote_number if options.quote_number is not None else project.project.reference,
        quote_date=options.quote_date or date.today(),
        currency=project.currency,
        notes=project.notes,
    )


def prepare_quote(
    project: Project,
    parts: Mapping[str, AnyPart],
    options: ExportOptions | None = None,
    *,
    build_names: Sequence[str] | None = None,
    catalog_version: str | None = None,
    engine: RuleEngine | None = None,
    measured: Mapping[str, MeasuredPeaks] | None = None,
) -> QuoteDocument:
    """Price, validate and estimate the chosen builds (all when ``build_names`` is empty).

    ``engine``: a rules engine already made for this catalog (the GUI keeps one); ``measured``: probe
    results per build name, which make that build's estimate probe-calibrated.
    """
    options = options or ExportOptions()
    builds = select_builds(project, build_names)
    pricing = Pricing(
        currency=project.currency,
        discount_pct=options.discount_pct,
        tax_pct=options.tax_pct,
        tax_label=options.tax_label,
        exchange_rates=options.exchange_rates,
    )
    sources: dict[str, PartSource] = {}
    for build in builds:
        for pid, part in parts_used(build, parts).items():
            sources.setdefault(pid, PartSource(pid, part.display_name, part.source, part.confidence.value))
    rules = engine or RuleEngine(parts)
    sections = []
    for build in builds:
        bom = build_bom(build, parts, pricing)
        peaks = (measured or {}).get(build.name)
        report = rules.validate(build, peaks)  # the workload findings read the same peaks as the estimate
        perf: PerfFigures | None = None
        note = ""
        try:
            perf = estimate_build(build, parts, bom, report.summary.power_typical_wall_w, options.cost, peaks)
        except PerfUnavailable as exc:
            note = str(exc)
        sections.append(BuildSection(build, bom, report, perf, note))
    return QuoteDocument(
        info=quote_info(project, options),
        pricing=pricing,
        cost=options.cost,
        language=options.language,
        sections=tuple(sections),
        digest=config_digest(builds, parts, pricing),
        catalog_version=catalog_version,
        sources=tuple(sources.values()),
    )
