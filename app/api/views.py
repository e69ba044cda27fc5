"""API views: parse the request, call the engine or the game store, answer JSON."""
from __future__ import annotations

from flask import current_app, g, request, url_for

from app import handwrite, services
from app.api.blueprint import bp
from app.api.documents import added_hand_json, added_json, game_document, game_json
from app.api.inputs import (Rejected, game_request, hand_request, read_body, score_request,
                            set_request, version_argument)
from app.extensions import db
from app.gamelog import API, event_document, events_of
from app.models import Game
from app.rules import (InvalidHand, Problem, RulesetError, all_rulesets, check_set, describe_ruleset, get_ruleset,
                       score_hand)
from app.services import GameError
from app.cache import remembered, version_cache
from app.sheets.loading import game_stamp, load_whole_game
from app.brake import check_code_from

GAME = "<int:game_id>"      # ids beyond a database integer: get_game answers "There is no game number"
HAND = GAME + "/hands/<int:number>"


def error_answer(status: int, problems: list[Problem]):
    """The contract's error shape; a 409 also shows the game as it is now."""
    db.session.rollback()
    body = {"errors": [problem.as_dict() for problem in problems]}
    game = g.get("api_game")
    if status == 409 and game is not None:
        body["game"] = game_document(db.session.get(Game, game.id))
    return body, status


@bp.errorhandler(Rejected)
def rejected(error: Rejected):
    """A request refused before the engine or the store was asked."""
    return error_answer(error.status, error.problems)


@bp.errorhandler(GameError)
def game_error(error: GameError):
    """A write the game store refused; nothing was stored."""
    return error_answer(error.status, error.problems)


@bp.errorhandler(RecursionError)
def too_deep(error: RecursionError):
    """A body nested so deeply that it cannot be read."""
    return error_answer(400, [Problem(None, "The request body is nested far too deeply to read.")])


def load_game(game_id: int, *, writing: bool = False, whole: bool = True) -> Game:
    """The game (404 when unknown), read whole or without its hands; a write also needs X-Table-Code (403)."""
    game = load_whole_game(game_id) if whole else services.game_to_write(game_id)
    services.check_not_deleted(game)
    g.api_game = game
    if writing:
        check_code_from(request.remote_addr, game, request.headers.get("X-Table-Code"))
    return game


@bp.get("/rulesets")
def rulesets():
    """Every rule set, described."""
    return {"rulesets": [describe_ruleset(ruleset).as_dict() for ruleset in all_rulesets()]}


@bp.get("/rulesets/<ruleset_id>")
def ruleset(ruleset_id: str):
    """One rule set, described; 404 for an unknown id."""
    try:
        return describe_ruleset(get_ruleset(ruleset_id)).as_dict()
    except RulesetError as error:
        raise Rejected(404, [Problem(None, p.message) for p in error.problems]) from None


@bp.post("/score")
def score():
    """Score one hand without storing anything."""
    ruleset, entries, totals, target = score_request(read_body())
    try:
        return score_hand(ruleset, entries, totals, target).as_dict()
    except InvalidHand as error:
        raise Rejected(422, error.problems) from None


@bp.post("/sets/check")
def set_check():
    """Which completed set some cards make, or why they make none."""
    ruleset, cards = set_request(read_body())
    verdict = check_set(ruleset, cards)
    if verdict.set_type is None:
        raise Rejected(422, list(verdict.problems))
    return {"ruleset": ruleset.id, "cards": " ".join(str(card) for card in verdict.cards),
            "type": verdict.set_type.id, "name": verdict.set_type.name,
            "bonus": verdict.set_type.bonus, "points": verdict.points}


@bp.post("/games")
def create_game():
    """Open a game; the answer carries the table code a tablet needs to write to it."""
    game = services.create_game(**game_request(read_body()))
    document = game_document(game)
    document["table_code"] = game.table_code
    return document, 201, {"Location": url_for("api.game", game_id=game.id)}


@bp.get(f"/games/{GAME}")
def game(game_id: int):
    """The game with every hand and total; readable without the table code (kept per game version)."""
    stamp = game_stamp(game_id)
    body = version_cache().get(("api", game_id, stamp.version)) if stamp else None
    if body is None:
        game = load_game(game_id)
        body = remembered(("api", game.id, game.version), lambda: game_json(game))
    return json_answer(body, 200)


@bp.post(f"/games/{GAME}/hands")
def add_hand(game_id: int):
    """Record the next hand; the same client_token again answers the hand already recorded."""
    code, address = request.headers.get("X-Table-Code"), request.remote_addr
    with handwrite.connect() as connection:            # one connection, no ORM session: app/handwrite.py
        game, state = known_write(connection, game_id, code, address)
        if state is None:
            game = g.api_game = handwrite.game_row(connection, game_id, address, code)
            entries, token, version = hand_request(read_body(), correcting=False)
            state = handwrite.add_hand(connection, game, entries, client_token=token, version=version, actor=API)
    if state is not None:
        return json_answer(added_json(game, state, len(state.hands)), 201)
    game = g.api_game = services.game_to_write(game_id)        # nothing kept, or the token was used before
    hand, created = services.add_hand(game, entries, client_token=token, version=version, actor=API)
    return json_answer(added_hand_json(game, hand), 201 if created else 200)


def known_write(connection, game_id: int, code: str | None, address: str | None):
    """(game, its new state) when the game was known in memory and the hand saved the quick way; (None, None)
    otherwise: the read way answers, refusals included."""
    game = handwrite.known_game(game_id, code)
    if game is None:
        return None, None
    try:
        entries, token, version = hand_request(read_body(), correcting=False)
    except Rejected:
        return None, None
    g.api_game = game
    return game, handwrite.add_known_hand(connection, game, entries, client_token=token, version=version,
                                          address=address, actor=API)


def json_answer(text: str, status: int):
    """An answer of JSON text made by app/api/documents.py."""
    return current_app.response_class(text, status, mimetype="application/json")


@bp.put(f"/games/{HAND}")
def correct_hand(game_id: int, number: int):
    """Correct a hand; every later total, minimum and the winner follow."""
    game = load_game(game_id, writing=True)
    entries, _, version = hand_request(read_body(), correcting=True)
    services.correct_hand(game, number, entries, version=version, actor=API)
    return game_document(game)


@bp.delete(f"/games/{HAND}")
def remove_hand(game_id: int, number: int):
    """Remove the last hand (an optional ?version=N guards against a stale view)."""
    game = load_game(game_id, writing=True)
    version = version_argument(request.args.get("version"))
    services.remove_last_hand(game, number, version=version, actor=API)
    return game_document(game)


@bp.get(f"/games/{GAME}/events")
def events(game_id: int):
    """The game's record: every change, oldest first (also of a deleted game: the record stays)."""
    game = services.get_game(game_id)
    return {"game": game.id, "events": [event_document(event) for event in events_of(game)]}


CLOSINGS = {"end": services.end_game, "abandon": services.abandon_game}


@bp.post(f"/games/{GAME}/<any(end, abandon):action>")
def close(game_id: int, action: str):
    """End the game early (higher total wins) or abandon it (no result); ?version=N guards a stale view."""
    game = load_game(game_id, writing=True)
    version = version_argument(request.args.get("version"))
    event = CLOSINGS[action](game, version=version, actor=API)
    return {"event": event_document(event), "game": game_document(game)}


@bp.delete(f"/games/{GAME}")
def delete_game(game_id: int):
    """Delete a game started by mistake (only with no hands); its record stays."""
    game = load_game(game_id, writing=True)
    version = version_argument(request.args.get("version"))
    event = services.delete_game(game, version=version, actor=API)
    return {"event": event_document(event)}
