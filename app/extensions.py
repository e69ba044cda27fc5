"""Flask extensions shared by the whole app."""

import sqlite3

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base whose constraints get predictable names."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)
migrate = Migrate(render_as_batch=True)
csrf = CSRFProtect()

#: How long a SQLite write waits for another connection's write lock before it answers "busy" (a 503 the
#: tablet sends again): a few seconds, so a Save behind a held lock answers while it is still held.
SQLITE_BUSY_MS = 5000
#: The largest the write-ahead log is left after a checkpoint, in bytes: a full disk never stays full of log.
WAL_LIMIT_BYTES = 1024 * 1024


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, connection_record):
    """Turn on foreign keys, WAL and a busy timeout for SQLite connections."""
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
    cursor.execute(f"PRAGMA journal_size_limit={WAL_LIMIT_BYTES}")     # the log cut back after each checkpoint
    cursor.close()
