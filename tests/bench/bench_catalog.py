"""Catalog figures: first-run build of the bundled catalog; search over 10,000 synthetic parts."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from app.catalog.query import NumericFilter, PartQuery
from app.catalog.store import Catalog
from app.catalog.writer import row_for
from app.core.parts import Gpu, PartKind


def _synthetic_gpus(n: int) -> list[Gpu]:
    rng = random.Random(42)
    vendors = ["NVIDIA", "AMD", "Intel", "Huawei", "Acme"]
    return [
        Gpu(id=f"synthetic-gpu-{i}", vendor=rng.choice(vendors), name=f"Model {i} {rng.choice(['Pro', 'Max', 'SXM'])}",
            source="synthetic benchmark data", form_factor="PCIe", vram_gib=rng.choice([16, 24, 48, 80, 96, 141]),
            memory_type="HBM3", mem_bandwidth_gbs=rng.uniform(300, 8000), bf16_dense_tflops=rng.uniform(50, 2500),
            tdp_w=rng.uniform(70, 1200), pcie_gen=5, slot_width=2)
        for i in range(n)
    ]


def benchmarks() -> dict[str, float]:
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        cat = Catalog.open(Path(tmp) / "first.db")
        out["first_run_build_ms"] = (time.perf_counter() - t0) * 1000
        cat.close()
        t0 = time.perf_counter()
        cat = Catalog.open(Path(tmp) / "first.db")
        out["reopen_ms"] = (time.perf_counter() - t0) * 1000

        rows = [row_for(g, "user") for g in _synthetic_gpus(10_000)]
        cat.writer.add_rows(rows)
        cat._invalidate()
        cat.parts_by_id()  # warm the parse cache as the GUI does at start
        q = PartQuery(kind=PartKind.GPU, search="nvidia pro",
                      filters=(NumericFilter("vram_gib", ">=", 80), NumericFilter("tdp_w", "<=", 700)),
                      sort="mem_bandwidth_gbs", descending=True)
        times = []
        for _ in range(30):
            t0 = time.perf_counter()
            result = cat.query(q)
            times.append((time.perf_counter() - t0) * 1000)
        out["search_10k_text_numeric_median_ms"] = statistics.median(times)
        out["search_10k_result_count"] = float(len(result))
        cat.close()
    return out
