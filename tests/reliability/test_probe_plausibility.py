"""A probe report's calibration is checked, not trusted: figures no GPU can measure are refused
by the report format, figures this GPU cannot measure are refused on import, and an estimate
never uses one that slipped into storage."""

from __future__ import annotations

import json
import math
from datetime import timedelta
from pathlib import Path

import pytest

from app.catalog.store import Catalog
from app.core.build import Build, Placement
from app.core.parts import Gpu
from app.probe.calibration import import_report, store_report
from app.probe.measured import peaks_for_build
from app.probe.plausibility import implausible
from app.probe.report import MEM_BW, ProbeReportError, parse_report
from tests.probe.sample import STARTED, sample_report

H100 = "nvidia-h100-sxm5-80gb"


def _with_mem_bw(value: float, confidence: str = "high", **kwargs: object) -> str:
    doc = json.loads(sample_report(**kwargs).to_json())  # type: ignore[arg-type]
    doc["calibration"][0]["measured"][MEM_BW] = value
    doc["calibration"][0]["confidence"] = confidence
    return json.dumps(doc)


@pytest.mark.parametrize("value", [5e-324, 0.0, 1e9, 1e308])
def test_figures_no_gpu_can_measure_are_refused(value: float) -> None:
    with pytest.raises(ProbeReportError, match="mem_bw_gbs"):
        parse_report(_with_mem_bw(value))


def test_infinity_written_as_a_huge_number_is_refused() -> None:
    text = _with_mem_bw(3000.0).replace('"mem_bw_gbs": 3000.0', '"mem_bw_gbs": 1e999')
    assert "1e999" in text
    with pytest.raises(ProbeReportError):
        parse_report(text)


def test_implausible_for_this_gpu_is_refused_on_import(tmp_path: Path, bundled: Catalog) -> None:
    parts = bundled.parts_by_id()
    gpu = parts[H100]
    assert isinstance(gpu, Gpu)
    assert implausible({MEM_BW: 2950.0}, gpu) == {}
    assert MEM_BW in implausible({MEM_BW: 40.0}, gpu)  # 1 % of an H100's HBM3
    assert MEM_BW in implausible({MEM_BW: 9000.0}, gpu)  # no H100 moves 9 TB/s
    src = tmp_path / "r.json"
    src.write_text(_with_mem_bw(40.0), encoding="utf-8")
    with pytest.raises(ProbeReportError, match=rf"calibration for {H100}: mem_bw_gbs = 40 is 1\.\d+% of"):
        import_report(src, tmp_path / "data", parts)
    assert not list((tmp_path / "data" / "probe-reports").glob("*.json"))  # nothing stored


def test_an_estimate_ignores_a_stored_implausible_figure(tmp_path: Path, bundled: Catalog) -> None:
    parts = bundled.parts_by_id()
    build = Build(name="B", chassis_id="supermicro-as-8125gs-tnhr",
                  placements=(Placement(slots=("gpu0",), part_id=H100),))
    store_report(parse_report(_with_mem_bw(40.0)), tmp_path)  # stored before the check existed
    peaks = peaks_for_build(build, parts, tmp_path)
    assert peaks is not None and peaks.bandwidth_gbs is None  # the bandwidth is not used …
    assert peaks.tflops_by_precision and all(math.isfinite(v) for v in peaks.tflops_by_precision.values())
    store_report(parse_report(_with_mem_bw(2950.0, host="gpu-node-8", started=STARTED + timedelta(days=1))), tmp_path)
    good = peaks_for_build(build, parts, tmp_path)
    assert good is not None and good.bandwidth_gbs == 2950.0  # … a believable one is
