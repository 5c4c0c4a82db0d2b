"""The project file: customer and project details, currency, one or more builds, notes.

Versioned (``format`` + ``version``) so a file written today still opens after the format
changes: older versions go through app.project.migrations before these models see them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

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


class Project(BaseModel):
    model_config = _CFG
    format: Literal["inference-sizer-project"] = PROJECT_FORMAT
    version: Literal[1] = PROJECT_VERSION
    project: ProjectInfo
    customer: Customer = Customer()
    currency: str = Field(default="USD", pattern=r"^[A-Z]{3}$", description="ISO 4217 code for prices")
    builds: tuple[Build, ...] = Field(min_length=1, max_length=200)
    notes: str = Field(default="", max_length=1_000_000)

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
