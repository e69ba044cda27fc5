"""Helpers every games view shares: loading a game."""
from __future__ import annotations

from flask import abort

from app.models import Game
from app.services import GameError, get_game

#: Ids beyond a 32-bit integer cannot exist (PostgreSQL would refuse to look them up).
LARGEST_ID = 2**31 - 1


def load_game(game_id: int) -> Game:
    """The game, or the friendly 404 page."""
    if not 0 < game_id <= LARGEST_ID:
        abort(404, f"There is no game number {game_id}.")
    try:
        return get_game(game_id)
    except GameError as error:
        abort(404, error.problems[0].message)
