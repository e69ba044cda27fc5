"""Whole games read in a fixed number of statements, for pages, sheets and the API (eager loading)."""
from __future__ import annotations

from sqlalchemy import Select, func, inspect, select

from app.extensions import db
from app.store.game.models import Game, Hand
from app.store.game import games
from app.store.game.states import state_of


def whole_games(query: Select) -> list[Game]:
    """The games a select(Game) query finds, read whole (games.whole_games: never half a game)."""
    return list(db.session.scalars(games.whole_games().where(query.whereclause)).unique())


def load_whole_game(game_id: int) -> Game:
    """The game with this id read whole (games.get_game); a 404 Refusal when unknown."""
    return games.get_game(game_id)


def stored_hands(game_id: int) -> int:
    """How many hands the game has in the database (one small query)."""
    return db.session.scalar(select(func.count()).select_from(Hand).where(Hand.game_id == game_id))


def checked_state(game: Game):
    """The game's state (kept by the write that made its version), replayed from the game read whole when the
    database holds another number of hands (a row written some other way than through the game store)."""
    state = state_of(game)
    if "hands" in inspect(game).unloaded and stored_hands(game.id) != len(state.hands):
        state = state_of(load_whole_game(game.id))
    return state
