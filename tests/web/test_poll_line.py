"""The unchanged polls' own PostgreSQL connections (app/server/pollquery.py): one a worker thread, replaced when
PostgreSQL dropped it, closed with the engine; a fault sends the poll the usual way, never a 500. And what the
step in front of Flask keeps of the polls it checked (app/server/polls.py): only what passed."""
from __future__ import annotations

from pathlib import Path

import pytest
from psycopg import OperationalError
from sqlalchemy import create_engine, text

from tests.conftest import database_url, is_postgres
from tests.web.club_support import login, organiser
from tests.web.test_queries import counted
from tests.web.test_polls import board_url, news_url, poll_counted, session_of

ON_POSTGRES = is_postgres(database_url(Path("unused.sqlite3")))
postgres_only = pytest.mark.skipif(not ON_POSTGRES, reason="the polls' own connections are PostgreSQL's "
                                                           "(run with DATABASE_URL)")


@pytest.fixture
def org(app, client):
    organiser(app)
    login(client)
    return client


def quick(app):
    return app.extensions["quick_polls"]


def terminate(app, pid: int) -> None:
    """End one PostgreSQL backend from outside, as a server restart or an administrator would."""
    killer = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
    with killer.begin() as connection:
        assert connection.execute(text("SELECT pg_terminate_backend(:pid, 5000)"), {"pid": pid}).scalar()
    killer.dispose()


def board_polled(app, org):
    """A session's board polled once unchanged over the poll line: (its session, its tag, the poll line)."""
    doc = session_of(org, 1, 1)
    etag = org.get(board_url(doc)).headers["ETag"]
    assert org.get(board_url(doc), headers={"If-None-Match": etag}).status_code == 304
    return doc, etag, quick(app).poll_line


@postgres_only
def test_a_poll_after_postgresql_dropped_its_connection_is_still_a_304_on_a_fresh_one(app, org):
    doc, etag, line = board_polled(app, org)
    first = line.line()
    terminate(app, first.pgconn.backend_pid)
    with poll_counted(app) as statements:
        answer = org.get(board_url(doc), headers={"If-None-Match": etag})
    assert answer.status_code == 304 and answer.data == b""
    assert len(statements) == 2 and all(s.startswith(b"EXECUTE") for s in statements)   # sent again, once
    assert first.driver.closed and line.line() is not first
    assert org.get(board_url(doc), headers={"If-None-Match": etag}).status_code == 304


@postgres_only
def test_a_poll_whose_connection_cannot_be_had_goes_the_usual_way(app, client, monkeypatch):
    organiser(app)
    login(client)
    table = session_of(client, 1, 1, format={"kind": "target"})["tables"][0]
    client.post("/logout")
    tablet = app.test_client()
    first = tablet.get(news_url(table))
    line = quick(app).poll_line

    def refused():
        raise OperationalError("connection refused")
    monkeypatch.setattr(line, "line", refused)
    with poll_counted(app) as statements:
        answer = tablet.get(news_url(table), headers={"If-None-Match": first.headers["ETag"]})
    # answered by the app itself (the same 304, from the view, over the pool): its own statements
    assert answer.status_code == 304 and answer.headers["ETag"] == first.headers["ETag"]
    assert statements and not any(s.startswith(b"EXECUTE") for s in statements if isinstance(s, bytes))


@postgres_only
def test_a_poll_whose_statement_is_gone_is_sent_again_on_a_fresh_connection(app, org):
    doc, etag, line = board_polled(app, org)
    used = line.line()
    assert used.pgconn.exec_(b"DEALLOCATE treys_board_stamp").error_message == b""
    assert org.get(board_url(doc), headers={"If-None-Match": etag}).status_code == 304
    assert used.driver.closed and line.line() is not used


@postgres_only
def test_a_poll_that_fails_on_a_fresh_connection_too_goes_the_usual_way(app, org, monkeypatch):
    doc, etag, line = board_polled(app, org)
    opened = []

    def failing_trip(on, board, claimed, given):
        opened.append(on)
        raise OperationalError("server closed the connection unexpectedly")
    monkeypatch.setattr(line, "trip", failing_trip)
    with counted(app) as statements:
        answer = org.get(board_url(doc), headers={"If-None-Match": etag})
    assert answer.status_code == 304 and statements        # the view's own 304, over the pool
    assert len(opened) == 2 and opened[0] is not opened[1] and all(on.driver.closed for on in opened)


@postgres_only
def test_disposing_of_the_engine_closes_the_poll_connections(app, org):
    from app.extensions import db
    doc, etag, line = board_polled(app, org)
    held = line.line()
    with app.app_context():
        db.engine.dispose()
    assert held.driver.closed and line.lines == {}
    assert org.get(board_url(doc), headers={"If-None-Match": etag}).status_code == 304


def test_only_polls_that_passed_the_check_are_kept(app, org):
    doc = session_of(org, 1, 1)
    etag = org.get(board_url(doc)).headers["ETag"]
    checked = quick(app).checked
    checked.cache_clear()
    stamp, club, sealed = etag.strip('"').split(".")
    for forged in (f'"{stamp}.{club}.{"0" * len(sealed)}"', f'"{stamp}.{int(club) + 1}.{sealed}"'):
        assert org.get(board_url(doc), headers={"If-None-Match": forged}).status_code == 200
    assert checked.cache_info().currsize == 0
    for _ in range(3):
        assert org.get(board_url(doc), headers={"If-None-Match": etag}).status_code == 304
    assert checked.cache_info().currsize == 1 and checked.cache_info().hits == 2
