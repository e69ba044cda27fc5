"""Shared pieces of the benchmarks (scripts/bench_growth.py, bench_afternoon.py): apps, fast game and history
building, a clean exit. Not a benchmark itself. Prints nothing, asserts nothing.
"""
from __future__ import annotations

import os
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from app import create_app  # noqa: E402
from app.extensions import db  # noqa: E402
from app.store.club.models import ClubSession, Season  # noqa: E402
from app.store.game.models import Hand, HandEntry  # noqa: E402
from app.rules import get_ruleset  # noqa: E402
from app.store.game.games import create_game, end_game  # noqa: E402
from app.store.game.gamelog import ORGANISER  # noqa: E402
from app.sheets.sample import sample_hands, sample_teams  # noqa: E402

def make_app(url: str, **config):
    """A Treys app on this database with fresh tables (CSRF off: the benches post JSON or read)."""
    app = create_app({"TESTING": False, "WTF_CSRF_ENABLED": False, "SQLALCHEMY_DATABASE_URI": url, **config})
    with app.app_context():
        db.drop_all()
        db.create_all()
    return app


def gather_statistics() -> None:
    """After rows were inserted in bulk, give PostgreSQL the statistics its autovacuum would have gathered by
    the time a club reads them (a table never analyzed is planned as empty: a read of 4,800 players took 394 ms
    instead of 4 ms). SQLite gathers none by itself, and is left as a club's file is."""
    if db.engine.dialect.name == "postgresql":
        db.session.commit()
        with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.exec_driver_sql("ANALYZE")


def build_game(hands: int, *, ruleset_id: str = "bolivia", team_size: int = 3, seed: int = 1,
               label: str = "Table 1"):
    """A game of `hands` valid hands that never ends, its rows inserted directly (no replay per hand)."""
    ruleset = get_ruleset(ruleset_id)
    game = create_game(ruleset_id, {}, sample_teams(2, team_size), target=10 ** 8, table_label=label)
    for number, entries in enumerate(sample_hands(ruleset, 2, hands, seed), start=1):
        game.hands.append(Hand(number=number, entries=[HandEntry.from_engine(i, e) for i, e in enumerate(entries)]))
    db.session.commit()
    return game


def finish() -> None:
    """Leave at once: WeasyPrint's Pango can crash while the interpreter tears down on this machine."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def build_history(games: int, *, sessions: int = 0, hands: int = 12, start: date = date(2022, 1, 5)) -> int:
    """A club's history of `games` finished games of `hands` hands (rows inserted directly, each game then
    ended by the store), spread over `sessions` club afternoons when given (a table of four each game), and a
    season covering them all; returns the season's id."""
    ruleset = get_ruleset("bolivia")
    afternoons = []
    for number in range(sessions):
        afternoons.append(ClubSession(played_on=start + timedelta(days=7 * number), ruleset_id="bolivia", round=1))
    db.session.add_all(afternoons)
    db.session.flush()
    for index in range(games):
        game = create_game("bolivia", {}, sample_teams(2, 2), target=10 ** 8, table_label=f"Table {index % 8 + 1}",
                           save=False)
        if afternoons:
            game.session_id, game.session_round = afternoons[index % sessions].id, 1
            game.table_number = index // sessions + 1
            game.table_code = f"{game.table_number:04d}"     # a session's tables never share a code
        game.created_at = datetime.combine(start + timedelta(days=index % 1400), datetime.min.time())
        for number, entries in enumerate(sample_hands(ruleset, 2, hands, index), start=1):
            game.hands.append(Hand(number=number,
                                   entries=[HandEntry.from_engine(i, e) for i, e in enumerate(entries)]))
        db.session.flush()
        end_game(game, actor=ORGANISER)         # a session's table is ended by its organiser
    season = Season(name=f"History of {games}", starts_on=start - timedelta(days=1),
                    ends_on=start + timedelta(days=1500))
    db.session.add(season)
    db.session.commit()
    return season.id
