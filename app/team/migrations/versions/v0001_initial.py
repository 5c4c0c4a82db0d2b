"""The team server's first schema: parts, prices, profile, projects, the price audit; roles, grants, RLS.

Every shared row carries ``version`` (its own counter, bumped by a trigger on each write: what a push
checks to detect a conflict) and ``xid`` (the writing transaction: what a pull's watermark compares,
so a transaction that commits late is never skipped). ``deleted`` keeps tombstones so deletions sync.

Two group roles: ``inference_sizer_sales`` reads the catalog and writes only its own projects;
``inference_sizer_admin`` (a member of sales) also writes parts, prices and the profile. The server
enforces both with grants and row-level security; a trigger records every price change in
``price_audit`` with the login name and time.

Revision ID: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_SYNC_COLUMNS = """
    version    bigint      NOT NULL DEFAULT 0,
    xid        xid8        NOT NULL DEFAULT pg_current_xact_id(),
    deleted    boolean     NOT NULL DEFAULT false,
    changed_by text        NOT NULL DEFAULT session_user,
    changed_at timestamptz NOT NULL DEFAULT now()
"""
_TABLES = ("parts", "prices", "profile", "projects")

UPGRADE = f"""
DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'inference_sizer_sales') THEN
        CREATE ROLE inference_sizer_sales NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'inference_sizer_admin') THEN
        CREATE ROLE inference_sizer_admin NOLOGIN;
    END IF;
END $$;
GRANT inference_sizer_sales TO inference_sizer_admin;

CREATE TABLE parts (
    id          text PRIMARY KEY,
    kind        text NOT NULL,
    vendor      text NOT NULL,
    name        text NOT NULL,
    sku         text,
    origin      text NOT NULL,
    search_text text NOT NULL,
    data        text NOT NULL,
    {_SYNC_COLUMNS}
);
CREATE TABLE prices (
    part_id    text PRIMARY KEY,
    price      text NOT NULL CHECK (price ~ '^[0-9]+(\\.[0-9]+)?$'),
    currency   text NOT NULL CHECK (currency ~ '^[A-Z]{{3}}$'),
    source     text NOT NULL,
    updated_at text NOT NULL,
    {_SYNC_COLUMNS}
);
CREATE TABLE profile (
    id    text PRIMARY KEY,
    name  text NOT NULL,
    owner text NOT NULL DEFAULT session_user,
    data  text NOT NULL,
    {_SYNC_COLUMNS}
);
CREATE TABLE projects (
    id    text PRIMARY KEY,
    name  text NOT NULL,
    owner text NOT NULL DEFAULT session_user,
    data  text NOT NULL,
    {_SYNC_COLUMNS}
);
CREATE INDEX parts_xid ON parts (xid);
CREATE INDEX prices_xid ON prices (xid);
CREATE INDEX profile_xid ON profile (xid);
CREATE INDEX projects_xid ON projects (xid);

CREATE TABLE price_audit (
    id           bigserial PRIMARY KEY,
    part_id      text NOT NULL,
    operation    text NOT NULL,
    old_price    text,
    new_price    text,
    old_currency text,
    new_currency text,
    changed_by   text NOT NULL,
    changed_at   timestamptz NOT NULL DEFAULT now()
);

-- Stamp every write: the row's version, the writing transaction, who and when. Projects keep their
-- owner: set on insert to the login name, never changed by an update.
CREATE FUNCTION inference_sizer_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        NEW.version := OLD.version + 1;
        IF TG_TABLE_NAME IN ('projects', 'profile') THEN
            NEW.owner := OLD.owner;
        END IF;
    ELSE
        NEW.version := 1;
        IF TG_TABLE_NAME IN ('projects', 'profile') THEN
            NEW.owner := session_user;
        END IF;
    END IF;
    NEW.xid := pg_current_xact_id();
    NEW.changed_by := session_user;
    NEW.changed_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER parts_stamp BEFORE INSERT OR UPDATE ON parts
    FOR EACH ROW EXECUTE FUNCTION inference_sizer_stamp();
CREATE TRIGGER prices_stamp BEFORE INSERT OR UPDATE ON prices
    FOR EACH ROW EXECUTE FUNCTION inference_sizer_stamp();
CREATE TRIGGER profile_stamp BEFORE INSERT OR UPDATE ON profile
    FOR EACH ROW EXECUTE FUNCTION inference_sizer_stamp();
CREATE TRIGGER projects_stamp BEFORE INSERT OR UPDATE ON projects
    FOR EACH ROW EXECUTE FUNCTION inference_sizer_stamp();

-- Who changed which price and when: written by the server whatever client made the change.
CREATE FUNCTION inference_sizer_audit_price() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        INSERT INTO public.price_audit (part_id, operation, old_price, old_currency, changed_by)
        VALUES (OLD.part_id, TG_OP, OLD.price, OLD.currency, session_user);
        RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.price IS NOT DISTINCT FROM OLD.price
       AND NEW.currency IS NOT DISTINCT FROM OLD.currency AND NEW.deleted = OLD.deleted THEN
        RETURN NEW;
    END IF;
    INSERT INTO public.price_audit (part_id, operation, old_price, new_price, old_currency, new_currency, changed_by)
    VALUES (NEW.part_id, CASE WHEN NEW.deleted THEN 'DELETE' ELSE TG_OP END,
            CASE WHEN TG_OP = 'UPDATE' THEN OLD.price END, NEW.price,
            CASE WHEN TG_OP = 'UPDATE' THEN OLD.currency END, NEW.currency, session_user);
    RETURN NEW;
END $$;
CREATE TRIGGER prices_audit AFTER INSERT OR UPDATE OR DELETE ON prices
    FOR EACH ROW EXECUTE FUNCTION inference_sizer_audit_price();

-- Which server this is: a copy synced with one server refuses to sync with another.
CREATE TABLE team_identity (id text PRIMARY KEY DEFAULT gen_random_uuid()::text);
INSERT INTO team_identity DEFAULT VALUES;

REVOKE ALL ON parts, prices, profile, projects, price_audit, team_identity FROM PUBLIC;
REVOKE ALL ON FUNCTION inference_sizer_audit_price() FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO inference_sizer_sales;
GRANT SELECT ON parts, prices, profile, projects TO inference_sizer_sales;
GRANT SELECT ON alembic_version, team_identity TO inference_sizer_sales;
GRANT INSERT (id, name, data, deleted), UPDATE (name, data, deleted) ON projects TO inference_sizer_sales;
GRANT INSERT, UPDATE ON parts, prices, profile TO inference_sizer_admin;
GRANT SELECT ON price_audit TO inference_sizer_admin;

-- Row-level security: everyone on the team reads everything shared; a salesperson writes only the
-- projects they own; only catalog admins write parts, prices and the profile (on top of the grants).
ALTER TABLE projects ENABLE ROW LEVEL SECURITY;
CREATE POLICY projects_read ON projects FOR SELECT TO inference_sizer_sales USING (true);
CREATE POLICY projects_insert_own ON projects FOR INSERT TO inference_sizer_sales
    WITH CHECK (owner = session_user);
CREATE POLICY projects_update_own ON projects FOR UPDATE TO inference_sizer_sales
    USING (owner = session_user OR pg_has_role(session_user, 'inference_sizer_admin', 'MEMBER'))
    WITH CHECK (owner = session_user OR pg_has_role(session_user, 'inference_sizer_admin', 'MEMBER'));
"""

_CATALOG_RLS = """
ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
CREATE POLICY {table}_read ON {table} FOR SELECT TO inference_sizer_sales USING (true);
CREATE POLICY {table}_admin_insert ON {table} FOR INSERT TO inference_sizer_admin WITH CHECK (true);
CREATE POLICY {table}_admin_update ON {table} FOR UPDATE TO inference_sizer_admin USING (true) WITH CHECK (true);
"""


def upgrade() -> None:
    op.execute(UPGRADE)
    for table in ("parts", "prices", "profile"):
        op.execute(_CATALOG_RLS.format(table=table))


def downgrade() -> None:
    """Drops this database's tables; the two roles stay (they are the cluster's, other databases may use them)."""
    op.execute("DROP TABLE IF EXISTS team_identity, price_audit, projects, profile, prices, parts CASCADE")
    op.execute("DROP FUNCTION IF EXISTS inference_sizer_audit_price(), inference_sizer_stamp()")
    op.execute("REVOKE ALL ON SCHEMA public FROM inference_sizer_sales")
