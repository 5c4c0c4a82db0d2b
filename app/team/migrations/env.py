"""Alembic's environment for the team server: run on the connection app.team.server hands over."""

from __future__ import annotations

from alembic import context

from app.team.models import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, transaction_per_migration=True)
with context.begin_transaction():
    context.run_migrations()
