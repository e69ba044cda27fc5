"""A restore's ids on a host of several clubs: a backup keeps its ids, and where another club's rows already
hold them, the whole table's ids move past the host's highest, with every reference moved alike."""
from __future__ import annotations

from sqlalchemy import func, select, text

from app.extensions import db
from app.store.tenancy import ALL_CLUBS

#: For each table a restore writes: its columns that hold an id, and the table that id is of.
ID_COLUMNS = {
    "organiser": {"id": "organiser"},
    "member": {"id": "member"},
    "season": {"id": "season"},
    "club_session": {"id": "club_session"},
    "attendance": {"session_id": "club_session", "member_id": "member"},
    "session_event": {"session_id": "club_session"},
    "game": {"id": "game", "session_id": "club_session"},
    "team": {"id": "team", "game_id": "game"},
    "player": {"id": "player", "team_id": "team", "member_id": "member"},
    "hand": {"id": "hand", "game_id": "game"},
    "hand_entry": {"id": "hand_entry", "hand_id": "hand"},
    "game_event": {"game_id": "game"},
    "substitution": {"game_id": "game", "left_member_id": "member", "came_member_id": "member"},
    "table_call": {"session_id": "club_session", "game_id": "game"},
}


def offsets(tables: dict) -> dict[str, int]:
    """How far each table's ids move: 0 while no row here has one of them (a new install keeps every id)."""
    return {name: offset_of(table, [row["id"] for row in rows if row.get("id") is not None])
            for name, (table, rows) in tables.items() if "id" in ID_COLUMNS.get(name, {})}


def offset_of(table, ids: list[int]) -> int:
    """0 when none of `ids` is taken, else the host's highest id of the table. On PostgreSQL the other clubs'
    rows are hidden from a club's transaction, so the table's id sequence (shared by every club) says instead."""
    if not ids:
        return 0
    if db.engine.dialect.name == "postgresql":
        sequence = db.session.execute(text("SELECT pg_get_serial_sequence(:t, 'id')"), {"t": table.name}).scalar()
        if sequence is None:            # ids drawn at random: a clash is refused whole by the primary key
            return 0
        return db.session.execute(text(f"SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM {sequence}")).scalar()
    taken = db.session.execute(select(func.count()).select_from(table).where(table.c.id.in_(ids))
                               .execution_options(**ALL_CLUBS)).scalar()
    return db.session.execute(select(func.max(table.c.id)).execution_options(**ALL_CLUBS)).scalar() if taken else 0


def moved(name: str, rows: list[dict], by: dict[str, int]) -> list[dict]:
    """The rows with every id they hold moved by its table's offset."""
    columns = {column: by.get(table, 0) for column, table in ID_COLUMNS.get(name, {}).items()}
    if not any(columns.values()):
        return rows
    return [{**row, **{column: row[column] + shift for column, shift in columns.items()
                       if shift and row.get(column) is not None}} for row in rows]
