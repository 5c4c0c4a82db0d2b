"""Validation findings: the rules engine's findings with severity, rule and explanation."""

from __future__ import annotations

from reportlab.platypus import Flowable, Table

from app.export.labels import severity_label, tr
from app.export.pdf_style import SEVERITY_COLOURS, Cell, P, _grid_style, _Styles
from app.export.quote import BuildSection


def _findings(section: BuildSection, width: float, st: _Styles) -> list[Flowable]:
    findings = section.report.findings
    if not findings:
        return [P(tr("No findings: the build passes every rule."), st.body)]
    head = [P(tr("Severity"), st.head), P(tr("Rule"), st.head), P(tr("Finding"), st.head)]
    data: list[list[Cell]] = [head]
    for f in findings:
        color = SEVERITY_COLOURS[f.severity].hexval()[2:]
        sev = P(severity_label(f.severity), st.cell_bold, markup=f'<font color="#{color}">{{}}</font>')
        text = P(f.message, st.cell)
        cell: list[Flowable] = [text]
        if f.explanation:
            cell.append(P(f.explanation, st.cell_small))
        data.append([sev, P(f.rule_id, st.cell_small), cell])
    t = Table(data, colWidths=[width * 0.12, width * 0.2, width * 0.68], repeatRows=1, hAlign="LEFT")
    t.setStyle(_grid_style())
    return [t]
