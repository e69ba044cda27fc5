"""What a member's own record costs at 300 club afternoons (prints figures beside their anchor with the machine's
load average, asserts nothing; in-process with Werkzeug's test client).

The club: 300 weekly afternoons of two rounds at two tables (1,200 finished games of 8 hands, 12 players); Ann
plays both rounds of every afternoon (600 games). Measured: the API's list of her games and her head to head with
Bob, and her player's page (its form chart reads every finished game of the club), each read cold, with nothing
kept in memory (as the first read after a restart: each game's result read as stored with it), and again with
the games' states kept; and the page sorted by margin, chosen by dates. On SQLite, then on PostgreSQL when
BENCH_PG_URL names a scratch database (its tables are dropped and made anew).

    BENCH_PG_URL=postgresql://... .venv/bin/python scripts/bench_record.py [ROUNDS]
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from base64 import b64encode
from datetime import date, datetime, timedelta

from benchkit import finish, gather_statistics, make_app

from app.extensions import db
from app.rules import get_ruleset
from app.sheets.sample import sample_hands
from app.store.club.models import ClubSession, Member
from app.store.game.cache import forget_everything
from app.store.game.gamelog import ORGANISER
from app.store.game.games import create_game, end_game
from app.store.game.models import Hand, HandEntry
from app.web.sign_in import add_organiser

ROUNDS = 5
AFTERNOONS = int(os.environ.get("BENCH_AFTERNOONS") or 300)
PLAYERS = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou")
GOAL_MS = 500


def build_club(afternoons: int, hands: int = 8, start: date = date(2020, 1, 8)) -> dict[str, int]:
    """The club's afternoons and games (rows inserted directly, each game then ended by the store)."""
    ruleset = get_ruleset("bolivia")
    members = {name: Member(name=name) for name in PLAYERS}
    db.session.add_all(members.values())
    for day in range(afternoons):
        played_on = start + timedelta(days=7 * day)
        session = ClubSession(played_on=played_on, ruleset_id="bolivia", round=2)
        db.session.add(session)
        db.session.flush()
        for round_number in (1, 2):
            others = [PLAYERS[1 + (day * 3 + round_number * 5 + k) % (len(PLAYERS) - 1)] for k in range(11)]
            seated = ["Ann", *dict.fromkeys(others)][:8]
            for table in (0, 1):
                four = seated[table * 4:table * 4 + 4]
                teams = [{"name": f"{four[0]} & {four[1]}", "players": four[:2]},
                         {"name": f"{four[2]} & {four[3]}", "players": four[2:]}]
                game = create_game("bolivia", {}, teams, target=10 ** 8, table_label=f"Table {table + 1}",
                                   save=False)
                game.session_id, game.session_round, game.table_number = session.id, round_number, table + 1
                game.table_code = f"{round_number}{table + 1:03d}"
                game.created_at = datetime.combine(played_on, datetime.min.time()) + timedelta(hours=13 + round_number)
                for number, entries in enumerate(sample_hands(ruleset, 2, hands, day * 4 + round_number * 2 + table),
                                                 start=1):
                    game.hands.append(Hand(number=number, entries=[HandEntry.from_engine(i, e)
                                                                   for i, e in enumerate(entries)]))
                db.session.flush()
                end_game(game, actor=ORGANISER)
    db.session.commit()
    return {name: member.id for name, member in members.items()}


def timed(client, url: str, headers: dict) -> tuple[float, float]:
    """(CPU ms, wall ms) of one GET that must answer 200."""
    cpu, wall = time.process_time(), time.perf_counter()
    answer = client.get(url, headers=headers)
    assert answer.status_code == 200, (url, answer.status_code, answer.get_data(as_text=True)[:300])
    return (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000


def measure(url: str, label: str, rounds: int) -> None:
    """Build the club on this database and print its figures."""
    app = make_app(url, RECORDS_PUBLIC=True)
    with app.app_context():
        built = time.perf_counter()
        ids = build_club(AFTERNOONS)
        add_organiser("Bench", "bench-password")
        db.session.commit()
        gather_statistics()
        built = time.perf_counter() - built
    client = app.test_client()
    auth = {"Authorization": "Basic " + b64encode(b"Bench:bench-password").decode()}
    ann, bob = ids["Ann"], ids["Bob"]
    games = client.get(f"/api/v1/players/{ann}/games?limit=1", headers=auth).get_json()["total"]
    client.get(f"/records/players/{ann}")                  # the page's templates compiled once, as a server has
    urls = {"API: one player read (the sign-in's own cost)": f"/api/v1/players/{bob}",
            "API: her games, first page of 100": f"/api/v1/players/{ann}/games",
            "API: head to head with Bob": f"/api/v1/players/{ann}/head-to-head/{bob}",
            "her page (with the club's form chart)": f"/records/players/{ann}",
            "her page, by margin, one year": f"/records/players/{ann}?sort=margin&from=2022-01-01&to=2022-12-31"}
    print(f"(r) {label}: a member's own record at {AFTERNOONS} afternoons: Ann's {games} games of the club's "
          f"{AFTERNOONS * 4} (built in {built:.0f} s); wall ms, median of {rounds}: cold (nothing kept in memory, "
          f"as the first read after a restart) / kept (the games' states kept), CPU ms of the cold read in "
          f"brackets; anchor: under {GOAL_MS} ms cold. The API's figures include the sign-in's password check "
          f"(the first line)")
    for name, url in urls.items():
        cold, cpus, kept = [], [], []
        for _ in range(rounds):
            forget_everything(app)
            headers = auth if url.startswith("/api/") else {}     # the pages are public: no password hashed
            cpu, wall = timed(client, url, headers)
            cold.append(wall)
            cpus.append(cpu)
            kept.append(timed(client, url, headers)[1])
        figures = statistics.median(cold), statistics.median(kept)
        print(f"  {name:<46}: {figures[0]:6.0f} ({statistics.median(cpus):6.0f}) / {figures[1]:6.0f}: "
              f"cold {'met' if figures[0] < GOAL_MS else 'MISSED'}, kept {'met' if figures[1] < GOAL_MS else 'MISSED'}"
              f" (anchor < {GOAL_MS} ms)")
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def main() -> None:
    """Print the figures: SQLite, then PostgreSQL when BENCH_PG_URL names a scratch database."""
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS
    with tempfile.TemporaryDirectory() as folder:
        measure(f"sqlite:///{folder}/record.sqlite3", "SQLite", rounds)
    pg_url = os.environ.get("BENCH_PG_URL", "").strip()
    if pg_url:
        measure(pg_url, "PostgreSQL", rounds)
    else:
        print("(r) PostgreSQL: not measured (BENCH_PG_URL names a scratch database to measure it)")
    load = os.getloadavg()
    print(f"load average while measured: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
    finish()
