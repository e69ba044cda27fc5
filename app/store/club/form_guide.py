"""The club's form guide from the stored games: every finished game read at once, each result from the engine's
outcome, rated by the engine."""
from __future__ import annotations

from sqlalchemy import or_

from app.store.base.clubtime import in_club_zone
from app.rules.form_guide import FormGuide, RatedGame, rate_games
from app.rules.ranking import GameResult
from app.store.game.bulk import read_tallied
from app.store.game.models import Game
from app.rules.outcome import Closing

NOT_DELETED = or_(Game.closed.is_(None), Game.closed != Closing.DELETED.value)


def rated_games() -> list[RatedGame]:
    """Every finished game with a result, oldest first, its result read from the engine's outcome."""
    games = read_tallied(Game.finished_at.is_not(None), NOT_DELETED, order=(Game.finished_at, Game.id))
    rated = []
    for game in games:
        result = GameResult.of(game.team_players, game.tally.outcome)
        if result is not None:
            rated.append(RatedGame(in_club_zone(game.created_at).date(), result))
    return rated


def club_form_guide() -> FormGuide:
    """Every player's form, worked out from the club's finished games (each game's result as stored with it)."""
    return rate_games(rated_games())
