"""public ids: games and sessions get random ids, so their links cannot be found by counting

Revision ID: i10_public_ids
Revises: h9_convenor

`game.id` and `club_session.id`, and every column that refers to them, become BIGINT on PostgreSQL (SQLite's
INTEGER already holds 64 bits), with no sequence behind them: the app draws each new id at random from
[2**32, 2**53). Every game and session already stored is renumbered to such an id, with every row that refers
to it (teams, hands, the game's and the session's records, calls, substitutes, the code brake, ...), so no
old link /games/1, /games/2, ... finds a game any more. The new ids are handed out smallest first in the order
the rows were made, so whatever lists games by id lists them as before. On PostgreSQL the foreign keys (which do not cascade
an update) are dropped for the renumbering and made again as they were; on SQLite every migration runs with
foreign keys off and is checked for dangling rows at its end (migrations/env.py).

Downgrade numbers the games and sessions 1, 2, 3 ... again in the order they were made, gives the columns back
their INTEGER type and their sequence.
"""
from __future__ import annotations

import secrets

from alembic import op
import sqlalchemy as sa


revision = "i10_public_ids"
down_revision = "h9_convenor"
branch_labels = None
depends_on = None

#: The tables whose ids become public, in the order they are renumbered.
PUBLIC = ("club_session", "game")
#: Public ids are drawn from [FIRST, LIMIT) (app/store/base/ids.py, as it was when this migration was written).
FIRST, LIMIT = 2**32, 2**53


def references(table: str) -> list[tuple[str, dict]]:
    """Every foreign key (table name, the inspector's description) that refers to table's id."""
    inspector = sa.inspect(op.get_bind())
    return [(name, key) for name in inspector.get_table_names() for key in inspector.get_foreign_keys(name)
            if key["referred_table"] == table]


def drop_keys(keys: list[tuple[str, dict]]) -> None:
    """Drop these foreign keys (PostgreSQL: an update of a referred id does not cascade)."""
    for name, key in keys:
        op.drop_constraint(key["name"], name, type_="foreignkey")


def make_keys(keys: list[tuple[str, dict]]) -> None:
    """Make these foreign keys again, as they were."""
    for name, key in keys:
        options = key.get("options") or {}
        op.create_foreign_key(key["name"], name, key["referred_table"], key["constrained_columns"],
                              key["referred_columns"], ondelete=options.get("ondelete"),
                              onupdate=options.get("onupdate"))


def ids_in_order(table: str) -> list[int]:
    """The table's ids in the order the rows were made."""
    return list(op.get_bind().execute(sa.text(f'SELECT id FROM "{table}" ORDER BY created_at, id')).scalars())


def random_ids(old: list[int]) -> dict[int, int]:
    """A new random public id for each old id, none alike and none an id already there; drawn, then handed out
    smallest first in the order the rows were made, so the rows keep their order (the record reads the same)."""
    drawn: set[int] = set()
    while len(drawn) < len(old):
        new = FIRST + secrets.randbelow(LIMIT - FIRST)
        if new not in old:
            drawn.add(new)
    return dict(zip(old, sorted(drawn)))


def renumber(table: str, keys: list[tuple[str, dict]], mapping: dict[int, int]) -> None:
    """Give the table's rows their new ids and every referring column the same (no new id may be an old one)."""
    moves = [{"old": old, "new": new} for old, new in mapping.items() if old != new]
    if not moves:
        return
    bind = op.get_bind()
    bind.execute(sa.text(f'UPDATE "{table}" SET id = :new WHERE id = :old'), moves)
    for name, key in keys:
        (column,) = key["constrained_columns"]
        bind.execute(sa.text(f'UPDATE "{name}" SET "{column}" = :new WHERE "{column}" = :old'), moves)


def set_types(table: str, keys: list[tuple[str, dict]], kind: str) -> None:
    """PostgreSQL: the id and every column referring to it become kind (BIGINT or INTEGER)."""
    op.execute(f'ALTER TABLE "{table}" ALTER COLUMN id TYPE {kind}')
    for name, key in keys:
        (column,) = key["constrained_columns"]
        op.execute(f'ALTER TABLE "{name}" ALTER COLUMN "{column}" TYPE {kind}')


def drop_sequence(table: str) -> None:
    """PostgreSQL: the id is no longer counted (the app draws it)."""
    sequence = op.get_bind().execute(sa.text(f"SELECT pg_get_serial_sequence('\"{table}\"', 'id')")).scalar()
    op.execute(f'ALTER TABLE "{table}" ALTER COLUMN id DROP IDENTITY IF EXISTS')
    op.execute(f'ALTER TABLE "{table}" ALTER COLUMN id DROP DEFAULT')
    if sequence:
        op.execute(f"DROP SEQUENCE IF EXISTS {sequence}")


def make_sequence(table: str) -> None:
    """PostgreSQL: the id counted again by a sequence starting after the highest id (a SERIAL as it was)."""
    sequence = f"{table}_id_seq"
    op.execute(f'CREATE SEQUENCE "{sequence}" OWNED BY "{table}".id')
    op.execute(f'ALTER TABLE "{table}" ALTER COLUMN id SET DEFAULT nextval(\'"{sequence}"\'::regclass)')
    op.execute(f'SELECT setval(\'"{sequence}"\', COALESCE((SELECT MAX(id) FROM "{table}"), 0) + 1, false)')


def upgrade():
    postgresql = op.get_bind().dialect.name == "postgresql"
    for table in PUBLIC:
        keys = references(table)
        if postgresql:
            drop_keys(keys)
            drop_sequence(table)
            set_types(table, keys, "BIGINT")
        renumber(table, keys, random_ids(ids_in_order(table)))
        if postgresql:
            make_keys(keys)


def downgrade():
    postgresql = op.get_bind().dialect.name == "postgresql"
    for table in PUBLIC:
        keys = references(table)
        if postgresql:
            drop_keys(keys)
        old = ids_in_order(table)
        renumber(table, keys, {number: -place for place, number in enumerate(old, 1)})   # out of every id's way
        renumber(table, keys, {-place: place for place in range(1, len(old) + 1)})
        if postgresql:
            set_types(table, keys, "INTEGER")
            make_sequence(table)
            make_keys(keys)
