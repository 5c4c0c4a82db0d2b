"""`python -m app team …`: connect this copy to a team server, sync, settle conflicts, share projects.

Nothing of app.team (nor psycopg, alembic, keyring) is imported until a ``team`` command runs.

JSON shapes (stable; keys are only ever added):
- init: {"server": str, "user": str, "admin": bool, "sales": bool, "schema": str|null, "settings": path}.
- status: {"configured": bool, "server": str|null, "online": bool, "user", "admin", "schema", "error": str|null,
  "local": {"synced": {kind: N}, "pending": {kind: N}, "conflicts": N, "last_sync", "watermark"},
  "conflicts": [CONFLICT]}; CONFLICT = {"kind", "id", "base_version", "theirs_version", "theirs", "mine",
  "reason", "detected_at"}.
- sync: {"first", "pulled": {kind: N}, "pushed": {kind: N}, "held": {kind: N}, "conflicts": [{"kind", "id",
  "reason"}], "user", "admin", "elapsed_ms", "resolved": [{"kind", "id", "choice", "copy"}]}.
- projects: {"projects": [{"id", "name", "owner", "version", "changed_here", "conflict"}]}.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.cli import CliError
from app.cli.text import t

KINDS = ("part", "price", "profile", "project")
TEAM_LIBRARIES = ("psycopg", "alembic", "keyring", "psycopg_binary")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("team", help="the optional team server: shared catalog, prices, profile and projects")
    tsub = p.add_subparsers(dest="team_command", metavar="ACTION", required=True)

    init = tsub.add_parser("init", help="connect this copy to a team server (and create its schema)")
    init.add_argument("--host", required=True)
    init.add_argument("--port", type=int, default=5432)
    init.add_argument("--database", required=True)
    init.add_argument("--user", required=True)
    init.add_argument("--sslmode", default="prefer",
                      help="TLS: disable, allow, prefer, require, verify-ca or verify-full (default prefer)")
    init.add_argument("--password-stdin", action="store_true",
                      help="read the password from standard input and keep it in the OS keyring")
    init.add_argument("--setup-server", action="store_true",
                      help="create or upgrade the server's schema and roles (a database owner with CREATEROLE)")
    init.add_argument("--json", action="store_true")
    init.set_defaults(func=_guarded(cmd_init))

    status = tsub.add_parser("status", help="the connection, this copy's sync state and its conflicts")
    status.add_argument("--offline", action="store_true", help="do not contact the server")
    status.add_argument("--json", action="store_true")
    status.set_defaults(func=_guarded(cmd_status))

    sync = tsub.add_parser("sync", help="pull the team's changes and push this copy's")
    sync.add_argument("--resolve", action="append", default=[], metavar="KIND:ID=CHOICE",
                      help="settle a conflict first: theirs, mine or both (as copies), e.g. project:ID=both")
    sync.add_argument("--json", action="store_true")
    sync.set_defaults(func=_guarded(cmd_sync))

    add = tsub.add_parser("add-user", help="create a team login (needs CREATEROLE); password from standard input")
    add.add_argument("login")
    add.add_argument("--role", choices=("sales", "admin"), required=True)
    add.set_defaults(func=_guarded(cmd_add_user))

    share = tsub.add_parser("share", help="put a project file into the team library (shared on the next sync)")
    share.add_argument("file", type=Path)
    share.add_argument("--id", help="replace this library project instead of adding a new one")
    share.set_defaults(func=_guarded(cmd_share))

    projects = tsub.add_parser("projects", help="the team library as this copy holds it")
    projects.add_argument("--json", action="store_true")
    projects.set_defaults(func=_guarded(cmd_projects))

    get = tsub.add_parser("get", help="write a library project to a project file")
    get.add_argument("id")
    get.add_argument("out", type=Path)
    get.set_defaults(func=_guarded(cmd_get))


def _guarded(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A team error anywhere in a command is one line and exit 2, like every other command's."""

    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except _team_errors() as exc:
            raise CliError(str(exc)) from None
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.split(".")[0] in TEAM_LIBRARIES:
                raise CliError(t("the team server needs the 'team' extra ({name} is missing): "
                                 "pip install \"inference-sizer[team]\"", name=exc.name)) from None
            raise

    return run


def _team_errors() -> type[Exception]:
    from app.team.errors import TeamError  # noqa: PLC0415

    return TeamError


def _settings(args: argparse.Namespace) -> Any:
    from app.team.settings import load_settings  # noqa: PLC0415

    settings = load_settings(args.data_dir)
    if settings is None:
        raise CliError(t("no team server is set up here; run `python -m app team init --host … --database … "
                         "--user …` first"))
    return settings


def _read_secret() -> str:
    secret = sys.stdin.readline().rstrip("\r\n")
    if not secret:
        raise CliError(t("no password on standard input"))
    return secret


def cmd_init(args: argparse.Namespace) -> int:
    TeamError = _team_errors()  # noqa: N806
    from app.team.server import connect, upgrade_schema, whoami  # noqa: PLC0415
    from app.team.settings import TeamSettings, save_settings, store_password  # noqa: PLC0415

    try:
        settings = TeamSettings(host=args.host, port=args.port, database=args.database, user=args.user,
                                sslmode=args.sslmode).validate()
        password = _read_secret() if args.password_stdin else None
        with connect(settings, password) as conn:
            if args.setup_server:
                upgrade_schema(conn)
            who = whoami(conn)
        if password is not None:
            store_password(settings, password)
        path = save_settings(settings, args.data_dir)
    except TeamError as exc:
        raise CliError(str(exc)) from None
    out = {"server": settings.describe(), "user": who.user, "admin": who.is_admin, "sales": who.is_sales,
           "schema": who.revision, "settings": str(path)}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(t("Connected to {server} as {user} ({role}); server schema {schema}.", server=out["server"],
                user=who.user, role=t("catalog admin") if who.is_admin else t("sales") if who.is_sales
                else t("no team role"), schema=who.revision or t("not created")))
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    TeamError = _team_errors()  # noqa: N806
    from app.team.local import open_local  # noqa: PLC0415
    from app.team.server import connect, whoami  # noqa: PLC0415
    from app.team.settings import load_settings  # noqa: PLC0415

    try:
        settings = load_settings(args.data_dir)
    except TeamError as exc:
        raise CliError(str(exc)) from None
    out: dict[str, Any] = {"configured": settings is not None, "server": settings.describe() if settings else None,
                           "online": False, "user": None, "admin": False, "schema": None, "error": None}
    if settings is not None and not args.offline:
        try:
            with connect(settings, connect_timeout_s=5) as conn:
                who = whoami(conn)
            out.update(online=True, user=who.user, admin=who.is_admin, schema=who.revision)
        except TeamError as exc:
            out["error"] = str(exc)
    local = open_local(args.data_dir)
    try:
        out["local"] = local.counts()
        out["conflicts"] = [c.to_json() for c in local.conflicts()]
    finally:
        local.close()
    if args.json:
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    if not out["configured"]:
        print(t("No team server is set up; this copy works on its own."))
    else:
        state = t("online as {user}", user=out["user"]) if out["online"] else t("offline ({error})",
                                                                                error=out["error"] or "--offline")
        print(t("Team server {server}: {state}", server=out["server"], state=state))
    counts = out["local"]
    print(t("Synced: {synced}; changed here: {pending}; conflicts: {conflicts}; last sync: {last}",
            synced=_per_kind(counts["synced"]), pending=_per_kind(counts["pending"]),
            conflicts=counts["conflicts"], last=counts["last_sync"] or t("never")))
    for c in out["conflicts"]:
        print(t("  conflict {kind}:{id}: {reason} (resolve with --resolve {kind}:{id}=theirs|mine|both)",
                kind=c["kind"], id=c["id"], reason=c["reason"]))
    return 0


def _per_kind(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {n}" for k, n in counts.items())


def _parse_resolution(text: str) -> tuple[str, str, str]:
    kind, sep, rest = text.partition(":")
    row_id, sep2, choice = rest.rpartition("=")
    if not sep or not sep2 or kind not in KINDS or not row_id or choice not in ("theirs", "mine", "both"):
        raise CliError(t("--resolve {text!r}: write KIND:ID=theirs|mine|both, KIND one of {kinds}",
                         text=text, kinds=", ".join(KINDS)))
    return kind, row_id, choice


def cmd_sync(args: argparse.Namespace) -> int:
    TeamError = _team_errors()  # noqa: N806
    from app.team.local import open_local  # noqa: PLC0415
    from app.team.server import connect  # noqa: PLC0415
    from app.team.sync import SyncEngine, resolve  # noqa: PLC0415

    wanted = [_parse_resolution(r) for r in args.resolve]
    settings = _settings(args)
    local = open_local(args.data_dir)
    resolved = []
    try:
        for kind, row_id, choice in wanted:
            copy = resolve(local, kind, row_id, choice, user=settings.user)
            resolved.append({"kind": kind, "id": row_id, "choice": choice, "copy": copy})
        with connect(settings) as conn:
            report = SyncEngine(local, conn).sync()
    except TeamError as exc:
        raise CliError(str(exc)) from None
    finally:
        local.close()
    out = report.to_json() | {"resolved": resolved}
    if args.json:
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    print(t("Synced in {ms:.0f} ms: pulled {pulled}; pushed {pushed}.", ms=report.elapsed_ms,
            pulled=_per_kind(report.pulled), pushed=_per_kind(report.pushed)))
    if any(report.held.values()):
        print(t("Kept here (only a catalog admin shares parts, prices and the profile): {held}",
                held=_per_kind(report.held)))
    for kind, row_id, reason in report.conflicts:
        print(t("Conflict {kind}:{id}: {reason}; resolve with --resolve {kind}:{id}=theirs|mine|both",
                kind=kind, id=row_id, reason=reason))
    return 0


def cmd_add_user(args: argparse.Namespace) -> int:
    TeamError = _team_errors()  # noqa: N806
    from app.team.server import add_user, connect  # noqa: PLC0415

    password = _read_secret()
    try:
        with connect(_settings(args)) as conn:
            add_user(conn, args.login, args.role, password)
    except TeamError as exc:
        raise CliError(str(exc)) from None
    print(t("Added {login} ({role}).", login=args.login, role=args.role))
    return 0


def cmd_share(args: argparse.Namespace) -> int:
    TeamError = _team_errors()  # noqa: N806
    from app.core.files import read_regular_file  # noqa: PLC0415
    from app.project.io import MAX_FILE_BYTES  # noqa: PLC0415
    from app.team.library import share_project  # noqa: PLC0415
    from app.team.local import open_local  # noqa: PLC0415
    from app.team.settings import load_settings  # noqa: PLC0415

    try:
        text = read_regular_file(args.file, MAX_FILE_BYTES).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(t("{path}: cannot read: {problem}", path=args.file, problem=exc)) from None
    local = open_local(args.data_dir)
    try:
        settings = load_settings(args.data_dir)
        row_id = share_project(local, text, args.id, owner=settings.user if settings else "")
    except TeamError as exc:
        raise CliError(str(exc)) from None
    finally:
        local.close()
    print(row_id)
    return 0


def cmd_projects(args: argparse.Namespace) -> int:
    from app.team.library import list_projects  # noqa: PLC0415
    from app.team.local import open_local  # noqa: PLC0415

    local = open_local(args.data_dir)
    try:
        projects = list_projects(local)
    finally:
        local.close()
    if args.json:
        print(json.dumps({"projects": projects}, indent=2, ensure_ascii=False))
        return 0
    for p in projects:
        flags = (" *" if p["changed_here"] else "") + (" !" if p["conflict"] else "")
        print(f"{p['id']}  {p['name']}  ({p['owner']}, v{p['version']}){flags}")
    return 0


def cmd_get(args: argparse.Namespace) -> int:
    TeamError = _team_errors()  # noqa: N806
    from app.core.files import write_file_atomically  # noqa: PLC0415
    from app.team.library import project_text  # noqa: PLC0415
    from app.team.local import open_local  # noqa: PLC0415

    local = open_local(args.data_dir)
    try:
        text = project_text(local, args.id)
    except TeamError as exc:
        raise CliError(str(exc)) from None
    finally:
        local.close()
    try:
        write_file_atomically(args.out, text.encode("utf-8"))
    except OSError as exc:
        raise CliError(t("{path}: cannot write: {problem}", path=args.out, problem=exc.strerror or exc)) from None
    print(args.out)
    return 0
