"""Helpers every games view shares: loading a game, and the news a tablet is told."""
from __future__ import annotations


from app.store.ending import game_clock
from app.store.models import Game
from app.store.games import LARGEST_ID, check_not_deleted, game_to_write
from app.store.loading import load_whole_game
from app.rules import GameState
from app.rules.refusal import Refusal, RefusalKind
from app.web.errors import abort_as


def load_game(game_id: int, *, whole: bool = True) -> Game:
    """The game loaded whole (a fixed number of queries), or with its teams and players alone (one query); or
    the friendly 404 page."""
    if not 0 < game_id <= LARGEST_ID:
        abort_as(RefusalKind.NOT_FOUND, f"There is no game number {game_id}.")
    try:
        game = load_whole_game(game_id) if whole else game_to_write(game_id)
        check_not_deleted(game)
    except Refusal as error:
        abort_as(RefusalKind.NOT_FOUND, error.problems[0].message)
    return game


def last_hand_notice(game: Game, outcome, clock=None) -> str | None:
    """'Time has been called: this is the last hand.' above a page while the table owes its last hand; None when
    the session's clock on the page says it already ("Time is called: ..."): one message, once."""
    if not outcome.owes_hand:
        return None
    if clock is None:
        clock = game_clock(game)
    return None if clock is not None and clock.called else outcome.words(game.team_names)


def news_words(game: Game, state: GameState) -> str | None:
    """'Time has been called: this is the last hand.', the outcome of a game that is over and what comes next,
    or None while the game simply runs on."""
    outcome = state.outcome
    if outcome.owes_hand:
        return outcome.words(game.team_names)
    if not outcome.over:
        return None
    after = ("The organiser starts the next round." if game.session_id is not None
             else "Start a new game from the home page.")
    return f"This game is over: {outcome.words(game.team_names)} {after}"
