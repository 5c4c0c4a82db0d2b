"""The facility sheet as XLSX for the data-centre team: per rack, feed and phase the watts, amps,
BTU/h and airflow, each rack's total with its weight; then the PSUs, the failure scenarios and where
every assumed figure comes from. One sheet per build, laid out from :class:`app.facility.FacilityPlan`
(nothing is computed here).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.worksheet.worksheet import Worksheet

from app.export.labels import tr, trf
from app.export.tabular import BOLD, CAT_FILL, HEAD_FILL, HEAD_FONT, TITLE_FONT, sheet_title, xml_safe
from app.facility.plan import FacilityPlan


def sheet_header() -> list[str]:
    return [tr("Rack"), tr("Feed"), tr("Phase"), tr("PSUs"), tr("W at the operating point"), tr("W maximum"),
            tr("A maximum"), tr("A, other feed lost"), tr("A usable (breaker x derating)"), tr("BTU/h"),
            tr("Airflow m³/h"), tr("Airflow CFM"), tr("Weight kg")]


def _cell(value: float | None, digits: int = 1) -> float | str:
    return "" if value is None else round(value, digits)


def sheet_values(plan: FacilityPlan) -> list[list[object]]:
    """The sheet's rows as values (the same for XLSX and tests)."""
    out: list[list[object]] = []
    for row in plan.rows:
        weight: object = _cell(row.weight_kg) if row.weight_kg is not None else (
            tr("not stated") if row.is_total else "")
        out.append([row.rack, row.feed or tr("Total"), row.phase, row.psus, _cell(row.load_w, 0), _cell(row.max_w, 0),
                    _cell(row.max_a), _cell(row.failover_a), _cell(row.usable_a), _cell(row.btu_h, 0),
                    _cell(row.airflow_m3h, 0), _cell(row.airflow_cfm, 0), weight])
    return out


def _put(ws: Worksheet, row: int, col: int, value: object) -> Cell:
    """A cell; text is always a string cell (a build named '=1+1' is never read as a formula)."""
    cell = ws.cell(row=row, column=col)
    if isinstance(value, str):
        cell.value = xml_safe(value)
        cell.data_type = "s"
    else:
        cell.value = value
    return cell


def _heading(ws: Worksheet, row: int, headers: Sequence[str]) -> None:
    for col, text in enumerate(headers, start=1):
        cell = _put(ws, row, col, text)
        cell.font, cell.fill = HEAD_FONT, HEAD_FILL


def _write(ws: Worksheet, plan: FacilityPlan) -> None:
    node = plan.node
    _put(ws, 1, 1, trf("Facility sheet: {build}", build=plan.build_name)).font = TITLE_FONT
    volts = trf("{volts} V at the PSU", volts=f"{node.voltage_v:g}")
    if node.line_to_line_v is not None:
        volts += ", " + trf("three phase, {ll} V line to line", ll=f"{node.line_to_line_v:.0f}")
    basis = "" if plan.power_basis == "operating point" else " " + tr("(typical load: no workload estimate)")
    _put(ws, 2, 1, trf("{nodes} node(s); {volts}; power factor {pf}", nodes=plan.node_count, volts=volts,
                       pf=f"{node.power_factor:g}") + basis)
    r = 4
    _heading(ws, r, sheet_header())
    for values in sheet_values(plan):
        r += 1
        for col, value in enumerate(values, start=1):
            cell = _put(ws, r, col, value)
            if values[1] == tr("Total"):
                cell.font, cell.fill = BOLD, CAT_FILL
    r += 2
    _heading(ws, r, [tr("PSU"), tr("Feed"), tr("W at the operating point"), tr("W maximum"), tr("A maximum"),
                     tr("W, other feed lost"), tr("A, other feed lost"), tr("Inlet")])
    inlet = node.inlet.inlet if node.inlet is not None else ""
    for p in node.psus:
        r += 1
        for col, value in enumerate([p.slot, p.feed, round(p.load_w), round(p.max_w), round(p.max_a, 1),
                                     _cell(p.failover_w, 0), _cell(p.failover_a), inlet], start=1):
            _put(ws, r, col, value)
    r += 2
    _heading(ws, r, [tr("Scenario"), tr("Change"), tr("Verdict"), tr("W maximum"), tr("Findings that appear"),
                     tr("Findings that disappear"), tr("Note")])
    for s in plan.scenarios:
        r += 1
        for col, value in enumerate([s.title, s.change, s.verdict, _cell(s.node_max_wall_w, 0),
                                     ", ".join(s.appeared), ", ".join(s.disappeared), s.note], start=1):
            _put(ws, r, col, value)
    r += 2
    _heading(ws, r, [tr("Figure"), tr("Source")])
    for what, source in (*plan.sources, (tr("Weight"), plan.weight_note)):
        r += 1
        _put(ws, r, 1, what)
        _put(ws, r, 2, source)
    for letter, chars in zip("ABCDEFGHIJKLM", (14, 12, 22, 8, 14, 12, 12, 14, 16, 12, 12, 12, 12), strict=True):
        ws.column_dimensions[letter].width = chars


def render_facility_xlsx(plans: Sequence[FacilityPlan]) -> bytes:
    """One sheet per build's facility plan."""
    wb = Workbook()
    first = wb.active
    assert first is not None
    wb.remove(first)
    taken: set[str] = set()
    for plan in plans:
        _write(wb.create_sheet(sheet_title(plan.build_name, taken)), plan)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()
