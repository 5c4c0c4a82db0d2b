"""The quote details: customer, project, quote number, author, date and validity, discount, tax,
payment and delivery terms, notes, exchange rates, and which builds the quote includes.

What the dialog shows is the project's (Project.customer, .project, .notes, .quote); OK checks
every field, refuses a bad one next to it in words and changes nothing, or hands the whole set to
the document as one undoable edit (ProjectDocument.edit_quote_details). The PDF, XLSX and CSV
exports and ``python -m app bom`` all read the same saved fields.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal, InvalidOperation

from pydantic import ValidationError
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.catalog.reference_prices import PriceBookError, default_rates
from app.core.build import Build
from app.export.quote import ready_to_quote
from app.project import Customer, ProjectInfo, QuoteTerms
from app.project.model import EMAIL_PATTERN, MAX_VALID_DAYS
from app.rules.engine import Report
from app.rules.findings import Severity
from app.ui.document import ProjectDocument

ERROR_STYLE = "color: #b3261e"
BUILD_NAME_ROLE = Qt.ItemDataRole.UserRole
MAX_NOTES = 1_000_000  # Project.notes
_RATE_SEPARATORS = re.compile(r"[,;\s]+")
_FOUR_PLACES = Decimal("0.0001")


def _plain(value: Decimal) -> str:
    """7.5, 10, 0.125: as typed, without trailing zeros or an exponent."""
    return format(value.normalize(), "f")


class QuoteDialog(QDialog):
    def __init__(self, document: ProjectDocument, judge: Callable[[Build], Report], parent: QWidget | None = None,
                 *, export: bool = False) -> None:
        super().__init__(parent)
        self.document = document
        self.export = export
        project = document.project
        customer, info, terms = project.customer, project.project, project.quote
        self.setWindowTitle(self.tr("Quote details"))
        self.errors: dict[str, tuple[QLabel, QFormLayout, int]] = {}
        self.fields: dict[str, QWidget] = {}
        self.tabs = QTabWidget()

        who = self._page(self.tr("Customer and project"))
        self.company = self._line(who, "company", self.tr("Company"), customer.company, 200)
        self.contact = self._line(who, "contact", self.tr("Contact"), customer.contact, 200)
        self.email = self._line(who, "email", self.tr("E-mail"), customer.email, 200)
        self.phone = self._line(who, "phone", self.tr("Phone"), customer.phone, 80)
        self.address = self._text(who, "address", self.tr("Address"), customer.address, 60)
        self.name = self._line(who, "name", self.tr("Project name"), info.name, 200)
        self.reference = self._line(who, "reference", self.tr("Quote number"), info.reference, 120)
        self.author = self._line(who, "author", self.tr("Prepared by"), info.author, 200)

        quote = self._page(self.tr("Terms"))
        self.fixed_date = QCheckBox(self.tr("Fixed date (otherwise the day of each export)"))
        self.fixed_date.setObjectName("quote-fixed-date")
        self.fixed_date.setChecked(terms.quote_date is not None)
        quote.addRow(self.fixed_date)
        self.quote_date = QDateEdit()
        self.quote_date.setCalendarPopup(True)
        self.quote_date.setDisplayFormat("yyyy-MM-dd")
        shown = terms.quote_date or date.today()
        self.quote_date.setDate(QDate(shown.year, shown.month, shown.day))
        self.quote_date.setEnabled(self.fixed_date.isChecked())
        self.fixed_date.toggled.connect(self.quote_date.setEnabled)
        self._row(quote, "quote_date", self.tr("Quote date"), self.quote_date)
        self.valid_days = self._line(quote, "valid_days", self.tr("Valid for (days)"),
                                     str(terms.valid_days) if terms.valid_days is not None else "", 5)
        self.valid_days.setPlaceholderText(self.tr("not stated"))
        self.discount = self._line(quote, "discount_pct", self.tr("Discount (%)"),
                                   _plain(terms.discount_pct) if terms.discount_pct else "", 20)
        self.tax = self._line(quote, "tax_pct", self.tr("Tax (%)"), _plain(terms.tax_pct) if terms.tax_pct else "", 20)
        self.discount.setPlaceholderText("0")
        self.tax.setPlaceholderText("0")
        self.tax_label = self._line(quote, "tax_label", self.tr("Tax name"), terms.tax_label, 40)
        self.tax_label.setPlaceholderText(self.tr("Tax, or e.g. VAT"))
        self.payment_terms = self._text(quote, "payment_terms", self.tr("Payment terms"), terms.payment_terms, 48)
        self.delivery_terms = self._text(quote, "delivery_terms", self.tr("Delivery terms"), terms.delivery_terms,
                                         48)
        self.rates = self._line(quote, "exchange_rates", self.tr("Exchange rates"), ", ".join(
            f"{code}={_plain(rate)}" for code, rate in sorted(terms.exchange_rates.items())), 400)
        self.rates.setPlaceholderText(self.tr("EUR=1.08, CNY=0.14"))
        rates_hint = QLabel(self._rates_hint(project.currency))
        rates_hint.setWordWrap(True)
        quote.addRow(rates_hint)
        self.notes = self._text(quote, "notes", self.tr("Notes (on the cover)"), project.notes, 72)

        chosen = self._page(self.tr("Builds"))
        self.builds = QListWidget()
        self.ready: dict[str, bool] = {}
        for build in project.builds:
            report = judge(build)
            ready = self.ready[build.name] = ready_to_quote(report)
            item = QListWidgetItem(self._build_text(build, report, ready))
            item.setData(BUILD_NAME_ROLE, build.name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            included = build.name in terms.include_builds if terms.include_builds is not None else ready
            item.setCheckState(Qt.CheckState.Checked if included else Qt.CheckState.Unchecked)
            self.builds.addItem(item)
        self._row(chosen, "include_builds", self.tr("In the quote"), self.builds)
        self.default_builds = QPushButton(self.tr("Back to the default: builds with GPUs and no errors"))
        self.default_builds.clicked.connect(self.choose_default_builds)
        chosen.addRow(self.default_builds)
        note = QLabel(self.tr("A build without GPUs or with errors stays out of the quote unless you tick it; "
                              "ticked, the quote marks it as a draft."))
        note.setWordWrap(True)
        chosen.addRow(note)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if export:
            ok.setText(self.tr("Export…"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.buttons)
        self.resize(620, 560)

    # ---- construction ------------------------------------------------------------------------
    def _page(self, title: str) -> QFormLayout:
        page = QWidget()
        form = QFormLayout(page)
        self.tabs.addTab(page, title)
        return form

    def _row(self, form: QFormLayout, name: str, label: str, widget: QWidget) -> None:
        widget.setObjectName(f"quote-{name}")
        form.addRow(label, widget)
        error = QLabel()
        error.setObjectName(f"quote-error-{name}")
        error.setWordWrap(True)
        error.setStyleSheet(ERROR_STYLE)
        form.addRow(error)
        form.setRowVisible(error, False)
        self.errors[name] = (error, form, self.tabs.count() - 1)
        self.fields[name] = widget

    def _line(self, form: QFormLayout, name: str, label: str, value: str, max_length: int) -> QLineEdit:
        edit = QLineEdit(value)
        edit.setMaxLength(max_length)
        self._row(form, name, label, edit)
        return edit

    def _text(self, form: QFormLayout, name: str, label: str, value: str, height: int) -> QPlainTextEdit:
        edit = QPlainTextEdit(value)
        edit.setTabChangesFocus(True)
        edit.setMinimumHeight(height)
        edit.setMaximumHeight(height * 3)
        self._row(form, name, label, edit)
        return edit

    def _rates_hint(self, currency: str) -> str:
        try:
            book = default_rates(currency)
        except PriceBookError:
            book = {}
        listed = ", ".join(f"{code}={_plain(r.rate)} ({r.date})" for code, r in sorted(book.items()))
        return self.tr("Units of {currency} per unit of another currency, separated by commas. Where you give "
                       "none, the price book's dated rates apply: {rates}").format(
            currency=currency, rates=listed or self.tr("none"))

    def _build_text(self, build: Build, report: Report, ready: bool) -> str:
        if ready:
            return self.tr("{build}: ready").format(build=build.name)
        errors = sum(1 for f in report.findings if f.severity is Severity.ERROR)
        why = [self.tr("{n} error(s)").format(n=errors)] if errors else []
        if report.summary.gpu_count == 0:
            why.append(self.tr("no GPUs"))
        return self.tr("{build}: not ready ({why}); a draft if ticked").format(build=build.name, why=", ".join(why))

    # ---- reading the fields ------------------------------------------------------------------
    def choose_default_builds(self) -> None:
        for i in range(self.builds.count()):
            item = self.builds.item(i)
            ready = self.ready[item.data(BUILD_NAME_ROLE)]
            item.setCheckState(Qt.CheckState.Checked if ready else Qt.CheckState.Unchecked)

    def chosen_builds(self) -> tuple[str, ...]:
        items = (self.builds.item(i) for i in range(self.builds.count()))
        return tuple(item.data(BUILD_NAME_ROLE) for item in items if item.checkState() == Qt.CheckState.Checked)

    def error(self, name: str) -> str:
        """The message shown next to a field ("" when none)."""
        label, form, _tab = self.errors[name]
        return label.text() if form.isRowVisible(label) else ""

    def _show_error(self, name: str, message: str) -> None:
        label, form, _tab = self.errors[name]
        label.setText(message)
        form.setRowVisible(label, bool(message))

    def _percent(self, edit: QLineEdit, name: str, out_of_range: str, problems: dict[str, str]) -> Decimal:
        text = edit.text().strip().removesuffix("%").strip()
        if not text:
            return Decimal(0)
        try:
            value = Decimal(text)
        except InvalidOperation:
            value = Decimal("NaN")
        if not value.is_finite() or not 0 <= value <= 100:
            problems[name] = out_of_range
        elif value != value.quantize(_FOUR_PLACES):
            problems[name] = self.tr("Use at most 4 decimal places.")
        else:
            return Decimal(_plain(value))
        return Decimal(0)

    def _days(self, problems: dict[str, str]) -> int | None:
        text = self.valid_days.text().strip()
        if not text:
            return None
        try:
            days = int(text)
        except ValueError:
            days = 0
        if not 1 <= days <= MAX_VALID_DAYS:
            problems["valid_days"] = self.tr("Enter a whole number of days from 1 to {max}, or leave it empty.").format(
                max=MAX_VALID_DAYS)
            return None
        return days

    def _rates(self, problems: dict[str, str]) -> dict[str, Decimal]:
        rates: dict[str, Decimal] = {}
        currency = self.document.project.currency
        for item in _RATE_SEPARATORS.split(self.rates.text().strip()):
            if not item:
                continue
            code, sep, text = item.partition("=")
            code = code.strip().upper()
            if not sep or not re.fullmatch(r"[A-Z]{3}", code):
                problems["exchange_rates"] = self.tr("Write each rate as a currency code and a number, like "
                                                     "EUR=1.08; '{item}' is not.").format(item=item)
                break
            try:
                rate = Decimal(text)
            except InvalidOperation:
                rate = Decimal("NaN")
            if not rate.is_finite() or not 0 < rate <= 10**9:
                problems["exchange_rates"] = self.tr("The rate for {code} must be a positive number.").format(
                    code=code)
                break
            if code == currency:
                problems["exchange_rates"] = self.tr("{code} is this project's own currency: it needs no "
                                                     "rate.").format(code=code)
                break
            if code in rates:
                problems["exchange_rates"] = self.tr("{code} is given twice.").format(code=code)
                break
            rates[code] = Decimal(_plain(rate))
        return rates

    def values(self) -> tuple[ProjectInfo, Customer, str, QuoteTerms] | None:
        """The fields as the project's parts, or None after showing what is wrong next to each bad field."""
        problems: dict[str, str] = {}
        if not self.name.text().strip():
            problems["name"] = self.tr("A project needs a name.")
        email = self.email.text().strip()
        if email and not re.fullmatch(EMAIL_PATTERN, email):
            problems["email"] = self.tr("This is not an e-mail address (like name@example.com).")
        days = self._days(problems)
        discount = self._percent(self.discount, "discount_pct", self.tr("Enter a discount from 0 to 100 %."), problems)
        tax = self._percent(self.tax, "tax_pct", self.tr("Enter a tax rate from 0 to 100 %."), problems)
        rates = self._rates(problems)
        chosen = self.chosen_builds()
        default = tuple(name for name, ready in self.ready.items() if ready)
        if not chosen and (default or self.export):  # none ready and none chosen: the details still save
            problems["include_builds"] = self.tr("Choose at least one build to quote.") if default else \
                self.tr("No build is ready (GPUs and no errors): tick the builds to quote; they print as drafts.")
        notes = self.notes.toPlainText()
        if len(notes) > MAX_NOTES:
            problems["notes"] = self.tr("Too long: at most {n} characters.").format(n=MAX_NOTES)
        result: tuple[ProjectInfo, Customer, str, QuoteTerms] | None = None
        if not problems:
            try:
                old = self.document.project.project
                info = ProjectInfo(**{**dict(old), "name": self.name.text().strip(),
                                      "reference": self.reference.text().strip(), "author": self.author.text().strip()})
                customer = Customer(company=self.company.text().strip(), contact=self.contact.text().strip(),
                                    email=email, phone=self.phone.text().strip(),
                                    address=self.address.toPlainText().strip())
                terms = QuoteTerms(
                    quote_date=self.quote_date.date().toPython() if self.fixed_date.isChecked() else None,
                    valid_days=days, discount_pct=discount, tax_pct=tax, tax_label=self.tax_label.text().strip(),
                    payment_terms=self.payment_terms.toPlainText().strip(),
                    delivery_terms=self.delivery_terms.toPlainText().strip(),
                    include_builds=None if chosen == default else chosen, exchange_rates=rates)
                result = (info, customer, notes, terms)
            except ValidationError as exc:
                for err in exc.errors(include_url=False):
                    name = str(err["loc"][0]) if err["loc"] else ""
                    if name in self.errors and name not in problems:
                        problems[name] = self.tr("Too long: at most {n} characters.").format(
                            n=err.get("ctx", {}).get("max_length")) if err["type"] == "string_too_long" \
                            else self.tr("Not accepted: {reason}").format(reason=err["msg"])
                if not problems:  # a field the dialog does not show: say so on the first
                    problems["name"] = self.tr("Not accepted: {reason}").format(reason=str(exc))
        for name in self.errors:
            self._show_error(name, problems.get(name, ""))
        if problems:
            first = next(name for name in self.errors if name in problems)
            self.tabs.setCurrentIndex(self.errors[first][2])
            self.fields[first].setFocus()
        return result

    def accept(self) -> None:
        values = self.values()
        if values is None:
            return
        self.document.edit_quote_details(*values)
        super().accept()
