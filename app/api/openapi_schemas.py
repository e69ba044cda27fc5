"""The JSON shapes of the API's bodies and answers, as OpenAPI 3.1 (JSON Schema) components."""
from __future__ import annotations

from app.api.inputs import CARDS_LENGTH, LABEL_LENGTH, NAME_LENGTH, TOKEN_LENGTH
from app.rules.entries import COUNT_FIELDS, FLAG_FIELDS
from app.rules import ruleset_ids
from app.rules.parse import LARGEST_NUMBER
from app.store.calls import REASON_LENGTH
from app.store.ids import PUBLIC_ID_LIMIT

WHOLE = {"type": "integer", "minimum": -LARGEST_NUMBER, "maximum": LARGEST_NUMBER}
COUNT = {"type": "integer"}
#: A game's or a session's id: random, at most 2**53 - 1 so JavaScript reads it exactly (app/store/ids.py).
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


VARIATIONS = {"type": "object", "description": "A rule set's variations by id, e.g. {\"jokers\": 9}.",
              "additionalProperties": {"type": ["string", "integer", "boolean"]}}
TARGET = {"type": ["integer", "null"], "minimum": 5, "maximum": LARGEST_NUMBER, "multipleOf": 5,
          "description": "The winning score; the rule set's when left out."}

REQUESTS = {
    "ScoreRequest": shape({"ruleset": RULESET, "variations": VARIATIONS, "target": TARGET,
                           "teams": teams_of(entry(progressive=True))}, ("ruleset", "teams"), closed=True),
    "SetCheckRequest": shape({"ruleset": RULESET, "variations": VARIATIONS,
                              "cards": {"type": "string", "maxLength": CARDS_LENGTH,
                                        "description": "Cards by value and suit, e.g. \"7H 7S 7D 7C 7H 7S 2C\"."}},
                             ("ruleset", "cards"), closed=True),
    "GameRequest": shape({
        "ruleset": RULESET, "variations": VARIATIONS, "target": TARGET,
        "table": {"type": ["string", "null"], "maxLength": LABEL_LENGTH, "description": "The table's label."},
        "teams": {"type": "array", "minItems": 1, "items": shape({
            "name": {"type": ["string", "null"], "maxLength": NAME_LENGTH},
            "players": {"type": "array", "minItems": 1,
                        "items": {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH}}},
            ("players",), closed=True)},
        "first_dealer": shape({"team": COUNT, "player": COUNT}, ("team", "player"), closed=True)},
        ("ruleset", "teams"), closed=True),
    "HandRequest": shape({
        "teams": teams_of(entry(progressive=False)),
        "client_token": {"type": "string", "minLength": 1, "maxLength": TOKEN_LENGTH,
                         "description": "Any text the sender makes up; the same token sent again records one hand."},
        "version": COUNT | {"description": "The game's version as read; a moved version answers 409."}},
        ("teams",), closed=True),
    "CorrectionRequest": shape({
        "teams": teams_of(entry(progressive=False)),
        "version": COUNT | {"description": "The game's version as read (required)."}},
        ("teams", "version"), closed=True),
    "SessionRequest": shape({
        "ruleset": RULESET, "variations": VARIATIONS,
        "format": shape({"kind": {"enum": ["target", "hands", "time"]}, "hands": COUNT,
                         "ends_at": {"type": "string", "description": "The end time on the club's clock, \"16:00\"."}},
                        ("kind",)),
        "players": {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": NAME_LENGTH}},
        "partners": {"enum": ["random", "fixed"]},
        "pairs": {"type": "array", "items": NAMES},
        "balance": {"type": "boolean", "description": "true: the tables balanced by the players' form (default false)."},
        "agreement": {"type": "boolean",
                      "description": "true: a hand counts on the board once a player of another team agreed to it "
                                     "at the table (default false)."}},
        ("ruleset", "players")),
    "CallRequest": shape({"reason": {"type": "string", "maxLength": REASON_LENGTH,
                                     "description": "Why the table calls, in a few words (optional)."}}) | {
        "description": "Optional: an empty body calls with no reason."},
    "AgreementRequest": shape({
        "agreed": {"type": "boolean", "description": "true: the hand is agreed; false: \"Not agreed\", the organiser "
                                                      "is called."},
        "player": {"type": "string", "description": "The name of the player of another team who agrees (required "
                                                     "with true)."}}, ("agreed",)),
    "LatecomerRequest": shape({"name": PLAYER_NAME}, ("name",)),
    "SubstituteRequest": shape({"leaving": PLAYER_NAME | {"description": "The player who leaves their game."},
                                "substitute": PLAYER_NAME | {"description": "Who takes the seat."}},
                               ("leaving", "substitute")),
}

BREAKDOWN_LINE = shape({"kind": TEXT, "label": TEXT, "points": COUNT}, ("label", "points"))
TEAM_RESULT = shape({"name": TEXT, "bonus": COUNT, "cards": COUNT, "score": COUNT, "progressive": COUNT,
                     "next_initial_meld_minimum": COUNT, "breakdown": {"type": "array", "items": BREAKDOWN_LINE}},
                    ("bonus", "cards", "score", "progressive", "next_initial_meld_minimum", "breakdown"))
OUTCOME = shape({
    "state": {"enum": ["in_play", "won", "drawn", "no_result", "deleted"]},
    "winners": {"type": "array", "items": COUNT},
    "reason": {"enum": ["target", "hands", "time", "ended_early", "abandoned", "deleted", None]},
    "margin": NULLABLE_INT | {"minimum": 0}, "owes_hand": {"type": "boolean"}},
    ("state", "winners", "reason", "margin", "owes_hand"))
HAND = shape({"number": COUNT, "teams": {"type": "array", "items": {"type": "object"}},
              "result": {"type": "array", "items": TEAM_RESULT}}, ("number", "teams", "result"))
GAME = shape({
    "id": PUBLIC_ID, "ruleset": TEXT, "variations": {"type": "object"}, "target": COUNT, "version": COUNT,
    "table": TEXT,
    "teams": {"type": "array", "items": shape({"name": TEXT, "players": NAMES, "progressive": COUNT,
                                               "next_initial_meld_minimum": COUNT},
                                              ("name", "players", "progressive", "next_initial_meld_minimum"))},
    "hands": {"type": "array", "items": HAND}, "winner": NULLABLE_INT,
    "winner_name": {"type": ["string", "null"]}, "won_at": NULLABLE_INT, "game_over": {"type": "boolean"},
    "next_dealer": {"type": ["object", "null"]}, "closed": {"enum": [None, "ended", "abandoned", "deleted"]},
    "draw": {"type": "boolean"}, "format": shape({"kind": TEXT, "hands": NULLABLE_INT}),
    "outcome": ref("Outcome"),
    "warnings": {"type": "array", "items": shape({"hand": COUNT, "code": TEXT, "field": {"type": ["string", "null"]},
                                                   "message": TEXT})},
    "table_code": {"type": "string", "pattern": "^[0-9]{4}$",
                   "description": "Only in the answer to POST /games: what a tablet needs to write."},
    "url": GAME_URL | {"description": "Only in the answer to POST /games: the game's page, a full address."}},
    ("id", "ruleset", "variations", "target", "version", "teams", "hands", "winner", "game_over", "outcome"))
EVENT = shape({"seq": COUNT, "kind": TEXT, "hand": NULLABLE_INT, "at": {"type": "string", "format": "date-time"},
               "actor": shape({"kind": TEXT, "label": TEXT}, ("kind", "label")), "before": {}, "after": {}},
              ("seq", "kind", "hand", "at", "actor", "before", "after"))
TABLE = shape({
    "table": COUNT, "game_id": PUBLIC_ID, "label": TEXT, "version": COUNT, "teams": {"type": "array", "items": NAMES},
    "team_names": NAMES, "totals": {"type": "array", "items": COUNT}, "hands": COUNT,
    "minutes_since_last_entry": COUNT, "over": {"type": "boolean"}, "winner": {"type": ["string", "null"]},
    "winner_index": NULLABLE_INT, "draw": {"type": "boolean"}, "no_result": {"type": "boolean"},
    "margin": NULLABLE_INT, "owes_last_hand": {"type": "boolean"}, "outcome": ref("Outcome"), "status": TEXT,
    "facts": TEXT},
    ("table", "game_id", "label", "teams", "totals", "hands", "minutes_since_last_entry", "over", "winner",
     "draw", "no_result", "margin", "owes_last_hand", "status"))

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
PLAYER = shape({"id": COUNT, "name": TEXT, "short_name": {"type": ["string", "null"]}, "active": {"type": "boolean"},
                "rating": RATING | {"description": "The form figure shown: about 25 is the club's middle."},
                "mu": RATING, "sigma": RATING, "ordinal": RATING, "games_rated": COUNT},
               ("id", "name", "active", "rating", "mu", "sigma", "ordinal", "games_rated"))
SUBSTITUTION = shape({"table": TEXT, "came": TEXT, "left": TEXT, "from_hand": COUNT, "words": TEXT},
                     ("table", "came", "left", "from_hand", "words"))

ANSWERS = {
    "Error": shape({
        "errors": {"type": "array", "minItems": 1, "items": shape(
            {"field": {"type": ["string", "null"], "description": "A path into the request body, or null."},
             "message": {"type": "string", "description": "A sentence a club player understands."}},
            ("field", "message"))},
        "game": ref("Game") | {"description": "On a 409 about a game: the game as it now stands."}},
        ("errors",)),
    "Ruleset": shape({"id": TEXT, "name": TEXT, "summary": TEXT, "source": TEXT, "target": COUNT,
                      "pack": {"type": "object"}, "card_points": {"type": "object"},
                      "set_types": {"type": "array", "items": shape(
                          {"id": TEXT, "name": TEXT, "bonus": COUNT, "description": TEXT}, ("id", "name", "bonus"))},
                      "going_out": {"type": "object"}, "initial_meld_table": {"type": "array"},
                      "variations": {"type": "array"}, "house_readings": NAMES},
                     ("id", "name", "target", "set_types", "going_out", "initial_meld_table", "variations",
                      "house_readings")),
    "Rulesets": shape({"rulesets": {"type": "array", "items": ref("Ruleset")}}, ("rulesets",)),
    "ScoreResult": shape({"ruleset": TEXT, "target": COUNT, "teams": {"type": "array", "items": TEAM_RESULT},
                          "winner": NULLABLE_INT, "game_over": {"type": "boolean"}},
                         ("ruleset", "target", "teams", "winner", "game_over")),
    "SetCheckResult": shape({"ruleset": TEXT, "cards": TEXT, "type": TEXT, "name": TEXT, "bonus": COUNT,
                             "points": COUNT}, ("ruleset", "cards", "type", "name", "bonus", "points")),
    "Outcome": OUTCOME,
    "Game": GAME,
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
        "id": PUBLIC_ID, "date": {"type": "string", "format": "date"}, "ruleset": TEXT, "variations": {"type": "object"},
        "format": shape({"kind": TEXT, "hands": NULLABLE_INT, "ends_at": {"type": ["string", "null"]}}),
        "round": COUNT, "time_called": {"type": "boolean"}, "sitting_out": NAMES,
        "clock": {"oneOf": [ref("Clock"), {"type": "null"}], "description": "null without a set end time."},
        "agreement": {"type": "boolean"}, "calls": {"type": "array", "items": ref("Call")},
        "draw_words": TEXT,
        "tables": {"type": "array", "items": TABLE},
        "results": {"type": "array", "items": shape(
            {"place": COUNT, "player": TEXT, "played": COUNT, "won": {"type": "number"}, "margin": COUNT},
            ("place", "player", "played", "won", "margin"))}},
        ("id", "date", "ruleset", "format", "round", "time_called", "clock", "agreement", "calls", "sitting_out",
         "draw_words", "tables", "results")),
    "TimeCalled": shape({"time_called": {"const": True}, "owing": NAMES, "ended": NAMES,
                         "tables": {"type": "array", "items": TABLE}}, ("time_called", "owing", "ended", "tables")),
    "Clock": CLOCK,
    "Call": CALL,
    "Called": shape({"call": ref("Call"), "created": {"type": "boolean"}}, ("call", "created")),
    "Agreement": shape({"hand": COUNT, "agreed": {"type": "boolean"}, "agreed_by": TEXT, "call": ref("Call"),
                        "awaiting_agreement": NULLABLE_INT}, ("hand", "agreed", "awaiting_agreement")),
    "CallCleared": shape({"call": ref("Call"), "calls": {"type": "array", "items": ref("Call")}}, ("call", "calls")),
    "Latecomer": shape({"message": TEXT, "name": TEXT, "table": {"type": ["string", "null"]}, "sitting_out": NAMES,
                        "tables": {"type": "array", "items": TABLE}},
                       ("message", "name", "table", "sitting_out", "tables")),
    "Substituted": shape({"message": TEXT, "table": {"type": ["string", "null"]},
                          "substitutions": {"type": "array", "items": SUBSTITUTION}},
                         ("message", "table", "substitutions")),
    "Player": PLAYER,
    "Players": shape({"players": {"type": "array", "items": ref("Player")}, "form_meaning": TEXT},
                     ("players", "form_meaning")),
    "PlayerForm": PLAYER | {"properties": PLAYER["properties"] | {
        "form_by_game": {"type": "array", "items": shape({"date": {"type": "string", "format": "date"},
                                                          "rating": RATING}, ("date", "rating"))},
        "form_meaning": TEXT}, "required": PLAYER["required"] + ["form_by_game", "form_meaning"]},
}

SCHEMAS = REQUESTS | ANSWERS
