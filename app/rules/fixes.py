"""Fixes as data: edit operations the GUI can show, apply, undo and store.

A fix is a description plus a list of edit operations; :func:`apply_fix` returns a new build and
never touches the old one. The same operations serve the GUI's own edits, so one undo stack works
for hand edits and applied fixes alike.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.core.build import Build, DriveRole, Environment, Placement, Redundancy, Workload

_OP = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

Scalar = str | int | float | bool | None


class FixError(ValueError):
    """A fix does not apply to this build (slot taken, field unknown, value out of range)."""


class SetWorkload(BaseModel):
    model_config = _OP
    op: Literal["set_workload"] = "set_workload"
    changes: dict[str, Scalar]


class SetEnvironment(BaseModel):
    model_config = _OP
    op: Literal["set_environment"] = "set_environment"
    changes: dict[str, Scalar]


class SetRedundancy(BaseModel):
    model_config = _OP
    op: Literal["set_redundancy"] = "set_redundancy"
    mode: Redundancy


class AddParts(BaseModel):
    model_config = _OP
    op: Literal["add_parts"] = "add_parts"
    part_id: str
    slots: tuple[str, ...] = Field(min_length=1)
    role: DriveRole | None = None


class RemoveParts(BaseModel):
    model_config = _OP
    op: Literal["remove_parts"] = "remove_parts"
    slots: tuple[str, ...] = Field(min_length=1)


class ReplacePart(BaseModel):
    model_config = _OP
    op: Literal["replace_part"] = "replace_part"
    slots: tuple[str, ...] = Field(min_length=1)
    part_id: str


class SetPsus(BaseModel):
    """Replace every PSU with ``count`` of one model in psu0..psu{count-1}."""

    model_config = _OP
    op: Literal["set_psus"] = "set_psus"
    part_id: str
    count: int = Field(ge=1, le=12)


class SetNodeCount(BaseModel):
    model_config = _OP
    op: Literal["set_node_count"] = "set_node_count"
    count: int = Field(ge=1, le=10_000)


class SetGpuPowerCap(BaseModel):
    """Set (or, with None, clear) the power limit of the build's GPUs (Build.gpu_power_cap_w)."""

    model_config = _OP
    op: Literal["set_gpu_power_cap"] = "set_gpu_power_cap"
    watts: float | None = Field(default=None, gt=0, le=5000)  # the build checks its own range


EditOp = Annotated[
    SetWorkload | SetEnvironment | SetRedundancy | AddParts | RemoveParts | ReplacePart | SetPsus | SetNodeCount
    | SetGpuPowerCap,
    Field(discriminator="op"),
]


class Fix(BaseModel):
    model_config = _OP
    description: str
    ops: tuple[EditOp, ...] = Field(min_length=1)


def _placements_without(build: Build, slots: set[str], *, strict: bool) -> list[Placement]:
    found: set[str] = set()
    out: list[Placement] = []
    for p in build.placements:
        keep = tuple(s for s in p.slots if s not in slots)
        found.update(s for s in p.slots if s in slots)
        if len(keep) == len(p.slots):
            out.append(p)
        elif keep:
            out.append(p.model_copy(update={"slots": keep}))
    if strict and found != slots:
        raise FixError("no part in slot " + ", ".join(sorted(slots - found)))
    return out


def _with_added(placements: list[Placement], occupied: set[str], part_id: str, slots: tuple[str, ...],
                role: DriveRole | None) -> list[Placement]:
    taken = [s for s in slots if s in occupied]
    if taken:
        raise FixError("slot already holds a part: " + ", ".join(taken))
    try:
        for i, p in enumerate(placements):
            if p.part_id == part_id and p.role == role:
                placements[i] = Placement(part_id=part_id, slots=p.slots + slots, role=role)
                return placements
        placements.append(Placement(part_id=part_id, slots=slots, role=role))
    except ValidationError as exc:
        raise FixError(str(exc.errors()[0]["msg"])) from None
    return placements


def _merged(model: type[Workload] | type[Environment], current: BaseModel | None, changes: dict[str, Scalar]) -> Any:
    data = current.model_dump() if current is not None else {}
    unknown = set(changes) - set(model.model_fields)
    if unknown:
        raise FixError(f"unknown {model.__name__.lower()} field: " + ", ".join(sorted(unknown)))
    data.update(changes)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc, msg = ".".join(str(x) for x in err["loc"]), str(err["msg"]).removeprefix("Value error, ")
        raise FixError(f"{loc}: {msg}" if loc else msg) from None


def apply_op(build: Build, op: EditOp) -> Build:
    """One edit; returns a new build."""
    update: dict[str, Any]
    if isinstance(op, SetWorkload):
        update = {"workload": _merged(Workload, build.workload, op.changes)}
    elif isinstance(op, SetEnvironment):
        update = {"environment": _merged(Environment, build.environment, op.changes)}
    elif isinstance(op, SetRedundancy):
        update = {"psu_redundancy": op.mode}
    elif isinstance(op, SetNodeCount):
        update = {"node_count": op.count}
    elif isinstance(op, SetGpuPowerCap):
        update = {"gpu_power_cap_w": op.watts}
    elif isinstance(op, AddParts):
        placements = list(build.placements)
        update = {"placements": _with_added(placements, set(build.occupied()), op.part_id, op.slots, op.role)}
    elif isinstance(op, RemoveParts):
        update = {"placements": _placements_without(build, set(op.slots), strict=True)}
    elif isinstance(op, ReplacePart):
        kept = _placements_without(build, set(op.slots), strict=False)
        occupied = {s for p in kept for s in p.slots}
        update = {"placements": _with_added(kept, occupied, op.part_id, op.slots, None)}
    else:  # SetPsus
        psu_slots = {s for s, _ in build.iter_slots() if s.startswith("psu")}
        kept = _placements_without(build, psu_slots, strict=False)
        occupied = {s for p in kept for s in p.slots}
        slots = tuple(f"psu{i}" for i in range(op.count))
        update = {"placements": _with_added(kept, occupied, op.part_id, slots, None)}
    if "placements" in update:
        update["placements"] = tuple(update["placements"])
    # Parts, workload and environment are already validated models; only the build's own checks run.
    try:
        return Build.model_validate({**dict(build), **update})
    except ValidationError as exc:
        raise FixError(str(exc.errors()[0]["msg"])) from None


def apply_fix(build: Build, fix: Fix) -> Build:
    """Apply every operation of a fix in order; the input build is unchanged (models are frozen)."""
    for op in fix.ops:
        build = apply_op(build, op)
    return build
