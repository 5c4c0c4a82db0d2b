"""Findings and their fixes name parts as the reader knows them, never by catalog id.

Seen in the window: "Fix: add 3 more GPUs (nvidia-h100-sxm5-80gb) with TP=4"; the PSU fixes and the mixed CPU and
DIMM findings wrote ids the same way.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.catalog.store import Catalog
from app.core.build import Build
from app.rules.engine import RuleEngine

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "hgx-h200-8gpu.json"


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Catalog]:
    cat = Catalog.open(tmp_path_factory.mktemp("names") / "catalog.db")
    yield cat
    cat.close()


def _variants() -> dict[str, dict]:  # type: ignore[type-arg]
    base = json.loads(SAMPLE.read_text(encoding="utf-8"))["builds"][0]
    out = {}
    # one GPU on the baseboard, a 70B model in BF16: "fill the baseboard", "add N more GPUs (...)"
    one_gpu = copy.deepcopy(base)
    one_gpu["placements"][0]["slots"] = ["gpu0"]
    one_gpu["workload"].update(llm_id="llama-3.1-70b", weight_precision="bf16", kv_precision="bf16", tp=1,
                               concurrency=4)
    out["one GPU"] = one_gpu
    # one PSU under N+2: "add a PSU: N x ..."
    one_psu = copy.deepcopy(base)
    for p in one_psu["placements"]:
        if p["slots"][0].startswith("psu"):
            p["slots"] = p["slots"][:1]
    out["one PSU"] = one_psu
    # two CPU models and two DIMM models
    mixed = copy.deepcopy(base)
    for p in mixed["placements"]:
        if p["part_id"] == "amd-epyc-9555":
            p["slots"] = ["cpu0"]
    mixed["placements"].append({"part_id": "amd-epyc-9655", "slots": ["cpu1"], "role": None})
    out["mixed CPUs"] = mixed
    return out


@pytest.mark.parametrize("name", list(_variants()))
def test_findings_and_fixes_name_parts_not_ids(name: str, catalog: Catalog) -> None:
    parts = catalog.parts_by_id()
    build = Build.model_validate(_variants()[name])
    report = RuleEngine(parts).validate(build)
    texts = []
    for f in report.findings:
        texts += [f.message, f.explanation] + [fx.description for fx in f.fixes]
    assert texts
    placed = {p.part_id for p in build.placements} | {pid for f in report.findings for fx in f.fixes
                                                      for op in fx.ops for pid in [getattr(op, "part_id", None)]
                                                      if pid}
    leaked = sorted({pid for pid in placed for text in texts
                     if re.search(rf"(?<![\w.-]){re.escape(pid)}(?![\w.-])", text)})
    assert leaked == [], [t for t in texts if any(pid in t for pid in leaked)]



def test_findings_group_watts_as_the_gauges_do(catalog: Catalog) -> None:
    """Seen on the Facility page: "the node draws up to 9678 W" beside the gauge's "9,678 W"; every figure of a
    thousand watts or more in a finding, its explanation or a fix is grouped (part names, "3000 W ... PSU", are
    the catalog's and left out)."""
    parts = catalog.parts_by_id()
    names = sorted((p.name for p in parts.values()), key=len, reverse=True)
    texts = []
    for variant in _variants().values():
        report = RuleEngine(parts).validate(Build.model_validate(variant))
        for f in report.findings:
            texts += [f.message, f.explanation, *(fx.description for fx in f.fixes)]
    for name in names:
        texts = [t.replace(name, "<part>") for t in texts]
    assert any(re.search(r"\d,\d{3}(\.\d+)? (W|kW|BTU)", t) for t in texts), texts
    ungrouped = [t for t in texts if re.search(r"(?<![\d,.])\d{4,}(\.\d+)? ?(W|kW|BTU)\b", t)]
    assert ungrouped == []
