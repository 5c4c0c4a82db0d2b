"""Power at the operating point (issue 19): what it adds to an edit->refresh, timed alone.

The GPU's board power comes from the estimate at the load the rules already made (no second
estimate), and the node's four figures are a few sums: ``power_assessment_us`` times both for the
8-GPU HGX build of bench_rules; ``revalidate_hgx_with_load_median_ms`` is the whole re-validation
with the estimate at the load (the <= 16 ms edit->refresh budget).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_rules import EDITS, hgx_build

from app.catalog.seed import by_id, load_source_parts
from app.perf.from_build import build_inputs
from app.perf.model import prepare
from app.perf.power import gpu_power_at
from app.rules import RuleEngine
from app.rules.context import GPU_POWER_AT_LOAD
from app.rules.fixes import apply_op

ROUNDS = 2000


def benchmarks() -> dict[str, float]:
    parts = by_id(load_source_parts())
    engine = RuleEngine(parts)
    build = hgx_build()
    deployment, workload = build_inputs(build, parts.get)
    est = prepare(deployment, workload).estimate(with_slo=False)
    ctx = engine.context(build)

    def assess() -> None:
        power = gpu_power_at(est, deployment.gpu, workload.llm, deployment.power_limit_w)
        ctx.memo[GPU_POWER_AT_LOAD] = (power.board_w, power.idle_w)
        ctx.node_power()

    assess()
    times = []
    for _ in range(ROUNDS):
        t0 = time.perf_counter()
        assess()
        times.append(time.perf_counter() - t0)
    edited = [apply_op(build, op) for op in EDITS]
    for b in edited:
        engine.validate(b)
    revalidate = []
    for i in range(60):
        t0 = time.perf_counter()
        engine.validate(edited[i % len(edited)])
        revalidate.append(time.perf_counter() - t0)
    return {
        "power_assessment_us": statistics.median(times) * 1e6,
        "revalidate_hgx_with_load_median_ms": statistics.median(revalidate) * 1e3,
    }


if __name__ == "__main__":
    for key, value in benchmarks().items():
        print(f"{key}: {value:.3f}")
