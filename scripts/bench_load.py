"""A busy afternoon against the server `make run` starts (waitress, same threads): 20 tablets entering
hands and 3 screens polling every 5 s; prints p50/p95/max latency and errors (asserts nothing).

The organiser's board does not exist on this branch yet: the screens poll the home page and
GET /api/v1/games/<id> instead. Tablets think THINK seconds between hands (far busier than a real
table, which enters a hand every few minutes) and load the game page after each post, as the browser does.

    .venv/bin/python scripts/bench_load.py [SECONDS]      (THREADS=8 and BENCH_PORT=8110 by default)
"""
from __future__ import annotations

import http.client
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time

from benchkit import ROOT, build_game, finish, make_app

from app.extensions import db
from app.rules import get_ruleset
from app.sheets.sample import sample_hands

TABLETS = 20
SCREENS = 3
POLL = 5.0
THINK = 3.0
SECONDS = 20
THREADS = int(os.environ.get("THREADS", "8"))
PORT = int(os.environ.get("BENCH_PORT", "8110"))


class Recorder:
    """Latencies and errors by kind of request, from many threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = {}
        self.errors: list[str] = []

    def request(self, conn: http.client.HTTPConnection, kind: str, method: str, path: str,
                body: dict | None = None, headers: dict | None = None, expect: int = 200) -> None:
        """One request, timed to the last byte of the answer."""
        data = json.dumps(body).encode() if body is not None else None
        head = {"Content-Type": "application/json", **(headers or {})} if data else dict(headers or {})
        start = time.perf_counter()
        try:
            conn.request(method, path, body=data, headers=head)
            response = conn.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException) as error:
            conn.close()
            status = repr(error)
        elapsed = time.perf_counter() - start
        with self.lock:
            self.times.setdefault(kind, []).append(elapsed)
            if status != expect:
                self.errors.append(f"{kind} {path}: {status}")


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
    """Prepare the games, start the server, run the afternoon, print the figures."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS
    folder = tempfile.mkdtemp()
    url = f"sqlite:///{folder}/load.sqlite3"
    app = make_app(url)
    with app.app_context():
        games = [(g.id, g.table_code) for g in (build_game(10, seed=i + 1, label=f"Table {i + 1}")
                                                 for i in range(TABLETS))]
        db.session.remove()
        db.engine.dispose()
    hands = [[e.as_dict() for e in h] for h in sample_hands(get_ruleset("bolivia"), 2, 40, seed=7)]
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "waitress-serve"), "--host=127.0.0.1", f"--port={PORT}",
         f"--threads={THREADS}", "--call", "app:create_app"],
        cwd=ROOT, env={**os.environ, "DATABASE_URL": url}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for(PORT)
        recorder = Recorder()
        stop = time.monotonic() + seconds

        def tablet(index: int) -> None:
            game_id, code = games[index]
            conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
            rng = random.Random(index)
            time.sleep(rng.uniform(0, THINK))
            while time.monotonic() < stop:
                recorder.request(conn, "post hand", "POST", f"/api/v1/games/{game_id}/hands",
                                 {"teams": rng.choice(hands)}, {"X-Table-Code": code}, expect=201)
                recorder.request(conn, "game page", "GET", f"/games/{game_id}")
                time.sleep(THINK * rng.uniform(0.5, 1.5))

        def screen(index: int) -> None:
            conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
            time.sleep(index * POLL / SCREENS)
            while time.monotonic() < stop:
                recorder.request(conn, "poll home", "GET", "/")
                recorder.request(conn, "poll API game", "GET", f"/api/v1/games/{games[index][0]}")
                time.sleep(POLL)

        threads = [threading.Thread(target=tablet, args=(i,)) for i in range(TABLETS)]
        threads += [threading.Thread(target=screen, args=(i,)) for i in range(SCREENS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait(timeout=10)
    every = [t for values in recorder.times.values() for t in values]
    print(f"busy afternoon: {TABLETS} tablets (a hand every ~{THINK:g} s, then the game page) and {SCREENS} "
          f"screens polling every {POLL:g} s, {seconds:g} s against waitress --threads={THREADS} on SQLite")
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
