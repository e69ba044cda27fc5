"""PostgreSQL's own guard between clubs: a club role, and row-level security policies on every club's table.

A request works for one club (app/store/tenancy/scope.py): its transaction switches to the role `treys_club` and sets
`treys.club_id` (both with SET LOCAL semantics, gone at commit), and the policies below show that role the
rows of that club only, even to a query that forgot the store's filter; `club` shows it its own row.

A host serves with a login role that owns nothing and is a member of `treys_club` and `treys_host`
(docs/hosting.md, "Database roles"): before a club is chosen it sees no club's rows at all. What it must know
then (which club an account name, a game, a session or a link is in; the brakes on passwords and on opening
games, which are the host's, not a club's) it gets from two functions that run as the tables' owner and answer
one club id or one account, and from the brake tables only `treys_host` may touch. A single-role install (the
app connects as the owner) works as before: the owner is not bound by the policies.
"""
from __future__ import annotations

from sqlalchemy import event, text

from app.extensions import db
from app.store.tenancy.scope import CLUB_ROLE, HOST_ROLE

#: The setting a transaction's club is kept in.
CLUB_SETTING = "treys.club_id"
#: The host's tables: no club's rows, kept out of the club role's reach (login_brake holds every club's names).
HOST_TABLES = ("login_brake", "game_opened")


def make_role(role: str) -> str:
    """Make a role once per PostgreSQL server (the hosting guide's setup may have made it already)."""
    return f"""
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') THEN
        CREATE ROLE {role} NOLOGIN;
    END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL;      -- made at the same moment by another database's migration
END
$$"""


MAKE_ROLE = make_role(CLUB_ROLE)
#: The one-club answers the app needs before a request's club is known, as the tables' owner sees them.
HOST_LOOKUP = """
CREATE OR REPLACE FUNCTION treys_host_lookup(what text, key text) RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = {schema}, pg_temp AS $fn$
BEGIN
    IF what = 'first_club' THEN RETURN (SELECT min(id) FROM club);
    ELSIF what = 'clubs' THEN RETURN (SELECT count(*) FROM club);
    ELSIF what = 'club_slug' THEN RETURN (SELECT id FROM club WHERE slug = key);
    ELSIF what = 'accounts' THEN RETURN (SELECT count(*) FROM organiser);
    ELSIF what = 'account_name' THEN RETURN (SELECT id FROM organiser WHERE name = key);
    ELSIF what = 'account' THEN RETURN (SELECT club_id FROM organiser WHERE id = key::bigint);
    ELSIF what = 'game' THEN RETURN (SELECT club_id FROM game WHERE id = key::bigint);
    ELSIF what = 'session' THEN RETURN (SELECT club_id FROM club_session WHERE id = key::bigint);
    ELSIF what = 'invitation' THEN RETURN (SELECT club_id FROM invitation WHERE token_hash = key);
    ELSIF what = 'members_link' THEN RETURN (SELECT club_id FROM club_settings WHERE link = key);
    ELSIF what = 'member_stop' THEN RETURN (SELECT club_id FROM member_contact WHERE stop_token = key);
    END IF;
    RETURN NULL;
END
$fn$"""
#: Signing in: the one account with this name (its id, club and password hash), as the tables' owner sees it.
SIGN_IN_LOOKUP = """
CREATE OR REPLACE FUNCTION treys_account_for_sign_in(account_name text)
RETURNS TABLE (account_id integer, account_club integer, account_hash text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {schema}, pg_temp AS $fn$
    SELECT o.id, o.club_id, o.password_hash::text FROM organiser o WHERE o.name = account_name
$fn$"""
LOOKUP_FUNCTIONS = ("treys_host_lookup(text, text)", "treys_account_for_sign_in(text)")
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


def host_grants() -> list[str]:
    """The host's tables and look-ups: the host role's alone; the club role keeps the look-ups it needs."""
    statements = [f"GRANT USAGE ON SCHEMA {{schema}} TO {HOST_ROLE}"]
    for table in HOST_TABLES:
        statements += [f"REVOKE ALL ON {table} FROM {CLUB_ROLE}",
                       f"REVOKE ALL ON SEQUENCE {table}_id_seq FROM {CLUB_ROLE}",
                       f"GRANT SELECT, INSERT, UPDATE, DELETE ON {table} TO {HOST_ROLE}",
                       f"GRANT USAGE, SELECT, UPDATE ON SEQUENCE {table}_id_seq TO {HOST_ROLE}"]
    for function in LOOKUP_FUNCTIONS:
        statements += [f"REVOKE ALL ON FUNCTION {function} FROM PUBLIC",
                       f"GRANT EXECUTE ON FUNCTION {function} TO {HOST_ROLE}, {CLUB_ROLE}"]
    return statements


def club_row_policy() -> list[str]:
    """The club table: the club role sees and changes its own club's row only."""
    own_club = f"id = nullif(current_setting('{CLUB_SETTING}', true), '')::integer"
    return ["ALTER TABLE club ENABLE ROW LEVEL SECURITY",
            "DROP POLICY IF EXISTS own_club ON club",
            f"CREATE POLICY own_club ON club TO {CLUB_ROLE} USING ({own_club}) WITH CHECK ({own_club})"]


def guard_host(connection) -> None:
    """The host role, the look-up functions, the host's tables kept from the club role, and the club table's
    policy (PostgreSQL only; after guard_clubs)."""
    if connection.dialect.name != "postgresql":
        return
    schema = '"' + connection.execute(text("SELECT current_schema()")).scalar() + '"'
    for statement in [make_role(HOST_ROLE), HOST_LOOKUP, SIGN_IN_LOOKUP, *host_grants(), *club_row_policy()]:
        connection.execute(text(statement.replace("{schema}", schema)))


def unguard_host(connection) -> None:
    """Take the look-ups and the club table's policy off (a downgrade); the roles stay."""
    if connection.dialect.name != "postgresql":
        return
    for function in LOOKUP_FUNCTIONS:
        connection.execute(text(f"DROP FUNCTION IF EXISTS {function}"))
    connection.execute(text("DROP POLICY IF EXISTS own_club ON club"))
    connection.execute(text("ALTER TABLE club DISABLE ROW LEVEL SECURITY"))


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
    keep_host_tables_from_clubs(connection)


def keep_host_tables_from_clubs(connection) -> None:
    """The grant on every table above reaches the host's own tables too: take them back from the club role
    (once they exist), so that a later migration's grant never reopens them."""
    for table in HOST_TABLES:
        if connection.execute(text("SELECT to_regclass(:table)"), {"table": table}).scalar() is not None:
            connection.execute(text(f"REVOKE ALL ON {table} FROM {CLUB_ROLE}"))
            connection.execute(text(f"REVOKE ALL ON SEQUENCE {table}_id_seq FROM {CLUB_ROLE}"))


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
        guard_host(connection)


guard_new_schemas(db.metadata)
