"""Recording a hand in few statements (app/handwrite.py): a known game in one statement (PostgreSQL) or four
(SQLite), else its row read first; the same answers and record as the full path (app/services.py add_hand),
whatever changed meanwhile answered by the read way, and nothing half-saved when a write fails or clashes."""
from __future__ import annotations

import sqlite3

from sqlalchemy import event, update
from sqlalchemy.exc import OperationalError

import app.handwrite as handwrite
from app.cache import version_cache
from app.extensions import db
from app.brake import EVERY_ADDRESS, CodeBrake
from app.models import Game, GameEvent, utcnow

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
FIRST = {"teams": [{"table_points": 50}, {}]}
SECOND = {"teams": [{"table_points": 120}, {"table_points": 90}]}


def api_game(client) -> tuple[int, str]:
    """A game opened through the API: its id and table code."""
    answer = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": TEAMS})
    return answer.get_json()["id"], answer.get_json()["table_code"]


def post(client, game_id: int, code: str, body: dict):
    """POST a hand with the table code."""
    return client.post(f"/api/v1/games/{game_id}/hands", json=body, headers={"X-Table-Code": code})


def counted_statements(app):
    """The SQL statements run from now on (a list that fills), and how to stop counting."""
    seen: list[str] = []

    def count(conn, cursor, statement, *args):
        seen.append(statement.split()[0].upper())
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    return seen, lambda: event.remove(engine, "before_cursor_execute", count)


def answering_ways(monkeypatch) -> list[str]:
    """Which way answered each post: "known" (saved in one write), "read" (saved after reading the row),
    "full" (left to services.add_hand), or refused ("known refused", "read refused")."""
    ways: list[str] = []

    def watched(name: str, real):
        def way(*args, **kwargs):
            try:
                state = real(*args, **kwargs)
            except Exception:
                ways.append(f"{name} refused")
                raise
            if state is not None:
                ways.append(name)
            elif name == "read":
                ways.append("full")
            return state
        return way
    monkeypatch.setattr(handwrite, "add_known_hand", watched("known", handwrite.add_known_hand))
    monkeypatch.setattr(handwrite, "add_hand", watched("read", handwrite.add_hand))
    return ways


def one_write(app) -> list[str]:
    """The statements of a known game's write: one on PostgreSQL, four on SQLite."""
    with app.app_context():
        postgresql = db.engine.dialect.name == "postgresql"
    return ["WITH"] if postgresql else ["UPDATE", "INSERT", "INSERT", "INSERT"]


def test_a_known_games_next_hand_is_one_write_and_answers_as_a_fresh_read(app, client, monkeypatch):
    game_id, code = api_game(client)
    ways = answering_ways(monkeypatch)
    assert post(client, game_id, code, FIRST).status_code == 201
    seen, stop = counted_statements(app)
    answer = post(client, game_id, code, SECOND)
    stop()
    assert answer.status_code == 201 and ways[-1] == "known"
    assert seen == one_write(app)                       # no read: the write itself checks nothing changed
    with app.app_context():
        version_cache().clear()                  # a read from the database alone, nothing kept
    fresh = client.get(f"/api/v1/games/{game_id}").get_json()
    assert answer.get_json()["game"] == fresh
    assert answer.get_json()["hand"] == fresh["hands"][1]
    assert fresh["version"] == 3 and [h["number"] for h in fresh["hands"]] == [1, 2]
    events = client.get(f"/api/v1/games/{game_id}/events").get_json()["events"]
    assert [(e["seq"], e["kind"], e["hand"]) for e in events] == [
        (1, "game_opened", None), (2, "hand_added", 1), (3, "hand_added", 2)]
    assert events[2]["actor"] == {"kind": "api", "label": "the API"}
    assert events[2]["after"]["teams"][1]["table_points"] == 90


def test_a_game_changed_by_another_server_is_read_first_and_nothing_is_saved_twice(app, client, monkeypatch):
    game_id, code = api_game(client)
    post(client, game_id, code, FIRST)
    with app.app_context():                  # another process wrote version 3: this one's kept row is old
        db.session.execute(update(Game).where(Game.id == game_id).values(version=3))
        db.session.commit()
    ways = answering_ways(monkeypatch)
    seen, stop = counted_statements(app)
    answer = post(client, game_id, code, SECOND)
    stop()
    assert answer.status_code == 201 and ways == ["full"]       # the known write found version 2 gone
    assert seen[:2] == [one_write(app)[0], "SELECT"]           # tried, changed no row, then read
    fresh = client.get(f"/api/v1/games/{game_id}").get_json()
    assert fresh["version"] == 4 and [h["number"] for h in fresh["hands"]] == [1, 2]
    assert post(client, game_id, code, FIRST).status_code == 201 and ways[-1] == "known"


def test_a_wrong_code_for_a_known_game_is_refused_and_counted_by_the_read_way(app, client, monkeypatch):
    game_id, code = api_game(client)
    post(client, game_id, code, FIRST)
    ways = answering_ways(monkeypatch)
    answer = post(client, game_id, "0000" if code != "0000" else "1111", SECOND)
    assert answer.status_code == 403 and answer.get_json()["errors"][0]["field"] == "table_code"
    assert ways == []                                  # refused before any write was tried
    with app.app_context():
        assert db.session.query(CodeBrake).filter_by(game_id=game_id).count() == 2       # this address, all
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) == 1


def test_wrong_codes_from_this_tablet_send_the_right_one_the_read_way_which_clears_them(app, client, monkeypatch):
    game_id, code = api_game(client)
    post(client, game_id, code, FIRST)
    with app.app_context():
        db.session.add(CodeBrake(game_id=game_id, address="127.0.0.1", failures=2))
        db.session.commit()
    ways = answering_ways(monkeypatch)
    assert post(client, game_id, code, SECOND).status_code == 201 and ways == ["read"]
    with app.app_context():
        assert db.session.query(CodeBrake).filter_by(game_id=game_id, address="127.0.0.1").count() == 0
    assert post(client, game_id, code, FIRST).status_code == 201 and ways == ["read", "known"]


def test_a_wait_on_every_tablet_is_kept_even_for_the_right_code_of_a_known_game(app, client, monkeypatch):
    game_id, code = api_game(client)
    post(client, game_id, code, FIRST)
    with app.app_context():
        db.session.add(CodeBrake(game_id=game_id, address=EVERY_ADDRESS, failures=25, last_failure_at=utcnow(),
                                 next_try_at=utcnow().replace(year=utcnow().year + 1)))
        db.session.commit()
    ways = answering_ways(monkeypatch)
    answer = post(client, game_id, code, SECOND)
    assert answer.status_code == 429 and ways == []
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) == 1


def test_a_hand_from_an_old_version_is_refused_409_and_saves_nothing(client, monkeypatch):
    game_id, code = api_game(client)
    ways = answering_ways(monkeypatch)
    post(client, game_id, code, FIRST)
    answer = post(client, game_id, code, {**SECOND, "version": 1})
    assert answer.status_code == 409 and ways[-1] == "read refused"
    assert answer.get_json()["errors"][0]["field"] == "version"
    assert len(answer.get_json()["game"]["hands"]) == 1
    assert post(client, game_id, code, {**SECOND, "version": 2}).status_code == 201 and ways[-1] == "known"


def test_the_same_token_twice_records_the_hand_once(client, monkeypatch):
    game_id, code = api_game(client)
    ways = answering_ways(monkeypatch)
    post(client, game_id, code, {**FIRST, "client_token": "t-1"})
    first = post(client, game_id, code, {**SECOND, "client_token": "t-2"})
    again = post(client, game_id, code, {**SECOND, "client_token": "t-2"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json()["hand"] == again.get_json()["hand"]
    assert ways[1:] == ["known", "full"]               # a token seen before is answered by the full path
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) == 2


def test_a_record_line_written_behind_the_apps_back_is_read_afresh_and_saves(app, client, monkeypatch):
    game_id, code = api_game(client)
    post(client, game_id, code, FIRST)
    with app.app_context():                  # seq 3 taken without a new version: what was kept is wrong now
        db.session.add(GameEvent(game_id=game_id, seq=3, kind="note", actor_kind="api"))
        db.session.commit()
    ways = answering_ways(monkeypatch)
    assert post(client, game_id, code, SECOND).status_code == 201 and ways == ["full"]
    seqs = [e["seq"] for e in client.get(f"/api/v1/games/{game_id}/events").get_json()["events"]]
    assert seqs == [1, 2, 3, 4]
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) == 2


def test_a_full_disk_during_the_quick_write_answers_503_and_saves_nothing(app, client, monkeypatch):
    game_id, code = api_game(client)
    post(client, game_id, code, FIRST)

    def full(conn, cursor, statement, *args):
        if "INSERT INTO GAME_EVENT" in statement.upper():
            raise OperationalError(statement, {}, sqlite3.OperationalError("database or disk is full"))
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", full)
    ways = answering_ways(monkeypatch)
    try:
        answer = post(client, game_id, code, SECOND)
    finally:
        event.remove(engine, "before_cursor_execute", full)
    assert answer.status_code == 503 and ways == ["known refused"]         # refused inside the quick write
    game = client.get(f"/api/v1/games/{game_id}").get_json()
    assert len(game["hands"]) == 1 and game["version"] == 2
    assert post(client, game_id, code, SECOND).status_code == 201
