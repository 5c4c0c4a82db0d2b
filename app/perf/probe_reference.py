"""What this probe reads on a stock board (db/perf/probe-reference.csv): the scale for a client's probe figures.

The calibration's efficiencies are fitted on stock GPUs serving, so a probe reading from a stock board of the same
model must map to that model's datasheet peak and move no estimate. A probe's GEMM figure is a median over a
sustained run under the board's power cap (a stock H200 reads 0.68 of its BF16 datasheet, its first products
before the cap engages 0.80), and the probe's engines read differently (CuPy's FP16 GEMM 0.74, PyTorch's 0.66),
so a reading is compared with the same engine's reading on a stock board: datasheet x measured / reference. A GPU
without a reference falls back to the calibration's typical ceilings (probe_bw_ceiling, probe_gemm_ceiling_*).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache

from app.perf.calibration import perf_data_dir

REFERENCE_CSV = "probe-reference.csv"


@dataclass(frozen=True, slots=True)
class ProbeReference:
    gpu: str
    engine: str
    metric: str  # a probe calibration key: mem_bw_gbs, gemv_b1_gbs, gemm_bf16_tflops, gemm_fp16_tflops, ...
    value: float
    power_limit_w: float
    runs: int
    measured_on: str
    source: str


@lru_cache(maxsize=1)
def reference_table() -> dict[tuple[str, str, str], ProbeReference]:
    path = perf_data_dir() / REFERENCE_CSV
    if not path.exists():
        return {}
    out: dict[tuple[str, str, str], ProbeReference] = {}
    with path.open(encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            ref = ProbeReference(gpu=r["gpu"].strip(), engine=r["engine"].strip(), metric=r["metric"].strip(),
                                 value=float(r["value"]), power_limit_w=float(r["power_limit_w"]),
                                 runs=int(r["runs"]), measured_on=r["measured_on"].strip(), source=r["source"])
            if ref.value <= 0:
                raise ValueError(f"{REFERENCE_CSV}: {ref.gpu} {ref.engine} {ref.metric}: value must be positive")
            out[(ref.gpu, ref.engine, ref.metric)] = ref
    return out


def stock_reading(gpu_id: str, engine: str | None, metric: str) -> ProbeReference | None:
    """The stock board's reading of ``metric`` by the same probe engine, or None where none was taken."""
    if not engine:
        return None
    return reference_table().get((gpu_id, engine, metric))
