"""What a rule reports: a severity, one line, the numbers behind it, the parts involved, and fixes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from app.rules.fixes import Fix


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return _RANK[self]


_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass(frozen=True, slots=True)
class Issue:
    """What a rule function yields; the engine stamps the rule id and the profile's severity."""

    message: str
    explanation: str
    severity: Severity | None = None  # None: the rule's registered severity
    sources: tuple[str, ...] = ()
    slots: tuple[str, ...] = ()
    part_ids: tuple[str, ...] = ()
    fixes: tuple[Fix, ...] = ()


@dataclass(frozen=True, slots=True)
class Finding:
    """One result of validation, ready for the GUI and the CLI.

    ``explanation`` shows the numbers used; ``sources`` says where each threshold came from;
    ``slots`` and ``part_ids`` let the GUI highlight what is involved; each fix is data the GUI
    can apply with :func:`app.rules.fixes.apply_fix`.
    """

    rule_id: str
    severity: Severity
    message: str
    explanation: str
    sources: tuple[str, ...] = ()
    slots: tuple[str, ...] = ()
    part_ids: tuple[str, ...] = ()
    fixes: tuple[Fix, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule_id": self.rule_id,
            "severity": self.severity.value,
            "message": self.message,
            "explanation": self.explanation,
            "sources": list(self.sources),
            "slots": list(self.slots),
            "part_ids": list(self.part_ids),
            "fixes": [f.model_dump(mode="json") for f in self.fixes],
        }
