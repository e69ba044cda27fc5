"""What a tablet waiting on a game's page is told when it changes: time has been called, the game is over."""
from __future__ import annotations

from flask import jsonify

from app.games.blueprint import bp
from app.games.common import load_game, news_words
from app.store.loading import game_stamp
from app.store.cache import remembered
from app.store.games import state_of
from app.store.models import Game
from app.rules.refusal import RefusalKind
from app.web.errors import abort_as


def news_of(game: Game) -> tuple[int, str | None]:
    """The game's version and its news, as a tablet is told them."""
    return game.version, news_words(game, state_of(game))


@bp.get("/games/<int:game_id>/news.json")
def game_news(game_id: int):
    """The game's version and its news in words, for a tablet's page to compare with what it shows: one small
    query while the game is unchanged (the words are kept by the game's version)."""
    stamp = game_stamp(game_id)
    if stamp is None:
        load_game(game_id)                  # the friendly 404 of a game that is not there
        abort_as(RefusalKind.NOT_FOUND)
    version, notice = remembered(("news", game_id, stamp.version), lambda: news_of(load_game(game_id)))
    response = jsonify(version=version, notice=notice)
    response.headers["Cache-Control"] = "no-cache"
    return response
