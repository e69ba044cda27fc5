"""What a competition's table costs at 300 club afternoons (4 tables each, 12 hands a game: 1,200 games): read
with nothing kept (every game replayed from its hands, then the table worked out), worked out anew from the
games' states the app keeps (no table kept: what a new game's result costs), and kept, for the season ladder as
a competition, best 8 afternoons by place points, and a handicap cup moving with the rating; its page too.
Prints figures beside their anchor (0.5 s) and the machine's load average; asserts nothing.

    .venv/bin/python scripts/bench_competitions.py [ROUNDS]
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

from benchkit import build_history, make_app

from app.extensions import db
from app.store.club.competitions import competition_row, competition_table, save_competition
from app.store.game.cache import forget_everything
from app.web.sign_in import add_organiser

ROUNDS = 5
AFTERNOONS, TABLES = 300, 4
ANCHOR_MS = 500
SHAPES = {
    "season ladder": {"qualification": {"percent": 30}},
    "best 8, place points": {"method": "place_points", "counting": {"kind": "best", "best": 8},
                             "qualification": {"afternoons": 4}},
    "handicap cup, moving rating": {"handicap": {"kind": "rating_moving", "per_point": 20}},
}


def wall_ms(work) -> float:
    """Wall-clock milliseconds of one call (what a member waits)."""
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


def main(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(f"sqlite:///{folder}/competitions.sqlite3")
        with app.app_context():
            started = time.perf_counter()
            build_history(AFTERNOONS * TABLES, sessions=AFTERNOONS)
            add_organiser("Bench", "bench-password")
            ids = {name: save_competition({"name": name.capitalize(), **data}).id for name, data in SHAPES.items()}
            print(f"history: {AFTERNOONS} afternoons, {AFTERNOONS * TABLES} games of 12 hands "
                  f"(built in {time.perf_counter() - started:.0f} s)")
        client = app.test_client()
        print(f"{'competition':32} {'cold ms':>9} {'states kept ms':>15}   anchor {ANCHOR_MS} ms")
        for name, competition_id in ids.items():
            replayed, kept = [], []
            for _ in range(rounds):
                with app.app_context():
                    forget_everything(app)                    # nothing kept: every game replayed
                    row = competition_row(competition_id)
                    replayed.append(wall_ms(lambda: competition_table(row)))
                    kept.append(wall_ms(lambda: competition_table(row)))
            figures = [statistics.median(found) for found in (replayed, kept)]
            print(f"{name:32} {figures[0]:9.0f} {figures[1]:15.0f}   "
                  f"cold {'under' if figures[0] < ANCHOR_MS else 'OVER'}, states kept "
                  f"{'under' if figures[1] < ANCHOR_MS else 'OVER'}")
        client.post("/login", data={"name": "Bench", "password": "bench-password"})
        ladder = ids["season ladder"]
        with app.app_context():
            forget_everything(app)
        page_cold = wall_ms(lambda: client.get(f"/records/competitions/{ladder}"))
        page_warm = statistics.median(wall_ms(lambda: client.get(f"/records/competitions/{ladder}"))
                                      for _ in range(rounds))
        print(f"{'the ladder competition page':32} {page_cold:9.0f} {page_warm:9.0f}")
        one, five, fifteen = os.getloadavg()
        print(f"load average while measured: {one:.2f} {five:.2f} {fifteen:.2f} (2 cores)")
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS)
