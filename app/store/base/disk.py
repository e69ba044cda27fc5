"""A full disk under SQLite: the write-ahead log kept bounded, and whether the last write found the disk full."""
from __future__ import annotations

import sqlite3
import threading

from sqlalchemy import event
from sqlalchemy.orm import Session

from app.extensions import db

_state = {"full": False}
_lock = threading.Lock()


def is_disk_full_error(error: BaseException) -> bool:
    """SQLite's answer when a write found no room on the disk."""
    return isinstance(getattr(error, "orig", None), sqlite3.OperationalError) and "disk is full" in str(error.orig)


def after_disk_full() -> None:
    """A write found the disk full: note it, and empty the write-ahead log into the database file and cut it to
    nothing (what it held is kept; the space it took comes back), so the log cannot keep the disk full."""
    with _lock:
        _state["full"] = True
    try:
        with db.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    except Exception:       # noqa: BLE001  (no room even for that: the next write tries again)
        return


def disk_was_full() -> bool:
    """Whether the last write of this process found the disk full (a later write that went in clears it)."""
    return _state["full"]


@event.listens_for(Session, "after_flush")
def _writing(session, flush_context) -> None:
    """Rows were sent to the database in this transaction."""
    session.info["wrote"] = True


@event.listens_for(Session, "after_commit")
def _written(session) -> None:
    """A write went in: the disk has room again."""
    if session.info.pop("wrote", False) and _state["full"]:
        with _lock:
            _state["full"] = False


@event.listens_for(Session, "after_rollback")
def _not_written(session) -> None:
    """Nothing of the transaction went in."""
    session.info.pop("wrote", None)
