"""The centre's Facility page: the failure scenarios and rack elevation of the current build.

Built the first time the page is shown and refreshed only while it is shown: the scenarios re-validate
the build several times (a PSU lost, feed A lost, 110 V, a hot aisle, and the power cap that rescues each),
which is no cost an edit should pay while the user looks at the chassis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QVBoxLayout, QWidget

from app.core.build import Build
from app.core.parts import Chassis

if TYPE_CHECKING:
    from app.perf.datatypes import MeasuredPeaks
    from app.rules.engine import Report, RuleEngine
    from app.ui.facility_view import FacilityView


class FacilityPage(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view: FacilityView | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    def show_build(self, engine: RuleEngine, build: Build, report: Report | None,
                   measured: MeasuredPeaks | None = None) -> None:
        """Plan the hand-off of ``build`` (with its report, the one verdict, and the probe peaks it read) and show
        it."""
        from app.facility.plan import plan_facility  # noqa: PLC0415 - only when the page is shown
        from app.ui.facility_view import FacilityView  # noqa: PLC0415

        if self.view is None:
            self.view = FacilityView(self)
            self._layout.addWidget(self.view)
            self.view.show()  # a child added to a shown page stays hidden until shown
        has_chassis = isinstance(engine.index.parts.get(build.chassis_id), Chassis)
        self.view.set_plan(plan_facility(engine, build, report, measured=measured)
                           if has_chassis and build.placements else None)
