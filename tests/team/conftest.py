"""A real PostgreSQL for the team tests: one throwaway cluster per session, a fresh database per test
(cloned from a template that holds the migrated schema), login users for both roles, and clients
that each have their own local catalog.

No PostgreSQL on the machine: the tests skip, which .ci/run (INFERENCE_SIZER_NO_SKIPS=1) turns into
failures, so CI can never pass without having run them.
"""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.team.pgcluster import PgCluster, PostgresNotFoundError, start_cluster

PASSWORDS = {"alice": "alice-pw", "bob": "bob-pw", "carol": "carol-pw"}
ROLES = {"alice": "sales", "bob": "sales", "carol": "admin"}
TEMPLATE = "team_template"
_counter = itertools.count()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    pytest.importorskip("psycopg", reason="the team extra (psycopg) is not installed")
    try:
        cluster = start_cluster()
    except PostgresNotFoundError as exc:
        pytest.skip(str(exc))
    try:
        _prepare_template(cluster)
        yield cluster
    finally:
        cluster.remove()


def _prepare_template(cluster: PgCluster) -> None:
    import psycopg

    from app.team.server import add_user, upgrade_schema

    with psycopg.connect(cluster.conninfo(), autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {TEMPLATE}")
    with psycopg.connect(cluster.conninfo(TEMPLATE)) as conn:
        upgrade_schema(conn)
        for user, role in ROLES.items():
            add_user(conn, user, role, PASSWORDS[user])


@dataclass
class TeamDb:
    cluster: PgCluster
    name: str

    def conninfo(self, user: str = "", password: str = "") -> str:
        if not user:
            return self.cluster.conninfo(self.name)
        return self.cluster.conninfo(self.name, user, password or PASSWORDS[user])

    def connect(self, user: str = "") -> Any:
        import psycopg

        return psycopg.connect(self.conninfo(user))

    def settings(self, user: str) -> Any:
        from app.team.settings import TeamSettings

        return TeamSettings(host="127.0.0.1", port=self.cluster.port, database=self.name, user=user,
                            sslmode="disable")


@pytest.fixture
def team_db(pg_cluster: PgCluster) -> Iterator[TeamDb]:
    import psycopg

    name = f"team_{next(_counter)}"
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
    yield TeamDb(pg_cluster, name)
    with psycopg.connect(pg_cluster.conninfo(), autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(scope="session")
def catalog_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One built catalog database, copied for each client (building it takes a second)."""
    from app.catalog.store import DB_FILENAME, open_catalog

    folder = tmp_path_factory.mktemp("catalog-template")
    open_catalog(folder).close()
    return folder / DB_FILENAME


@dataclass
class Client:
    """One laptop: its own data directory and catalog, and a sync engine for one team user."""

    user: str
    data_dir: Path
    db: TeamDb

    def local(self) -> Any:
        from app.team.local import open_local

        return open_local(self.data_dir)

    def sync(self) -> Any:
        from app.team.sync import SyncEngine

        local = self.local()
        try:
            with self.db.connect(self.user) as conn:
                return SyncEngine(local, conn).sync()
        finally:
            local.close()


@pytest.fixture
def make_client(team_db: TeamDb, catalog_file: Path, tmp_path: Path) -> Any:
    def make(user: str, name: str | None = None) -> Client:
        data_dir = tmp_path / (name or user)
        data_dir.mkdir()
        shutil.copy(catalog_file, data_dir / catalog_file.name)
        return Client(user, data_dir, team_db)

    return make


class MemoryKeyring:
    """An in-memory keyring backend: the tests never touch the machine's real keyring."""

    def __init__(self) -> None:
        import keyring.backend

        class _Backend(keyring.backend.KeyringBackend):
            priority = 1  # type: ignore[assignment]
            store: dict[tuple[str, str], str] = {}  # noqa: RUF012

            def set_password(self, service: str, username: str, password: str) -> None:
                self.store[(service, username)] = password

            def get_password(self, service: str, username: str) -> str | None:
                return self.store.get((service, username))

            def delete_password(self, service: str, username: str) -> None:
                self.store.pop((service, username), None)

        self.backend = _Backend()
        self.backend.store.clear()


@pytest.fixture
def memory_keyring() -> Iterator[Any]:
    import keyring

    previous = keyring.get_keyring()
    memory = MemoryKeyring()
    keyring.set_keyring(memory.backend)
    yield memory.backend
    keyring.set_keyring(previous)
