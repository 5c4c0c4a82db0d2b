"""The project file: customer and project details, currency, one or more builds, notes, quote terms.

Versioned (``format`` + ``version``) so a file written today still opens after the format
changes: older versions go through app.project.migrations before these models see them.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from app.core.build import Build

PROJECT_FORMAT: Final = "inference-sizer-project"
PROJECT_VERSION: Final = 1

_CFG = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Customer(BaseModel):
    model_config = _CFG
    company: str = Field(default="", max_length=200)
    contact: str = Field(default="", max_length=200)
    email: str = Field(default="", max_length=200)
    phone: str = Field(default="", max_length=80)
    address: str = Field(default="", max_length=1000)


class ProjectInfo(BaseModel):
    model_config = _CFG
    name: str = Field(min_length=1, max_length=200)
    reference: str = Field(default="", max_length=120, description="quote or opportunity number")
    author: str = Field(default="", max_length=200)
    created: datetime | None = None
    modified: datetime | None = None


# What the quote dialog accepts as an e-mail address: one @, a dot in the domain, no spaces.
EMAIL_PATTERN: Final = r"^[^@\s]+@[^@\s]+\.[^@\s]+$"
MAX_VALID_DAYS: Final = 3650
CurrencyCode = Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$")]
Percent = Annotated[Decimal, Field(ge=0, le=100, decimal_places=4)]


class QuoteTerms(BaseModel):
    """The quote's own terms, saved with the project so every export (window or ``bom``) prints the same.

    The quote number and "prepared by" are :class:`ProjectInfo`'s ``reference`` and ``author``, the
    notes printed on the cover :attr:`Project.notes`: one place each. ``include_builds`` None quotes
    every build with GPUs and no errors (app.export.quote); a list quotes those builds, any not ready
    marked as a draft. ``exchange_rates``: units of the project currency per unit of another, the
    user's own; the price book's dated rates (db/prices/exchange-rates.csv) apply where none is given.
    """

    model_config = _CFG
    quote_date: date | None = Field(default=None, description="None: the day of each export")
    valid_days: int | None = Field(default=None, ge=1, le=MAX_VALID_DAYS,
                                   description="days the quote holds from its date; None: not stated")
    discount_pct: Percent = Decimal(0)
    tax_pct: Percent = Decimal(0)
    tax_label: str = Field(default="", max_length=40, description='e.g. "VAT"; empty: "Tax"')
    payment_terms: str = Field(default="", max_length=2000)
    delivery_terms: str = Field(default="", max_length=2000)
    include_builds: tuple[str, ...] | None = Field(default=None, max_length=200)
    exchange_rates: dict[CurrencyCode, Annotated[Decimal, Field(gt=0, le=10**9)]] = Field(default_factory=dict)


class Project(BaseModel):
    model_config = _CFG
    format: Literal["inference-sizer-project"] = PROJECT_FORMAT
    version: Literal[1] = PROJECT_VERSION
    project: ProjectInfo
    customer: Customer = Customer()
    currency: str = Field(default="USD", pattern=r"^[A-Z]{3}$", description="ISO 4217 code for prices")
    builds: tuple[Build, ...] = Field(min_length=1, max_length=200)
    notes: str = Field(default="", max_length=1_000_000)
    quote: QuoteTerms = QuoteTerms()

    @model_validator(mode="after")
    def _unique_names(self) -> Project:
        names = [b.name for b in self.builds]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError("build names must be unique: " + ", ".join(dupes))
        return self

    def build(self, name: str) -> Build:
        for b in self.builds:
            if b.name == name:
                return b
        raise KeyError(name)

    @property
    def build_names(self) -> list[str]:
        return [b.name for b in self.builds]


def project_json_schema() -> dict[str, Any]:
    return Project.model_json_schema()
