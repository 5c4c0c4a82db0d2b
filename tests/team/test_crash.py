"""A sync killed at any point (kill -9 of the app, a server restart) leaves both sides consistent, and
the next sync resumes and converges: nothing lost, nothing duplicated, no conflict invented."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from tests.team.seed import gpu_rows, insert_parts, insert_prices, insert_projects, project_text

ROOT = Path(__file__).resolve().parents[2]
LOCAL_PARTS = 250  # more than one push chunk (200), so a kill can fall between two chunks


def _prepare(team_db: Any, make_client: Any) -> Any:
    """Server: 300 parts, prices, 20 projects. carol (admin): synced once, then 250 new parts, 40 prices
    and a project of her own made offline."""
    from app.catalog.store import PriceOverride, open_catalog
    from app.team.library import share_project
    from app.team.settings import save_settings

    with team_db.connect("carol") as admin:
        rows = gpu_rows(300)
        insert_parts(admin, rows)
        insert_prices(admin, [r["id"] for r in rows[:100]])
        insert_projects(admin, 20)
    carol = make_client("carol")
    save_settings(team_db.settings("carol"), carol.data_dir)
    carol.sync()
    cat = open_catalog(carol.data_dir)
    try:
        cat.writer.add_rows(gpu_rows(LOCAL_PARTS, prefix="offline-gpu"))
        cat.set_price_overrides(PriceOverride(f"team-gpu-{i}", Decimal("777"), "USD", "offline", "2026-12-03")
                                for i in range(40))
    finally:
        cat.close()
    local = carol.local()
    try:
        share_project(local, project_text("Made offline"), owner="carol")
    finally:
        local.close()
    return carol


def _run_sync(client: Any, crash_at: str | None) -> subprocess.Popen[str]:
    env = dict(os.environ, PGPASSWORD="carol-pw", PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
               QT_QPA_PLATFORM="offscreen")
    env.pop("INFERENCE_SIZER_TEAM_CRASH_AT", None)
    if crash_at:
        env["INFERENCE_SIZER_TEAM_CRASH_AT"] = crash_at
    return subprocess.Popen([sys.executable, "-m", "app", "--data-dir", str(client.data_dir), "team", "sync", "--json"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _consistent_locally(client: Any) -> None:
    with sqlite3.connect(client.data_dir / "catalog.db") as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert c.execute("SELECT count(*) FROM team_state WHERE key = 'applying'").fetchone()[0] == 0
        # every offline part is still there, whatever was or was not pushed
        assert c.execute("SELECT count(*) FROM parts WHERE id LIKE 'offline-gpu-%'").fetchone()[0] == LOCAL_PARTS


def _converged(team_db: Any, client: Any) -> None:
    """After a clean sync: both sides hold the same rows, at the same versions, once each."""
    with team_db.connect() as dba:
        server_parts = dict(dba.execute("SELECT id, data FROM parts WHERE NOT deleted").fetchall())
        server_prices = dict(dba.execute("SELECT part_id, price FROM prices WHERE NOT deleted").fetchall())
        server_projects = dict(dba.execute("SELECT id, name FROM projects WHERE NOT deleted").fetchall())
        versions = dict(dba.execute("SELECT 'part:' || id, version FROM parts UNION ALL "
                                    "SELECT 'price:' || part_id, version FROM prices UNION ALL "
                                    "SELECT 'project:' || id, version FROM projects").fetchall())
    assert len(server_parts) == 300 + LOCAL_PARTS and len(server_projects) == 21
    assert sum(1 for p in server_prices.values() if p == "777") == 40
    with sqlite3.connect(client.data_dir / "catalog.db") as c:
        local_parts = dict(c.execute("SELECT id, data FROM parts WHERE origin = 'user'").fetchall())
        local_prices = dict(c.execute("SELECT part_id, price FROM price_overrides").fetchall())
        local_projects = dict(c.execute("SELECT id, name FROM team_docs WHERE kind = 'project'").fetchall())
        tracked = dict(c.execute("SELECT kind || ':' || id, version FROM team_rows WHERE kind != 'profile'").fetchall())
        assert c.execute("SELECT count(*) FROM team_rows WHERE dirty > 0").fetchone()[0] == 0
        assert c.execute("SELECT count(*) FROM team_conflicts").fetchone()[0] == 0
    assert local_parts == server_parts and local_prices == server_prices and local_projects == server_projects
    assert tracked == versions


CRASH_POINTS = ["pull-read", "pull-apply", "push-server", "push-commit"]


@pytest.mark.parametrize("point", CRASH_POINTS)
def test_kill_9_at_each_step_then_resume(team_db: Any, make_client: Any, point: str) -> None:
    carol = _prepare(team_db, make_client)
    killed = _run_sync(carol, point)
    _out, err = killed.communicate(timeout=120)
    assert killed.returncode == -signal.SIGKILL, err
    _consistent_locally(carol)
    resumed = _run_sync(carol, None)
    out, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err
    assert '"conflicts": []' in out
    _converged(team_db, carol)


def test_kill_9_at_random_moments_then_resume(team_db: Any, make_client: Any) -> None:
    """No fault injection: the process is killed after 0.2 … 1.6 s, wherever it is."""
    carol = _prepare(team_db, make_client)
    codes = []
    for delay_s in (0.2, 0.5, 0.8, 1.1, 1.6):
        proc = _run_sync(carol, None)
        deadline = time.monotonic() + delay_s
        while proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=120)
        codes.append(proc.returncode)
        _consistent_locally(carol)
    assert -signal.SIGKILL in codes
    final = _run_sync(carol, None)
    out, err = final.communicate(timeout=120)
    assert final.returncode == 0, err
    assert '"conflicts": []' in out
    _converged(team_db, carol)


@pytest.mark.parametrize("point", ["pull-read", "push-server"])
def test_server_restart_mid_sync(team_db: Any, make_client: Any, pg_cluster: Any, point: str,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import app.team.sync as sync_module
    from app.team.errors import TeamError

    carol = _prepare(team_db, make_client)
    real = sync_module.crash_point

    def restart_at(name: str) -> None:
        if name == point:
            pg_cluster.restart()
        real(name)

    monkeypatch.setattr(sync_module, "crash_point", restart_at)
    with pytest.raises(TeamError, match="both copies are consistent, run it again"):
        carol.sync()
    _consistent_locally(carol)
    monkeypatch.setattr(sync_module, "crash_point", real)
    report = carol.sync()
    assert report.conflicts == []
    carol.sync()
    _converged(team_db, carol)


@pytest.mark.parametrize("point", ["pull-read", "push-server"])
def test_network_cut_mid_sync(team_db: Any, make_client: Any, point: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The connection's socket is shut down under the sync (as a cable pulled or a VPN dropped)."""
    import socket

    import psycopg

    import app.team.sync as sync_module
    from app.team.errors import TeamError
    from app.team.local import open_local
    from app.team.sync import SyncEngine

    carol = _prepare(team_db, make_client)
    real = sync_module.crash_point
    conn = psycopg.connect(team_db.conninfo("carol"))

    def cut_at(name: str) -> None:
        if name == point:
            with socket.socket(fileno=os.dup(conn.fileno())) as s:
                s.shutdown(socket.SHUT_RDWR)
        real(name)

    monkeypatch.setattr(sync_module, "crash_point", cut_at)
    local = open_local(carol.data_dir)
    try:
        with pytest.raises(TeamError, match="both copies are consistent, run it again"):
            SyncEngine(local, conn).sync()
    finally:
        local.close()
        conn.close()
    _consistent_locally(carol)
    monkeypatch.setattr(sync_module, "crash_point", real)
    assert carol.sync().conflicts == []
    carol.sync()
    _converged(team_db, carol)
