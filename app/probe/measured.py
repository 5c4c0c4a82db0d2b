"""From a stored probe calibration to the performance model's measured peaks.

Kept apart from the report schema so the probe executable (which never estimates) does not
import the performance model.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from app.core.build import Build
from app.core.parts import AnyPart, Gpu
from app.perf.model import Deployment, MeasuredPeaks, Workload
from app.perf.probe_shift import shift_between

if TYPE_CHECKING:
    from app.probe.calibration import Calibration

# app.probe.calibration.REPORTS_DIRNAME, repeated so that a window with no probe report never loads
# the report schema (pydantic, ~50 ms at start-up); tests/probe keeps the two equal.
REPORTS_DIRNAME = "probe-reports"


def _any_reports(data_dir: str | os.PathLike[str] | None) -> bool:
    from app.paths import user_data_dir  # noqa: PLC0415

    try:
        return any((user_data_dir(data_dir) / REPORTS_DIRNAME).glob("*.json"))
    except OSError:
        return False


def measured_peaks(cal: Calibration, gpu: Gpu | None = None) -> MeasuredPeaks | None:
    """The figures the model may use; with the catalog's ``gpu``, those a real card of that model
    could have measured (app.probe.plausibility): a report stored before that check, or edited
    since, cannot turn an estimate into 'TTFT inf ms'. None when nothing believable is left."""
    from app.probe.plausibility import implausible  # noqa: PLC0415 - the report schema only when used
    from app.probe.report import MEM_BW  # noqa: PLC0415

    bad = implausible({k: v for k, v in ((MEM_BW, cal.mem_bandwidth_gbs), *(
        (f"gemm_{name}_tflops", value) for name, value in cal.tflops.items())) if v is not None}, gpu) \
        if gpu is not None else {}
    bandwidth = cal.mem_bandwidth_gbs if MEM_BW not in bad else None
    tflops = {k: v for k, v in cal.tflops.items() if v and v > 0 and f"gemm_{k}_tflops" not in bad}
    if bandwidth is None and not tflops:
        return None
    return MeasuredPeaks(bandwidth_gbs=bandwidth, tflops_by_precision=tflops, source_label=cal.label,
                         engine=cal.engine)


def peaks_for_build(build: Build, parts: Mapping[str, AnyPart],
                    data_dir: str | os.PathLike[str] | None = None) -> MeasuredPeaks | None:
    """The newest probe calibration of the build's GPU model, if one was imported."""
    gpu_id = build.gpu_part_id(parts)
    if gpu_id is None:
        return None
    gpu = parts.get(gpu_id)
    return peaks_for_gpu(gpu_id, gpu if isinstance(gpu, Gpu) else None, data_dir)


def peaks_for_gpu(gpu_id: str, gpu: Gpu | None, data_dir: str | os.PathLike[str] | None = None) -> MeasuredPeaks | None:
    """The newest probe calibration of a catalog GPU model, if one was imported: what the window, the CLI's
    estimate, validate and bom all read, so one machine gives one answer for a build."""
    if not _any_reports(data_dir):
        return None  # the usual case: no probe report imported
    from app.probe.calibration import latest_calibration  # noqa: PLC0415

    cal = latest_calibration(gpu_id, data_dir)
    return measured_peaks(cal, gpu) if cal is not None else None


def peaks_by_gpu(parts: Mapping[str, AnyPart],
                 data_dir: str | os.PathLike[str] | None = None) -> dict[str, MeasuredPeaks]:
    """The newest imported report's peaks for every catalog GPU model one measured: what the sizing assistant
    reads, so a build it proposes gets the figures the window and the CLI give that build."""
    if not _any_reports(data_dir):
        return {}
    from app.probe.calibration import calibrations  # noqa: PLC0415

    newest: dict[str, Calibration] = {}
    for cal in calibrations(data_dir):  # newest first
        newest.setdefault(cal.gpu_id, cal)
    out: dict[str, MeasuredPeaks] = {}
    for gpu_id, cal in newest.items():
        gpu = parts.get(gpu_id)
        if (peaks := measured_peaks(cal, gpu if isinstance(gpu, Gpu) else None)) is not None:
            out[gpu_id] = peaks
    return out


def peaks_by_build(builds: Iterable[Build], parts: Mapping[str, AnyPart],
                   data_dir: str | os.PathLike[str] | None = None) -> dict[str, MeasuredPeaks]:
    """Probe-measured peaks per build name, for the builds whose GPU model has an imported report."""
    return {b.name: m for b in builds if (m := peaks_for_build(b, parts, data_dir)) is not None}


# How far a probe's figures move an estimate (issue 20, item 7): one reference workload, chosen to exercise
# both peaks: the prefill of 1,024 tokens is compute-bound, the decode of 8 requests memory-bound.
REFERENCE_LLM_ID = "meta-llama-3.1-8b"
REFERENCE_LOAD = {"input_len": 1024, "output_len": 256, "concurrency": 8}


def estimate_shift(gpu: Gpu, peaks: MeasuredPeaks, parts: Mapping[str, AnyPart]) -> dict[str, object] | None:
    """The reference estimate on one ``gpu`` with datasheet peaks and with the probe's: TTFT, TPOT and
    throughput each way and the relative change. None when the reference model is not in the catalog or
    does not fit the GPU in BF16."""
    from app.core.parts import Llm  # noqa: PLC0415
    from app.perf.model import prepare  # noqa: PLC0415

    llm = parts.get(REFERENCE_LLM_ID)
    if not isinstance(llm, Llm):
        return None
    wl = Workload(llm=llm, weight_precision="bf16", input_len=REFERENCE_LOAD["input_len"],
                  output_len=REFERENCE_LOAD["output_len"], concurrency=REFERENCE_LOAD["concurrency"])
    conc = REFERENCE_LOAD["concurrency"]
    datasheet = prepare(Deployment(gpu=gpu, gpu_count=1, tp=1), wl).estimate(conc, with_slo=False)
    measured = prepare(Deployment(gpu=gpu, gpu_count=1, tp=1, measured=peaks), wl).estimate(conc, with_slo=False)
    if not datasheet.fits:
        return None
    return {"model": llm.display_name, "precision": "bf16", **REFERENCE_LOAD, **shift_between(datasheet, measured)}
