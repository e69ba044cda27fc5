"""The API's own description: an OpenAPI 3.1 document of every /api/v1 route, kept as data and served."""
from __future__ import annotations

from functools import cache

from app.web.api_input import LONGEST_PAGE, PAGE_LIMIT
from app.openapi.codes import route_codes
from app.openapi.record import CHOICE
from app.openapi.competitions import (COMPETITION_EXAMPLE, COMPETITION_ID_LIMIT, COMPETITION_ID_WORDS,
                                      COMPETITION_SCHEMAS, competition_paths)
from app.openapi.schemas import SCHEMAS, ref
from app.rules.codes import Code
from app.store.base.ids import LARGEST_ID, LARGEST_SMALL_ID

JSON = "application/json"
ORGANISER = [{"organiser": []}]
#: A table's writes: the game's table code, or an organiser's name and password (who changes any of the club's
#: games without its code, as signed in on the pages).
TABLET = [{"tableCode": []}, {"organiser": []}]
#: A read of a game: anyone at a club that made its records public (no security), else the table's tablets (its
#: code) and the club's accounts.
READER = [{}, {"tableCode": []}, {"organiser": []}]
#: Who reads a game, and who its record.
KEPT_WORDS = ("At a club that keeps its records to its accounts (or shares them by its members' link), a game is "
              "read by the club's accounts and by its table's tablets (X-Table-Code); anyone else is answered "
              "403 game.kept. At a club that made its records public anyone reads it.")
RECORD_WORDS = ("The record is the club's accounts' (HTTP Basic) and, without the accounts' names, the table's "
                "tablets' (X-Table-Code), whatever the club chose; anyone else is answered 403 record.kept (or "
                "game.kept).")
#: What a session table's tablet may not do alone (the pages let only the signed-in organiser do it either).
ORGANISERS_OWN = ("At a club session's table this takes the organiser's name and password (HTTP Basic), as on the "
                  "pages: the table code alone answers 403 ({code}). An organiser's name and password serve "
                  "without the table code on every write to one of the club's games.")

#: What each refused status means, in the words of the API guide.
STATUS_WORDS = {
    400: "The body is not a JSON object, or the address holds a character that is not text (NUL).",
    401: "No organiser's name and password where they are needed, or a wrong one sent to any route (the answer "
         "asks with WWW-Authenticate: Basic).",
    403: "The X-Table-Code header is missing or wrong and no organiser's name and password came instead; a game "
         "or its record the club keeps from whoever asks (game.kept, record.kept); at a club "
         "session's table, a change that is the organiser's alone; a hand agreed on another tablet than the one "
         "that entered it; a change by an account that only reads.",
    404: "No such rule set, game, hand, session, player or call (a deleted game too), or an address that is no "
         "route.",
    409: "The game or session does not allow this now: the game is over, the version moved, the hand is not "
         "the last one, a token was spent; the answer carries the game as it now stands.",
    413: "The body is larger than the server takes (1 MB).",
    422: "Something in the body or the query is wrong: every problem is listed, each with its field.",
    429: "Too many wrong table codes or passwords, or too many games opened from one address: wait and retry "
         "(Retry-After says how long).",
    503: "The database cannot take the change just now: nothing was saved; send it again (same client_token).",
}

#: Worked examples, the same as the API guide's curl examples.
EXAMPLES = {
    "score": {"ruleset": "bolivia", "teams": [
        {"name": "Us", "went_out": True, "sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2,
         "table_points": 400},
        {"name": "Them", "sets": {"black_canasta": 1}, "table_points": 150, "hand_points": 85,
         "black_threes_in_hand": 1}]},
    "set": {"ruleset": "bolivia", "cards": "7H 7S 7D 7C 7H 7S 2C"},
    "game": {"ruleset": "bolivia", "table": "Table 1", "teams": [{"name": "Us", "players": ["Ann", "Bob"]},
                                                                 {"name": "Them", "players": ["Cy", "Di"]}]},
    "hand": {"client_token": "table1-hand1", "teams": [{"went_out": True, "sets": {"red_samba": 1, "red_canasta": 1},
                                                        "red_threes": 2, "table_points": 400},
                                                       {"table_points": 150, "hand_points": 85}]},
    "correction": {"version": 2, "teams": [{"went_out": True, "sets": {"red_samba": 1, "red_canasta": 1},
                                            "red_threes": 2, "table_points": 450},
                                           {"table_points": 150, "hand_points": 85}]},
    "session": {"ruleset": "bolivia", "format": {"kind": "time", "ends_at": "16:00"}, "partners": "random",
                "players": ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida"], "balance": True,
                "agreement": True},
    "competition": COMPETITION_EXAMPLE,
    "house_rules": {"name": "Our Bolivia to 10,000", "base": "bolivia", "changes": {
        "target": 10000, "going_out_bonus": 300, "black_three_in_hand_points": -200,
        "red_three_table": [100, 200, 300, 400, 500, 1000],
        "initial_meld_table": [{"from": None, "minimum": 15}, {"from": 0, "minimum": 50},
                               {"from": 1505, "minimum": 90}, {"from": 3005, "minimum": 120},
                               {"from": 5005, "minimum": 150}]}},
    "call": {"reason": "We need a new pack"},
    "version": {"version": 3},
    "nothing": {},
    "agree": {"agreed": True, "player": "Cy"},
    "latecomer": {"name": "Jo"},
    "substitute": {"leaving": "Ann", "substitute": "Jo"},
}


#: The answer headers a client acts on, by the status that carries them.
RETRY_AFTER = {"Retry-After": {"required": True, "description": "Seconds to wait before trying again.",
                               "schema": {"type": "integer", "minimum": 1}}}
STATUS_HEADERS = {
    401: {"WWW-Authenticate": {"required": True, "description": "Basic realm=\"Treys organiser\": sign in with "
                                                                "an organiser's name and password.",
                               "schema": {"type": "string"}}},
    429: RETRY_AFTER, 503: RETRY_AFTER,
}
LOCATION = {"Location": {"required": True, "description": "The game's address in this API.",
                         "schema": {"type": "string"}}}
HAND_LOCATION = {"Location": {"required": True, "description": "The hand's address in this API (to correct it, "
                                                              "or remove it while it is the last).",
                              "schema": {"type": "string"}}}
SESSION_LOCATION = {"Location": {"required": True, "description": "The session's address in this API.",
                                 "schema": {"type": "string"}}}


def answer(status: int, schema: str | None = None, words: str = "", headers: dict | None = None) -> dict:
    """One documented answer: its words, its headers and its JSON body."""
    words = words or STATUS_WORDS.get(status, "")
    found = {"description": words, "content": {JSON: {"schema": ref(schema or "Error")}}}
    headers = headers or STATUS_HEADERS.get(status)
    if headers:
        found["headers"] = headers
    return {str(status): found}


def body(schema: str, example: str, *, required: bool = True) -> dict:
    """A JSON request body of this shape, with its worked example."""
    return {"required": required, "content": {JSON: {"schema": ref(schema), "example": EXAMPLES[example]}}}


def number(name: str, words: str, maximum: int | None = None) -> dict:
    """A whole number in the path."""
    width = "int64" if maximum and maximum > LARGEST_SMALL_ID else "int32"
    schema = {"type": "integer", "minimum": 0} | ({"format": width, "maximum": maximum} if maximum else {})
    return {"name": name, "in": "path", "required": True, "description": words, "schema": schema}


GAME_ID = number("game_id", "The game's number: a random whole number, from its \"url\" or \"id\".", LARGEST_ID)
HAND_NUMBER = number("number", "The hand's number: 1, 2, ...", LARGEST_SMALL_ID)
SESSION_ID = number("session_id", "The session's number: a random whole number, from its \"id\".", LARGEST_ID)
PLAYER_ID = number("player_id", "The player's number on the club's list: a player's \"id\".", LARGEST_SMALL_ID)
OTHER_ID = number("other_id", "The other player's number on the club's list.", LARGEST_SMALL_ID)
CALL_ID = number("call_id", "The call's number, from the session's \"calls\".", LARGEST_SMALL_ID)
HOUSE_RULES_ID = number("house_rules_id", "The house rules' number in the club: their \"id\".", LARGEST_SMALL_ID)
COMPETITION_ID = number("competition_id", COMPETITION_ID_WORDS, COMPETITION_ID_LIMIT)
HOUSE_RULES_LOCATION = {"Location": {"required": True, "description": "The house rules' address in this API.",
                                     "schema": {"type": "string"}}}
RULESET_ID = {"name": "ruleset_id", "in": "path", "required": True, "description": "A rule set's id, e.g. bolivia.",
              "schema": {"type": "string", "minLength": 1, "example": "bolivia"}}
PAGE = {"name": "page", "in": "query", "required": False, "description": "Which page, from 1 (default 1).",
        "schema": {"type": "integer", "minimum": 1, "maximum": 10**6, "default": 1}}
LIMIT = {"name": "limit", "in": "query", "required": False,
         "description": f"How many a page (default {PAGE_LIMIT}, at most {LONGEST_PAGE}).",
         "schema": {"type": "integer", "minimum": 1, "maximum": LONGEST_PAGE, "default": PAGE_LIMIT}}



def operation(name: str, summary: str, answers: dict, *, tag: str, params: tuple = (), request: dict | None = None,
              security: list | None = None, words: str = "") -> dict:
    """One operation: its id, what it does, its parameters, body, security and every answer."""
    found = {"operationId": name, "summary": summary, "tags": [tag], "responses": answers}
    if words:
        found["description"] = words
    if params:
        found["parameters"] = list(params)
    if request:
        found["requestBody"] = request
    found["security"] = security if security is not None else []
    return found


def closing(name: str, words: str) -> dict:
    """POST /games/{game_id}/end or /abandon."""
    return {"post": operation(name, words, answer(200, "Closing", "The record of the closing and the game."),
                              tag="Games", params=(GAME_ID,), security=TABLET, request=version_body(),
                              words=ORGANISERS_OWN.format(code=Code.GAME_ORGANISER_ONLY))}


def version_body() -> dict:
    """The optional {"version": N} of a write without other fields."""
    return body("VersionRequest", "version", required=False)


#: From an opened game to what a table does next with it (its number and its table code).
GAME_LINKS = {name: {"operationId": name, "parameters": {"game_id": "$response.body#/id",
                                                          "header.X-Table-Code": "$response.body#/table_code"}}
              for name in ("addHand", "getGame", "getEvents", "endGame", "abandonGame", "deleteGame", "callOrganiser")}
#: From an opened session to what its first table's tablet does (its game and its table code).
SESSION_TABLE_LINKS = {name: {"operationId": name, "parameters": {
    "game_id": "$response.body#/tables/0/game_id", "header.X-Table-Code": "$response.body#/tables/0/table_code"}}
    for name in ("callOrganiser",)}
#: From a recorded hand to its correction or removal.
HAND_LINKS = {name: {"operationId": name, "parameters": {"game_id": "$response.body#/game/id",
                                                          "number": "$response.body#/hand/number"}}
              for name in ("correctHand", "removeLastHand")}


def linked(answers: dict, status: int, links: dict) -> dict:
    """The answers, the one of this status linked to the operations its body opens."""
    answers[str(status)]["links"] = links
    return answers


def completed(path: str, method: str, found: dict) -> dict:
    """The operation with every status its route can answer, in order, each refusal listing the codes it can
    carry (in its words and as x-codes): the statuses are those of the route's codes (app/openapi/codes.py)."""
    by_status = route_codes(found, path, method)
    answers = dict(found["responses"])
    for status in sorted(by_status):
        listed = sorted(by_status[status])
        answers[str(status)] = answer(status)[str(status)] | {
            "description": f"{STATUS_WORDS[status]} Codes: {', '.join(listed)}.", "x-codes": listed}
    return found | {"responses": dict(sorted(answers.items()))}


def paths() -> dict:
    """Every route under /api/v1, each with every status it can answer."""
    return {path: {method: completed(path, method, found) for method, found in item.items()}
            for path, item in described_paths().items()}


def described_paths() -> dict:
    """Every route under /api/v1, each with the answers it gives for what it does."""
    game, hand, session = (GAME_ID,), (GAME_ID, HAND_NUMBER), (SESSION_ID,)
    return {
        "/rulesets": {"get": operation("listRulesets", "Every rule set, described",
                                       answer(200, "Rulesets", "The rule sets."), tag="Rules")},
        "/rulesets/{ruleset_id}": {"get": operation(
            "getRuleset", "One rule set, described", answer(200, "Ruleset", "The rule set."),
            tag="Rules", params=(RULESET_ID,))},
        "/score": {"post": operation(
            "scoreHand", "Score one hand, storing nothing",
            answer(200, "ScoreResult", "Each team's score and breakdown."),
            tag="Rules", request=body("ScoreRequest", "score"))},
        "/sets/check": {"post": operation(
            "checkSet", "Which completed set some cards make", answer(200, "SetCheckResult", "The set the cards make."),
            tag="Rules", request=body("SetCheckRequest", "set"),
            words="A 422 says why the cards make no set.")},
        "/games": {"get": operation(
            "listGames", "The club's games, newest first, a page at a time (a deleted game left out)",
            answer(200, "Games", "A page of games."), tag="Games",
            params=(PAGE, LIMIT), security=ORGANISER), "post": operation(
            "openGame", "Open a game",
            linked(answer(201, "OpenedGame", "The new game with its table_code (Location: the game).", LOCATION)
                   | answer(200, "OpenedGame", "This client_token opened a game before: that game, not a second one.",
                            LOCATION), 201, GAME_LINKS),
            tag="Games", request=body("GameRequest", "game"))},
        "/games/{game_id}": {
            "get": operation("getGame", "The game: every hand, the totals and the outcome",
                             answer(200, "Game", "The game (no table code)."),
                             tag="Games", params=game, security=READER, words=KEPT_WORDS),
            "delete": operation("deleteGame", "Delete a game started by mistake (only one with no hands)",
                                answer(200, "Deletion", "The record of the deletion; the game then answers 404."),
                                tag="Games", params=game, security=TABLET,
                                request=version_body(), words=ORGANISERS_OWN.format(code=Code.GAME_ORGANISER_ONLY))},
        "/games/{game_id}/hands": {"post": operation(
            "addHand", "Record the next hand",
            linked(answer(201, "AddedHand", "The hand and the game's new totals (Location: the hand).", HAND_LOCATION),
                   201, HAND_LINKS)
            | answer(200, "AddedHand", "This client_token recorded a hand before: that hand, not a second one."),
            tag="Hands", params=game, request=body("HandRequest", "hand"), security=TABLET)},
        "/games/{game_id}/hands/{number}": {
            "put": operation("correctHand", "Correct a hand: every later total, minimum and the winner follow",
                             answer(200, "Game", "The game after the correction."),
                             tag="Hands", params=hand, request=body("CorrectionRequest", "correction"),
                             security=TABLET),
            "delete": operation("removeLastHand", "Remove the last hand",
                                answer(200, "Game", "The game without the hand."),
                                tag="Hands", params=hand, security=TABLET, request=version_body(),
                                words="A finished table's last hand: " + ORGANISERS_OWN.format(
                                    code=Code.GAME_FINISHED_TABLE))},
        "/games/{game_id}/events": {"get": operation(
            "getEvents", "The game's record of changes, oldest first (a deleted game's too)",
            answer(200, "Events", "Every change."), tag="Games", params=game, security=READER[1:],
            words=RECORD_WORDS)},
        "/games/{game_id}/end": closing("endGame", "End the game now: the higher total wins, equal totals draw"),
        "/games/{game_id}/abandon": closing("abandonGame", "Abandon the game: no result"),
        "/sessions": {"get": operation(
            "listSessions", "The club's sessions, newest first, a page at a time",
            answer(200, "Sessions", "A page of sessions."), tag="Sessions",
            params=(PAGE, LIMIT), security=ORGANISER), "post": operation(
            "openSession", "Open a club session and draw its first round",
            linked(answer(201, "SessionOpened", "The tables drawn, each with its game and table code.", SESSION_LOCATION)
                   | answer(200, "SessionOpened", "This client_token opened a session before: that session.",
                            SESSION_LOCATION), 201,
                   {name: {"operationId": name, "parameters": {"session_id": "$response.body#/id"}}
                    for name in ("getSession", "callTime", "seatLatecomer", "substitutePlayer")} | SESSION_TABLE_LINKS),
            tag="Sessions", request=body("SessionRequest", "session"), security=ORGANISER)},
        "/sessions/{session_id}": {"get": operation(
            "getSession", "A session: its tables as the board shows them with their table codes, and the results",
            answer(200, "Session", "The session."), tag="Sessions",
            params=session, security=ORGANISER)},
        "/sessions/{session_id}/call-time": {"post": operation(
            "callTime", "Call time: ends every game that has its last hand in",
            answer(200, "TimeCalled", "Which tables ended and which still owe their hand in play."), tag="Sessions",
            params=session, security=ORGANISER, request=body("NoFieldsRequest", "nothing", required=False),
            words="409 for a session that is not timed.")},
        **table_paths(), **club_paths(), **house_rules_paths(),
        **competition_paths(operation, answer, body, (COMPETITION_ID,), ORGANISER),
        "/openapi.json": {"get": operation("getOpenApi", "This document", {"200": {
            "description": "The OpenAPI 3.1 document.", "content": {JSON: {"schema": ref("OpenApiDocument")}}}},
            tag="About")},
    }


def table_paths() -> dict:
    """A session table's own writes: call the organiser, agree (or not) to a hand."""
    return {
        "/games/{game_id}/call": {"post": operation(
            "callOrganiser", "Call the organiser: the table goes on the board's call list",
            answer(201, "Called", "The call, now on the board's list.")
            | answer(200, "Called", "The table was on the call list already: that call, not a second one."),
            tag="Tables", params=(GAME_ID,), request=body("CallRequest", "call", required=False),
            security=TABLET, words="409 for a game that is not a club session's table.")},
        "/games/{game_id}/hands/{number}/agreement": {"post": operation(
            "agreeHand", "Agree to a hand (it counts on the board), or not (the organiser is called)",
            answer(200, "Agreement", "The hand's agreement, or the call a \"Not agreed\" made."),
            tag="Tables", params=(GAME_ID, HAND_NUMBER), request=body("AgreementRequest", "agree"),
            security=TABLET, words="Only in a session opened with \"agreement\": true (409 otherwise, and for a hand "
                                   "agreed already); 403 also from another tablet than the one that entered the hand.")},
    }


def club_paths() -> dict:
    """The organiser's tools: the players' form, the call list, latecomers and substitutes."""
    session = (SESSION_ID,)
    return {
        "/players": {"get": operation(
            "listPlayers", "Every player on the club's list, with their form",
            answer(200, "Players", "A page of players, by name."), tag="Players",
            params=(PAGE, LIMIT), security=ORGANISER)},
        "/players/{player_id}": {"get": operation(
            "getPlayer", "One player with their form, game by game",
            answer(200, "PlayerForm", "The player and their form line."),
            tag="Players", params=(PLAYER_ID,), security=ORGANISER)},
        "/players/{player_id}/games": {"get": operation(
            "listPlayerGames", "Every game the player played, chosen by date and rules, sorted, a page at a time",
            answer(200, "PlayerGames", "A page of the games, with the figures, partners and opponents of all those "
                                       "chosen."), tag="Players", params=(PLAYER_ID, *CHOICE, PAGE, LIMIT),
            security=ORGANISER)},
        "/players/{player_id}/head-to-head/{other_id}": {"get": operation(
            "getHeadToHead", "Two players: their games against each other and as partners",
            answer(200, "HeadToHead", "Each one's wins against the other, their wins together, and those games."),
            tag="Players", params=(PLAYER_ID, OTHER_ID, *CHOICE, PAGE, LIMIT), security=ORGANISER)},
        "/sessions/{session_id}/calls/{call_id}/clear": {"post": operation(
            "clearCall", "The organiser has seen to a call: it leaves the board's list",
            answer(200, "CallCleared", "The call cleared and the calls still waiting."), tag="Sessions",
            params=(*session, CALL_ID), security=ORGANISER, request=body("NoFieldsRequest", "nothing", required=False),
            words="409 for a call cleared already.")},
        "/sessions/{session_id}/latecomers": {"post": operation(
            "seatLatecomer", "A latecomer: joins a table not yet started that has room, else plays from the next round",
            answer(200, "Latecomer", "Where the latecomer plays, and the tables."),
            tag="Sessions", params=session, request=body("LatecomerRequest", "latecomer"), security=ORGANISER)},
        "/sessions/{session_id}/substitutes": {"post": operation(
            "substitutePlayer", "A player leaves mid-game: the substitute takes the seat for the rest of that game",
            answer(200, "Substituted", "What happened and every substitution of the session."),
            tag="Sessions", params=session,
            request=body("SubstituteRequest", "substitute"), security=ORGANISER,
            words="409 before the draw, for a substitute already at a table, or when that table's game is over.")},
    }


def house_rules_paths() -> dict:
    """The club's house rules: listed, read, made, edited (a new version) and deleted when no game used them."""
    one = (HOUSE_RULES_ID,)
    return {
        "/house-rules": {"get": operation(
            "listHouseRules", "The club's house rules, each described like a rule set at its newest version",
            answer(200, "HouseRulesList", "The club's house rules, by name."),
            tag="Rules", security=ORGANISER), "post": operation(
            "makeHouseRules", "Make house rules: a base rule set with its variations and the club's changes",
            answer(201, "HouseRules", "The house rules, described (Location: their address).", HOUSE_RULES_LOCATION), tag="Rules", request=body("HouseRulesRequest", "house_rules"),
            security=ORGANISER, words="Every problem with the changes at once, each with its field; nothing stored.")},
        "/house-rules/{house_rules_id}": {
            "get": operation("getHouseRules", "One of the club's house rules, with each rule that differs",
                             answer(200, "HouseRules", "The house rules at their newest version."), tag="Rules", params=one, security=ORGANISER,
                             words="Another club's house rules answer 404."),
            "put": operation("editHouseRules", "Edit house rules: a new version (games keep the one they began with)",
                             answer(200, "HouseRules", "The house rules at their new version."), tag="Rules", params=one,
                             request=body("HouseRulesRequest", "house_rules"), security=ORGANISER),
            "delete": operation("deleteHouseRules", "Delete house rules no game or afternoon was played by",
                                answer(200, "HouseRulesDeleted", "They are gone."),
                                tag="Rules", params=one, security=ORGANISER,
                                request=body("NoFieldsRequest", "nothing", required=False),
                                words="409, with the reason, when games or afternoons were played by them.")},
    }


@cache
def openapi_document() -> dict:
    """The whole document (built once; it is data, not state)."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "Treys JSON API", "version": "1",
                 "description": "Score Bolivia-family canasta games, keep a table's game, run a club afternoon. "
                                "Every refusal answers {\"errors\": [{\"field\", \"message\", \"code\"}]} and "
                                "stores nothing. A method a route does not take answers 405 with that body (code "
                                f"`{Code.METHOD_NOT_ALLOWED}`) and an Allow header naming the methods it takes; an "
                                f"address that is no route answers 404 (code `{Code.ADDRESS_UNKNOWN}`)."},
        "servers": [{"url": "/api/v1"}],
        "tags": [{"name": name} for name in ("Rules", "Games", "Hands", "Tables", "Sessions", "Players",
                                                    "Competitions", "About")],
        "paths": paths(),
        "components": {
            "schemas": SCHEMAS | COMPETITION_SCHEMAS,
            "securitySchemes": {
                "organiser": {"type": "http", "scheme": "basic",
                              "description": "An organiser's name and password."},
                "tableCode": {"type": "apiKey", "in": "header", "name": "X-Table-Code",
                              "description": "The game's 4-digit table code, from POST /games or the table card."},
            },
        },
    }
