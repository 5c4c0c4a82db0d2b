"""Export figures: a 40-line BOM with one drawn chart -> PDF (target <= 1 s), plus CSV and XLSX."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from decimal import Decimal

from app.core.build import Build, Placement
from app.core.parts import AnyPart, Dimm, Nic
from app.export.pdf import render_pdf
from app.export.quote import ExportOptions, prepare_quote
from app.export.tabular import render_csv, render_xlsx
from tests.export.factory import SRC, dimms, hgx_build, priced_parts, project


def forty_line_build() -> tuple[Build, dict[str, AnyPart]]:
    """Chassis, GPU, CPU, 24 different DIMMs, 10 different NICs, 3 drives: 40 lines, with a workload."""
    parts = priced_parts()
    base = hgx_build()
    placements = [p for p in base.placements if p.part_id in ("psu-3000", "h100-sxm", "epyc-9555", "m2-480",
                                                               "u2-3840")]
    for i, slot in enumerate(dimms()):
        d = Dimm(id=f"bench-dimm-{i}", name=f"DDR5 RDIMM 64 GB lot {i}", sku=f"MEM-B{i:03d}",
                 price=Decimal("311.45") + i, capacity_gb=64, speed_mts=5600, power_w=9, **SRC)
        parts[d.id] = d
        placements.append(Placement(part_id=d.id, slots=(slot,)))
    for i in range(10):
        n = Nic(id=f"bench-nic-{i}", name=f"400G NIC lot {i}", sku=f"NIC-B{i:03d}", price=Decimal("1733.33") + i,
                speed_gbps=400, ports=1, nic_type="vpi", rdma=True, pcie_gen=5, pcie_lanes=16, power_w=25, **SRC)
        parts[n.id] = n
        placements.append(Placement(part_id=n.id, slots=(f"pcie{i}",)))
    return base.model_copy(update={"placements": tuple(placements)}), parts


def _ms(fn: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def benchmarks() -> dict[str, float]:
    build, parts = forty_line_build()
    proj = project(build)
    options = ExportOptions(discount_pct=Decimal("7.5"), tax_pct=Decimal(13))
    t0 = time.perf_counter()
    doc = prepare_quote(proj, parts, options)
    first_pdf = render_pdf(doc)  # first in the process: loads the CJK font
    cold = (time.perf_counter() - t0) * 1000
    assert len(doc.boms[0].lines) == 40 and doc.sections[0].perf is not None and first_pdf.startswith(b"%PDF")
    return {
        "pdf_40_lines_cold_ms": cold,
        "pdf_40_lines_ms": _ms(lambda: render_pdf(prepare_quote(proj, parts, options))),
        "prepare_quote_ms": _ms(lambda: prepare_quote(proj, parts, options)),
        "csv_40_lines_ms": _ms(lambda: render_csv(doc.boms)),
        "xlsx_40_lines_ms": _ms(lambda: render_xlsx(doc)),
    }
