"""#18 done-when: the 8 x H200 sample quote, out of the box: every line priced from the price book, a
filled cover, manufacturer part numbers (or a dash), and no internal catalog ids anywhere."""

from __future__ import annotations

import re
from pathlib import Path

from app.catalog.seed import by_id, load_source_parts
from app.export.bom import NO_MPN
from app.export.pdf import render_pdf
from app.export.quote import prepare_quote
from app.paths import resources_dir
from app.project import load_project
from tests.export import pdftext

SAMPLE = resources_dir() / "samples" / "hgx-h200-8gpu.json"


def test_h200_sample_quote_is_fully_priced_with_a_filled_cover_and_no_internal_ids(tmp_path: Path) -> None:
    parts = by_id(load_source_parts())
    project = load_project(SAMPLE)
    doc = prepare_quote(project, parts)
    (bom,) = doc.boms
    assert bom.complete and bom.total > 0 and not bom.unpriced
    assert len(bom.reference_lines) == len([ln for ln in bom.lines if parts[ln.part_id].price is None])
    for line in bom.lines:
        assert line.sku != line.part_id and (line.sku == NO_MPN or line.sku == parts[line.part_id].sku)
    assert sum(1 for ln in bom.lines if ln.sku != NO_MPN) >= 5  # chassis, NICs, drives carry real MPNs
    text = " ".join(pdftext.text(render_pdf(doc)).split())
    for expected in ("Example AI Cloud", "infra@example.com", "Q-2026-0117", "Presales, Example Systems",
                     "30 days from the quote date", "Net 30 days from invoice", "MCX75310AAS-NEAT"):
        assert expected in text, expected
    assert "Untitled" not in text
    # Power says where it is measured: the PSUs' output and the wall, the facility rows at the wall
    assert "W at the PSUs," in text and "Power per node at the wall" in text
    ids = {ln.part_id for ln in bom.lines} | {project.builds[0].chassis_id}
    leaked = sorted(pid for pid in ids if re.search(rf"(?<![/\w.-]){re.escape(pid)}(?![\w.-])", text))  # not in URLs
    assert leaked == []
    assert f"{bom.total:,.2f}" in text
    assert "converted at the price book's rate: 1 EUR = 1.1403 USD" in text  # EUR reference prices say how
