"""The club's competitions in the API's document: the body that makes one, the answers, a worked example, and
their paths (built with the document's own helpers)."""
from __future__ import annotations

from typing import Callable

from app.rules.competition import CountKind, HandicapKind, Method, Whom
from app.rules.competition_data import (CHOSEN_LIMIT, COUNT_LIMIT, FIXED_LIMIT, FIXED_PLAYERS_LIMIT, NAME_LIMIT,
                                        PER_POINT_LIMIT, PLACE_POINTS_LIMIT, PLACES_LIMIT)
from app.openapi.schemas import COUNT, NAMES, NULLABLE_INT, PUBLIC_ID, TEXT, ref, shape
from app.store.base.ids import LARGEST_SMALL_ID

DAY = {"type": ["string", "null"], "format": "date", "description": "A day, 2026-03-01 (null: none)."}
A_COUNT = {"type": "integer", "minimum": 0, "maximum": COUNT_LIMIT}
FIGURE = {"type": "number", "description": "Whole, or to two places (1.5 games won, 123.33 a game)."}


def choice(kind, words: str) -> dict:
    """One of an engine kind's values."""
    return {"enum": [member.value for member in kind], "description": words}


AFTERNOONS = shape({
    "season_id": NULLABLE_INT | {"description": "The club's season whose days count (its first to last day)."},
    "from": DAY, "to": DAY,
    "weekday": {"type": ["integer", "null"], "minimum": 0, "maximum": 6, "description": "0 Monday to 6 Sunday."},
    "chosen": {"type": "array", "items": PUBLIC_ID, "maxItems": CHOSEN_LIMIT,
               "description": "These afternoons only (sessions' ids); empty: every afternoon of the days."}},
    closed=True) | {"description": "Which afternoons count; left out: every afternoon of the club."}
COUNTING = shape({
    "kind": choice(CountKind, "all; the best N (best); the lowest dropped for every `per` beyond `beyond`."),
    "best": A_COUNT, "per": A_COUNT, "beyond": A_COUNT}, closed=True)
QUALIFICATION = shape({
    "afternoons": A_COUNT, "games": A_COUNT,
    "percent": {"type": "integer", "minimum": 0, "maximum": 100,
                "description": "A share of the most active entrant's games (the ladder: 30)."},
    "partners": A_COUNT | {"description": "Different partners at least (players only)."}}, closed=True)
HANDICAP = shape({
    "kind": choice(HandicapKind, "none; fixed per player; from the form guide's rating on a day, or before each game."),
    "per_point": {"type": "integer", "minimum": 0, "maximum": PER_POINT_LIMIT,
                  "description": "Points a game for each point of rating under 25."},
    "rating_on": DAY,
    "fixed": {"type": "array", "maxItems": FIXED_PLAYERS_LIMIT, "items": shape({
        "player": {"type": "string", "minLength": 1, "maxLength": NAME_LIMIT},
        "points": {"type": "integer", "minimum": -FIXED_LIMIT, "maximum": FIXED_LIMIT}},
        ("player", "points"), closed=True)}}, closed=True)
PROPERTIES = {
    "name": {"type": "string", "minLength": 1, "maxLength": NAME_LIMIT},
    "afternoons": AFTERNOONS,
    "whom": choice(Whom, "Each player, or each pair that played together."),
    "method": choice(Method, "Games won (draws half), average margin a game, points scored, or place points."),
    "place_points": {"type": "array", "minItems": 1, "maxItems": PLACES_LIMIT,
                     "items": {"type": "integer", "minimum": 0, "maximum": PLACE_POINTS_LIMIT},
                     "description": "The points of each place on an afternoon, first place first."},
    "counting": COUNTING, "qualification": QUALIFICATION, "handicap": HANDICAP}
AFTERNOON = shape({
    "session_id": NULLABLE_INT, "date": {"type": "string", "format": "date"}, "games": COUNT, "won": FIGURE,
    "margin": COUNT, "points": COUNT, "handicap": COUNT, "place": COUNT, "score": FIGURE, "score_words": TEXT},
    ("session_id", "date", "games", "won", "margin", "points", "handicap", "place", "score", "score_words"))
ROW = shape({
    "place": NULLABLE_INT | {"description": "null: not yet qualified."}, "entrant": TEXT, "players": NAMES,
    "qualified": {"type": "boolean"}, "afternoons": COUNT, "games": COUNT, "partners": COUNT, "won": FIGURE,
    "margin": COUNT, "points": COUNT, "handicap": COUNT, "score": FIGURE, "score_words": TEXT,
    "counted": {"type": "array", "items": ref("CompetitionAfternoon")},
    "dropped": {"type": "array", "items": ref("CompetitionAfternoon")}},
    ("place", "entrant", "players", "qualified", "afternoons", "games", "won", "margin", "score", "counted",
     "dropped"))
COMPETITION = shape(PROPERTIES | {"id": COUNT, "archived": {"type": "boolean"}, "method_words": TEXT},
                    ("id", "name", "afternoons", "whom", "method", "counting", "qualification", "handicap",
                     "archived", "method_words"))

COMPETITION_SCHEMAS = {
    "CompetitionRequest": shape(PROPERTIES, ("name",), closed=True),
    "Competition": COMPETITION,
    "Competitions": shape({"competitions": {"type": "array", "items": ref("Competition")}}, ("competitions",)),
    "CompetitionAfternoon": AFTERNOON,
    "CompetitionTable": shape(COMPETITION["properties"] | {
        "games_needed": COUNT, "rows": {"type": "array", "items": ref("CompetitionRow")}},
        (*COMPETITION["required"], "games_needed", "rows")),
    "CompetitionRow": ROW,
}

#: A worked example: the best 8 afternoons of the spring, players with 4 afternoons qualify.
COMPETITION_EXAMPLE = {"name": "Spring best 8", "afternoons": {"from": "2026-03-01", "to": "2026-05-31"},
                       "method": "afternoon_points", "counting": {"kind": "best", "best": 8},
                       "qualification": {"afternoons": 4}}
COMPETITION_ID_WORDS = "The competition's number in the club: its \"id\"."
COMPETITION_ID_LIMIT = LARGEST_SMALL_ID


def competition_paths(operation: Callable, answer: Callable, body: Callable, one: tuple, organiser: list) -> dict:
    """The club's competitions: listed, made, and one read with its table."""
    location = {"Location": {"required": True, "description": "The competition's address in this API.",
                             "schema": {"type": "string"}}}
    return {
        "/competitions": {"get": operation(
            "listCompetitions", "The club's competitions, running and archived, each with its method in words",
            answer(200, "Competitions", "The club's competitions, by name."), tag="Competitions",
            security=organiser), "post": operation(
            "makeCompetition", "Make a competition: the afternoons it counts, whom, how, how many count, who "
                               "qualifies, the handicap",
            answer(201, "CompetitionTable", "The competition with its table so far (Location: its address).",
                   location), tag="Competitions", request=body("CompetitionRequest", "competition"),
            security=organiser, words="Every problem at once, each with its field; nothing stored.")},
        "/competitions/{competition_id}": {"get": operation(
            "getCompetition", "One competition with its table: each row's afternoons counted and dropped",
            answer(200, "CompetitionTable", "The competition and its table, qualified rows first."),
            tag="Competitions", params=one, security=organiser, words="Another club's competition answers 404.")},
    }
