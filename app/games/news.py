"""What a tablet waiting on a game's page is told when it changes: time has been called, the game is over."""
from __future__ import annotations

import hashlib

from flask import abort, current_app, jsonify

from app.games.blueprint import bp
from app.games.common import load_game, news_words
from app.store.club_models import ClubSession
from app.store.ids import LARGEST_ID
from app.store.loading import Stamp
from app.store.cache import remembered
from app.store.games import shown_version, state_of
from app.store.models import Game, utcnow
from app.store.pollstamps import poll_etag
from app.store.tenancy import club_in_scope
from app.extensions import db
from functools import cache

from sqlalchemy import bindparam, select

#: How long a tablet waits between asks while its game waits on nothing that can change by itself (no clock
#: running, nothing agreed to wait for), in seconds; it asks at once when it wakes. The page's own interval
#: (15 s) holds while something can change: the tablet's JSON says which.
QUIET_POLL_SECONDS = 60


def news_row(game_id: int, club_id: int | None = None):
    """The game's version, last change, its club and, for a session's game, the session's clock, in one
    statement by the game's id (the club's own rows only when `club_id` is given); None when no such game."""
    if not 0 < game_id <= LARGEST_ID:
        return None
    params = {"game_id": game_id} if club_id is None else {"game_id": game_id, "club_id": club_id}
    return db.session.connection().execute(news_query(club_id is not None), params).first()


@cache
def news_query(in_club: bool):
    """The news's statement, made once (a poll builds no statement; SQLAlchemy keeps its compiled form)."""
    own, session = Game.__table__, ClubSession.__table__
    query = (select(own.c.version, own.c.updated_at, own.c.last_hand, own.c.format_kind, own.c.session_id,
                    own.c.club_id, session.c.ends_at, session.c.time_called_at, session.c.played_on, session.c.agreement)
             .select_from(own.outerjoin(session, session.c.id == own.c.session_id))
             .where(own.c.id == bindparam("game_id"), own.c.closed.is_(None) | (own.c.closed != "deleted")))
    return query.where(own.c.club_id == bindparam("club_id")) if in_club else query


def clock_runs(row) -> bool:
    """A timed session's game whose time is not called yet: its last hand can come with no write."""
    return row.last_hand is None and row.format_kind == "time" and row.session_id is not None


def quiet(row) -> bool:
    """Nothing but the table's own tablets can change the game soon: no clock runs and no hand waits for the
    table's agreement (a session that asks for it)."""
    return not clock_runs(row) and not row.agreement


def news_stamp(row) -> str:
    """The news's stamp: the row, and the minute while the session's clock runs (its end time is a minute)."""
    parts = [tuple(row), utcnow().strftime("%Y%m%d%H%M") if clock_runs(row) else ""]
    return hashlib.sha1(repr(parts).encode()).hexdigest()


def news_of(game: Game) -> tuple[int, str | None]:
    """The game's version and its news, as a tablet is told them."""
    return game.version, news_words(game, state_of(game))


@bp.get("/games/<int:game_id>/news.json")
def game_news(game_id: int):
    """The game's version and its news in words, for a tablet's page to compare with what it shows: one small
    query while the game is unchanged (the words are kept by the game's version); a 304 to a tablet that holds
    the ETag (answered before anything else: app/web/polls.py)."""
    row = news_row(game_id, club_in_scope())
    stamp = None if row is None else Stamp(shown_version(db.session.get(Game, game_id)) if clock_runs(row)
                                           else row.version, row.updated_at)
    if stamp is None:
        load_game(game_id)                  # the friendly 404 of a game that is not there
        abort(404)
    version, notice = remembered(("news", game_id, stamp.version), lambda: news_of(load_game(game_id)))
    response = jsonify(version=version, notice=notice, next_poll=QUIET_POLL_SECONDS if quiet(row) else None)
    response.set_etag(poll_etag(news_stamp(row), row.club_id))
    response.headers["Cache-Control"] = "no-cache"
    return response
