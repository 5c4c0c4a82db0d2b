"""Weights in a precision the GPU has no tensor cores for are an error, with fixes that clear it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.catalog.store import Catalog
from app.core.build import Build, Placement, Workload
from app.core.precision import Precision
from app.rules import RuleEngine
from app.rules.findings import Severity
from app.rules.fixes import apply_fix


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RuleEngine]:
    cat = Catalog.open(tmp_path_factory.mktemp("prec") / "catalog.db")
    yield RuleEngine(cat.parts_by_id())
    cat.close()


def _build(gpu: str, precision: Precision, chassis: str = "supermicro-as-8125gs-tnhr") -> Build:
    return Build(name="b", chassis_id=chassis, placements=(Placement(part_id=gpu, slots=("gpu0",)),),
                 workload=Workload(llm_id="meta-llama-3.1-8b", weight_precision=precision,
                                   kv_precision=Precision.BF16, concurrency=1, scenario="batch"))


@pytest.mark.parametrize(("gpu", "precision", "fix"), [
    ("nvidia-h100-sxm5-80gb", Precision.FP4, "fp8"),   # Hopper: no FP4 tensor cores
    ("nvidia-a100-sxm4-80gb", Precision.FP8, "int8"),  # Ampere: no FP8
    ("nvidia-t4", Precision.BF16, "fp16"),              # Turing: no BF16
])
def test_unsupported_weights_are_an_error_with_a_fix_that_clears_it(engine: RuleEngine, gpu: str,
                                                                     precision: Precision, fix: str) -> None:
    build = _build(gpu, precision)
    (finding,) = engine.validate(build).by_rule("precision.weights")
    assert finding.severity is Severity.ERROR and precision.value.upper() in finding.message
    first = finding.fixes[0]
    assert first.ops[0].changes == {"weight_precision": fix}  # type: ignore[union-attr]
    assert not engine.validate(apply_fix(build, first)).by_rule("precision.weights")


@pytest.mark.parametrize(("gpu", "precision"), [
    ("nvidia-h100-sxm5-80gb", Precision.FP8), ("nvidia-a100-sxm4-80gb", Precision.INT4),
    ("nvidia-t4", Precision.INT8), ("nvidia-t4", Precision.FP16), ("nvidia-b200-sxm", Precision.FP4),
])
def test_supported_weights_pass(engine: RuleEngine, gpu: str, precision: Precision) -> None:
    assert not engine.validate(_build(gpu, precision)).by_rule("precision.weights")
