"""What a tablet waiting on a game's page is told when it changes: time has been called, the game is over."""
from __future__ import annotations

from flask import jsonify

from app.games.blueprint import bp
from app.games.common import load_game
from app.store.games import state_of
from app.store.models import Game

def news_words(game: Game) -> str | None:
    """'Time has been called: this is the last hand.', the outcome of a game that is over and what comes next,
    or None while the game simply runs on."""
    outcome = state_of(game).outcome
    if outcome.owes_hand:
        return outcome.words(game.team_names)
    if not outcome.over:
        return None
    after = ("The organiser starts the next round." if game.session_id is not None
             else "Start a new game from the home page.")
    return f"This game is over: {outcome.words(game.team_names)} {after}"


@bp.get("/games/<int:game_id>/news.json")
def game_news(game_id: int):
    """The game's version and its news in words, for a tablet's page to compare with what it shows."""
    game = load_game(game_id)
    response = jsonify(version=game.version, notice=news_words(game))
    response.headers["Cache-Control"] = "no-cache"
    return response
