"""The facility hand-off in the PDF: the electrical summary, the failure scenarios, the rack
elevation (drawn with reportlab graphics) and the facility sheet per rack, feed and phase, with where
each assumed figure comes from. Lays out an :class:`app.facility.FacilityPlan`; computes nothing.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Spacer, Table

from app.export.fonts import CJK_FONT, LATIN_BOLD, LATIN_FONT, has_cjk
from app.export.labels import tr, trf
from app.export.pdf_style import CAT_BG, HEAD_BG, INK, MUTED, Cell, P, _grid_style, _kv_table, _Styles, fmt_num
from app.facility.elevation import RackPlan
from app.facility.plan import FacilityPlan
from app.facility.scenarios import ScenarioResult, changed_findings

OK_GREEN = colors.HexColor("#1e7b34")
STOP_RED = colors.HexColor("#b03a2e")
UNKNOWN_GREY = colors.HexColor("#5d6d7e")
NODE_FILL = colors.HexColor("#c9d8ea")
RACKS_PER_ROW = 4


def _num(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else fmt_num(value, digits)


def _summary_rows(plan: FacilityPlan) -> list[tuple[str, str]]:
    node = plan.node
    volts = trf("{volts} V at each PSU", volts=fmt_num(node.voltage_v))
    if node.line_to_line_v is not None:
        volts += "; " + trf("three phase, {ll} V line to line", ll=fmt_num(node.line_to_line_v))
    rows = [(tr("Supply"), trf("{volts}; power factor {pf}", volts=volts, pf=fmt_num(node.power_factor, 2))),
            (tr("Power per node at the wall"), trf("{load} W at the operating point, {max} W at the maximum",
                                       load=_num(node.load_wall_w), max=_num(node.max_wall_w))
             + ("" if plan.power_basis == "operating point" else " " + tr("(typical load: no workload estimate)")))]
    if node.psus:
        p = node.psus[0]
        rows.append((tr("Per PSU"), trf(
            "{n} x {psu}: {load} W ({load_a} A) at the operating point, {max} W ({max_a} A) at the maximum; "
            "{fail} W ({fail_a} A) with the other feed lost", n=len(node.psus), psu=node.psu_name,
            load=_num(p.load_w), load_a=_num(p.load_a, 1), max=_num(p.max_w), max_a=_num(p.max_a, 1),
            fail=_num(p.failover_w), fail_a=_num(p.failover_a, 1))))
    if node.inlet is not None:
        rows.append((tr("Inlet"), trf("{inlet}, PDU outlet {outlet}: {source}", inlet=node.inlet.inlet,
                                      outlet=node.inlet.outlet or "-", source=node.inlet.source)))
    breaker = (trf("{amps} A per feed and phase, loaded to at most {share}", amps=fmt_num(plan.breaker_a),
                   share=f"{plan.derating:.0%}") if plan.breaker_a is not None
               else tr("not stated for this site: give the feed breaker to check it"))
    rows.append((tr("Feed breaker"), breaker))
    if plan.racks:
        pdus = "; ".join(trf("feed {feed}: {outlets} x {outlet} outlet(s), {pdus} PDU(s)", feed=d.feed,
                             outlets=d.outlets, outlet=d.outlet, pdus=d.pdus) for d in plan.racks[0].pdus)
        rows.append((tr("PDUs per full rack"), pdus or "-"))
    rows.append((tr("Weight"), plan.weight_note))
    return rows


def _verdict_cell(s: ScenarioResult, st: _Styles) -> Flowable:
    color = UNKNOWN_GREY if s.keeps_running is None else OK_GREEN if s.keeps_running else STOP_RED
    if s.keeps_running is False and s.cap_w is not None:
        color = colors.HexColor("#b9770e")
    return P(s.verdict, st.cell_bold, markup=f'<font color="#{color.hexval()[2:]}">{{}}</font>')


def scenario_table(plan: FacilityPlan, width: float, st: _Styles) -> Table:
    head = [P(h, st.head) for h in (tr("Scenario"), tr("Change"), tr("Keeps running?"), tr("Max at the wall"),
                                    tr("Findings that change"))]
    data: list[list[Cell]] = [head]
    for s in plan.scenarios:
        changed = changed_findings(s)
        detail: list[Flowable] = [P(c, st.cell_small) for c in changed] or [P(tr("none"), st.cell_small)]
        if s.note:
            detail.append(P(s.note, st.cell_small))
        data.append([P(s.title, st.cell_bold), P(s.change, st.cell_small), _verdict_cell(s, st),
                     P(trf("{w} W", w=_num(s.node_max_wall_w)) if s.node_max_wall_w is not None else "-",
                       st.cell_right), detail])
    t = Table(data, colWidths=[w * width for w in (0.14, 0.22, 0.16, 0.11, 0.37)], repeatRows=1, hAlign="LEFT")
    t.setStyle(_grid_style())
    return t


def _font(text: str, bold: bool = False) -> str:
    return CJK_FONT if has_cjk(text) else (LATIN_BOLD if bold else LATIN_FONT)


def _label(d: Drawing, x: float, y: float, text: str, size: float, *, bold: bool = False,
           anchor: str = "middle", color: colors.Color = INK) -> None:
    d.add(String(x, y, text, fontName=_font(text, bold), fontSize=size, fillColor=color, textAnchor=anchor))


def _draw_rack(d: Drawing, rack: RackPlan, x: float, y: float, w: float, h: float) -> None:
    """One rack: its frame, a tick every 5 U, each node as a box at its Us; figures underneath."""
    unit = h / rack.rack_units
    d.add(Rect(x, y, w, h, strokeColor=INK, fillColor=colors.white, strokeWidth=0.8))
    for u in range(1, rack.rack_units + 1):
        if u % 5 == 0 or u == 1:
            d.add(Line(x - 2, y + (u - 0.5) * unit, x, y + (u - 0.5) * unit, strokeColor=MUTED, strokeWidth=0.3))
            _label(d, x - 3, y + (u - 0.5) * unit - 2, str(u), 5, anchor="end", color=MUTED)
    for node in rack.nodes:
        top = y + node.u_top * unit
        bottom = y + (node.u_bottom - 1) * unit
        d.add(Rect(x + 2, bottom + 0.4, w - 4, top - bottom - 0.8, strokeColor=HEAD_BG, fillColor=NODE_FILL,
                   strokeWidth=0.5))
        _label(d, x + w / 2, (top + bottom) / 2 - 2.5, trf("Node {n}", n=node.number), 6.5, bold=True)
        if top - bottom > 14:
            _label(d, x + w / 2, (top + bottom) / 2 - 9, f"U{node.u_bottom}-U{node.u_top}", 5.5, color=MUTED)
    free = rack.rack_units - rack.used_units
    _label(d, x + w / 2, y + h + 4, rack.name, 7.5, bold=True)
    a_w, b_w = rack.feed_w("A")[1], rack.feed_w("B")[1]
    lines = [
        trf("{kw} kW max, {btu} BTU/h", kw=fmt_num(rack.max_w / 1000, 1), btu=fmt_num(rack.heat_btu_h)),
        trf("feed A {a} kW, feed B {b} kW", a=fmt_num(a_w / 1000, 1), b=fmt_num(b_w / 1000, 1)),
        trf("{kg} kg", kg=fmt_num(rack.weight_kg)) if rack.weight_kg is not None else tr("weight not stated"),
        trf("{free} U free", free=free),
    ]
    for i, text in enumerate(lines):
        _label(d, x + w / 2, y - 9 - i * 7.5, text, 5.8, color=MUTED if i else INK)


def elevation_drawing(plan: FacilityPlan, width: float) -> Drawing:
    """The racks side by side (up to four a row), nodes at their Us."""
    racks = plan.racks
    rows = max(1, -(-len(racks) // RACKS_PER_ROW))
    rack_h, pitch_y = 70 * mm, 70 * mm + 48
    d = Drawing(width, rows * pitch_y)
    slot_w = width / RACKS_PER_ROW
    rack_w = min(slot_w - 22 * mm, 34 * mm)
    for i, rack in enumerate(racks):
        row, col = divmod(i, RACKS_PER_ROW)
        x = col * slot_w + (slot_w - rack_w) / 2 + 4 * mm
        y = (rows - 1 - row) * pitch_y + 36
        _draw_rack(d, rack, x, y, rack_w, rack_h)
    return d


def sheet_table(plan: FacilityPlan, width: float, st: _Styles) -> Table:
    heads = (tr("Rack"), tr("Feed"), tr("Phase"), tr("W load"), tr("W max"), tr("A max"), tr("A, other feed lost"),
             tr("A usable"), tr("BTU/h"), tr("m³/h"), tr("CFM"), tr("kg"))
    data: list[list[Cell]] = [[P(h, st.head if i < 3 else st.head_right) for i, h in enumerate(heads)]]
    totals = []
    for i, row in enumerate(plan.rows, start=1):
        style = st.cell_right_bold if row.is_total else st.cell_right
        weight = _num(row.weight_kg) if row.weight_kg is not None else (tr("not stated") if row.is_total else "")
        data.append([P(row.rack, st.cell), P(row.feed or tr("Total"), st.cell_bold if row.is_total else st.cell),
                     P(row.phase, st.cell),
                     *(P(v, style) for v in (_num(row.load_w), _num(row.max_w), _num(row.max_a, 1),
                                             _num(row.failover_a, 1), _num(row.usable_a, 1), _num(row.btu_h),
                                             _num(row.airflow_m3h), _num(row.airflow_cfm), weight))])
        if row.is_total:
            totals.append(("BACKGROUND", (0, i), (-1, i), CAT_BG))
        elif row.usable_a is not None and row.failover_a is not None and row.failover_a > row.usable_a:
            totals.append(("BACKGROUND", (6, i), (6, i), colors.HexColor("#f6d5d1")))  # over the breaker
    shares = (0.1, 0.06, 0.06, 0.08, 0.08, 0.07, 0.1, 0.08, 0.09, 0.08, 0.08, 0.12)
    t = Table(data, colWidths=[s * width for s in shares], repeatRows=1, hAlign="LEFT")
    t.setStyle(_grid_style(totals))
    return t


def _sources(plan: FacilityPlan, st: _Styles) -> list[Flowable]:
    head = P(tr("Where the hand-off's figures come from"), st.small, markup="<b>{}</b>")
    return [Spacer(1, 3 * mm), head,
            *(P(trf("{what}: {source}", what=what, source=source), st.muted) for what, source in plan.sources)]


def facility_section(plan: FacilityPlan, width: float, st: _Styles) -> list[Flowable]:
    """The hand-off for the data-centre team, after the findings."""
    out: list[Flowable] = [CondPageBreak(80 * mm), P(tr("Facility hand-off"), st.h2),
                           _kv_table(_summary_rows(plan), width, st), P(tr("Failure scenarios"), st.h2),
                           scenario_table(plan, width, st)]
    if plan.racks:
        out += [CondPageBreak(100 * mm), P(tr("Rack elevation"), st.h2), elevation_drawing(plan, width),
                CondPageBreak(50 * mm), P(tr("Facility sheet"), st.h2), sheet_table(plan, width, st)]
    else:
        out.append(P(tr("No rack elevation: not one node fits the site's rack."), st.warn))
    out += _sources(plan, st)
    return out

