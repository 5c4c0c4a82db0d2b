"""Rules benchmark: re-validate an 8-GPU HGX build (40 parts) after one edit, as the GUI does.

Target (issue 3): ``revalidate_hgx_median_ms`` <= 2 ms. Builds one engine per catalog (as the GUI
does) and times ``engine.validate`` on a freshly edited build; the edit itself is timed apart.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from app.catalog.seed import by_id, load_source_parts
from app.core.build import Build, Environment, Placement, Redundancy, Workload, dimm_slot_id
from app.rules import RuleEngine
from app.rules.fixes import AddParts, EditOp, RemoveParts, ReplacePart, SetWorkload, apply_op

ROUNDS = 400


def hgx_build() -> Build:
    """8 GPUs + 2 CPUs + 16 DIMMs + 6 PSUs + 4 NICs + 4 drives = 40 parts."""
    return Build(
        name="bench HGX",
        chassis_id="supermicro-sys-821ge-tnhr",
        placements=(
            Placement(part_id="nvidia-h100-sxm5-80gb", slots=tuple(f"gpu{i}" for i in range(8))),
            Placement(part_id="intel-xeon-platinum-8462y-plus", slots=("cpu0", "cpu1")),
            Placement(part_id="generic-ddr5-rdimm-96gb-5600",
                      slots=tuple(dimm_slot_id(s, c, 0) for s in range(2) for c in range(8))),
            Placement(part_id="supermicro-3000w-titanium", slots=tuple(f"psu{i}" for i in range(6))),
            Placement(part_id="nvidia-connectx-7-1x400-osfp", slots=("pcie0", "pcie1", "pcie2", "pcie3")),
            Placement(part_id="micron-7450-pro-480gb-m2", slots=("m2-0", "m2-1")),
            Placement(part_id="samsung-pm1743-7.68tb-u2", slots=("drive0", "drive1")),
        ),
        workload=Workload(llm_id="meta-llama-3.1-405b", weight_precision="fp8", kv_precision="fp8",
                          input_tokens=2048, output_tokens=512, concurrency=64, tp=8),
        environment=Environment(kind="datacenter"),
        psu_redundancy=Redundancy.N_PLUS_N,
    )


EDITS: list[EditOp] = [
    SetWorkload(changes={"concurrency": 96}),
    SetWorkload(changes={"weight_precision": "int4"}),
    AddParts(part_id="nvidia-connectx-7-1x400-osfp", slots=("pcie4",)),
    RemoveParts(slots=("drive1",)),
    ReplacePart(slots=("cpu0", "cpu1"), part_id="intel-xeon-platinum-8480-plus"),
    SetWorkload(changes={"input_tokens": 8192}),
]


def _median_ms(fn: Callable[[], object], rounds: int = ROUNDS) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def benchmarks() -> dict[str, float]:
    t0 = time.perf_counter()
    engine = RuleEngine(by_id(load_source_parts()))
    setup_ms = (time.perf_counter() - t0) * 1000
    base = hgx_build()
    assert sum(len(p.slots) for p in base.placements) == 40
    edited = [apply_op(base, op) for op in EDITS]
    for b in edited:  # warm caches (slot layout) the way a running GUI has them
        engine.validate(b)

    i = 0

    def revalidate() -> None:
        nonlocal i
        engine.validate(edited[i % len(edited)])
        i += 1

    j = 0

    def edit() -> None:
        nonlocal j
        apply_op(base, EDITS[j % len(EDITS)])
        j += 1

    return {
        "revalidate_hgx_median_ms": _median_ms(revalidate),
        "apply_edit_median_ms": _median_ms(edit),
        "validate_clean_hgx_median_ms": _median_ms(lambda: engine.validate(base)),
        "engine_setup_ms": setup_ms,
    }


if __name__ == "__main__":
    for key, value in benchmarks().items():
        print(f"{key}: {value:.3f}")
