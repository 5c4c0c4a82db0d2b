"""#19 items 3-5 in the exports: the failure table, the elevation and the facility sheet in the PDF, and
the facility sheet as XLSX, for the HGX sample."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from app.catalog.seed import by_id, load_source_parts
from app.export.facility_xlsx import render_facility_xlsx, sheet_values
from app.export.pdf import render_pdf
from app.export.quote import QuoteDocument, prepare_quote
from app.paths import resources_dir
from app.project import load_project
from tests.export import pdftext

SAMPLE = resources_dir() / "samples" / "hgx-h200-8gpu.json"


@pytest.fixture(scope="module")
def doc() -> QuoteDocument:
    return prepare_quote(load_project(SAMPLE), by_id(load_source_parts()))


def test_the_quote_carries_the_facility_plan_from_the_same_report(doc: QuoteDocument) -> None:
    (section,) = doc.sections
    plan = section.facility
    assert plan is not None
    assert plan.node.max_wall_w == section.report.summary.power_max_wall_w  # one verdict
    assert plan.node.load_wall_w == section.report.summary.power_load_wall_w


def test_pdf_shows_the_failure_table_elevation_and_facility_sheet(doc: QuoteDocument) -> None:
    text = " ".join(pdftext.text(render_pdf(doc)).split())
    for expected in ("Facility hand-off", "Failure scenarios", "One PSU lost", "Feed A lost", "110 V site",
                     "Hot aisle, 35 °C inlet", "keeps running", "stops", "runs at the client's load",
                     "+ PSUs give 9,000 W under no redundancy; the node draws up to", "Rack elevation",
                     "Node 1", "U1-U8", "Facility sheet", "34,397 BTU/h", "C20, PDU outlet C19",
                     "weight not stated"):
        assert expected in text, expected


def test_xlsx_facility_sheet_per_rack_feed_and_phase(doc: QuoteDocument) -> None:
    plan = doc.sections[0].facility
    assert plan is not None
    wb = load_workbook(io.BytesIO(render_facility_xlsx([plan])))
    (ws,) = wb.worksheets
    values = [[c.value for c in row] for row in ws.iter_rows(min_row=5, max_row=4 + len(plan.rows), max_col=13)]
    expected = [[v if v != "" else None for v in row] for row in sheet_values(plan)]
    assert values == expected
    phases = [r for r in values if r[1] in ("A", "B")]
    assert [(r[1], r[2]) for r in phases] == [("A", "L1"), ("A", "L2"), ("A", "L3"), ("B", "L1"), ("B", "L2"),
                                              ("B", "L3")]  # the datacenter preset: 230 V three phase
    total = values[len(phases)]
    assert total[1] == "Total" and total[5] == round(plan.node.max_wall_w) and total[12] == "not stated"
    assert total[9] == round(plan.node.max_wall_w * 3.412)
    column_a = [c.value for c in ws["A"]]
    assert "Scenario" in column_a and "Feed A lost" in column_a


def test_a_build_named_like_a_formula_stays_text(doc: QuoteDocument) -> None:
    from dataclasses import replace

    plan = replace(doc.sections[0].facility, build_name="=1+1")  # type: ignore[type-var]
    ws = load_workbook(io.BytesIO(render_facility_xlsx([plan]))).worksheets[0]
    assert ws["A1"].data_type == "s" and ws["A1"].value.endswith("=1+1")
