"""When the database blinks: a PostgreSQL of this module's own (never the shared one) stopped, restarting,
killed and out of connections, and a lock held on the hands table, under gunicorn with two workers. Every page,
a signed-in organiser's too, answers the app's own 503 (JSON where the route answers JSON) with Retry-After,
never the server's bare 'Internal Server Error'; a Save behind a held lock answers while the lock is still held;
and once the database is back every page answers again and a hand sent twice is recorded once."""
from __future__ import annotations

import glob
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psycopg
import pytest

from app.extensions import db
from app.server.faults import CANNOT_READ, CANNOT_SAVE
from tests.conftest import dispose_app, make_app
from tests.web.club_support import basic, organiser
from tests.web.test_hosting import ROOT, ask, free_port, logged_in, wait_for

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
#: Connections the module's PostgreSQL takes (the two workers need a handful each).
MAX_CONNECTIONS = 30


def binary(name: str) -> str | None:
    """A PostgreSQL server program: on the PATH, in /usr/local/bin, or in the packaged folder."""
    found = [shutil.which(name), f"/usr/local/bin/{name}", *sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))]
    return next((path for path in found if path and os.access(path, os.X_OK)), None)


def as_owner(*command: str) -> list[str]:
    """PostgreSQL refuses to run as root: as root, run it as the `postgres` user."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else list(command)


class OwnPostgres:
    """A PostgreSQL server in a temporary folder on a free port, which the tests stop, restart and kill."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="treys-blinks-")
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
        self.data = os.path.join(self.folder, "data")
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self.run(binary("initdb"), "-D", self.data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync")
        self.start()

    def run(self, *command: str) -> None:
        done = subprocess.run(as_owner(*command), capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr

    def control(self, action: str, *more: str) -> None:
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                   f"-c max_connections={MAX_CONNECTIONS} -c superuser_reserved_connections=0")
        self.run(binary("pg_ctl"), "-D", self.data, "-l", os.path.join(self.folder, "log"), "-w", "-o", options,
                 action, *more)

    def start(self) -> None:
        self.control("start")

    def stop(self, mode: str = "fast") -> None:
        self.control("stop", "-m", mode)

    def connect(self) -> psycopg.Connection:
        return psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True)

    def remove(self) -> None:
        subprocess.run(as_owner(binary("pg_ctl"), "-D", self.data, "stop", "-m", "immediate"), capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)


def gunicorn(port: int, url: str, instance: Path) -> subprocess.Popen:
    """gunicorn with two workers (threads as documented) on the module's PostgreSQL."""
    command = [sys.executable, "-m", "gunicorn", "-w", "2", "--threads", "4", "-k", "gthread",
               "--keep-alive", "30", "-b", f"127.0.0.1:{port}", "app.server.hosted:create_hosted_app()"]
    env = {key: value for key, value in os.environ.items() if key not in ("SECRET_KEY", "TREYS_TRUSTED_PROXY")}
    env.update(DATABASE_URL=url, TREYS_INSTANCE=str(instance), PYTHONPATH=str(ROOT))
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


@pytest.fixture(scope="module")
def blinking(tmp_path_factory):
    """The module's PostgreSQL with a club's afternoon, served by gunicorn: yields (server, port, session,
    an organiser's cookie)."""
    if binary("initdb") is None or binary("pg_ctl") is None:
        pytest.skip("PostgreSQL's server programs (initdb, pg_ctl) are not installed here")
    server = OwnPostgres()
    served = None
    try:
        setup = make_app(server.url)
        organiser(setup)
        doc = setup.test_client().post("/api/v1/sessions", headers=basic(), json={
            "ruleset": "bolivia", "format": {"kind": "time"}, "players": PLAYERS, "partners": "random"}).get_json()
        with setup.app_context():
            db.session.remove()
            db.engine.dispose()
        port = free_port()
        served = gunicorn(port, server.url, tmp_path_factory.mktemp("instance"))
        wait_for(port, served)
        yield server, port, doc, {"Cookie": logged_in(port)}
        served.terminate()
        served.wait(timeout=20)
        served = None
        dispose_app(setup)
    finally:
        if served is not None:
            served.kill()
        server.remove()


def pages(doc: dict) -> list[tuple[str, str, bytes | None, bool]]:
    """(method, path, body, signed in) of every kind of page: the start page, the organiser's club page and a
    board's poll, a game's page and its hand form and the API's game (read signed in: the club keeps its games
    to its accounts), a Save, a sign-in."""
    table = doc["tables"][0]
    game = table["game_id"]
    hand = json.dumps({"client_token": "blink-1", "teams": [{"table_points": 200}, {"table_points": 100}]}).encode()
    return [("GET", "/", None, False), ("GET", "/club", None, True),
            ("GET", f"/club/sessions/{doc['id']}/board.json", None, True), ("GET", f"/games/{game}", None, True),
            ("GET", f"/games/{game}/hands/new", None, True), ("GET", f"/api/v1/games/{game}", None, True),
            ("POST", f"/api/v1/games/{game}/hands", hand, False), ("GET", "/login", None, False)]


def answer_of(port: int, cookie: dict, doc: dict, page: tuple) -> tuple[int, dict, bytes]:
    method, path, body, signed_in = page
    headers = dict(cookie if signed_in else {})
    if body is not None:
        headers.update({"Content-Type": "application/json", "X-Table-Code": doc["tables"][0]["table_code"]})
    return ask(port, method, path, body, headers)


def is_the_apps_own_503(page: tuple, status: int, headers: dict, body: bytes) -> bool:
    """The app's 503: Retry-After, and its own words as JSON (API, board.json) or as its page."""
    if status != 503 or "Retry-After" not in headers:
        return False
    text = body.decode("utf-8", "replace")
    said = CANNOT_READ if page[0] == "GET" else CANNOT_SAVE
    if page[1].startswith("/api/") or page[1].endswith(".json"):
        return json.loads(text) == {"errors": [{"field": None, "message": said, "code": "database.unavailable"}]}
    return said in text and "<h1>" in text


def every_page_answers(port: int, cookie: dict, doc: dict, tries: int = 20) -> None:
    """Every page answers as usual again (each a few tries: a worker's pooled connections are replaced as they
    are next used)."""
    for page in pages(doc):
        for _ in range(tries):
            status, _, body = answer_of(port, cookie, doc, page)
            if status in (200, 201):
                break
            assert status == 503, (page, status, body[:300])
            time.sleep(0.2)
        else:
            raise AssertionError(f"{page[:2]} did not answer again")


def test_a_stopped_database_gives_every_page_the_apps_own_503_and_all_answer_once_it_is_back(blinking):
    server, port, doc, cookie = blinking
    every_page_answers(port, cookie, doc)
    server.stop()
    try:
        for page in pages(doc):
            status, headers, body = answer_of(port, cookie, doc, page)
            assert is_the_apps_own_503(page, status, headers, body), (page[:2], status, body[:500])
    finally:
        server.start()
    every_page_answers(port, cookie, doc)


def test_a_killed_database_and_a_restart_under_load_never_give_a_bare_500(blinking):
    server, port, doc, cookie = blinking
    seen: list[tuple] = []
    stop = threading.Event()

    def load() -> None:
        while not stop.is_set():
            for page in pages(doc):
                try:
                    seen.append((page, *answer_of(port, cookie, doc, page)))
                except OSError as error:                  # no answer, or half of one: as bad as a 500
                    seen.append((page, None, {}, repr(error).encode()))

    readers = [threading.Thread(target=load) for _ in range(3)]
    for reader in readers:
        reader.start()
    try:
        time.sleep(0.3)
        server.stop("immediate")              # killed: every backend gone at once, no goodbye
        server.start()
        time.sleep(0.3)
        server.control("restart", "-m", "fast")
        time.sleep(0.3)
    finally:
        stop.set()
        for reader in readers:
            reader.join(60)
    unusual = [(page[:2], status, body[:300]) for page, status, headers, body in seen
               if status not in (200, 201) and not is_the_apps_own_503(page, status, headers, body)]
    assert not unusual and len(seen) > len(pages(doc))
    every_page_answers(port, cookie, doc)


def test_terminated_backends_and_no_connection_free_give_the_apps_own_503(blinking):
    server, port, doc, cookie = blinking
    every_page_answers(port, cookie, doc)
    held = []
    with server.connect() as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()")
        try:
            while True:                                      # every connection the server takes, held here
                held.append(server.connect())
        except psycopg.OperationalError as full:
            assert "too many clients" in str(full) or "remaining connection slots" in str(full)
        try:
            for page in pages(doc):
                status, headers, body = answer_of(port, cookie, doc, page)
                assert is_the_apps_own_503(page, status, headers, body), (page[:2], status, body[:500])
        finally:
            for connection in held:
                connection.close()
    every_page_answers(port, cookie, doc)


def test_a_save_and_a_poll_behind_a_held_lock_answer_while_it_is_held_and_the_hand_is_kept_once(blinking):
    server, port, doc, cookie = blinking
    table = doc["tables"][1]
    save = ("POST", f"/api/v1/games/{table['game_id']}/hands", json.dumps(
        {"client_token": "behind-the-lock", "teams": [{"table_points": 200}, {"table_points": 100}]}).encode(), False)
    poll = ("GET", f"/club/sessions/{doc['id']}/board.json", None, True)
    code = {"Content-Type": "application/json", "X-Table-Code": table["table_code"]}
    with server.connect() as locker:
        locker.execute("SET idle_in_transaction_session_timeout = '120s'")      # never longer, whatever happens
        with locker.transaction():
            locker.execute("LOCK TABLE hand IN ACCESS EXCLUSIVE MODE")
            saved = ask(port, "POST", save[1], save[2], code)
            polled = answer_of(port, cookie, doc, poll)
            assert locker.execute("SELECT count(*) FROM pg_locks WHERE relation = 'hand'::regclass "
                                  "AND pid = pg_backend_pid()").fetchone()[0] >= 1     # still held: they answered
        assert saved[0] == 503 and saved[1]["Retry-After"] and "send it again" in saved[2].decode(), saved
        assert polled[0] == 200 or is_the_apps_own_503(poll, *polled), polled   # its cache, or "not now"
    again = ask(port, "POST", save[1], save[2], code)
    assert again[0] == 201, again
    assert ask(port, "POST", save[1], save[2], code)[0] == 200           # the same token: recorded once
    game = json.loads(ask(port, "GET", f"/api/v1/games/{table['game_id']}", headers=code)[2])   # the tablet reads
    assert len(game["hands"]) == 1
