"""Speculative decoding (#20 item 5): a verify pass over k + 1 tokens a request and k one-layer draft passes,
over the tokens a step keeps. Hand-computed on a toy core, then the physics a sizing leans on: it pays where a step
is memory-bound, costs where it is compute-bound, and an MoE's verify pass routes k + 1 times the tokens."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from app.perf.dataset import load_parts
from app.perf.engines import Engine
from app.perf.model import Deployment, Prepared, Workload, prepare
from app.perf.speculative import (
    DEFAULT_DRAFT_ACCEPTANCE,
    acceptance_length,
    check_speculation,
    default_acceptance_length,
)
from app.perf.step_costs import _Core
from tests.perf.test_cli import BASE, run
from tests.perf.test_dataset import needs_catalog
from tests.perf.test_ttft import _toy_core


def _spec_toy(k: int, accept: float) -> _Core:
    """The toy core (1 GB of weights at 100 GB/s: 10 ms a step; 2 GFLOP a token at 20 TFLOPS: 0.1 ms a token;
    ideal roofline, no fixed costs) cut into 10 layers, with a 100 MB unembedding of 100 M parameters, 1 ms of
    host time a draft pass, and k draft tokens keeping `accept` tokens a step."""
    return replace(_toy_core(), layers=10, spec_tokens=k, spec_accept=accept, spec_draft_fixed=0.001,
                   lm_head_bytes=1e8, lm_head_params=1e8)


def test_hand_computed_speculative_step() -> None:
    """A draft pass: one layer (100 MB) and the unembedding (100 MB) read, 2 ms; its FLOPs 2 x B x 200 M at
    20 TFLOPS, 0.02 ms a request; plus 1 ms. A verify pass: the weights once (10 ms), 4 x B tokens of work.

    B = 1: verify 10 ms, 3 drafts x 3 ms, over 2.5 tokens: 19 / 2.5 = 7.6 ms a token (plain: 10 ms).
    B = 200: verify max(10, 80) = 80 ms, drafts 3 x (max(2, 4) + 1) = 15 ms: 95 / 2.5 = 38 ms (plain: 20 ms)."""
    plain = replace(_toy_core(), layers=10)
    spec = _spec_toy(3, 2.5)
    assert plain.decode_step(1, 0.0, 0.0, 0.0)[0] == pytest.approx(0.010)
    assert spec.draft_pass(1, 0.0) == pytest.approx(0.003)
    assert spec.decode_step(1, 0.0, 0.0, 0.0)[0] == pytest.approx(0.0076)
    assert plain.decode_step(200, 0.0, 0.0, 0.0)[0] == pytest.approx(0.020)
    assert spec.draft_pass(200, 0.0) == pytest.approx(0.005)
    assert spec.decode_step(200, 0.0, 0.0, 0.0)[0] == pytest.approx(0.038)
    # A step lasts the acceptance length's worth of token periods: what a prompt arriving mid-step waits.
    assert spec.step_of(0.0076) == pytest.approx(0.019)
    assert plain.step_of(0.010) == 0.010
    # The step that carries a prompt: the verify pass with 1,000 prompt tokens (1,004 tokens, 100.4 ms) + drafts.
    assert spec.step_with_prompt(1, 0.0, 1000.0, 1000.0) == pytest.approx(0.1004 + 0.009)


def test_default_acceptance_is_the_geometric_chain() -> None:
    """Each draft token kept only if every one before it was (Leviathan et al. 2023): 1 + a + ... + a^k."""
    assert default_acceptance_length(0) == 1.0
    assert default_acceptance_length(1) == pytest.approx(1.0 + DEFAULT_DRAFT_ACCEPTANCE)
    assert default_acceptance_length(3, 0.7) == pytest.approx(1 + 0.7 + 0.49 + 0.343)
    assert default_acceptance_length(3, 0.6) == pytest.approx(2.176)  # lmsys DeepSeek-V3 MTP: 2.18 at 2 drafts + 1
    assert acceptance_length(3, 2.9) == 2.9
    assert acceptance_length(3, 0.0) == pytest.approx(default_acceptance_length(3))
    assert acceptance_length(0, 0.0) == 1.0


@pytest.mark.parametrize(("tokens", "accept", "why"), [
    (0, 2.0, "needs speculative draft tokens"),
    (3, 4.5, "between 1 and 4"),
    (3, 0.5, "between 1 and 4"),
    (3, math.nan, "must be a number"),
    (3, math.inf, "must be a number"),
    (-1, 0.0, "between 0 and 16"),
    (17, 0.0, "between 0 and 16"),
])
def test_impossible_settings_are_refused(tokens: int, accept: float, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        check_speculation(tokens, accept)


def _deepseek_h200(k: int, accept: float, concurrency: int) -> Prepared:
    """DeepSeek-R1 FP8 on 8 x H200, TP 8, SGLang, 1k/1k prompts and answers."""
    gpus, llms = load_parts()
    dep = Deployment(gpu=gpus["nvidia-h200-sxm-141gb"], gpu_count=8, tp=8, pp=1)
    wl = Workload(llm=llms["deepseek-r1"], weight_precision="fp8", input_len=1024, output_len=1024,
                  concurrency=concurrency, engine=Engine.SGLANG, speculative_tokens=k, acceptance_length=accept)
    return prepare(dep, wl)


@needs_catalog
def test_mtp_on_deepseek_pays_when_memory_bound_and_less_at_mid_batch() -> None:
    """DeepSeek-R1 on 8 x H200: with 3 draft tokens keeping 3, a lone request decodes ~1.9x faster (TensorRT-LLM
    reports 2.16x for MTP next-n 3 on 8 x B200 at batch 1, its blog 2). At 8 requests the verify pass routes 32
    tokens through 256 experts instead of 8: it reads most of them, so MTP gains less there than alone."""
    tpot = {}
    for conc in (1, 8):
        base = _deepseek_h200(0, 0.0, conc).estimate(conc, with_slo=False)
        mtp = _deepseek_h200(3, 3.0, conc).estimate(conc, with_slo=False)
        tpot[conc] = base.tpot_ms / mtp.tpot_ms
        assert mtp.output_tps_total > base.output_tps_total
        assert any("speculative decoding: 3 draft tokens" in a for a in mtp.assumptions)
        assert not any("speculative decoding (MTP" in a for a in mtp.assumptions)  # no longer "not modelled"
        assert any("speculative decoding (MTP" in a for a in base.assumptions)
    assert 1.6 < tpot[1] < 2.3
    assert tpot[8] < tpot[1]
    # The draft layer takes memory: a little less KV room.
    assert _deepseek_h200(3, 0.0, 1).max_concurrency_kv < _deepseek_h200(0, 0.0, 1).max_concurrency_kv


@needs_catalog
def test_speculation_pays_alone_and_costs_when_compute_bound(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A dense 8B model on an H100. One request: its step reads 8 GB of weights for one token, so verifying 4
    tokens keeping 2.5 runs ~1.6x faster. 256 requests keeping only 1.5 of 4: the verify pass does 4x the GEMM
    work of a step that is already compute-bound, plus 3 draft passes each re-reading the 0.5 GB unembedding, for
    1.5x the tokens; throughput drops. Three draft tokens keeping 1.5 cost even alone (the drafts outweigh it)."""
    args = ["estimate", "--gpu", "nvidia-h100-sxm5-80gb", "--model", "meta-llama-3.1-8b", "--precision", "fp8",
            "--input-len", "512", "--output-len", "512", "--json"]

    def estimate(conc: str, *spec: str) -> dict[str, Any]:
        rc, text, _ = run(tmp_path, capsys, *args, "--concurrency", conc, *spec)
        assert rc == 0
        result: dict[str, Any] = json.loads(text)
        return result

    good = ("--speculative-tokens", "3", "--acceptance-length", "2.5")
    poor = ("--speculative-tokens", "3", "--acceptance-length", "1.5")
    alone, alone_good, alone_poor = estimate("1"), estimate("1", *good), estimate("1", *poor)
    inputs = alone_good["inputs"]  # the JSON says what it assumed
    assert (inputs["speculative_tokens"], inputs["acceptance_length"]) == (3, 2.5)
    assert (alone["inputs"]["speculative_tokens"], alone["inputs"]["acceptance_length"]) == (0, 1.0)
    assert 1.3 < alone["tpot_ms"] / alone_good["tpot_ms"] < 2.5
    assert alone_poor["tpot_ms"] > alone["tpot_ms"]
    assert estimate("256", *poor)["output_tps_total"] < estimate("256")["output_tps_total"]


@needs_catalog
def test_cli_refuses_an_acceptance_length_without_draft_tokens(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run(tmp_path, capsys, *BASE, "--concurrency", "4", "--acceptance-length", "2")
    assert rc == 2
    assert "needs speculative draft tokens" in err
    rc, _, err = run(tmp_path, capsys, *BASE, "--concurrency", "4", "--speculative-tokens", "2",
                     "--acceptance-length", "3.5")
    assert rc == 2
    assert "between 1 and 3" in err
