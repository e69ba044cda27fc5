"""Schema migrations that cannot lose a club's record: SQLite runs them whole, checked, after a copy aside.

SQLite rebuilds a table to change it (Alembic's batch mode: copy, drop, rename). With foreign keys on, the
drop fires ON DELETE CASCADE and empties every table that points at the rebuilt one. So a migration on SQLite
runs with foreign keys off (set outside any transaction, as SQLite ignores the pragma inside one), in one
transaction that holds the DDL too (the sqlite3 module would otherwise commit each statement by itself), and
`PRAGMA foreign_key_check` must find no new dangling row before it commits; foreign keys are on again after.
Before a database that holds data is migrated, its file is copied aside with SQLite's online backup.
"""
from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator

from alembic.util import CommandError
from sqlalchemy import Connection, event


class MigrationRefused(CommandError):
    """A migration that would leave the database inconsistent; nothing was changed (`flask db` prints it)."""


def dangling_rows(connection: Connection) -> set[tuple]:
    """Rows whose foreign key points at nothing: (table, rowid, parent table)."""
    return {(row[0], row[1], row[2]) for row in connection.exec_driver_sql("PRAGMA foreign_key_check")}


def refusal(rows: set[tuple]) -> str:
    """The sentence for rows a migration would leave pointing at nothing."""
    shown = ", ".join(f"{table} row {rowid} (its {parent} is missing)" for table, rowid, parent in sorted(rows)[:5])
    return (f"The migration was not applied: it would leave {len(rows)} row(s) pointing at nothing, "
            f"such as {shown}. The database is as it was before.")


@contextmanager
def sqlite_migration(connection: Connection) -> Iterator[None]:
    """Run the block in one SQLite transaction with foreign keys off, checked before it commits.

    A failure anywhere in the block (a migration's error, or a dangling row found at the end) rolls
    everything back, the schema changes too.
    """
    raw = connection.connection.driver_connection
    raw.execute("PRAGMA foreign_keys=OFF")          # outside a transaction, or SQLite ignores it
    level = raw.isolation_level
    raw.isolation_level = None                      # the driver sends no BEGIN/COMMIT of its own...

    def begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN")               # ...so this one BEGIN holds the DDL as well

    event.listen(connection, "begin", begin)
    try:
        with connection.begin():
            before = dangling_rows(connection)
            yield
            new = dangling_rows(connection) - before
            if new:
                raise MigrationRefused(refusal(new))
    finally:
        event.remove(connection, "begin", begin)
        raw.isolation_level = level
        raw.execute("PRAGMA foreign_keys=ON")


def holds_data(path: Path) -> bool:
    """Whether the SQLite file has a row in any table other than Alembic's own (the first club, which every
    database has from its first migration, is no one's data)."""
    if not path.exists() or path.stat().st_size == 0:
        return False
    with sqlite3.connect(path) as source:
        tables = [name for (name,) in source.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND name NOT IN ('alembic_version', 'club')")]
        found = any(source.execute(f'SELECT 1 FROM "{name}" LIMIT 1').fetchone() for name in tables)
    source.close()
    return found


def copy_name(path: Path, revision: str | None, now: datetime | None = None) -> str:
    """The copy's file name: the database's name, the revision it is at and the UTC time."""
    now = now or datetime.now(timezone.utc)
    return f"{path.stem}-before-migrating-from-{revision or 'empty'}-{now:%Y%m%dT%H%M%SZ}{path.suffix or '.sqlite3'}"


def copy_aside(path: Path, revision: str | None, folder: Path) -> Path:
    """Copy the live SQLite file into folder with SQLite's online backup; returns the copy's path."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / copy_name(path, revision)
    source = sqlite3.connect(path)
    copy = sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()
    return target


def copy_before_steps(migration_context, path: Path, folder: Path, say: Callable[[str], None]) -> None:
    """Have the migration context copy the file aside once it knows it has steps to run on a database with data.

    The steps come from the command (upgrade or downgrade); a command with none (current, stamp at head,
    upgrade of a database already at head) copies nothing.
    """
    steps_of = migration_context._migrations_fn

    def steps(heads, context):
        planned = list(steps_of(heads, context))
        if planned and holds_data(path):
            revision = "+".join(heads) if heads else None
            copy = copy_aside(path, revision, folder)
            say(f"Before changing the database, Treys copied it to {copy} . To go back, stop Treys and put "
                f"that file in place of {path} .")
        return planned

    migration_context._migrations_fn = steps
