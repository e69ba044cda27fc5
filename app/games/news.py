"""What a tablet waiting on a game's page is told when it changes: time has been called, the game is over."""
from __future__ import annotations

from flask import current_app, jsonify, request

from app.games.blueprint import bp
from app.rules import GameState
from app.rules.refusal import RefusalKind
from app.store.game.ending import clock_runs, game_clock
from app.store.game.models import Game
from app.store.game.states import state_of
from app.store.stamps import news_row, news_stamp
from app.store.tenancy.scope import club_in_scope
from app.web.errors import abort_as
from app.web.lookup import load_game
from app.web.polltags import poll_etag
from app.web.visibility import club_account, readable_game

#: How long a tablet waits between asks while its game waits on nothing that can change by itself (no clock
#: running, nothing agreed to wait for), in seconds; it asks at once when it wakes. The page's own interval
#: (15 s) holds while something can change: the tablet's JSON says which.
QUIET_POLL_SECONDS = 60


def quiet(row) -> bool:
    """Nothing but the table's own tablets can change the game soon: no clock runs and no hand waits for the
    table's agreement (a session that asks for it)."""
    return not clock_runs(row) and not row.agreement


def news_of(game: Game) -> tuple[int, str | None]:
    """The game's version and its news, as a tablet is told them."""
    return game.version, news_words(game, state_of(game))


@bp.get("/games/<int:game_id>/news.json")
def game_news(game_id: int):
    """The game's version and its news in words, for a tablet's page to compare with what it shows: one small
    query while the game is unchanged (the words from the game's state, kept by its version); a 304 to a tablet that holds
    the ETag (answered in front of Flask: app/server/polls.py; here when that could not, e.g. a tablet without its
    cookie)."""
    row = news_row(game_id, club_in_scope())
    if row is None:
        load_game(game_id)                  # the friendly 404 of a game that is not there
        abort_as(RefusalKind.NOT_FOUND)
    game = None
    if not club_account():          # the club keeps its games: a tablet with the code reads (the game read once)
        game = load_game(game_id, whole=False)
        readable_game(game)
    etag = poll_etag(news_stamp(row), row.club_id)
    if request.if_none_match.contains(etag):        # a tablet without its cookie yet: answered here, given it
        response = current_app.response_class(status=304)
    else:
        version, notice = news_of(game or load_game(game_id, whole=False))
        response = jsonify(version=version, notice=notice, next_poll=QUIET_POLL_SECONDS if quiet(row) else None)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


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
