"""Shared fixtures: every test gets its own user data directory, never the real one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    data = tmp_path_factory.mktemp("userdata")
    monkeypatch.setenv("INFERENCE_SIZER_DATA_DIR", str(data))
    yield data
