"""From a stored probe calibration to the performance model's measured peaks.

Kept apart from the report schema so the probe executable (which never estimates) does not
import the performance model.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from app.core.build import Build
from app.core.parts import AnyPart, Gpu
from app.perf.model import MeasuredPeaks
from app.probe.calibration import Calibration, latest_calibration


def measured_peaks(cal: Calibration) -> MeasuredPeaks:
    return MeasuredPeaks(
        bandwidth_gbs=cal.mem_bandwidth_gbs,
        tflops_by_precision={k: v for k, v in cal.tflops.items() if v and v > 0},
        source_label=cal.label,
    )


def build_gpu_id(build: Build, parts: Mapping[str, AnyPart]) -> str | None:
    for p in build.placements:
        if isinstance(parts.get(p.part_id), Gpu):
            return p.part_id
    return None


def peaks_for_build(build: Build, parts: Mapping[str, AnyPart],
                    data_dir: str | os.PathLike[str] | None = None) -> MeasuredPeaks | None:
    """The newest probe calibration of the build's GPU model, if one was imported."""
    gpu_id = build_gpu_id(build, parts)
    if gpu_id is None:
        return None
    cal = latest_calibration(gpu_id, data_dir)
    return measured_peaks(cal) if cal is not None else None
