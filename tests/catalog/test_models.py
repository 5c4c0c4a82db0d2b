"""Part models refuse absurd or inconsistent values with the field named."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.core.parts import Gpu, Llm, Psu

GPU = dict(id="x-gpu", vendor="X", name="G", source="s", form_factor="SXM", vram_gib=80, memory_type="HBM3",
           mem_bandwidth_gbs=3350, bf16_dense_tflops=989.5, tdp_w=700, pcie_gen=5)
LLM = dict(id="x-llm", vendor="X", name="M", source="s", family="F", total_params_b=70, active_params_b=70,
           layers=80, hidden_size=8192, attention_heads=64, kv_heads=8, head_dim=128, attention_type="GQA",
           vocab_size=128256, max_context=131072)


def test_valid_gpu() -> None:
    g = Gpu(**GPU)
    assert g.dense_tflops("fp16") == 989.5
    assert g.dense_tflops("fp8") is None


@pytest.mark.parametrize(("field", "value"), [("tdp_w", 0), ("vram_gib", 10_000), ("mem_bandwidth_gbs", -1),
                                               ("pcie_gen", 9), ("id", "Not A Slug")])
def test_absurd_gpu_values_rejected(field: str, value: object) -> None:
    with pytest.raises(ValidationError) as exc:
        Gpu(**{**GPU, field: value})
    assert field in str(exc.value)


def test_pcie_gpu_needs_slot_width() -> None:
    with pytest.raises(ValidationError, match="slot_width"):
        Gpu(**{**GPU, "form_factor": "PCIe"})


def test_unknown_field_rejected() -> None:
    with pytest.raises(ValidationError, match="vram_tb"):
        Gpu(**{**GPU, "vram_tb": 1})


def test_kv_cache_gqa_and_mla() -> None:
    llama70 = Llm(**LLM)
    assert llama70.kv_bytes_per_token(2) == 327_680  # 2 x 80 x 8 x 128 x 2, DOMAIN.md
    ds = Llm(**{**LLM, "id": "deepseek-v3", "total_params_b": 671, "active_params_b": 37, "layers": 61,
                "attention_heads": 128, "kv_heads": 128, "attention_type": "MLA", "kv_lora_rank": 512,
                "qk_rope_head_dim": 64})
    assert ds.kv_bytes_per_token(2) == 70_272  # 61 x (512 + 64) x 2, not the 128 KV heads
    assert ds.is_moe and not llama70.is_moe


def test_llm_consistency() -> None:
    with pytest.raises(ValidationError, match="active_params_b"):
        Llm(**{**LLM, "active_params_b": 80})
    with pytest.raises(ValidationError, match="MLA"):
        Llm(**{**LLM, "attention_type": "MLA"})


def test_psu_low_line() -> None:
    psu = Psu(id="x-psu", vendor="X", name="3 kW", source="s", rating_high_line_w=3000, rating_low_line_w=1500,
              efficiency="Titanium", efficiency_50pct=0.96)
    assert psu.rating_w(230) == 3000
    assert psu.rating_w(120) == 1500
    with pytest.raises(ValidationError):
        Psu(**{**psu.model_dump(), "rating_low_line_w": 4000})


def test_baseboards_checked() -> None:
    assert Gpu(**{**GPU, "baseboard": "hgx-hopper"}).baseboard == "hgx-hopper"
    with pytest.raises(ValidationError, match="PCIe card has no baseboard"):
        Gpu(**{**GPU, "form_factor": "PCIe", "slot_width": 2, "baseboard": "hgx-hopper"})
    with pytest.raises(ValidationError, match="not a slug"):
        Gpu(**{**GPU, "baseboard": "HGX H100"})


def test_bundled_baseboards_keep_generations_apart() -> None:
    """The bundled catalog: drag validation refuses a module of another baseboard generation."""
    from app.catalog.seed import load_source_parts
    from app.core.build import SlotKind, slot_layout
    from app.core.parts import Chassis
    from app.core.placement import why_not
    from app.paths import catalog_source_dir

    parts = {p.id: p for p in load_source_parts(catalog_source_dir())}

    def refusal(gpu_id: str, chassis_id: str) -> str | None:
        chassis = parts[chassis_id]
        assert isinstance(chassis, Chassis)
        slot = slot_layout(chassis).of_kind(SlotKind.GPU)[0]
        return why_not(parts[gpu_id], slot, chassis, {})

    hgx_h100 = "supermicro-as-8125gs-tnhr"
    assert refusal("nvidia-h200-sxm-141gb", hgx_h100) is None
    assert refusal("nvidia-h20-96gb", hgx_h100) is None
    assert "hgx-ampere" in (refusal("nvidia-a100-sxm4-80gb", hgx_h100) or "")
    assert "hgx-b300" in (refusal("nvidia-b300-sxm", hgx_h100) or "")
    assert refusal("nvidia-a100-sxm4-80gb", "dell-poweredge-xe9680") is None  # SXM4 option listed by Dell
    assert refusal("amd-instinct-mi325x", "asus-esc-a8a-e12u") is None
    assert "instinct-mi350" in (refusal("amd-instinct-mi350x", "asus-esc-a8a-e12u") or "")
    assert refusal("intel-gaudi-3-oam", "dell-poweredge-xe9680-oam") is None
    # every SXM/OAM part of the bundled catalog has its baseboard recorded, and every such chassis its list
    for p in parts.values():
        if isinstance(p, Gpu) and p.form_factor.value != "PCIe":
            assert p.baseboard, p.id
        if isinstance(p, Chassis) and p.gpu_form_factor.value != "PCIe":
            assert p.baseboards, p.id


def test_dl380a_single_and_double_wide_configurations() -> None:
    """One GPU configuration per chassis row: 4 double-wide or 8 single-wide (HPE QuickSpecs)."""
    from app.catalog.seed import load_source_parts
    from app.core.build import slot_layout
    from app.core.parts import Chassis
    from app.core.placement import free_slots_for, gpu_mismatch
    from app.paths import catalog_source_dir

    parts = {p.id: p for p in load_source_parts(catalog_source_dir())}
    double, single = parts["hpe-proliant-dl380a-gen11"], parts["hpe-proliant-dl380a-gen11-sw"]
    assert isinstance(double, Chassis) and isinstance(single, Chassis)
    l4, l40s = parts["nvidia-l4"], parts["nvidia-l40s"]
    assert len(free_slots_for(l4, slot_layout(single), single, {})) == 8
    # double-wide in the single-wide riser: not one per position; placed by hand, each card covers its
    # neighbour (fit.gpu-width warns), and the sizing assistant does not choose it
    assert gpu_mismatch(l40s, single) is not None
    assert free_slots_for(l40s, slot_layout(single), single, {}) == ["gpu0", "gpu2", "gpu4", "gpu6"]
    assert gpu_mismatch(l40s, double) is None
    assert len(free_slots_for(l40s, slot_layout(double), double, {})) == 4


def test_every_part_field_has_a_readers_label() -> None:
    """#18: the spec pane printed field names (id, kind, vendor, vram_gib); each now has a label."""
    from app.core.field_labels import FIELD_LABELS
    from app.core.parts import PART_CLASSES

    missing = sorted({n for c in PART_CLASSES.values() for n in c.model_fields} - set(FIELD_LABELS))
    assert missing == []
