"""A season's standings: the stored games turned into each player's games for the ladder engine."""
from __future__ import annotations

from datetime import datetime, time
from fractions import Fraction

from sqlalchemy import select

from app.extensions import db
from app.models import Game
from app.records.models import Season
from app.rules.ladder import PlayerGame, Standing, rank
from app.services import state_of


def season_games(season: Season) -> list[Game]:
    """The season's finished games (started between its first and last day)."""
    start = datetime.combine(season.starts_on, time.min)
    end = datetime.combine(season.ends_on, time.max)
    return list(db.session.scalars(select(Game).where(Game.created_at.between(start, end),
                                                      Game.finished_at.is_not(None)).order_by(Game.id)))


def player_games(game: Game) -> list[PlayerGame]:
    """Each player's result in a finished game: the winner's team won; level leaders drew (time called)."""
    state = state_of(game)
    totals = state.totals
    leaders = [i for i, total in enumerate(totals) if total == max(totals)]
    if state.winner is not None:
        leaders = [state.winner]
    rows = []
    for i, team in enumerate(game.teams):
        others = max((t for j, t in enumerate(totals) if j != i), default=0)
        result = (1.0 if len(leaders) == 1 else 0.5) if i in leaders else 0.0
        rows += [PlayerGame(player.name, game.session_id, result, totals[i] - others) for player in team.players]
    return rows


def standings(season: Season) -> list[Standing]:
    """The season's ladder, qualified players first."""
    games = [row for game in season_games(season) for row in player_games(game)]
    return rank(games, Fraction(season.qualifying_percent, 100))


def all_seasons() -> list[Season]:
    """Every season, latest first."""
    return list(db.session.scalars(select(Season).order_by(Season.starts_on.desc())))
