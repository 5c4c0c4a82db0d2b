"""The data-centre hand-off: electrical figures per PSU, feed and phase; failure scenarios; the rack
elevation; the facility sheet; and the files NetBox imports.

Pure (no Qt). Every figure is computed here once from the rules engine's report (its summary is the
one verdict on power) and the resolved build; the PDF, XLSX, CLI and the window only lay it out.
:func:`app.facility.plan.plan_facility` is the entry point.
"""

from app.facility.plan import FacilityPlan, plan_facility

__all__ = ["FacilityPlan", "plan_facility"]
