"""Sync against a real PostgreSQL: first sync, incremental sync, pushes, conflicts and their resolution."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest

from tests.team.seed import gpu_rows, insert_parts, insert_prices, insert_projects, project_text


def _local_parts(client: Any) -> dict[str, str]:
    with sqlite3.connect(client.data_dir / "catalog.db") as c:
        return dict(c.execute("SELECT id, data FROM parts WHERE id LIKE 'team-gpu-%'").fetchall())


def _local_prices(client: Any) -> dict[str, str]:
    with sqlite3.connect(client.data_dir / "catalog.db") as c:
        return dict(c.execute("SELECT part_id, price FROM price_overrides").fetchall())


def test_first_sync_pulls_parts_prices_projects_and_the_catalog_reads_them(team_db: Any, make_client: Any) -> None:
    with team_db.connect("carol") as admin:
        rows = gpu_rows(50)
        insert_parts(admin, rows)
        insert_prices(admin, [r["id"] for r in rows[:10]], "1234.5")
        insert_projects(admin, 3)
    alice = make_client("alice")
    report = alice.sync()
    assert report.first and report.user == "alice" and not report.admin
    assert report.pulled["part"] == 50 and report.pulled["price"] == 10 and report.pulled["project"] == 3
    assert not report.conflicts
    from app.catalog.store import open_catalog

    catalog = open_catalog(alice.data_dir)
    try:
        part = catalog.get("team-gpu-7")
        assert part is not None and part.name == "Team GPU 7"
        assert str(catalog.get("team-gpu-3").price) == "1234.5"  # type: ignore[union-attr]
        assert catalog.origin("team-gpu-7") == "user"
    finally:
        catalog.close()
    from app.team.library import list_projects
    from app.team.library import project_text as text_of

    local = alice.local()
    try:
        projects = list_projects(local)
        assert [p["name"] for p in projects] == ["Project 0", "Project 1", "Project 2"]
        assert all(p["owner"] == "carol" and p["version"] == 1 for p in projects)
        assert json.loads(text_of(local, "p-1"))["project"]["name"] == "Project 1"
    finally:
        local.close()


def test_incremental_sync_reads_only_what_changed(team_db: Any, make_client: Any) -> None:
    with team_db.connect("carol") as admin:
        insert_parts(admin, gpu_rows(20))
    alice = make_client("alice")
    alice.sync()
    again = alice.sync()
    assert not again.first and sum(again.pulled.values()) == 0 and sum(again.pushed.values()) == 0
    with team_db.connect("carol") as admin:
        admin.execute("UPDATE parts SET name = 'Renamed' WHERE id = 'team-gpu-4'")
        admin.execute("UPDATE parts SET deleted = true WHERE id = 'team-gpu-5'")
        admin.commit()
        insert_prices(admin, ["team-gpu-6"], "99")
    third = alice.sync()
    assert third.pulled == {"part": 2, "price": 1, "profile": 0, "project": 0}
    parts = _local_parts(alice)
    assert "team-gpu-5" not in parts and len(parts) == 19
    assert json.loads(parts["team-gpu-4"])["name"] != "Renamed"  # the data column is the part itself …
    with sqlite3.connect(alice.data_dir / "catalog.db") as c:
        assert c.execute("SELECT name FROM parts WHERE id = 'team-gpu-4'").fetchone()[0] == "Renamed"
    assert _local_prices(alice) == {"team-gpu-6": "99"}


def test_a_late_committing_transaction_is_not_skipped(team_db: Any, make_client: Any) -> None:
    """The watermark is the oldest running transaction, not the newest version seen."""
    alice = make_client("alice")
    alice.sync()
    slow = team_db.connect("carol")
    insert_parts_uncommitted = gpu_rows(1, prefix="slow")[0]
    cols = ", ".join(insert_parts_uncommitted)
    slow.execute(f"INSERT INTO parts ({cols}) VALUES ({', '.join(['%s'] * len(insert_parts_uncommitted))})",
                 tuple(insert_parts_uncommitted.values()))  # open transaction, not committed
    with team_db.connect("carol") as fast:
        insert_parts(fast, gpu_rows(1, prefix="fast"))
    first = alice.sync()
    assert first.pulled["part"] == 1
    slow.commit()
    slow.close()
    second = alice.sync()
    assert second.pulled["part"] == 1
    with sqlite3.connect(alice.data_dir / "catalog.db") as c:
        ids = {r[0] for r in c.execute("SELECT id FROM parts WHERE id LIKE 'slow-%' OR id LIKE 'fast-%'")}
    assert ids == {"slow-0", "fast-0"}


def test_projects_are_shared_both_ways_and_admins_share_parts_and_prices(team_db: Any, make_client: Any) -> None:
    from app.team.library import list_projects, share_project

    alice, bob, carol = make_client("alice"), make_client("bob"), make_client("carol")
    for c in (alice, bob, carol):
        c.sync()
    local = alice.local()
    try:
        pid = share_project(local, project_text("Alice's bid"))
    finally:
        local.close()
    assert alice.sync().pushed["project"] == 1
    # carol (admin) adds a part and a price in her catalog; alice's own part stays hers
    from app.catalog.store import PriceOverride, open_catalog
    from app.core.parts import Gpu

    for client, part_id in ((carol, "carol-gpu"), (alice, "alice-gpu")):
        cat = open_catalog(client.data_dir)
        try:
            cat.add_user_part(Gpu(id=part_id, vendor="Acme", name=part_id, source="test", form_factor="PCIe",
                                  vram_gib=48, memory_type="GDDR6", mem_bandwidth_gbs=900, bf16_dense_tflops=300,
                                  tdp_w=300, pcie_gen=5, slot_width=2))
            cat.set_price_overrides([PriceOverride(part_id, __import__("decimal").Decimal("4321"), "USD", "list",
                                                   "2026-12-01T00:00:00+00:00")])
        finally:
            cat.close()
    pushed = carol.sync()
    assert pushed.pushed["part"] == 1 and pushed.pushed["price"] == 1 and pushed.pulled["project"] == 1
    held = alice.sync()
    assert held.held["part"] == 1 and held.held["price"] == 1 and held.pushed["part"] == 0
    bob_report = bob.sync()
    assert bob_report.pulled["project"] == 1 and bob_report.pulled["part"] == 1 and bob_report.pulled["price"] == 1
    local = bob.local()
    try:
        assert [(p["id"], p["owner"]) for p in list_projects(local)] == [(pid, "alice")]
    finally:
        local.close()
    assert "carol-gpu" in {r[0] for r in sqlite3.connect(bob.data_dir / "catalog.db").execute("SELECT id FROM parts")}
    with team_db.connect() as dba:
        assert dba.execute("SELECT count(*) FROM parts WHERE id = 'alice-gpu'").fetchone()[0] == 0
        assert dba.execute("SELECT changed_by FROM prices WHERE part_id = 'carol-gpu'").fetchone()[0] == "carol"


def _edit_project(client: Any, pid: str, name: str) -> None:
    from app.team.library import share_project

    local = client.local()
    try:
        share_project(local, project_text(name), pid)
    finally:
        local.close()


@pytest.fixture
def conflicting(team_db: Any, make_client: Any) -> tuple[Any, Any, str]:
    """alice shares a project; carol (admin, may edit any project) and alice both edit it; carol syncs first."""
    from app.team.library import share_project

    alice, carol = make_client("alice"), make_client("carol")
    local = alice.local()
    try:
        pid = share_project(local, project_text("Original"))
    finally:
        local.close()
    alice.sync()
    carol.sync()
    _edit_project(carol, pid, "Carol's edit")
    _edit_project(alice, pid, "Alice's edit")
    assert carol.sync().pushed["project"] == 1
    report = alice.sync()
    assert [(k, i) for k, i, _ in report.conflicts] == [("project", pid)]
    return alice, carol, pid


def _server_project(team_db: Any, pid: str) -> tuple[str, int]:
    with team_db.connect() as dba:
        row = dba.execute("SELECT name, version FROM projects WHERE id = %s", (pid,)).fetchone()
    return row[0], row[1]


def test_a_conflict_is_shown_never_overwritten(team_db: Any, conflicting: Any) -> None:
    alice, _carol, pid = conflicting
    assert _server_project(team_db, pid) == ("Carol's edit", 2)
    local = alice.local()
    try:
        (conflict,) = local.conflicts()
        assert conflict.theirs["name"] == "Carol's edit" and conflict.mine["name"] == "Alice's edit"
        assert local.read("project", pid)["name"] == "Alice's edit"  # kept here too
    finally:
        local.close()
    again = alice.sync()  # nothing is pushed over it while the conflict stands
    assert again.pushed["project"] == 0 and not again.conflicts
    assert _server_project(team_db, pid) == ("Carol's edit", 2)


@pytest.mark.parametrize("choice", ["theirs", "mine", "both"])
def test_resolving_a_conflict(team_db: Any, conflicting: Any, choice: str) -> None:
    from app.team.library import list_projects
    from app.team.sync import resolve

    alice, carol, pid = conflicting
    local = alice.local()
    try:
        copy_id = resolve(local, "project", pid, choice, user="alice")
        assert local.conflicts() == []
    finally:
        local.close()
    alice.sync()
    carol.sync()
    expected = {"theirs": "Carol's edit", "mine": "Alice's edit", "both": "Carol's edit"}[choice]
    assert _server_project(team_db, pid)[0] == expected
    for client in (alice, carol):
        local = client.local()
        try:
            names = sorted(p["name"] for p in list_projects(local))
        finally:
            local.close()
        assert names == (sorted([expected, "Alice's edit (my copy)"]) if choice == "both" else [expected])
    if choice == "both":
        assert copy_id is not None and _server_project(team_db, copy_id)[0] == "Alice's edit (my copy)"


def test_a_sales_edit_of_someone_elses_project_is_a_conflict_not_a_write(team_db: Any, make_client: Any) -> None:
    from app.team.library import share_project

    alice, bob = make_client("alice"), make_client("bob")
    local = alice.local()
    try:
        pid = share_project(local, project_text("Alice's"))
    finally:
        local.close()
    alice.sync()
    bob.sync()
    _edit_project(bob, pid, "Bob was here")
    report = bob.sync()
    assert report.pushed["project"] == 0
    assert len(report.conflicts) == 1 and "owned by alice" in report.conflicts[0][2]
    assert _server_project(team_db, pid) == ("Alice's", 1)


def test_price_conflict_offers_theirs_or_mine_only(team_db: Any, make_client: Any) -> None:
    from app.catalog.store import PriceOverride, open_catalog
    from app.team.errors import TeamError
    from app.team.sync import resolve

    with team_db.connect("carol") as admin:
        insert_parts(admin, gpu_rows(2))
        insert_prices(admin, ["team-gpu-0"], "100")
    carol, carol2 = make_client("carol"), make_client("carol", "carol-laptop-2")
    carol.sync()
    carol2.sync()
    for client, price in ((carol, "150"), (carol2, "175")):
        cat = open_catalog(client.data_dir)
        try:
            cat.set_price_overrides([PriceOverride("team-gpu-0", __import__("decimal").Decimal(price), "USD", "x",
                                                   "2026-12-02T00:00:00+00:00")])
        finally:
            cat.close()
    assert carol.sync().pushed["price"] == 1
    assert [c[:2] for c in carol2.sync().conflicts] == [("price", "team-gpu-0")]
    local = carol2.local()
    try:
        with pytest.raises(TeamError, match="one value"):
            resolve(local, "price", "team-gpu-0", "both")
        resolve(local, "price", "team-gpu-0", "mine")
    finally:
        local.close()
    assert carol2.sync().pushed["price"] == 1
    with team_db.connect() as dba:
        audit = dba.execute("SELECT old_price, new_price, changed_by FROM price_audit WHERE part_id = 'team-gpu-0' "
                            "ORDER BY id").fetchall()
    assert audit == [(None, "100", "carol"), ("100", "150", "carol"), ("150", "175", "carol")]


def test_the_rule_profile_is_shared_by_a_catalog_admin_only(team_db: Any, make_client: Any) -> None:
    from app.rules.profile import default_profile_path
    from app.team.errors import TeamError
    from app.team.library import set_profile, team_profile_text

    profile = json.loads(default_profile_path().read_text(encoding="utf-8"))
    carol, alice = make_client("carol"), make_client("alice")
    local = carol.local()
    try:
        with pytest.raises(TeamError, match="not a rule profile"):
            set_profile(local, '{"format": "something else"}')
        set_profile(local, json.dumps(profile))
    finally:
        local.close()
    assert carol.sync().pushed["profile"] == 1
    assert alice.sync().pulled["profile"] == 1
    local = alice.local()
    try:
        assert json.loads(team_profile_text(local) or "{}") == profile
        set_profile(local, json.dumps(profile, indent=1))  # a salesperson's own change stays local
    finally:
        local.close()
    report = alice.sync()
    assert report.held["profile"] == 1 and report.pushed["profile"] == 0
    with team_db.connect() as dba:
        assert dba.execute("SELECT version, changed_by FROM profile").fetchall() == [(1, "carol")]
