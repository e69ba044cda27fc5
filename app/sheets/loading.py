"""Whole games read in a fixed number of statements, for pages, sheets and the API (eager loading)."""
from __future__ import annotations

from sqlalchemy import Select, inspect, select

from app.extensions import db
from app.models import Game
from app import services
from app.cache import remembered
from app.sheets.view import game_sheet


def whole_games(query: Select) -> list[Game]:
    """The games a select(Game) query finds, read whole (services.whole_games: never half a game)."""
    return list(db.session.scalars(services.whole_games().where(query.whereclause)).unique())


def load_whole_game(game_id: int) -> Game:
    """The game with this id read whole (services.get_game); a 404 GameError when unknown."""
    return services.get_game(game_id)


def game_row(game_id: int) -> Game:
    """The game's own row alone (its teams and hands load only if asked for); a 404 GameError when unknown."""
    game = db.session.get(Game, game_id) if 0 < game_id <= services.LARGEST_ID else None
    return game if game is not None else services.get_game(game_id)     # get_game words the 404


def game_stamp(game_id: int):
    """(version, updated_at) of a game in one small query, or None when there is no such game."""
    if not 0 < game_id <= 2**31 - 1:
        return None
    shown = (Game.closed.is_(None)) | (Game.closed != "deleted")
    return db.session.execute(select(Game.version, Game.updated_at).where(Game.id == game_id, shown)).first()


def sheet_of(game: Game):
    """The game's score-sheet model, worked out once per version (a miss loads the game whole first)."""
    return remembered(("sheet", game.id, game.version), lambda: game_sheet(ensure_whole(game)))


def ensure_whole(game: Game) -> Game:
    """The game itself when its teams and hands are loaded, else the game loaded whole."""
    return load_whole_game(game.id) if {"teams", "hands"} & inspect(game).unloaded else game
