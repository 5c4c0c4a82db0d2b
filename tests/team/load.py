"""The bounded load run shared by the load test and the benchmark: N clients (threads, each with its own
SQLite catalog and server connection) share projects and sync at once while a catalog admin reprices;
then every client syncs once more and all copies must equal the server's, row for row."""

from __future__ import annotations

import shutil
import sqlite3
import statistics
import threading
import time
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from tests.team.seed import project_text


@dataclass
class LoadResult:
    clients: int
    rounds: int
    sync_ms: list[float] = field(default_factory=list)
    first_sync_ms: list[float] = field(default_factory=list)
    wall_s: float = 0.0
    errors: list[str] = field(default_factory=list)
    projects_made: int = 0

    def figures(self) -> dict[str, float]:
        ordered = sorted(self.sync_ms)
        return {"clients": float(self.clients), "syncs": float(len(ordered)), "wall_s": self.wall_s,
                "sync_median_ms": statistics.median(ordered) if ordered else 0.0,
                "sync_p95_ms": ordered[int(0.95 * (len(ordered) - 1))] if ordered else 0.0,
                "sync_max_ms": ordered[-1] if ordered else 0.0, "errors": float(len(self.errors)),
                "first_sync_median_ms": statistics.median(self.first_sync_ms) if self.first_sync_ms else 0.0,
                "first_sync_max_ms": max(self.first_sync_ms, default=0.0),
                "projects_made": float(self.projects_made)}


def _client(users: list[tuple[str, str]], index: int, data_dir: Path, conninfo: Any, rounds: int,
            projects_each: int, priced: list[str], result: LoadResult, lock: threading.Lock,
            start: threading.Barrier) -> None:
    import psycopg

    from app.catalog.store import PriceOverride, open_catalog
    from app.team.library import share_project
    from app.team.local import LocalStore
    from app.team.sync import SyncEngine

    user, password = users[index % len(users)]
    local = LocalStore(data_dir / "catalog.db")
    made = 0
    try:
        with psycopg.connect(conninfo(user, password)) as conn:
            engine = SyncEngine(local, conn)
            start.wait()
            t0 = time.perf_counter()
            engine.sync()  # every laptop's first sync at once, before anyone edits
            with lock:
                result.first_sync_ms.append((time.perf_counter() - t0) * 1000)
            for r in range(rounds):
                for _ in range(projects_each):
                    share_project(local, project_text(f"{user}-client{index}-round{r}-{made}"), owner=user)
                    made += 1
                if index == 2 and priced:  # one admin's laptop (carol) reprices while everyone syncs
                    cat = open_catalog(data_dir)
                    try:
                        cat.set_price_overrides(PriceOverride(pid, Decimal(1000 + r), "USD", f"round {r}",
                                                              "2026-12-04") for pid in priced)
                    finally:
                        cat.close()
                t0 = time.perf_counter()
                engine.sync()
                with lock:
                    result.sync_ms.append((time.perf_counter() - t0) * 1000)
    except Exception as exc:
        with lock:
            result.errors.append(f"client {index} ({user}): {type(exc).__name__}: {exc}")
    finally:
        local.close()
        with lock:
            result.projects_made += made


def run_load(team_db: Any, catalog_file: Path, workdir: Path, users: list[tuple[str, str]], *, clients: int = 20,
             rounds: int = 3, projects_each: int = 2, priced: list[str] | None = None) -> tuple[LoadResult, list[Path]]:
    """Returns the figures and each client's data directory (for the caller's checks)."""
    dirs = []
    for i in range(clients):
        d = workdir / f"client-{i}"
        d.mkdir(parents=True)
        shutil.copy(catalog_file, d / "catalog.db")
        dirs.append(d)
    result = LoadResult(clients, rounds)
    lock = threading.Lock()
    start = threading.Barrier(clients)
    threads = [threading.Thread(target=_client, args=(users, i, dirs[i], team_db.conninfo, rounds, projects_each,
                                                      priced or [], result, lock, start)) for i in range(clients)]
    t0 = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=600)
    result.wall_s = time.perf_counter() - t0
    return result, dirs


def settle_and_compare(team_db: Any, dirs: list[Path], users: list[tuple[str, str]]) -> list[str]:
    """One more sync each (in turn), then the differences between every copy and the server: [] when none."""
    import psycopg

    from app.team.local import LocalStore
    from app.team.sync import SyncEngine

    problems: list[str] = []
    for i, d in enumerate(dirs):
        user, password = users[i % len(users)]
        local = LocalStore(d / "catalog.db")
        try:
            with psycopg.connect(team_db.conninfo(user, password)) as conn:
                SyncEngine(local, conn).sync()
        finally:
            local.close()
    with team_db.connect() as dba:
        projects = dict(dba.execute("SELECT id, name FROM projects WHERE NOT deleted").fetchall())
        names = [r[0] for r in dba.execute("SELECT name FROM projects").fetchall()]
        prices = dict(dba.execute("SELECT part_id, price FROM prices WHERE NOT deleted").fetchall())
    if len(names) != len(set(names)):
        problems.append(f"duplicated projects on the server: {len(names) - len(set(names))}")
    for i, d in enumerate(dirs):
        with sqlite3.connect(d / "catalog.db") as c:
            mine = dict(c.execute("SELECT id, name FROM team_docs WHERE kind = 'project'").fetchall())
            my_prices = dict(c.execute("SELECT part_id, price FROM price_overrides").fetchall())
            pending = c.execute("SELECT count(*) FROM team_rows WHERE dirty > 0").fetchone()[0]
            conflicts = c.execute("SELECT count(*) FROM team_conflicts").fetchone()[0]
        if mine != projects:
            problems.append(f"client {i}: {len(set(projects) - set(mine))} projects missing, "
                            f"{len(set(mine) - set(projects))} extra")
        if my_prices != prices:
            problems.append(f"client {i}: prices differ from the server's")
        if pending or conflicts:
            problems.append(f"client {i}: {pending} unsent changes, {conflicts} conflicts")
    return problems
