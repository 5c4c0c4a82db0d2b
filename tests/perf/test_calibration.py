"""The calibration table: every value sourced, bounded, ties resolved, malformed files rejected."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.perf.calibration import (
    CALIBRATION_COLUMNS,
    CalibrationError,
    load_calibration,
    read_calibration,
    write_calibration,
)


def test_every_value_has_a_source_and_sits_in_its_bounds() -> None:
    cal = load_calibration()
    assert len(cal.entries) > 30
    for e in cal.entries.values():
        assert e.source
        assert e.lo <= e.value <= e.hi
        assert e.fit in ("yes", "no") or e.fit.startswith("tie:")


def test_fitted_rows_say_they_were_fitted() -> None:
    cal = load_calibration()
    fitted = [e for e in cal.entries.values() if e.fitted]
    assert fitted and all(e.source.startswith("fit:") for e in fitted)


def test_ties_copy_their_target() -> None:
    cal = load_calibration()
    assert cal.get("eta_bw", "sglang", "hbm") == cal.get("eta_bw", "vllm", "hbm")
    assert cal.get("eta_bw", "sglang", "gddr") == cal.get("eta_bw", "trtllm", "gddr")  # sglang -> vllm -> trtllm
    changed = cal.with_values({("eta_bw", "vllm", "hbm"): 0.5})
    assert changed.get("eta_bw", "sglang", "hbm") == 0.5


def test_lookup_falls_back_to_wildcards() -> None:
    cal = load_calibration()
    assert cal.get("kv_read_factor", "vllm", "hbm") == cal.get("kv_read_factor")
    with pytest.raises(KeyError):
        cal.get("no_such_param")


def test_bands_cover_the_headline_metrics() -> None:
    cal = load_calibration()
    for metric in ("ttft", "tpot", "output_throughput_total", "decode_tps"):
        band = cal.band(metric)
        assert band is not None and 0 < band.p50 <= band.p80 < 1 and band.n > 0


def test_round_trip(tmp_path: Path) -> None:
    entries = load_calibration().entries
    write_calibration(tmp_path / "calibration.csv", entries)
    again = read_calibration(tmp_path / "calibration.csv")
    assert again.keys() == entries.keys()
    for k, e in entries.items():
        assert again[k].value == pytest.approx(e.value, rel=1e-5)


def _write(tmp_path: Path, row: dict[str, str]) -> Path:
    base = dict.fromkeys(CALIBRATION_COLUMNS, "")
    base.update(param="x", engine="*", gpu_class="*", value="1", unit="u", lo="0", hi="2", fit="no", source="s")
    base.update(row)
    path = tmp_path / "calibration.csv"
    path.write_text(",".join(CALIBRATION_COLUMNS) + "\n" + ",".join(base[c] for c in CALIBRATION_COLUMNS) + "\n")
    return path


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"value": "abc"}, "not a number"),
        ({"source": ""}, "needs a source"),
        ({"value": "5"}, "outside"),
        ({"value": "nan"}, "not finite"),
    ],
)
def test_malformed_rows_are_rejected_with_file_and_row(tmp_path: Path, row: dict[str, str], message: str) -> None:
    with pytest.raises(CalibrationError, match=message) as info:
        read_calibration(_write(tmp_path, row))
    assert "calibration.csv, row 2" in str(info.value)


def test_missing_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(CalibrationError, match="missing"):
        read_calibration(tmp_path / "nope.csv")
