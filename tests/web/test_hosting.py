"""Treys hosted in several processes: two gunicorn servers on one database and one instance folder (real
processes, real HTTP). A login made through one works through the other, a hand posted through one is read
through the other, a brake set through one holds in the other, and an unchanged poll keeps its connection."""
from __future__ import annotations

import http.client
import http.cookiejar
import os
import re
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from flask import request

from app.extensions import db
from app.server.hosted import TrustedProxy, create_hosted_app
from app.store.base.brakes import FREE_PER_ADDRESS
from tests.conftest import dispose_app, drop_live_schema, is_postgres, live_database_url, make_app
from tests.web.club_support import NAME, PASSWORD, open_session, organiser
from tests.web.server_support import free_port

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = "treys_hosted"


def gunicorn(port: int, url: str, instance: Path) -> subprocess.Popen:
    """A gunicorn server of one worker process (threads as documented) on this database and instance folder."""
    command = [sys.executable, "-m", "gunicorn", "-w", "1", "--threads", "4", "-k", "gthread", "--keep-alive", "30",
               "-b", f"127.0.0.1:{port}", "app.server.hosted:create_hosted_app()"]
    env = {key: value for key, value in os.environ.items() if key not in ("SECRET_KEY", "TREYS_TRUSTED_PROXY")}
    env.update(DATABASE_URL=url, TREYS_INSTANCE=str(instance), PYTHONPATH=str(ROOT))
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_for(port: int, server: subprocess.Popen) -> None:
    for _ in range(300):
        assert server.poll() is None, server.stderr.read().decode()[-2000:]
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"gunicorn on port {port} did not answer")


@pytest.fixture
def two_servers(tmp_path_factory, tmp_path):
    """Two gunicorn servers started at the same moment on a fresh database and an empty instance folder (no
    secret key yet): yields (the session's document, first port, second port)."""
    url = live_database_url(tmp_path_factory, SCHEMA)
    setup = make_app(url)
    organiser(setup)
    doc = open_session(setup.test_client(), players=["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]).get_json()
    with setup.app_context():
        db.session.remove()
        db.engine.dispose()
    ports = [free_port(), free_port()]
    servers = [gunicorn(port, url, tmp_path / "instance") for port in ports]
    try:
        for port, server in zip(ports, servers):
            wait_for(port, server)
        yield doc, ports[0], ports[1]
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=20)
        dispose_app(setup)
        if is_postgres(url):
            drop_live_schema(url, SCHEMA)


def logged_in(port: int) -> str:
    """An organiser's session cookie, got through the login form (with its CSRF token) as a browser does."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    form = opener.open(f"http://127.0.0.1:{port}/login", timeout=30).read().decode()
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    data = urllib.parse.urlencode({"csrf_token": token, "name": NAME, "password": PASSWORD}).encode()
    opener.open(f"http://127.0.0.1:{port}/login", data=data, timeout=30).read()
    return "; ".join(f"{cookie.name}={cookie.value}" for cookie in jar)


def ask(port: int, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(method, path, body=body, headers=headers or {})
    answer = conn.getresponse()
    return answer.status, dict(answer.getheaders()), answer.read()


def test_two_processes_share_logins_hands_and_brakes(two_servers):
    doc, first, second = two_servers
    table, other = doc["tables"]
    cookie = {"Cookie": logged_in(first)}
    assert ask(second, "GET", "/club", headers=cookie)[0] == 200          # one secret key for both
    board = f"/club/sessions/{doc['id']}/board.json"
    status, headers, body = ask(second, "GET", board, headers=cookie)
    assert status == 200 and b'"hands":0' in body.replace(b" ", b"")
    hand = b'{"teams": [{"table_points": 200}, {"table_points": 100}]}'
    posted = ask(first, "POST", f"/api/v1/games/{table['game_id']}/hands", hand,
                 {"Content-Type": "application/json", "X-Table-Code": table["table_code"]})
    assert posted[0] == 201, posted
    status, _, body = ask(second, "GET", board, headers={**cookie, "If-None-Match": headers["ETag"]})
    assert status == 200 and b'"hands":1' in body.replace(b" ", b"")     # the other process sees the hand
    status, _, body = ask(second, "GET", f"/api/v1/games/{table['game_id']}",
                          headers={"X-Table-Code": table["table_code"]})      # the table's tablet reads it
    assert status == 200 and body.count(b'"number"') >= 1
    wrong = "0000" if other["table_code"] != "0000" else "1111"
    for _ in range(FREE_PER_ADDRESS):
        assert ask(first, "POST", f"/api/v1/games/{other['game_id']}/hands", hand,
                   {"Content-Type": "application/json", "X-Table-Code": wrong})[0] == 403
    held = ask(second, "POST", f"/api/v1/games/{other['game_id']}/hands", hand,
               {"Content-Type": "application/json", "X-Table-Code": other["table_code"]})
    assert held[0] == 429, held                # the right code waits too, in the other process


def test_an_unchanged_poll_keeps_its_connection_and_sets_no_cookie(two_servers):
    doc, first, second = two_servers
    cookie = {"Cookie": logged_in(first)}
    board = f"/club/sessions/{doc['id']}/board.json"
    conn = http.client.HTTPConnection("127.0.0.1", second, timeout=30)
    conn.request("GET", board, headers=cookie)
    answer = conn.getresponse()
    answer.read()
    etag = answer.getheader("ETag")
    for _ in range(3):
        conn.request("GET", board, headers={**cookie, "If-None-Match": etag})
        answer = conn.getresponse()
        assert answer.read() == b"" and answer.status == 304
        assert answer.getheader("Set-Cookie") is None and not answer.will_close
    assert conn.sock is not None                # the same connection served every poll


def test_forwarded_headers_count_only_from_the_trusted_proxy(monkeypatch, tmp_path):
    monkeypatch.setenv("TREYS_TRUSTED_PROXY", "10.0.0.1")
    monkeypatch.setenv("TREYS_INSTANCE", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/proxy.sqlite3")
    app = create_hosted_app()
    assert isinstance(app.wsgi_app, TrustedProxy)
    with app.app_context():
        db.create_all()          # every request first finds its club
    seen = {}

    @app.get("/whoami-test")
    def whoami():
        seen["address"], seen["scheme"] = request.remote_addr, request.scheme
        return "ok"

    forwarded = {"X-Forwarded-For": "192.168.1.23", "X-Forwarded-Proto": "https"}
    app.test_client().get("/whoami-test", headers=forwarded, environ_base={"REMOTE_ADDR": "10.0.0.1"})
    assert seen == {"address": "192.168.1.23", "scheme": "https"}
    app.test_client().get("/whoami-test", headers=forwarded, environ_base={"REMOTE_ADDR": "192.168.1.99"})
    assert seen == {"address": "192.168.1.99", "scheme": "http"}
