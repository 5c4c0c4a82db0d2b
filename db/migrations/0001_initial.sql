-- Schema version 1: parts (bundled and user), user price overrides, key/value metadata.
-- Applied in order by app/catalog/migrations.py; PRAGMA user_version records the last one.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE parts (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    vendor      TEXT NOT NULL,
    name        TEXT NOT NULL,
    sku         TEXT,
    origin      TEXT NOT NULL CHECK (origin IN ('bundled', 'user')),
    search_text TEXT NOT NULL,
    data        TEXT NOT NULL  -- the part as JSON (pydantic model_dump_json)
);
CREATE INDEX ix_parts_kind ON parts (kind);
CREATE INDEX ix_parts_sku ON parts (sku COLLATE NOCASE);

CREATE TABLE price_overrides (
    part_id    TEXT PRIMARY KEY,
    price      TEXT NOT NULL,     -- decimal as text: money is never a float
    currency   TEXT NOT NULL,
    source     TEXT NOT NULL,     -- e.g. "price list distributor-2026-11.xlsx, row 14"
    updated_at TEXT NOT NULL
);
