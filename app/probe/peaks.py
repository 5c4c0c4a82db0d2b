"""Datasheet peaks for measured figures: catalog matching and link peaks.

The catalog's GPU rows come from the bundled ``db/catalog/gpus.csv`` (no database, no
SQLAlchemy), loaded lazily. A probed GPU is matched to a catalog row by its model token
(``h100``, ``a100``, ``l40s``, ``mi300x``, ``4090``…), then by form-factor words, memory size
and power limit; "H100 80GB HBM3" (NVML's name for the SXM part) thus lands on the SXM row,
"H100 PCIe" on the PCIe row.

Link peaks (tables and ``pcie_peak_gbs`` in :mod:`app.core.links`, re-exported here): PCIe
per-direction peaks use the usable rate per lane after line encoding (Gen5 x16 ≈ 63 GB/s); NVLink
per direction is half the catalog's aggregate bidirectional figure, or links × 25 GB/s
(50 GB/s from Blackwell on) when the GPU is not in the catalog.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

# The link tables live in app.core.links (the perf model, below the probe, uses them too).
from app.core.links import NVLINK_GBS_PER_LINK_BY_CC_MAJOR, pcie_peak_gbs

if TYPE_CHECKING:  # types only: the report schema costs ~35 ms
    from app.core.parts import Gpu
    from app.probe.report import GpuInfo

GIB = 1024**3
_VENDOR_WORDS = frozenset({"nvidia", "amd", "intel", "ati", "corporation", "inc"})
_SPECIFIC_FORM_WORDS = frozenset({"pcie", "nvl", "max", "q", "workstation", "server"})
_MEMORY_TOKEN = re.compile(r"^\d+(gb|g)$")


def host_link_peak_gbs(gpu: GpuInfo, part: Gpu | None = None) -> tuple[float | None, str | None]:
    """Per-direction host link peak: the GPU's negotiated maximum, else the catalog's PCIe figures."""
    peak = pcie_peak_gbs(gpu.pcie.gen_max, gpu.pcie.width_max)
    if peak is not None:
        return peak, f"PCIe Gen{gpu.pcie.gen_max} x{gpu.pcie.width_max}"
    if part is not None:
        peak = pcie_peak_gbs(part.pcie_gen, part.pcie_lanes)
        if peak is not None:
            return peak, f"PCIe Gen{part.pcie_gen} x{part.pcie_lanes} (catalog)"
    return None, None


def nvlink_peak_gbs(gpu: GpuInfo, part: Gpu | None, links: int) -> tuple[float | None, str | None]:
    """Per-direction NVLink peak between two GPUs joined by ``links`` links (or an NVSwitch)."""
    if part is not None and part.has_nvlink and part.interconnect_gbs:
        return part.interconnect_gbs / 2, f"{part.interconnect} (catalog: {part.interconnect_gbs:g} GB/s bidirectional)"
    if links <= 0 or not gpu.compute_capability:
        return None, None
    try:
        major = int(gpu.compute_capability.split(".")[0])
    except ValueError:
        return None, None
    per_link = NVLINK_GBS_PER_LINK_BY_CC_MAJOR.get(major)
    if per_link is None:
        return None, None
    return per_link * links, f"{links} NVLink x {per_link:g} GB/s"


def load_catalog_gpus(source_dir: Path | None = None) -> list[Gpu]:
    """GPU rows of the bundled catalog. Raises OSError/ValueError when the file is missing or bad."""
    from app.catalog.seed import read_source_file  # noqa: PLC0415 - only when peaks are wanted
    from app.core.parts import Gpu, PartKind  # noqa: PLC0415
    from app.paths import catalog_source_dir  # noqa: PLC0415

    path = (source_dir or catalog_source_dir()) / "gpus.csv"
    if not path.exists():
        raise OSError(f"{path} is missing")
    return [p for p in read_source_file(path, PartKind.GPU) if isinstance(p, Gpu)]


def tokens(name: str) -> list[str]:
    words = re.split(r"[^a-z0-9]+", name.lower())
    return [w for w in words if w and w not in _VENDOR_WORDS]


def model_token(words: Sequence[str]) -> str | None:
    """The first word with a digit that is not a memory size: 'h100', 'a100', 'l40s', 'mi300x', '4090'."""
    for w in words:
        if any(c.isdigit() for c in w) and not _MEMORY_TOKEN.match(w) and not w.startswith(("hbm", "gddr", "sxm")):
            return w
    return None


@dataclass(frozen=True, slots=True)
class CatalogMatch:
    part: Gpu | None
    how: str  # "name" | "fuzzy" | "none"
    score: float = 0.0


def match_gpu(name: str, memory_total_bytes: int | None, power_limit_w: float | None,
              parts: Sequence[Gpu], vendor: str | None = None) -> CatalogMatch:
    """The catalog GPU this probed device is, or CatalogMatch(None, 'none')."""
    words = tokens(name)
    model = model_token(words)
    if model is None:
        return CatalogMatch(None, "none")
    probe_words = {w for w in words if not _MEMORY_TOKEN.match(w)}
    gib = memory_total_bytes / GIB if memory_total_bytes else None
    scored: list[tuple[float, bool, Gpu]] = []
    for part in parts:
        if vendor in ("nvidia", "amd") and part.vendor.lower() != vendor:
            continue
        cand = tokens(part.name)
        if model_token(cand) != model:
            continue
        cand_words = {w for w in cand if not _MEMORY_TOKEN.match(w)}
        shared = len(probe_words & cand_words)
        extra = cand_words - probe_words
        score = 2.0 * shared - len(extra)
        if extra & _SPECIFIC_FORM_WORDS:
            score -= 3.0  # NVML names say PCIe/NVL/Max-Q when the part is one; the SXM names often don't say SXM
        memory_ok = True
        if gib is not None:
            rel = abs(part.vram_gib - gib) / part.vram_gib
            if rel > 0.12:
                score -= 5.0
                memory_ok = False
            else:
                score -= 5.0 * rel
        if power_limit_w:
            score -= 2.0 * min(abs(part.tdp_w - power_limit_w) / part.tdp_w, 1.0)
        scored.append((score, not extra and memory_ok, part))
    if not scored:
        return CatalogMatch(None, "none")
    scored.sort(key=lambda s: s[0], reverse=True)
    best_score, exact, best = scored[0]
    if best_score < 0:
        return CatalogMatch(None, "none", best_score)
    tie = len(scored) > 1 and abs(scored[1][0] - best_score) < 1e-9
    return CatalogMatch(best, "name" if exact and not tie else "fuzzy", best_score)


@dataclass(frozen=True, slots=True)
class Peaks:
    """Datasheet peaks for one GPU (None where the catalog has no figure)."""

    part: Gpu | None
    mem_bw_gbs: float | None
    tflops: dict[str, float]
    source: str | None

    @classmethod
    def of(cls, part: Gpu | None) -> Peaks:
        if part is None:
            return cls(None, None, {}, None)
        tflops: dict[str, float] = {}
        bf16 = part.bf16_dense_tflops or part.fp16_dense_tflops
        fp16 = part.fp16_dense_tflops or part.bf16_dense_tflops
        if bf16:
            tflops["bf16"] = bf16
        if fp16:
            tflops["fp16"] = fp16
        if part.fp8_dense_tflops:
            tflops["fp8"] = part.fp8_dense_tflops
        return cls(part, part.mem_bandwidth_gbs, tflops, f"catalog:{part.id}")
