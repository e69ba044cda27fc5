"""Faults: a read-only database, a full disk, a dropped PostgreSQL connection: 503 or a transparent reconnect."""
import re
import os
import shutil
import subprocess
import time
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.exc import OperationalError

from app import create_app
from app.store.base import connections
from app.extensions import WAL_LIMIT_BYTES, db
from app.server.faults import CANNOT_SAVE
from tests.conftest import database_url, dispose_app, is_postgres, make_app
from tests.web.club_support import login, organiser
from tests.web.pages_support import hand_count, open_game, post_hand

TEAMS = [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]
ON_POSTGRES = is_postgres(database_url(Path("unused.sqlite3")))
HAND = {"client_token": "fault-1", "teams": [{"table_points": 50}, {}]}


def api_game(client):
    answer = client.post("/api/v1/games", json={"ruleset": "bolivia", "teams": TEAMS})
    return answer.get_json()["id"], answer.get_json()["table_code"]


def failing_writes(engine, message: str):
    """Make every INSERT/UPDATE/DELETE fail as the database would with this message."""
    def refuse(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            raise OperationalError(statement, parameters, sqlite3.OperationalError(message))
    event.listen(engine, "before_cursor_execute", refuse)
    return lambda: event.remove(engine, "before_cursor_execute", refuse)


@pytest.mark.parametrize("message", ["database or disk is full", "attempt to write a readonly database"])
def test_a_full_disk_or_read_only_database_answers_503_and_saves_nothing(app, client, message):
    game_id = open_game(client)
    api_id, code = api_game(client)
    with app.app_context():
        restore = failing_writes(db.engine, message)
    try:
        page = post_hand(client, game_id, [{"table_points": 50}, {}], "none")
        assert page.status_code == 503, re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", page.get_data(as_text=True)))[:2500]
        assert CANNOT_SAVE in page.get_data(as_text=True)
        answer = client.post(f"/api/v1/games/{api_id}/hands", json=HAND, headers={"X-Table-Code": code})
        assert answer.status_code == 503
        assert answer.get_json() == {"errors": [{"field": None, "message": CANNOT_SAVE, "code": "database.unavailable"}]}
        assert answer.headers["Retry-After"] == "30"
        assert client.get(f"/games/{game_id}").status_code == 200          # reading still works
    finally:
        restore()
    assert hand_count(app, game_id) == 0 and hand_count(app, api_id) == 0
    assert post_hand(client, game_id, [{"table_points": 50}, {}], "none").status_code == 302


@pytest.mark.skipif(ON_POSTGRES, reason="a SQLite file opened read-only (PostgreSQL: the test above)")
def test_a_really_read_only_sqlite_file_answers_503(tmp_path):
    path = tmp_path / "ro.sqlite3"
    writer = make_app(f"sqlite:///{path}")
    client = writer.test_client()
    api_id, code = api_game(client)
    readonly = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False,
                           "SQLALCHEMY_DATABASE_URI": f"sqlite:///file:{path}?mode=ro&uri=true"})
    answer = readonly.test_client().post(f"/api/v1/games/{api_id}/hands", json=HAND, headers={"X-Table-Code": code})
    assert answer.status_code == 503 and answer.get_json()["errors"][0]["message"] == CANNOT_SAVE
    assert readonly.test_client().get(f"/api/v1/games/{api_id}", headers={"X-Table-Code": code}).status_code == 200
    with readonly.app_context():
        db.engine.dispose()
    dispose_app(writer)


@pytest.mark.skipif(not ON_POSTGRES, reason="default_transaction_read_only is PostgreSQL's (SQLite: above)")
def test_a_read_only_postgresql_answers_503_like_a_read_only_sqlite_file(tmp_path):
    url = database_url(tmp_path / "unused.sqlite3")
    writer = make_app(url)
    client = writer.test_client()
    api_id, code = api_game(client)
    game_id = open_game(client)
    readonly = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SQLALCHEMY_DATABASE_URI": url,
                           "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {
                               "options": "-c default_transaction_read_only=on"}}})
    tablet = readonly.test_client()
    answer = tablet.post(f"/api/v1/games/{api_id}/hands", json=HAND, headers={"X-Table-Code": code})
    assert answer.status_code == 503 and answer.get_json()["errors"][0]["message"] == CANNOT_SAVE
    assert answer.headers["Retry-After"] == "30"
    opened = tablet.post("/api/v1/games", json={"ruleset": "bolivia", "teams": TEAMS})
    assert opened.status_code == 503
    with client.session_transaction() as kept, tablet.session_transaction() as session:
        session.update(kept)
    page = post_hand(tablet, game_id, [{"table_points": 50}, {}], "none")
    assert page.status_code == 503 and CANNOT_SAVE in page.get_data(as_text=True)
    assert tablet.get(f"/api/v1/games/{api_id}").status_code == 200          # reading still works
    with readonly.app_context():
        db.engine.dispose()
    assert hand_count(writer, api_id) == 0 and hand_count(writer, game_id) == 0
    dispose_app(writer)


@pytest.mark.skipif(not ON_POSTGRES,
                    reason="pg_terminate_backend needs PostgreSQL (run with DATABASE_URL)")
def test_a_terminated_postgresql_connection_is_replaced_transparently(tmp_path):
    url = database_url(tmp_path / "unused.sqlite3")
    app = make_app(url, SQLALCHEMY_ENGINE_OPTIONS={"connect_args": {"application_name": "treys-fault-test"}})
    client = app.test_client()
    api_id, code = api_game(client)
    assert client.get(f"/api/v1/games/{api_id}").status_code == 200       # a pooled connection now exists
    killer = create_engine(url)
    with killer.begin() as conn:          # waits until the backends are gone, as after a server restart
        killed = conn.execute(text("SELECT count(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity "
                                   "WHERE application_name = 'treys-fault-test'")).scalar()
    killer.dispose()
    assert killed >= 1
    assert client.get(f"/api/v1/games/{api_id}").status_code == 200
    answer = client.post(f"/api/v1/games/{api_id}/hands", json=HAND, headers={"X-Table-Code": code})
    assert answer.status_code == 201
    dispose_app(app)
    assert os.environ.get("DATABASE_URL")


@pytest.mark.skipif(not ON_POSTGRES, reason="SQLite has no connection to drop (run with DATABASE_URL)")
def test_a_postgresql_connection_idle_too_long_is_pinged_and_replaced_when_it_does_not_answer(tmp_path,
                                                                                             monkeypatch):
    app = make_app(database_url(tmp_path / "unused.sqlite3"))
    client = app.test_client()
    api_id, _ = api_game(client)
    pinged: list[bool] = []
    monkeypatch.setattr(connections, "answers", lambda engine, dbapi_connection: pinged.append(True) and False)
    assert client.get(f"/api/v1/games/{api_id}").status_code == 200 and pinged == []      # just used: no ping
    later = time.monotonic() + connections.PING_AFTER_IDLE + 1
    monkeypatch.setattr(connections.time, "monotonic", lambda: later)     # the pooled one has idled too long
    assert client.get(f"/api/v1/games/{api_id}").status_code == 200      # and is replaced by a fresh one
    assert pinged == [True]
    dispose_app(app)


class DeadlockDetected(Exception):
    """Stands in for psycopg's error when PostgreSQL breaks a deadlock between two writers."""

    sqlstate = "40P01"


def test_a_clash_between_two_writers_answers_409_and_saves_nothing(app, client):
    api_id, code = api_game(client)

    def clash(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().upper().startswith("INSERT"):
            raise OperationalError(statement, parameters, DeadlockDetected("deadlock detected"))
    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", clash)
    try:
        answer = client.post(f"/api/v1/games/{api_id}/hands", json=HAND, headers={"X-Table-Code": code})
    finally:
        with app.app_context():
            event.remove(db.engine, "before_cursor_execute", clash)
    assert answer.status_code == 409
    assert "Someone else changed this game at the same moment" in answer.get_json()["errors"][0]["message"]
    assert hand_count(app, api_id) == 0


def held_write_lock(app):
    """Another connection holding the write lock on the hands (SQLite: the database's one write lock;
    PostgreSQL: the hand table locked whole); closed by the caller, which lets it go."""
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    if is_postgres(url):
        locker = create_engine(url).connect()
        locker.execute(text("LOCK TABLE hand IN ACCESS EXCLUSIVE MODE"))
        return locker
    locker = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")
    return locker


def test_a_save_behind_a_held_lock_answers_busy_while_it_is_held_and_goes_in_once_when_sent_again(app, client):
    api_id, code = api_game(client)
    locker = held_write_lock(app)
    try:
        busy = client.post(f"/api/v1/games/{api_id}/hands", json=HAND, headers={"X-Table-Code": code})
        held = locker.in_transaction
        assert held() if callable(held) else held    # the answer came while the lock was still held
    finally:
        locker.close()
    assert busy.status_code == 503 and busy.headers["Retry-After"]
    assert "send it again" in busy.get_json()["errors"][0]["message"]
    assert hand_count(app, api_id) == 0
    sent = [client.post(f"/api/v1/games/{api_id}/hands", json=HAND, headers={"X-Table-Code": code})
            for _ in range(2)]
    assert [answer.status_code for answer in sent] == [201, 200] and hand_count(app, api_id) == 1


def filled_to(folder: Path, room: int) -> Path:
    """A file that takes the disk's space but `room` bytes."""
    filler = folder / "filler"
    free = shutil.disk_usage(folder).free
    with filler.open("wb") as out:
        out.write(b"\0" * max(free - room, 0))
    return filler


@pytest.mark.skipif(ON_POSTGRES, reason="SQLite's own file on a full disk (PostgreSQL looks after its own disk)")
def test_a_full_disk_keeps_the_log_bounded_says_so_and_saves_go_in_again_once_space_is_freed(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("a small disk of the test's own is mounted as root only (not root here)")
    disk = tmp_path / "disk"
    disk.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(disk)], check=True)
    app = None
    try:
        app = make_app(f"sqlite:///{disk}/treys.sqlite3")
        organiser(app)
        client, convenor = app.test_client(), app.test_client()
        login(convenor)
        api_id, code = api_game(client)
        filler = filled_to(disk, 160 * 1024)
        answers = []
        for number in range(400):              # hands until the disk has no room for the next
            body = {"client_token": f"full-{number}", "teams": [{"table_points": 50}, {}]}
            answers.append(client.post(f"/api/v1/games/{api_id}/hands", json=body, headers={"X-Table-Code": code}))
            if answers[-1].status_code != 201:
                break
        full = answers[-1]
        assert full.status_code == 503 and full.headers["Retry-After"] and len(answers) > 1
        assert full.get_json()["errors"][0]["code"] in ("disk.full", "database.unavailable")
        log = disk / "treys.sqlite3-wal"
        assert not log.exists() or log.stat().st_size <= WAL_LIMIT_BYTES
        assert "The computer's disk is full." in convenor.get("/club").get_data(as_text=True)
        filler.unlink()
        saved = len(answers) - 1
        for number in (saved, saved + 1):      # the refused hand sent again by the tablet, then the next one
            body = {"client_token": f"full-{number}", "teams": [{"table_points": 50}, {}]}
            assert client.post(f"/api/v1/games/{api_id}/hands", json=body,
                               headers={"X-Table-Code": code}).status_code == 201
        assert "disk is full" not in convenor.get("/club").get_data(as_text=True)
        assert hand_count(app, api_id) == saved + 2
    finally:
        if app is not None:
            with app.app_context():
                db.session.remove()
                db.engine.dispose()
        subprocess.run(["umount", str(disk)], check=True)


@pytest.mark.skipif(ON_POSTGRES, reason="SQLite's own file on a full disk (PostgreSQL looks after its own disk)")
def test_on_a_2_mb_disk_the_log_never_keeps_it_full_and_a_save_is_refused_cleanly_before(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("a small disk of the test's own is mounted as root only (not root here)")
    disk = tmp_path / "disk"
    disk.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(disk)], check=True)
    app = None
    try:
        app = make_app(f"sqlite:///{disk}/treys.sqlite3")
        organiser(app)
        client, convenor = app.test_client(), app.test_client()
        login(convenor)
        api_id, code = api_game(client)
        spare = disk / "spare"
        spare.write_bytes(b"\0" * 512 * 1024)            # what the owner frees later
        filled_to(disk, 320 * 1024)                     # the rest of the disk taken by other files
        answers = []
        for number in range(2000):             # hands until the disk has no room for the next (a new game
            body = {"client_token": f"small-{number}", "teams": [{"table_points": 50}, {}]}     # every 200)
            answers.append(client.post(f"/api/v1/games/{api_id}/hands", json=body, headers={"X-Table-Code": code}))
            if answers[-1].status_code == 422:
                api_id, code = api_game(client)
                answers.pop()
                continue
            if answers[-1].status_code != 201:
                break
        full = answers[-1]
        assert full.status_code == 503 and full.headers["Retry-After"] and len(answers) > 1, (
            len(answers), full.get_data(as_text=True))
        assert full.get_json()["errors"][0]["code"] == "disk.full"         # refused before the write, cleanly
        log = disk / "treys.sqlite3-wal"
        assert not log.exists() or log.stat().st_size < 64 * 1024           # the log was cut, not left full
        assert "The computer's disk is full." in convenor.get("/club").get_data(as_text=True)
        spare.unlink()
        refused = number
        for number in range(refused, refused + 20):    # the refused hand again, then more: the log does not fill it
            body = {"client_token": f"small-{number}", "teams": [{"table_points": 50}, {}]}
            assert client.post(f"/api/v1/games/{api_id}/hands", json=body,
                               headers={"X-Table-Code": code}).status_code == 201, number
        assert "disk is full" not in convenor.get("/club").get_data(as_text=True)
        assert hand_count(app, api_id) >= 20
    finally:
        if app is not None:
            with app.app_context():
                db.session.remove()
                db.engine.dispose()
        subprocess.run(["umount", str(disk)], check=True)


def test_a_rollback_that_fails_on_a_dead_connection_is_a_503_not_a_500(app, client, monkeypatch):
    """A refusal's answer rolls back; when the connection died meanwhile that rollback fails too: 503."""
    api_id, _ = api_game(client)
    app.config["PROPAGATE_EXCEPTIONS"] = False          # as served: an error in a handler is answered, not raised

    def dead(*args, **kwargs):
        raise OperationalError("ROLLBACK", {}, sqlite3.OperationalError("server closed the connection unexpectedly"))
    monkeypatch.setattr(db.session, "rollback", dead)
    answer = client.post(f"/api/v1/games/{api_id}/hands", json=HAND, headers={"X-Table-Code": "0000"})
    assert answer.status_code == 503 and answer.headers["Retry-After"]
    assert answer.get_json() == {"errors": [{"field": None, "message": CANNOT_SAVE, "code": "database.unavailable"}]}
    monkeypatch.undo()
    assert hand_count(app, api_id) == 0
