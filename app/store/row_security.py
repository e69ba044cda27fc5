"""PostgreSQL's own guard between clubs: a club role, and row-level security policies on every club's table.

A request works for one club (app/store/tenancy.py): its transaction switches to the role `treys_club` and sets
`treys.club_id` (both with SET LOCAL semantics, gone at commit), and the policies below show that role the
rows of that club only, even to a query that forgot the store's filter. The account the app connects with
owns the tables and is not bound by the policies: it is used only before a club is known (signing in by name,
finding a link's club) and by the command line.
"""
from __future__ import annotations

from sqlalchemy import event, text

from app.extensions import db
from app.store.tenancy import CLUB_ROLE

#: The setting a transaction's club is kept in.
CLUB_SETTING = "treys.club_id"
#: The role is made once per PostgreSQL server, by the first migration that needs it.
MAKE_ROLE = f"""
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{CLUB_ROLE}') THEN
        CREATE ROLE {CLUB_ROLE} NOLOGIN;
    END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL;      -- made at the same moment by another database's migration
END
$$"""
LET_APP_BE_CLUB = f"""
DO $$
BEGIN
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
       AND NOT pg_has_role(current_user, '{CLUB_ROLE}', 'MEMBER') THEN
        EXECUTE format('GRANT {CLUB_ROLE} TO %I', current_user);
    END IF;
END
$$"""


def grants() -> list[str]:
    """What the club role may do in this schema: read and write rows (the policies decide which)."""
    return [
        f"GRANT USAGE ON SCHEMA {{schema}} TO {CLUB_ROLE}",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {{schema}} TO {CLUB_ROLE}",
        f"GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA {{schema}} TO {CLUB_ROLE}",
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA {{schema}} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {CLUB_ROLE}",
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA {{schema}} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO {CLUB_ROLE}",
    ]


def policy(table: str) -> list[str]:
    """Row-level security on one club's table: the club role sees and writes its club's rows only."""
    own_club = f"club_id = nullif(current_setting('{CLUB_SETTING}', true), '')::integer"
    return [
        f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
        f"DROP POLICY IF EXISTS club_rows ON {table}",
        f"CREATE POLICY club_rows ON {table} TO {CLUB_ROLE} USING ({own_club}) WITH CHECK ({own_club})",
    ]


def guard_clubs(connection, tables: list[str]) -> None:
    """Make the role, grant it this schema, and put the policy on each club's table (PostgreSQL only)."""
    if connection.dialect.name != "postgresql":
        return
    schema = connection.execute(text("SELECT current_schema()")).scalar()
    for statement in [MAKE_ROLE, LET_APP_BE_CLUB, *grants()]:
        connection.execute(text(statement.replace("{schema}", f'"{schema}"')))
    for table in tables:
        for statement in policy(table):
            connection.execute(text(statement))


def unguard_clubs(connection, tables: list[str]) -> None:
    """Take the policies off (a downgrade); the role stays, other databases of the server may use it."""
    if connection.dialect.name != "postgresql":
        return
    for table in tables:
        connection.execute(text(f"DROP POLICY IF EXISTS club_rows ON {table}"))
        connection.execute(text(f"ALTER TABLE {table} DISABLE ROW LEVEL SECURITY"))


def club_tables(metadata) -> list[str]:
    """Every table with a club_id column: each is a club's."""
    return [table.name for table in metadata.sorted_tables if "club_id" in table.columns]


def guard_new_schemas(metadata) -> None:
    """A schema made by create_all (the tests) gets the same policies the migrations give."""
    @event.listens_for(metadata, "after_create")
    def _guard(target, connection, **kw):
        guard_clubs(connection, club_tables(target))


guard_new_schemas(db.metadata)
