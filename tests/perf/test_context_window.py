"""A request longer than the model's context window: the engines refuse it, and an estimate says so rather than
quietly pricing a prompt no server would take (the build's rules say it for a project: vram.context)."""

from __future__ import annotations

from dataclasses import replace

from app.perf.datatypes import Deployment, Workload
from app.perf.engines import Engine
from app.perf.model import prepare
from tests.perf.parts import H200_SXM, LLAMA_8B

DEP = Deployment(gpu=H200_SXM, gpu_count=1, tp=1)
WL = Workload(llm=LLAMA_8B, weight_precision="fp8", input_len=1024, output_len=256, concurrency=1,
              engine=Engine.VLLM)


def _window_warnings(wl: Workload) -> list[str]:
    return [w for w in prepare(DEP, wl).estimate(1).warnings if "context window" in w]


def test_a_request_past_the_window_is_flagged_and_one_within_it_is_not() -> None:
    window = LLAMA_8B.max_context
    assert not _window_warnings(replace(WL, input_len=window - 256))  # exactly the window: fits
    (warning,) = _window_warnings(replace(WL, input_len=window - 255))
    assert f"{window + 1:,} tokens per request" in warning and f"{window:,}-token context window" in warning
