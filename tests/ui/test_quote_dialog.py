"""Quote details in the window (#18, item 2): filled in the dialog, printed on the PDF's cover, undoable,
saved with the project; bad input refused next to its field; an empty build left out unless chosen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QLineEdit, QPlainTextEdit
from pytestqt.qtbot import QtBot

from app.core.build import Build
from app.project import QuoteTerms, load_project
from app.ui.main_window import MainWindow
from app.ui.quote_dialog import BUILD_NAME_ROLE, QuoteDialog
from tests.export import pdftext

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "edge-l20.json"
DETAILS = {
    "company": "Globex Ltd", "contact": "Hank Scorpio", "email": "hank@globex.example",
    "address": "1 Cypress Creek\nSpringfield", "name": "Edge inference 2026", "reference": "Q-2026-0107",
    "author": "Jane Presales", "valid_days": "30", "discount_pct": "5", "tax_pct": "13", "tax_label": "VAT",
    "payment_terms": "30 days net", "delivery_terms": "4 weeks from order",
}


@pytest.fixture
def sample(window: MainWindow) -> str:
    """The L20 sample (ready: a GPU, no errors) plus the issue's empty "Build 1" (no GPUs, errors)."""
    assert window.open_path(SAMPLE)
    ready = window.document.build(0).name
    window.document.add_build(Build(name="Build 1", chassis_id=window.document.build(0).chassis_id))
    window.document.undo_stack.setClean()
    return ready


def open_dialog(window: MainWindow, qtbot: QtBot, *, export: bool = False) -> QuoteDialog:
    dialog = window.quote_details(export=export)
    qtbot.waitExposed(dialog)
    return dialog


def fill(dialog: QuoteDialog, qtbot: QtBot, values: dict[str, str]) -> None:
    for name, text in values.items():
        widget = dialog.fields[name]
        if isinstance(widget, QLineEdit):
            widget.clear()
            qtbot.keyClicks(widget, text)
        else:
            assert isinstance(widget, QPlainTextEdit)
            widget.setPlainText(text)


def press_ok(dialog: QuoteDialog, qtbot: QtBot) -> None:
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def tick(dialog: QuoteDialog, name: str) -> None:
    for i in range(dialog.builds.count()):
        item = dialog.builds.item(i)
        if item.data(BUILD_NAME_ROLE) == name:
            item.setCheckState(Qt.CheckState.Checked)


def test_details_from_the_dialog_reach_the_pdf_cover(window: MainWindow, qtbot: QtBot, sample: str,
                                                     tmp_path: Path) -> None:
    dialog = open_dialog(window, qtbot)
    # the empty build is offered, unticked, and says why
    texts = [dialog.builds.item(i).text() for i in range(dialog.builds.count())]
    assert texts == [f"{sample}: ready", "Build 1: not ready (2 error(s), no GPUs); a draft if ticked"]
    assert dialog.chosen_builds() == (sample,)
    fill(dialog, qtbot, DETAILS)
    dialog.fixed_date.setChecked(True)
    dialog.quote_date.setDate(QDate(2026, 3, 1))
    with qtbot.waitSignal(dialog.finished):
        press_ok(dialog, qtbot)
    project = window.document.project
    assert project.customer.email == "hank@globex.example" and project.project.reference == "Q-2026-0107"
    assert project.quote.valid_days == 30 and project.quote.include_builds is None  # the default choice

    pdf = tmp_path / "quote.pdf"
    assert window.export_to(pdf)
    pages = pdftext.pages(pdf)
    cover = pages[0]
    for expected in ("Customer Globex Ltd Hank Scorpio", "E-mail hank@globex.example",
                     "Address 1 Cypress Creek Springfield", "Project Edge inference 2026", "Date 2026-03-01",
                     "Valid until 2026-03-31 (30 days from the quote date)", "Prepared by Jane Presales",
                     "Quote number Q-2026-0107", "Discount 5 % of the subtotal",
                     "VAT 13 % of the amount after discount", "Payment terms 30 days net",
                     "Delivery terms 4 weeks from order"):
        assert expected in cover, expected
    text = " ".join(pages)
    assert "Untitled" not in text
    assert "Build 1" not in text and "Draft" not in text  # left out by default
    assert "Discount 5 %" in text and "VAT 13 %" in text  # the BOM's totals take them too

    # chosen, the empty build is quoted as a draft
    dialog = open_dialog(window, qtbot)
    tick(dialog, "Build 1")
    with qtbot.waitSignal(dialog.finished):
        press_ok(dialog, qtbot)
    assert window.document.project.quote.include_builds == (sample, "Build 1")
    assert window.export_to(pdf)
    pages = pdftext.pages(pdf)
    assert "Build 1" in pages[0] and "Draft, no GPUs:" in pages[0]
    assert any(p.startswith("Build 1") and "Draft, not ready to order" in p for p in pages[1:])


def test_undo_restores_the_previous_details_and_they_are_saved(window: MainWindow, qtbot: QtBot, sample: str,
                                                               tmp_path: Path) -> None:
    before = window.document.project
    dialog = open_dialog(window, qtbot)
    fill(dialog, qtbot, DETAILS)
    with qtbot.waitSignal(dialog.finished):
        press_ok(dialog, qtbot)
    after = window.document.project
    assert after.customer.company == "Globex Ltd" and after.project.name == "Edge inference 2026"
    assert window.document.undo_stack.undoText() == "Edit quote details"
    window.undo_action.trigger()
    assert window.document.project == before
    window.redo_action.trigger()
    assert window.document.project == after
    # saved with the project, read back the same
    path = tmp_path / "edge.isproj"
    window.document.save(path)
    assert load_project(path) == after
    # OK without a change adds no step
    count = window.document.undo_stack.count()
    dialog = open_dialog(window, qtbot)
    with qtbot.waitSignal(dialog.finished):
        press_ok(dialog, qtbot)
    assert window.document.undo_stack.count() == count


def test_bad_input_is_refused_next_to_its_field_and_nothing_is_saved(window: MainWindow, qtbot: QtBot,
                                                                     sample: str) -> None:
    before, steps = window.document.project, window.document.undo_stack.count()
    dialog = open_dialog(window, qtbot)
    fill(dialog, qtbot, {**DETAILS, "discount_pct": "-5", "tax_pct": "200", "email": "hank@globex",
                         "valid_days": "-3", "exchange_rates": "EUR=abc"})
    press_ok(dialog, qtbot)
    assert dialog.isVisible()
    assert dialog.error("discount_pct") == "Enter a discount from 0 to 100 %."
    assert dialog.error("tax_pct") == "Enter a tax rate from 0 to 100 %."
    assert dialog.error("email") == "This is not an e-mail address (like name@example.com)."
    assert dialog.error("valid_days") == "Enter a whole number of days from 1 to 3650, or leave it empty."
    assert dialog.error("exchange_rates") == "The rate for EUR must be a positive number."
    assert dialog.error("company") == ""
    assert dialog.errors["email"][0].isVisible()  # next to the field, on the tab shown
    assert window.document.project == before and window.document.undo_stack.count() == steps
    # more refusals: no name, no build, too many decimals, the project's own currency
    fill(dialog, qtbot, {"discount_pct": "5.12345", "tax_pct": "13 %", "email": "hank@globex.example",
                         "valid_days": "", "exchange_rates": "CNY=7.1", "name": "  "})
    for i in range(dialog.builds.count()):
        dialog.builds.item(i).setCheckState(Qt.CheckState.Unchecked)
    press_ok(dialog, qtbot)
    assert dialog.error("discount_pct") == "Use at most 4 decimal places."
    assert dialog.error("tax_pct") == ""
    assert dialog.error("name") == "A project needs a name."
    assert dialog.error("include_builds") == "Choose at least one build to quote."
    assert dialog.error("exchange_rates") == "CNY is this project's own currency: it needs no rate."
    assert window.document.project == before
    # put right, the same dialog saves everything at once
    fill(dialog, qtbot, {"discount_pct": "5", "exchange_rates": "usd=0.14", "name": "Edge"})
    dialog.choose_default_builds()
    with qtbot.waitSignal(dialog.finished):
        press_ok(dialog, qtbot)
    quote = window.document.project.quote
    assert quote == QuoteTerms(discount_pct=5, tax_pct=13, tax_label="VAT", payment_terms="30 days net",
                               delivery_terms="4 weeks from order", exchange_rates={"USD": "0.14"})
    assert window.document.undo_stack.count() == steps + 1


def test_the_build_choice_follows_a_rename_and_a_removal(window: MainWindow, qtbot: QtBot, sample: str) -> None:
    dialog = open_dialog(window, qtbot)
    tick(dialog, "Build 1")
    with qtbot.waitSignal(dialog.finished):
        press_ok(dialog, qtbot)
    doc = window.document
    doc.rename_build(1, "Spare")
    assert doc.project.quote.include_builds == (sample, "Spare")
    doc.remove_build(1)
    assert doc.project.quote.include_builds == (sample,)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.project.quote.include_builds == (sample, "Build 1")


def test_export_asks_for_the_details_first(window: MainWindow, qtbot: QtBot, sample: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "from-menu.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.export_action.trigger()
    dialog = window.findChild(QuoteDialog)
    assert isinstance(dialog, QuoteDialog)
    qtbot.waitExposed(dialog)
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).text() == "Export…"
    fill(dialog, qtbot, {"company": "Initech", "tax_pct": "8", "tax_label": "Sales tax"})
    with qtbot.waitSignal(dialog.finished):
        press_ok(dialog, qtbot)
    cover = pdftext.pages(target)[0]
    assert "Customer Initech" in cover and "Sales tax 8 % of the amount after discount" in cover
    # the menu's own entry opens the same dialog; Cancel changes nothing
    before = window.document.project
    window.quote_action.trigger()
    dialog = next(d for d in window.findChildren(QuoteDialog) if d.isVisible())
    fill(dialog, qtbot, {"company": "Not kept"})
    with qtbot.waitSignal(dialog.finished):
        dialog.reject()
    assert window.document.project == before


def test_a_new_project_takes_its_details_though_no_build_is_ready(window: MainWindow, qtbot: QtBot) -> None:
    assert window.windowTitle().startswith("Untitled")
    dialog = open_dialog(window, qtbot)
    assert dialog.chosen_builds() == ()  # its empty "Build 1" is not ready
    fill(dialog, qtbot, {"name": "Acme pilot", "company": "Acme"})
    with qtbot.waitSignal(dialog.finished):
        press_ok(dialog, qtbot)
    assert window.document.project.customer.company == "Acme"
    assert window.windowTitle().startswith("Acme pilot")
    # exporting needs a build: the dialog says so before any file is chosen
    dialog = open_dialog(window, qtbot, export=True)
    press_ok(dialog, qtbot)
    assert dialog.isVisible() and dialog.error("include_builds").startswith("No build is ready")
    assert dialog.tabs.currentIndex() == dialog.errors["include_builds"][2]
    dialog.reject()
