"""Shared fixtures for the probe tests: recorded nvidia-smi outputs and a runner that replays them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from app.probe.smi import SmiResult, SmiRunner, SmiUnavailableError

FIXTURES = Path(__file__).parent / "fixtures"


def fixture_text(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def smi_replay(machine: str | None, *, failure: tuple[int, str] | None = None,
               missing: bool = False, reject_field: str | None = None,
               calls: list[list[str]] | None = None) -> SmiRunner:
    """A runner that answers like nvidia-smi on a recorded machine ('h100x8', 'l40s', 'a100_mig')."""

    def run(args: Sequence[str]) -> SmiResult:
        if calls is not None:
            calls.append(list(args))
        if missing:
            raise SmiUnavailableError("NVIDIA_SMI_NOT_FOUND", "nvidia-smi is not installed or not on PATH.")
        if failure is not None:
            code, name = failure
            return SmiResult(code, fixture_text(name))
        assert machine is not None
        if args and args[0].startswith("--query-gpu="):
            if reject_field and reject_field in args[0]:
                return SmiResult(2, f'Field "{reject_field}" is not a valid field to query.\n\n')
            fields = args[0].removeprefix("--query-gpu=").split(",")
            text = fixture_text(f"smi_{machine}_query.csv")
            if reject_field:  # drop the column the "old driver" does not know
                from app.probe.smi import QUERY_FIELDS

                drop = QUERY_FIELDS.index(reject_field)
                lines = []
                for line in text.splitlines():
                    cells = line.split(", ")
                    del cells[drop]
                    lines.append(", ".join(cells))
                text = "\n".join(lines) + "\n"
            assert len(text.splitlines()[0].split(", ")) == len(fields)
            return SmiResult(0, text)
        if not args:
            return SmiResult(0, fixture_text(f"smi_{machine}_banner.txt"))
        if args == ["-L"]:
            return SmiResult(0, fixture_text(f"smi_{machine}_list.txt"))
        if args == ["topo", "-m"]:
            return SmiResult(0, fixture_text(f"smi_{machine}_topo.txt"))
        return SmiResult(2, f"unknown arguments {args}")

    return run


@pytest.fixture
def smi_factory() -> Callable[..., SmiRunner]:
    return smi_replay
