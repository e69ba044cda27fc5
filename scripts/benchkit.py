"""Shared pieces of the scripts/bench_*.py benchmarks: apps, fast game building, interleaved medians.

Not a benchmark itself (make bench runs scripts/bench_*.py only). Prints nothing, asserts nothing.
"""
from __future__ import annotations

import gc
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402
from sqlalchemy.exc import OperationalError  # noqa: E402

from app import create_app  # noqa: E402
from app.config import normalize_database_url  # noqa: E402
from app.extensions import db  # noqa: E402
from app.models import Hand, HandEntry  # noqa: E402
from app.rules import get_ruleset  # noqa: E402
from app.services import create_game  # noqa: E402
from app.sheets.sample import sample_hands, sample_teams  # noqa: E402

#: PostgreSQL database of the benchmarks (scratch: tables are dropped and created), if any; `make bench`
#: names treys_bench on the local server (made here when missing).
PG_URL = os.environ.get("BENCH_PG_URL", "")


def scratch_pg_url() -> tuple[str, str]:
    """(BENCH_PG_URL as SQLAlchemy takes it, "") when its server answers (the database made if missing),
    else ("", why not)."""
    if not PG_URL:
        return "", "set BENCH_PG_URL to a scratch database"
    url = make_url(normalize_database_url(PG_URL))
    try:
        with create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT").connect() as conn:
            if not conn.scalar(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": url.database}):
                conn.execute(text(f'CREATE DATABASE "{url.database}"'))
    except OperationalError as error:
        return "", f"no PostgreSQL server at {url.host}:{url.port} ({str(error.orig).strip().splitlines()[0]})"
    return url.render_as_string(hide_password=False), ""


def make_app(url: str, **config):
    """A Treys app on this database with fresh tables (CSRF off: the benches post JSON or read)."""
    app = create_app({"TESTING": False, "WTF_CSRF_ENABLED": False, "SQLALCHEMY_DATABASE_URI": url, **config})
    with app.app_context():
        db.drop_all()
        db.create_all()
    return app


def build_game(hands: int, *, ruleset_id: str = "bolivia", team_size: int = 3, seed: int = 1,
               label: str = "Table 1"):
    """A game of `hands` valid hands that never ends, its rows inserted directly (no replay per hand)."""
    ruleset = get_ruleset(ruleset_id)
    game = create_game(ruleset_id, {}, sample_teams(2, team_size), target=10 ** 8, table_label=label)
    for number, entries in enumerate(sample_hands(ruleset, 2, hands, seed), start=1):
        game.hands.append(Hand(number=number, entries=[HandEntry.from_engine(i, e) for i, e in enumerate(entries)]))
    db.session.commit()
    return game


def timed(work: Callable[[], object], repeat: int, runs: int = 7) -> float:
    """Median seconds of one call over `runs` rounds of `repeat` calls."""
    rounds = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(repeat):
            work()
        rounds.append((time.perf_counter() - start) / repeat)
    return statistics.median(rounds)


def interleaved(cases: dict[str, Callable[[], object]], runs: int) -> dict[str, float]:
    """Median seconds of each case over `runs` rounds, the cases taking turns within each round.

    Each case starts from a collected heap (not timed) and is charged the collection of the young garbage
    it leaves: a case that pauses the cycle collector (the PDF renders) pays what it put off, and no case
    pays a full collection that the cases before it made due (measured: 45-70 ms, which fell on the naive
    table and flattered the sheet's ratio)."""
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(runs):
        for name, work in cases.items():
            gc.collect()
            start = time.perf_counter()
            work()
            gc.collect(1)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def verdict(ratio: float, limit: float, *, at_least: bool = False) -> str:
    """'met' or 'MISSED' for a ratio against its target."""
    ok = ratio >= limit if at_least else ratio <= limit
    return f"{'met' if ok else 'MISSED'} (target {'>=' if at_least else '<='} {limit:g})"


def finish() -> None:
    """Leave at once: WeasyPrint's Pango can crash while the interpreter tears down on this machine."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
