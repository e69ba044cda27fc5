"""Helpers every games view shares: loading a game, the score-sheet partial, safe redirects."""
from __future__ import annotations

from pathlib import Path

from flask import abort, current_app
from jinja2 import TemplateNotFound

from app.models import Game
from app.services import GameError, get_game

SHEET_PARTIAL = "sheets/_sheet.html"
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


def has_sheet_partial() -> bool:
    """True once the score-sheet partial (owned by the sheets blueprint) exists."""
    try:
        current_app.jinja_env.get_template(SHEET_PARTIAL)
    except TemplateNotFound:
        return False
    return True


def has_static(filename: str) -> bool:
    """True when a file exists in the static folder."""
    folder = current_app.static_folder
    return bool(folder) and (Path(folder) / filename).is_file()
