"""The club's data kept safe: CSV cells no spreadsheet runs, nothing kept by browsers or proxies, the code brake
counted atomically and released from the board, table codes unique in a session, backup.sqlite3 leaving no
file behind, records public only by choice, and a server that idle connections cannot starve."""
from __future__ import annotations

import csv
import io
import os
import socket
import tempfile
from collections import Counter
from itertools import cycle
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

import app.store.game.games as store_games
from app.store.base.brakes import FREE_PER_ADDRESS, CodeBrake
from app.extensions import db
from app.render.csv_text import cell
from app.store.club.models import Member
from app.store.game.models import Game
from tests.conftest import database_url, is_postgres
from tests.web.club_support import PLAYERS, login, open_session, organiser
from tests.web.server_support import request, run_together, waitress_server

ON_SQLITE = not is_postgres(database_url(Path("unused.sqlite3")))
MANY_PLAYERS = [f"Player {n}" for n in range(80)]          # 20 tables of four


@pytest.fixture
def organiser_client(app):
    """A test client logged in as the organiser."""
    organiser(app)
    client = app.test_client()
    login(client)
    return client


@pytest.mark.parametrize("text", ["=HYPERLINK(\"http://evil.example\",\"x\")", "+1+1", "-2+3", "@SUM(A1)",
                                  "\tTab", "\rReturn"])
def test_a_cell_a_spreadsheet_would_run_starts_with_an_apostrophe(text):
    assert cell(text) == "'" + text


@pytest.mark.parametrize("value", ["Ann Smith", "O'Brien", -50, 0, 12.5, "2026-11-22"])
def test_other_cells_are_kept_as_they_are(value):
    assert cell(value) == value


def test_the_players_export_neutralises_a_formula_name_and_says_one_charset(app, organiser_client):
    with app.app_context():
        db.session.add(Member(name="=HYPERLINK(\"http://evil.example\")", short_name="@me"))
        db.session.commit()
    answer = organiser_client.get("/records/players.csv")
    assert answer.headers["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert rows[0]["name"] == "'=HYPERLINK(\"http://evil.example\")" and rows[0]["short_name"] == "'@me"


def test_club_pages_backups_and_exports_are_never_kept(app, organiser_client):
    session = open_session(organiser_client, PLAYERS[:8]).get_json()
    game_id = session["tables"][0]["game_id"]
    with app.app_context():
        member_id = db.session.scalar(select(Member.id).limit(1))
    organiser_client.post("/records/seasons", data={"name": "2026", "starts_on": "2026-01-01",
                                                    "ends_on": "2026-12-31", "qualifying_percent": "30"})
    urls = [f"/club/sessions/{session['id']}", f"/club/sessions/{session['id']}/board",
            f"/club/sessions/{session['id']}/board.json", f"/club/sessions/{session['id']}/results", "/club",
            "/records/", "/records/players.csv", "/records/games.csv",
            f"/records/players/{member_id}", "/records/seasons/1", "/records/seasons/1/standings.csv",
            f"/games/{game_id}"]
    validated = {f"/club/sessions/{session['id']}/board", f"/club/sessions/{session['id']}/results",
                 f"/games/{game_id}"}      # kept by this browser alone and asked for again each time by their ETag
    for url in urls:
        answer = organiser_client.get(url)
        assert answer.status_code == 200, url
        assert answer.headers["Cache-Control"] == ("private, no-cache" if url in validated else "no-store"), url
    assert organiser_client.post("/records/backup.json").headers["Cache-Control"] == "no-store"
    assert app.test_client().get("/rules").headers.get("Cache-Control") != "no-store"     # public pages may be


def test_wrong_codes_sent_at_once_get_exactly_the_allowed_answers(app):
    answer = app.test_client().post("/api/v1/games", json={"ruleset": "bolivia", "teams": [
        {"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them", "players": ["Cy", "Di"]}]})
    game_id, code = answer.get_json()["id"], answer.get_json()["table_code"]
    wrong = "0000" if code != "0000" else "1111"
    statuses: list[int] = []
    with waitress_server(app) as port:
        run_together([lambda: statuses.append(request(port, "POST", f"/api/v1/games/{game_id}/hands",
                                                      body={"teams": [{"table_points": 50}, {}]},
                                                      headers={"X-Table-Code": wrong})[0])] * 12)
    assert Counter(statuses) == {403: FREE_PER_ADDRESS, 429: 12 - FREE_PER_ADDRESS}
    with app.app_context():
        counted = db.session.scalar(select(CodeBrake.failures).where(CodeBrake.address == "127.0.0.1"))
    assert FREE_PER_ADDRESS < counted <= 12      # one arriving after the wait began is refused uncounted


def test_the_organiser_lets_a_table_in_again_from_the_board(app, organiser_client):
    session = open_session(organiser_client, PLAYERS[:8]).get_json()
    table = session["tables"][0]
    tablet = app.test_client()
    wrong = "0000" if table["table_code"] != "0000" else "1111"
    url = f"/api/v1/games/{table['game_id']}/hands"
    hand = {"teams": [{"table_points": 50}, {"table_points": 20}]}
    for _ in range(FREE_PER_ADDRESS):
        assert tablet.post(url, json=hand, headers={"X-Table-Code": wrong}).status_code == 403
    assert tablet.post(url, json=hand, headers={"X-Table-Code": table["table_code"]}).status_code == 429
    board = organiser_client.get(f"/club/sessions/{session['id']}/board").get_data(as_text=True)
    assert f"/club/games/{table['game_id']}/brake" in board and "Let tablets in again" in board
    unconfirmed = organiser_client.post(f"/club/games/{table['game_id']}/brake", follow_redirects=True)
    assert "tick the box to confirm" in unconfirmed.get_data(as_text=True)
    assert tablet.post(url, json=hand, headers={"X-Table-Code": table["table_code"]}).status_code == 429
    released = organiser_client.post(f"/club/games/{table['game_id']}/brake", data={"confirmed": "yes"},
                                     follow_redirects=True)
    assert "can type the table code again now" in released.get_data(as_text=True)
    assert tablet.post(url, json=hand, headers={"X-Table-Code": table["table_code"]}).status_code == 201


def test_the_tables_of_a_session_never_share_a_code(app, organiser_client, monkeypatch):
    codes = cycle([1, 1, 2, 2, 3, 1, 4] + list(range(5, 200)))
    monkeypatch.setattr(store_games.secrets, "randbelow", lambda limit: next(codes))    # collisions on purpose
    session = open_session(organiser_client, MANY_PLAYERS).get_json()
    drawn = [table["table_code"] for table in session["tables"]]
    assert len(drawn) == 20 and len(set(drawn)) == 20
    organiser_client.post(f"/club/sessions/{session['id']}/draw", data={"confirmed": "1"})
    with app.app_context():
        stored = list(db.session.scalars(select(Game.table_code).where(Game.session_id == session["id"])))
    assert len(stored) == 40 and len(set(stored)) == 40
    organiser_client.post(f"/club/games/{session['tables'][0]['game_id']}/code")
    with app.app_context():
        stored = list(db.session.scalars(select(Game.table_code).where(Game.session_id == session["id"])))
    assert len(set(stored)) == 40


def test_the_database_refuses_two_tables_of_a_session_with_one_code(app, organiser_client):
    session = open_session(organiser_client, PLAYERS[:8]).get_json()
    first, second = (table["game_id"] for table in session["tables"])
    with app.app_context():
        db.session.get(Game, second).table_code = db.session.get(Game, first).table_code
        with pytest.raises(IntegrityError):
            db.session.commit()


def open_descriptors() -> int:
    """How many files this process has open."""
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not ON_SQLITE, reason="backup.sqlite3 is SQLite's own copy (PostgreSQL: backup.json)")
def test_backup_sqlite3_downloads_leave_no_descriptor_or_temporary_file(app, organiser_client):
    temporary = Path(tempfile.gettempdir())
    before_files = set(temporary.glob("*.sqlite3"))
    answer = organiser_client.get("/records/backup.sqlite3")
    answer.close()
    before = open_descriptors()
    for _ in range(20):
        answer = organiser_client.get("/records/backup.sqlite3")
        assert answer.status_code == 200 and answer.data.startswith(b"SQLite format 3")
        assert answer.headers["Cache-Control"] == "no-store"
        answer.close()
    assert open_descriptors() <= before + 2
    assert set(temporary.glob("*.sqlite3")) <= before_files


def test_records_are_for_organisers_unless_the_club_makes_them_public(app, organiser_client):
    open_session(organiser_client, PLAYERS[:8])
    organiser_client.post("/records/seasons", data={"name": "2026", "starts_on": "2026-01-01",
                                                    "ends_on": "2026-12-31", "qualifying_percent": "30"})
    with app.app_context():
        member_id = db.session.scalar(select(Member.id).limit(1))
    urls = [f"/records/players/{member_id}", "/records/seasons/1", "/records/seasons/1/standings.csv"]
    stranger = app.test_client()
    for url in urls:
        answer = stranger.get(url)
        assert answer.status_code == 302 and answer.headers["Location"].startswith("/login"), url
    app.config["RECORDS_PUBLIC"] = True
    for url in urls:
        assert stranger.get(url).status_code == 200, url
    for url in ("/records/", "/records/backup.json", "/records/players.csv", "/records/players"):
        assert stranger.get(url).status_code == 302, url            # never public


def test_idle_keep_alive_connections_do_not_starve_healthz(app, capsys):
    with waitress_server(app) as port:
        idle = []
        for _ in range(100):
            connection = socket.create_connection(("127.0.0.1", port))
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: treys\r\nConnection: keep-alive\r\n\r\n")
            assert connection.recv(4096).startswith(b"HTTP/1.1 200")
            idle.append(connection)                                   # kept open, idle
        status, text, _ = request(port, "GET", "/healthz")
        for connection in idle:
            connection.close()
    assert status == 200, text
