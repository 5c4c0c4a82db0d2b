"""Fuzz the project loader: whatever the bytes, it returns a Project or raises ProjectFileError."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.paths import resources_dir
from app.project import Project, ProjectFileError, parse_project

SAMPLE: dict[str, Any] = json.loads((resources_dir() / "samples" / "hgx-h100-8gpu.json").read_text(encoding="utf-8"))

scalars = st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30) | \
    st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) |
                           st.dictionaries(st.text(max_size=12), inner, max_size=4), max_leaves=20)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


PATHS = _paths(SAMPLE)[1:]


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(data))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


def _load(payload: bytes | str) -> None:
    try:
        result = parse_project(payload, "fuzz.json")
    except ProjectFileError as exc:
        assert exc.path == "fuzz.json" and exc.message
    else:
        assert isinstance(result, Project)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_random_bytes(payload: bytes) -> None:
    _load(payload)


@settings(max_examples=300)
@given(json_values)
def test_random_json(value: Any) -> None:
    _load(json.dumps(value))


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), json_values)
def test_one_field_of_a_valid_project_replaced(path: tuple[Any, ...], value: Any) -> None:
    _load(json.dumps(_set(SAMPLE, path, value)))


SAMPLE_TEXT = json.dumps(SAMPLE)


@settings(max_examples=200)
@given(st.integers(min_value=0, max_value=len(SAMPLE_TEXT)), st.text(max_size=20))
def test_truncated_and_spliced_text(cut: int, junk: str) -> None:
    _load(SAMPLE_TEXT[:cut] + junk)


def test_pathological_inputs() -> None:
    for payload in ("[" * 100_000, '{"a":' * 50_000, "9" * 5000, '{"format": "inference-sizer-project", '
                    '"version": 1e400}', "\ufeff" + json.dumps(SAMPLE), "", "\x00"):
        _load(payload)
