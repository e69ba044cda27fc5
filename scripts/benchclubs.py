"""A host's Saturday in the database for the benchmarks: 1,000 clubs of 10 tables, each an afternoon in play
and some history, made by copying one club the app itself made (its rows, each id moved on per copy), and kept
between runs under a version marker. Not a benchmark itself. Prints one line, asserts nothing."""
from __future__ import annotations

import json
import time
from base64 import b64encode

from benchkit import build_history

from flask_migrate import upgrade
from sqlalchemy import String, inspect, text

from app import create_app
from app.web.sign_in import add_organiser
from app.extensions import db
from app.store.tenancy.clubs import add_club
from app.store.tenancy.scope import in_club
from app.store.people.tokens import token_hash

#: Change it when what is seeded changes: a database seeded otherwise is made anew.
SEED_VERSION = "1000 clubs x 10 tables, 6 hands each, 24 games of history: v1"
CLUBS, TABLES, HANDS_NOW, HISTORY_GAMES = 1000, 10, 6, 24
NAME, PASSWORD = "Margaret", "bridge-and-tea"
#: Public ids (games, sessions) move on by this much per copy, within FIRST_PUBLIC_ID..PUBLIC_ID_LIMIT.
PUBLIC_STEP = 1_000_003 * 4_096 + 7
PUBLIC_TABLES = {"game", "club_session"}


def seeded_app(url: str, **config):
    """A Treys app on this database holding the host's Saturday (made when missing, kept otherwise), and what the
    replay needs of it: each club's organiser cookie, session, games and their table codes."""
    app = create_app({"TESTING": False, "WTF_CSRF_ENABLED": False, "SQLALCHEMY_DATABASE_URI": url, **config})
    with app.app_context():
        seeded = marker()
        if seeded is None or seeded["version"] != SEED_VERSION:
            start = time.time()
            seeded = seed(app)
            seeded["seconds"] = round(time.time() - start, 1)
            print(f"  seeded {CLUBS} clubs in {seeded['seconds']} s (kept for the next run: {SEED_VERSION})")
        seeded["runs"] = seeded.get("runs", -1) + 1     # each run posts its hands at another club's tables
        keep_marker(seeded)
    return app, seeded


def marker() -> dict | None:
    """What the last seeding kept, or None (none kept, or its clubs no longer there)."""
    try:
        with db.engine.connect() as connection:
            seeded = json.loads(connection.execute(text("SELECT what FROM bench_seed")).scalar() or "null")
            clubs = connection.execute(text("SELECT count(*) FROM club")).scalar()
    except Exception:   # noqa: BLE001 - no table yet, or a database of another kind: seeded anew
        return None
    return seeded if clubs == CLUBS + 1 else None      # another bench made the tables anew since: seeded again


def keep_marker(seeded: dict) -> None:
    with db.engine.begin() as connection:
        connection.execute(text("CREATE TABLE IF NOT EXISTS bench_seed (what TEXT)"))
        connection.execute(text("DELETE FROM bench_seed"))
        connection.execute(text("INSERT INTO bench_seed (what) VALUES (:what)"), {"what": json.dumps(seeded)})


def wipe() -> None:
    """Every table gone, the migrations run from the start (row security and roles as a host has them)."""
    db.session.remove()
    with db.engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
        else:
            for table in inspect(connection).get_table_names():
                connection.execute(text(f'DROP TABLE "{table}"'))
    db.engine.dispose()
    upgrade()


def seed(app) -> dict:
    wipe()
    template = template_club(app)
    copy_clubs(template)
    return template


def template_club(app) -> dict:
    """One club made through the app: an owner, 24 finished games of history over 4 afternoons, and today's
    session of 10 tables with 6 hands each; the owner signed in once (the cookie's parts)."""
    club = add_club("Bench club", slug="bench")
    db.session.commit()
    club_id = club.id
    with in_club(club_id):
        add_organiser(NAME, PASSWORD, club_id=club_id)
        db.session.commit()
        build_history(HISTORY_GAMES, sessions=4)
    client = app.test_client()
    basic = {"Authorization": "Basic " + b64encode(f"{NAME}:{PASSWORD}".encode()).decode()}
    doc = client.post("/api/v1/sessions", headers=basic, json={
        "ruleset": "bolivia", "format": {"kind": "target"}, "partners": "random",
        "players": [f"Player {i}" for i in range(4 * TABLES)]}).get_json()
    for table in doc["tables"]:
        for _ in range(HANDS_NOW):
            client.post(f"/api/v1/games/{table['game_id']}/hands", headers={"X-Table-Code": table["table_code"]},
                        json={"teams": [{"table_points": 20}, {"table_points": 10}]})
    client.post("/login", data={"name": NAME, "password": PASSWORD})
    signed = app.session_interface.get_signing_serializer(app).loads(client.get_cookie("session").value)
    return {"version": SEED_VERSION, "club_id": club_id, "session_id": doc["id"], "signed": signed,
            "tables": [(t["game_id"], t["table_code"]) for t in doc["tables"]]}


def copy_clubs(template: dict) -> None:
    """Clubs 2..CLUBS: the template club's rows copied by one INSERT ... SELECT a table, each id moved on per
    copy (public ids by PUBLIC_STEP, counters by the table's largest id), unique names given the copy's number."""
    club_id = template["club_id"]
    with db.engine.begin() as connection:
        if connection.dialect.name == "postgresql":     # no time limit; the copies' references are checked below
            connection.execute(text("SET LOCAL statement_timeout = 0; SET LOCAL session_replication_role = replica"))
        tables = [t for t in db.metadata.sorted_tables if t.name == "club" or "club_id" in t.c]
        spans = {t.name: connection.execute(text(f'SELECT max(id) FROM "{t.name}"')).scalar() or 0 for t in tables}
        connection.execute(text("CREATE TABLE bench_copy (k INTEGER PRIMARY KEY)"))
        connection.execute(text("INSERT INTO bench_copy (k) VALUES (:k)"), [{"k": k} for k in range(1, CLUBS)])
        for table in tables:
            columns = [f'"{c.name}"' for c in table.c]
            where = "id" if table.name == "club" else "club_id"
            values = [moved(table, column, spans) for column in table.c]
            connection.execute(text(
                f'INSERT INTO "{table.name}" ({", ".join(columns)}) SELECT {", ".join(values)} '
                f'FROM "{table.name}" CROSS JOIN bench_copy WHERE "{table.name}".{where} = {club_id}'))
        connection.execute(text("DROP TABLE bench_copy"))
        if connection.dialect.name == "postgresql":
            for table in tables:
                if table.name not in PUBLIC_TABLES:
                    connection.execute(text(f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                                            f'(SELECT max(id) FROM "{table.name}"))'))
        key = template["signed"]["_user_id"].split(".", 2)[2]
        connection.execute(text("UPDATE sign_in SET key_hash = :hash WHERE key_hash = :copied"),
                           [{"hash": token_hash(f"{key}{k}"), "copied": f"{token_hash(key)[:48]}-{k}"}
                            for k in range(1, CLUBS)])
    template["spans"] = spans


def moved(table, column, spans: dict) -> str:
    """The SQL giving a copied row's column: ids and references moved on to copy k, unique text made unique."""
    target = table.name if column.primary_key else None
    for key in column.foreign_keys:
        target = key.column.table.name
    if target in PUBLIC_TABLES:
        return f"((\"{column.name}\" - 4294967296 + k * {PUBLIC_STEP}) % 9007194959773696 + 4294967296)"
    if target is not None:
        return f"(\"{column.name}\" + k * {spans[target]})"
    if column.unique and isinstance(column.type, String):
        return f"(substr(\"{column.name}\", 1, 48) || '-' || k)"
    return f'"{column.name}"'


def club_at(seeded: dict, k: int) -> dict:
    """Copy k's ids (0: the template): its club, session, tables and its organiser's session cookie's contents."""
    spans, ids = seeded["spans"], lambda old, name: old + k * spans[name]

    def public(old: int) -> int:
        return (old - 2**32 + k * PUBLIC_STEP) % (2**53 - 2**32) + 2**32
    organiser, generation, key = seeded["signed"]["_user_id"].split(".", 2)
    signed = dict(seeded["signed"], _user_id=f"{ids(int(organiser), 'organiser')}.{generation}.{key}{k or ''}")
    return {"club_id": ids(seeded["club_id"], "club"), "session_id": public(seeded["session_id"]),
            "signed": signed, "tables": [(public(game), code) for game, code in seeded["tables"]]}
