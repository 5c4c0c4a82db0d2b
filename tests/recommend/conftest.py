"""Fixtures: the bundled catalog and one Recommender for the whole session (it caches per catalog)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from app.catalog.seed import by_id, load_source_parts
from app.core.parts import AnyPart
from app.recommend import Recommender
from app.rules import RuleEngine


@pytest.fixture(scope="session")
def parts() -> Mapping[str, AnyPart]:
    return by_id(load_source_parts())


@pytest.fixture(scope="session")
def recommender(parts: Mapping[str, AnyPart]) -> Recommender:
    return Recommender(parts)


@pytest.fixture(scope="session")
def engine(parts: Mapping[str, AnyPart]) -> RuleEngine:
    """A separate engine: candidates are re-checked by one the search never touched."""
    return RuleEngine(parts)
