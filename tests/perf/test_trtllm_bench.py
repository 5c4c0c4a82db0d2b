"""An offline TensorRT-LLM estimate runs the limits trtllm-bench sizes for the run (app.perf.trtllm_bench), checked
against cases worked by hand from TensorRT-LLM's tensorrt_llm/bench/build/tuning.py."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.perf.datatypes import BatchingMode, Deployment, Workload
from app.perf.engines import Engine
from app.perf.model import prepare
from app.perf.quant import FORMATS, WeightFormat
from app.perf.trtllm_bench import bench_sizes, finetune, kv_requests, tuned
from tests.perf.parts import DEEPSEEK_V3, H100_SXM, H200_SXM, LLAMA_8B, LLAMA_70B

FP8 = FORMATS["fp8"]


def test_a_small_model_at_short_lengths_runs_the_capped_batch() -> None:
    """Llama-3.1-8B FP8 on one 80 GiB GPU at 128/128: (80 GiB - 8.03 GB) x 0.95 over 32 layers x 8 heads x 128 x 2
    x 1 B x 256 tokens = 4,409 requests, capped at 4,096; the budget 4,096 x (1 + 128/128) = 8,192 tokens."""
    assert kv_requests(LLAMA_8B, H100_SXM, 1, 1, FP8, "fp8", 256) == pytest.approx(4409.3, abs=0.5)
    sizes = bench_sizes(LLAMA_8B, H100_SXM, 1, 1, FP8, "fp8", 128, 128)
    assert sizes is not None
    assert (sizes.max_batch_size, sizes.max_num_tokens) == (4096, 8192)


def test_a_tight_kv_cache_gets_the_floor_batch_and_a_whole_prompt_a_step() -> None:
    """Llama-3.1-70B FP8 on one 80 GiB GPU at 2048/2048: 14.58 GB of KV room holds 21.7 requests of 671 MB; the
    tool's floor is 64 requests and 2,048 tokens, and a step must hold one whole 2,048-token prompt."""
    sizes = bench_sizes(LLAMA_70B, H100_SXM, 1, 1, FP8, "fp8", 2048, 2048)
    assert sizes is not None
    assert sizes.kv_requests == pytest.approx(21.73, abs=0.01)
    assert (sizes.max_batch_size, sizes.max_num_tokens) == (64, 2048)
    longer = bench_sizes(LLAMA_70B, H100_SXM, 1, 1, FP8, "fp8", 6000, 200)
    assert longer is not None and longer.max_num_tokens == 6000


def test_pipeline_stages_split_the_batch() -> None:
    """70B on 2 x 80 GiB as PP 2 at 128/2048: 269.8 requests, 134.9 a stage, rounded up to 160."""
    sizes = bench_sizes(LLAMA_70B, H100_SXM, 1, 2, FP8, "fp8", 128, 2048)
    assert sizes is not None
    assert sizes.kv_requests == pytest.approx(269.8, abs=0.1)
    assert (sizes.max_batch_size, sizes.max_num_tokens) == (160, 2048)


def test_mla_is_counted_as_the_tool_reads_the_config() -> None:
    """DeepSeek's config has 128 KV heads and no head_dim, so the tool counts 128 x 7168/128 = 56 a head: 874,496 B
    a token at FP8 on 61 layers, not the 70 KB latent cache. 8 x H200 (141 GiB) at 1000/1000: 293 requests."""
    sizes = bench_sizes(DEEPSEEK_V3, H200_SXM, 8, 1, FP8, "fp8", 1000, 1000)
    assert sizes is not None
    assert sizes.kv_requests == pytest.approx(293.4, abs=0.1)
    assert (sizes.max_batch_size, sizes.max_num_tokens) == (384, 2048)


def test_untuned_checkpoints_keep_the_api_defaults() -> None:
    mixed = WeightFormat("mxfp4-experts", 0.53125, "fp8", FP8.family, FP8.core_precision, shared_bytes_per_param=2.0)
    assert tuned(FORMATS["fp4"]) and tuned(FORMATS["bf16"]) and tuned(FP8)
    assert not tuned(FORMATS["int4"]) and not tuned(mixed)
    assert bench_sizes(LLAMA_8B, H100_SXM, 1, 1, FORMATS["int4"], "fp16", 128, 128) is None
    assert bench_sizes(LLAMA_8B, H100_SXM, 1, 1, mixed, "fp16", 128, 128) is None


def test_no_room_gives_no_sizing() -> None:
    assert bench_sizes(DEEPSEEK_V3, H100_SXM, 1, 1, FP8, "fp8", 1000, 1000) is None  # 671 GB on 80 GiB


@given(requests=st.floats(min_value=1.0, max_value=1e7), input_len=st.integers(1, 200_000),
       output_len=st.integers(1, 100_000), pp=st.integers(1, 16))
def test_finetuned_limits_stay_in_the_tools_bounds(requests: float, input_len: int, output_len: int, pp: int) -> None:
    batch, tokens = finetune(requests, input_len, output_len, pp)
    assert batch >= 64 and batch % 32 == 0 and batch <= 4096
    assert 2048 <= tokens <= 32768 and tokens % 256 == 0


OFFLINE = Workload(llm=LLAMA_8B, weight_precision="fp8", input_len=128, output_len=128, concurrency=None,
                   engine=Engine.TRTLLM, mode=BatchingMode.OFFLINE)
ONE_H100 = Deployment(gpu=H100_SXM, gpu_count=1, tp=1)


def test_an_offline_tensorrt_llm_estimate_runs_the_bench_limits_and_says_so() -> None:
    prepared = prepare(ONE_H100, OFFLINE)
    assert prepared.profile.max_batch == 4096
    assert prepared.core.step_tokens == 8192
    note = next(a for a in prepared.assumptions if a.startswith("offline: TensorRT-LLM"))
    assert "4,096 requests" in note and "trtllm-bench" in note


def test_given_limits_serving_and_other_engines_are_untouched() -> None:
    given_limit = prepare(ONE_H100, replace(OFFLINE, max_num_seqs=256))
    assert given_limit.profile.max_batch == 256
    assert not any("trtllm-bench" in a for a in given_limit.assumptions)
    serving = prepare(ONE_H100, replace(OFFLINE, mode=BatchingMode.SERVING, concurrency=64))
    assert serving.profile.max_batch == 2048 and serving.core.step_tokens == 8192
    vllm = prepare(ONE_H100, replace(OFFLINE, engine=Engine.VLLM))
    assert not any("trtllm-bench" in a for a in vllm.assumptions)


def test_pipeline_parallel_runs_a_batch_a_stage() -> None:
    """TensorRT-LLM's max_batch_size is a micro-batch's: PP 2 keeps two of them in flight."""
    two_stages = prepare(Deployment(gpu=H100_SXM, gpu_count=2, tp=1, pp=2),
                         replace(OFFLINE, llm=LLAMA_70B, input_len=128, output_len=2048))
    assert two_stages.profile.max_batch == 320
