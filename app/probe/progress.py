"""Progress lines: what the probe tells the user while it runs (CLI, GUI dialog), in their language.

The report itself stays English; only these lines are translated.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from app.core.i18n import translate, translate_format, translate_noop

if TYPE_CHECKING:
    from app.probe.report import GpuInfo, Measurement

Progress = Callable[[int, str], None]

# app.probe is packaged standalone: of the rest of the app it uses only app.core.i18n for this.
CONTEXT: Final = "Probe"
PHASE_NAMES: Final[dict[str, str]] = {
    "warm_up": translate_noop(CONTEXT, "warming up"),
    "mem_bw_triad": translate_noop(CONTEXT, "memory bandwidth (STREAM triad)"),
    "mem_bw_scale": translate_noop(CONTEXT, "memory bandwidth (STREAM scale)"),
    "gemm_bf16": translate_noop(CONTEXT, "BF16 GEMM"),
    "gemm_fp16": translate_noop(CONTEXT, "FP16 GEMM"),
    "gemm_fp8": translate_noop(CONTEXT, "FP8 GEMM"),
    "gemv_b1_bf16": translate_noop(CONTEXT, "batch-1 GEMV (decode)"),
    "h2d_pinned": translate_noop(CONTEXT, "host-to-device copy"),
    "d2h_pinned": translate_noop(CONTEXT, "device-to-host copy"),
    "p2p_unidir": translate_noop(CONTEXT, "GPU-to-GPU copy"),
    "p2p_bidir": translate_noop(CONTEXT, "GPU-to-GPU copy, both directions"),
    "cpu_gemm_fp32": translate_noop(CONTEXT, "CPU FP32 GEMM"),
    "cpu_mem_copy": translate_noop(CONTEXT, "CPU memory copy"),
}
MODE_NAMES: Final[dict[str, str]] = {
    "quick": translate_noop(CONTEXT, "quick"),
    "full": translate_noop(CONTEXT, "full"),
    "smoke": translate_noop(CONTEXT, "smoke"),
    "inventory": translate_noop(CONTEXT, "inventory"),
}


def phase_label(name: str) -> str:
    """A benchmark phase (a metric name) as the progress lines name it, in the user's language."""
    source = PHASE_NAMES.get(name)
    return name if source is None else translate(CONTEXT, source)


def mode_label(name: str) -> str:
    """A probe mode (quick, full, smoke, inventory) in the user's language."""
    source = MODE_NAMES.get(name)
    return name if source is None else translate(CONTEXT, source)


def fmt_bytes(n: int | None) -> str:
    """A memory size in whole GiB, "?" when unknown."""
    return "?" if n is None else f"{n / 1024**3:.0f} GiB"


def measurement_line(m: Measurement, gpu: GpuInfo | None) -> str:
    """One finished measurement as a progress line."""
    who = f"GPU {gpu.index}" if gpu is not None else "CPU"
    if m.peer is not None:
        who += f"->{m.peer}"
    what = phase_label(m.metric)
    if m.status != "ok" or m.value is None:
        return translate_format(CONTEXT, "{who}: {what}: {status} ({reason})", who=who, what=what, status=m.status,
                                reason=m.reason)
    text = translate_format(CONTEXT, "{who}: {what}: {value:,.1f} {unit}", who=who, what=what,
                            value=m.value.median, unit=m.unit)
    if m.fraction_of_peak is not None:
        text += translate_format(CONTEXT, " ({fraction:.2f} of datasheet peak)", fraction=m.fraction_of_peak)
    return text
