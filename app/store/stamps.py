"""Every poll's stamp in one module: a board's, a tablet's news, a game's."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from sqlalchemy import JSON, String, bindparam, cast, func, select

from app.extensions import db
from app.rules.outcome import Closing, FormatKind
from app.store.base.ids import LARGEST_ID
from app.store.club.models import ClubSession, SessionEvent, TableCall
from app.store.game import games
from app.store.game.ending import clock_runs
from app.store.game.models import Game, this_minute
from app.store.people.models import Organiser
from app.store.people.sign_ins import SignIn
from app.store.people.tokens import token_hash


def board_stamp(session_id: int, club_id: int, signed_in: tuple[int, int, str] | None = None,
                connection=None) -> tuple[str, bool] | None:
    """What the board shows depends on, read in one statement by the session's id alone (no object loaded):
    the session's own row; this round's games (how many, the sum of their versions, which every write moves on,
    and the newest change); the session's record (every club write, a call and its clearing, an agreement, a
    substitute adds a line); the open calls; and, while the session's clock runs, the minute. Hashed,
    with whether the sign-in `signed_in` (account id, generation, key) still counts in the session's club.
    None when the club has no such session. Run on `connection` when given (its club's rows claimed), else on
    the request's session."""
    if not 0 < session_id <= LARGEST_ID:
        return None
    params = {"session_id": session_id, "club_id": club_id} if signed_in is None else stamp_params(
        session_id, club_id, signed_in)
    on = db.session.connection() if connection is None else connection
    return stamp_of_row(driver_row(on, stamp_query(signed_in is not None), params), signed_in is not None)


def driver_row(connection, query, params: dict):
    """The first row of a statement made once, run on the driver's own cursor of this connection (its
    transaction and club claim): the values as the driver gives them, none of SQLAlchemy's work per row (0.026
    against 0.065 ms on SQLite, measured). The engine's statement listeners see it as any statement."""
    sql, positions, defaults = driver_text(query, connection.dialect)
    values = {**defaults, **params}
    args = tuple(values[name] for name in positions) if positions else values
    cursor = connection.connection.cursor()
    try:
        for listen in connection.engine.dispatch.before_cursor_execute:
            listen(connection, cursor, sql, args, None, False)
        cursor.execute(sql, args)
        return cursor.fetchone()
    finally:
        cursor.close()


_driver_texts: dict = {}


def driver_text(query, dialect) -> tuple[str, tuple | None, dict]:
    """A statement's text for this database, its parameters' order (positional drivers) and defaults."""
    key = (id(query), dialect.name)
    if key not in _driver_texts:
        compiled = query.compile(dialect=dialect)
        positions = tuple(compiled.positiontup) if compiled.positional else None
        _driver_texts[key] = (str(compiled), positions, dict(compiled.params))
    return _driver_texts[key]


def stamp_params(session_id: int, club_id: int, signed_in: tuple[int, int, str]) -> dict:
    """The stamp statement's parameters with a sign-in (account id, generation, key)."""
    return {"session_id": session_id, "club_id": club_id, "organiser_id": signed_in[0], "generation": signed_in[1],
            "key_hash": token_hash(signed_in[2])}


def stamp_of_row(row, with_sign_in: bool) -> tuple[str, bool] | None:
    """The board's stamp from the stamp statement's row (None: no such session), and whether the sign-in counts.
    The minute is in it while the session's clock runs (its countdown, time called at the end time, the tables
    that owe their last hand); else the board's page works out "N min ago" itself (static/js/board.js)."""
    if row is None:
        return None
    parts = [tuple(row[:STAMP_COLUMNS]), this_minute() if board_clock_runs(row) else ""]
    return hashlib.sha1(repr(parts).encode()).hexdigest(), bool(not with_sign_in or row[-1])


#: The stamp's columns: the session's own and the five figures of its round.
STAMP_COLUMNS = len(ClubSession.__table__.columns) + 5


#: Where the stamp's row holds the session's format and when time was called.
FORMAT_COLUMN = ClubSession.__table__.columns.keys().index("format_kind")


CALLED_COLUMN = ClubSession.__table__.columns.keys().index("time_called_at")


def board_clock_runs(row) -> bool:
    """A timed session whose time the organiser has not called: what its board shows moves with the minute."""
    return row[FORMAT_COLUMN] == FormatKind.TIME and row[CALLED_COLUMN] is None


@cache
def stamp_query(with_sign_in: bool):
    """The stamp's statement, made once (a poll builds no statement; SQLAlchemy keeps its compiled form)."""
    own = ClubSession.__table__
    here = (Game.session_id == own.c.id) & (Game.session_round == own.c.round)
    games = [select(func.count(Game.id)).where(here), select(func.coalesce(func.sum(Game.version), 0)).where(here),
             select(func.max(Game.updated_at)).where(here),
             select(func.max(SessionEvent.id)).where(SessionEvent.session_id == own.c.id),
             select(func.count(TableCall.id)).where(TableCall.session_id == own.c.id, TableCall.cleared_at.is_(None))]
    # JSON columns as their text (the stamp hashes what is stored: no document made of them, by SQLAlchemy or by
    # the driver, whose json.loads was a third of an unchanged poll's CPU on PostgreSQL: app/server/pollquery.py)
    columns = [*(cast(column, String) if isinstance(column.type, JSON) else column for column in own.columns),
               *(query.scalar_subquery() for query in games)]
    if with_sign_in:
        columns.append(still_signed_in(own.c.club_id))
    return select(*columns).where(own.c.id == bindparam("session_id"), own.c.club_id == bindparam("club_id"))


def still_signed_in(club_id):
    """Whether a browser's sign-in still counts, for an account of this club (a column of the stamp's statement)."""
    return (select(SignIn.id).join(Organiser, Organiser.id == SignIn.organiser_id)
            .where(SignIn.organiser_id == bindparam("organiser_id"), SignIn.key_hash == bindparam("key_hash"),
                   Organiser.session_generation == bindparam("generation"), Organiser.club_id == club_id).exists())


def news_row(game_id: int, club_id: int | None = None, connection=None):
    """The game's version, last change, its club and, for a session's game, the session's clock, in one
    statement by the game's id (the club's own rows only when `club_id` is given; on `connection` when given,
    else on the request's session); None when no such game."""
    if not 0 < game_id <= LARGEST_ID:
        return None
    params = {"game_id": game_id} if club_id is None else {"game_id": game_id, "club_id": club_id}
    on = db.session.connection() if connection is None else connection
    return on.execute(news_query(club_id is not None), params).first()


@cache
def news_query(in_club: bool):
    """The news's statement, made once (a poll builds no statement; SQLAlchemy keeps its compiled form)."""
    own, session = Game.__table__, ClubSession.__table__
    query = (select(own.c.version, own.c.updated_at, own.c.last_hand, own.c.format_kind, own.c.session_id,
                    own.c.club_id, session.c.ends_at, session.c.time_called_at, session.c.played_on, session.c.agreement)
             .select_from(own.outerjoin(session, session.c.id == own.c.session_id))
             .where(own.c.id == bindparam("game_id"), own.c.closed.is_(None) | (own.c.closed != Closing.DELETED.value)))
    return query.where(own.c.club_id == bindparam("club_id")) if in_club else query


@dataclass(frozen=True)
class Stamp:
    """What a reader's caches key a game by: its shown version (games.shown_version) and when it last changed."""

    version: object
    updated_at: datetime


def game_stamp(game_id: int) -> Stamp | None:
    """The game's stamp in one small query (two for a timed session game not yet called), or None when there
    is no such game."""
    if not 0 < game_id <= LARGEST_ID:
        return None
    shown = (Game.closed.is_(None)) | (Game.closed != Closing.DELETED.value)
    row = db.session.execute(select(Game.version, Game.updated_at, Game.last_hand, Game.format_kind,
                                    Game.session_id).where(Game.id == game_id, shown)).first()
    return None if row is None else stamp_of_game_row(row, game_id)


def stamp_of_game_row(row, game_id: int) -> Stamp:
    """The stamp of a game read as a row (its version, updated_at, last_hand, format_kind and session_id): its
    version, or while its session's clock runs the version it is shown at (the game read for it)."""
    if clock_runs(row):
        return Stamp(games.shown_version(db.session.get(Game, game_id)), row.updated_at)
    return Stamp(row.version, row.updated_at)


def news_stamp(row) -> str:
    """The news's stamp: the row, and the minute while the session's clock runs (its end time is a minute)."""
    parts = [tuple(row), this_minute() if clock_runs(row) else ""]
    return hashlib.sha1(repr(parts).encode()).hexdigest()
