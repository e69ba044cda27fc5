"""A dropped PostgreSQL connection is replaced before use, without a round trip on every request.

SQLAlchemy's pool_pre_ping sends a statement at each checkout (0.15-0.3 ms of a 2 ms write, docs/benchmarks.md).
Instead: a connection whose server has said anything while it sat in the pool (a terminated backend sends
its notice and closes the socket) is dropped at once; one idle longer than PING_AFTER_IDLE is pinged as
pre_ping would. Raising DisconnectionError in the pool's checkout event is SQLAlchemy's documented way to
have the pool take a fresh connection instead.
"""
from __future__ import annotations

import select
import time

from flask import Flask
from sqlalchemy import Engine, event
from sqlalchemy.exc import DisconnectionError

from app.extensions import db

#: Seconds a connection may sit in the pool before it is pinged at checkout (a silent network drop).
PING_AFTER_IDLE = 30.0

#: The longest a statement waits for a lock another transaction holds, and the longest any statement runs,
#: in milliseconds: a Save or a board poll behind a held lock answers within seconds (a 503 the tablet sends
#: again), never after the lock is let go. SQLite's own wait is its busy timeout (app/extensions.py).
LOCK_TIMEOUT_MS = 3000
STATEMENT_TIMEOUT_MS = 20000


def has_input(fileno: int) -> bool:
    """Whether the server sent something to a connection nobody is using (zero wait)."""
    poller = select.poll()
    poller.register(fileno, select.POLLIN | select.POLLERR | select.POLLHUP)
    return bool(poller.poll(0))


def watch_connections(app: Flask) -> None:
    """Bound the app's PostgreSQL connections' waits, and check them as they leave the pool (SQLite has none
    to drop)."""
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        return
    with app.app_context():
        engine: Engine = db.engine

    @event.listens_for(engine, "connect")
    def bounded(dbapi_connection, record) -> None:
        """Every new connection waits for a lock, and runs a statement, for a bounded time only."""
        autocommit = dbapi_connection.autocommit
        dbapi_connection.autocommit = True          # a SET inside the first transaction would be rolled back
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {LOCK_TIMEOUT_MS}")
            cursor.execute(f"SET statement_timeout = {STATEMENT_TIMEOUT_MS}")
        dbapi_connection.autocommit = autocommit

    @event.listens_for(engine, "checkin")
    def note_idle(dbapi_connection, record) -> None:
        """When the connection went back to the pool."""
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def check(dbapi_connection, record, proxy) -> None:
        """Refuse a connection that is closed, was spoken to while idle, or idled long and does not answer."""
        idle = time.monotonic() - record.info.get("idle_since", time.monotonic())
        if dbapi_connection.closed or has_input(dbapi_connection.fileno()):
            raise DisconnectionError("the server closed this connection while it was idle")
        if idle > PING_AFTER_IDLE and not answers(engine, dbapi_connection):
            raise DisconnectionError("this connection no longer answers")


def answers(engine: Engine, dbapi_connection) -> bool:
    """Whether the connection answers the dialect's ping (what pool_pre_ping sends)."""
    try:
        return engine.dialect.do_ping(dbapi_connection)
    except Exception:               # any failure means the connection is gone: the pool takes another
        return False
