"""The shared project library and the team rule profile, as this copy holds them.

Projects are kept whole (the project file's JSON, validated) in the local database and shared on the
next sync; each has an owner, the only one (besides a catalog admin) whose changes the server takes.
"""

from __future__ import annotations

import uuid
from typing import Any

from app.team.errors import TeamError
from app.team.local import LocalStore
from app.team.text import t

PROFILE_ID = "team"


def _touch(local: LocalStore, c: Any, kind: str, row_id: str, deleted: bool) -> None:
    """A local edit: one more change on top of whatever server version the row is based on."""
    c.execute("INSERT INTO team_rows (kind, id, dirty, deleted) VALUES (?, ?, 1, ?) ON CONFLICT (kind, id) "
              "DO UPDATE SET dirty = dirty + 1, deleted = excluded.deleted", (kind, row_id, int(deleted)))


def share_project(local: LocalStore, text: str, project_id: str | None = None, *, owner: str = "") -> str:
    """Add a project to the library (or replace library project ``project_id``); returns its ID."""
    from app.project import ProjectFileError, parse_project  # noqa: PLC0415

    try:
        project = parse_project(text)
    except ProjectFileError as exc:
        raise TeamError(str(exc)) from None
    row_id = project_id or str(uuid.uuid4())
    existing = local.read("project", row_id)
    if project_id is not None and existing is None:
        raise TeamError(t("no project {id} in the team library", id=project_id))
    with local.transaction() as c:
        local.write(c, "project", {"id": row_id, "name": project.project.name, "data": text,
                                   "owner": existing["owner"] if existing else owner}, row_id)
        _touch(local, c, "project", row_id, False)
    return row_id


def delete_project(local: LocalStore, project_id: str) -> None:
    if local.read("project", project_id) is None:
        raise TeamError(t("no project {id} in the team library", id=project_id))
    with local.transaction() as c:
        local.write(c, "project", None, project_id)
        _touch(local, c, "project", project_id, True)


def project_text(local: LocalStore, project_id: str) -> str:
    row = local.read("project", project_id)
    if row is None:
        raise TeamError(t("no project {id} in the team library", id=project_id))
    return str(row["data"])


def list_projects(local: LocalStore) -> list[dict[str, Any]]:
    rows = local.conn.execute(
        "SELECT d.id, d.name, d.owner, coalesce(r.version, 0), coalesce(r.dirty, 0), "
        "EXISTS (SELECT 1 FROM team_conflicts c WHERE c.kind = 'project' AND c.id = d.id) "
        "FROM team_docs d LEFT JOIN team_rows r ON r.kind = d.kind AND r.id = d.id "
        "WHERE d.kind = 'project' ORDER BY d.name, d.id").fetchall()
    return [{"id": r[0], "name": r[1], "owner": r[2], "version": int(r[3]), "changed_here": bool(r[4]),
             "conflict": bool(r[5])} for r in rows]


def set_profile(local: LocalStore, text: str, *, owner: str = "") -> None:
    """The team rule profile (a whole profile, validated); shared on the next sync by a catalog admin."""
    from pydantic import ValidationError  # noqa: PLC0415

    from app.rules.profile import RuleProfile  # noqa: PLC0415

    try:
        RuleProfile.model_validate_json(text)
    except ValidationError as exc:
        raise TeamError(t("not a rule profile: {problem}", problem=str(exc).splitlines()[0])) from None
    with local.transaction() as c:
        local.write(c, "profile", {"id": PROFILE_ID, "name": "team", "data": text, "owner": owner}, PROFILE_ID)
        _touch(local, c, "profile", PROFILE_ID, False)


def team_profile_text(local: LocalStore) -> str | None:
    """The team's rule profile JSON as last synced (or edited here), None when the team has none."""
    row = local.read("profile", PROFILE_ID)
    return str(row["data"]) if row else None
