"""API views: parse the request, call the engine or the game store, answer JSON."""
from __future__ import annotations

from dataclasses import replace

from flask import current_app, g, request, url_for

from app.store.game import games, hands
from app.store.game.states import state_of
from app.api.blueprint import bp
from app.api.documents import added_hand_json, event_document, game_document, game_json
from app.web.api_input import (game_request, hand_request, read_body, refuse_unknown_query, score_request, set_request,
                               version_request)
from app.extensions import db
from app.store.base.transaction import nothing_saved
from app.web.sign_in import basic_organiser, changes_without_code, organiser_actor, sends_basic
from app.store.people.models import Organiser
from app.store.game.gamelog import API, Actor, events_of
from app.store.game.models import Game
from app.rules import (InvalidHand, Problem, RulesetError, all_rulesets, check_set, describe_ruleset,
                       get_ruleset, score_hand)
from app.store.game.loading import checked_state
from app.store.base.brakes import check_code_from
from app.web.errors import refusal_document, refusal_headers, status_of
from app.web.links import game_url
from app.web.tablet import remember_code
from app.rules.refusal import Refusal, RefusalKind, refuse
from app.rules.codes import Code
from app.rules.outcome import Closing
from app.openapi.document import openapi_document
from app.web.visibility import Reader, club_account, readable_game, record_kept, records_public, request_sends_code

GAME = "<int:game_id>"      # ids beyond a database integer: get_game answers "There is no game number"
HAND = GAME + "/hands/<int(max=2147483647):number>"


def error_answer(refusal: Refusal):
    """The contract's error shape, nothing stored; a conflict also shows the game as it is now."""
    nothing_saved()
    game = g.get("api_game")
    shown = {}
    if refusal.kind is RefusalKind.CONFLICT and game is not None:
        game = db.session.get(Game, game.id)
        shown = {"game": game_document(game, state_of(game))}
    return refusal_document(refusal) | shown, status_of(refusal), refusal_headers(refusal)


bp.before_request(refuse_unknown_query)


def optional_body() -> dict:
    """The request's JSON object; an empty body counts as {}."""
    return read_body() if request.get_data() else {}


@bp.errorhandler(Refusal)
def refused(error: Refusal):
    """A request refused by its reading, the engine or the game store."""
    return error_answer(error)


@bp.errorhandler(RecursionError)
def too_deep(error: RecursionError):
    """A body nested so deeply that it cannot be read."""
    return error_answer(Refusal(RefusalKind.BAD_REQUEST, [Problem(None, "The request body is nested far too deeply to read.",
                                                                  Code.BODY_TOO_DEEP)]))


def load_game(game_id: int, *, writing: bool = False, whole: bool = True, hand: int | None = None) -> Game:
    """The game (404 when unknown), read whole or without its hands; a write also needs X-Table-Code (403).
    `hand`: a hand the game does not have is not found (404), once the code is right, so that a wrong code
    always counts towards the brake on guessing."""
    game = games.get_game(game_id) if whole else games.game_to_write(game_id)
    games.check_not_deleted(game)
    g.api_game = game
    if hand is not None and hand < 1:              # the converter made a number past the database 0:
        hands.find_hand(game, hand)                 # no hand can have it, so not found, whoever asks
    if writing and basic_writer(game) is None:
        check_code_from(request.remote_addr, game, request.headers.get("X-Table-Code"))
    if hand is not None:
        hands.find_hand(game, hand)
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
        raise Refusal(RefusalKind.NOT_FOUND, [replace(p, field=None) for p in error.problems]) from None


@bp.post("/score")
def score():
    """Score one hand without storing anything."""
    ruleset, entries, totals, target = score_request(read_body())
    try:
        return score_hand(ruleset, entries, totals, target).as_dict()
    except InvalidHand as error:
        raise Refusal(RefusalKind.INVALID, error.problems) from None


@bp.post("/sets/check")
def set_check():
    """Which completed set some cards make, or why they make none."""
    ruleset, cards = set_request(read_body())
    verdict = check_set(ruleset, cards)
    if verdict.set_type is None:
        raise Refusal(RefusalKind.INVALID, list(verdict.problems))
    return {"ruleset": ruleset.id, "cards": " ".join(str(card) for card in verdict.cards),
            "type": verdict.set_type.id, "name": verdict.set_type.name,
            "bonus": verdict.set_type.bonus, "points": verdict.points}


@bp.post("/games")
def create_game():
    """Open a game; the answer carries the table code a tablet needs to write to it. The same client_token again
    answers the game it opened (200), or 409 when it comes with a different request."""
    arguments = game_request(read_body())
    game = opened_before(arguments["client_token"], arguments["request_digest"])
    created = game is None
    if created:
        game = games.create_game(**arguments, actor=API)
    document = game_document(game, state_of(game))
    document["table_code"] = game.table_code
    document["url"] = game_url(game.id)
    remember_code(game.id, game.table_code)     # the opening tablet holds its code, as on the pages
    return document, 201 if created else 200, {"Location": url_for("api.game", game_id=game.id)}


def opened_before(client_token: str | None, digest: str) -> Game | None:
    """The game this client_token opened (None: none yet); 409 when the token came with another request."""
    game = games.game_by_token(client_token)
    if game is None:
        return None
    if game.request_digest != digest:
        raise refuse(RefusalKind.CONFLICT, "This client_token opened a different game before: make up a new token "
                     "for a new game.", "client_token", Code.CLIENT_TOKEN_REUSED)
    if game.closed == Closing.DELETED:
        raise refuse(RefusalKind.CONFLICT, "The game this client_token opened was deleted: make up a new token to "
                     "open another.", "client_token", Code.CLIENT_TOKEN_SPENT)
    return game


def api_reader(game: Game) -> Reader:
    """Who reads the game through the API: the club's accounts (HTTP Basic), a tablet sending the game's
    X-Table-Code (a wrong one is refused, and counts on the brake as on a write), and at a club that made its
    records public anyone; else the refusal (game.kept)."""
    sent = request_sends_code()
    if sent and not club_account():
        check_code_from(request.remote_addr, game, request.headers.get("X-Table-Code"))
    return readable_game(game, sent_code=sent)


@bp.get(f"/games/{GAME}")
def game(game_id: int):
    """The game with every hand and total, for whoever may read it (its state kept by the write that made its
    version)."""
    game = load_game(game_id, whole=False)
    if not (records_public() or club_account()) or request_sends_code():
        api_reader(game)
    return json_answer(game_json(game, checked_state(game)), 200)


@bp.post(f"/games/{GAME}/hands")
def add_hand(game_id: int):
    """Record the next hand; the same client_token again answers the hand already recorded. The body is read
    whole first, then one call to the store, then the answer from what the store gave back (a refusal is raised
    and answered by `refused`, as on every route)."""
    game = load_game(game_id, writing=True, whole=False)
    entries, token, version = hand_request(read_body(), correcting=False)
    hands.check_same_hand(game, token, entries)
    entered = hands.add_hand(game, entries, client_token=token, version=version, actor=writer(game))
    answer = json_answer(added_hand_json(game, entered.hand, entered.state), 201 if entered.created else 200)
    if entered.created:
        answer.headers["Location"] = url_for("api.correct_hand", game_id=game.id, number=entered.hand.number)
    return answer


def json_answer(text: str, status: int):
    """An answer of JSON text made by app/api/documents.py."""
    return current_app.response_class(text, status, mimetype="application/json")


@bp.put(f"/games/{HAND}")
def correct_hand(game_id: int, number: int):
    """Correct a hand; every later total, minimum and the winner follow."""
    game = load_game(game_id, writing=True, hand=number)
    entries, _, version = hand_request(read_body(), correcting=True)
    hands.correct_hand(game, number, entries, version=version, actor=writer(game))
    return game_document(game, state_of(game))


@bp.delete(f"/games/{HAND}")
def remove_hand(game_id: int, number: int):
    """Remove the last hand (an optional {"version": N} body guards against a stale view)."""
    game = load_game(game_id, writing=True, hand=number)
    version = version_request(optional_body())
    hands.remove_last_hand(game, number, version=version, actor=writer(game))
    return game_document(game, state_of(game))


@bp.get(f"/games/{GAME}/events")
def events(game_id: int):
    """The game's record: every change, oldest first (also of a deleted game: the record stays); for the club's
    accounts, and for a tablet sending the game's X-Table-Code without the accounts' names."""
    game = games.get_game(game_id)
    g.api_game = game
    reader = api_reader(game)
    if reader not in (Reader.ACCOUNT, Reader.TABLET):
        raise record_kept()
    return {"game": game.id, "events": [event_document(event, named=reader is Reader.ACCOUNT)
                                        for event in events_of(game)]}


CLOSINGS = {"end": games.end_game, "abandon": games.abandon_game}


def basic_writer(game: Game) -> Organiser | None:
    """The organiser named by HTTP Basic auth who changes this game without its table code, as they would signed
    in on the pages (the same rule: changes_without_code), else None (the table code decides)."""
    account = basic_organiser() if sends_basic() else None
    return account if changes_without_code(account, game) else None


def writer(game: Game) -> Actor:
    """Who the game's record names for a write: the organiser named by HTTP Basic auth (at a club session the
    store lets only them end, abandon or delete a table's game, or remove a finished table's last hand), else
    the API."""
    account = basic_writer(game)
    return API if account is None else organiser_actor(account)


@bp.post(f"/games/{GAME}/<any(end, abandon):action>")
def close(game_id: int, action: str):
    """End the game early (higher total wins) or abandon it (no result); an optional {"version": N} body guards a stale view."""
    game = load_game(game_id, writing=True)
    version = version_request(optional_body())
    event = CLOSINGS[action](game, version=version, actor=writer(game))
    return {"event": event_document(event), "game": game_document(game, state_of(game))}


@bp.delete(f"/games/{GAME}")
def delete_game(game_id: int):
    """Delete a game started by mistake (only with no hands); its record stays."""
    game = load_game(game_id, writing=True)
    version = version_request(optional_body())
    event = games.delete_game(game, version=version, actor=writer(game))
    return {"event": event_document(event)}


@bp.get("/openapi.json")
def openapi_json():
    """The OpenAPI document of this API."""
    return openapi_document()
