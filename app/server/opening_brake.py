"""The game-opening brake at the web's edge: which requests open a game, and the 429 while an address waits.

The counting lives in the store (`app/store/base/brakes.py`: the games each address opened, kept in the database);
here the request is read, hooked before and after, and answered with the status of a throttled refusal.
"""
from __future__ import annotations

from flask import Flask, current_app, request

from app.rules.refusal import RefusalKind
from app.store.base.brakes import games_opened_lately, note_game_opened
from app.store.game.models import utcnow
from app.web.errors import REFUSAL_STATUS
from app.rules.codes import Code
from app.server.faults import answer

#: Games one address may open per minute (the GAMES_PER_MINUTE setting overrides it).
GAMES_PER_MINUTE = 10
#: The endpoints that open a game, on the pages and in the API.
CREATING = {"games.new_game", "api.create_game"}
#: The statuses of a game opened (the API's 201, the page's redirect to the new game).
OPENED = (201, 302)


def opening_a_game() -> bool:
    """Whether this request asks to open a game."""
    return request.endpoint in CREATING and request.method == "POST"


def requesting_address() -> str:
    """The address the request came from, as the brake's rows store it."""
    return (request.remote_addr or "unknown")[:64]


def brake_game_creation():
    """Before opening a game: 429 when this address opened GAMES_PER_MINUTE in the last minute."""
    if not opening_a_game():
        return None
    allowed = int(current_app.config.get("GAMES_PER_MINUTE", GAMES_PER_MINUTE))
    if games_opened_lately(requesting_address(), utcnow()) >= allowed:
        return answer(REFUSAL_STATUS[RefusalKind.THROTTLED], "Please wait",
                      f"This tablet has opened {allowed} games in the last minute. Please wait a minute before "
                      "opening another.", Code.GAMES_TOO_MANY, {"Retry-After": "60"})
    return None


def count_game_creation(response):
    """After a game was opened: note it in the store."""
    if opening_a_game() and response.status_code in OPENED:
        note_game_opened(requesting_address(), utcnow())
    return response


def init_brakes(app: Flask) -> None:
    """Hook the game-opening brake into the requests."""
    app.before_request(brake_game_creation)
    app.after_request(count_game_creation)
