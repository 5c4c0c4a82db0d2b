"""Matching probed GPU names to the bundled catalog, and link peaks."""

from __future__ import annotations

import pytest

from app.core.parts import Gpu
from app.probe.peaks import Peaks, host_link_peak_gbs, load_catalog_gpus, match_gpu, nvlink_peak_gbs, pcie_peak_gbs
from app.probe.report import GpuInfo, NvlinkInfo, PcieLink

GIB = 2**30


@pytest.fixture(scope="module")
def catalog() -> list[Gpu]:
    return load_catalog_gpus()


@pytest.mark.parametrize(("name", "mib", "power", "expected"), [
    ("NVIDIA H100 80GB HBM3", 81559, 700, "nvidia-h100-sxm5-80gb"),  # NVML's name for the SXM part
    ("NVIDIA H100 PCIe", 81559, 350, "nvidia-h100-pcie-80gb"),
    ("NVIDIA H100 NVL", 95830, 400, "nvidia-h100-nvl-94gb"),
    ("NVIDIA H200", 143771, 700, "nvidia-h200-sxm-141gb"),
    ("NVIDIA H200 NVL", 143771, 600, "nvidia-h200-nvl-141gb"),
    ("NVIDIA A100-SXM4-40GB", 40960, 400, "nvidia-a100-sxm4-40gb"),
    ("NVIDIA A100-SXM4-80GB", 81920, 400, "nvidia-a100-sxm4-80gb"),
    ("NVIDIA A100 80GB PCIe", 81920, 300, "nvidia-a100-pcie-80gb"),
    ("NVIDIA L40S", 46068, 350, "nvidia-l40s"),
    ("NVIDIA L40", 46068, 300, "nvidia-l40"),
    ("NVIDIA L4", 23034, 72, "nvidia-l4"),
    ("NVIDIA A10", 23028, 150, "nvidia-a10"),
    ("Tesla T4", 15360, 70, "nvidia-t4"),
    ("NVIDIA H20", 97871, 400, "nvidia-h20-96gb"),
    ("NVIDIA GeForce RTX 4090", 24564, 450, "nvidia-geforce-rtx-4090"),
    ("NVIDIA RTX 6000 Ada Generation", 49140, 300, "nvidia-rtx-6000-ada"),
    ("NVIDIA RTX PRO 6000 Blackwell Server Edition", 97887, 600, "nvidia-rtx-pro-6000-blackwell-server"),
    ("AMD Instinct MI300X", 196592, 750, "amd-instinct-mi300x"),
])
def test_known_names(catalog: list[Gpu], name: str, mib: int, power: float, expected: str) -> None:
    vendor = "amd" if name.startswith("AMD") else "nvidia"
    m = match_gpu(name, mib * 2**20, power, catalog, vendor)
    assert m.part is not None and m.part.id == expected, (name, m)


def test_exact_and_fuzzy_matches(catalog: list[Gpu]) -> None:
    assert match_gpu("NVIDIA L40S", 46068 * 2**20, 350, catalog).how == "name"
    assert match_gpu("NVIDIA H100 80GB HBM3", 81559 * 2**20, 700, catalog).how == "fuzzy"  # no "SXM" in the name


@pytest.mark.parametrize("name", ["NVIDIA GH200 480GB", "Apple M3 Max", "Intel(R) Arc(TM) A770", "llvmpipe", ""])
def test_unknown_gpus_do_not_match(catalog: list[Gpu], name: str) -> None:
    assert match_gpu(name, 16 * GIB, None, catalog).part is None


def test_wrong_memory_size_does_not_match(catalog: list[Gpu]) -> None:
    # an "A100" with 10 GiB is no catalog A100 (a MIG slice reported by torch, for instance)
    assert match_gpu("NVIDIA A100-SXM4-40GB MIG 1g.10gb", 10 * GIB, None, catalog).part is None


def test_link_peaks(catalog: list[Gpu]) -> None:
    assert pcie_peak_gbs(5, 16) == pytest.approx(63.0, rel=0.01)
    assert pcie_peak_gbs(4, 16) == pytest.approx(31.5, rel=0.01)
    assert pcie_peak_gbs(None, 16) is None and pcie_peak_gbs(9, 16) is None
    h100 = next(p for p in catalog if p.id == "nvidia-h100-sxm5-80gb")
    gpu = GpuInfo(index=0, vendor="nvidia", source="nvml", name="NVIDIA H100 80GB HBM3", compute_capability="9.0",
                  pcie=PcieLink(gen_current=1, gen_max=5, width_current=16, width_max=16),
                  nvlink=NvlinkInfo(active_links=18))
    assert nvlink_peak_gbs(gpu, h100, 18)[0] == pytest.approx(450.0)
    assert nvlink_peak_gbs(gpu, None, 18)[0] == pytest.approx(450.0)  # 18 links x 25 GB/s
    assert nvlink_peak_gbs(gpu, None, 0) == (None, None)
    peak, source = host_link_peak_gbs(gpu, h100)
    assert peak == pytest.approx(63.0, rel=0.01) and source == "PCIe Gen5 x16"  # max link, not the idle Gen1
    bare = gpu.model_copy(update={"pcie": PcieLink()})
    assert host_link_peak_gbs(bare, h100)[1] == "PCIe Gen5 x16 (catalog)"
    assert host_link_peak_gbs(bare, None) == (None, None)


def test_peaks_of_a_part(catalog: list[Gpu]) -> None:
    h100 = next(p for p in catalog if p.id == "nvidia-h100-sxm5-80gb")
    peaks = Peaks.of(h100)
    assert peaks.mem_bw_gbs == h100.mem_bandwidth_gbs and peaks.source == "catalog:nvidia-h100-sxm5-80gb"
    assert peaks.tflops["bf16"] == h100.bf16_dense_tflops and peaks.tflops["fp8"] == h100.fp8_dense_tflops
    assert Peaks.of(None).tflops == {}
