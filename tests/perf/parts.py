"""Hand-made parts for the perf tests and benchmark: datasheet figures, independent of db/catalog."""

from __future__ import annotations

from pathlib import Path

from app.core.parts import AttentionType, Gpu, GpuFormFactor, Llm


def estimate_8b_args(data_dir: Path) -> list[str]:
    """`python -m app estimate` on the bundled catalog's H200 and Llama-3.1-8B FP8, 4,096 / 512 tokens, JSON out:
    the CLI tests add the load and the setting they test."""
    return ["--data-dir", str(data_dir), "estimate", "--gpu", "nvidia-h200-sxm-141gb", "--model", "meta-llama-3.1-8b",
            "--precision", "fp8", "--input-len", "4096", "--output-len", "512", "--json"]

H100_SXM = Gpu(
    id="test-h100-sxm",
    vendor="NVIDIA",
    name="H100 SXM5 80GB",
    form_factor=GpuFormFactor.SXM,
    vram_gib=80,
    memory_type="HBM3",
    mem_bandwidth_gbs=3350,
    bf16_dense_tflops=989.5,
    fp16_dense_tflops=989.5,
    fp8_dense_tflops=1979,
    int8_dense_tops=1979,
    tdp_w=700,
    pcie_gen=5,
    interconnect="NVLink 4",
    interconnect_gbs=900,
    source="test: NVIDIA H100 datasheet",
)
H200_SXM = H100_SXM.model_copy(
    update={
        "id": "test-h200-sxm",
        "name": "H200 SXM 141GB",
        "vram_gib": 141,
        "memory_type": "HBM3e",
        "mem_bandwidth_gbs": 4800,
    }
)
L40S = Gpu(
    id="test-l40s",
    vendor="NVIDIA",
    name="L40S",
    form_factor=GpuFormFactor.PCIE,
    vram_gib=48,
    memory_type="GDDR6",
    mem_bandwidth_gbs=864,
    bf16_dense_tflops=362,
    fp8_dense_tflops=733,
    tdp_w=350,
    pcie_gen=4,
    slot_width=2,
    interconnect="none",
    source="test: NVIDIA L40S datasheet",
)
A100_SXM = Gpu(
    id="test-a100-sxm",
    vendor="NVIDIA",
    name="A100 SXM4 80GB",
    form_factor=GpuFormFactor.SXM,
    vram_gib=80,
    memory_type="HBM2e",
    mem_bandwidth_gbs=2039,
    bf16_dense_tflops=312,
    tdp_w=400,
    pcie_gen=4,
    interconnect="NVLink 3",
    interconnect_gbs=600,
    source="test: NVIDIA A100 datasheet",
)
LLAMA_70B = Llm(
    id="test-llama-3.1-70b",
    vendor="Meta",
    name="Llama-3.1-70B",
    family="Llama 3.1",
    total_params_b=70.55,
    active_params_b=70.55,
    layers=80,
    hidden_size=8192,
    attention_heads=64,
    kv_heads=8,
    head_dim=128,
    attention_type=AttentionType.GQA,
    vocab_size=128256,
    max_context=131072,
    source="test: HF config.json",
)
LLAMA_8B = LLAMA_70B.model_copy(
    update={
        "id": "test-llama-3.1-8b",
        "name": "Llama-3.1-8B",
        "total_params_b": 8.03,
        "active_params_b": 8.03,
        "layers": 32,
        "hidden_size": 4096,
        "attention_heads": 32,
    }
)
MIXTRAL = Llm(
    id="test-mixtral-8x7b",
    vendor="Mistral AI",
    name="Mixtral-8x7B",
    family="Mixtral",
    total_params_b=46.7,
    active_params_b=12.9,
    layers=32,
    hidden_size=4096,
    attention_heads=32,
    kv_heads=8,
    head_dim=128,
    attention_type=AttentionType.GQA,
    vocab_size=32000,
    max_context=32768,
    routed_experts=8,
    experts_per_token=2,
    source="test: HF config.json",
)
DENSE_47B = MIXTRAL.model_copy(update={"id": "test-dense-47b", "name": "Dense-47B", "active_params_b": 46.7,
                                       "routed_experts": None, "experts_per_token": None})
DEEPSEEK_V3 = Llm(
    id="test-deepseek-v3",
    vendor="DeepSeek",
    name="DeepSeek-V3",
    family="DeepSeek",
    total_params_b=671,
    active_params_b=37,
    layers=61,
    hidden_size=7168,
    attention_heads=128,
    kv_heads=128,
    head_dim=128,
    attention_type=AttentionType.MLA,
    kv_lora_rank=512,
    qk_rope_head_dim=64,
    vocab_size=129280,
    max_context=131072,
    routed_experts=256,
    experts_per_token=8,
    source="test: HF config.json",
)
