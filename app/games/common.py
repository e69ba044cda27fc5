"""Helpers every games view shares: loading a game."""
from __future__ import annotations

from flask import abort

from app.models import Game
from app.services import LARGEST_ID, GameError, check_not_deleted
from app.sheets.loading import game_row, load_whole_game


def load_game(game_id: int, *, whole: bool = True) -> Game:
    """The game loaded whole (a fixed number of queries), or its row alone; or the friendly 404 page."""
    if not 0 < game_id <= LARGEST_ID:
        abort(404, f"There is no game number {game_id}.")
    try:
        game = load_whole_game(game_id) if whole else game_row(game_id)
        check_not_deleted(game)
    except GameError as error:
        abort(404, error.problems[0].message)
    return game
