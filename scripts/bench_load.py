"""A busy afternoon against the server `make run` starts (waitress, same threads): 20 tablets entering
hands and 3 screens showing the organiser's board; prints p50/p95/max latency and errors (asserts nothing).

A club session of 80 players (20 tables of four, 10 hands already played at each; the winning score
raised so no game ends during the run). Each tablet posts a hand every THINK seconds (far busier than a
real table, which enters a hand every few minutes) and loads its game page after each post, as the
browser does. Each screen is an organiser logged in through the login form: it opens the board page,
then polls board.json every POLL seconds with If-None-Match, as static/js/board.js does (200 or 304).

    .venv/bin/python scripts/bench_load.py [SECONDS]      (THREADS=8 and BENCH_PORT=8110 by default)
"""
from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from base64 import b64encode

from benchkit import ROOT, finish, make_app

from app.club.auth import add_organiser
from app.extensions import db
from app.models import Game
from app.rules import get_ruleset
from app.sheets.sample import sample_hands

TABLETS = 20
SCREENS = 3
POLL = 5.0
THINK = 3.0
SECONDS = 20
PLAYED = 10
THREADS = int(os.environ.get("THREADS", "8"))
PORT = int(os.environ.get("BENCH_PORT", "8110"))
ORGANISER = ("Bench", "bench-password")


class Recorder:
    """Latencies and errors by kind of request, from many threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = {}
        self.errors: list[str] = []

    def request(self, conn: http.client.HTTPConnection, kind: str, method: str, path: str,
                body: dict | None = None, headers: dict | None = None, expect=(200,)) -> dict:
        """One request, timed to the last byte of the answer; returns the answer's headers."""
        data = json.dumps(body).encode() if body is not None else None
        head = {"Content-Type": "application/json", **(headers or {})} if data else dict(headers or {})
        answer_headers: dict = {}
        start = time.perf_counter()
        try:
            conn.request(method, path, body=data, headers=head)
            response = conn.getresponse()
            response.read()
            status, answer_headers = response.status, dict(response.getheaders())
        except (OSError, http.client.HTTPException) as error:
            conn.close()
            status = repr(error)
        elapsed = time.perf_counter() - start
        with self.lock:
            self.times.setdefault(kind, []).append(elapsed)
            if status not in expect:
                self.errors.append(f"{kind} {path}: {status}")
        return answer_headers


def prepare(url: str, hands: list[list[dict]]) -> tuple[int, list[tuple[int, str]]]:
    """The session (its id) and each table's game id and table code, PLAYED hands in."""
    app = make_app(url)
    with app.app_context():
        add_organiser(*ORGANISER)
    client = app.test_client()
    auth = {"Authorization": "Basic " + b64encode(":".join(ORGANISER).encode()).decode()}
    doc = client.post("/api/v1/sessions", headers=auth, json={
        "ruleset": "bolivia", "format": {"kind": "time"},
        "players": [f"Player {i + 1}" for i in range(TABLETS * 4)]}).get_json()
    games = [(table["game_id"], table["table_code"]) for table in doc["tables"]]
    with app.app_context():
        for game_id, _ in games:
            db.session.get(Game, game_id).target = 10 ** 8        # nobody wins during the run
        db.session.commit()
    for game_id, code in games:
        for hand in hands[:PLAYED]:
            answer = client.post(f"/api/v1/games/{game_id}/hands", json={"teams": hand},
                                 headers={"X-Table-Code": code})
            assert answer.status_code == 201, answer.get_data(as_text=True)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    return doc["id"], games


def logged_in_cookie(port: int) -> str:
    """An organiser's session cookie, got through the login form (with its CSRF token) as a browser does."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    base = f"http://127.0.0.1:{port}"
    form = opener.open(f"{base}/login", timeout=30).read().decode()
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    data = urllib.parse.urlencode({"csrf_token": token, "name": ORGANISER[0], "password": ORGANISER[1]})
    opener.open(f"{base}/login", data=data.encode(), timeout=30).read()
    return "; ".join(f"{cookie.name}={cookie.value}" for cookie in jar)


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values fall."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def wait_for(port: int) -> None:
    """Until the server answers /healthz."""
    for _ in range(200):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def main() -> None:
    """Prepare the session, start the server, run the afternoon, print the figures."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS
    folder = tempfile.mkdtemp()
    url = f"sqlite:///{folder}/load.sqlite3"
    hands = [[e.as_dict() for e in h] for h in sample_hands(get_ruleset("bolivia"), 2, 40, seed=7)]
    session_id, games = prepare(url, hands)
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "waitress-serve"), "--host=127.0.0.1", f"--port={PORT}",
         f"--threads={THREADS}", "--call", "app:create_app"],
        cwd=ROOT, env={**os.environ, "DATABASE_URL": url}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for(PORT)
        cookies = [logged_in_cookie(PORT) for _ in range(SCREENS)]
        recorder = Recorder()
        stop = time.monotonic() + seconds

        def tablet(index: int) -> None:
            game_id, code = games[index]
            conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
            rng = random.Random(index)
            time.sleep(rng.uniform(0, THINK))
            while time.monotonic() < stop:
                recorder.request(conn, "post hand", "POST", f"/api/v1/games/{game_id}/hands",
                                 {"teams": rng.choice(hands)}, {"X-Table-Code": code}, expect=(201,))
                recorder.request(conn, "game page", "GET", f"/games/{game_id}")
                time.sleep(THINK * rng.uniform(0.5, 1.5))

        def screen(index: int) -> None:
            conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
            cookie = {"Cookie": cookies[index]}
            time.sleep(index * POLL / SCREENS)
            recorder.request(conn, "board page", "GET", f"/club/sessions/{session_id}/board", None, cookie)
            etag = None
            while time.monotonic() < stop:
                time.sleep(POLL)
                asking = {**cookie, **({"If-None-Match": etag} if etag else {})}
                answer = recorder.request(conn, "board poll", "GET", f"/club/sessions/{session_id}/board.json",
                                          None, asking, expect=(200, 304))
                etag = answer.get("ETag", etag)

        threads = [threading.Thread(target=tablet, args=(i,)) for i in range(len(games))]
        threads += [threading.Thread(target=screen, args=(i,)) for i in range(SCREENS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait(timeout=10)
    every = [t for values in recorder.times.values() for t in values]
    print(f"busy afternoon: {len(games)} tablets (a hand every ~{THINK:g} s, then the game page) and {SCREENS} "
          f"screens on the organiser's board (board.json every {POLL:g} s), {seconds:g} s against "
          f"waitress --threads={THREADS} on SQLite")
    for kind, values in sorted(recorder.times.items()):
        print(f"  {kind:>14}: {len(values):4d} requests, p50 {percentile(values, 0.5) * 1000:6.1f} ms, "
              f"p95 {percentile(values, 0.95) * 1000:6.1f} ms, max {max(values) * 1000:6.1f} ms")
    p95 = percentile(every, 0.95)
    state = "met" if p95 < 0.2 and not recorder.errors else "MISSED"
    print(f"  all: {len(every)} requests, p95 {p95 * 1000:.1f} ms, {len(recorder.errors)} errors: "
          f"{state} (target p95 < 200 ms, no error)")
    for error in recorder.errors[:5]:
        print(f"  error: {error}")


if __name__ == "__main__":
    main()
    finish()
