"""The bundled catalog sources load, and a bad row is reported by file, row and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.catalog.seed import CatalogSourceError, load_source_parts, source_digest
from app.core.parts import PartKind
from tests.catalog.conftest import ROWS, write_sources

MINIMUM = {PartKind.GPU: 30, PartKind.CPU: 20, PartKind.CHASSIS: 8, PartKind.NIC: 8, PartKind.PSU: 6,
           PartKind.DIMM: 6, PartKind.DRIVE: 6, PartKind.LLM: 20}


def test_bundled_catalog_is_complete_and_valid() -> None:
    parts = load_source_parts()
    for kind, n in MINIMUM.items():
        assert sum(p.kind is kind for p in parts) >= n, kind
    assert all(p.source.strip() for p in parts)
    ids = [p.id for p in parts]
    assert len(ids) == len(set(ids))


def test_bundled_catalog_has_no_seed_errors() -> None:
    parts = {p.id: p for p in load_source_parts()}
    gpus = [p for p in parts.values() if p.kind is PartKind.GPU]
    # HBM3e is 4.8-8 TB/s, not seed 002's 614 GB/s
    assert all(g.mem_bandwidth_gbs >= 4000 for g in gpus if g.memory_type.upper() == "HBM3E")  # type: ignore[union-attr]
    h200 = next(g for g in gpus if "h200" in g.id and g.form_factor.value == "SXM")  # type: ignore[union-attr]
    assert h200.int8_dense_tops == pytest.approx(1979, rel=0.01)  # type: ignore[union-attr]  # dense, not 2,800
    ds = next(p for p in parts.values() if p.kind is PartKind.LLM and "deepseek-v3" in p.id)
    assert ds.total_params_b == pytest.approx(671, rel=0.01)  # type: ignore[union-attr]
    assert ds.active_params_b == pytest.approx(37, rel=0.01)  # type: ignore[union-attr]


def _rows_with(filename: str, **changes: str) -> dict[str, list[dict[str, str]]]:
    rows = {k: [dict(r) for r in v] for k, v in ROWS.items()}
    rows[filename][0].update(changes)
    return rows


@pytest.mark.parametrize(("filename", "field", "value"), [
    ("gpus.csv", "tdp_w", "0"),
    ("gpus.csv", "vram_gib", "10000"),
    ("cpus.csv", "cores", "many"),
    ("llms.csv", "kv_heads", "999"),
])
def test_bad_row_names_file_row_field(tmp_path: Path, filename: str, field: str, value: str) -> None:
    write_sources(tmp_path, _rows_with(filename, **{field: value}))
    with pytest.raises(CatalogSourceError) as exc:
        load_source_parts(tmp_path)
    msg = str(exc.value)
    assert filename in msg and "row 2" in msg
    if field != "kv_heads":  # a cross-field check names the rule instead
        assert field in msg
    else:
        assert "kv_heads" in msg


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    rows = _rows_with("cpus.csv", id="nvidia-l40s")
    write_sources(tmp_path, rows)
    with pytest.raises(CatalogSourceError, match="duplicate id 'nvidia-l40s'"):
        load_source_parts(tmp_path)


def test_missing_file(tmp_path: Path) -> None:
    write_sources(tmp_path)
    (tmp_path / "psus.csv").unlink()
    with pytest.raises(CatalogSourceError, match=r"psus\.csv"):
        load_source_parts(tmp_path)


def test_digest_changes_with_content(tmp_path: Path) -> None:
    write_sources(tmp_path)
    before = source_digest(tmp_path)
    write_sources(tmp_path, _rows_with("gpus.csv", price="31000"))
    assert source_digest(tmp_path) != before


@pytest.mark.parametrize(("changes", "named"), [
    ({"routed_experts": "eight"}, "routed_experts"),
    ({"routed_experts": "8"}, "go together"),  # experts_per_token missing: a dense 70B has no routing either
    ({"active_params_b": "12.9", "total_params_b": "46.7", "routed_experts": "8", "experts_per_token": "9"},
     "experts_per_token must be fewer"),
    ({"active_params_b": "12.9", "total_params_b": "46.7", "routed_experts": "8", "experts_per_token": "2",
      "experts_only_checkpoint": "nvfp4"}, "experts_only_checkpoint"),
])
def test_a_bad_moe_routing_row_names_the_problem(tmp_path: Path, changes: dict[str, str], named: str) -> None:
    write_sources(tmp_path, _rows_with("llms.csv", **changes))
    with pytest.raises(CatalogSourceError, match=named) as exc:
        load_source_parts(tmp_path)
    assert "llms.csv, row 2" in str(exc.value)
