"""Team server figures, against a throwaway PostgreSQL started the way the tests start one
(tests/team/pgcluster.py): a first sync of 10,000 parts (target <= 2 s) into a fresh catalog, an
incremental sync with nothing new (target <= 100 ms), and the 20-client load run over 10,000 parts
and 5,000 projects (no lost or duplicated rows; its figures reported).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import psycopg

from app.catalog.store import DB_FILENAME, open_catalog
from app.team.local import LocalStore
from app.team.server import add_user, upgrade_schema
from app.team.sync import SyncEngine
from tests.team.load import run_load, settle_and_compare
from tests.team.pgcluster import start_cluster
from tests.team.seed import gpu_rows, insert_parts, insert_prices, insert_projects

PARTS = 10_000
PROJECTS = 5_000
USERS = [("alice", "alice-pw"), ("bob", "bob-pw"), ("carol", "carol-pw")]


class _Db:
    def __init__(self, cluster: Any, name: str) -> None:
        self.cluster, self.name = cluster, name

    def conninfo(self, user: str = "", password: str = "") -> str:
        return self.cluster.conninfo(self.name, user, password) if user else self.cluster.conninfo(self.name)

    def connect(self, user: str = "") -> psycopg.Connection:
        return psycopg.connect(self.conninfo(user, dict(USERS)[user]) if user else self.conninfo())


def _seed(db: _Db) -> None:
    with psycopg.connect(db.cluster.conninfo(), autocommit=True) as dba:
        dba.execute(f"CREATE DATABASE {db.name}")
    with db.connect() as conn:
        upgrade_schema(conn)
        for user, password in USERS:
            add_user(conn, user, "admin" if user == "carol" else "sales", password)
    with db.connect("carol") as admin:
        rows = gpu_rows(PARTS)
        insert_parts(admin, rows)
        insert_prices(admin, [r["id"] for r in rows[:2000]])
        insert_projects(admin, PROJECTS)


def benchmarks() -> dict[str, float]:
    out: dict[str, float] = {}
    with start_cluster() as cluster, tempfile.TemporaryDirectory() as tmp:
        db = _Db(cluster, "bench")
        _seed(db)
        template = Path(tmp) / "template"
        open_catalog(template).close()

        first_ms, again_ms = [], []
        for run in range(3):
            folder = Path(tmp) / f"first-{run}"
            folder.mkdir()
            (folder / DB_FILENAME).write_bytes((template / DB_FILENAME).read_bytes())
            local = LocalStore(folder / DB_FILENAME)
            with psycopg.connect(db.conninfo("alice", "alice-pw")) as conn:
                engine = SyncEngine(local, conn)
                t0 = time.perf_counter()
                report = engine.sync()
                first_ms.append((time.perf_counter() - t0) * 1000)
                assert report.pulled["part"] == PARTS and report.pulled["project"] == PROJECTS
                for _ in range(10):
                    t0 = time.perf_counter()
                    engine.sync()
                    again_ms.append((time.perf_counter() - t0) * 1000)
            local.close()
        out["first_sync_10k_parts_5k_projects_median_ms"] = statistics.median(first_ms)
        out["first_sync_target_ms"] = 2000.0
        out["incremental_sync_nothing_new_median_ms"] = statistics.median(again_ms)
        out["incremental_sync_nothing_new_max_ms"] = max(again_ms)
        out["incremental_sync_target_ms"] = 100.0

        result, dirs = run_load(db, template / DB_FILENAME, Path(tmp) / "load", USERS, clients=20, rounds=3,
                                projects_each=2)
        problems = settle_and_compare(db, dirs, USERS)
        for key, value in result.figures().items():
            out[f"load_20_clients_{key}"] = value
        out["load_20_clients_differences"] = float(len(problems))
    return out
