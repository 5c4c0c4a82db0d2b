"""The rule profile: every threshold the rules use, each with its unit and source.

Thresholds are data (resources/rules/default-profile.json), not constants in code, so a user can
see why a rule fired and change the number. User overrides are partial JSON merged over the
default; a changed value without a new source is labelled as a user override of the default.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from app.core.build import CoolingType, EnvironmentKind, ServingEngine
from app.core.memory import GB, GIB, MemoryAssumptions
from app.core.precision import Precision
from app.paths import resources_dir
from app.rules.findings import Severity

PROFILE_FORMAT: Final = "inference-sizer-rule-profile"
PROFILE_VERSION: Final = 1

_CFG = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


def default_profile_path() -> Path:
    return resources_dir() / "rules" / "default-profile.json"


class ProfileError(ValueError):
    """The profile (or an override) is malformed; the message names the field."""


class Sourced(BaseModel):
    """A number with its unit and where it came from."""

    model_config = _CFG
    value: float
    unit: str = ""
    source: str = Field(min_length=1)

    def __str__(self) -> str:
        v = f"{self.value:g}"
        return f"{v} {self.unit}".strip()


class VramProfile(BaseModel):
    model_config = _CFG
    engine_memory_fraction: dict[ServingEngine, Sourced]
    # Profiles before version 2 gave one flat overhead and one activation size for every GPU and
    # engine; when set they still replace the engine's own figures (app.core.memory.ENGINE_MEMORY).
    runtime_overhead_gib: Sourced | None = None
    nccl_overhead_gb: Sourced
    activation_tokens: Sourced | None = None
    min_headroom_fraction: Sourced
    rule_of_thumb_factor: Sourced
    fallback_weight_precisions: tuple[Precision, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _engines(self) -> VramProfile:
        missing = set(ServingEngine) - set(self.engine_memory_fraction)
        if missing:
            raise ValueError("engine_memory_fraction lacks " + ", ".join(sorted(m.value for m in missing)))
        for engine, frac in self.engine_memory_fraction.items():
            if not 0.1 <= frac.value <= 1.0:
                raise ValueError(f"engine_memory_fraction.{engine.value} must be within 0.1..1")
        return self


Component = Literal["gpu", "cpu", "dimm", "nic", "drive", "chassis"]
COMPONENTS: tuple[Component, ...] = ("gpu", "cpu", "dimm", "nic", "drive", "chassis")


class PowerProfile(BaseModel):
    model_config = _CFG
    feed_max_load: Sourced
    typical_load: dict[Component, Sourced]
    # Shares of max at idle (the node's idle figure, issue 19); the chassis' idle comes from its fan model.
    idle_load: dict[Component, Sourced]
    default_psu_efficiency: Sourced
    btu_per_watt: Sourced

    @model_validator(mode="after")
    def _fractions(self) -> PowerProfile:
        if not 0.1 <= self.feed_max_load.value <= 1.0:
            raise ValueError("feed_max_load must be within 0.1..1")
        for key in COMPONENTS:
            s = self.typical_load.get(key)
            if s is None or not 0 < s.value <= 1:
                raise ValueError(f"typical_load.{key} must be within 0..1")
        for key in COMPONENTS:
            if key == "chassis":
                continue
            s = self.idle_load.get(key)
            if s is None or not 0 <= s.value <= 1:
                raise ValueError(f"idle_load.{key} must be within 0..1")
        return self


class EnvironmentPreset(BaseModel):
    """A site's defaults. Power: ``rack_budget_kw`` (what the rack may draw) and/or ``feed_amps`` (a breaker,
    derated by power.feed_max_load); cooling: its type and ``cooling_kw`` it removes per rack (default: the
    type's figure in ``cooling``). A custom site leaves power to the build."""

    model_config = _CFG
    label: str
    rack_budget_kw: Sourced | None = None
    feed_amps: Sourced | None = None
    feed_voltage_v: Sourced
    feed_phases: Literal[1, 3]
    cooling: CoolingType
    cooling_kw: Sourced | None = None
    rack_units: Sourced
    max_gpu_tdp_w: Sourced | None = None
    max_gpus: Sourced | None = None


class NicTier(BaseModel):
    model_config = _CFG
    min_gpus: int = Field(ge=1)
    single_node_gbps: float = Field(gt=0)
    single_node_rdma: bool = False
    multi_node_gbps: float = Field(gt=0)
    multi_node_rdma: bool = False
    source: str = Field(min_length=1)


class HostProfile(BaseModel):
    model_config = _CFG
    cores_per_gpu_min: Sourced
    cores_per_gpu_max: Sourced
    cores_min: Sourced
    base_clock_min_ghz: Sourced
    latency_base_clock_ghz: Sourced
    batch_cores_per_socket: Sourced
    ram_per_vram: Sourced
    ram_gb_per_core: Sourced
    nic_tiers: tuple[NicTier, ...] = Field(min_length=1)
    system_drive_gb: Sourced
    system_drive_count: Sourced
    data_drive_min_gb: Sourced
    load_time_warn_s: Sourced

    @model_validator(mode="after")
    def _tiers(self) -> HostProfile:
        if self.nic_tiers[0].min_gpus != 1 or any(
            a.min_gpus >= b.min_gpus for a, b in zip(self.nic_tiers, self.nic_tiers[1:], strict=False)
        ):
            raise ValueError("nic_tiers must start at min_gpus 1 and increase")
        return self

    def ram_target_gb(self, vram_gib: float, cores: int) -> float:
        """System RAM a node should have: at least ram_per_vram x its GPU memory and ram_gb_per_core per
        core (the rules check it, the sizing assistant fills DIMMs to it and prices them)."""
        return max(self.ram_per_vram.value * vram_gib, self.ram_gb_per_core.value * cores)

    def nic_tier(self, gpus: int) -> NicTier:
        chosen = self.nic_tiers[0]
        for tier in self.nic_tiers:
            if gpus >= tier.min_gpus:
                chosen = tier
        return chosen


class MultiGpuProfile(BaseModel):
    model_config = _CFG
    pcie_tp_max: Sourced


class WorkloadProfile(BaseModel):
    """How the estimate at the client's load is judged against the targets (app.perf.workload_rules)."""

    model_config = _CFG
    band_multiple: Sourced = Sourced(
        value=1.0, unit="bands",
        source="the estimate's confidence band is the model's median error on held-out published measurements "
               "(python -m app.perf.accuracy): a target missed by more than this many bands is an error, one "
               "inside the band a warning ('may miss')")
    queue_tolerance: Sourced = Sourced(
        value=0.0, unit="share of requests",
        source="DOMAIN.md, Latency targets: a build meets a scenario only at the client's load; a request that "
               "waits for KV-cache space or a scheduler slot is load the build does not carry")
    throughput_margin: Sourced = Sourced(
        value=1.0, unit="x the requested rate",
        source="DOMAIN.md, Latency targets: the build must serve the client's peak request rate")


class RuleSetting(BaseModel):
    model_config = _CFG
    enabled: bool = True
    severity: Severity | None = None


class RuleProfile(BaseModel):
    model_config = _CFG
    format: Literal["inference-sizer-rule-profile"] = PROFILE_FORMAT
    version: Literal[1] = PROFILE_VERSION
    name: str
    description: str = ""
    vram: VramProfile
    power: PowerProfile
    environments: dict[EnvironmentKind, EnvironmentPreset]
    cooling: dict[CoolingType, Sourced]
    host: HostProfile
    multigpu: MultiGpuProfile
    workload: WorkloadProfile = WorkloadProfile()
    rules: dict[str, RuleSetting] = {}

    @model_validator(mode="after")
    def _complete(self) -> RuleProfile:
        for enum, table, name in ((EnvironmentKind, self.environments, "environments"),
                                  (CoolingType, self.cooling, "cooling")):
            missing = set(enum) - set(table)
            if missing:
                raise ValueError(f"{name} lacks " + ", ".join(sorted(str(m) for m in missing)))
        for kind, preset in self.environments.items():
            if kind is not EnvironmentKind.CUSTOM and preset.rack_budget_kw is None and preset.feed_amps is None:
                raise ValueError(f"environments.{kind.value} needs rack_budget_kw or feed_amps")
        return self

    def memory_assumptions(self, engine: ServingEngine) -> MemoryAssumptions:
        v = self.vram
        return MemoryAssumptions(
            engine=engine.value,
            engine_memory_fraction=v.engine_memory_fraction[engine].value,
            runtime_overhead_bytes=v.runtime_overhead_gib.value * GIB if v.runtime_overhead_gib else None,
            nccl_overhead_bytes=v.nccl_overhead_gb.value * GB,
            activation_tokens=int(v.activation_tokens.value) if v.activation_tokens else None,
        )


def _is_sourced(d: Mapping[str, Any]) -> bool:
    return "value" in d and "source" in d


def merge_overrides(base: Any, override: Any, path: str = "") -> Any:
    """Deep-merge ``override`` into ``base`` (plain JSON data). Lists replace; dicts merge.

    A Sourced value changed without a new ``source`` keeps a trail back to the default.
    """
    if not isinstance(base, dict) or not isinstance(override, dict):
        return override
    out = dict(base)
    for key, value in override.items():
        if key in base:
            merged = merge_overrides(base[key], value, f"{path}.{key}" if path else key)
            if (isinstance(base[key], dict) and _is_sourced(base[key]) and isinstance(value, dict)
                    and "value" in value and "source" not in value and value["value"] != base[key]["value"]):
                unit = base[key].get("unit", "")
                merged["source"] = (f"user override (default {base[key]['value']} {unit}: "
                                    f"{base[key]['source']})").replace("  ", " ")
            out[key] = merged
        else:
            out[key] = value
    return out


def _format_error(exc: ValidationError) -> str:
    msgs = []
    for err in exc.errors()[:5]:
        loc = ".".join(str(x) for x in err["loc"]) or "(profile)"
        msgs.append(f"{loc}: {err['msg']}")
    return "; ".join(msgs)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ProfileError(f"{path}: cannot read: {exc}") from None


def load_profile(
    path: Path | None = None,
    overrides: Mapping[str, Any] | Path | None = None,
) -> RuleProfile:
    """The default profile (or ``path``), with user ``overrides`` merged over it and validated."""
    source = path or default_profile_path()
    data = _read_json(source)
    if overrides is not None:
        extra = _read_json(overrides) if isinstance(overrides, Path) else overrides
        if not isinstance(extra, Mapping):
            raise ProfileError("profile overrides must be a JSON object")
        data = merge_overrides(data, dict(extra))
    try:
        return RuleProfile.model_validate(data)
    except ValidationError as exc:
        raise ProfileError(f"{source}: {_format_error(exc)}") from None


_DEFAULT: RuleProfile | None = None


def default_profile() -> RuleProfile:
    """The bundled profile, read once per process."""
    global _DEFAULT  # noqa: PLW0603 - a process-wide cache of an immutable model
    if _DEFAULT is None:
        _DEFAULT = load_profile()
    return _DEFAULT
