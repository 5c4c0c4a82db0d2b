"""Datasheet peaks of the links between GPUs and hosts, per direction.

PCIe per-direction peaks use the usable rate per lane after line encoding (Gen5 x16 ≈ 63 GB/s);
NVLink per link per direction by the GPU's compute-capability major (25 GB/s, 50 GB/s from
Blackwell on). Shared by the performance model (PCIe all-reduce costs) and the probe (the link
peaks its measurements are compared with), so it sits below both.
"""

from __future__ import annotations

# GB/s per lane per direction, after 8b/10b (Gen1-2), 128b/130b (Gen3-5) or FLIT (Gen6) encoding.
PCIE_GBS_PER_LANE: dict[int, float] = {1: 0.25, 2: 0.5, 3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}
NVLINK_GBS_PER_LINK_BY_CC_MAJOR: dict[int, float] = {6: 20.0, 7: 25.0, 8: 25.0, 9: 25.0, 10: 50.0, 12: 50.0}


def pcie_peak_gbs(gen: int | None, width: int | None) -> float | None:
    if gen is None or width is None or gen not in PCIE_GBS_PER_LANE:
        return None
    return PCIE_GBS_PER_LANE[gen] * width
