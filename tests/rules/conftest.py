from __future__ import annotations

import pytest

from app.rules import RuleEngine
from tests.rules.factory import PARTS


@pytest.fixture(scope="session")
def engine() -> RuleEngine:
    return RuleEngine(PARTS)
