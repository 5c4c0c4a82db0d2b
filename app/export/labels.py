"""Fixed wording shared by the PDF, CSV and XLSX, each string through the translation layer.

Every call is ``translate("BomExport", "<literal>")`` so an extractor finds the literals.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from app.core.i18n import current_locale, translate
from app.export.bom import BomLine, Category
from app.i18n.formatting import format_date, format_number
from app.rules.findings import Severity

CONTEXT = "BomExport"


def tr(text: str) -> str:
    return translate(CONTEXT, text)


def category_label(category: Category) -> str:
    return {
        Category.CHASSIS: tr("Chassis"),
        Category.GPU: tr("GPUs"),
        Category.CPU: tr("CPUs"),
        Category.MEMORY: tr("Memory"),
        Category.NIC: tr("Network cards"),
        Category.DRIVE: tr("Drives"),
        Category.PSU: tr("Power supplies"),
    }[category]


def severity_label(severity: Severity) -> str:
    return {Severity.ERROR: tr("Error"), Severity.WARNING: tr("Warning"), Severity.INFO: tr("Info")}[severity]


def component_label(component: str) -> str:
    """A power component (gpu, cpu, dimm, nic, drive, chassis) in the power table."""
    return {"gpu": tr("gpu"), "cpu": tr("cpu"), "dimm": tr("dimm"), "nic": tr("nic"), "drive": tr("drive"),
            "chassis": tr("chassis")}.get(component, component)


def limit_label(name: str) -> str:
    """What limits nodes per rack: power, rack_units or cooling."""
    return {"power": tr("power"), "rack_units": tr("rack units"), "cooling": tr("cooling")}.get(name, name)


def cooling_label(value: str) -> str:
    """A room cooling type (app.core.build.CoolingType value)."""
    return {
        "office-air": tr("office-air"),
        "air-perimeter": tr("air-perimeter"),
        "air-containment": tr("air-containment"),
        "rear-door": tr("rear-door"),
        "direct-liquid": tr("direct-liquid"),
        "immersion": tr("immersion"),
    }.get(value, value)


def rounding_rule() -> str:
    """The rounding of app.export.bom, in words (printed with the assumptions)."""
    return tr("A line amount is unit price x quantity, rounded half-up to the cent; subtotals are sums of "
              "line amounts; discount = subtotal x discount %, rounded half-up to the cent; tax = "
              "(subtotal - discount) x tax %, rounded half-up to the cent; total = subtotal - discount + tax.")


def price_on_request(line: BomLine | None = None) -> str:
    """What an unpriced line says; a part priced in another currency says which (no rate was given)."""
    if line is not None and line.list_price is not None:
        return trf("price on request (listed in {currency}, no exchange rate)", currency=line.list_currency)
    return tr("price on request")


def reference_note(line: BomLine) -> str:
    """What a line priced from the reference table says: never passed off as a quoted price."""
    assert line.reference is not None
    ref = line.reference
    if ref.is_stale(dt.date.today()):
        return trf("reference price {reference}, more than a year old; not a quotation",
                   reference=ref.describe(region_label))
    return trf("reference price {reference}, not a quotation", reference=ref.describe(region_label))


def region_label(code: str) -> str:
    """A price book region in the reader's language (as written when unknown)."""
    names = {"US": tr("US"), "EU": tr("EU"), "CN": tr("China"), "global": tr("global")}
    return names.get(code, code)


def draft_reason(errors: int, gpus: int) -> str:
    """Why a build in the quote is a draft (it was chosen, not ready): its errors, no GPUs, or both."""
    why = [trf("{n} error(s)", n=errors)] if errors else []
    if not gpus:
        why.append(tr("no GPUs"))
    return ", ".join(why)


def draft_note(errors: int, gpus: int) -> str:
    """The line a draft build carries wherever it is listed."""
    return trf("Draft, not ready to order ({why}): included because it was chosen for this quote.",
               why=draft_reason(errors, gpus))


def fmt_money(value: Decimal) -> str:
    """1,234.50: two decimals, grouped in the reader's locale (the currency is named in the column header)."""
    return format_number(value, 2)


def fmt_int(value: int) -> str:
    """A count, grouped in the reader's locale."""
    return format_number(value, 0)


def fmt_date(value: dt.date) -> str:
    """The quote date: ISO (2026-03-01) in English, unambiguous for US and UK readers alike; the
    locale's own form elsewhere (2026年3月1日)."""
    if current_locale().split("_")[0] == "en":
        return value.isoformat()
    return format_date(value, style="long")


def fmt_decimal(value: Decimal) -> str:
    """A percentage or rate as typed, without trailing zeros: 13, 7.5, 0.125."""
    text = format(value.normalize(), "f")
    return "0" if text in ("-0", "") else text


def trf(text: str, **values: object) -> str:
    """Translate a template, then fill it; a translation with broken placeholders falls back to English."""
    try:
        return tr(text).format(**values)
    except (KeyError, IndexError, ValueError):
        return text.format(**values)


# Working notes in the catalog's source column that a client has no use for (they stay in the app).
_WORKING_NOTES = ("filled by catalog author", "assumption", "background knowledge", "code-corpus", "derived:")


def client_source(source: str) -> str:
    """A catalog part's sources as a client reads them: the publications and pages, without the
    catalog author's working notes ("filled by catalog author: ...", "(not retrieved)")."""
    kept = []
    for item in source.split(" ; "):
        text = item.strip().replace(" (not retrieved)", "")
        if text and not text.lower().startswith(_WORKING_NOTES):
            kept.append(text)
    return " ; ".join(kept) if kept else tr("vendor specification")
