"""The assistant's site carries its cooling as the window's does (issue #17, item 6)."""

from __future__ import annotations

import json

import pytest

from app.cli.main import main
from app.core.build import CoolingType, EnvironmentKind
from app.recommend import Requirements


def test_requirements_carry_cooling_type_and_capacity() -> None:
    req = Requirements(llm_id="qwen2.5-7b", concurrency=1, environment=EnvironmentKind.CUSTOM, rack_kw=60,
                       cooling=CoolingType.DIRECT_LIQUID, cooling_kw=60)
    env = req.environment_model()
    assert (env.rack_budget_kw, env.cooling, env.cooling_kw) == (60, CoolingType.DIRECT_LIQUID, 60)
    assert Requirements(llm_id="qwen2.5-7b", concurrency=1).environment_model().cooling is None


def test_cli_flags_set_the_cooling(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["recommend", "--model", "qwen2.5-7b", "--scenario", "batch", "--concurrency", "1",
                 "--environment", "custom", "--rack-kw", "30", "--cooling", "rear-door", "--cooling-kw", "30",
                 "--top", "1", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code in (0, 1)
    assert data["requirements"]["cooling"] == "rear-door" and data["requirements"]["cooling_kw"] == 30
