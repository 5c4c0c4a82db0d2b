"""Quote terms saved with the project (#18, item 2): which builds, drafts, discount, tax, validity, rates;
the ``bom`` command's flags set them for one run."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import load_workbook

import app.cli.main
from app.catalog.store import open_catalog
from app.core.build import Build
from app.core.i18n import install_translator
from app.core.scenarios import Scenario
from app.export.bom import money
from app.export.errors import ExportError
from app.export.pdf import render_pdf
from app.export.quote import ExportOptions, prepare_quote
from app.export.tabular import render_xlsx
from app.project import save_project
from app.project.model import Customer, Project, QuoteTerms
from tests.export import pdftext
from tests.export.factory import PARTS, hgx_build, priced_parts, project

TERMS = QuoteTerms(quote_date=date(2026, 3, 1), valid_days=30, discount_pct=Decimal("5"), tax_pct=Decimal("13"),
                   tax_label="VAT", payment_terms="30 days net", delivery_terms="6-8 weeks ex works")


def ready(name: str = "Ready") -> Build:
    """hgx_build() at a RAG workload: no latency error, GPUs: ready to quote."""
    build = hgx_build(name)
    assert build.workload is not None
    return build.model_copy(update={"workload": build.workload.model_copy(update={"scenario": Scenario.RAG})})


def erroring() -> Build:
    return hgx_build("Chat")  # misses its TTFT target: an error


def empty() -> Build:
    return Build(name="Build 1", chassis_id="hgx-8u")  # no GPUs, no CPU, no PSU: the empty build


def default_choice(*builds: Build, **terms: object) -> Project:
    return project(*builds, quote=QuoteTerms(**terms))  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    install_translator(None)
    yield
    install_translator(None)


def test_default_quotes_only_builds_with_gpus_and_no_errors() -> None:
    doc = prepare_quote(default_choice(empty(), ready(), erroring()), PARTS)
    assert [s.build.name for s in doc.sections] == ["Ready"]
    assert not doc.sections[0].draft
    text = pdftext.text(render_pdf(doc))
    assert "Build 1" not in text and "Chat" not in text and "Draft" not in text


def test_nothing_ready_is_a_clear_error() -> None:
    with pytest.raises(ExportError, match=r"no build is ready to quote") as info:
        prepare_quote(default_choice(empty(), erroring()), PARTS)
    message = str(info.value)
    assert "'Build 1' (2 error(s), the first: No CPU placed; no GPUs)" in message
    assert "'Chat' (1 error(s), the first: P99 TTFT" in message
    assert "marked as a draft" in message


def test_chosen_builds_not_ready_are_drafts_in_pdf_and_xlsx() -> None:
    proj = default_choice(ready(), empty(), erroring(), include_builds=("Build 1", "Ready", "Gone"))
    doc = prepare_quote(proj, PARTS)
    # the saved choice in project order; a name no longer in the project is skipped
    assert [(s.build.name, s.draft) for s in doc.sections] == [("Ready", False), ("Build 1", True)]
    pages = pdftext.pages(render_pdf(doc))
    assert "Build 1 1 0" in pages[0] and "Draft, no GPUs: 2 errors, 0 warnings" in pages[0]
    assert "A draft is not ready to order" in pages[0]
    section = next(p for p in pages[1:] if p.startswith("Build 1"))
    assert "Draft, not ready to order (2 error(s), no GPUs): included because it was chosen for this quote." \
        in section
    assert "Draft" not in next(p for p in pages[1:] if p.startswith("Ready"))
    wb = load_workbook(io.BytesIO(render_xlsx(doc)))
    sheet = wb["Build 1"]
    values = [str(c.value) for row in sheet.iter_rows(max_row=20) for c in row if c.value]
    assert any(v.startswith("Draft, not ready to order") for v in values)
    assert any("Draft" in str(c.value) for c in wb["Quote"]["D"] if c.value)
    # run's choice over the saved one: in the given order, drafts marked
    run = prepare_quote(proj, PARTS, build_names=["Chat", "Ready"])
    assert [(s.build.name, s.draft) for s in run.sections] == [("Chat", True), ("Ready", False)]
    with pytest.raises(ExportError, match="none of the builds chosen"):
        prepare_quote(default_choice(ready(), include_builds=("Gone",)), PARTS)


def test_saved_terms_print_on_the_cover_and_run_options_override_them() -> None:
    proj = default_choice(ready(), **TERMS.model_dump()).model_copy(update={
        "customer": Customer(company="Globex", contact="Hank Scorpio", email="hank@globex.example",
                             address="1 Cypress Creek\nSpringfield")})
    doc = prepare_quote(proj, priced_parts())
    bom = doc.boms[0]
    assert (bom.discount_pct, bom.tax_pct, bom.tax_label) == (Decimal(5), Decimal(13), "VAT")
    assert doc.info.valid_until == date(2026, 3, 31)
    cover = pdftext.pages(render_pdf(doc))[0]
    for expected in ("Customer Globex Hank Scorpio", "E-mail hank@globex.example",
                     "Address 1 Cypress Creek Springfield", "Date 2026-03-01",
                     "Valid until 2026-03-31 (30 days from the quote date)", "Prepared by Jane Presales",
                     "Quote number Q-2026-0042", "Terms Discount 5 % of the subtotal",
                     "VAT 13 % of the amount after discount", "Payment terms 30 days net",
                     "Delivery terms 6-8 weeks ex works"):
        assert expected in cover, expected
    run = prepare_quote(proj, priced_parts(), ExportOptions(discount_pct=Decimal(0), tax_pct=Decimal(20),
                                                            tax_label="GST", quote_number="Q-9",
                                                            quote_date=date(2026, 4, 1), valid_days=10))
    assert (run.boms[0].discount_pct, run.boms[0].tax_pct, run.boms[0].tax_label) == (0, 20, "GST")
    assert (run.info.quote_number, run.info.valid_until) == ("Q-9", date(2026, 4, 11))
    with pytest.raises(ExportError, match="validity must be a whole number of days"):
        prepare_quote(proj, PARTS, ExportOptions(valid_days=-3))


def test_project_rates_apply_and_a_run_rate_overrides_per_currency() -> None:
    parts = dict(PARTS)
    parts["cx7-400"] = parts["cx7-400"].model_copy(update={"currency": "EUR"})
    parts["psu-3000"] = parts["psu-3000"].model_copy(update={"currency": "GBP"})
    proj = default_choice(ready(), exchange_rates={"EUR": Decimal("1.10"), "GBP": Decimal("1.25")})
    doc = prepare_quote(proj, parts)
    assert doc.pricing.exchange_rates == {"EUR": Decimal("1.10"), "GBP": Decimal("1.25")}
    nic = next(ln for ln in doc.boms[0].lines if ln.part_id == "cx7-400")
    assert nic.unit_price == Decimal("1906.66")  # 1733.33 x 1.10
    run = prepare_quote(proj, parts, ExportOptions(exchange_rates={"EUR": Decimal(2)}))
    assert run.pricing.exchange_rates == {"EUR": Decimal(2), "GBP": Decimal("1.25")}


# ---- the bom command -----------------------------------------------------------------------------

@pytest.fixture
def _catalog() -> None:
    catalog = open_catalog()  # the per-test data dir (tests/conftest.py)
    for part in priced_parts().values():
        catalog.add_user_part(part)
    catalog.close()


def _saved(tmp_path: Path, proj: Project) -> Path:
    path = tmp_path / "project.isproj"
    save_project(proj, path)
    return path


@pytest.mark.usefixtures("_catalog")
def test_bom_uses_the_saved_terms(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path, default_choice(ready(), empty(), **TERMS.model_dump()))
    assert app.cli.main.main(["bom", str(path), "--pdf", str(tmp_path / "q.pdf"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [(b["build"], b["draft"]) for b in result["builds"]] == [("Ready", False)]
    b = result["builds"][0]
    assert Decimal(b["discount"]) == money(Decimal(b["subtotal"]) * Decimal("0.05"))
    cover = pdftext.pages(tmp_path / "q.pdf")[0]
    assert "Valid until 2026-03-31 (30 days from the quote date)" in cover
    assert "Discount 5 % of the subtotal" in cover and "VAT 13 % of the amount after discount" in cover
    assert "Quote number Q-2026-0042" in cover and "Build 1" not in cover


@pytest.mark.usefixtures("_catalog")
def test_bom_flags_override_the_saved_terms_for_one_run(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path, default_choice(ready(), empty(), **TERMS.model_dump()))
    before = path.read_bytes()
    code = app.cli.main.main(["bom", str(path), "--pdf", str(tmp_path / "q.pdf"), "--json", "--discount", "10",
                              "--tax", "20", "--tax-label", "GST", "--quote-number", "Q-RUN-7",
                              "--date", "2026-05-01", "--valid-days", "14", "--rate", "EUR=1.2",
                              "--build", "Ready", "--build", "Build 1"])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert [(b["build"], b["draft"]) for b in result["builds"]] == [("Ready", False), ("Build 1", True)]
    cover = pdftext.pages(tmp_path / "q.pdf")[0]
    for expected in ("Quote number Q-RUN-7", "Date 2026-05-01", "Valid until 2026-05-15 (14 days",
                     "Discount 10 % of the subtotal", "GST 20 % of the amount after discount", "Draft, no GPUs"):
        assert expected in cover, expected
    text = pdftext.text(tmp_path / "q.pdf")
    assert "Exchange rate: 1 EUR = 1.2 USD" in text
    assert path.read_bytes() == before  # a run's flags never change the project


@pytest.mark.usefixtures("_catalog")
def test_bom_says_when_no_build_is_ready(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path, default_choice(empty()))
    assert app.cli.main.main(["bom", str(path), "--pdf", str(tmp_path / "q.pdf")]) == 2
    err = capsys.readouterr().err
    assert "no build is ready to quote" in err and "'Build 1'" in err and "--build" in err
    assert not (tmp_path / "q.pdf").exists()
    assert app.cli.main.main(["bom", str(path), "--csv", str(tmp_path / "q.csv"), "--build", "Build 1"]) == 0
    assert "Build 1 is a draft" in capsys.readouterr().out


@pytest.mark.usefixtures("_catalog")
@pytest.mark.parametrize(("extra", "message"), [
    (["--discount", "-5"], "discount must be between 0 and 100 %, got -5"),
    (["--tax", "200"], "tax must be between 0 and 100 %, got 200"),
    (["--valid-days", "-3"], "--valid-days must be a whole number of days from 1 to 3650, got '-3'"),
    (["--valid-days", "two weeks"], "--valid-days must be a whole number of days"),
    (["--rate", "EUR=-1"], "exchange rate for EUR must be positive"),
])
def test_bad_terms_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str],
                                       message: str) -> None:
    path = _saved(tmp_path, default_choice(ready()))
    assert app.cli.main.main(["bom", str(path), "--pdf", str(tmp_path / "q.pdf"), *extra]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "q.pdf").exists()
