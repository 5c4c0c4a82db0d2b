"""The optional team server: one price book, parts list, rule profile and project library on PostgreSQL.

Offline-first: the local SQLite catalog stays the working copy and a sync exchanges changes with the
server (app.team.sync). Nothing here is imported unless a team server is configured or a ``team``
command runs, so the app's start-up is unchanged without one (tests/team/test_lazy.py). Needs the
``team`` extra (psycopg, alembic, keyring).
"""
