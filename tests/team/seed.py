"""Synthetic team data for the tests and the benchmark: valid catalog parts, prices and projects."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from app.catalog.writer import row_for
from app.core.parts import Gpu

SAMPLE_PROJECT = Path(__file__).resolve().parents[2] / "resources" / "samples"


def gpu_rows(n: int, prefix: str = "team-gpu") -> list[dict[str, Any]]:
    rng = random.Random(7)
    rows = []
    for i in range(n):
        gpu = Gpu(id=f"{prefix}-{i}", vendor=rng.choice(["NVIDIA", "AMD", "Acme"]), name=f"Team GPU {i}",
                  source="synthetic team data", form_factor="PCIe", vram_gib=rng.choice([24, 48, 80, 141]),
                  memory_type="HBM3", mem_bandwidth_gbs=rng.uniform(300, 8000), bf16_dense_tflops=rng.uniform(50, 2500),
                  tdp_w=rng.uniform(70, 1200), pcie_gen=5, slot_width=2)
        rows.append(row_for(gpu, "user"))
    return rows


def project_text(name: str) -> str:
    """A valid project file (the bundled edge sample) under another name."""
    data = json.loads((SAMPLE_PROJECT / "edge-l20.json").read_text(encoding="utf-8"))
    data["project"]["name"] = name
    return json.dumps(data, ensure_ascii=False)


def insert_parts(conn: Any, rows: list[dict[str, Any]]) -> None:
    """As a catalog admin, straight into the server (what an admin's earlier syncs would have left).
    INSERT, not COPY: COPY FROM is not allowed under row-level security."""
    cols = ("id", "kind", "vendor", "name", "sku", "origin", "search_text", "data")
    with conn.cursor() as cur:
        cur.executemany(f"INSERT INTO parts ({', '.join(cols)}) VALUES ({', '.join(['%s'] * len(cols))})",
                        [tuple(r[c] for c in cols) for r in rows])
    conn.commit()


def insert_prices(conn: Any, part_ids: list[str], price: str = "1000") -> None:
    with conn.cursor() as cur:
        cur.executemany("INSERT INTO prices (part_id, price, currency, source, updated_at) VALUES (%s, %s, %s, %s, %s)",
                        [(pid, price, "USD", "team price book 2026-12", "2026-12-01T00:00:00+00:00")
                         for pid in part_ids])
    conn.commit()


def insert_projects(conn: Any, n: int, prefix: str = "p") -> None:
    with conn.cursor() as cur:
        cur.executemany("INSERT INTO projects (id, name, data) VALUES (%s, %s, %s)",
                        [(f"{prefix}-{i}", f"Project {i}", project_text(f"Project {i}")) for i in range(n)])
    conn.commit()
