"""A fixed number of database queries per page whatever the number of games or hands, and one replay
per read request (counted with SQLAlchemy's events and by wrapping the engine's replay; never timed)."""
from __future__ import annotations

from contextlib import contextmanager

import pytest
from sqlalchemy import event

import app.services as services
from app.extensions import db
from app.models import Hand, HandEntry
from app.rules import get_ruleset
from app.services import create_game
from app.sheets.sample import sample_hands, sample_teams


def stored_game(hands: int, seed: int = 1) -> int:
    """A game that never ends with `hands` hands, rows inserted directly."""
    game = create_game("bolivia", {}, sample_teams(2, 2), target=10 ** 8, table_label=f"Table {seed}")
    for number, entries in enumerate(sample_hands(get_ruleset("bolivia"), 2, hands, seed), start=1):
        game.hands.append(Hand(number=number, entries=[HandEntry.from_engine(i, e) for i, e in enumerate(entries)]))
    db.session.commit()
    return game.id


@contextmanager
def counted(app):
    """Count the SQL statements the app's engine runs inside the block."""
    statements = []
    with app.app_context():
        engine = db.engine

    def before(conn, cursor, statement, parameters, context, executemany):
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
    assert small == large <= 7, (small, large)
    assert queries(app, client, url.format(id=forty)) <= 2          # the same version again: kept in memory


@pytest.mark.parametrize("url", ["/games/{id}", "/api/v1/games/{id}", "/games/{id}/sheet.pdf"])
def test_one_replay_per_read(app, client, monkeypatch, url):
    with app.app_context():
        game_id = stored_game(6)
    calls = []
    real = services.replay
    monkeypatch.setattr(services, "replay", lambda *args, **kwargs: calls.append(1) or real(*args, **kwargs))
    assert client.get(url.format(id=game_id)).status_code == 200
    assert len(calls) == 1
