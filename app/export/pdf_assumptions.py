"""The closing section: assumptions and data sources (prices and exchange rates; power, cooling and
validation; the performance model and the cost formula; the configuration hash; where each part's
figures come from)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table

from app.catalog.reference_prices import default_rates
from app.export.hashing import HASH_SCHEME
from app.export.labels import client_source, fmt_decimal, rounding_rule, tr, trf
from app.export.pdf_style import Cell, P, _grid_style, _Styles, fmt_num
from app.export.quote import QuoteDocument


def _price_lines(doc: QuoteDocument) -> list[str]:
    price_lines = [
        trf("All prices in {currency}, from the parts catalog (list prices or imported price lists).",
            currency=doc.pricing.currency),
        rounding_rule(),
        tr("Parts without a price are shown as 'price on request' and are never counted as zero; "
           "a total that leaves them out says so."),
    ]
    for code, rate in sorted(doc.pricing.exchange_rates.items()):
        price_lines.append(trf("Exchange rate: 1 {code} = {rate} {currency}",
            code=code, rate=fmt_decimal(rate), currency=doc.pricing.currency))
    # Reference prices the book gives in another currency convert at its dated rate unless one is given.
    used = {ln.reference.currency for s in doc.sections for ln in s.bom.reference_lines if ln.reference is not None}
    for code, book_rate in sorted(default_rates(doc.pricing.currency).items()):
        if code in used and code not in doc.pricing.exchange_rates:
            price_lines.append(trf("Reference prices in {code} converted at the price book's rate: 1 {code} = {rate} "
                                   "{currency} ({date}; {source})", code=code, rate=fmt_decimal(book_rate.rate),
                                   currency=doc.pricing.currency, date=book_rate.date, source=book_rate.source))
    return price_lines


def _power_lines() -> list[str]:
    return [
        tr("Maximum power is the sum of nameplate figures (GPU and CPU TDP, DIMMs, NICs, drives, chassis "
           "baseline); typical power is what the rules profile expects under inference load."),
        tr("Heat: BTU/h = W x 3.412. Nodes per rack are limited by the rack power budget, the rack units "
           "and the cooling ceiling; the binding limit is named."),
        tr("Findings come from the rules engine with the rule profile in use; each explanation shows the "
           "numbers used."),
    ]


def _perf_lines(doc: QuoteDocument) -> list[str]:
    cost = doc.cost
    perf_lines = [
        tr("Estimates come from the calibrated performance model for the whole build (all nodes, all GPUs); "
           "a band is the 80th percentile of held-out errors against published measurements."),
    ]
    if cost.hourly_rate is not None:
        perf_lines.append(trf("Cost per million output tokens = hourly rate {rate} {currency} / (output tokens/s "
                              "x 3600) x 1,000,000.", rate=fmt_num(cost.hourly_rate, 2), currency=doc.pricing.currency))
    else:
        perf_lines.append(trf(
            "Cost per million output tokens = hourly cost / (output tokens/s x 3600) x 1,000,000; hourly cost = "
            "quote total / ({years} years x 8,760 h) + typical wall power x PUE {pue} x {price} {currency}/kWh.",
            years=f"{cost.amortisation_years:g}", pue=f"{cost.pue:g}", price=f"{cost.electricity_per_kwh:g}",
            currency=doc.pricing.currency))
    if cost.utilisation < 1:
        perf_lines.append(trf("Utilisation: the build serves at this load {pct} % of the hours.",
                              pct=f"{cost.utilisation * 100:g}"))
    return perf_lines


def _model_assumptions(doc: QuoteDocument, st: _Styles) -> list[Flowable]:
    """The performance model's assumptions: once when every build shares them, else per build."""
    out: list[Flowable] = []
    per_build = [(s.build.name, s.perf.assumptions) for s in doc.sections if s.perf is not None]
    if per_build and all(a == per_build[0][1] for _, a in per_build):
        out.append(P(tr("Model assumptions (all builds)"), st.cell_bold))
        out += [P(a, st.bullet, bullet=True) for a in per_build[0][1]]
    else:
        for name, assumptions in per_build:
            out.append(P(trf("Model assumptions: {build}", build=name), st.cell_bold))
            out += [P(a, st.bullet, bullet=True) for a in assumptions]
    return out


def _hash_and_sources(doc: QuoteDocument, width: float, st: _Styles) -> list[Flowable]:
    out: list[Flowable] = [P(tr("Configuration hash"), st.h2)]
    out.append(P(trf("SHA-256 of the canonical JSON of the builds, every catalog part they use (all fields, "
                     "prices included) and the pricing terms ({scheme}):", scheme=HASH_SCHEME), st.small))
    out.append(P(doc.digest, st.small, markup='<font name="Courier">{}</font>'))
    out.append(P(tr("Data sources"), st.h2))
    head = [P(tr("Part"), st.head), P(tr("Source"), st.head), P(tr("Checked"), st.head)]
    data: list[list[Cell]] = [head]
    for src in doc.sources:  # for the client: publications, no catalog ids or working notes
        data.append([P(src.name, st.cell_small), P(client_source(src.source), st.cell_small),
                     P(src.confidence, st.cell_small)])
    t = Table(data, colWidths=[width * 0.3, width * 0.62, width * 0.08], repeatRows=1, hAlign="LEFT")
    t.setStyle(_grid_style())
    out.append(t)
    out.append(Spacer(1, 2 * mm))
    out.append(P(tr("Checked: V verified against a datasheet, K known (catalog author, to verify), "
                    "D derived from other figures, U entered by the user."), st.muted))
    return out


def _assumptions(doc: QuoteDocument, width: float, st: _Styles) -> list[Flowable]:
    out: list[Flowable] = [P(tr("Assumptions and data sources"), st.h1)]
    out.append(P(tr("Prices"), st.h2))
    out += [P(line, st.bullet, bullet=True) for line in _price_lines(doc)]
    out.append(P(tr("Power, cooling and validation"), st.h2))
    out += [P(line, st.bullet, bullet=True) for line in _power_lines()]
    out.append(P(tr("Performance"), st.h2))
    out += [P(line, st.bullet, bullet=True) for line in _perf_lines(doc)]
    out += _model_assumptions(doc, st)
    out += _hash_and_sources(doc, width, st)
    return out
