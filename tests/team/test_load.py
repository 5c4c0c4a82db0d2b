"""20 clients syncing at once against one server on loopback: no lost and no duplicated rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.team.conftest import PASSWORDS
from tests.team.load import run_load, settle_and_compare
from tests.team.seed import gpu_rows, insert_parts, insert_prices, insert_projects

USERS = [("alice", PASSWORDS["alice"]), ("bob", PASSWORDS["bob"]), ("carol", PASSWORDS["carol"])]


def test_twenty_clients_at_once(team_db: Any, catalog_file: Path, tmp_path: Path) -> None:
    with team_db.connect("carol") as admin:
        rows = gpu_rows(2000)
        insert_parts(admin, rows)
        priced = [r["id"] for r in rows[:50]]
        insert_prices(admin, priced)
        insert_projects(admin, 300)
    result, dirs = run_load(team_db, catalog_file, tmp_path, USERS, clients=20, rounds=3, projects_each=2,
                            priced=priced)
    assert result.errors == []
    assert len(result.first_sync_ms) == 20 and len(result.sync_ms) == 60 and result.projects_made == 120
    assert settle_and_compare(team_db, dirs, USERS) == []
    with team_db.connect() as dba:
        assert dba.execute("SELECT count(*) FROM projects").fetchone()[0] == 300 + 120
        assert dba.execute("SELECT count(DISTINCT price) FROM prices WHERE part_id = ANY(%s)",
                           (priced,)).fetchone()[0] == 1  # the admin's last round everywhere
        assert dba.execute("SELECT min(price) FROM prices WHERE part_id = ANY(%s)", (priced,)).fetchone()[0] == "1002"
        # rounds 1 and 2 changed each price (round 0 set the price it already had): audited once each
        audited = dba.execute("SELECT count(*), count(DISTINCT changed_by) FROM price_audit "
                              "WHERE operation = 'UPDATE'").fetchone()
    assert audited == (2 * len(priced), 1)
