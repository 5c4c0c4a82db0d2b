"""Which serving engines run on which accelerators: TensorRT-LLM on an MI300X is not a build anyone can deploy.

One table, read by the rule (app.rules.serving, ``engine.gpu``), by the estimate (a warning beside figures
the engine cannot deliver there) and so by the sizing assistant, which keeps only builds that pass every
rule. Each entry names where its platforms are listed. A GPU whose platform the table does not know is
never called unsupported: the table says only what its sources say.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.core.i18n import translate, translate_noop
from app.core.parts import Gpu

CONTEXT = "Labels"


class Platform(StrEnum):
    """The software stack an accelerator runs kernels through (what an engine is built for)."""

    CUDA = "cuda"  # NVIDIA
    ROCM = "rocm"  # AMD Instinct and Radeon
    GAUDI = "gaudi"  # Intel Gaudi (SynapseAI / HPU)
    INTEL_GPU = "intel-gpu"  # Intel Data Center GPU Max, Arc (oneAPI / SYCL, "XPU")
    ASCEND = "ascend"  # Huawei Ascend NPUs (CANN)
    METAL = "metal"  # Apple silicon GPUs
    UNKNOWN = "unknown"


PLATFORM_LABELS: dict[Platform, str] = {
    Platform.CUDA: translate_noop(CONTEXT, "NVIDIA GPUs (CUDA)"),
    Platform.ROCM: translate_noop(CONTEXT, "AMD GPUs (ROCm)"),
    Platform.GAUDI: translate_noop(CONTEXT, "Intel Gaudi"),
    Platform.INTEL_GPU: translate_noop(CONTEXT, "Intel GPUs (XPU)"),
    Platform.ASCEND: translate_noop(CONTEXT, "Huawei Ascend NPUs"),
    Platform.METAL: translate_noop(CONTEXT, "Apple silicon GPUs (Metal)"),
    Platform.UNKNOWN: translate_noop(CONTEXT, "this accelerator"),
}


def platform_label(platform: Platform) -> str:
    """The platform in the reader's language."""
    return translate(CONTEXT, PLATFORM_LABELS[platform])


def platforms_text(platforms: frozenset[Platform]) -> str:
    """An engine's platforms in the table's order, in the reader's language."""
    return ", ".join(platform_label(p) for p in Platform if p in platforms)


def platform_of(gpu: Gpu) -> Platform:
    """The platform from the vendor (and, for Intel, whether the part is a Gaudi)."""
    vendor = gpu.vendor.strip().lower()
    if vendor == "nvidia":
        return Platform.CUDA
    if vendor == "amd":
        return Platform.ROCM
    if vendor == "intel":
        gaudi = "gaudi" in gpu.name.lower() or gpu.baseboard.startswith("gaudi")
        return Platform.GAUDI if gaudi else Platform.INTEL_GPU
    if vendor == "huawei":
        return Platform.ASCEND
    if vendor == "apple":
        return Platform.METAL
    return Platform.UNKNOWN


@dataclass(frozen=True, slots=True)
class EngineSupport:
    label: str
    platforms: frozenset[Platform]
    source: str


# Keyed by the engine's value in builds and estimates (app.core.build.ServingEngine, app.perf.engines.Engine).
ENGINE_SUPPORT: dict[str, EngineSupport] = {
    "vllm": EngineSupport(
        "vLLM",
        frozenset({Platform.CUDA, Platform.ROCM, Platform.INTEL_GPU, Platform.GAUDI, Platform.ASCEND}),
        "vLLM documentation, Installation: NVIDIA CUDA, AMD ROCm, Intel XPU; hardware plugins vllm-gaudi (Intel "
        "Gaudi) and vllm-ascend (Ascend NPU); on Apple silicon vLLM runs on the CPU only"),
    "sglang": EngineSupport(
        "SGLang",
        frozenset({Platform.CUDA, Platform.ROCM, Platform.INTEL_GPU, Platform.GAUDI, Platform.ASCEND}),
        "SGLang documentation, Hardware Platforms: NVIDIA GPUs, AMD GPUs, Ascend NPUs, XPU, CPU, TPU; Intel Gaudi "
        "documentation, 'SGLang Inference Server with Intel Gaudi'"),
    "trtllm": EngineSupport(
        "TensorRT-LLM",
        frozenset({Platform.CUDA}),
        "TensorRT-LLM documentation: built on CUDA and TensorRT, for NVIDIA GPUs only"),
    "llamacpp": EngineSupport(
        "llama.cpp",
        frozenset({Platform.CUDA, Platform.ROCM, Platform.INTEL_GPU, Platform.ASCEND, Platform.METAL}),
        "llama.cpp README, supported backends: CUDA, HIP (AMD), SYCL (Intel GPUs), CANN (Ascend), Metal (Apple); "
        "none for Gaudi"),
}


def engine_runs_on(engine: str, gpu: Gpu) -> bool:
    """False only where the table knows both and its source lists no such platform for the engine."""
    entry = ENGINE_SUPPORT.get(engine)
    platform = platform_of(gpu)
    return entry is None or platform is Platform.UNKNOWN or platform in entry.platforms


def engines_on(gpu: Gpu) -> tuple[str, ...]:
    """The table's engines that run on ``gpu``, in the table's order (vLLM first: it runs almost everywhere)."""
    return tuple(e for e in ENGINE_SUPPORT if engine_runs_on(e, gpu))
