"""The API's description of a player's own record: the query that chooses the games, and the answers (the games
as the player played them, partners, opponents, a head to head)."""
from __future__ import annotations

from app.rules.own_record import Result, SortBy

COUNT = {"type": "integer"}
TEXT = {"type": "string"}
WINS = {"type": "number", "description": "Wins, a draw ½."}
PAGING = {"page": COUNT | {"minimum": 1}, "limit": COUNT | {"minimum": 1},
          "total": COUNT | {"description": "How many there are in all."}, "pages": COUNT | {"minimum": 1},
          "next": {"type": ["string", "null"], "description": "The next page's address (the same choice, page and "
                                                              "limit in its query); null on the last page."}}


def query(name: str, words: str, schema: dict) -> dict:
    """An optional query parameter."""
    return {"name": name, "in": "query", "required": False, "description": words, "schema": schema}


DAY = {"type": "string", "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
#: What chooses a player's games (the same as the player's page's form and links); page and limit beside them.
CHOICE = (
    query("from", "The first day (the club's), e.g. 2026-03-01.", DAY),
    query("to", "The last day, included; not before 'from'.", DAY),
    query("ruleset", "Only games of this rule set (its id).", TEXT | {"minLength": 1}),
    query("house_rules", "Only games played by these house rules of the club (their id).",
          {"type": "integer", "minimum": 1, "maximum": 2 ** 31 - 1}),
    query("sort", "What the games are listed by (default date).", {"enum": [s.value for s in SortBy]}),
    query("order", "desc (default: newest, best result or largest margin first) or asc.",
          {"enum": ["desc", "asc"]}),
)


def shape(properties: dict, required: tuple[str, ...]) -> dict:
    """An object with these fields."""
    return {"type": "object", "properties": properties, "required": list(required)}


SEAT = shape({"name": TEXT, "player_id": {"type": ["integer", "null"],
                                          "description": "Their number on the club's list; null for a name typed "
                                                         "at the table."}}, ("name", "player_id"))
LOST = WINS | {"description": "An opponent's wins, a draw ½; beside a partner, the games lost together."}
TALLY = shape(SEAT["properties"] | {"games": COUNT, "won": WINS | {"description": "The player's wins, a draw ½."},
                                    "lost": LOST},
              ("name", "player_id", "games", "won", "lost"))
PERSON = shape({"id": COUNT, "name": TEXT}, ("id", "name"))
GAME_PLAYED = shape({
    "game_id": {"type": "integer", "format": "int64"},
    "url": {"type": "string", "format": "uri", "description": "The game's page, a full address."},
    "date": {"type": "string", "format": "date"}, "opened_at": {"type": "string", "format": "date-time"},
    "session_id": {"type": ["integer", "null"], "format": "int64"}, "table": TEXT, "ruleset": TEXT,
    "house_rules": {"oneOf": [shape({"id": COUNT, "name": TEXT}, ("id", "name")), {"type": "null"}]},
    "rules": TEXT | {"description": "The rules in words: 'Bolivia', 'House rules: Our Bolivia, version 2'."},
    "team": TEXT | {"description": "The player's team ('' for a game the player left mid-way)."},
    "score": {"type": ["integer", "null"], "description": "The player's team's total (null: left mid-way)."},
    "others": {"type": "array", "items": shape({"team": TEXT, "score": COUNT}, ("team", "score"))},
    "partners": {"type": "array", "items": SEAT}, "opponents": {"type": "array", "items": SEAT},
    "result": {"enum": [r.value for r in Result]}, "result_words": TEXT,
    "margin": {"type": ["integer", "null"], "description": "+ won by, - lost by, 0 drawn; null without a result."},
    "note": TEXT | {"description": "A substitution: 'left at hand 5: Zoe played on'."}},
    ("game_id", "url", "date", "opened_at", "session_id", "table", "ruleset", "house_rules", "rules", "team",
     "score", "others", "partners", "opponents", "result", "result_words", "margin", "note"))
GAMES_LIST = {"type": "array", "items": GAME_PLAYED}

SCHEMAS = {
    "PlayerGames": shape({
        "player": PERSON,
        "figures": shape({"games": COUNT, "sessions": COUNT, "won": WINS, "margin": COUNT,
                          "average_margin": {"type": ["integer", "null"]}},
                         ("games", "sessions", "won", "margin", "average_margin")),
        "games": GAMES_LIST, "partners": {"type": "array", "items": TALLY},
        "opponents": {"type": "array", "items": TALLY}, **PAGING},
        ("player", "figures", "games", "partners", "opponents", *PAGING)),
    "HeadToHead": shape({
        "player": PERSON, "other": PERSON,
        "against": shape({"games": COUNT, "won": WINS, "lost": WINS}, ("games", "won", "lost")),
        "together": shape({"games": COUNT, "won": WINS}, ("games", "won")),
        "games": GAMES_LIST, **PAGING},
        ("player", "other", "against", "together", "games", *PAGING)),
}
