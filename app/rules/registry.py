"""The rule registry: a rule is one function with a decorator, nothing else to edit.

``@rule("power.psu-capacity", Severity.ERROR, "...")`` registers the function; the engine runs
every registered rule whose needs are met (a chassis, a workload, a model, GPUs) and stamps the
rule id and the profile's severity on what it yields.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from app.rules.findings import Issue, Severity

if TYPE_CHECKING:
    from app.rules.context import RuleContext

RuleFn = Callable[["RuleContext"], Iterable[Issue]]

# Modules whose import registers the built-in rules.
BUILTIN_RULE_MODULES: tuple[str, ...] = (
    "app.rules.fit",
    "app.rules.vram",
    "app.rules.power",
    "app.rules.cooling",
    "app.rules.rack",
    "app.rules.host",
    "app.rules.multigpu",
    "app.rules.precision",
    "app.rules.serving",
    # Rules over the performance model's estimate at the client's load: they live beside the model
    # (app.perf sits above app.rules) and register here by name, like any other rule module.
    "app.perf.workload_rules",
)


class Need(StrEnum):
    """What a rule needs to say anything; the engine skips it otherwise."""

    CHASSIS = "chassis"
    WORKLOAD = "workload"  # a workload whose LLM is in the catalog
    GPUS = "gpus"
    LOAD = "load"  # a chassis, GPUs and a workload: the performance model can estimate the load


@dataclass(frozen=True, slots=True)
class RuleSpec:
    id: str
    severity: Severity  # the usual severity; a rule may yield others, a profile may override
    title: str
    fn: RuleFn
    needs: frozenset[Need]
    # Rule-profile paths of the thresholds it reads ("host.cores_min", "cooling" for a whole table),
    # so the rule list (python -m app rules) shows each threshold with its value and source.
    thresholds: tuple[str, ...] = ()
    # Where a rule's fixed facts come from when no profile threshold carries them.
    sources: tuple[str, ...] = ()

    @property
    def concern(self) -> str:
        return self.id.split(".", 1)[0]


class RuleRegistry:
    def __init__(self) -> None:
        self._rules: dict[str, RuleSpec] = {}

    def rule(self, rule_id: str, severity: Severity, title: str,
             needs: Iterable[Need] = (Need.CHASSIS,), *, thresholds: Iterable[str] = (),
             sources: Iterable[str] = ()) -> Callable[[RuleFn], RuleFn]:
        def register(fn: RuleFn) -> RuleFn:
            if rule_id in self._rules:
                raise ValueError(f"rule {rule_id} registered twice")
            self._rules[rule_id] = RuleSpec(rule_id, severity, title, fn, frozenset(needs), tuple(thresholds),
                                            tuple(sources))
            return fn

        return register

    def __iter__(self) -> Iterator[RuleSpec]:
        return iter(sorted(self._rules.values(), key=lambda r: r.id))

    def __len__(self) -> int:
        return len(self._rules)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def get(self, rule_id: str) -> RuleSpec | None:
        return self._rules.get(rule_id)


REGISTRY = RuleRegistry()
rule = REGISTRY.rule


def load_builtin_rules() -> RuleRegistry:
    for name in BUILTIN_RULE_MODULES:
        importlib.import_module(name)
    return REGISTRY
