"""Catalog database: first build, upgrade keeping user data, corruption recovery, queries."""

from __future__ import annotations

import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from app.catalog.common import CatalogError
from app.catalog.migrations import latest_schema_version
from app.catalog.query import NumericFilter, PartQuery, QueryError
from app.catalog.store import Catalog, PriceOverride
from app.core.parts import Gpu, PartKind
from tests.catalog.conftest import ROWS, write_sources


def _custom_gpu(part_id: str = "my-lab-gpu") -> Gpu:
    return Gpu(id=part_id, vendor="Lab", name="Custom 96GB", source="measured in our lab", form_factor="PCIe",
               vram_gib=96, memory_type="GDDR7", mem_bandwidth_gbs=1800, bf16_dense_tflops=250, tdp_w=400,
               pcie_gen=5, slot_width=2)


def test_first_run_builds_database(tmp_path: Path, sources: Path) -> None:
    cat = Catalog.open(tmp_path / "c.db", sources)
    assert cat.report.created
    assert cat.count() == sum(len(v) for v in ROWS.values())
    assert cat.schema_version == latest_schema_version()
    assert cat.catalog_version
    h100 = cat.get("nvidia-h100-sxm5-80gb")
    assert isinstance(h100, Gpu) and h100.vram_gib == 80
    cat.close()
    again = Catalog.open(tmp_path / "c.db", sources)
    assert not again.report.created and again.report.upgraded_from is None and not again.report.messages


def test_imported_price_says_where_it_came_from(tmp_path: Path, sources: Path) -> None:
    """#18: an imported distributor price overrides the catalog's and says so wherever sources show."""
    cat = Catalog.open(tmp_path / "c.db", sources)
    cat.set_price_overrides([PriceOverride("nvidia-l40s", Decimal("7999.00"), "USD", "distributor list 2026-11.xlsx, "
                                           "row 14", "2026-11-29T10:00:00")])
    part = cat.get("nvidia-l40s")
    assert part is not None and part.price == Decimal("7999.00")
    assert part.source.startswith("price imported from distributor list 2026-11.xlsx, row 14 (2026-11-29) ; ")
    cat.close()


def test_upgrade_keeps_user_parts_and_prices(tmp_path: Path, sources: Path) -> None:
    db = tmp_path / "c.db"
    cat = Catalog.open(db, sources)
    cat.add_user_part(_custom_gpu())
    cat.set_price_overrides([PriceOverride("nvidia-l40s", Decimal("7999.00"), "USD", "quote 42", "2026-11-29")])
    old_version = cat.catalog_version
    cat.close()

    rows = {k: [dict(r) for r in v] for k, v in ROWS.items()}
    rows["gpus.csv"][0]["mem_bandwidth_gbs"] = "3352"  # a corrected bundled figure
    rows["gpus.csv"].append({**rows["gpus.csv"][1], "id": "nvidia-l40", "name": "L40", "sku": ""})
    write_sources(sources, rows)

    cat = Catalog.open(db, sources)
    assert cat.report.upgraded_from == old_version
    assert cat.catalog_version != old_version
    assert cat.get("nvidia-h100-sxm5-80gb").mem_bandwidth_gbs == 3352  # type: ignore[union-attr]
    assert cat.get("nvidia-l40") is not None
    assert cat.get("my-lab-gpu") is not None and cat.origin("my-lab-gpu") == "user"
    assert cat.get("nvidia-l40s").price == Decimal("7999.00")  # type: ignore[union-attr]


def test_user_part_crud(tmp_path: Path, sources: Path) -> None:
    cat = Catalog.open(tmp_path / "c.db", sources)
    cat.add_user_part(_custom_gpu())
    with pytest.raises(CatalogError, match="already exists"):
        cat.add_user_part(_custom_gpu())
    cat.update_user_part(_custom_gpu().model_copy(update={"vram_gib": 128}))
    assert cat.get("my-lab-gpu").vram_gib == 128  # type: ignore[union-attr]
    with pytest.raises(CatalogError, match="not one of your parts"):
        cat.delete_user_part("nvidia-l40s")
    cat.delete_user_part("my-lab-gpu")
    assert cat.get("my-lab-gpu") is None


def _break(db: Path) -> None:
    data = bytearray(db.read_bytes())
    data[0:16] = b"not sqlite at al"
    db.write_bytes(bytes(data))


def test_garbage_file_is_moved_aside_and_rebuilt(tmp_path: Path, sources: Path) -> None:
    db = tmp_path / "c.db"
    Catalog.open(db, sources).close()
    _break(db)
    cat = Catalog.open(db, sources)
    assert cat.report.recovered_from is not None and cat.report.recovered_from.exists()
    assert "damaged" in cat.report.messages[0]
    assert cat.count() == sum(len(v) for v in ROWS.values())


def test_damaged_pages_recover_user_data(tmp_path: Path, sources: Path) -> None:
    db = tmp_path / "c.db"
    cat = Catalog.open(db, sources)
    cat.add_user_part(_custom_gpu())
    cat.set_price_overrides([PriceOverride("nvidia-l40s", Decimal("7999.00"), "USD", "quote", "2026-11-29")])
    cat.close()
    # checkpoint the WAL, then corrupt an index page so integrity_check fails but tables read
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode=DELETE")
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name='ix_parts_sku'").fetchone()[0]
    conn.close()
    with db.open("r+b") as fh:
        fh.seek((root - 1) * page_size + 8)
        fh.write(b"\xff" * 64)
    cat = Catalog.open(db, sources)
    assert cat.report.recovered_from is not None
    assert any("Recovered 1 of your parts and 1 price overrides" in m for m in cat.report.messages)
    assert cat.get("my-lab-gpu") is not None
    assert cat.get("nvidia-l40s").price == Decimal("7999.00")  # type: ignore[union-attr]


def test_newer_schema_refused(tmp_path: Path, sources: Path) -> None:
    db = tmp_path / "c.db"
    Catalog.open(db, sources).close()
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(CatalogError, match="newer"):
        Catalog.open(db, sources)


def test_queries(tmp_path: Path, sources: Path) -> None:
    cat = Catalog.open(tmp_path / "c.db", sources)
    gpus = cat.query(PartQuery(kind=PartKind.GPU))
    assert [g.id for g in gpus] == ["nvidia-h100-sxm5-80gb", "nvidia-l40s"]  # by name
    big = cat.query(PartQuery(filters=(NumericFilter.parse("vram_gib>=80"),)))
    assert [p.id for p in big] == ["nvidia-h100-sxm5-80gb"]
    assert [p.id for p in cat.query(PartQuery(search="nvidia pcie"))] == ["nvidia-l40s"]
    assert [p.id for p in cat.query(PartQuery(search="935-24287"))] == ["nvidia-h100-sxm5-80gb"]
    assert cat.query(PartQuery(search="100%_")) == []
    by_bw = cat.query(PartQuery(kind=PartKind.GPU, sort="mem_bandwidth_gbs", descending=True))
    assert by_bw[0].id == "nvidia-h100-sxm5-80gb"
    # price sort puts unknown prices last and honours overrides
    cat.set_price_overrides([PriceOverride("nvidia-l40s", Decimal("9000"), "USD", "q", "t")])
    cheap = cat.query(PartQuery(kind=PartKind.GPU, sort="price"))
    assert [p.id for p in cheap] == ["nvidia-l40s", "nvidia-h100-sxm5-80gb"]
    assert [p.id for p in cat.query(PartQuery(filters=(NumericFilter("price", "<", 10000),)))] == ["nvidia-l40s"]


@pytest.mark.parametrize("bad", ["vram>=80", "vram_gib=>80", "name>=3", "vram_gib>=lots"])
def test_bad_filters(bad: str) -> None:
    with pytest.raises(QueryError):
        NumericFilter.parse(bad)


def test_bad_sort() -> None:
    with pytest.raises(QueryError):
        PartQuery(sort="data; DROP TABLE parts")


def test_reads_from_several_threads_while_writing(tmp_path: Path, sources: Path) -> None:
    """One read connection serves every thread (the GUI's workers read too); writes show at once."""
    import threading

    cat = Catalog.open(tmp_path / "c.db", sources)
    errors: list[BaseException] = []

    def reader() -> None:
        try:
            for _ in range(50):
                assert len(cat.query(PartQuery(kind=PartKind.GPU))) >= 2
                cat.count()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=reader) for _ in range(4)]
    for t in threads:
        t.start()
    cat.set_price_overrides([PriceOverride("nvidia-l40s", Decimal("7000"), "USD", "q", "t")])
    for t in threads:
        t.join()
    assert errors == []
    assert cat.get("nvidia-l40s").price == Decimal("7000")  # type: ignore[union-attr]
    assert cat.price_overrides()["nvidia-l40s"].price == Decimal("7000")


def test_closed_catalog_says_so(tmp_path: Path, sources: Path) -> None:
    cat = Catalog.open(tmp_path / "c.db", sources)
    cat.close()
    with pytest.raises(CatalogError, match="closed"):
        cat.query()
    cat.close()  # twice is harmless


def test_data_directory_with_spaces_and_non_ascii(tmp_path: Path, sources: Path) -> None:
    """The read connection opens the file by URI: spaces, '#', '?', '%' and a Chinese user name must survive."""
    folder = tmp_path / "用户 张三" / "数据 #1 ?x %20"
    cat = Catalog.open(folder / "c.db", sources)
    assert cat.count() == sum(len(v) for v in ROWS.values())
    cat.add_user_part(_custom_gpu())
    assert cat.get("my-lab-gpu") is not None and cat.origin("my-lab-gpu") == "user"
    cat.close()
    assert sorted(p.name for p in folder.iterdir() if p.suffix == ".db") == ["c.db"]  # no stray file elsewhere


def test_writes_from_another_thread(tmp_path: Path, sources: Path) -> None:
    """A price list may be imported on a worker thread after the GUI thread wrote: the pool must cope."""
    import threading

    cat = Catalog.open(tmp_path / "c.db", sources)
    cat.add_user_part(_custom_gpu("gui-thread-gpu"))  # the writer's first connection, on this thread
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            cat.set_price_overrides([PriceOverride("nvidia-l40s", Decimal("7100"), "USD", "list", "t")])
            cat.add_user_part(_custom_gpu("worker-gpu"))
        except BaseException as exc:
            errors.append(exc)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert errors == []
    assert cat.get("worker-gpu") is not None and cat.get("nvidia-l40s").price == Decimal("7100")  # type: ignore[union-attr]
