"""The club's form guide from the stored games: every finished game read at once, each result from the engine's
outcome, rated by the engine, kept in the cache under a key saying which games it holds."""
from __future__ import annotations

from sqlalchemy import func, or_, select

from app.store.base.clubtime import in_club_zone
from app.extensions import db
from app.rules.form_guide import FormGuide, RatedGame, rate_games
from app.rules.ranking import GameResult
from app.store.game.bulk import read_games
from app.store.game.cache import remembered
from app.store.game.states import state_of
from app.store.game.models import Game
from app.store.tenancy.scope import current_club_id
from app.rules.outcome import Closing

NOT_DELETED = or_(Game.closed.is_(None), Game.closed != Closing.DELETED.value)


def finished_games_key() -> tuple:
    """What the form guide is worked out from: the club, how many of its finished games, when the last one
    finished, and the sum of their versions (every write to a game bumps its version, so any change gives a new
    key; two clubs with the same counts never share a guide)."""
    count, newest, versions = db.session.execute(
        select(func.count(Game.id), func.max(Game.finished_at), func.sum(Game.version))
        .where(Game.finished_at.is_not(None), NOT_DELETED)).one()
    return ("club-form", current_club_id(), count, newest, int(versions or 0))


def rated_games() -> list[RatedGame]:
    """Every finished game with a result, oldest first, its result read from the engine's outcome."""
    games = read_games(Game.finished_at.is_not(None), NOT_DELETED, order=(Game.finished_at, Game.id))
    rated = []
    for game in games:
        result = GameResult.of(game.team_players, state_of(game).outcome)
        if result is not None:
            rated.append(RatedGame(in_club_zone(game.created_at).date(), result))
    return rated


def club_form_guide() -> FormGuide:
    """Every player's form, worked out once per state of the club's finished games."""
    return remembered(finished_games_key(), lambda: rate_games(rated_games()))
