"""The rule profile: every threshold sourced, overrides merged and validated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.build import CoolingType, EnvironmentKind, ServingEngine
from app.rules.profile import ProfileError, RuleProfile, default_profile, load_profile, merge_overrides


def _sourced(data: object) -> list[dict[str, object]]:
    """Every {value, unit, source} entry in the dumped profile."""
    if isinstance(data, dict):
        if "value" in data and "source" in data:
            return [data]
        return [s for v in data.values() for s in _sourced(v)]
    if isinstance(data, list | tuple):
        return [s for v in data for s in _sourced(v)]
    return []


def test_default_profile_is_complete_and_sourced() -> None:
    p = default_profile()
    assert p.name == "default"
    assert set(p.environments) == set(EnvironmentKind) and set(p.cooling) == set(CoolingType)
    assert set(p.vram.engine_memory_fraction) == set(ServingEngine)
    values = _sourced(p.model_dump(mode="json"))
    assert len(values) > 40
    assert all(str(v["source"]).strip() for v in values)
    assert all(t.source for t in p.host.nic_tiers)


def test_domain_defaults() -> None:
    p = default_profile()
    assert p.power.feed_max_load.value == 0.8
    assert p.power.btu_per_watt.value == 3.412
    assert p.environments[EnvironmentKind.DATACENTER].rack_budget_kw.value == 40
    assert p.environments[EnvironmentKind.ENTERPRISE].rack_budget_kw.value == 6
    edge_limit = p.environments[EnvironmentKind.EDGE].max_gpu_tdp_w
    assert edge_limit is not None and edge_limit.value == 300
    assert (p.host.cores_per_gpu_min.value, p.host.cores_per_gpu_max.value) == (8, 16)
    assert (p.host.cores_min.value, p.host.base_clock_min_ghz.value) == (32, 2.5)
    assert (p.host.ram_per_vram.value, p.host.ram_gb_per_core.value) == (2, 2)
    assert p.multigpu.pcie_tp_max.value == 2
    assert p.vram.engine_memory_fraction[ServingEngine.VLLM].value == 0.9
    assert [p.host.nic_tier(n).single_node_gbps for n in (1, 2, 4, 8, 16)] == [10, 25, 25, 200, 200]
    assert p.host.nic_tier(8).single_node_rdma


def test_overrides_merge_and_lists_replace(tmp_path: Path) -> None:
    merged = merge_overrides({"a": {"value": 1, "unit": "x", "source": "s"}, "b": [1, 2]},
                             {"a": {"value": 2}, "b": [3]})
    assert merged == {"a": {"value": 2, "unit": "x", "source": "user override (default 1 x: s)"}, "b": [3]}
    same = merge_overrides({"a": {"value": 1, "source": "s"}}, {"a": {"value": 2, "source": "my site survey"}})
    assert same["a"]["source"] == "my site survey"
    path = tmp_path / "site.json"
    path.write_text(json.dumps({"environments": {"enterprise": {"rack_budget_kw": {"value": 8}}}}))
    p = load_profile(overrides=path)
    assert p.environments[EnvironmentKind.ENTERPRISE].rack_budget_kw.value == 8


@pytest.mark.parametrize(("override", "field"), [
    ({"power": {"feed_max_load": {"value": 2}}}, "feed_max_load"),
    ({"host": {"cores_min": {"value": "many"}}}, "host.cores_min.value"),
    ({"cooling": {"air-perimeter": {"value": 8, "source": ""}}}, "cooling.air-perimeter.source"),
    ({"extra": 1}, "extra"),
    ({"vram": {"engine_memory_fraction": {"vllm": {"value": 0.0}}}}, "engine_memory_fraction"),
])
def test_bad_overrides_name_the_field(override: dict[str, object], field: str) -> None:
    with pytest.raises(ProfileError, match=field.replace(".", r"\.")):
        load_profile(overrides=override)


def test_unreadable_profile(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ProfileError, match="cannot read"):
        load_profile(bad)
    with pytest.raises(ProfileError, match="JSON object"):
        load_profile(overrides=[1, 2])  # type: ignore[arg-type]


def test_profile_schema_is_json() -> None:
    schema = RuleProfile.model_json_schema()
    assert "vram" in schema["properties"]
    json.dumps(schema)
