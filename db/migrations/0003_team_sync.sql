-- Schema version 3: the local side of the optional team server (app/team). Empty and idle until a
-- team server is configured: the triggers only record changes once team_state holds 'tracking'.
-- team_state: sync watermark and flags; team_rows: the server version each synced row is based on
-- and whether it changed here since (dirty counts local edits); team_docs: shared projects and the
-- team rule profile; team_conflicts: edits that met a newer server version, kept for the user.
CREATE TABLE IF NOT EXISTS team_state (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS team_rows (
    kind    TEXT NOT NULL CHECK (kind IN ('part', 'price', 'profile', 'project')),
    id      TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,  -- the server version this copy is based on; 0: never synced
    dirty   INTEGER NOT NULL DEFAULT 0,  -- local edits since; a push clears it only if unchanged meanwhile
    deleted INTEGER NOT NULL DEFAULT 0,  -- deleted here (dirty) or on the server
    PRIMARY KEY (kind, id)
);
CREATE INDEX IF NOT EXISTS ix_team_rows_dirty ON team_rows (dirty) WHERE dirty > 0;

CREATE TABLE IF NOT EXISTS team_docs (
    kind  TEXT NOT NULL CHECK (kind IN ('profile', 'project')),
    id    TEXT NOT NULL,
    name  TEXT NOT NULL,
    owner TEXT NOT NULL,
    data  TEXT NOT NULL,  -- the project file's (or the profile's) JSON, verbatim
    PRIMARY KEY (kind, id)
);

CREATE TABLE IF NOT EXISTS team_conflicts (
    kind           TEXT NOT NULL,
    id             TEXT NOT NULL,
    base_version   INTEGER NOT NULL,
    theirs_version INTEGER NOT NULL,
    theirs         TEXT,           -- the server's row as JSON; NULL when the server deleted it
    mine           TEXT,           -- this copy's row as JSON; NULL when deleted here
    reason         TEXT NOT NULL,
    detected_at    TEXT NOT NULL,
    PRIMARY KEY (kind, id)
);

-- Local edits of the user's own parts and prices, recorded while tracking and not while a sync
-- applies the server's rows (the sync sets 'applying' inside its own transaction).
CREATE TRIGGER IF NOT EXISTS team_part_written AFTER INSERT ON parts
WHEN NEW.origin = 'user'
     AND EXISTS (SELECT 1 FROM team_state WHERE key = 'tracking')
     AND NOT EXISTS (SELECT 1 FROM team_state WHERE key = 'applying')
BEGIN
    INSERT INTO team_rows (kind, id, dirty, deleted) VALUES ('part', NEW.id, 1, 0)
    ON CONFLICT (kind, id) DO UPDATE SET dirty = dirty + 1, deleted = 0;
END;

CREATE TRIGGER IF NOT EXISTS team_part_changed AFTER UPDATE ON parts
WHEN NEW.origin = 'user'
     AND EXISTS (SELECT 1 FROM team_state WHERE key = 'tracking')
     AND NOT EXISTS (SELECT 1 FROM team_state WHERE key = 'applying')
BEGIN
    INSERT INTO team_rows (kind, id, dirty, deleted) VALUES ('part', NEW.id, 1, 0)
    ON CONFLICT (kind, id) DO UPDATE SET dirty = dirty + 1, deleted = 0;
END;

CREATE TRIGGER IF NOT EXISTS team_part_deleted AFTER DELETE ON parts
WHEN OLD.origin = 'user'
     AND EXISTS (SELECT 1 FROM team_state WHERE key = 'tracking')
     AND NOT EXISTS (SELECT 1 FROM team_state WHERE key = 'applying')
BEGIN
    INSERT INTO team_rows (kind, id, dirty, deleted) VALUES ('part', OLD.id, 1, 1)
    ON CONFLICT (kind, id) DO UPDATE SET dirty = dirty + 1, deleted = 1;
END;

CREATE TRIGGER IF NOT EXISTS team_price_written AFTER INSERT ON price_overrides
WHEN EXISTS (SELECT 1 FROM team_state WHERE key = 'tracking')
     AND NOT EXISTS (SELECT 1 FROM team_state WHERE key = 'applying')
BEGIN
    INSERT INTO team_rows (kind, id, dirty, deleted) VALUES ('price', NEW.part_id, 1, 0)
    ON CONFLICT (kind, id) DO UPDATE SET dirty = dirty + 1, deleted = 0;
END;

CREATE TRIGGER IF NOT EXISTS team_price_changed AFTER UPDATE ON price_overrides
WHEN EXISTS (SELECT 1 FROM team_state WHERE key = 'tracking')
     AND NOT EXISTS (SELECT 1 FROM team_state WHERE key = 'applying')
BEGIN
    INSERT INTO team_rows (kind, id, dirty, deleted) VALUES ('price', NEW.part_id, 1, 0)
    ON CONFLICT (kind, id) DO UPDATE SET dirty = dirty + 1, deleted = 0;
END;

CREATE TRIGGER IF NOT EXISTS team_price_deleted AFTER DELETE ON price_overrides
WHEN EXISTS (SELECT 1 FROM team_state WHERE key = 'tracking')
     AND NOT EXISTS (SELECT 1 FROM team_state WHERE key = 'applying')
BEGIN
    INSERT INTO team_rows (kind, id, dirty, deleted) VALUES ('price', OLD.part_id, 1, 1)
    ON CONFLICT (kind, id) DO UPDATE SET dirty = dirty + 1, deleted = 1;
END;
