"""#19 items 3 and 4 in the window: the failure table and the rack elevation, standalone (the main window
does not show them yet)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.catalog.seed import by_id, load_source_parts
from app.facility import FacilityPlan, plan_facility
from app.rules.engine import RuleEngine
from app.ui.facility_view import CAPPED, NODE_FILL, OK, UNKNOWN, FacilityView
from tests.rules.factory import PARTS, hgx_build

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "hgx-h200-8gpu.json"


@pytest.fixture(scope="module")
def sample_plan() -> FacilityPlan:
    from app.project import load_project

    engine = RuleEngine(by_id(load_source_parts()))
    return plan_facility(engine, load_project(SAMPLE).builds[0])


def test_failure_table_shows_each_scenario_with_its_verdict(qtbot: QtBot, sample_plan: FacilityPlan) -> None:
    view = FacilityView()
    qtbot.addWidget(view)
    view.set_plan(sample_plan)
    model = view.model
    assert (model.rowCount(), model.columnCount()) == (4, 5)
    cell = lambda r, c, role=Qt.ItemDataRole.DisplayRole: model.data(model.index(r, c), role)  # noqa: E731
    assert [cell(r, 0) for r in range(4)] == ["One PSU lost", "Feed A lost", "110 V site", "Hot aisle, 35 °C inlet"]
    assert [cell(r, 2) for r in range(4)] == ["keeps running", "stops at its maximum; runs at the client's load",
                                              "stops at its maximum; runs at the client's load", "unknown"]
    # amber, not red: both run at the client's load
    assert [cell(r, 2, Qt.ItemDataRole.ForegroundRole) for r in range(4)] == [OK, CAPPED, CAPPED, UNKNOWN]
    assert cell(1, 4).startswith("+ PSUs give 9,000 W under no redundancy") and cell(0, 4) == "none"
    assert "no configurable power range" in cell(1, 0, Qt.ItemDataRole.ToolTipRole)
    assert model.headerData(2, Qt.Orientation.Horizontal) == "Keeps running?"
    assert "8 x H200" in view.summary.text()


def test_elevation_draws_each_node_at_its_units(qtbot: QtBot) -> None:
    engine = RuleEngine(PARTS)
    plan = plan_facility(engine, hgx_build(node_count=5), with_scenarios=False)
    view = FacilityView()
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.set_plan(plan)
    view.show()
    qtbot.waitExposed(view)
    elevation = view.elevation
    assert len(elevation.racks()) == len(plan.racks) >= 2
    image = elevation.grab().toImage()
    rack = elevation.racks()[0]
    frame = elevation.rack_rect(0)
    unit = frame.height() / rack.rack_units
    inside_node = image.pixelColor(int(frame.center().x()), int(frame.bottom() - 2 * unit))  # U2: node 1
    above_nodes = image.pixelColor(int(frame.center().x()), int(frame.top() + 2))  # the top U: empty
    assert inside_node == NODE_FILL and above_nodes != NODE_FILL
    assert elevation.captions(rack)[2] == "weight not stated"


def test_no_plan_says_why(qtbot: QtBot) -> None:
    view = FacilityView()
    qtbot.addWidget(view)
    view.set_plan(None)
    assert view.model.rowCount() == 0 and view.elevation.racks() == ()
    assert "needs a chassis" in view.summary.text()


def test_the_window_shows_the_facility_page_for_the_current_build(window, qtbot: QtBot) -> None:  # type: ignore[no-untyped-def]
    """The centre's Facility page: built when first shown, then following edits while it is shown."""
    from app.ui import way_in, window_layout

    sample = Path(__file__).resolve().parents[2] / "resources" / "samples" / "hgx-h200-8gpu.json"
    assert way_in.open_sample(window, sample)
    assert window.facility_page.view is None  # nothing planned while the page is not shown
    window.views.setCurrentIndex(window_layout.FACILITY_PAGE)
    view = window.facility_page.view
    assert view is not None and view.isVisible()
    assert view.model.rowCount() == 4 and view.model.data(view.model.index(1, 0)) == "Feed A lost"
    assert window.report is not None
    assert f"{window.report.summary.power_max_wall_w:,.0f}" in view.summary.text()  # the window's verdict
    # Wall figures, and said so: the chassis gauge's "W at the load" is the PSUs' DC output, a smaller number.
    assert "at the wall" in view.summary.text()
    assert f"{window.report.summary.power_load_wall_w:,.0f} W at the operating point" in view.summary.text()
    racks = len(view.elevation._racks)
    from app.rules.fixes import SetNodeCount

    assert window.document.apply_ops(window.current_index(), [SetNodeCount(count=9)], "nodes")  # undoable
    assert len(view.elevation._racks) > racks  # 9 nodes of 8 U need more than one rack
    window.document.undo_stack.undo()
    assert len(view.elevation._racks) == racks


def test_power_gauge_shows_the_load_and_the_four_figures(window) -> None:  # type: ignore[no-untyped-def]
    from app.ui import way_in

    sample = Path(__file__).resolve().parents[2] / "resources" / "samples" / "hgx-h200-8gpu.json"
    assert way_in.open_sample(window, sample)
    s = window.report.summary
    assert s.power_load_basis == "operating point" and 0 < s.power_load_dc_w < s.power_max_w
    bar = window.gauges.power
    expected = [round(s.power_load_dc_w), round(s.power_max_w - s.power_load_dc_w)]
    assert [round(x.value) for x in bar.segments] == expected
    assert f"{s.power_load_dc_w:,.0f} W at the load" in bar.text
    tip = window.gauges.power.toolTip()
    for figure in (s.power_idle_wall_w, s.power_load_wall_w, s.power_max_wall_w, s.power_extreme_wall_w):
        assert f"{figure:,.0f} W" in tip
