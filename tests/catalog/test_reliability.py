"""The catalog under faults: odd folder names, damage inside rows and pages, a newer schema, and
processes that start or write at the same moment."""

from __future__ import annotations

import json
import multiprocessing as mp
import sqlite3
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from app.catalog.common import CatalogError
from app.catalog.migrations import latest_schema_version
from app.catalog.store import Catalog, PriceOverride
from app.core.parts import Gpu
from tests.catalog.conftest import ROWS, write_sources

ROOT = Path(__file__).resolve().parents[2]
TOTAL = sum(len(v) for v in ROWS.values())


def _gpu(part_id: str, note: str = "") -> Gpu:
    return Gpu(id=part_id, vendor="Lab", name=f"Custom 96GB {note}".strip(), source="measured in our lab",
               form_factor="PCIe", vram_gib=96, memory_type="GDDR7", mem_bandwidth_gbs=1800, bf16_dense_tflops=250,
               tdp_w=400, pcie_gen=5, slot_width=2)


@pytest.mark.parametrize("folder", ["50% off", "team #1", "what?", "%41%3F#x?y=1", "用户 %E4"])
def test_odd_folder_names_reopen_with_user_data_intact(tmp_path: Path, sources: Path, folder: str) -> None:
    """'%', '#' and '?' in the data folder once made every start call the catalog damaged."""
    db = tmp_path / folder / "catalog.db"
    cat = Catalog.open(db, sources)
    cat.add_user_part(_gpu("my-lab-gpu"))
    cat.set_price_overrides([PriceOverride("nvidia-l40s", Decimal("7999"), "USD", "quote", "t")])
    cat.close()
    again = Catalog.open(db, sources)
    assert again.report.recovered_from is None and not again.report.messages
    assert again.get("my-lab-gpu") is not None and again.get("nvidia-l40s").price == Decimal("7999")  # type: ignore[union-attr]
    again.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([folder, sources.name])  # no stray file beside it
    assert not list((tmp_path / folder).glob("*.damaged-*"))


def _set_data(db: Path, part_id: str, data: str) -> None:
    conn = sqlite3.connect(db)
    conn.execute("UPDATE parts SET data = ? WHERE id = ?", (data, part_id))
    conn.commit()
    conn.close()


def test_damage_inside_a_bundled_row_is_rebuilt(tmp_path: Path, sources: Path) -> None:
    db = tmp_path / "c.db"
    Catalog.open(db, sources).close()
    _set_data(db, "nvidia-h100-sxm5-80gb", '{"kind": "gpu", "id": "nvidia-h100-sxm5-80gb", "vram_gib": "\x00')
    cat = Catalog.open(db, sources)  # passes PRAGMA integrity_check: the damage is inside a value
    assert cat.count() == TOTAL and len(cat.parts_by_id()) == TOTAL
    assert isinstance(cat.get("nvidia-h100-sxm5-80gb"), Gpu)
    assert any("rebuilt from the bundled catalog" in m for m in cat.report.messages)
    assert cat.unreadable == {}


def test_damage_inside_a_user_row_leaves_it_out_and_says_so(tmp_path: Path, sources: Path) -> None:
    db = tmp_path / "c.db"
    cat = Catalog.open(db, sources)
    cat.add_user_part(_gpu("good-gpu"))
    cat.add_user_part(_gpu("bad-gpu"))
    cat.close()
    _set_data(db, "bad-gpu", "not json at all")
    cat = Catalog.open(db, sources)
    assert cat.get("good-gpu") is not None and cat.get("bad-gpu") is None
    assert [m for m in cat.report.messages if "bad-gpu" in m and "damaged" in m]
    assert cat.origin("bad-gpu") == "user"  # kept in the file for a later repair, not deleted
    assert len(cat.query()) == TOTAL + 1


def test_a_damaged_table_page_costs_only_the_rows_on_it(tmp_path: Path, sources: Path) -> None:
    """Salvage reads user parts row by row: one bad page no longer loses all of them."""
    db = tmp_path / "c.db"
    cat = Catalog.open(db, sources)
    for i in range(120):
        cat.add_user_part(_gpu(f"lab-gpu-{i:03d}", note="x" * 140))
    cat.close()
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode=DELETE")
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    raw = db.read_bytes()
    at = raw.index(b'"lab-gpu-060"')  # a leaf page of the parts table holding that row
    page = at // page_size
    with db.open("r+b") as fh:
        fh.seek(page * page_size)
        fh.write(b"\x0d\xff\xff\xff\xff\xff\xff\xff" + b"\xff" * 56)
    cat = Catalog.open(db, sources)
    assert cat.report.recovered_from is not None
    kept = [p for p in cat.parts_by_id() if p.startswith("lab-gpu-")]
    assert 100 <= len(kept) < 120, len(kept)
    assert any("could not be read" in m for m in cat.report.messages)


def _newer(db: Path, sources: Path) -> None:
    Catalog.open(db, sources).close()
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version = 99")
    conn.close()


@pytest.mark.parametrize("command", [
    ["validate", "resources/samples/hgx-h100-8gpu.json"],
    ["estimate", "--project", "resources/samples/hgx-h100-8gpu.json"],
    ["recommend", "--model", "deepseek-r1-distill-qwen-32b", "--scenario", "chat", "--concurrency", "8"],
    ["catalog", "list"],
])
def test_a_catalog_from_a_newer_version_is_a_clean_error(tmp_path: Path, command: list[str]) -> None:
    data = tmp_path / "data"
    data.mkdir()
    _newer(data / "catalog.db", write_sources(tmp_path / "src"))
    proc = subprocess.run([sys.executable, "-m", "app", "--data-dir", str(data), *command], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "newer version" in lines[0], proc.stderr


def _open_and_price(db: str, sources: str, barrier: mp.synchronize.Barrier, price: str) -> None:
    barrier.wait()
    cat = Catalog.open(Path(db), Path(sources))
    cat.set_price_overrides([PriceOverride("nvidia-l40s", Decimal(price), "USD", "list", "t"),
                             PriceOverride("nvidia-h100-sxm5-80gb", Decimal(price), "USD", "list", "t")])
    cat.close()


def _race(target: object, n: int, args: tuple[object, ...]) -> list[int | None]:
    ctx = mp.get_context("spawn")
    barrier = ctx.Barrier(n)
    procs = [ctx.Process(target=target, args=(*args, barrier, str(7000 + i))) for i in range(n)]  # type: ignore[arg-type]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    return [p.exitcode for p in procs]


@pytest.mark.slow
def test_first_starts_and_price_imports_at_once_never_crash(tmp_path: Path) -> None:
    sources = write_sources(tmp_path / "src")
    for round_ in range(3):  # four processes on an empty folder, then writing the same prices
        db = tmp_path / f"round{round_}" / "catalog.db"
        assert _race(_open_and_price, 4, (str(db), str(sources))) == [0, 0, 0, 0]
        cat = Catalog.open(db, sources)
        assert cat.count() == TOTAL and not cat.report.messages
        assert cat.get("nvidia-l40s").price in {Decimal(7000 + i) for i in range(4)}  # type: ignore[union-attr]
        cat.close()


def test_a_newer_catalog_is_never_moved_aside(tmp_path: Path, sources: Path) -> None:
    """A newer app's file is refused as it is, not "recovered" (which would lose its new data)."""
    db = tmp_path / "c.db"
    _newer(db, sources)
    conn = sqlite3.connect(db)
    conn.execute("DROP TABLE price_overrides")  # a newer schema may have reshaped tables
    conn.close()
    with pytest.raises(CatalogError, match="newer version"):
        Catalog.open(db, sources)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("c.db")) == ["c.db", "c.db.lock"]


def test_a_closed_catalog_is_a_catalog_error(tmp_path: Path, sources: Path) -> None:
    cat = Catalog.open(tmp_path / "c.db", sources)
    cat.close()
    with pytest.raises(CatalogError, match="closed"):
        cat.count()


def test_schema_1_user_gpu_with_vram_gb_migrates_to_vram_gib(tmp_path: Path, sources: Path) -> None:
    """Version 2 names GPU memory vram_gib (#17): a user's part saved as vram_gb keeps its number, and a
    damaged row does not stop the migration."""
    db = tmp_path / "c.db"
    cat = Catalog.open(db, sources)
    cat.add_user_part(_gpu("my-lab-gpu"))
    cat.add_user_part(_gpu("my-broken-gpu", "b"))
    cat.close()
    conn = sqlite3.connect(db)
    data = conn.execute("SELECT data FROM parts WHERE id = 'my-lab-gpu'").fetchone()[0]
    conn.execute("UPDATE parts SET data = ? WHERE id = 'my-lab-gpu'", (data.replace('"vram_gib"', '"vram_gb"'),))
    conn.execute("UPDATE parts SET data = '{\"kind\": \"gpu\", \"vram_gb\": ' WHERE id = 'my-broken-gpu'")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    again = Catalog.open(db, sources)
    part = again.get("my-lab-gpu")
    assert isinstance(part, Gpu) and part.vram_gib == 96
    assert again.schema_version == latest_schema_version()
    again.close()
    conn = sqlite3.connect(db)
    stored = conn.execute("SELECT data FROM parts WHERE id = 'my-lab-gpu'").fetchone()[0]
    conn.close()
    assert json.loads(stored)["vram_gib"] == 96 and "vram_gb" not in stored


def test_old_filter_name_still_filters() -> None:
    from app.catalog.query import NumericFilter

    assert NumericFilter.parse("vram_gb>=80") == NumericFilter("vram_gib", ">=", 80.0)
