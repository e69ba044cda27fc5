"""The hosting guide's database roles, exactly as docs/hosting.md sets them up: the migrations and the command
line as `treys_owner`, two gunicorn workers as `treys_app`, which owns nothing. Another club's rows are out of
reach on every path (signing in, the pages, the API, a direct connection as the server's role), and the host's
tables (the login brake) are out of the club role's reach."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ProgrammingError

from tests.web.club_support import PASSWORD, basic
from tests.web.test_hosting import ROOT, ask, free_port, wait_for

#: The guide's database and its gunicorn are made once for the module, on one worker (they take some 10 s): the
#: tests run in this order on them, and each checks only what the one before leaves true (two clubs, each with
#: its sessions; the second test's wrong password for Beryl is her fifth, still answered 401).
pytestmark = [pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                                 reason="database roles are PostgreSQL's"),
              pytest.mark.xdist_group("test_hosting_roles")]

GUIDE = Path(ROOT, "docs", "hosting.md")
ROLES = ("treys_club", "treys_host", "treys_owner", "treys_app")


def guide_setup() -> list[str]:
    """The superuser's statements under "Database roles" in the hosting guide, as written there (the passwords
    left out: the test server trusts local connections), the database's name made this run's own."""
    text_of_guide = GUIDE.read_text()
    block = text_of_guide[text_of_guide.index("#### Database roles"):]
    block = block[block.index("    DO $$"):block.index("Then the migrations")]
    statements, current = [], []
    for line in (line[4:] for line in block.splitlines() if line.startswith("    ")):
        current.append(line)
        if line.endswith(";") and (line == "END $$;" or not current[0].startswith("DO $$")):
            statements.append("\n".join(current).rstrip(";"))
            current = []
    assert statements[0].startswith("DO $$") and statements[-1].startswith("CREATE DATABASE treys ")
    return [statement for statement in statements if "PASSWORD" not in statement]


def role_url(base, role: str, database: str) -> str:
    return base.set(username=role, password=None, database=database).render_as_string(hide_password=False)


@pytest.fixture(scope="module")
def guide_database(tmp_path_factory):
    """A database made as the guide says, migrated and given two clubs as the owner: yields
    (owner URL, app URL, instance folder). The roles stay (they are the server's; others may use them)."""
    base = make_url(os.environ["DATABASE_URL"].replace("postgresql://", "postgresql+psycopg://", 1))
    name = f"treys_guide_{uuid.uuid4().hex[:10]}"
    tmp_path = tmp_path_factory.mktemp("guide")
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        for statement in guide_setup():
            conn.execute(text(statement.replace("CREATE DATABASE treys ", f"CREATE DATABASE {name} ")))
    owner, app_url = role_url(base, "treys_owner", name), role_url(base, "treys_app", name)
    env = {**os.environ, "DATABASE_URL": owner, "TREYS_INSTANCE": str(tmp_path), "TREYS_PASSWORD": PASSWORD,
           "PYTHONPATH": str(ROOT)}
    commands = [["-m", "app.server.command", "migrate"],
                ["-m", "flask", "--app", "app", "organiser", "add", "Margaret", "--club", "club"],
                ["-m", "flask", "--app", "app", "club", "add", "Hove U3A Canasta", "--owner", "Beryl"]]
    try:
        for command in commands:
            done = subprocess.run([sys.executable, *command], cwd=ROOT, env=env, capture_output=True, text=True)
            assert done.returncode == 0, (command, done.stdout[-1500:], done.stderr[-3000:])
        yield owner, app_url, tmp_path
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture(scope="module")
def app_server(guide_database):
    """gunicorn, two workers, logged in to the database as `treys_app`: yields (port, owner URL, app URL)."""
    owner, app_url, instance = guide_database
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "-w", "2", "--threads", "4", "-k", "gthread",
               "-b", f"127.0.0.1:{port}", "app.server.hosted:create_hosted_app()"]
    env = {key: value for key, value in os.environ.items() if key not in ("SECRET_KEY", "TREYS_TRUSTED_PROXY")}
    env.update(DATABASE_URL=app_url, TREYS_INSTANCE=str(instance), PYTHONPATH=str(ROOT))
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for(port, server)
        yield port, owner, app_url
    finally:
        server.terminate()
        server.wait(timeout=20)


def json_post(port: int, path: str, body: bytes, headers: dict):
    return ask(port, "POST", path, body, {"Content-Type": "application/json", **headers})


SESSION = (b'{"ruleset": "bolivia", "format": {"kind": "time"}, "partners": "random", '
           b'"players": ["PLAYERS1", "PLAYERS2", "PLAYERS3", "PLAYERS4"]}')


def a_session(port: int, owner: str, surname: str) -> dict:
    import json
    status, _, body = json_post(port, "/api/v1/sessions", SESSION.replace(b"PLAYERS", surname.encode() + b" "),
                                basic(owner))
    assert status == 201, body[:500]
    return json.loads(body)


def login_form(port: int, name: str, password: str):
    """The login form as a browser sends it (CSRF token and its cookie first): (status, location, page)."""
    status, headers, body = ask(port, "GET", "/login")
    cookie = headers["Set-Cookie"].split(";")[0]
    token = re.search(rb'name="csrf_token" value="([^"]+)"', body).group(1).decode()
    from urllib.parse import urlencode
    form = urlencode({"csrf_token": token, "name": name, "password": password}).encode()
    status, headers, body = ask(port, "POST", "/login", form, {"Cookie": cookie,
                                                               "Content-Type": "application/x-www-form-urlencoded"})
    page = re.sub(rb'name="csrf_token" value="[^"]*"', b"", body).replace(name.encode(), b"NAME")
    return status, headers.get("Location"), page, headers.get("Set-Cookie", "").split(";")[0]


def test_served_as_the_guides_app_role_each_club_reaches_its_own_rows_only(app_server):
    port, owner, app_url = app_server
    a, b = a_session(port, "Margaret", "Arden"), a_session(port, "Beryl", "Hove")
    hand = b'{"teams": [{"table_points": 200}, {"table_points": 100}]}'
    b_table = b["tables"][0]
    assert json_post(port, f"/api/v1/games/{b_table['game_id']}/hands", hand,
                     {"X-Table-Code": b_table["table_code"]})[0] == 201
    # signing in: the form finds each account's club; a wrong password and an unknown name answer alike
    status, location, _, cookie = login_form(port, "Margaret", PASSWORD)
    assert status == 302 and cookie
    assert login_form(port, "Beryl", "wrong")[:3] == login_form(port, "Nobody Here", "wrong")[:3]
    assert login_form(port, "Beryl", "wrong")[0] == 401
    # the pages and the API: the other club's session and game are not found, its records hold nothing
    assert ask(port, "GET", "/club", headers={"Cookie": cookie})[0] == 200
    assert ask(port, "GET", f"/club/sessions/{a['id']}", headers={"Cookie": cookie})[0] == 200
    assert ask(port, "GET", f"/club/sessions/{b['id']}", headers={"Cookie": cookie})[0] == 404
    assert ask(port, "GET", f"/api/v1/sessions/{b['id']}", headers=basic("Margaret"))[0] == 404
    games = ask(port, "GET", "/records/games.csv", headers={"Cookie": cookie})
    assert games[0] == 200 and b"Hove" not in games[2] and b"Arden" in games[2]
    # the brakes, as the server's role: a game opened by a club's organiser is noted (game_opened), a wrong
    # table code is counted on the game's own club's brake row
    opened = json_post(port, "/api/v1/games", b'{"ruleset": "bolivia", "teams": [{"players": ["Hove X", "Hove Y"]}, '
                       b'{"players": ["Hove Z", "Hove W"]}]}', basic("Beryl"))
    assert opened[0] == 201, opened[2][:300]
    wrong_code = "0000" if b_table["table_code"] != "0000" else "1111"
    assert json_post(port, f"/api/v1/games/{b_table['game_id']}/hands", hand, {"X-Table-Code": wrong_code})[0] == 403
    owner_engine = create_engine(owner)
    with owner_engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM game_opened")).scalar() == 1
        assert conn.execute(text("SELECT count(*) FROM code_brake WHERE game_id = :game"),
                            {"game": b_table["game_id"]}).scalar() == 2        # this address's and every address's
    owner_engine.dispose()
    # a wrong password in a Basic header writes nothing into the club it names
    assert json_post(port, "/api/v1/games", b'{"ruleset": "bolivia", "teams": [{"players": ["X", "Y"]}, '
                     b'{"players": ["Z", "W"]}]}', basic("Beryl", "wrong"))[0] == 401
    # logging out of one browser leaves the other signed in
    other = login_form(port, "Margaret", PASSWORD)[3]
    token = re.search(rb'name="csrf_token" value="([^"]+)"', ask(port, "GET", "/club", headers={"Cookie": cookie})[2])
    out = ask(port, "POST", "/logout", f"csrf_token={token.group(1).decode()}".encode(),
              {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
    assert out[0] == 302
    assert ask(port, "GET", "/club", headers={"Cookie": cookie})[0] == 302         # this browser is out
    assert ask(port, "GET", "/club", headers={"Cookie": other})[0] == 200          # the other is still in


def test_the_guides_app_role_sees_no_club_before_one_is_chosen_and_never_the_login_brake_as_a_club(app_server):
    port, owner, app_url = app_server
    a_session(port, "Margaret", "Arden")
    a_session(port, "Beryl", "Hove")
    assert ask(port, "GET", "/api/v1/rulesets", headers=basic("Beryl", "wrong"))[0] == 401     # a brake row
    engine = create_engine(app_url)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SELECT current_user")).scalar() == "treys_app"
            for table in ("game", "organiser", "member", "club_session", "club", "sign_in", "hand"):
                assert conn.execute(text(f"SELECT count(*) FROM {table}")).scalar() == 0, table
            assert conn.execute(text("SELECT count(*) FROM login_brake")).scalar() >= 1       # the host's own
            beryl = conn.execute(text("SELECT * FROM treys_account_for_sign_in('Beryl')")).one()
            clubs = conn.execute(text("SELECT treys_host_lookup('clubs', '')")).scalar()
            conn.execute(text("SELECT set_config('role', 'treys_club', true), "
                              "set_config('treys.club_id', :club, true)"), {"club": str(beryl.account_club)})
            names = set(conn.execute(text("SELECT name FROM member")).scalars())
            club_names = list(conn.execute(text("SELECT name FROM club")).scalars())
            accounts = set(conn.execute(text("SELECT name FROM organiser")).scalars())
            with pytest.raises(ProgrammingError, match="permission denied"):
                conn.execute(text("SELECT * FROM login_brake"))
            conn.rollback()
        assert clubs == 2 and club_names == ["Hove U3A Canasta"] and accounts == {"Beryl"}
        assert names and all(name.startswith("Hove") for name in names)
        with engine.connect() as conn:
            conn.execute(text("SELECT set_config('role', 'treys_club', true), set_config('treys.club_id', :club, true)"),
                         {"club": str(beryl.account_club)})
            with pytest.raises(ProgrammingError, match="row-level security"):
                conn.execute(text("INSERT INTO member (name, club_id, active, created_at) "
                                  "VALUES ('Smuggled', :other, true, now())"), {"other": beryl.account_club - 1})
            conn.rollback()
        with engine.connect() as conn:
            with pytest.raises(ProgrammingError, match="permission denied"):
                conn.execute(text("CREATE TABLE smuggled (id integer)"))      # owns nothing, makes nothing
            conn.rollback()
    finally:
        engine.dispose()
