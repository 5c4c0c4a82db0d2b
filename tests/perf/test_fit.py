"""The fit recovers a parameter from data it generated, and stays at the prior without data."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.perf.calibration import Calibration, load_calibration
from app.perf.dataset import Case, Measurement
from app.perf.fit import bands_from, case_weights, fit_calibration
from app.perf.model import Deployment, Engine, Workload
from tests.perf.parts import H100_SXM, H200_SXM, LLAMA_8B, LLAMA_70B


def _cases(true_eta: float) -> list[Case]:
    base = load_calibration()
    truth = base.with_values({("eta_bw", "vllm", "hbm"): true_eta})
    out = []
    for i, (gpu, llm, tp, conc) in enumerate(
        (
            (H100_SXM, LLAMA_70B, 4, 1),
            (H200_SXM, LLAMA_70B, 2, 1),
            (H100_SXM, LLAMA_8B, 1, 1),
            (H200_SXM, LLAMA_8B, 1, 2),
        )
    ):
        d = Deployment(gpu=gpu, gpu_count=tp, tp=tp)
        w = Workload(
            llm=llm, weight_precision="bf16", input_len=128, output_len=512, concurrency=conc, engine=Engine.VLLM
        )
        m = Measurement(
            {
                "source": f"https://source{i}.example.org/",
                "metric": "tpot",
                "gpu": gpu.name,
                "model": llm.name,
                "value": "0",
            },
            "synthetic.csv",
            2,
        )
        probe = Case(m, d, w, "tpot", 1.0)
        out.append(Case(m, d, w, "tpot", probe.predict(truth)))
    return out


def _only(cal: Calibration, key: tuple[str, str, str], sigma: float) -> Calibration:
    """Free one parameter (prior at 0.85 with `sigma`), freeze the rest."""
    entries = {k: replace(e, fit="no" if e.fitted else e.fit) for k, e in cal.entries.items()}
    entries[key] = replace(entries[key], fit="yes", value=0.85, prior=0.85, prior_log_sigma=sigma)
    return Calibration(entries=entries, bands=cal.bands).with_values({})


def test_fit_recovers_a_bandwidth_efficiency() -> None:
    key = ("eta_bw", "vllm", "hbm")
    fitted = fit_calibration(_cases(0.62), _only(load_calibration(), key, 0.0), max_iter=15)
    assert fitted.get(*key) == pytest.approx(0.62, rel=0.01)


def test_prior_holds_a_parameter_the_data_barely_see() -> None:
    """With a tight prior, four rows move the value only part of the way: priors keep it physical."""
    key = ("eta_bw", "vllm", "hbm")
    fitted = fit_calibration(_cases(0.62), _only(load_calibration(), key, 0.05), max_iter=15)
    assert 0.62 < fitted.get(*key) < 0.85


def test_full_fit_leaves_unseen_parameters_alone() -> None:
    base = load_calibration()
    fitted = fit_calibration(_cases(0.62), base, max_iter=5)
    assert fitted.get("eta_bw", "llamacpp", "unified") == pytest.approx(
        base.get("eta_bw", "llamacpp", "unified"), rel=0.02
    )
    assert fitted.get("eta_bw", "vllm", "hbm") < base.get("eta_bw", "vllm", "hbm")


def test_weights_balance_sources() -> None:
    cases = _cases(0.8)
    w = case_weights(cases)
    assert len(w) == 4 and all(x == pytest.approx(1.0) for x in w)  # four sources of one row each


def test_bands_are_percentiles_of_absolute_errors() -> None:
    cases = _cases(0.8)
    pairs = [(c, c.measured * f) for c, f in zip(cases, (1.1, 0.8, 1.0, 1.3), strict=True)]
    b = bands_from(pairs, "test")["tpot"]
    assert b.n == 4
    assert b.p50 == pytest.approx(0.15)
    assert 0.2 < b.p80 <= 0.3


def test_an_engine_gets_a_band_of_its_own_from_enough_rows() -> None:
    """Bands per engine (#20 item 2): 8 vLLM TPOT rows make "tpot@vllm"; 4 TRT-LLM rows make none (the
    estimate then takes the shared band)."""
    from app.perf.calibration import ENGINE_BAND_MIN_ROWS, band_key
    from app.perf.fit import class_bands

    cases = _cases(0.8)
    vllm = [(c, c.measured * (1.0 + 0.01 * i)) for i, c in enumerate(cases * 2)]
    trt = [(replace(c, workload=replace(c.workload, engine=Engine.TRTLLM)), c.measured * 1.5) for c in cases]
    assert len(vllm) == ENGINE_BAND_MIN_ROWS > len(trt)
    bands = class_bands(vllm + trt, "test")
    own = bands[band_key("tpot", "vllm")]
    assert own.n == 8 and own.p80 < 0.1
    assert band_key("tpot", "trtllm") not in bands
    assert bands["tpot"].n == 12  # the shared band still takes every engine's rows
