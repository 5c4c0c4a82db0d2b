"""#18 done-when: the zh_CN quote is Chinese. Read back, it holds no Latin word beyond an allow-list:
part numbers, units and technical acronyms, brand and model names (the parts' own names), the
client's own text, and the titles of cited sources that have no Chinese title (each citation as the
catalog, the price book and the rule profile give it)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from app.catalog.reference_prices import book_exchange_rates, price_book
from app.catalog.seed import by_id, load_source_parts
from app.cli.main import main
from app.paths import resources_dir
from app.project import load_project
from app.rules.profile import default_profile
from tests.export import pdftext

SAMPLE = resources_dir() / "samples" / "hgx-h200-8gpu.json"
# Units, file formats and the technical acronyms engineers write in Latin in Chinese documents too.
UNITS_AND_ACRONYMS = frozenset((
    "gib", "gb", "tb", "mb", "kb", "gbps", "tok", "ms", "kw", "kwh", "btu", "usd", "eur", "cny", "sha", "json",
    "csv", "pdf", "xlsx", "gpu", "gpus", "cpu", "cpus", "nic", "nics", "psu", "psus", "ttft", "tpot", "kv",
    "tp", "pp", "fp", "bf", "int", "moe", "mla", "vllm", "sglang", "pue", "ram", "vram", "nvme", "sata",
    "pcie", "hgx", "dgx", "sxm", "rdimm", "ddr", "osfp", "qsfp", "ndr", "gbe", "tflops", "flops", "mfu",
    "nvlink", "rdma",
    # the facility hand-off: power distribution units, airflow in cubic feet per minute, the body whose thermal
    # classes (A1-A4) data centres quote; and the speculative-decoding techniques the estimate says it leaves out
    "pdu", "pdus", "cfm", "ashrae", "mtp", "eagle",
    # the GPU software stack and JIT kernel libraries the warm-engine assumption names (proper names, like vLLM's)
    "rocm", "aiter", "triton", "deepgemm",
    # the protocol and the benchmark command ('vllm bench serve') the engine's TTFT definition names
    "http", "bench",
))
# A Latin word not glued to other Latin letters, digits or URL punctuation (CJK neighbours are fine).
WORD = re.compile(r"(?<![A-Za-z0-9_/.\-@])[A-Za-z]{3,}(?![A-Za-z0-9_/.\-@])")


def _sources(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("source"), str):
            yield node["source"]
        for value in node.values():
            yield from _sources(value)
    elif isinstance(node, list):
        for value in node:
            yield from _sources(value)


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


def _allowed(project_path: Path) -> set[str]:
    parts = by_id(load_source_parts())
    project = load_project(project_path)
    used = {p.part_id for b in project.builds for p in b.placements} | {b.chassis_id for b in project.builds}
    used |= {b.workload.llm_id for b in project.builds if b.workload is not None}
    texts: list[str] = []
    for part_id in used:
        part = parts[part_id]
        texts += [part.vendor, part.name, part.sku or "", part.source, str(getattr(part, "vendor_max_source", ""))]
        ref = price_book().get(part_id)
        if ref is not None:
            texts.append(ref.source)
    texts += [r.source for r in book_exchange_rates()]
    texts += list(_sources(default_profile().model_dump(mode="json")))
    texts += list(_strings(json.loads(project_path.read_text(encoding="utf-8"))))  # the client's own text
    return {w.lower() for text in texts for w in re.findall(r"[A-Za-z]+", text)} | UNITS_AND_ACRONYMS


def test_zh_cn_quote_has_no_english_beyond_names_units_and_citations(tmp_path: Path) -> None:
    out = tmp_path / "quote.pdf"
    assert main(["bom", str(SAMPLE), "--pdf", str(out), "--lang", "zh_CN", "--date", "2026-12-01"]) == 0
    text = pdftext.text(out)
    assert "报价" in text and "参考价" in text
    allowed = _allowed(SAMPLE)
    english = sorted({w for w in WORD.findall(text) if w.lower() not in allowed})
    assert english == []
