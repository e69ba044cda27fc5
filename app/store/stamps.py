"""Every poll's stamp in one module: each is one integer the writes keep, a session's version for its board and
a game's version for a tablet's news (and a session's for the validators of its pages), with the
minute while a timed session's clock runs. A poll reads it in one statement by the id alone, on the request's
session or on a pooled connection whose club's rows were claimed (app/server/polls.py)."""
from __future__ import annotations

from functools import cache

from sqlalchemy import bindparam, select, update

from app.extensions import db
from app.rules.outcome import Closing, FormatKind
from app.store.base.ids import LARGEST_ID
from app.store.club.models import ClubSession
from app.store.game.ending import clock_runs
from app.store.game.models import Game, this_minute
from app.store.people.models import Organiser
from app.store.people.sign_ins import SignIn
from app.store.people.tokens import token_hash

SESSIONS = ClubSession.__table__
GAMES = Game.__table__


def session_moved(*session_ids: int | None) -> None:
    """What these sessions' boards show has changed: each session's version moves on, in the writer's
    transaction. Called by every write of a session's record (app/store/club/sessionlog.py) and of a session's
    game (app/store/game/gamelog.py), before the change is flushed, so that a session's row is locked before its
    games' rows by every writer alike."""
    ids = [session_id for session_id in session_ids if session_id is not None]
    if ids:
        db.session.connection().execute(update(SESSIONS).where(SESSIONS.c.id.in_(ids))
                                        .values(version=SESSIONS.c.version + 1))


def stamp(version: int, clock_running: bool) -> str:
    """A poll's stamp: the version ('12'), and while a timed session's clock runs the minute too
    ('12-202611291405'): what the board and the news show then moves with the clock."""
    return f"{version}-{this_minute()}" if clock_running else str(version)


def board_stamp(session_id: int, club_id: int, signed_in: tuple[int, int, str] | None = None,
                connection=None) -> tuple[str, bool] | None:
    """The board's stamp, read by the session's id alone (no object loaded), with whether the sign-in
    `signed_in` (account id, generation, key) still counts in the session's club; None when the club has no
    such session. On `connection` when given (its club's rows claimed), else on the request's session."""
    if not 0 < session_id <= LARGEST_ID:
        return None
    params = {"session_id": session_id, "club_id": club_id}
    if signed_in is not None:
        params |= {"organiser_id": signed_in[0], "generation": signed_in[1], "key_hash": token_hash(signed_in[2])}
    on = db.session.connection() if connection is None else connection
    row = on.execute(board_query(signed_in is not None), params).first()
    if row is None:
        return None
    running = row.format_kind == FormatKind.TIME and row.time_called_at is None
    return stamp(row.version, running), signed_in is None or bool(row.signed_in)


@cache
def board_query(with_sign_in: bool):
    """The board stamp's statement, made once: the session's version, format and call time (and whether the
    sign-in still counts)."""
    columns = [SESSIONS.c.version, SESSIONS.c.format_kind, SESSIONS.c.time_called_at]
    if with_sign_in:
        columns.append(still_signed_in(SESSIONS.c.club_id).label("signed_in"))
    return select(*columns).where(SESSIONS.c.id == bindparam("session_id"), SESSIONS.c.club_id == bindparam("club_id"))


def still_signed_in(club_id):
    """Whether a browser's sign-in still counts, for an account of this club (a column of the stamp's statement)."""
    return (select(SignIn.id).join(Organiser, Organiser.id == SignIn.organiser_id)
            .where(SignIn.organiser_id == bindparam("organiser_id"), SignIn.key_hash == bindparam("key_hash"),
                   Organiser.session_generation == bindparam("generation"), Organiser.club_id == club_id).exists())


def news_row(game_id: int, club_id: int | None = None, connection=None):
    """The game's version, last change, its club and what its session's clock needs, with the session's
    agreement, in one statement by the game's id (the club's own rows only when `club_id` is given; on
    `connection` when given, else on the request's session); None when no such game."""
    if not 0 < game_id <= LARGEST_ID:
        return None
    params = {"game_id": game_id} if club_id is None else {"game_id": game_id, "club_id": club_id}
    on = db.session.connection() if connection is None else connection
    return on.execute(news_query(club_id is not None), params).first()


@cache
def news_query(in_club: bool):
    """The news's statement, made once."""
    query = (select(GAMES.c.version, GAMES.c.updated_at, GAMES.c.last_hand, GAMES.c.format_kind, GAMES.c.session_id,
                    GAMES.c.club_id, SESSIONS.c.agreement)
             .select_from(GAMES.outerjoin(SESSIONS, SESSIONS.c.id == GAMES.c.session_id))
             .where(GAMES.c.id == bindparam("game_id"),
                    GAMES.c.closed.is_(None) | (GAMES.c.closed != Closing.DELETED.value)))
    return query.where(GAMES.c.club_id == bindparam("club_id")) if in_club else query


def news_stamp(row) -> str:
    """A tablet's news's stamp: the game's version, and the minute while its session's clock runs (its end time
    is a minute)."""
    return stamp(row.version, clock_runs(row))
