"""A game or a club's session by the id in the address, or the friendly 404 page."""
from __future__ import annotations

from app.extensions import db
from app.rules.refusal import Refusal, RefusalKind
from app.store.base.ids import LARGEST_ID
from app.store.club.models import ClubSession
from app.store.game.games import check_not_deleted, game_to_write
from app.store.game.loading import load_whole_game
from app.store.game.models import Game
from app.web.errors import abort_as


def load_game(game_id: int, *, whole: bool = True) -> Game:
    """The game loaded whole (a fixed number of queries), or with its teams and players alone (one query); or
    the friendly 404 page."""
    if not 0 < game_id <= LARGEST_ID:
        abort_as(RefusalKind.NOT_FOUND, f"There is no game number {game_id}.")
    try:
        game = load_whole_game(game_id) if whole else game_to_write(game_id)
        check_not_deleted(game)
    except Refusal as error:
        abort_as(RefusalKind.NOT_FOUND, error.problems[0].message)
    return game


def load_session(session_id: int) -> ClubSession:
    """The session, or the friendly 404 page."""
    session = db.session.get(ClubSession, session_id) if 0 < session_id <= LARGEST_ID else None
    if session is None:
        abort_as(RefusalKind.NOT_FOUND, f"There is no session number {session_id}.")
    return session
