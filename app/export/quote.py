"""Everything one export shows, computed once: the PDF, CSV and XLSX writers only lay it out.

:func:`prepare_quote` takes a project (its quote terms, :class:`~app.project.model.QuoteTerms`,
included), a catalog (part id -> part) and the :class:`ExportOptions` one run sets over those terms
(the ``bom`` command's flags, the cost assumptions), and returns a :class:`QuoteDocument`: per
build its BOM, the rules engine's report and the performance figures, plus the configuration hash.

Which builds: those named for the run, else the project's saved choice, else every build that is
ready to quote (:func:`ready_to_quote`: GPUs and no errors). A build quoted that is not ready is
marked as a draft. Every failure that would spoil the output (an unknown part id, bad options, no
build to quote) is raised here as an :class:`~app.export.errors.ExportError`, before any file is opened.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal

from app.core.build import Build
from app.core.parts import AnyPart
from app.export.bom import Bom, Pricing, build_bom, parts_used
from app.export.errors import ExportError
from app.export.hashing import config_digest, short_hash
from app.export.performance import PerfFigures, PerfUnavailable, estimate_build
from app.facility.plan import FacilityPlan, plan_facility
from app.perf.cost import CostInputs
from app.perf.model import MeasuredPeaks
from app.project.model import MAX_VALID_DAYS, Project
from app.rules.engine import Report, RuleEngine
from app.rules.findings import Severity


@dataclass(frozen=True, slots=True)
class ExportOptions:
    """What one export sets over the project's saved quote terms (``project.quote``), and the
    assumptions the project has no field for.

    Each term left None takes the project's: ``quote_number`` its reference, ``quote_date`` its
    quote date (else today), ``valid_days``, ``discount_pct``, ``tax_pct`` and ``tax_label`` its
    quote terms. ``exchange_rates`` are merged over the project's, currency by currency. ``cost``
    holds the cost-per-token terms (years, electricity price in the quote currency, PUE, or an
    hourly rate); capex (the quote total), power and currency are filled in per build.
    """

    discount_pct: Decimal | None = None
    tax_pct: Decimal | None = None
    tax_label: str | None = None
    exchange_rates: Mapping[str, Decimal] = field(default_factory=dict)
    quote_number: str | None = None
    quote_date: date | None = None
    valid_days: int | None = None
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
    email: str = ""
    phone: str = ""
    address: str = ""
    valid_days: int | None = None  # None: the quote states no validity
    payment_terms: str = ""
    delivery_terms: str = ""

    @property
    def valid_until(self) -> date | None:
        return self.quote_date + timedelta(days=self.valid_days) if self.valid_days is not None else None


@dataclass(frozen=True, slots=True)
class BuildSection:
    build: Build
    bom: Bom
    report: Report
    perf: PerfFigures | None
    perf_note: str  # why there is no estimate ("" when there is one)
    draft: bool = False  # quoted because it was chosen, though not ready (no GPUs, or errors)
    facility: FacilityPlan | None = None  # the data-centre hand-off (app.facility), None without a chassis


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


def ready_to_quote(report: Report) -> bool:
    """A build the quote includes unless told otherwise: it has GPUs and no error finding."""
    return report.summary.gpu_count > 0 and not any(f.severity is Severity.ERROR for f in report.findings)


def select_builds(project: Project, names: Sequence[str] | None) -> tuple[Build, ...]:
    """The builds named, in that order (all of them when ``names`` is empty)."""
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


def _not_ready(build: Build, report: Report) -> str:
    errors = sum(1 for f in report.findings if f.severity is Severity.ERROR)
    why = [f"{errors} error(s), the first: {report.findings[0].message}"] if errors else []
    if report.summary.gpu_count == 0:
        why.append("no GPUs")
    return f"{build.name!r} ({'; '.join(why)})"


def choose_builds(project: Project, report: Callable[[Build], Report],
                  names: Sequence[str] | None = None) -> tuple[Build, ...]:
    """The builds to quote: ``names`` (this run's choice, in that order), else the project's saved
    choice (``project.quote.include_builds``, in project order; names no longer in the project are
    skipped), else every build :func:`ready_to_quote` judges ready. Raises :class:`ExportError`
    naming each build and why when the default leaves nothing to quote."""
    if names:
        return select_builds(project, names)
    saved = project.quote.include_builds
    if saved is not None:
        chosen = tuple(b for b in project.builds if b.name in saved)
        if not chosen:
            raise ExportError("none of the builds chosen for the quote is in the project; choose the builds "
                              "to include again")
        return chosen
    ready = tuple(b for b in project.builds if ready_to_quote(report(b)))
    if not ready:
        why = "; ".join(_not_ready(b, report(b)) for b in project.builds)
        raise ExportError(f"no build is ready to quote (a quote includes builds with GPUs and no errors): {why}. "
                          "Fix the errors, or choose the builds to include (quote details, or --build); "
                          "a build chosen that way is marked as a draft")
    return ready


def _valid_days(value: int | None) -> int | None:
    if value is not None and (isinstance(value, bool) or not 1 <= value <= MAX_VALID_DAYS):
        raise ExportError(f"the validity must be a whole number of days from 1 to {MAX_VALID_DAYS}, got {value}")
    return value


def quote_info(project: Project, options: ExportOptions) -> QuoteInfo:
    terms = project.quote
    return QuoteInfo(
        customer=project.customer.company,
        contact=project.customer.contact,
        project=project.project.name,
        prepared_by=project.project.author,
        quote_number=options.quote_number if options.quote_number is not None else project.project.reference,
        quote_date=options.quote_date or terms.quote_date or date.today(),
        currency=project.currency,
        notes=project.notes,
        email=project.customer.email,
        phone=project.customer.phone,
        address=project.customer.address,
        valid_days=_valid_days(options.valid_days if options.valid_days is not None else terms.valid_days),
        payment_terms=terms.payment_terms,
        delivery_terms=terms.delivery_terms,
    )


def quote_pricing(project: Project, options: ExportOptions) -> Pricing:
    """The project's saved discount, tax and exchange rates, with this run's options over them."""
    terms = project.quote

    def pick(run: Decimal | None, saved: Decimal) -> Decimal:
        return run if run is not None else saved

    return Pricing(
        currency=project.currency,
        discount_pct=pick(options.discount_pct, terms.discount_pct),
        tax_pct=pick(options.tax_pct, terms.tax_pct),
        tax_label=options.tax_label if options.tax_label is not None else terms.tax_label,
        exchange_rates={**terms.exchange_rates, **options.exchange_rates},
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
    """Price, validate and estimate the builds :func:`choose_builds` picks (``build_names``: this
    run's choice over the project's), each not :func:`ready_to_quote` marked as a draft.

    ``engine``: a rules engine already made for this catalog (the GUI keeps one); ``measured``: probe
    results per build name, which make that build's estimate probe-calibrated.
    """
    options = options or ExportOptions()
    rules = engine or RuleEngine(parts)
    reports: dict[str, Report] = {}

    def report_of(build: Build) -> Report:
        if build.name not in reports:  # the workload findings read the same peaks as the estimate
            reports[build.name] = rules.validate(build, (measured or {}).get(build.name))
        return reports[build.name]

    pricing = quote_pricing(project, options)
    info = quote_info(project, options)
    builds = choose_builds(project, report_of, build_names)
    sources: dict[str, PartSource] = {}
    for build in builds:
        for pid, part in parts_used(build, parts).items():
            sources.setdefault(pid, PartSource(pid, part.display_name, part.source, part.confidence.value))
    sections = []
    for build in builds:
        bom = build_bom(build, parts, pricing)
        peaks = (measured or {}).get(build.name)
        report = report_of(build)
        perf: PerfFigures | None = None
        note = ""
        try:
            perf = estimate_build(build, parts, bom, report.summary.power_load_wall_w, options.cost, peaks)
        except PerfUnavailable as exc:
            note = str(exc)
        facility = (plan_facility(rules, build, report, measured=peaks) if rules.context(build).chassis is not None
                    else None)
        sections.append(BuildSection(build, bom, report, perf, note, draft=not ready_to_quote(report),
                                     facility=facility))
    return QuoteDocument(
        info=info,
        pricing=pricing,
        cost=options.cost,
        language=options.language,
        sections=tuple(sections),
        digest=config_digest(builds, parts, pricing),
        catalog_version=catalog_version,
        sources=tuple(sources.values()),
    )
