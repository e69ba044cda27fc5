"""An afternoon of N tables against the server `make run` starts (waitress with the app, same threads), held to
one CPU core, on SQLite and then on PostgreSQL when BENCH_PG_URL names a scratch database; N steps through 10,
20, 30, 40, 50 tables and the largest N served with p95 under 200 ms is printed, with the CPU the server and
the database spent per hand (asserts nothing; loopback only; each step a bounded time).

A club session of 4N players (N tables of four, 10 hands already played at each; the winning score raised so
no game ends during the run). Each tablet posts a hand every ~THINK seconds (far busier than a real table,
which enters a hand every few minutes) and loads its game page after each post, as the browser does. Each
screen is an organiser logged in through the login form: it opens the board page, then polls board.json every
POLL seconds with If-None-Match, as static/js/board.js does (200 or 304). The server runs on core 0
(taskset), this script's clients on the other cores.

    BENCH_PG_URL=postgresql://... .venv/bin/python scripts/bench_afternoon.py [SECONDS]
    (THREADS=8, BENCH_PORT=8110 by default)
"""
from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from base64 import b64encode

from benchkit import ROOT, finish, make_app

from app.web.sign_in import add_organiser
from app.extensions import db
from app.store.game.models import Game
from app.rules import get_ruleset
from app.sheets.sample import sample_hands

STEPS = (10, 20, 30, 40, 50)
SCREENS = 3
POLL = 5.0
THINK = 3.0
SECONDS = 15
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
        self.seconds = 1.0
        self.server_cpu = self.database_cpu = 0.0

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


def prepare(url: str, hands: list[list[dict]], tables: int) -> tuple[int, list[tuple[int, str]]]:
    """The session (its id) and each table's game id and table code, PLAYED hands in."""
    app = make_app(url)
    with app.app_context():
        add_organiser(*ORGANISER)
    client = app.test_client()
    auth = {"Authorization": "Basic " + b64encode(":".join(ORGANISER).encode()).decode()}
    doc = client.post("/api/v1/sessions", headers=auth, json={
        "ruleset": "bolivia", "format": {"kind": "time"},
        "players": [f"Player {i + 1}" for i in range(tables * 4)]}).get_json()
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


def server_command(workers: int = 0) -> list[str]:
    """waitress with the app as `make run` starts it (workers=0), or gunicorn with that many worker processes
    as docs/hosting.md starts it; on CPU core 0 when taskset is here (every core with two workers or more)."""
    if workers:
        command = [sys.executable, "-m", "gunicorn", "-w", str(workers), "--threads", str(THREADS), "-k", "gthread",
                   "--keep-alive", "30", "-b", f"127.0.0.1:{PORT}", "app.server.hosted:create_hosted_app()"]
    else:
        command = [sys.executable, "-m", "waitress", "--host=127.0.0.1", f"--port={PORT}",
                   f"--threads={THREADS}", "--call", "app:create_app"]
    cores = "0" if workers <= 1 else f"0-{workers - 1}"
    return (["taskset", "-c", cores] + command) if shutil.which("taskset") else command


TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def stat_fields(pid: int | str) -> list[str]:
    """A process's /proc stat fields after its name ([] when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            return handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return []


def cpu_of(pid: int | str) -> float:
    """CPU seconds a process has used (user and system)."""
    fields = stat_fields(pid)
    return (int(fields[11]) + int(fields[12])) / TICKS if fields else 0.0


def server_cpu(root: int) -> float:
    """CPU seconds of the server and its worker processes (gunicorn's workers are its children)."""
    pids = [name for name in os.listdir("/proc") if name.isdigit()]
    return cpu_of(root) + sum(cpu_of(pid) for pid in pids if (stat_fields(pid) or [None, None])[1] == str(root))


def database_cpu(url: str | None) -> float:
    """CPU seconds of the PostgreSQL backends serving this database (0 on SQLite: it runs in the server)."""
    if not url:
        return 0.0
    name = url.rsplit("/", 1)[-1].split("?")[0].encode()
    total = 0.0
    for pid in (name for name in os.listdir("/proc") if name.isdigit()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                words = handle.read().split()
        except OSError:
            continue
        if words[:1] == [b"postgres:"] and name in words:
            total += cpu_of(pid)
    return total


def scratch_url(pg_url: str | None) -> tuple[str, str | None]:
    """The database of one step: a fresh SQLite file, or the PostgreSQL database given (its tables made anew);
    and the folder to remove after."""
    if pg_url:
        return pg_url, None
    folder = tempfile.mkdtemp()
    return f"sqlite:///{folder}/load.sqlite3", folder


def afternoon(tables: int, seconds: float, hands: list[list[dict]], pg_url: str | None = None,
              workers: int = 0) -> Recorder:
    """One afternoon of `tables` tables and SCREENS screens for `seconds`, against a fresh server (waitress, or
    gunicorn with `workers` processes) on a fresh database (SQLite, or PostgreSQL at `pg_url`)."""
    url, folder = scratch_url(pg_url)
    session_id, games = prepare(url, hands, tables)
    instance = tempfile.mkdtemp()
    server = subprocess.Popen(server_command(workers), cwd=ROOT,
                              env={**os.environ, "DATABASE_URL": url, "TREYS_INSTANCE": instance},
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for(PORT)
        cookies = [logged_in_cookie(PORT) for _ in range(SCREENS)]
        recorder = Recorder()
        stop = time.monotonic() + seconds
        cpu_before = server_cpu(server.pid), database_cpu(pg_url)

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
        recorder.server_cpu = server_cpu(server.pid) - cpu_before[0]
        recorder.database_cpu = database_cpu(pg_url) - cpu_before[1]
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(instance, ignore_errors=True)
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
    recorder.seconds = seconds
    return recorder


def hands_per_second(recorder: Recorder) -> float:
    """Hands posted per second over the step."""
    return len(recorder.times.get("post hand", ())) / recorder.seconds


def per_hand(recorder: Recorder, cpu: float) -> float:
    """CPU milliseconds per hand posted, its page reload and its share of the board's polls."""
    return 1000 * cpu / max(1, len(recorder.times.get("post hand", ())))


def step_through(seconds: float, hands: list[list[dict]], pg_url: str | None = None, workers: int = 0,
                 steps=STEPS) -> tuple[int | None, float, float]:
    """Step the afternoon through `steps` tables, printing each step's figures; the largest N served with p95
    under 200 ms and no error, the hands per second posted at that N, and the server's CPU milliseconds per
    hand (with its page and polls) at the last step run."""
    served, rate, cpu = None, 0.0, 0.0
    for tables in steps:
        recorder = afternoon(tables, seconds, hands, pg_url, workers)
        every = [t for values in recorder.times.values() for t in values]
        p95 = percentile(every, 0.95)
        kinds = ", ".join(f"{kind} p95 {percentile(values, 0.95) * 1000:.0f} ms"
                          for kind, values in sorted(recorder.times.items()))
        print(f"  N={tables:>2}: {len(every):5d} requests, {hands_per_second(recorder):4.1f} hands/s, "
              f"p50 {percentile(every, 0.5) * 1000:6.1f} ms, p95 {p95 * 1000:6.1f} ms, "
              f"max {max(every) * 1000:6.1f} ms, {len(recorder.errors)} errors ({kinds}); CPU per hand with its page "
              f"and polls: server {per_hand(recorder, recorder.server_cpu):.1f} ms, "
              f"PostgreSQL {per_hand(recorder, recorder.database_cpu):.1f} ms", flush=True)
        for error in recorder.errors[:3]:
            print(f"    error: {error}")
        cpu = per_hand(recorder, recorder.server_cpu)
        if p95 >= 0.2 or recorder.errors:
            break
        served, rate = tables, hands_per_second(recorder)
    return served, rate, cpu


def sample() -> list[list[dict]]:
    """The hands the tablets post."""
    return [[e.as_dict() for e in h] for h in sample_hands(get_ruleset("bolivia"), 2, 40, seed=7)]


def keep_off_core_0() -> None:
    """The clients keep off the server's core."""
    others = set(os.sched_getaffinity(0)) - {0}
    if others:
        os.sched_setaffinity(0, others)


def main() -> None:
    """Step the afternoon through STEPS tables on SQLite, then on PostgreSQL when BENCH_PG_URL names a scratch
    database; print each step's figures and the largest N served."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else float(os.environ.get("BENCH_SECONDS", SECONDS))
    keep_off_core_0()
    pg_url = os.environ.get("BENCH_PG_URL", "").strip()
    for name, url in (("SQLite", None), ("PostgreSQL", pg_url)):
        if name == "PostgreSQL" and not url:
            print("  PostgreSQL: not measured (BENCH_PG_URL names a scratch database to measure it)")
            continue
        print(f"(a) an afternoon of N tables on one core: waitress --threads={THREADS} on {name}, "
              f"{'held to core 0' if shutil.which('taskset') else 'NOT held to one core (no taskset)'}; each tablet "
              f"posts a hand every ~{THINK:g} s then reloads its game page, {SCREENS} screens poll board.json every "
              f"{POLL:g} s; {seconds:g} s a step; load average of the machine before: {os.getloadavg()[0]:.1f}",
              flush=True)
        served, _, _ = step_through(seconds, sample(), url)
        print(f"  largest N served with p95 < 200 ms and no error on {name}: {served if served else 'none'} "
              f"(anchor: a club afternoon is 5-20 tables; {'met' if served and served >= 20 else 'MISSED'}, "
              f"target N >= 20)", flush=True)


if __name__ == "__main__":
    main()
    finish()
