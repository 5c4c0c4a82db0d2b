"""Latency scenarios (seed 003's table in DOMAIN.md) as data, so rules and the GUI read one table.

A scenario answers the client's second question, "how latency-sensitive is the use case?", and
steers host advice: latency-sensitive work prefers high CPU clocks, batch work prefers many cores.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

SCENARIO_SOURCE = "seed 003 (DOMAIN.md, Latency scenarios)"


class Scenario(StrEnum):
    CHAT = "chat"
    CODE = "code"
    SUMMARIZATION = "summarization"
    RAG = "rag"
    BATCH = "batch"


class CpuPreference(StrEnum):
    """What the host CPU should favour for a scenario (seed 003)."""

    CLOCK = "clock"
    CORES = "cores"
    BALANCED = "balanced"


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    id: Scenario
    name: str
    p99_latency_ms: float | None  # upper bound; None = no bound
    ttft_ms: float | None  # upper bound; None = n/a
    min_latency_ms: float | None  # batch analytics: "> 10 s", a floor, not a target
    typical_build: str
    cpu_preference: CpuPreference
    source: str = SCENARIO_SOURCE

    @property
    def latency_sensitive(self) -> bool:
        return self.cpu_preference is CpuPreference.CLOCK


SCENARIOS: dict[Scenario, ScenarioSpec] = {
    Scenario.CHAT: ScenarioSpec(
        Scenario.CHAT, "Real-time chat assistant", 200, 100, None,
        "1-2 high-end GPUs, high-clock CPU", CpuPreference.CLOCK,
    ),
    Scenario.CODE: ScenarioSpec(
        Scenario.CODE, "Code completion", 500, 200, None, "1 upper-mid GPU", CpuPreference.CLOCK,
    ),
    Scenario.SUMMARIZATION: ScenarioSpec(
        Scenario.SUMMARIZATION, "Offline document summarisation", 5000, 1000, None,
        "several mid GPUs, batching", CpuPreference.CORES,
    ),
    Scenario.RAG: ScenarioSpec(
        Scenario.RAG, "Retrieval-augmented generation (RAG)", 1000, 300, None,
        "1 mid GPU + large RAM", CpuPreference.BALANCED,
    ),
    Scenario.BATCH: ScenarioSpec(
        Scenario.BATCH, "Batch analytics", None, None, 10000,
        "T4/A10 class, offline batch", CpuPreference.CORES,
    ),
}


def scenario_spec(scenario: Scenario | str) -> ScenarioSpec:
    return SCENARIOS[Scenario(scenario)]
