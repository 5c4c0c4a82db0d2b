"""What an estimate says of the deployment before any figure: a TP the engines refuse (an error on the command
line, a warning beside figures elsewhere), and expert parallelism on a dense model (nothing to split)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.catalog.seed import load_source_parts
from app.cli.main import main
from app.core.parts import Gpu, Llm
from app.perf.engines import Engine
from app.perf.model import BatchingMode, Deployment, Workload, estimate

PARTS = {p.id: p for p in load_source_parts()}


def _estimate(model: str, tp: int, ep: int = 1) -> list[str]:
    gpu, llm = PARTS["nvidia-h200-sxm-141gb"], PARTS[model]
    assert isinstance(gpu, Gpu) and isinstance(llm, Llm)
    dep = Deployment(gpu=gpu, gpu_count=tp, tp=tp, expert_parallel=ep)
    wl = Workload(llm=llm, weight_precision="bf16", input_len=1000, output_len=100, concurrency=8, engine=Engine.VLLM)
    return estimate(dep, wl).warnings


def test_a_tp_the_engines_refuse_is_said_beside_the_figures() -> None:
    # Phi-3-medium: 40 heads, 10 KV heads; TP 4 splits the first, not the second.
    (w,) = [w for w in _estimate("microsoft-phi-3-medium-128k-instruct", 4) if "does not split" in w]
    assert w == ("TP 4 does not split Phi-3-medium-128k-instruct's attention (40 heads, 10 KV heads): engines refuse "
                 "to start it; these figures are for a layout that cannot run")
    assert not [w for w in _estimate("microsoft-phi-3-medium-128k-instruct", 2) if "does not split" in w]


def test_the_command_line_refuses_it(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["estimate", "--gpu", "nvidia-h200-sxm-141gb", "--count", "3", "--tp", "3", "--model",
                 "meta-llama-3.1-70b", "--precision", "fp8", "--input-len", "1000", "--output-len", "100",
                 "--concurrency", "8"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.strip() == ("error: TP 3 does not split Llama-3.1-70B's attention (64 heads, 8 KV heads): engines "
                           "refuse to start it")


def test_expert_parallelism_on_a_dense_model_has_nothing_to_split() -> None:
    (w,) = [w for w in _estimate("meta-llama-3.1-70b", 8, ep=8) if "expert parallelism" in w]
    assert w == ("expert parallelism 8 has nothing to split: Llama-3.1-70B is dense (no MoE experts); estimated as "
                 "TP 8 alone")
    assert not [w for w in _estimate("qwen3-235b-a22b", 8, ep=8) if "expert parallelism" in w]


@pytest.mark.parametrize(("engine", "says"), [
    (Engine.VLLM, "TTFT as vLLM is benchmarked: from the client sending the request to the first streamed chunk"),
    (Engine.SGLANG, "TTFT as SGLang is benchmarked: from the client sending the request to the first streamed chunk"),
    (Engine.TRTLLM, "TTFT as TensorRT-LLM is benchmarked: from the client sending the request to trtllm-serve"),
    (Engine.LLAMACPP, "TTFT as llama.cpp is benchmarked: from the client sending the request to llama-server"),
])
def test_every_serving_estimate_says_how_its_engine_times_ttft(engine: Engine, says: str) -> None:
    """#20 item 3: each engine's TTFT definition stated beside the figure; an offline run has no TTFT to define."""
    gpu, llm = PARTS["nvidia-h200-sxm-141gb"], PARTS["meta-llama-3.1-8b"]
    assert isinstance(gpu, Gpu) and isinstance(llm, Llm)
    wl = Workload(llm=llm, weight_precision="fp8", input_len=1000, output_len=100, concurrency=8, engine=engine)
    (line,) = [a for a in estimate(Deployment(gpu=gpu), wl).assumptions if a.startswith("TTFT as ")]
    assert line.startswith(says)
    offline = estimate(Deployment(gpu=gpu), replace(wl, mode=BatchingMode.OFFLINE, concurrency=None))
    assert not [a for a in offline.assumptions if a.startswith("TTFT as ")]
