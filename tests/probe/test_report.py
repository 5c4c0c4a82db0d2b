"""The report schema: round trip, strict rejection with clear messages, and a fuzzed importer."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.probe.report import (
    FORMAT_ID,
    MAX_REPORT_BYTES,
    ProbeReport,
    ProbeReportError,
    load_report,
    parse_report,
    summarize,
)
from tests.probe.sample import sample_report


@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    return json.loads(sample_report().to_json())


def dumps(doc: object) -> str:
    return json.dumps(doc)


def test_round_trip() -> None:
    report = sample_report()
    again = parse_report(report.to_json())
    assert again == report
    assert again.to_json() == report.to_json()
    assert again.format == FORMAT_ID and again.format_version == 1
    assert again.gpu(1) is not None and again.gpu(7) is None
    assert [m.gpu for m in again.measurements("gemm_bf16")] == [0, 1]


def _mutated(good: dict[str, Any], path: str, value: Any = ..., delete: bool = False) -> str:
    doc = copy.deepcopy(good)
    *parents, last = path.split(".")
    node: Any = doc
    for p in parents:
        node = node[int(p)] if isinstance(node, list) else node[p]
    key: Any = int(last) if isinstance(node, list) else last
    if delete:
        del node[key]
    else:
        node[key] = value
    return dumps(doc)


@pytest.mark.parametrize(("text", "needle"), [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", "not UTF-8"),
    (b"", "empty"),
    (b"{", "not valid JSON (line 1"),
    (b"[1, 2]", "top level is a JSON list"),
    (b'{"name": "my project"}', "no 'format' field"),
    (b'{"format": "inference-sizer.project", "format_version": 1}', "foreign file"),
    (b'{"format": "inference-sizer.probe-report", "format_version": 2}', "newer than this app"),
    (b'{"format": "inference-sizer.probe-report", "format_version": "1"}', "not an integer"),
    (b'{"format": "inference-sizer.probe-report", "format_version": 1, "format": "x"}', "appears twice"),
    (b'{"format": "inference-sizer.probe-report", "format_version": 1, "x": NaN}', "NaN is not allowed"),
])
def test_rejects_foreign_and_malformed_files(text: bytes, needle: str) -> None:
    with pytest.raises(ProbeReportError) as info:
        parse_report(text)
    assert needle in str(info.value)


@pytest.mark.parametrize(("path", "value", "delete", "needle"), [
    ("gpus.0.bogus", 1, False, "gpus.0.bogus"),
    ("status", "great", False, "field 'status'"),
    ("host", None, True, "field 'host'"),
    ("gpus.0.memory_total_bytes", "80 GB", False, "gpus.0.memory_total_bytes"),
    ("gpus.0.memory_total_bytes", -1, False, "gpus.0.memory_total_bytes"),
    ("results.2.gpu", 9, False, "refers to GPU 9"),
    ("results.2.value", None, False, "needs a value"),
    ("results.2.unit", "furlongs/fortnight", False, "results.2.unit"),
    ("run.started_at", "2026-05-04T09:30:00", False, "run.started_at"),  # no time zone
    ("run.finished_at", "2020-01-01T00:00:00Z", False, "before started_at"),
    ("calibration.0.gpu_id", "Not A Slug", False, "calibration.0.gpu_id"),
    ("messages.0.code", "lower case", False, "messages.0.code"),
])
def test_rejects_bad_fields_naming_them(good: dict[str, Any], path: str, value: Any, delete: bool,
                                        needle: str) -> None:
    with pytest.raises(ProbeReportError) as info:
        parse_report(_mutated(good, path, value, delete))
    assert needle in str(info.value)


def test_rejects_duplicate_gpu_indices(good: dict[str, Any]) -> None:
    doc = copy.deepcopy(good)
    doc["gpus"][1]["index"] = 0
    with pytest.raises(ProbeReportError, match="not unique"):
        parse_report(dumps(doc))


def test_rejects_huge_and_deep_files(good: dict[str, Any]) -> None:
    with pytest.raises(ProbeReportError, match="too large"):
        parse_report(b" " * (MAX_REPORT_BYTES + 1))
    deep: Any = 1
    for _ in range(50):
        deep = {"x": deep}
    doc = copy.deepcopy(good)
    doc["results"][0]["params"] = {"deep": deep}
    with pytest.raises(ProbeReportError, match="nested too deeply"):
        parse_report(dumps(doc))
    with pytest.raises(ProbeReportError):
        parse_report("[" * 100_000 + "]" * 100_000)


def test_load_report_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(ProbeReportError, match=r"missing\.json: cannot read"):
        load_report(tmp_path / "missing.json")
    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": 1}', encoding="utf-8")
    with pytest.raises(ProbeReportError, match=r"notes\.json: not an Inference Sizer probe report"):
        load_report(bad)


def test_summarize() -> None:
    s = summarize([3.0, 1.0, 2.0, float("nan"), -1.0])
    assert (s.min, s.median, s.max, s.n) == (1.0, 2.0, 3.0, 3)
    assert s.p10 == pytest.approx(1.2) and s.p90 == pytest.approx(2.8) and s.cv > 0
    assert summarize([5.0]).cv == 0.0
    with pytest.raises(ValueError):
        summarize([])


# ---- fuzzing: the importer never crashes, it only ever raises ProbeReportError -----------------
def _only_clean_errors(data: bytes | str) -> None:
    try:
        report = parse_report(data)
    except ProbeReportError as exc:
        assert str(exc)
    else:
        assert isinstance(report, ProbeReport)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=4096))
def test_fuzz_arbitrary_bytes(data: bytes) -> None:
    _only_clean_errors(data)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_fuzz_arbitrary_json(value: Any) -> None:
    _only_clean_errors(json.dumps(value))
    _only_clean_errors(json.dumps({"format": FORMAT_ID, "format_version": 1, "status": value, "run": value}))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_mutated_reports(good: dict[str, Any], data: st.DataObject) -> None:
    doc = copy.deepcopy(good)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        node: Any = doc
        # walk down a random path, then replace, delete or add something there
        while True:
            keys = list(range(len(node))) if isinstance(node, list) else list(node)
            if not keys:
                break
            key = data.draw(st.sampled_from(keys))
            child = node[key]
            if isinstance(child, dict | list) and child and data.draw(st.booleans()):
                node = child
                continue
            action = data.draw(st.sampled_from(["replace", "delete", "add"]))
            if action == "replace":
                node[key] = data.draw(json_values)
            elif action == "delete":
                del node[key]
            elif isinstance(node, dict):
                node[data.draw(st.text(max_size=10))] = data.draw(json_values)
            else:
                node.append(data.draw(json_values))
            break
    _only_clean_errors(json.dumps(doc))
