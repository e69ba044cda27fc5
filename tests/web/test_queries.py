"""A fixed number of database queries per page whatever the number of games or hands, and one replay
per read request (counted with SQLAlchemy's events and by wrapping the engine's replay; never timed)."""
from __future__ import annotations

from contextlib import contextmanager

import pytest
from sqlalchemy import event

import app.store.game.games as store_games
import app.store.game.states as store_states
from app.extensions import db
from app.store.game.cache import forget_everything
from app.store.game.models import Hand, HandEntry
from app.rules import get_ruleset
from app.store.game.games import create_game
from app.sheets.sample import sample_hands, sample_teams
from tests.web.club_support import public_club



@pytest.fixture(autouse=True)
def anyone_reads(app):
    """This file is about what a game's pages show, not who reads them: the club's records are public."""
    public_club(app)

def stored_game(hands: int, seed: int = 1) -> int:
    """A game that never ends with `hands` hands, rows inserted directly."""
    game = create_game("bolivia", {}, sample_teams(2, 2), target=10 ** 8, table_label=f"Table {seed}")
    for number, entries in enumerate(sample_hands(get_ruleset("bolivia"), 2, hands, seed), start=1):
        game.hands.append(Hand(number=number, entries=[HandEntry.from_engine(i, e) for i, e in enumerate(entries)]))
    db.session.commit()
    return game.id


#: PostgreSQL only, a fixed statement at the start of each transaction of a club's work (the club role and its
#: setting, app/store/tenancy/scope.py claim_rows) and once a connection (is row-level security there?): no rows read.
CLUB_CLAIM = ("SELECT set_config('role'", "SELECT count(*) FROM pg_roles")


@contextmanager
def counted(app):
    """Count the SQL statements the app's engine runs inside the block."""
    statements = []
    with app.app_context():
        engine = db.engine

    def before(conn, cursor, statement, parameters, context, executemany):
        if not statement.startswith(CLUB_CLAIM):
            statements.append(statement)

    event.listen(engine, "before_cursor_execute", before)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", before)


def queries(app, client, url: str) -> int:
    """How many SQL statements one GET of `url` runs."""
    with counted(app) as statements:
        assert client.get(url).status_code == 200
    return len(statements)


def test_home_page_queries_do_not_grow_with_games(app, client):
    with app.app_context():
        for seed in range(2):
            stored_game(5, seed)
    two = queries(app, client, "/")
    with app.app_context():
        for seed in range(2, 12):
            stored_game(5, seed)
    twelve = queries(app, client, "/")
    assert two == twelve <= 12, (two, twelve)


@pytest.mark.parametrize("url", ["/games/{id}", "/api/v1/games/{id}", "/games/{id}/sheet.pdf"])
def test_game_reads_do_not_grow_with_hands(app, client, url):
    with app.app_context():
        five, forty = stored_game(5, 1), stored_game(40, 2)
    small = queries(app, client, url.format(id=five))
    large = queries(app, client, url.format(id=forty))
    assert small == large <= 9, (small, large)         # with the club's choice of who reads (its settings' row)
    again = url.format(id=forty)
    tag = client.get(again).headers.get("ETag")
    with counted(app) as statements:        # the same version again: its state kept in memory, its hands unread
        answer = client.get(again, headers={"If-None-Match": tag} if tag else {})
    assert answer.status_code == (304 if tag else 200) and len(statements) <= 7, statements
    assert not [s for s in statements if "FROM hand" in s and "count(*)" not in s], statements     # only counted


@pytest.mark.parametrize("url", ["/games/{id}", "/api/v1/games/{id}", "/games/{id}/sheet.pdf"])
def test_one_replay_per_read(app, client, monkeypatch, url):
    with app.app_context():
        game_id = stored_game(6)
    calls = []
    real = store_states.replay
    monkeypatch.setattr(store_states, "replay", lambda *args, **kwargs: calls.append(1) or real(*args, **kwargs))
    assert client.get(url.format(id=game_id)).status_code == 200
    assert len(calls) == 1


def club_history(first: int, games: int) -> int:
    """`games` more games in a club's history, each in a club afternoon of its own (timed, time not called, so
    every reader works out when time was called) and half of them ended; a season covering them; its id."""
    from datetime import date

    from app.store.club.models import ClubSession, Season
    from app.store.game.games import end_game
    from app.store.game.gamelog import ORGANISER
    for index in range(first, first + games):
        afternoon = ClubSession(played_on=date(2025, 1, 1 + index), ruleset_id="bolivia", round=1,
                                format_kind="time")
        db.session.add(afternoon)
        db.session.flush()
        game = store_games.get_game(stored_game(4, index))
        game.session_id, game.session_round, game.table_number = afternoon.id, 1, 1
        game.format_kind = "time"
        db.session.commit()
        if index % 2:
            end_game(game, actor=ORGANISER)          # at a club afternoon the organiser ends a game
    season = db.session.scalar(db.select(Season)) or Season(name="All", starts_on=date(2000, 1, 1),
                                                              ends_on=date(2100, 1, 1))
    db.session.add(season)
    db.session.commit()
    return season.id


@pytest.mark.parametrize("url", ["/records/games.csv", "/records/hands.csv", "/records/session-results.csv",
                                 "/records/seasons/{season}", "/records/seasons/{season}/standings.csv"])
def test_exports_and_the_ladder_read_a_fixed_number_of_queries_whatever_the_history(app, client, url):
    from tests.web.club_support import login, organiser
    organiser(app)
    assert login(client).status_code in (200, 302)
    with app.app_context():
        season = club_history(0, 2)
        forget_everything(app)        # nothing kept: every game's state worked out again
    two = queries(app, client, url.format(season=season))
    with app.app_context():
        club_history(2, 10)
        forget_everything(app)
    twelve = queries(app, client, url.format(season=season))
    assert two == twelve, (two, twelve)
