"""Benchmark: the organiser's board polled by eight tables' worth of play (prints figures, asserts nothing).

A session of 30 players (seven or eight tables), 20 hands at each table; then the board's JSON is fetched
as a browser polls it: a full answer, and a conditional one (If-None-Match) that answers 304.
"""
from __future__ import annotations

import tempfile
from base64 import b64encode
from pathlib import Path

from app import create_app
from app.club.auth import add_organiser
from app.extensions import db
from benchkit import timed

HANDS = 20


def main() -> None:
    """Print the figures."""
    folder = tempfile.mkdtemp()
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.sqlite3'}"})
    with app.app_context():
        db.create_all()
        add_organiser("Bench", "bench-password")
    client = app.test_client()
    auth = {"Authorization": "Basic " + b64encode(b"Bench:bench-password").decode()}
    players = [f"Player {i}" for i in range(30)]
    doc = client.post("/api/v1/sessions", headers=auth, json={
        "ruleset": "bolivia", "format": {"kind": "time"}, "players": players}).get_json()
    for table in doc["tables"]:
        for _ in range(HANDS):
            client.post(f"/api/v1/games/{table['game_id']}/hands", headers={"X-Table-Code": table["table_code"]},
                        json={"teams": [{"table_points": 200}, {"table_points": 100}]})
    client.post("/login", data={"name": "Bench", "password": "bench-password"})
    url = f"/club/sessions/{doc['id']}/board.json"
    first = client.get(url)
    etag = first.headers["ETag"]
    full = timed(lambda: client.get(url), 10)
    unchanged = timed(lambda: client.get(url, headers={"If-None-Match": etag}), 10)
    status = client.get(url, headers={"If-None-Match": etag}).status_code
    print(f"board of {len(doc['tables'])} tables x {HANDS} hands: full answer {full * 1e3:.1f} ms, "
          f"{len(first.data)} bytes")
    print(f"unchanged (If-None-Match): {unchanged * 1e3:.1f} ms, status {status}, 0 bytes of body")


if __name__ == "__main__":
    main()
