"""Whatever a user drags where, validation answers: it never raises, stays ordered, and its fixes apply."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.build import Build, Environment, Placement, Redundancy, Workload, slot_layout
from app.core.parts import Chassis, Llm
from app.core.precision import Precision
from app.rules import FixError, RuleEngine, apply_fix
from tests.rules.factory import PARTS, hgx_build, small_build

ENGINE = RuleEngine(PARTS)
CHASSIS = sorted(p.id for p in PARTS.values() if isinstance(p, Chassis))
HARDWARE = sorted(p.id for p in PARTS.values() if not isinstance(p, Chassis | Llm))
LLMS = sorted(p.id for p in PARTS.values() if isinstance(p, Llm))
# Slot ids of every test chassis plus a few that exist nowhere.
SLOTS = sorted({s.id for c in CHASSIS for s in slot_layout(PARTS[c]).slots}  # type: ignore[arg-type]
               | {"gpu12", "pcie20", "dimm-s3-c0-0", "m2-3"})


@st.composite
def builds(draw: st.DrawFn) -> Build:
    slots = draw(st.lists(st.sampled_from(SLOTS), unique=True, max_size=40))
    placements: dict[tuple[str, Any], list[str]] = {}
    for slot in slots:
        part = draw(st.sampled_from([*HARDWARE, "unknown-part", "llama-8b"]))
        placements.setdefault((part, None), []).append(slot)
    workload = None
    if draw(st.booleans()):
        tp = draw(st.sampled_from([1, 2, 3, 4, 8, 16]))
        workload = Workload(
            llm_id=draw(st.sampled_from([*LLMS, "unknown-model"])),
            weight_precision=draw(st.sampled_from(["bf16", "fp8", "int8", "int4", "fp4"])),
            kv_precision=draw(st.sampled_from(["bf16", "fp8"])),
            input_tokens=draw(st.integers(1, 200_000)), output_tokens=draw(st.integers(1, 8192)),
            concurrency=draw(st.none() | st.integers(1, 5000)), target_qps=3.0,
            scenario=draw(st.sampled_from(["chat", "code", "summarization", "rag", "batch"])),
            tp=tp, pp=draw(st.sampled_from([1, 2, 4])),
            engine=draw(st.sampled_from(["vllm", "trtllm", "sglang", "llamacpp", "other"])),
        )
    env = draw(st.sampled_from([
        Environment(kind="edge"), Environment(kind="enterprise"), Environment(kind="datacenter"),
        Environment(kind="custom", feed_amps=16, feed_phases=3, feed_voltage_v=120, cooling="immersion"),
        Environment(kind="datacenter", cooling="office-air", rack_units=4),
    ]))
    return Build(
        name="fuzz",
        chassis_id=draw(st.sampled_from([*CHASSIS, "no-such-chassis", "l40s"])),
        placements=tuple(Placement(part_id=p, slots=tuple(s)) for (p, _), s in placements.items()),
        workload=workload,
        environment=env,
        psu_redundancy=draw(st.sampled_from(list(Redundancy))),
        node_count=draw(st.integers(1, 5)),
    )


def check(build: Build) -> None:
    report = ENGINE.validate(build)
    keys = [(f.severity.rank, f.rule_id) for f in report.findings]
    assert keys == sorted(keys)
    assert report == ENGINE.validate(build)  # deterministic
    report.to_dict()
    for f in report.findings:
        assert f.message and f.explanation
        for fix in f.fixes:
            try:
                ENGINE.validate(apply_fix(build, fix))
            except FixError as exc:  # a fix that does not apply is a bug in the rule that offered it
                raise AssertionError(f"{f.rule_id}: {fix.description}: {exc}") from exc


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(builds())
def test_any_build_validates_and_every_fix_applies(build: Build) -> None:
    check(build)


KINDS: dict[str, list[str]] = {}
for _p in PARTS.values():
    KINDS.setdefault(_p.kind.value, []).append(_p.id)


@st.composite
def edited_builds(draw: st.DrawFn) -> Build:
    """Realistic builds: a clean one with a few parts swapped, removed or re-specified."""
    base = draw(st.sampled_from([hgx_build(), small_build(), small_build(chassis="edge-1u", gpu="l20"),
                                 small_build(gpu="h100-pcie", gpus=4, llm="llama-70b", tp=4)]))
    placements = list(base.placements)
    for _ in range(draw(st.integers(0, 4))):
        i = draw(st.integers(0, len(placements) - 1))
        p = placements[i]
        action = draw(st.sampled_from(["swap", "drop", "trim"]))
        if action == "swap":
            placements[i] = p.model_copy(update={"part_id": draw(st.sampled_from(KINDS[PARTS[p.part_id].kind.value]))})
        elif action == "drop" and len(placements) > 1:
            placements.pop(i)
        elif len(p.slots) > 1:
            placements[i] = p.model_copy(update={"slots": p.slots[: draw(st.integers(1, len(p.slots) - 1))]})
    assert base.workload is not None
    workload = base.workload.model_copy(update={
        "llm_id": draw(st.sampled_from(KINDS["llm"])),
        "weight_precision": draw(st.sampled_from(list(Precision))),
        "concurrency": draw(st.integers(1, 512)),
        "tp": draw(st.sampled_from([1, 2, 4, 8])),
    })
    return base.model_copy(update={
        "placements": tuple(placements), "workload": workload,
        "environment": draw(st.sampled_from([Environment(kind=k) for k in ("edge", "enterprise", "datacenter")])),
        "node_count": draw(st.integers(1, 4)),
    })


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited_builds())
def test_edited_builds_validate_and_fixes_apply(build: Build) -> None:
    check(build)
