"""A competition as plain data (what the page, the API, the store and the backup hold) and read back from it,
every problem at once with its field and code."""
from __future__ import annotations

from datetime import date
from enum import StrEnum
from typing import Any, Mapping

from .codes import Code
from .competition import (Afternoons, Competition, Counting, CountKind, Handicap, HandicapKind, Method,
                          Qualification, Whom)
from .entries import Problem
from .wording import plain_words

#: Longest name of a competition.
NAME_LIMIT = 60
#: Highest figure of a count (afternoons, games, partners, best N).
COUNT_LIMIT = 1000
#: Most places that earn points, most points a place earns.
PLACES_LIMIT, PLACE_POINTS_LIMIT = 40, 1000
#: Largest handicap: points a game set by hand, points a game for each point of rating.
FIXED_LIMIT, PER_POINT_LIMIT = 5000, 1000
#: Most afternoons chosen, most players given a fixed handicap.
CHOSEN_LIMIT, FIXED_PLAYERS_LIMIT = 1000, 500
#: The parts of a competition's data, and what each part holds.
PARTS = {"afternoons": ("season_id", "from", "to", "weekday", "chosen"),
         "counting": ("kind", "best", "per", "beyond"),
         "qualification": ("afternoons", "games", "percent", "partners"),
         "handicap": ("kind", "per_point", "rating_on", "fixed")}
FIELDS = ("name", "whom", "method", "place_points", *PARTS)


class Reader:
    """Reads one competition's data, keeping every problem it meets."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def part(self, data: Mapping, name: str) -> Mapping:
        """One part of the data, an object whose fields are all known (an empty one when left out)."""
        value = data.get(name, {})
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            self.problems.append(Problem(name, f"The competition's {name} must be a set of choices.", Code.COMPETITION_NOT_OBJECT))
            return {}
        for key in value:
            if key not in PARTS[name]:
                self.problems.append(Problem(f"{name}.{key}", f"A competition's {name} has no choice called {str(key)[:40]!r}.",
                             Code.COMPETITION_CHOICE))
        return value

    def choice(self, value: Any, kind: type[StrEnum], field: str, default: StrEnum) -> Any:
        """One of a kind's values (the default when left out)."""
        if value is None:
            return default
        try:
            return kind(value)
        except (ValueError, TypeError):
            allowed = ", ".join(plain_words(member.value) for member in kind)
            self.problems.append(Problem(field, f"Choose one of: {allowed}.", Code.COMPETITION_CHOICE))
            return default

    def whole(self, value: Any, field: str, low: int = 0, high: int = COUNT_LIMIT, default: int = 0) -> int:
        """A whole number within bounds (the default when left out)."""
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.problems.append(Problem(field, f"Give a whole number from {low} to {high}.", Code.COMPETITION_NOT_WHOLE))
            return default
        return value

    def day(self, value: Any, field: str) -> date | None:
        """A day written as 2026-03-01 (None when left out)."""
        if value is None or value == "":
            return None
        try:
            return date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else self.bad_day(field)
        except ValueError:
            return self.bad_day(field)

    def bad_day(self, field: str) -> None:
        """Keep the problem of a day that is not one."""
        self.problems.append(Problem(field, "Give the day as year-month-day, for example 2026-03-01.", Code.COMPETITION_DATE))


def read_name(reader: Reader, value: Any) -> str:
    """The competition's name, its spaces tidied."""
    name = " ".join(value.split()) if isinstance(value, str) else ""
    if not name or len(name) > NAME_LIMIT:
        reader.problems.append(Problem("name", f"Give the competition a name of 1 to {NAME_LIMIT} characters.", Code.COMPETITION_NAME))
    return name


def read_afternoons(reader: Reader, part: Mapping) -> tuple[Afternoons, int | None]:
    """Which afternoons count, and the season they are of (None: none chosen)."""
    season_id = part.get("season_id")
    if season_id is not None:
        season_id = reader.whole(season_id, "afternoons.season_id", 1, 2 ** 62, None)
    starts_on = reader.day(part.get("from"), "afternoons.from")
    ends_on = reader.day(part.get("to"), "afternoons.to")
    if starts_on and ends_on and ends_on < starts_on:
        reader.problems.append(Problem("afternoons.to", "The last day comes before the first.", Code.COMPETITION_DATES_ORDER))
    weekday = part.get("weekday")
    weekday = None if weekday is None else reader.whole(weekday, "afternoons.weekday", 0, 6)
    chosen = part.get("chosen") or []
    if not isinstance(chosen, list) or len(chosen) > CHOSEN_LIMIT:
        reader.problems.append(Problem("afternoons.chosen", f"Choose up to {CHOSEN_LIMIT} afternoons as a list.",
                       Code.COMPETITION_NOT_WHOLE))
        chosen = []
    picked = tuple(reader.whole(n, f"afternoons.chosen[{i}]", 1, 2 ** 62) for i, n in enumerate(chosen))
    return Afternoons("", starts_on, ends_on, weekday, tuple(n for n in picked if n)), season_id


def read_counting(reader: Reader, part: Mapping) -> Counting:
    """How many afternoons count."""
    kind = reader.choice(part.get("kind"), CountKind, "counting.kind", CountKind.ALL)
    counting = Counting(kind, reader.whole(part.get("best"), "counting.best"),
                        reader.whole(part.get("per"), "counting.per"), reader.whole(part.get("beyond"), "counting.beyond"))
    if kind == CountKind.BEST and counting.best < 1:
        reader.problems.append(Problem("counting.best", "Say how many of the best afternoons count (1 or more).", Code.COMPETITION_NEEDS))
    if kind == CountKind.DROP_PER and counting.per < 1:
        reader.problems.append(Problem("counting.per", "Say after how many afternoons one is dropped (1 or more).",
                       Code.COMPETITION_NEEDS))
    return counting


def read_qualification(reader: Reader, part: Mapping) -> Qualification:
    """Who is ranked."""
    return Qualification(reader.whole(part.get("afternoons"), "qualification.afternoons"),
                         reader.whole(part.get("games"), "qualification.games"),
                         reader.whole(part.get("percent"), "qualification.percent", 0, 100),
                         reader.whole(part.get("partners"), "qualification.partners"))


def read_fixed(reader: Reader, value: Any) -> tuple[tuple[str, int], ...]:
    """The organiser's handicaps: a list of {"player": name, "points": points a game}."""
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > FIXED_PLAYERS_LIMIT:
        reader.problems.append(Problem("handicap.fixed", f"List up to {FIXED_PLAYERS_LIMIT} players, each with their handicap.",
                       Code.COMPETITION_PLAYER))
        return ()
    found: dict[str, tuple[str, int]] = {}
    for index, entry in enumerate(value):
        field = f"handicap.fixed[{index}]"
        name = " ".join(entry.get("player", "").split()) if isinstance(entry, Mapping) and isinstance(
            entry.get("player"), str) else ""
        if not name or len(name) > NAME_LIMIT or name.casefold() in found:
            reader.problems.append(Problem(f"{field}.player", "Give each player once, by name, with their handicap.",
                           Code.COMPETITION_PLAYER))
            continue
        points = reader.whole(entry.get("points"), f"{field}.points", -FIXED_LIMIT, FIXED_LIMIT)
        found[name.casefold()] = (name, points)
    return tuple(found.values())


def read_handicap(reader: Reader, part: Mapping) -> Handicap:
    """The handicap."""
    kind = reader.choice(part.get("kind"), HandicapKind, "handicap.kind", HandicapKind.NONE)
    handicap = Handicap(kind, read_fixed(reader, part.get("fixed")),
                        reader.whole(part.get("per_point"), "handicap.per_point", 0, PER_POINT_LIMIT),
                        reader.day(part.get("rating_on"), "handicap.rating_on"))
    if kind == HandicapKind.RATING_ON and handicap.rating_on is None:
        reader.problems.append(Problem("handicap.rating_on", "Say on which day the rating is read.", Code.COMPETITION_NEEDS))
    if kind in (HandicapKind.RATING_ON, HandicapKind.RATING_MOVING) and handicap.per_point < 1:
        reader.problems.append(Problem("handicap.per_point", "Say how many points a game each point of rating is worth.",
                       Code.COMPETITION_NEEDS))
    return handicap


def read_place_points(reader: Reader, value: Any) -> tuple[int, ...]:
    """The points each place earns, first place first."""
    if value is None:
        return Competition("").place_points
    if not isinstance(value, list) or not 1 <= len(value) <= PLACES_LIMIT:
        reader.problems.append(Problem("place_points", f"Give the points of 1 to {PLACES_LIMIT} places as a list.",
                       Code.COMPETITION_NEEDS))
        return Competition("").place_points
    return tuple(reader.whole(points, f"place_points[{i}]", 0, PLACE_POINTS_LIMIT) for i, points in enumerate(value))


def read_competition(data: object) -> tuple[Competition | None, int | None, list[Problem]]:
    """A competition and the id of its season from its data, or None and every problem with it."""
    reader = Reader()
    if not isinstance(data, Mapping):
        reader.problems.append(Problem("", "Send the competition as a set of choices.", Code.COMPETITION_NOT_OBJECT))
        return None, None, reader.problems
    for key in data:
        if key not in FIELDS:
            reader.problems.append(Problem(str(key)[:40], f"A competition has no choice called {str(key)[:40]!r}.",
                           Code.COMPETITION_CHOICE))
    name = read_name(reader, data.get("name"))
    afternoons, season_id = read_afternoons(reader, reader.part(data, "afternoons"))
    competition = Competition(
        name, afternoons, reader.choice(data.get("whom"), Whom, "whom", Whom.PLAYERS),
        reader.choice(data.get("method"), Method, "method", Method.GAMES_WON),
        read_place_points(reader, data.get("place_points")), read_counting(reader, reader.part(data, "counting")),
        read_qualification(reader, reader.part(data, "qualification")),
        read_handicap(reader, reader.part(data, "handicap")))
    return (None if reader.problems else competition), season_id, reader.problems


def competition_data(competition: Competition, season_id: int | None = None) -> dict:
    """A competition as plain data, read back the same by read_competition."""
    chosen, counting = competition.afternoons, competition.counting
    rule, handicap = competition.qualification, competition.handicap
    day = lambda value: value.isoformat() if value else None  # noqa: E731
    return {
        "name": competition.name,
        "afternoons": {"season_id": season_id, "from": None if season_id else day(chosen.starts_on),
                       "to": None if season_id else day(chosen.ends_on), "weekday": chosen.weekday,
                       "chosen": list(chosen.chosen)},
        "whom": competition.whom.value, "method": competition.method.value,
        "place_points": list(competition.place_points),
        "counting": {"kind": counting.kind.value, "best": counting.best, "per": counting.per, "beyond": counting.beyond},
        "qualification": {"afternoons": rule.afternoons, "games": rule.games, "percent": rule.percent,
                          "partners": rule.partners},
        "handicap": {"kind": handicap.kind.value, "per_point": handicap.per_point, "rating_on": day(handicap.rating_on),
                     "fixed": [{"player": name, "points": points} for name, points in handicap.fixed]},
    }
