"""Fit and check the GPU power model (app.perf.power) on the published cases; ``python -m app.perf.power_fit``.

The cases are shared/research/power.md's, each built from this catalog's parts with the model the
source ran (where the source leaves something open, the case's ``assumption`` says what was taken).
The fit is a grid search: for each (K_MEM, K_COMP, MoE weight) every family's busy share is fit on
that family's own cases, and the combination with the least squared log error wins. Leave-one-case-
out refits without each case and predicts it; a family left with no case falls back to the catch-all
row of db/perf/gpu-power.csv, which is how a family never measured is priced.

Cases ``held_out`` are not fit: measurements kept aside to see how the model generalises.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache

from app.core.parts import AnyPart, Gpu, Llm
from app.perf.datatypes import Deployment, Estimate, Workload
from app.perf.power import (
    DEFAULT_COEFFICIENTS,
    GpuPowerAtLoad,
    GpuPowerFamily,
    PowerCoefficients,
    default_families,
    family_for,
    gpu_power_at,
)
from app.perf.preparation import prepare

PR2323 = "SemiAnalysis InferenceX PR #2323 (strict-power canaries, 1 s sampling)"
ISSUE828 = "SemiAnalysis InferenceX issue #828 (nvidia-smi / amd-smi at 1 s)"
CAT535 = "1CatAI/1Cat-vLLM issue #535 (nvidia-smi, rough figures)"
PR2323_MODEL = ("the PR names the recipe (TP8, concurrency 4, 8k/1k), not the model; its 0.50 requests/s at 8.3k "
                "tokens each fit a dense 70B in FP8 (gpt-oss-120b serves twice that rate, issue #828), so "
                "Llama-3.3-70B FP8 is taken")

# A V100 SXM2 32GB (the bundled catalog has none): NVIDIA V100 datasheet figures.
V100_ID = "nvidia-v100-sxm2-32gb"
V100_SXM2: dict[str, object] = {"id": V100_ID, "name": "V100 SXM2 32GB", "vram_gib": 32, "memory_type": "HBM2",
             "mem_bandwidth_gbs": 900, "fp16_dense_tflops": 125, "bf16_dense_tflops": None,
             "fp8_dense_tflops": None, "int8_dense_tops": None, "fp4_dense_tflops": None, "tdp_w": 300,
             "tdp_min_w": None, "pcie_gen": 3, "interconnect": "NVLink 2", "interconnect_gbs": 300,
             "source": "NVIDIA Tesla V100 datasheet (SXM2 32GB: 900 GB/s, 125 TFLOPS tensor FP16, 300 W)"}


@dataclass(frozen=True, slots=True)
class PowerCase:
    name: str
    gpu: str
    model: str
    precision: str
    tp: int
    input_len: int
    output_len: int
    concurrency: int | None  # None: as many as the engine and KV cache allow (full batches)
    figure: str  # which GpuPowerAtLoad field the measurement is: board_w, decode_w or prefill_w
    measured_w: float
    source: str
    assumption: str = ""
    held_out: bool = False


CASES: tuple[PowerCase, ...] = (
    PowerCase("h100-llama70b-8k1k-c4", "nvidia-h100-sxm5-80gb", "meta-llama-3.3-70b-instruct", "fp8", 8, 8192, 1024,
              4, "board_w", 317.0, PR2323 + ": 2,533.6 W for 8 GPUs", PR2323_MODEL),
    PowerCase("h200-llama70b-8k1k-c4", "nvidia-h200-sxm-141gb", "meta-llama-3.3-70b-instruct", "fp8", 8, 8192, 1024,
              4, "board_w", 298.0, PR2323 + ": 2,381.3 W for 8 GPUs", PR2323_MODEL),
    PowerCase("h100-gptoss-1k1k-c4", "nvidia-h100-sxm5-80gb", "openai-gpt-oss-120b", "fp4", 8, 1024, 1024, 4,
              "board_w", 159.0, ISSUE828 + ": TP8 concurrency 4, 159 W per GPU"),
    PowerCase("h100-gptoss-1k1k-c64", "nvidia-h100-sxm5-80gb", "openai-gpt-oss-120b", "fp4", 8, 1024, 1024, 64,
              "board_w", 205.0, ISSUE828 + ": TP8 up to concurrency 64, 205 W per GPU (the range's top)"),
    PowerCase("mi300x-gptoss-1k8k", "amd-instinct-mi300x", "openai-gpt-oss-120b", "fp4", 4, 1024, 8192, 64,
              "board_w", 356.0, ISSUE828 + ": 4 x MI300X, 1k/8k, 1,424 W average, about 356 W per GPU",
              "TP4 over the 4 GPUs and concurrency 64 (the issue gives neither for this figure)"),
    PowerCase("mi300x-gptoss-8k1k-prefill", "amd-instinct-mi300x", "openai-gpt-oss-120b", "fp4", 4, 8192, 1024, 64,
              "prefill_w", 666.0, ISSUE828 + ": 8k/1k prefill spikes 662-671 W per GPU (89 % of 750 W)",
              "TP4 and concurrency 64, as the decode-heavy case"),
    PowerCase("v100-decode", "nvidia-v100-sxm2-32gb", "qwen3-30b-a3b", "fp16", 2, 1024, 1024, None, "decode_w",
              190.0, CAT535 + ": TP2 full decode batches 180-200 W per card",
              "a 30B-A3B MoE as the 'flash' model the thread asks about; 1k/1k at full batches"),
    PowerCase("v100-prefill", "nvidia-v100-sxm2-32gb", "qwen3-30b-a3b", "fp16", 2, 1024, 1024, None, "prefill_w",
              285.0, CAT535 + ": TP2 full prefill batches 270-300 W per card", "as the decode case"),
    # Kept aside: the same issue's other tensor-parallel sizes (not in power.md, never fit).
    PowerCase("h100-gptoss-tp4-c64", "nvidia-h100-sxm5-80gb", "openai-gpt-oss-120b", "fp4", 4, 1024, 1024, 64,
              "board_w", 301.0, ISSUE828 + ": TP4 concurrency 64, 301 W per GPU", held_out=True),
    PowerCase("h100-gptoss-tp2-c64", "nvidia-h100-sxm5-80gb", "openai-gpt-oss-120b", "fp4", 2, 1024, 1024, 64,
              "board_w", 397.0, ISSUE828 + ": TP2 concurrency 64, 397 W per GPU", held_out=True),
)


def case_parts(parts: Mapping[str, AnyPart]) -> dict[str, AnyPart]:
    """The catalog plus the V100 the cases need."""
    base = parts["nvidia-a100-sxm4-80gb"]
    assert isinstance(base, Gpu)
    return {**parts, V100_ID: base.model_copy(update=V100_SXM2)}


def case_estimate(case: PowerCase, parts: Mapping[str, AnyPart]) -> tuple[Estimate, Gpu, Llm]:
    gpu, llm = parts[case.gpu], parts[case.model]
    assert isinstance(gpu, Gpu) and isinstance(llm, Llm)
    wl = Workload(llm=llm, weight_precision=case.precision, input_len=case.input_len, output_len=case.output_len,
                  concurrency=case.concurrency)
    return prepare(Deployment(gpu=gpu, gpu_count=case.tp, tp=case.tp), wl).estimate(with_slo=False), gpu, llm


def predicted_w(power: GpuPowerAtLoad, case: PowerCase) -> float:
    return float(getattr(power, case.figure))


# ---- the fit ------------------------------------------------------------------------------------------
_K_MEM = tuple(round(0.4 + 0.1 * i, 2) for i in range(7))
_K_COMP = (0.75, 0.8, 0.85, 0.9, 0.95)
_MOE = tuple(round(0.05 * i, 2) for i in range(11))
_BUSY = tuple(round(0.12 + 0.02 * i, 2) for i in range(27))

Evaluated = tuple[PowerCase, Estimate, Gpu, Llm]


def _log_error(ev: Evaluated, fam: GpuPowerFamily, coeffs: PowerCoefficients) -> float:
    case, est, gpu, llm = ev
    got = predicted_w(gpu_power_at(est, gpu, llm, families=(fam,), coeffs=coeffs), case)
    return math.log(got / case.measured_w) ** 2


def fit(evaluated: Sequence[Evaluated], families: tuple[GpuPowerFamily, ...]
        ) -> tuple[PowerCoefficients, dict[str, float]]:
    """Coefficients and each fitted family's busy share that minimise the squared log error."""
    by_family: dict[str, list[Evaluated]] = {}
    for ev in evaluated:
        by_family.setdefault(family_for(ev[2], families).family, []).append(ev)
    rows = {f.family: f for f in families}
    best: tuple[float, PowerCoefficients, dict[str, float]] | None = None
    for km in _K_MEM:
        for kc in _K_COMP:
            for moe in _MOE:
                coeffs = PowerCoefficients(km, kc, moe)
                total, shares = 0.0, {}
                for name, evs in by_family.items():
                    err, share = min((sum(_log_error(ev, replace(rows[name], patterns=("*",), busy_share=b), coeffs)
                                          for ev in evs), b) for b in _BUSY if b >= rows[name].idle_share)
                    total += err
                    shares[name] = share
                if best is None or total < best[0]:
                    best = (total, coeffs, shares)
    assert best is not None
    return best[1], best[2]


def _with_shares(families: tuple[GpuPowerFamily, ...], shares: Mapping[str, float]) -> tuple[GpuPowerFamily, ...]:
    return tuple(replace(f, busy_share=shares.get(f.family, f.busy_share)) for f in families)


def _without(families: tuple[GpuPowerFamily, ...], family: str) -> tuple[GpuPowerFamily, ...]:
    """The rows less one family, so its GPUs fall to the catch-all row."""
    return tuple(f for f in families if f.family != family)


def report(parts: Mapping[str, AnyPart], write: Callable[[str], None] = print) -> dict[str, float]:
    """Print each case's error with the shipped figures, the fit, and the leave-one-case-out errors."""
    allp = case_parts(parts)
    evaluated = [(c, *case_estimate(c, allp)) for c in CASES]
    families = default_families()
    errors: dict[str, float] = {}
    write("case                          measured  model   error   (shipped coefficients and db/perf/gpu-power.csv)")
    for case, est, gpu, llm in evaluated:
        got = predicted_w(gpu_power_at(est, gpu, llm, coeffs=DEFAULT_COEFFICIENTS), case)
        errors[case.name] = got / case.measured_w - 1.0
        tag = " (held out)" if case.held_out else ""
        write(f"{case.name:28} {case.measured_w:8.0f} {got:6.0f} {errors[case.name]:+7.1%}{tag}")
    fitted = [ev for ev in evaluated if not ev[0].held_out]
    coeffs, shares = fit(fitted, families)
    write(f"fit: {coeffs}, busy shares {shares}")
    write("leave-one-case-out (refit without the case, predict it):")
    for i, ev in enumerate(fitted):
        rest = fitted[:i] + fitted[i + 1:]
        fam = family_for(ev[2], families).family
        rows = families if any(family_for(r[2], families).family == fam for r in rest) else _without(families, fam)
        c_loo, s_loo = fit(rest, rows)
        got = predicted_w(gpu_power_at(ev[1], ev[2], ev[3], families=_with_shares(rows, s_loo), coeffs=c_loo), ev[0])
        errors["loo:" + ev[0].name] = got / ev[0].measured_w - 1.0
        write(f"  {ev[0].name:28} {ev[0].measured_w:6.0f} {got:6.0f} {errors['loo:' + ev[0].name]:+7.1%}")
    return errors


@cache
def _catalog() -> dict[str, AnyPart]:
    from app.catalog.seed import by_id, load_source_parts  # noqa: PLC0415 - the catalog loads only when run

    return by_id(load_source_parts())


def main() -> int:
    report(_catalog())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
