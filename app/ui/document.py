"""The open project: the immutable Project model, its path, and the undo stack that edits it.

Every edit is a QUndoCommand that swaps one Project for the next (models are frozen, so the
swap is cheap and undo is exact). Views listen to signals; none of them edit a build directly.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.core.build import Build, Placement, Redundancy, Workload, slot_layout
from app.core.labels import ENVIRONMENTS, label
from app.core.parts import AnyPart, Chassis, PartKind
from app.core.placement import refusal, why_not
from app.project import (
    Customer,
    Project,
    ProjectChangedOnDiskError,
    ProjectInfo,
    QuoteTerms,
    file_fingerprint,
    load_project,
    save_project,
)
from app.rules.fixes import (
    AddParts,
    EditOp,
    Fix,
    FixError,
    RemoveParts,
    ReplacePart,
    Scalar,
    SetEnvironment,
    SetGpuPowerCap,
    SetRedundancy,
    SetWorkload,
    apply_op,
)

_MERGE_IDS: dict[str, int] = {}
# The most common inference node (HGX H100/H200 8-GPU, EPYC host); any chassis will do if absent.
DEFAULT_CHASSIS = "supermicro-as-8125gs-tnhr"


def _merge_id(key: str) -> int:
    """A stable small integer per merge key (QUndoCommand.id() wants an int)."""
    return _MERGE_IDS.setdefault(key, 1000 + len(_MERGE_IDS)) if key else -1


class ProjectCommand(QUndoCommand):
    """Replace the whole project; ``build_index`` says which build the views should refresh."""

    def __init__(self, doc: ProjectDocument, before: Project, after: Project, text: str,
                 build_index: int | None, merge_key: str = "") -> None:
        super().__init__(text)
        self.doc = doc
        self.before = before
        self.after = after
        self.build_index = build_index
        self.merge_key = merge_key

    def id(self) -> int:
        return _merge_id(self.merge_key)

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ProjectCommand) or other.merge_key != self.merge_key or \
                other.build_index != self.build_index:
            return False
        self.after = other.after
        return True

    def redo(self) -> None:
        self.doc._set_project(self.after, self.build_index)

    def undo(self) -> None:
        self.doc._set_project(self.before, self.build_index)


def new_project(name: str, parts: Mapping[str, AnyPart]) -> Project:
    """A fresh project with one empty build on the first 8-GPU HGX chassis in the catalog."""
    chassis = sorted((p for p in parts.values() if isinstance(p, Chassis)),
                     key=lambda c: (c.id != DEFAULT_CHASSIS, c.gpu_form_factor.value != "SXM", -c.gpu_slots, c.id))
    llm = "meta-llama-3.1-70b" if "meta-llama-3.1-70b" in parts else next(
        (p.id for p in parts.values() if p.kind is PartKind.LLM), None)
    workload = Workload(llm_id=llm) if llm else None
    build = Build(name="Build 1", chassis_id=chassis[0].id if chassis else "no-chassis", workload=workload)
    return Project(project=ProjectInfo(name=name), builds=(build,))


class ProjectDocument(QObject):
    project_replaced = Signal()  # a different project was loaded or created
    build_changed = Signal(int)  # index of the build whose content changed
    builds_changed = Signal()  # builds added, removed or renamed
    path_changed = Signal()
    details_changed = Signal()  # project name, customer, notes or quote terms changed
    edit_failed = Signal(str)  # an edit could not be applied; the reason

    def __init__(self, project: Project, parts: Mapping[str, AnyPart], path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.project = project
        self.parts = parts
        self.path = path
        self.disk_fingerprint = file_fingerprint(path) if path else None  # the file as we last saw it
        self.undo_stack = QUndoStack(self)

    # ---- state ---------------------------------------------------------------------------------
    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def build(self, index: int) -> Build:
        return self.project.builds[index]

    def _set_project(self, project: Project, build_index: int | None) -> None:
        names_before = [b.name for b in self.project.builds]
        details = ("project", "customer", "notes", "quote")
        details_differ = any(getattr(self.project, f) != getattr(project, f) for f in details)
        self.project = project
        if details_differ:
            self.details_changed.emit()
        if [b.name for b in project.builds] != names_before:
            self.builds_changed.emit()
        elif build_index is not None:
            self.build_changed.emit(build_index)
        else:
            for i in range(len(project.builds)):
                self.build_changed.emit(i)

    def _with_build(self, index: int, build: Build) -> Project:
        builds = list(self.project.builds)
        builds[index] = build
        return self.project.model_copy(update={"builds": tuple(builds)})

    def replace(self, project: Project, path: Path | None) -> None:
        """Open another project: a new history."""
        self.undo_stack.clear()
        self.project = project
        self.path = path
        self.disk_fingerprint = file_fingerprint(path) if path else None
        self.undo_stack.setClean()
        self.project_replaced.emit()
        self.path_changed.emit()

    # ---- edits ---------------------------------------------------------------------------------
    def push_build(self, index: int, build: Build, text: str, merge_key: str = "") -> None:
        if build == self.build(index):
            return
        self.undo_stack.push(ProjectCommand(self, self.project, self._with_build(index, build), text, index,
                                            merge_key))

    def apply_ops(self, index: int, ops: Sequence[EditOp], text: str, merge_key: str = "") -> bool:
        build = self.build(index)
        try:
            for op in ops:
                build = apply_op(build, op)
        except FixError as exc:
            self.edit_failed.emit(str(exc))
            return False
        self.push_build(index, build, text, merge_key)
        return True

    def apply_fix(self, index: int, fix: Fix) -> bool:
        return self.apply_ops(index, fix.ops, self.tr("Fix: {0}").format(fix.description))

    def placement_refusal(self, index: int, part_id: str, slots: Sequence[str],
                          freed: Collection[str] = ()) -> str | None:
        """Why ``part_id`` cannot go into ``slots`` of build ``index`` once ``freed`` is emptied: the fit
        rules' own check (placement.why_not), slot by slot; None when it can go, or when the part or
        the chassis is not in the catalog (the rules report those)."""
        build = self.build(index)
        part, chassis = self.parts.get(part_id), self.parts.get(build.chassis_id)
        if part is None or not isinstance(chassis, Chassis):
            return None
        layout = slot_layout(chassis)
        occupied = {s: p for s, p in build.occupied().items() if s not in freed}
        for s in slots:
            slot = layout.by_id.get(s)
            why = why_not(part, slot, chassis, occupied, self.parts) if slot is not None else None
            if why is not None:
                return refusal(part, s, why)
            occupied[s] = part_id
        return None

    def place(self, index: int, part_id: str, slots: Sequence[str]) -> bool:
        """Add a part to free slots; refused, with the reason, where a slot does not take it."""
        why = self.placement_refusal(index, part_id, slots)
        if why is not None:
            self.edit_failed.emit(why)
            return False
        part = self.parts.get(part_id)
        name = part.name if part is not None else part_id
        text = self.tr("Add {n} × {part}").format(n=len(slots), part=name)
        return self.apply_ops(index, [AddParts(part_id=part_id, slots=tuple(slots))], text)

    def replace_parts(self, index: int, part_id: str, slots: Sequence[str]) -> bool:
        why = self.placement_refusal(index, part_id, slots, freed=slots)
        if why is not None:
            self.edit_failed.emit(why)
            return False
        part = self.parts.get(part_id)
        text = self.tr("Replace with {part}").format(part=part.name if part is not None else part_id)
        return self.apply_ops(index, [ReplacePart(part_id=part_id, slots=tuple(slots))], text)

    def move(self, index: int, source: str, target: str) -> bool:
        """Move the part in ``source`` to ``target`` (replacing what is there); one undo step."""
        occupied = self.build(index).occupied()
        part_id = occupied.get(source)
        if part_id is None or source == target:
            return False
        why = self.placement_refusal(index, part_id, [target], freed=(source, target))
        if why is not None:
            self.edit_failed.emit(why)
            return False
        ops: list[EditOp] = [RemoveParts(slots=(source,))]
        ops.append(ReplacePart(part_id=part_id, slots=(target,)) if target in occupied
                   else AddParts(part_id=part_id, slots=(target,)))
        return self.apply_ops(index, ops, self.tr("Move {src} to {dst}").format(src=source, dst=target))

    def remove(self, index: int, slots: Sequence[str]) -> bool:
        return self.apply_ops(index, [RemoveParts(slots=tuple(slots))],
                              self.tr("Remove {n} part(s)").format(n=len(slots)))

    def edit_setting(self, index: int, op: str, changes: dict[str, Scalar], merge_key: str = "") -> bool:
        """Workload, environment, redundancy and chassis edits from the settings panel."""
        if op == "set_chassis":
            return self.change_chassis(index, str(changes["chassis_id"]))
        edit: EditOp
        if op == "set_workload":
            build = self.build(index)
            if build.workload is None and "llm_id" not in changes:
                self.edit_failed.emit(self.tr("Choose a model first."))
                return False
            edit = SetWorkload(changes=changes)
        elif op == "set_environment":
            edit = SetEnvironment(changes=changes)
        elif op == "set_redundancy":
            edit = SetRedundancy(mode=Redundancy(str(changes["mode"])))
        elif op == "set_gpu_power_cap":
            watts = changes.get("watts")
            edit = SetGpuPowerCap(watts=float(watts) if watts else None)
        else:
            raise ValueError(op)
        field = ", ".join(changes)
        if op == "set_environment" and "kind" in changes:
            text = self.tr("Change site to {0}").format(label(ENVIRONMENTS, changes["kind"]))
        elif op == "set_environment" and len(changes) > 2:
            text = self.tr("Site back to the preset's figures")
        else:
            text = self.tr("Change {0}").format(field)
        return self.apply_ops(index, [edit], text, merge_key)

    def change_chassis(self, index: int, chassis_id: str) -> bool:
        """Keep what still fits in the new chassis; say what did not."""
        build = self.build(index)
        chassis = self.parts.get(chassis_id)
        if not isinstance(chassis, Chassis):
            self.edit_failed.emit(self.tr("'{0}' is not a chassis").format(chassis_id))
            return False
        layout = slot_layout(chassis)
        kept: list[Placement] = []
        dropped: list[str] = []
        occupied: dict[str, str] = {}
        for p in build.placements:
            part = self.parts.get(p.part_id)
            slots = []
            for s in p.slots:
                slot = layout.by_id.get(s)
                if part is not None and slot is not None and why_not(part, slot, chassis, occupied, self.parts) is None:
                    slots.append(s)
                    occupied[s] = p.part_id
                else:
                    dropped.append(f"{part.name if part else p.part_id} ({s})")
            if slots:
                kept.append(p.model_copy(update={"slots": tuple(slots)}))
        new = build.model_copy(update={"chassis_id": chassis_id, "placements": tuple(kept)})
        self.push_build(index, Build.model_validate(dict(new)), self.tr("Change chassis to {0}").format(chassis.name))
        if dropped:
            self.edit_failed.emit(self.tr("Removed what does not fit {chassis}: {parts}").format(
                chassis=chassis.name, parts=", ".join(dropped)))
        return True

    def add_build(self, build: Build) -> None:
        names = set(self.project.build_names)
        name, n = build.name, 2
        while name in names:
            name = f"{build.name} ({n})"
            n += 1
        build = build.model_copy(update={"name": name})
        after = self.project.model_copy(update={"builds": (*self.project.builds, build)})
        self.undo_stack.push(ProjectCommand(self, self.project, after, self.tr("Add build {0}").format(name),
                                            len(after.builds) - 1))

    def remove_build(self, index: int) -> None:
        if len(self.project.builds) <= 1:
            self.edit_failed.emit(self.tr("A project keeps at least one build."))
            return
        builds = tuple(b for i, b in enumerate(self.project.builds) if i != index)
        name = self.project.builds[index].name
        chosen = self.project.quote.include_builds  # the quote's choice of builds follows
        quote = self.project.quote if chosen is None else \
            self.project.quote.model_copy(update={"include_builds": tuple(n for n in chosen if n != name)})
        after = self.project.model_copy(update={"builds": builds, "quote": quote})
        self.undo_stack.push(ProjectCommand(self, self.project, after, self.tr("Remove build {0}").format(name),
                                            None))

    def rename_build(self, index: int, name: str) -> None:
        name = name.strip()
        if not name or name in self.project.build_names:
            self.edit_failed.emit(self.tr("Build names must be unique and not empty."))
            return
        old = self.build(index).name
        build = self.build(index).model_copy(update={"name": name})
        after = self._with_build(index, build)
        chosen = after.quote.include_builds  # the quote's choice of builds follows the new name
        if chosen is not None:
            renamed = tuple(name if n == old else n for n in chosen)
            after = after.model_copy(update={"quote": after.quote.model_copy(update={"include_builds": renamed})})
        self.undo_stack.push(ProjectCommand(self, self.project, after, self.tr("Rename build to {0}").format(name),
                                            index))

    def edit_quote_details(self, info: ProjectInfo, customer: Customer, notes: str, quote: QuoteTerms) -> bool:
        """The quote details (project name, quote number, author, customer, notes, quote terms) as one
        undoable step; the parts come validated (the dialog builds them). False when nothing changed."""
        after = self.project.model_copy(update={"project": info, "customer": customer, "notes": notes,
                                                "quote": quote})
        if after == self.project:
            return False
        self.undo_stack.push(ProjectCommand(self, self.project, after, self.tr("Edit quote details"), None))
        return True

    # ---- files ---------------------------------------------------------------------------------
    def save(self, path: Path, *, overwrite_changes: bool = False) -> None:
        """Atomic write (app.project.io); raises ProjectFileError, leaving the old file intact, and
        ProjectChangedOnDiskError when the file is this project's own and someone else changed it
        since it was opened or saved here (unless ``overwrite_changes``)."""
        if (not overwrite_changes and self.path is not None and self.disk_fingerprint is not None
                and path.resolve() == self.path.resolve()):
            on_disk = file_fingerprint(path)  # None: gone, nobody's work to overwrite
            if on_disk is not None and on_disk != self.disk_fingerprint:
                raise ProjectChangedOnDiskError(path)
        self.disk_fingerprint = save_project(self.project, path)
        self.path = path
        self.undo_stack.setClean()
        self.path_changed.emit()

    @staticmethod
    def load(path: Path) -> Project:
        return load_project(path)
