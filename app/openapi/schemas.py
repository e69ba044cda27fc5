"""The JSON shapes of the API's bodies and answers, as OpenAPI 3.1 (JSON Schema) components."""
from __future__ import annotations

from app.openapi.record import SCHEMAS as RECORD_SCHEMAS
from app.openapi.rulesets import CHANGES, HOUSE_RULES
from app.rules.house_checks import NAME_LIMIT
from app.web.api_input import CARDS_LENGTH, LABEL_LENGTH, NAME_LENGTH, TOKEN_LENGTH
from app.rules.entries import COUNT_FIELDS, FLAG_FIELDS
from app.rules import ruleset_ids
from app.rules.codes import Code
from app.rules.parse import LARGEST_NUMBER
from app.store.club.calls import REASON_LENGTH
from app.store.base.ids import PUBLIC_ID_LIMIT
from app.openapi.rulesets import RULESET as RULESET_DESCRIPTION

WHOLE = {"type": "integer", "minimum": -LARGEST_NUMBER, "maximum": LARGEST_NUMBER}
COUNT = {"type": "integer"}
#: A game's or a session's id: random, at most 2**53 - 1 so JavaScript reads it exactly (app/store/base/ids.py).
PUBLIC_ID = {"type": "integer", "format": "int64", "minimum": 1, "maximum": PUBLIC_ID_LIMIT - 1}
GAME_URL = {"type": "string", "format": "uri", "description": "The game's page, a full address: what a tablet opens."}
NULLABLE_INT = {"type": ["integer", "null"]}
TEXT = {"type": "string"}
NAMES = {"type": "array", "items": TEXT}
PLAYER_NAME = {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH, "description": "A player's name."}
RULESET = {"enum": list(ruleset_ids()), "description": "The rule set's id."}


def ref(name: str) -> dict:
    """A reference to one of the components below."""
    return {"$ref": f"#/components/schemas/{name}"}


def shape(properties: dict, required: tuple[str, ...] = (), *, closed: bool = False) -> dict:
    """An object with these properties; `closed` refuses any other key (the request bodies do)."""
    schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    if closed:
        schema["additionalProperties"] = False
    return schema


def entry(*, progressive: bool) -> dict:
    """One team's figures for a hand, as /score (with `progressive`) and the hand writes take them."""
    properties = {
        "name": {"type": "string", "maxLength": NAME_LENGTH, "description": "The team's name (optional)."},
        "sets": {"type": "object", "additionalProperties": WHOLE,
                 "description": "Completed sets by set-type id, e.g. {\"red_samba\": 1}; absent = 0."},
        **{field: WHOLE for field in COUNT_FIELDS},
        **{field: {"type": "boolean"} for field in FLAG_FIELDS},
        "melded": {"type": ["boolean", "null"],
                   "description": "Left out: true when the team has any set or table points."},
    }
    if progressive:
        properties["progressive"] = WHOLE | {"description": "The team's total before this hand (default 0)."}
    return shape(properties, closed=True) | {"description": "Any figure left out counts 0, false or {}."}


def teams_of(item: dict) -> dict:
    """The teams of a hand: two teams, or three players alone."""
    return {"type": "array", "items": item, "minItems": 1, "maxItems": 3}


CLIENT_TOKEN = {"type": "string", "minLength": 1, "maxLength": TOKEN_LENGTH}
VARIATIONS = {"type": "object", "description": "A rule set's variations by id, e.g. {\"jokers\": 9}.",
              "additionalProperties": {"type": ["string", "integer", "boolean"]}}
TARGET = {"type": ["integer", "null"], "minimum": 5, "maximum": LARGEST_NUMBER, "multipleOf": 5,
          "description": "The winning score; the rule set's when left out."}
HOUSE_RULES_ID = {"type": ["integer", "null"], "minimum": 1, "maximum": 2**31 - 1,
                  "description": "The id of the club's house rules to play by (GET /house-rules): their base rule set "
                                 "and variations, at their newest version, kept by the game for good. Give this or "
                                 "`ruleset` (beside it, only their base's)."}
#: A game's or an afternoon's house rules: which, by what name, and the version it keeps.
HOUSE_RULES_REF = {"oneOf": [shape({"id": COUNT, "name": TEXT, "version": COUNT}, ("id", "name", "version")),
                             {"type": "null"}],
                   "description": "The club's house rules it is played by, at the version it was opened with; null: "
                                  "the rule set as its document has it."}

REQUESTS = {
    "ScoreRequest": shape({"ruleset": RULESET, "variations": VARIATIONS, "target": TARGET,
                           "house_rules": HOUSE_RULES_ID,
                           "changes": CHANGES | {"description": "Changes to the rule set sent inline, checked as house "
                                                                "rules are, nothing stored (not with house_rules)."},
                           "teams": teams_of(entry(progressive=True))}, ("teams",), closed=True),
    "SetCheckRequest": shape({"ruleset": RULESET, "variations": VARIATIONS,
                              "cards": {"type": "string", "maxLength": CARDS_LENGTH,
                                        "description": "Cards by value and suit, e.g. \"7H 7S 7D 7C 7H 7S 2C\"."}},
                             ("ruleset", "cards"), closed=True),
    "GameRequest": shape({
        "ruleset": RULESET, "variations": VARIATIONS, "target": TARGET, "house_rules": HOUSE_RULES_ID,
        "table": {"type": ["string", "null"], "maxLength": LABEL_LENGTH, "description": "The table's label."},
        "teams": {"type": "array", "minItems": 1, "items": shape({
            "name": {"type": ["string", "null"], "maxLength": NAME_LENGTH},
            "players": {"type": "array", "minItems": 1,
                        "items": {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH}}},
            ("players",), closed=True)},
        "first_dealer": shape({"team": COUNT, "player": COUNT}, ("team", "player"), closed=True),
        "client_token": CLIENT_TOKEN | {"description": "Any text the sender makes up for this game: the same request "
                                                       "sent again answers the game it opened (200), not a second "
                                                       "one; the token with a different request answers 409."}},
        ("teams",), closed=True),
    "HandRequest": shape({
        "teams": teams_of(entry(progressive=False)),
        "client_token": CLIENT_TOKEN | {"description": "Any text the sender makes up for this hand: the same hand "
                                                       "sent again records one hand; the token with other figures "
                                                       "answers 409."},
        "version": COUNT | {"description": "The game's version as read; a moved version answers 409."}},
        ("teams",), closed=True),
    "CorrectionRequest": shape({
        "teams": teams_of(entry(progressive=False)),
        "version": COUNT | {"description": "The game's version as read (required)."}},
        ("teams", "version"), closed=True),
    "SessionRequest": shape({
        "ruleset": RULESET, "variations": VARIATIONS, "house_rules": HOUSE_RULES_ID,
        "format": shape({"kind": {"enum": ["target", "hands", "time"]}, "hands": COUNT,
                         "ends_at": {"type": "string", "description": "The end time on the club's clock, \"16:00\"."}},
                        ("kind",), closed=True),
        "players": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH}},
        "partners": {"enum": ["random", "fixed"]},
        "pairs": {"type": "array", "items": NAMES},
        "balance": {"type": "boolean", "description": "true: the tables balanced by the players' form (default false)."},
        "agreement": {"type": "boolean",
                      "description": "true: a hand counts on the board once a player of another team agreed to it "
                                     "at the table (default false)."},
        "client_token": CLIENT_TOKEN | {"description": "Any text the sender makes up for this session: the same "
                                                       "request sent again answers the session it opened (200); the "
                                                       "token with a different request answers 409."}},
        ("players",), closed=True),
    "HouseRulesRequest": shape({
        "name": {"type": "string", "minLength": 1, "maxLength": NAME_LIMIT, "description": "The club's name for them."},
        "base": RULESET | {"description": "The rule set they change."}, "variations": VARIATIONS, "changes": CHANGES},
        ("name", "base"), closed=True),
    "CallRequest": shape({"reason": {"type": "string", "maxLength": REASON_LENGTH,
                                     "description": "Why the table calls, in a few words (optional)."}},
                         closed=True) | {
        "description": "Optional: an empty body calls with no reason."},
    "AgreementRequest": shape({
        "agreed": {"type": "boolean", "description": "true: the hand is agreed; false: \"Not agreed\", the organiser "
                                                      "is called."},
        "player": {"type": "string", "description": "The name of the player of another team who agrees (required "
                                                     "with true)."}}, ("agreed",), closed=True),
    "LatecomerRequest": shape({"name": PLAYER_NAME}, ("name",), closed=True),
    "SubstituteRequest": shape({"leaving": PLAYER_NAME | {"description": "The player who leaves their game."},
                                "substitute": PLAYER_NAME | {"description": "Who takes the seat."}},
                               ("leaving", "substitute"), closed=True),
    "NoFieldsRequest": shape({}, closed=True) | {"description": "Nothing to send: no body, or {}."},
    "VersionRequest": shape({"version": COUNT | {"description": "The game's version as read; a moved version "
                                                                "answers 409 and nothing changes."}}, closed=True) | {
        "description": "Optional: an empty body changes the game whatever its version."},
}

BREAKDOWN_LINE = shape({"kind": TEXT | {"description": "A stable key for scripts and CSV columns."}, "label": TEXT,
                        "points": COUNT}, ("kind", "label", "points"))
TEAM_RESULT = shape({"name": TEXT, "bonus": COUNT, "cards": COUNT, "score": COUNT, "progressive": COUNT,
                     "next_initial_meld_minimum": COUNT, "breakdown": {"type": "array", "items": BREAKDOWN_LINE}},
                    ("name", "bonus", "cards", "score", "progressive", "next_initial_meld_minimum", "breakdown"))
OUTCOME = shape({
    "state": {"enum": ["in_play", "won", "drawn", "no_result", "deleted"]},
    "winners": {"type": "array", "items": COUNT},
    "reason": {"enum": ["target", "hands", "time", "ended_early", "abandoned", "deleted", None]},
    "margin": NULLABLE_INT | {"minimum": 0}, "owes_hand": {"type": "boolean"}},
    ("state", "winners", "reason", "margin", "owes_hand"))
#: A rule set's chosen variations, by id: every value is one of the variation's words.
CHOSEN = {"type": "object", "additionalProperties": TEXT, "description": "Each variation's value, by its id."}
#: One team's figures of a stored hand, as they were entered (every figure written out).
ENTERED = shape({
    "name": TEXT, "sets": {"type": "object", "additionalProperties": COUNT,
                           "description": "Completed sets by set-type id; a set type with none is left out."},
    **{field: COUNT for field in COUNT_FIELDS}, **{field: {"type": "boolean"} for field in FLAG_FIELDS},
    "melded": {"type": "boolean", "description": "Sent only when the entry said so."}},
    ("name", "sets", *COUNT_FIELDS, *FLAG_FIELDS))
HAND = shape({"number": COUNT, "teams": {"type": "array", "items": ref("EnteredTeam")},
              "result": {"type": "array", "items": TEAM_RESULT}}, ("number", "teams", "result"))
DEALER = shape({"team": COUNT, "player": COUNT, "name": TEXT}, ("team", "player", "name"))
WARNING = shape({"hand": NULLABLE_INT, "code": TEXT, "field": {"type": ["string", "null"]}, "message": TEXT},
                ("hand", "code", "field", "message"))
GAME_FIELDS = {
    "id": PUBLIC_ID, "ruleset": TEXT, "variations": CHOSEN, "house_rules": HOUSE_RULES_REF, "target": COUNT,
    "version": COUNT,
    "table": TEXT | {"description": "The table's label (empty when none was given)."},
    "teams": {"type": "array", "items": shape({"name": TEXT, "players": NAMES, "progressive": COUNT,
                                               "next_initial_meld_minimum": COUNT},
                                              ("name", "players", "progressive", "next_initial_meld_minimum"))},
    "hands": {"type": "array", "items": HAND, "description": "Every hand, in order (their count is its length)."},
    "winner": NULLABLE_INT, "winner_name": {"type": ["string", "null"]}, "won_at": NULLABLE_INT,
    "game_over": {"type": "boolean"},
    "next_dealer": {"oneOf": [ref("Dealer"), {"type": "null"}], "description": "null once the game is over."},
    "closed": {"enum": [None, "ended", "abandoned", "deleted"]},
    "draw": {"type": "boolean"}, "format": shape({"kind": TEXT, "hands": NULLABLE_INT}, ("kind", "hands")),
    "outcome": ref("Outcome"),
    "warnings": {"type": "array", "items": WARNING}}
GAME = shape(GAME_FIELDS, tuple(GAME_FIELDS))
OPENED_GAME = shape(GAME_FIELDS | {
    "table_code": {"type": "string", "pattern": "^[0-9]{4}$", "description": "What a tablet needs to write."},
    "url": GAME_URL}, (*GAME_FIELDS, "table_code", "url"))
#: What an event keeps of the game before and after the change; which keys depends on the event's kind.
EVENT_DETAIL = shape({
    "teams": {"type": "array", "items": {"oneOf": [TEXT, ref("EnteredTeam")]},
              "description": "game_opened: the teams' names; a hand's events: each team's figures."},
    "ruleset": TEXT, "totals": {"type": "array", "items": COUNT}, "winner": NULLABLE_INT,
    "winner_name": {"type": ["string", "null"]}, "draw": {"type": "boolean"}, "outcome": ref("Outcome"),
    "words": TEXT, "last_hand": NULLABLE_INT,
    "house_rules": COUNT | {"description": "game_opened under house rules: their id."},
    "house_rules_version": COUNT | {"description": "game_opened under house rules: the version the game keeps."}})
DETAIL = {"oneOf": [ref("EventDetail"), {"type": "null"}]}
EVENT = shape({"seq": COUNT, "kind": TEXT, "hand": NULLABLE_INT, "at": {"type": "string", "format": "date-time"},
               "actor": shape({"kind": TEXT, "label": TEXT}, ("kind", "label")), "before": DETAIL, "after": DETAIL},
              ("seq", "kind", "hand", "at", "actor", "before", "after"))
TABLE_FIELDS = {
    "table": COUNT, "game_id": PUBLIC_ID, "label": TEXT, "version": COUNT, "teams": {"type": "array", "items": NAMES},
    "team_names": NAMES, "totals": {"type": "array", "items": COUNT}, "hands": COUNT | {
        "deprecated": True, "description": "How many hands the table has entered: read hand_count (a game's "
                                           "\"hands\" is the list of its hands)."},
    "hand_count": COUNT | {"description": "How many hands the table has entered."},
    "minutes_since_last_entry": COUNT, "over": {"type": "boolean"}, "winner": {"type": ["string", "null"]},
    "winner_index": NULLABLE_INT, "draw": {"type": "boolean"}, "no_result": {"type": "boolean"},
    "margin": NULLABLE_INT, "owes_last_hand": {"type": "boolean"}, "outcome": ref("Outcome"), "status": TEXT,
    "facts": TEXT,
    "awaiting_agreement": NULLABLE_INT | {"description": "The first hand still waiting for agreement, or null."},
    "counted": {"type": "boolean", "description": "false while a hand waits for agreement."},
    "table_code": {"type": "string", "pattern": "^[0-9]{4}$", "description": "What the table's tablet needs to write."},
    "url": GAME_URL}
TABLE = shape(TABLE_FIELDS, tuple(TABLE_FIELDS))
PAGING = {"page": COUNT | {"minimum": 1}, "limit": COUNT | {"minimum": 1},
          "total": COUNT | {"description": "How many there are in all."}, "pages": COUNT | {"minimum": 1},
          "next": {"type": ["string", "null"], "description": "The next page's address (page and limit in its query); "
                                                              "null on the last page."}}
SESSION_SUMMARY = shape({
    "id": PUBLIC_ID, "date": {"type": "string", "format": "date"}, "ruleset": TEXT, "house_rules": HOUSE_RULES_REF,
    "format": shape({"kind": TEXT, "hands": NULLABLE_INT, "ends_at": {"type": ["string", "null"]}},
                    ("kind", "hands", "ends_at")),
    "round": COUNT, "time_called": {"type": "boolean"}},
    ("id", "date", "ruleset", "house_rules", "format", "round", "time_called"))
GAME_SUMMARY = shape({
    "id": PUBLIC_ID, "url": GAME_URL, "ruleset": TEXT, "house_rules": HOUSE_RULES_REF, "table": TEXT, "teams": NAMES,
    "version": COUNT,
    "session_id": {"type": ["integer", "null"], "format": "int64", "description": "The session of a club table."},
    "game_over": {"type": "boolean"}, "opened_at": {"type": "string", "format": "date-time"}},
    ("id", "url", "ruleset", "house_rules", "table", "teams", "version", "session_id", "game_over", "opened_at"))

CALL = shape({
    "id": COUNT, "table": COUNT, "label": TEXT, "game_id": PUBLIC_ID | {"type": ["integer", "null"]},
    "reason": TEXT,
    "called_at": TEXT | {"description": "The club's clock, \"14:05\"."}, "called_by": TEXT, "cleared": {"type": "boolean"},
    "cleared_at": {"type": ["string", "null"]}, "cleared_by": {"type": ["string", "null"]}},
    ("id", "table", "label", "game_id", "reason", "called_at", "called_by", "cleared", "cleared_at", "cleared_by"))
CLOCK = shape({"ends_at": TEXT, "seconds_left": COUNT, "minutes_left": COUNT,
               "warning": {"type": "boolean", "description": "true in the last 10 minutes before time is called."},
               "called": {"type": "boolean"}, "words": TEXT},
              ("ends_at", "seconds_left", "minutes_left", "warning", "called", "words"))
RATING = {"type": "number"}
PLAYER = shape({"id": COUNT | {"description": "The player's number on the club's list (the {player_id} of "
                                              "/players/{player_id})."},
                "name": TEXT, "short_name": {"type": ["string", "null"]}, "active": {"type": "boolean"},
                "rating": RATING | {"description": "The form figure shown: about 25 is the club's middle."},
                "mu": RATING, "sigma": RATING, "ordinal": RATING, "games_rated": COUNT},
               ("id", "name", "short_name", "active", "rating", "mu", "sigma", "ordinal", "games_rated"))
SUBSTITUTION = shape({"table": TEXT, "came": TEXT, "left": TEXT, "from_hand": COUNT, "words": TEXT},
                     ("table", "came", "left", "from_hand", "words"))

ANSWERS = {
    "Error": shape({
        "errors": {"type": "array", "minItems": 1, "items": shape(
            {"field": {"type": ["string", "null"], "description": "A path into the request body, or null."},
             "message": {"type": "string", "description": "A sentence a club player understands."},
             "code": {"type": "string", "description": "A stable key saying what went wrong (\"game.stale\", "
                                                       "\"game.over\", ...): never wording, safe to compare. One of "
                                                       "ErrorCode; each answer lists the ones it can carry (x-codes)."}},
            ("field", "message", "code"))},
        "game": ref("Game") | {"description": "On a 409 about a game: the game as it now stands."}},
        ("errors",)),
    "ErrorCode": {"type": "string", "enum": sorted(Code),
                  "description": "Every stable code a refusal carries, the app's one registry of them."},
    "Ruleset": RULESET_DESCRIPTION,
    "HouseRules": HOUSE_RULES,
    "HouseRulesList": shape({"house_rules": {"type": "array", "items": ref("HouseRules")}}, ("house_rules",)),
    "HouseRulesDeleted": shape({"deleted": COUNT}, ("deleted",)),
    "Rulesets": shape({"rulesets": {"type": "array", "items": ref("Ruleset")}}, ("rulesets",)),
    "ScoreResult": shape({"ruleset": TEXT, "target": COUNT, "teams": {"type": "array", "items": TEAM_RESULT},
                          "winner": NULLABLE_INT | {
                              "description": "The team the rule set's winning rule names after this hand (null: "
                                             "play on)."},
                          "game_over": {"type": "boolean", "description": (
                              "Whether a game played to the winning score is over after this hand (its outcome: "
                              "`winner` is named). A game of N hands or on the clock also ends by its format, "
                              "which this route does not know: a stored game's own `outcome` says how it stands.")}},
                         ("ruleset", "target", "teams", "winner", "game_over")),
    "SetCheckResult": shape({"ruleset": TEXT, "cards": TEXT, "type": TEXT, "name": TEXT, "bonus": COUNT,
                             "points": COUNT}, ("ruleset", "cards", "type", "name", "bonus", "points")),
    "Outcome": OUTCOME,
    "Game": GAME,
    "OpenedGame": OPENED_GAME,
    "Dealer": DEALER,
    "EnteredTeam": ENTERED,
    "EventDetail": EVENT_DETAIL,
    "Table": TABLE,
    "AddedHand": shape({"game": ref("Game"), "hand": HAND}, ("game", "hand")),
    "Events": shape({"game": PUBLIC_ID, "events": {"type": "array", "items": EVENT}}, ("game", "events")),
    "Closing": shape({"event": EVENT, "game": ref("Game")}, ("event", "game")),
    "Deletion": shape({"event": EVENT}, ("event",)),
    "SessionOpened": shape({"id": PUBLIC_ID, "tables": {"type": "array", "items": shape(
        {"table": COUNT, "game_id": PUBLIC_ID, "url": GAME_URL, "table_code": TEXT, "seats": NAMES,
         "teams": {"type": "array", "items": NAMES}}, ("table", "game_id", "url", "table_code", "seats", "teams"))},
        "sitting_out": NAMES, "draw_words": TEXT | {"description": "How the draw mixes the club, in a sentence."}},
        ("id", "tables", "sitting_out", "draw_words")),
    "Session": shape({
        "id": PUBLIC_ID, "date": {"type": "string", "format": "date"}, "ruleset": TEXT, "variations": CHOSEN,
        "house_rules": HOUSE_RULES_REF,
        "format": shape({"kind": TEXT, "hands": NULLABLE_INT, "ends_at": {"type": ["string", "null"]}},
                        ("kind", "hands", "ends_at")),
        "round": COUNT, "time_called": {"type": "boolean"}, "sitting_out": NAMES,
        "clock": {"oneOf": [ref("Clock"), {"type": "null"}], "description": "null without a set end time."},
        "agreement": {"type": "boolean"}, "calls": {"type": "array", "items": ref("Call")},
        "draw_words": TEXT,
        "tables": {"type": "array", "items": ref("Table")},
        "results": {"type": "array", "items": shape(
            {"place": COUNT, "player": TEXT, "played": COUNT, "won": {"type": "number"}, "margin": COUNT},
            ("place", "player", "played", "won", "margin"))}},
        ("id", "date", "ruleset", "variations", "house_rules", "format", "round", "time_called", "clock", "agreement", "calls", "sitting_out",
         "draw_words", "tables", "results")),
    "TimeCalled": shape({"time_called": {"const": True}, "owing": NAMES, "ended": NAMES,
                         "tables": {"type": "array", "items": ref("Table")}}, ("time_called", "owing", "ended", "tables")),
    "Clock": CLOCK,
    "Call": CALL,
    "Called": shape({"call": ref("Call"), "created": {"type": "boolean"}}, ("call", "created")),
    "Agreement": shape({"hand": COUNT, "agreed": {"type": "boolean"}, "agreed_by": TEXT, "call": ref("Call"),
                        "awaiting_agreement": NULLABLE_INT}, ("hand", "agreed", "awaiting_agreement")),
    "CallCleared": shape({"call": ref("Call"), "calls": {"type": "array", "items": ref("Call")}}, ("call", "calls")),
    "Latecomer": shape({"message": TEXT, "name": TEXT, "table": {"type": ["string", "null"]}, "sitting_out": NAMES,
                        "tables": {"type": "array", "items": ref("Table")}},
                       ("message", "name", "table", "sitting_out", "tables")),
    "Substituted": shape({"message": TEXT, "table": {"type": ["string", "null"]},
                          "substitutions": {"type": "array", "items": SUBSTITUTION}},
                         ("message", "table", "substitutions")),
    "Player": PLAYER,
    "Players": shape({"players": {"type": "array", "items": ref("Player")}, "form_meaning": TEXT, **PAGING},
                     ("players", "form_meaning", *PAGING)),
    "Sessions": shape({"sessions": {"type": "array", "items": SESSION_SUMMARY}, **PAGING}, ("sessions", *PAGING)),
    "Games": shape({"games": {"type": "array", "items": GAME_SUMMARY}, **PAGING}, ("games", *PAGING)),
    "PlayerForm": PLAYER | {"properties": PLAYER["properties"] | {
        "form_by_game": {"type": "array", "items": shape({"date": {"type": "string", "format": "date"},
                                                          "rating": RATING}, ("date", "rating"))},
        "form_meaning": TEXT}, "required": PLAYER["required"] + ["form_by_game", "form_meaning"]},
}

#: GET /openapi.json: this document; what its paths and components hold is the OpenAPI 3.1 specification's.
OPENAPI_DOCUMENT = shape({
    "openapi": {"const": "3.1.0"},
    "info": shape({"title": TEXT, "version": TEXT, "description": TEXT}, ("title", "version", "description")),
    "servers": {"type": "array", "items": shape({"url": TEXT}, ("url",))},
    "tags": {"type": "array", "items": shape({"name": TEXT, "description": TEXT}, ("name",))},
    "paths": {"type": "object", "additionalProperties": True,
              "description": "Every route, as the OpenAPI 3.1 specification's Paths Object."},
    "components": {"type": "object", "additionalProperties": True,
                   "description": "The schemas and the ways to sign in, as the specification's Components Object."}},
    ("openapi", "info", "servers", "tags", "paths", "components"))

SCHEMAS = REQUESTS | ANSWERS | RECORD_SCHEMAS | {"OpenApiDocument": OPENAPI_DOCUMENT}
