"""A restore's ids on a host of several clubs: a backup keeps its ids, and where another club's rows already
hold them, the whole table's ids move past the host's highest, with every reference moved alike. Games and
sessions keep their ids in a single club's install (its links still work); on a host of several clubs, where
the club the backup came from may still hold them, each gets a new random id."""
from __future__ import annotations

from sqlalchemy import func, select, text

from app.extensions import db
from app.store.base.ids import public_id
from app.store.tenancy.scope import ALL_CLUBS, club_count

#: Tables whose ids are drawn at random (app/store/base/ids.py), not counted.
RANDOM_IDS = ("game", "club_session")

#: For each table a restore writes: its columns that hold an id, and the table that id is of.
ID_COLUMNS = {
    "organiser": {"id": "organiser"},
    "member": {"id": "member"},
    "season": {"id": "season"},
    "house_rules": {"id": "house_rules"},
    "house_rules_version": {"id": "house_rules_version", "house_rules_id": "house_rules"},
    "club_session": {"id": "club_session", "house_rules_version_id": "house_rules_version"},
    "attendance": {"session_id": "club_session", "member_id": "member"},
    "session_event": {"session_id": "club_session"},
    "game": {"id": "game", "session_id": "club_session", "house_rules_version_id": "house_rules_version"},
    "team": {"id": "team", "game_id": "game"},
    "player": {"id": "player", "team_id": "team", "member_id": "member"},
    "hand": {"id": "hand", "game_id": "game"},
    "hand_entry": {"id": "hand_entry", "hand_id": "hand"},
    "game_event": {"game_id": "game"},
    "substitution": {"game_id": "game", "left_member_id": "member", "came_member_id": "member"},
    "table_call": {"session_id": "club_session", "game_id": "game"},
    "member_contact": {"member_id": "member"},
    "competition": {"id": "competition", "season_id": "season"},
    "competition_afternoon": {"competition_id": "competition", "session_id": "club_session"},
    "competition_handicap": {"competition_id": "competition", "member_id": "member"},
}


def offsets(tables: dict) -> dict[str, int | dict[int, int]]:
    """How far each table's ids move (0 while no row here has one of them: a new install keeps every id), or
    for games and sessions, each id's new one where they must change."""
    several = club_count() > 1          # across the host: a club's transaction sees its own club's row only
    shift = {}
    for name, (table, rows) in tables.items():
        ids = [row["id"] for row in rows if row.get("id") is not None]
        if name in RANDOM_IDS:
            shift[name] = {old: public_id() for old in ids} if several else 0
        elif "id" in ID_COLUMNS.get(name, {}):
            shift[name] = offset_of(table, ids)
    return shift


def offset_of(table, ids: list[int]) -> int:
    """0 when none of `ids` is taken, else the host's highest id of the table. On PostgreSQL the other clubs'
    rows are hidden from a club's transaction, so the table's id sequence (shared by every club) says instead,
    and the ids the backup will take are held at once: the sequence moves past them before any row is written,
    so no other club's new row is given one of them meanwhile."""
    if not ids:
        return 0
    if db.engine.dialect.name == "postgresql":
        sequence = db.session.execute(text("SELECT pg_get_serial_sequence(:t, 'id')"), {"t": table.name}).scalar()
        if sequence is None:            # ids drawn at random: a clash is refused whole by the primary key
            return 0
        return held(sequence, max(ids))
    taken = db.session.execute(select(func.count()).select_from(table).where(table.c.id.in_(ids))
                               .execution_options(**ALL_CLUBS)).scalar()
    return db.session.execute(select(func.max(table.c.id)).execution_options(**ALL_CLUBS)).scalar() if taken else 0


def highest_given(sequence: str) -> str:
    """SQL for the highest id a PostgreSQL sequence has given or been moved past (0 for a fresh one)."""
    return f"(SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM {sequence})"


def held(sequence: str, span: int) -> int:
    """Move the sequence `span` ids on in one statement (never back) and return where it stood: the backup's
    ids 1..span become offset+1..offset+span, which no other writer can be given any more."""
    moved_to = db.session.execute(text(f"SELECT setval('{sequence}', {highest_given(sequence)} + :span)"),
                                  {"span": max(span, 1)}).scalar()
    return moved_to - max(span, 1)


def moved(name: str, rows: list[dict], by: dict) -> list[dict]:
    """The rows with every id they hold moved by its table's offset, or to its new id."""
    columns = {column: by.get(table, 0) for column, table in ID_COLUMNS.get(name, {}).items()}
    if not any(columns.values()):
        return rows
    return [{**row, **{column: new_id(row[column], shift) for column, shift in columns.items()
                       if shift and row.get(column) is not None}} for row in rows]


def new_id(old: int, shift: int | dict[int, int]) -> int:
    """An id moved by an offset, or looked up in a table of new ids."""
    return shift[old] if isinstance(shift, dict) else old + shift
