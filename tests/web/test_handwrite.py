"""Recording a hand in a few statements (app/handwrite.py): the same answers and record as the full path
(app/services.py add_hand), and nothing half-saved when a write fails or clashes."""
from __future__ import annotations

import sqlite3

from sqlalchemy import event
from sqlalchemy.exc import OperationalError

import app.handwrite as handwrite
from app.cache import version_cache
from app.extensions import db
from app.models import GameEvent

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


def quick_calls(monkeypatch) -> list[bool]:
    """Whether each add was answered the quick way (True: saved or refused) or left to the full path (False)."""
    calls: list[bool] = []
    real = handwrite.add_hand

    def watched(*args, **kwargs):
        try:
            state = real(*args, **kwargs)
        except Exception:
            calls.append(True)
            raise
        calls.append(state is not None)
        return state
    monkeypatch.setattr(handwrite, "add_hand", watched)
    return calls


def test_the_next_hand_takes_one_read_and_four_writes_and_answers_as_a_fresh_read(app, client, monkeypatch):
    game_id, code = api_game(client)
    calls = quick_calls(monkeypatch)
    assert post(client, game_id, code, FIRST).status_code == 201            # the full path keeps what is needed
    seen, stop = counted_statements(app)
    answer = post(client, game_id, code, SECOND)
    stop()
    assert answer.status_code == 201 and calls == [False, True]
    assert seen == ["SELECT", "UPDATE", "INSERT", "INSERT", "INSERT"]
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


def test_a_hand_from_an_old_version_is_refused_409_and_saves_nothing(client, monkeypatch):
    game_id, code = api_game(client)
    calls = quick_calls(monkeypatch)
    post(client, game_id, code, FIRST)
    answer = post(client, game_id, code, {**SECOND, "version": 1})
    assert answer.status_code == 409 and calls == [False, True]
    assert answer.get_json()["errors"][0]["field"] == "version"
    assert len(answer.get_json()["game"]["hands"]) == 1
    assert post(client, game_id, code, {**SECOND, "version": 2}).status_code == 201


def test_the_same_token_twice_records_the_hand_once(client, monkeypatch):
    game_id, code = api_game(client)
    calls = quick_calls(monkeypatch)
    post(client, game_id, code, {**FIRST, "client_token": "t-1"})
    first = post(client, game_id, code, {**SECOND, "client_token": "t-2"})
    again = post(client, game_id, code, {**SECOND, "client_token": "t-2"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json()["hand"] == again.get_json()["hand"]
    assert calls == [False, True, False]               # a token seen before is answered by the full path
    assert len(client.get(f"/api/v1/games/{game_id}").get_json()["hands"]) == 2


def test_a_record_line_written_behind_the_apps_back_refuses_once_then_saves(app, client, monkeypatch):
    game_id, code = api_game(client)
    post(client, game_id, code, FIRST)
    with app.app_context():                  # seq 3 taken without a new version: what was kept is wrong now
        db.session.add(GameEvent(game_id=game_id, seq=3, kind="note", actor_kind="api"))
        db.session.commit()
    calls = quick_calls(monkeypatch)
    refused = post(client, game_id, code, SECOND)
    assert refused.status_code == 409 and calls == [True]
    assert len(refused.get_json()["game"]["hands"]) == 1                  # nothing half-saved
    assert post(client, game_id, code, SECOND).status_code == 201 and calls == [True, False]
    seqs = [e["seq"] for e in client.get(f"/api/v1/games/{game_id}/events").get_json()["events"]]
    assert seqs == [1, 2, 3, 4]


def test_a_full_disk_during_the_quick_write_answers_503_and_saves_nothing(app, client, monkeypatch):
    game_id, code = api_game(client)
    post(client, game_id, code, FIRST)

    def full(conn, cursor, statement, *args):
        if statement.lstrip().upper().startswith("INSERT INTO GAME_EVENT"):
            raise OperationalError(statement, {}, sqlite3.OperationalError("database or disk is full"))
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", full)
    calls = quick_calls(monkeypatch)
    try:
        answer = post(client, game_id, code, SECOND)
    finally:
        event.remove(engine, "before_cursor_execute", full)
    assert answer.status_code == 503 and calls == [True]         # refused inside the quick write
    game = client.get(f"/api/v1/games/{game_id}").get_json()
    assert len(game["hands"]) == 1 and game["version"] == 2
    assert post(client, game_id, code, SECOND).status_code == 201
