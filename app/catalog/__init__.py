"""The parts catalog: bundled CSV sources, the user's SQLite database, queries, price import."""
