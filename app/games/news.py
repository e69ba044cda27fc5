"""What a tablet waiting on a game's page is told when it changes: time has been called, the game is over."""
from __future__ import annotations

from flask import jsonify

from app.games.blueprint import bp
from app.games.common import load_game, news_words


@bp.get("/games/<int:game_id>/news.json")
def game_news(game_id: int):
    """The game's version and its news in words, for a tablet's page to compare with what it shows."""
    game = load_game(game_id)
    response = jsonify(version=game.version, notice=news_words(game))
    response.headers["Cache-Control"] = "no-cache"
    return response
