"""What a competition's table costs at 300 club afternoons (4 tables each, 12 hands a game: 1,200 games): read
cold, with nothing kept in memory (as the first read after a restart: each game's result read as stored with
it), and again with the games' states kept (no table is kept: every read works it out anew), for the season
ladder as a competition, best 8 afternoons by place points, and a handicap cup moving with the rating; the
ladder competition's page too. On SQLite, then on PostgreSQL when BENCH_PG_URL names a scratch database (its
tables are dropped and made anew). Prints figures beside their anchor (0.5 s) and the machine's load average;
asserts nothing.

    BENCH_PG_URL=postgresql://... .venv/bin/python scripts/bench_competitions.py [ROUNDS]
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

from benchkit import build_history, gather_statistics, make_app

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


#: The process's CPU milliseconds of each call timed (wall_ms), for a busy machine's figures.
CPU_MS: list[float] = []


def wall_ms(work) -> float:
    """Wall-clock milliseconds of one call (what a member waits); its CPU milliseconds kept in CPU_MS."""
    start, cpu = time.perf_counter(), time.process_time()
    work()
    CPU_MS.append((time.process_time() - cpu) * 1000)
    return (time.perf_counter() - start) * 1000


def verdict(ms: float) -> str:
    """'under' or 'OVER' the anchor."""
    return "under" if ms < ANCHOR_MS else "OVER"


def measure(url: str, label: str, rounds: int) -> None:
    """Build the history on this database and print its figures."""
    app = make_app(url)
    with app.app_context():
        started = time.perf_counter()
        build_history(AFTERNOONS * TABLES, sessions=AFTERNOONS)
        add_organiser("Bench", "bench-password")
        ids = {name: save_competition({"name": name.capitalize(), **data}).id for name, data in SHAPES.items()}
        gather_statistics()
        print(f"{label}: {AFTERNOONS} afternoons, {AFTERNOONS * TABLES} games of 12 hands "
              f"(built in {time.perf_counter() - started:.0f} s); median of {rounds}")
    client = app.test_client()
    print(f"  {'competition':32} {'cold ms':>8} {'kept ms':>8}   anchor {ANCHOR_MS} ms "
          "(cold: nothing kept in memory, as after a restart; kept: the states of the games kept)")
    for name, competition_id in ids.items():
        cold, kept, cpus = [], [], []
        for _ in range(rounds):
            with app.app_context():
                forget_everything(app)                    # nothing kept: what the first read after a restart costs
                row = competition_row(competition_id)
                cold.append(wall_ms(lambda: competition_table(row)))
                cpus.append(CPU_MS[-1])
                kept.append(wall_ms(lambda: competition_table(row)))
        figures = [statistics.median(found) for found in (cold, kept)]
        print(f"  {name:32} {figures[0]:8.0f} {figures[1]:8.0f}   cold {verdict(figures[0])}, "
              f"kept {verdict(figures[1])} (CPU ms of the cold read: {statistics.median(cpus):.0f})")
    client.post("/login", data={"name": "Bench", "password": "bench-password"})
    ladder = ids["season ladder"]
    with app.app_context():
        forget_everything(app)
    first = wall_ms(lambda: client.get(f"/records/competitions/{ladder}"))   # its templates compiled too
    cold, kept, cpus = [], [], []
    for _ in range(rounds):
        with app.app_context():
            forget_everything(app)
        cold.append(wall_ms(lambda: client.get(f"/records/competitions/{ladder}")))
        cpus.append(CPU_MS[-1])
        kept.append(wall_ms(lambda: client.get(f"/records/competitions/{ladder}")))
    figures = [statistics.median(found) for found in (cold, kept)]
    print(f"  {'the ladder competition page':32} {figures[0]:8.0f} {figures[1]:8.0f}   cold {verdict(figures[0])}, "
          f"kept {verdict(figures[1])} (CPU ms of the cold read: {statistics.median(cpus):.0f})")
    print(f"  {'  its first read by this process':32} {first:8.0f} {'':8}   (the templates compiled too) {verdict(first)}")
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def main(rounds: int) -> None:
    """SQLite, then PostgreSQL when BENCH_PG_URL names a scratch database."""
    with tempfile.TemporaryDirectory() as folder:
        measure(f"sqlite:///{folder}/competitions.sqlite3", "SQLite", rounds)
    pg_url = os.environ.get("BENCH_PG_URL", "").strip()
    if pg_url:
        measure(pg_url, "PostgreSQL", rounds)
    else:
        print("PostgreSQL: not measured (BENCH_PG_URL names a scratch database to measure it)")
    one, five, fifteen = os.getloadavg()
    print(f"load average while measured: {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS)
