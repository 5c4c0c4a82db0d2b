"""Issue #17 item 4: a GPU capped below its TDP holds lower clocks, and the estimate shows it.

Compute peaks scale by (limit / TDP) ** power_cap_clock_exponent (db/perf/calibration.csv); memory
bandwidth does not change, so compute-bound prefill slows and memory-bound decode barely moves.
"""

from __future__ import annotations

import pytest

from app.catalog.seed import by_id, load_source_parts
from app.core.build import Build, Placement, Workload
from app.core.parts import AnyPart, Gpu
from app.perf.calibration import default_calibration
from app.perf.from_build import build_inputs
from app.perf.model import estimate


@pytest.fixture(scope="module")
def parts() -> dict[str, AnyPart]:
    return by_id(load_source_parts())


def nvl_build(cap: float | None = None, gpu: str = "nvidia-h100-nvl-94gb", concurrency: int = 1) -> Build:
    """4 x H100 NVL (350-400 W configurable) in a Dell R760xa, whose air cooling takes 350 W per GPU."""
    return Build(
        name="nvl",
        chassis_id="dell-poweredge-r760xa",
        placements=(Placement(part_id=gpu, slots=("gpu0", "gpu1", "gpu2", "gpu3")),),
        workload=Workload(llm_id="meta-llama-3.1-70b", weight_precision="fp8", kv_precision="fp8", input_tokens=8192,
                          output_tokens=256, concurrency=concurrency, tp=1),
        gpu_power_cap_w=cap,
    )


def test_build_cap_becomes_the_deployments_power_limit(parts: dict[str, AnyPart]) -> None:
    assert build_inputs(nvl_build(350), parts.get)[0].power_limit_w == 350
    assert build_inputs(nvl_build(200), parts.get)[0].power_limit_w == 350  # the datasheet range's floor
    assert build_inputs(nvl_build(), parts.get)[0].power_limit_w is None
    assert build_inputs(nvl_build(500), parts.get)[0].power_limit_w is None  # at or above the TDP: no cap
    # A GPU whose datasheet gives one figure ignores the cap.
    assert build_inputs(nvl_build(300, gpu="nvidia-l40s"), parts.get)[0].power_limit_w is None


def test_capped_gpu_computes_slower_with_the_same_memory_bandwidth(parts: dict[str, AnyPart]) -> None:
    full = estimate(*build_inputs(nvl_build(), parts.get))
    capped = estimate(*build_inputs(nvl_build(350), parts.get))
    nvl = parts["nvidia-h100-nvl-94gb"]
    assert isinstance(nvl, Gpu) and nvl.tdp_min_w == 350 and nvl.tdp_w == 400
    clock = (350 / 400) ** default_calibration().get("power_cap_clock_exponent")
    assert clock == pytest.approx(0.935, abs=0.002)  # clocks fall less than power (-6.5 % vs -12.5 %)
    assert capped.peaks.tflops == pytest.approx(full.peaks.tflops * clock)
    assert capped.peaks.bandwidth_gbs == full.peaks.bandwidth_gbs
    # An 8k-token prefill is compute-bound: TTFT grows; one request's decode is memory-bound: TPOT holds.
    assert capped.ttft_ms > full.ttft_ms * 1.02
    assert capped.tpot_ms == pytest.approx(full.tpot_ms, rel=0.02)
    assert any("power limit 350 W of 400 W" in a and "memory bandwidth unchanged" in a for a in capped.assumptions)
    assert not any("power limit" in a for a in full.assumptions)
    assert capped.inputs["gpu_power_limit_w"] == 350 and full.inputs["gpu_power_limit_w"] == 400


def test_a_lower_power_board_of_one_die_sustains_the_clock_its_limit_allows(parts: dict[str, AnyPart]) -> None:
    """db/perf/sustained-clock.csv: MI300X (750 W) is MI325X's die (1000 W), MI350X (1000 W) is MI355X's (1400 W).
    Under dense load each holds reference clock x (its power / reference TDP)^exponent, at most its own boost:
    MI300X 0.866 of its datasheet peak, MI350X 2516.6/2300 x 0.845 = 0.925; the full-power boards and every other
    GPU 1. A power cap on such a board is judged against the die's reference TDP (the same law, one silicon)."""
    from app.perf.peaks import same_silicon_table, sustained_clock_factor

    cal = default_calibration()
    exp = cal.get("power_cap_clock_exponent")
    gpus = {k: v for k, v in parts.items() if isinstance(v, Gpu)}
    for gpu_id, same in same_silicon_table().items():  # the table's reference figures are the catalog's
        ref, own = gpus[same.ref_gpu], gpus[gpu_id]
        assert (ref.tdp_w, ref.dense_tflops("bf16")) == (same.ref_tdp_w, same.ref_bf16_tflops)
        assert own.baseboard == ref.baseboard and own.tdp_w < ref.tdp_w
    assert sustained_clock_factor(gpus["amd-instinct-mi300x"], None, cal) == pytest.approx((750 / 1000) ** exp)
    assert sustained_clock_factor(gpus["amd-instinct-mi350x"], None, cal) == pytest.approx(
        2516.6 / 2300 * (1000 / 1400) ** exp)
    assert sustained_clock_factor(gpus["amd-instinct-mi300x"], 600, cal) == pytest.approx((600 / 1000) ** exp)
    for full_power in ("amd-instinct-mi325x", "amd-instinct-mi355x", "nvidia-h200-sxm-141gb", "nvidia-h20-96gb"):
        assert sustained_clock_factor(gpus[full_power], None, cal) == 1.0
    mi300, mi325 = (estimate(*build_inputs(Build(
        name=g, chassis_id="supermicro-as-8125gs-tnmr2",
        placements=(Placement(part_id=g, slots=tuple(f"gpu{i}" for i in range(8))),),
        workload=Workload(llm_id="meta-llama-3.1-70b", weight_precision="fp8", kv_precision="fp8", input_tokens=8192,
                          output_tokens=256, concurrency=1, tp=8)), parts.get)) for g in
        ("amd-instinct-mi300x", "amd-instinct-mi325x"))
    assert mi300.peaks.tflops == pytest.approx(mi325.peaks.tflops * (750 / 1000) ** exp)
    assert any("shares its die with a 1000 W board" in a for a in mi300.assumptions)
    assert mi300.ttft_ms > mi325.ttft_ms * 1.05  # an 8k prefill is compute-bound
