"""A SQLite database's rows as portable SQL INSERTs (SQLite and PostgreSQL), tables in foreign-key order."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from sqlalchemy import Boolean, MetaData, create_engine

SKIP = {"alembic_version"}


def literal(value, boolean: bool) -> str:
    """One value as SQL text both databases read the same."""
    if value is None:
        return "NULL"
    if boolean:
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def table_inserts(source: sqlite3.Connection, table) -> list[str]:
    """One INSERT per row, by id."""
    names = [c.name for c in table.columns]
    booleans = [isinstance(c.type, Boolean) for c in table.columns]
    quoted = ", ".join(f'"{n}"' for n in names)
    rows = source.execute(f'SELECT {quoted} FROM "{table.name}" ORDER BY 1')
    return [f'INSERT INTO "{table.name}" ({quoted}) VALUES ('
            + ", ".join(literal(v, b) for v, b in zip(row, booleans)) + ");" for row in rows]


def write_sql(database: Path, out: Path) -> None:
    """Write every row of database (but Alembic's) to out."""
    engine = create_engine(f"sqlite:///{database}")
    metadata = MetaData()
    metadata.reflect(engine)
    engine.dispose()
    lines = ["-- Rows of a Treys database, one INSERT each, tables in foreign-key order (tests/migrations)."]
    with sqlite3.connect(database) as source:
        for table in metadata.sorted_tables:
            if table.name not in SKIP:
                lines += table_inserts(source, table)
    source.close()
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def statements(path: Path) -> list[str]:
    """The INSERTs of a data.sql file (one a line), after emptying each table it fills: a fixture is the whole
    of its tables, so a row the migrations made in an empty database (the first club) gives way to its own."""
    inserts = [line.rstrip().rstrip(";") for line in path.read_text(encoding="utf-8").splitlines()
               if line.startswith("INSERT")]
    tables = list(dict.fromkeys(line.split('"')[1] for line in inserts))
    return [*(f'DELETE FROM "{table}"' for table in reversed(tables)), *inserts]


__all__ = ["write_sql", "statements", "json"]
