"""The quote's terms travel with the project; files written before they existed still open (#18, item 2)."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from app.paths import resources_dir
from app.project import ProjectFileError, QuoteTerms, dumps_project, load_project, parse_project, save_project

HGX = resources_dir() / "samples" / "hgx-h100-8gpu.json"


def test_quote_terms_round_trip(tmp_path: Path) -> None:
    project = load_project(HGX)
    terms = QuoteTerms(quote_date=date(2026, 3, 1), valid_days=30, discount_pct=Decimal("7.5"),
                       tax_pct=Decimal("13"), tax_label="增值税", payment_terms="30 days net",
                       delivery_terms="6-8 weeks", include_builds=(project.builds[0].name,),
                       exchange_rates={"EUR": Decimal("1.1403")})
    project = project.model_copy(update={"quote": terms})
    path = tmp_path / "q.isproj"
    save_project(project, path)
    back = load_project(path)
    assert back == project and back.quote == terms
    written = json.loads(path.read_text(encoding="utf-8"))["quote"]
    assert written["discount_pct"] == "7.5" and written["exchange_rates"] == {"EUR": "1.1403"}
    assert written["quote_date"] == "2026-03-01" and written["include_builds"] == [project.builds[0].name]


def test_a_file_without_quote_terms_still_opens() -> None:
    data = json.loads(HGX.read_text(encoding="utf-8"))
    del data["quote"]  # as written before the quote had its own terms
    project = parse_project(json.dumps(data))
    assert project.quote == QuoteTerms()
    assert project.quote.include_builds is None and project.quote.valid_days is None
    assert '"quote": {' in dumps_project(project)  # and is written in today's form


@pytest.mark.parametrize(("change", "field"), [
    ({"discount_pct": "-5"}, "quote.discount_pct"),
    ({"tax_pct": 200}, "quote.tax_pct"),
    ({"valid_days": -3}, "quote.valid_days"),
    ({"exchange_rates": {"EUR": 0}}, "quote.exchange_rates.EUR"),
    ({"exchange_rates": {"euro": 1}}, "quote.exchange_rates.euro.[key]"),
    ({"discount_pct": "NaN"}, "quote.discount_pct"),
])
def test_bad_quote_terms_in_a_file_are_named(change: dict[str, Any], field: str) -> None:
    data = json.loads(HGX.read_text(encoding="utf-8"))
    data["quote"].update(change)
    with pytest.raises(ProjectFileError) as info:
        parse_project(json.dumps(data), "p.isproj")
    assert info.value.field == field
