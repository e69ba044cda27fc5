"""Fault test: 50 tablets post hands while the server is killed (SIGKILL) and restarted.

Every tablet retries each hand with its client token until the server acknowledges it; at the end
every acknowledged hand must be stored exactly once. Prints hands acknowledged, found, lost, doubled.

    .venv/bin/python scripts/fault_kill9.py                      # SQLite file in a temp dir
    DATABASE_URL=postgresql://postgres@127.0.0.1:5432/mydb .venv/bin/python scripts/fault_kill9.py

Options: --tablets 50 --seconds 60 --kills 4 --port 8109. The server is started as `make run` does
(migrations, then waitress), on 127.0.0.1.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.config import normalize_database_url  # noqa: E402  (after the path is set)

BIN = Path(sys.executable).parent
NO_ANSWER = "no answer"
#: A hand that never ends the game: both teams alike, so the totals stay level.
HAND = [{"sets": {"black_canasta": 1}, "table_points": 100}, {"sets": {"black_canasta": 1}, "table_points": 100}]


class Server:
    """The real server in its own process group, killed with SIGKILL and started again."""

    def __init__(self, port: int, env: dict):
        self.port, self.env, self.process = port, env, None
        self.log = open(Path(tempfile.gettempdir()) / f"treys-fault-{port}.log", "ab")

    def start(self) -> None:
        self.process = subprocess.Popen(
            [str(BIN / "waitress-serve"), "--host=127.0.0.1", f"--port={self.port}", "--threads=8",
             "--call", "app:create_app"], cwd=ROOT, env=self.env, stdout=self.log, stderr=self.log,
            start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


def call(port: int, method: str, path: str, body: dict | None = None, code: str | None = None):
    """One request; (status, json) or (None, None) when the server did not answer."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json", **({"X-Table-Code": code} if code else {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, None
    except (OSError, ValueError, http.client.HTTPException):
        return None, None


class Tablet(threading.Thread):
    """Opens its own game, then posts hands one after another, each retried with its token until acknowledged."""

    def __init__(self, number: int, port: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.number, self.port, self.stop = number, port, stop
        self.game_id, self.code, self.acknowledged, self.retries, self.errors = None, None, [], 0, Counter()

    def until_answered(self, method, path, body=None):
        while True:
            status, answer = call(self.port, method, path, body, self.code)
            if status in (200, 201):
                return answer
            self.retries += 1
            self.errors[status] += 1
            time.sleep(0.2)

    def run(self) -> None:
        game = self.until_answered("POST", "/api/v1/games", {
            "ruleset": "bolivia", "table": f"Tablet {self.number}",
            "teams": [{"name": "Us", "players": ["A", "B"]}, {"name": "Them", "players": ["C", "D"]}]})
        self.game_id, self.code = game["id"], game["table_code"]
        while not self.stop.is_set():
            token = secrets.token_hex(12)
            self.until_answered("POST", f"/api/v1/games/{self.game_id}/hands", {"teams": HAND, "client_token": token})
            self.acknowledged.append(token)
            time.sleep(0.1 + secrets.randbelow(300) / 1000)   # a tablet between two Saves, much quicker than a table


def count_stored(url: str, tablets: list[Tablet]) -> tuple[Counter, dict[int, int]]:
    """Each client token's number of stored hands, and each game's number of hands, read from the database."""
    engine = create_engine(url)
    ids = [t.game_id for t in tablets if t.game_id is not None]
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT game_id, client_token FROM hand")).all()
    engine.dispose()
    rows = [r for r in rows if r.game_id in ids]
    return Counter(r.client_token for r in rows), dict(Counter(r.game_id for r in rows))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tablets", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--kills", type=int, default=4)
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8109)))
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="treys-fault-")
    url = normalize_database_url(os.environ.get("DATABASE_URL") or f"sqlite:///{workdir}/fault.sqlite3")
    env = {**os.environ, "DATABASE_URL": url, "TREYS_GAMES_PER_MINUTE": "1000"}   # 50 tablets share 127.0.0.1
    subprocess.run([str(BIN / "flask"), "--app", "app", "db", "upgrade"], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    print(f"database: {url.split('@')[-1] if '@' in url else url}")
    server = Server(args.port, env)
    server.start()
    try:
        return run(args, server, url)
    finally:
        if server.process.poll() is None:
            server.kill()


def run(args, server: Server, url: str) -> int:
    """Tablets post, the server is killed and restarted; then the count."""
    started = time.monotonic()
    stop = threading.Event()
    tablets = [Tablet(i + 1, args.port, stop) for i in range(args.tablets)]
    for tablet in tablets:
        tablet.start()
    gap = args.seconds / (args.kills + 1)
    for _ in range(args.kills):
        time.sleep(gap * (0.7 + 0.6 * secrets.randbelow(100) / 100))
        server.kill()
        time.sleep(0.5)
        server.start()
    time.sleep(max(0.0, args.seconds - (time.monotonic() - started)))
    stop.set()
    for tablet in tablets:
        tablet.join(timeout=60)
    server.kill()
    stored, per_game = count_stored(url, tablets)
    acknowledged = [token for t in tablets for token in t.acknowledged]
    found = sum(1 for token in acknowledged if stored[token] >= 1)
    lost = len(acknowledged) - found
    doubled = sum(count - 1 for count in stored.values() if count > 1)
    extra = sum(per_game.get(t.game_id, 0) - len(t.acknowledged) for t in tablets if t.game_id)
    errors = sum((t.errors for t in tablets), Counter())
    print(f"tablets {args.tablets}, server killed {args.kills} times (SIGKILL), {time.monotonic() - started:.0f} s")
    print(f"hands acknowledged {len(acknowledged)}, found {found}, lost {lost}, doubled {doubled}, "
          f"stored but never acknowledged {extra}")
    print(f"retries {sum(t.retries for t in tablets)} (answers that were not 200/201: "
          f"{', '.join(f'{k or NO_ANSWER}: {v}' for k, v in sorted(errors.items(), key=str))})")
    return 0 if lost == 0 and doubled == 0 and extra == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
