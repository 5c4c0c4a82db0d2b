"""Who may do what is the server's business: grants and row-level security refuse a salesperson's price
write even from plain SQL, whatever client sends it; every price change is audited by a trigger."""

from __future__ import annotations

from typing import Any

import pytest

from tests.team.seed import gpu_rows, insert_parts, insert_prices


def test_sales_role_is_refused_a_price_write_by_the_server(team_db: Any) -> None:
    import psycopg

    with team_db.connect("carol") as admin:
        insert_parts(admin, gpu_rows(1))
        insert_prices(admin, ["team-gpu-0"], "100")
    with team_db.connect("alice") as sales:
        assert sales.execute("SELECT price FROM prices").fetchall() == [("100",)]  # reads the price book
        sales.commit()
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied for table prices"):
            sales.execute("UPDATE prices SET price = '1' WHERE part_id = 'team-gpu-0'")
        sales.rollback()
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            sales.execute("INSERT INTO prices (part_id, price, currency, source, updated_at) "
                          "VALUES ('x', '1', 'USD', 's', 'd')")
        sales.rollback()
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            sales.execute("UPDATE parts SET name = 'mine now'")
        sales.rollback()
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            sales.execute("SELECT * FROM price_audit")
        sales.rollback()
    with team_db.connect() as dba:
        assert dba.execute("SELECT price FROM prices").fetchall() == [("100",)]


def test_sales_write_only_their_own_projects(team_db: Any) -> None:
    import psycopg

    with team_db.connect("alice") as alice:
        alice.execute("INSERT INTO projects (id, name, data) VALUES ('a1', 'Alice', '{}')")
        alice.commit()
    with team_db.connect("bob") as bob:
        assert bob.execute("SELECT owner FROM projects WHERE id = 'a1'").fetchone() == ("alice",)
        assert bob.execute("UPDATE projects SET name = 'Bob' WHERE id = 'a1'").rowcount == 0  # RLS hides it
        bob.commit()
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            bob.execute("UPDATE projects SET owner = 'bob' WHERE id = 'a1'")  # no grant on the owner column
        bob.rollback()
        bob.execute("INSERT INTO projects (id, name, data) VALUES ('b1', 'Bob', '{}')")
        bob.commit()
        assert bob.execute("SELECT owner, version, changed_by FROM projects WHERE id = 'b1'").fetchone() == \
            ("bob", 1, "bob")
    with team_db.connect("carol") as admin:  # a catalog admin may tidy anyone's project
        assert admin.execute("UPDATE projects SET name = 'Tidied' WHERE id = 'a1'").rowcount == 1
        admin.commit()
        assert admin.execute("SELECT owner, version FROM projects WHERE id = 'a1'").fetchone() == ("alice", 2)


def test_every_price_change_is_audited_with_who_and_when(team_db: Any) -> None:
    with team_db.connect("carol") as admin:
        insert_prices(admin, ["gpu-x"], "100")
        admin.execute("UPDATE prices SET price = '120', currency = 'EUR' WHERE part_id = 'gpu-x'")
        admin.execute("UPDATE prices SET source = 'only the source' WHERE part_id = 'gpu-x'")  # not a price change
        admin.execute("UPDATE prices SET deleted = true WHERE part_id = 'gpu-x'")
        admin.commit()
        rows = admin.execute("SELECT part_id, operation, old_price, new_price, old_currency, new_currency, changed_by, "
                             "changed_at IS NOT NULL FROM price_audit ORDER BY id").fetchall()
    assert rows == [("gpu-x", "INSERT", None, "100", None, "USD", "carol", True),
                    ("gpu-x", "UPDATE", "100", "120", "USD", "EUR", "carol", True),
                    ("gpu-x", "DELETE", "120", "120", "EUR", "EUR", "carol", True)]


def test_the_server_schema_has_the_local_catalogs_columns(team_db: Any) -> None:
    """The same SQLAlchemy models where they overlap: the server's parts and prices hold every local column."""
    from app.team.models import PART_FIELDS, PRICE_FIELDS, metadata

    with team_db.connect() as dba:
        columns = dba.execute("SELECT table_name, column_name FROM information_schema.columns "
                              "WHERE table_schema = 'public'").fetchall()
    have: dict[str, set[str]] = {}
    for table, column in columns:
        have.setdefault(table, set()).add(column)
    assert set(PART_FIELDS) < have["parts"] and set(PRICE_FIELDS) < have["prices"]
    for table in metadata.sorted_tables:
        assert {c.name for c in table.columns} <= have[table.name], table.name
