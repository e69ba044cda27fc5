"""Which stable codes each route's refusals carry, status by status: the document lists them on every answer.

Every code comes from the one registry (app/rules/codes.py). A route's codes are the ones every route can meet
(the web's edge, a wrong HTTP Basic header, the database), the ones of its kind of route (a path parameter, a
body, a write, an organiser's route, a table's write) and its own.
"""
from __future__ import annotations

from app.rules.codes import (CARD_CODES, CLUB_CODES, COMPETITION_CODES, HAND_CODES, HOUSE_CODES, INPUT_CODES,
                             TABLE_CODES, Code)

Codes = dict[int, frozenset[Code]]


def codes(**by_status: tuple[Code, ...] | frozenset[Code]) -> Codes:
    """Codes by status, written s422=(...) for 422."""
    return {int(name.removeprefix("s")): frozenset(found) for name, found in by_status.items()}


def merged(*maps: Codes) -> Codes:
    """The codes of several maps together, status by status."""
    found: dict[int, frozenset[Code]] = {}
    for codes_by_status in maps:
        for status, more in codes_by_status.items():
            found[status] = found.get(status, frozenset()) | more
    return found


#: Any route: a NUL in the address or a form, a wrong HTTP Basic header (checked on every route), a query
#: parameter the route does not read, too many wrong passwords, the database out of reach.
EVERY_ROUTE = codes(s400=(Code.TEXT_NUL, Code.REQUEST_BAD), s401=(Code.AUTHORIZATION_WRONG,),
                    s422=(Code.QUERY_UNKNOWN, Code.VERSION_IN_QUERY), s429=(Code.PASSWORD_WAIT,),
                    s503=(Code.DATABASE_UNAVAILABLE,))
#: A route with a path parameter: an address with a number that is not one (no route serves it).
WITH_PATH = codes(s404=(Code.ADDRESS_UNKNOWN,))
#: A route that is sent a body (POST, PUT, DELETE): over 1 MB it is refused unread; one that reads its body also
#: refuses one that is not a JSON object and a field it does not take.
SENT_A_BODY = codes(s413=(Code.BODY_TOO_LARGE,))
WITH_BODY = codes(s400=(Code.BODY_NOT_OBJECT, Code.BODY_TOO_DEEP), s422=(Code.FIELD_UNKNOWN,))
#: A route that writes to the database: another write took the same row at the same moment, a value the
#: database cannot hold, the database too busy to take it, a SQLite disk too full for it.
WRITING = codes(s409=(Code.GAME_CHANGED,), s422=(Code.TEXT_NOT_STORABLE,), s503=(Code.SERVER_BUSY, Code.DISK_FULL))
#: An organiser's route: no name and password; a results viewer's account changes nothing.
ORGANISER_READ = codes(s401=(Code.AUTHORIZATION_MISSING,))
ORGANISER_WRITE = merged(ORGANISER_READ, codes(s403=(Code.AUTHORIZATION_READ_ONLY,)))
#: A list a page at a time.
LIST = merged(ORGANISER_READ, codes(s422=(Code.QUERY_PAGE, Code.QUERY_LIMIT)))
#: A player's games chosen by the query (app/web/record_choice.py), a page at a time.
PLAYER_GAMES = merged(LIST, codes(s404=(Code.PLAYER_UNKNOWN,), s422=(
    Code.QUERY_DATE, Code.QUERY_DATE_ORDER, Code.QUERY_RULESET, Code.QUERY_HOUSE_RULES, Code.QUERY_SORT,
    Code.QUERY_ORDER)))
#: A write to a game: its table code (braked after wrong ones), a game that is not there, a moved version.
TABLE_WRITE = codes(s403=(Code.CODE_WRONG,), s404=(Code.GAME_UNKNOWN,), s409=(Code.GAME_STALE,),
                    s422=(Code.INPUT_NOT_WHOLE,), s429=(Code.CODE_WAIT,))
#: A hand's figures as a table sends them.
HAND_BODY = HAND_CODES | INPUT_CODES | {Code.TEXT_TOO_LONG, Code.TEXT_EMPTY, Code.INPUT_NOT_WHOLE}
#: A body that names a rule set and its variations, or the club's house rules, or changes of its own.
RULESET_BODY = HOUSE_CODES | {Code.RULESET_UNKNOWN, Code.VARIATION_UNKNOWN, Code.VARIATION_VALUE,
                              Code.VARIATIONS_NOT_OBJECT, Code.VARIATIONS_SOLO_ONLY, Code.HOUSE_UNKNOWN,
                              Code.HOUSE_BOTH}
#: House rules as the organiser makes or edits them.
HOUSE_BODY = RULESET_BODY | {Code.TEXT_TOO_LONG, Code.TEXT_EMPTY}
#: A session's name of a player (a latecomer, a substitute, the players of a new session).
NAME_BODY = {Code.NAME_EMPTY, Code.NAME_TOO_LONG, Code.NAME_CHARACTERS}
#: A closing of a game at a club session's table is the organiser's alone.
CLOSING = codes(s403=(Code.GAME_ORGANISER_ONLY,), s409=(Code.GAME_OVER, Code.GAME_CLOSED))

#: A read of a game: kept from a stranger by a club that keeps its records to itself; a wrong X-Table-Code sent
#: (braked after wrong ones, as on a write).
READING_A_GAME = codes(s403=(Code.GAME_KEPT, Code.CODE_WRONG), s404=(Code.GAME_UNKNOWN,), s429=(Code.CODE_WAIT,))

#: Each operation's own codes, by its operationId.
OWN: dict[str, Codes] = {
    "getRuleset": codes(s404=(Code.RULESET_UNKNOWN,)),
    "scoreHand": codes(s422=HAND_BODY | RULESET_BODY | TABLE_CODES | {Code.TARGET_INVALID}),
    "checkSet": codes(s422=CARD_CODES | RULESET_BODY | {Code.CARDS_NOT_TEXT, Code.CARDS_TOO_LONG}),
    "listGames": LIST,
    "openGame": codes(s403=(Code.GAMES_CLUB_ONLY,), s409=(Code.CLIENT_TOKEN_REUSED, Code.CLIENT_TOKEN_SPENT),
                      s422=RULESET_BODY | TABLE_CODES | {
                          Code.TARGET_INVALID, Code.TEXT_TOO_LONG, Code.TEXT_EMPTY, Code.INPUT_TEAMS_NOT_LIST,
                          Code.INPUT_TEAM_NOT_OBJECT, Code.PLAYERS_NOT_LIST, Code.FIRST_DEALER_INVALID,
                          Code.INPUT_NOT_WHOLE, Code.RULESET_UNKNOWN},
                      s429=(Code.GAMES_TOO_MANY,)),
    "getGame": READING_A_GAME,
    "getEvents": merged(READING_A_GAME, codes(s403=(Code.RECORD_KEPT,))),
    "deleteGame": merged(CLOSING, codes(s409=(Code.GAME_HAS_HANDS,))),
    "endGame": CLOSING,
    "abandonGame": CLOSING,
    "addHand": codes(s409=(Code.GAME_OVER, Code.GAME_CLOSED, Code.CLIENT_TOKEN_REUSED, Code.TOKEN_REMOVED,
                           Code.HAND_RECORDED, Code.HAND_TAKEN),
                     s422=HAND_BODY | {Code.HANDS_TOO_MANY, Code.CLIENT_TOKEN_INVALID}),
    "correctHand": codes(s404=(Code.HAND_UNKNOWN,),
                         s409=(Code.GAME_CLOSED, Code.GAME_OVER, Code.HAND_TAKEN),
                         s422=HAND_BODY | {Code.VERSION_MISSING, Code.CORRECTION_ENDS_GAME_EARLY}),
    "removeLastHand": codes(s403=(Code.GAME_FINISHED_TABLE,), s404=(Code.HAND_UNKNOWN,),
                            s409=(Code.HAND_NOT_LAST, Code.GAME_CLOSED)),
    "callOrganiser": codes(s409=(Code.CALL_NO_SESSION,), s422=(Code.CALL_REASON,)),
    "agreeHand": codes(s403=(Code.AGREEMENT_OTHER_TABLET,), s404=(Code.HAND_UNKNOWN,),
                       s409=(Code.AGREEMENT_DONE, Code.AGREEMENT_OFF),
                       s422=(Code.AGREEMENT_AGREED, Code.AGREEMENT_PLAYER)),
    "listSessions": LIST,
    "openSession": merged(ORGANISER_WRITE, codes(
        s409=(Code.CLIENT_TOKEN_REUSED,),
        s422=RULESET_BODY | CLUB_CODES | NAME_BODY | {
            Code.FORMAT_NOT_OBJECT, Code.FORMAT_ENDS_AT, Code.PLAYERS_NOT_LIST, Code.PAIRS_NOT_LIST, Code.PAIRS_MISSING,
            Code.PARTNERS_KIND, Code.BALANCE_NOT_BOOLEAN, Code.AGREEMENT_NOT_BOOLEAN, Code.TEXT_TOO_LONG,
            Code.TEXT_EMPTY, Code.RULESET_UNKNOWN, Code.TEAMS_SIZE})),
    "getSession": merged(ORGANISER_READ, codes(s404=(Code.SESSION_UNKNOWN,))),
    "callTime": merged(ORGANISER_WRITE, codes(s404=(Code.SESSION_UNKNOWN,), s409=(
        Code.TIME_NOT_TIMED, Code.TIME_ALREADY_CALLED, Code.SESSION_NOT_DRAWN))),
    "listPlayers": LIST,
    "listHouseRules": ORGANISER_READ,
    "makeHouseRules": merged(ORGANISER_WRITE, codes(s409=(Code.HOUSE_NAME,), s422=HOUSE_BODY)),
    "getHouseRules": merged(ORGANISER_READ, codes(s404=(Code.HOUSE_UNKNOWN,))),
    "editHouseRules": merged(ORGANISER_WRITE, codes(s404=(Code.HOUSE_UNKNOWN,), s409=(Code.HOUSE_NAME,),
                                                    s422=HOUSE_BODY)),
    "deleteHouseRules": merged(ORGANISER_WRITE, codes(s404=(Code.HOUSE_UNKNOWN,), s409=(Code.HOUSE_IN_USE,))),
    "getPlayer": merged(ORGANISER_READ, codes(s404=(Code.PLAYER_UNKNOWN,))),
    "listPlayerGames": PLAYER_GAMES,
    "getHeadToHead": PLAYER_GAMES,
    "listCompetitions": ORGANISER_READ,
    "makeCompetition": merged(ORGANISER_WRITE, codes(
        s409=(Code.COMPETITION_NAME_TAKEN,),
        s422=COMPETITION_CODES | {Code.COMPETITION_SEASON_UNKNOWN, Code.COMPETITION_AFTERNOON_UNKNOWN})),
    "getCompetition": merged(ORGANISER_READ, codes(s404=(Code.COMPETITION_UNKNOWN,))),
    "clearCall": merged(ORGANISER_WRITE, codes(s404=(Code.SESSION_UNKNOWN, Code.CALL_UNKNOWN),
                                               s409=(Code.CALL_CLEARED,))),
    "seatLatecomer": merged(ORGANISER_WRITE, codes(s404=(Code.SESSION_UNKNOWN,), s422=NAME_BODY)),
    "substitutePlayer": merged(ORGANISER_WRITE, codes(
        s404=(Code.SESSION_UNKNOWN,), s409=(Code.SESSION_NOT_DRAWN, Code.SUBSTITUTE_PLAYING, Code.GAME_OVER),
        s422=NAME_BODY | {Code.LEAVING_NOT_SEATED, Code.SUBSTITUTE_SAME})),
}


#: The operations sent a body that store nothing.
STORING_NOTHING = ("scoreHand", "checkSet")


def route_codes(operation: dict, path: str, method: str) -> Codes:
    """Every code the operation's refusals can carry, by status."""
    name, sent = operation["operationId"], method != "get"
    return merged(EVERY_ROUTE, WITH_PATH if "{" in path else {}, SENT_A_BODY if sent else {},
                  WITH_BODY if "requestBody" in operation else {},
                  WRITING if sent and name not in STORING_NOTHING else {},
                  TABLE_WRITE if sent and {"tableCode": []} in operation["security"] else {}, OWN.get(name, {}))
