"""Talking to the team server: connect, create or upgrade its schema (Alembic), add users, who am I.

Errors become a TeamError with one sentence; libpq's messages are passed on (they never hold the
password) but the connection string is never shown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.team.errors import TeamError
from app.team.settings import TeamSettings, conninfo, read_password
from app.team.text import t

if TYPE_CHECKING:
    import psycopg

SCHEMA_HEAD = "0001"  # the newest server migration this app knows (migrations/versions/)
SALES_ROLE = "inference_sizer_sales"
ADMIN_ROLE = "inference_sizer_admin"
ROLES = {"sales": SALES_ROLE, "admin": ADMIN_ROLE}
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
_LOGIN = re.compile(r"^[a-z_][a-z0-9_.@-]{0,62}$")


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:300]


def connect(settings: TeamSettings, password: str | None = None, *, connect_timeout_s: int = 10) -> psycopg.Connection:
    """A new connection (autocommit off). ``password`` None: the keyring's, else libpq's own sources."""
    import psycopg  # noqa: PLC0415 - only with a team server

    secret = password if password is not None else read_password(settings)
    try:
        return psycopg.connect(conninfo(settings, secret, connect_timeout_s=connect_timeout_s))
    except psycopg.Error as exc:
        raise TeamError(t("cannot connect to the team server {server}: {problem}",
                          server=settings.describe(), problem=_first_line(exc))) from None


def connect_conninfo(dsn: str) -> psycopg.Connection:
    """For tools and tests that already hold a libpq connection string."""
    import psycopg  # noqa: PLC0415

    try:
        return psycopg.connect(dsn)
    except psycopg.Error as exc:
        raise TeamError(t("cannot connect to the team server: {problem}", problem=_first_line(exc))) from None


def _alembic_config(connection: Any) -> Any:
    from alembic.config import Config  # noqa: PLC0415

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


def upgrade_schema(conn: psycopg.Connection) -> str:
    """Create or upgrade the server schema to the newest migration; returns its revision.

    Needs a user that may create tables and roles (the database owner with CREATEROLE)."""
    import psycopg  # noqa: PLC0415
    from alembic import command  # noqa: PLC0415
    from sqlalchemy import create_engine  # noqa: PLC0415
    from sqlalchemy.exc import SQLAlchemyError  # noqa: PLC0415
    from sqlalchemy.pool import StaticPool  # noqa: PLC0415

    if not (MIGRATIONS_DIR / "env.py").is_file():  # a frozen bundle keeps its modules in an archive
        raise TeamError(t("this installation cannot create the server schema; run `team init --setup-server` "
                          "from a Python install with the 'team' extra"))
    conn.commit()
    engine = create_engine("postgresql+psycopg://", creator=lambda: conn, poolclass=StaticPool)
    try:
        with engine.connect() as sa_conn:
            command.upgrade(_alembic_config(sa_conn), "head")
            sa_conn.commit()
    except (SQLAlchemyError, psycopg.Error) as exc:
        conn.rollback()
        raise TeamError(t("the team server's schema could not be created or upgraded: {problem}",
                          problem=_first_line(getattr(exc, "orig", None) or exc))) from None
    return schema_revision(conn) or ""


def schema_revision(conn: psycopg.Connection) -> str | None:
    """The server schema's Alembic revision; None on a database never initialised."""
    import psycopg  # noqa: PLC0415

    try:
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    except psycopg.errors.UndefinedTable:
        conn.rollback()
        return None
    conn.commit()
    return str(row[0]) if row else None


def add_user(conn: psycopg.Connection, login: str, role: str, password: str) -> None:
    """Create a login role in the team's sales or admin group (needs CREATEROLE)."""
    import psycopg  # noqa: PLC0415
    from psycopg import sql  # noqa: PLC0415

    if role not in ROLES:
        raise TeamError(t("role {role!r} is not one of: sales, admin", role=role))
    if not _LOGIN.match(login):
        raise TeamError(t("user name {login!r}: use lower-case letters, digits and _ . @ -", login=login))
    try:
        conn.execute(sql.SQL("CREATE ROLE {} LOGIN PASSWORD {} IN ROLE {}").format(
            sql.Identifier(login), sql.Literal(password), sql.Identifier(ROLES[role])))
        conn.commit()
    except psycopg.Error as exc:
        conn.rollback()
        raise TeamError(t("cannot add user {login}: {problem}", login=login, problem=_first_line(exc))) from None


@dataclass(frozen=True, slots=True)
class Whoami:
    user: str
    is_admin: bool
    is_sales: bool
    revision: str | None


def whoami(conn: psycopg.Connection) -> Whoami:
    """The login name, its team roles and the schema revision (no roles before the schema exists)."""
    revision = schema_revision(conn)
    if revision is None:
        row = conn.execute("SELECT session_user").fetchone()
        conn.commit()
        return Whoami(str(row[0]) if row else "", False, False, None)
    row = conn.execute(
        "SELECT session_user, pg_has_role(session_user, %s, 'MEMBER'), pg_has_role(session_user, %s, 'MEMBER')",
        (ADMIN_ROLE, SALES_ROLE)).fetchone()
    conn.commit()
    if row is None:
        raise TeamError(t("the team server did not say who is connected"))
    return Whoami(str(row[0]), bool(row[1]), bool(row[2]), revision)
