"""Build models and slot expansion: the ids the GUI draws and the rules name."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.core.build import (
    Build,
    Environment,
    Placement,
    SlotKind,
    Workload,
    gpu_positions_needed,
    slot_layout,
)
from app.core.parts import Chassis
from app.core.scenarios import SCENARIOS, CpuPreference, Scenario
from tests.rules.factory import PARTS


def chassis(cid: str) -> Chassis:
    part = PARTS[cid]
    assert isinstance(part, Chassis)
    return part


def test_slot_layout_of_an_hgx_chassis() -> None:
    layout = slot_layout(chassis("hgx-sp5"))
    assert [s.id for s in layout.of_kind(SlotKind.GPU)] == [f"gpu{i}" for i in range(8)]
    assert [s.id for s in layout.of_kind(SlotKind.CPU)] == ["cpu0", "cpu1"]
    dimms = layout.of_kind(SlotKind.DIMM)
    assert len(dimms) == 24 and dimms[0].id == "dimm-s0-c0-0" and dimms[12].id == "dimm-s1-c0-0"
    assert (dimms[13].socket, dimms[13].channel, dimms[13].dimm_index) == (1, 1, 0)
    assert len(layout.of_kind(SlotKind.PSU)) == 6 and len(layout.of_kind(SlotKind.PCIE)) == 10
    assert len(layout.of_kind(SlotKind.DRIVE)) == 16 and [s.id for s in layout.of_kind(SlotKind.M2)] == ["m2-0", "m2-1"]
    assert layout.order["gpu0"] < layout.order["cpu0"] < layout.order["dimm-s0-c0-0"]
    assert "gpu8" not in layout


def test_two_dimms_per_channel_fill_first_dimm_of_every_channel_first() -> None:
    dimms = [s.id for s in slot_layout(chassis("pcie-2u")).of_kind(SlotKind.DIMM)]
    assert len(dimms) == 48
    assert dimms[:13] == [f"dimm-s0-c{c}-0" for c in range(12)] + ["dimm-s0-c0-1"]


def test_layouts_are_cached() -> None:
    assert slot_layout(chassis("hgx-sp5")) is slot_layout(chassis("hgx-sp5"))


def test_gpu_positions_needed() -> None:
    assert gpu_positions_needed(None, 2) == 1
    assert gpu_positions_needed(2, 2) == 1
    assert gpu_positions_needed(3, 2) == 2
    assert gpu_positions_needed(4, 1) == 4


def test_placement_validation() -> None:
    assert Placement(part_id="l40s", slots=("gpu0", "gpu1")).quantity == 2
    with pytest.raises(ValidationError, match="not a slot id"):
        Placement(part_id="l40s", slots=("gpu-0",))
    with pytest.raises(ValidationError, match="listed twice"):
        Placement(part_id="l40s", slots=("gpu0", "gpu0"))
    with pytest.raises(ValidationError, match="not a part id"):
        Placement(part_id="L40S!", slots=("gpu0",))


def test_build_refuses_a_slot_holding_two_parts() -> None:
    with pytest.raises(ValidationError, match="slot gpu0 holds both l40s and l20"):
        Build(name="x", chassis_id="pcie-2u", placements=(Placement(part_id="l40s", slots=("gpu0",)),
                                                          Placement(part_id="l20", slots=("gpu0",))))


def test_workload_validation() -> None:
    w = Workload(llm_id="llama-8b", input_tokens=1000, output_tokens=24)
    assert w.context_tokens == 1024 and w.gpus_per_replica == 1
    with pytest.raises(ValidationError, match="no serving engine stores the KV cache in int4"):
        Workload(llm_id="llama-8b", kv_precision="int4")
    with pytest.raises(ValidationError, match="concurrency or target_qps"):
        Workload(llm_id="llama-8b", concurrency=None)
    with pytest.raises(ValidationError):
        Workload(llm_id="llama-8b", target_qps=float("nan"))


def test_custom_environment_needs_a_budget() -> None:
    with pytest.raises(ValidationError, match="rack_budget_kw or feed_amps"):
        Environment(kind="custom")
    assert Environment(kind="custom", feed_amps=32).feed_amps == 32


def test_scenarios_table_matches_seed_003() -> None:
    assert SCENARIOS[Scenario.CHAT].p99_latency_ms == 200 and SCENARIOS[Scenario.CHAT].ttft_ms == 100
    assert SCENARIOS[Scenario.CODE].p99_latency_ms == 500 and SCENARIOS[Scenario.CODE].ttft_ms == 200
    assert SCENARIOS[Scenario.SUMMARIZATION].p99_latency_ms == 5000
    assert SCENARIOS[Scenario.RAG].ttft_ms == 300
    assert SCENARIOS[Scenario.BATCH].min_latency_ms == 10000 and SCENARIOS[Scenario.BATCH].ttft_ms is None
    assert SCENARIOS[Scenario.CHAT].latency_sensitive
    assert SCENARIOS[Scenario.BATCH].cpu_preference is CpuPreference.CORES
