"""A nearly full disk under SQLite: before each write the free room is measured; when it runs short the
write-ahead log is emptied into the database file and cut to nothing (checkpoint TRUNCATE), and a write that
would not fit is refused as busy with a sentence (the tablets keep their hands), so the log never outgrows the
free space; the organiser's pages measure the same room to say the disk is full."""
from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from app.extensions import db
from app.rules.codes import Code
from app.rules.refusal import RefusalKind, refuse

#: Below this free room the log is checkpointed and cut before the write (the log grows by the write's pages).
ROOM_TO_CHECKPOINT = 1024 * 1024
#: Below this free room, even after the log was cut, a write is refused: no hand's pages (with the log's own and
#: SQLite's temporary room) would fit.
ROOM_TO_WRITE = 256 * 1024
#: How long a tablet waits before it sends the refused hand again, in seconds.
FULL_WAIT = 30
DISK_FULL = ("The computer's disk is full, so nothing was saved. The tablet keeps the hand and sends it again by "
             "itself; tell the organiser, who can free some space on the computer.")


def is_disk_full_error(error: BaseException) -> bool:
    """SQLite's answer when a write found no room on the disk."""
    return isinstance(getattr(error, "orig", None), sqlite3.OperationalError) and "disk is full" in str(error.orig)


def database_folder() -> Path | None:
    """The folder of the SQLite database file (None on PostgreSQL, which looks after its own disk, or in memory)."""
    url = db.engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:" or \
            url.database.startswith("file:"):
        return None
    return Path(url.database).resolve().parent


def free_room() -> int | None:
    """Bytes free on the database's disk (None: not a SQLite file)."""
    folder = database_folder()
    if folder is None:
        return None
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return None


def cut_the_log() -> None:
    """Empty the write-ahead log into the database file and cut it to nothing (what it held is kept; the space
    it took comes back). Without room even for that the next write tries again."""
    try:
        with db.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    except Exception:       # noqa: BLE001  (a full disk, a reader holding the log: the next write tries again)
        return


def check_room_to_write() -> None:
    """Before a write: the log cut when the room runs short, and a BUSY refusal (disk.full) when even then the
    write would not fit."""
    room = free_room()
    if room is None or room >= ROOM_TO_CHECKPOINT:
        return
    cut_the_log()
    room = free_room()
    if room is not None and room < ROOM_TO_WRITE:
        raise refuse(RefusalKind.BUSY, DISK_FULL, None, Code.DISK_FULL, retry_after=FULL_WAIT)


def after_disk_full() -> None:
    """A write found the disk full all the same: the log is cut, so that it cannot keep the disk full."""
    cut_the_log()


def disk_is_full() -> bool:
    """Whether the database's disk has no room for a write now (measured, for the organiser's pages)."""
    room = free_room()
    return room is not None and room < ROOM_TO_WRITE
