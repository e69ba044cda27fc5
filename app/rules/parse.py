"""Turn a JSON-like team entry into a TeamEntry, naming every field of the wrong type."""
from __future__ import annotations

from typing import Any, Mapping

from .entries import COUNT_FIELDS, FLAG_FIELDS, Problem, TeamEntry
from .registry import set_words
from .wording import FIGURE_WORDS, plain_words
from .codes import Code

#: Whole numbers above this are refused before any arithmetic (no pack holds so many points).
LARGEST_NUMBER = 10_000_000


def is_json_whole_number(value: Any) -> bool:
    """A JSON integer (a float like 5.0 is not), within a sane size."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= LARGEST_NUMBER


def parse_team(data: Any, at: str, *, allow_progressive: bool = True) -> tuple[TeamEntry | None, int, list[Problem]]:
    """A team entry, its progressive total before the hand, and every type problem found."""
    if not isinstance(data, Mapping):
        return None, 0, [Problem(at, "Each team must be given with the team's figures.", Code.INPUT_TEAM_NOT_OBJECT)]
    known = {"name", "sets", "progressive", "melded", *COUNT_FIELDS, *FLAG_FIELDS}
    if not allow_progressive:
        known.discard("progressive")
    problems = [Problem(f"{at}.{key}", f"Treys keeps no figure called '{plain_words(key)}'.", Code.INPUT_UNKNOWN_FIGURE)
                for key in data if key not in known]
    values: dict[str, Any] = {}
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > 60:
        problems.append(Problem(f"{at}.name", "The team's name must be text of at most 60 characters.",
                                Code.INPUT_NAME))
    else:
        values["name"] = name.strip()
    for field in COUNT_FIELDS:
        value = data.get(field, 0)
        if is_json_whole_number(value):
            values[field] = value
        else:
            problems.append(Problem(f"{at}.{field}", f"{FIGURE_WORDS[field]} must be a whole number.",
                                    Code.INPUT_NOT_WHOLE))
    for field in FLAG_FIELDS:
        value = data.get(field, False)
        if isinstance(value, bool):
            values[field] = value
        else:
            problems.append(Problem(f"{at}.{field}", f"{FIGURE_WORDS[field]} must be yes or no (true or false).",
                                    Code.INPUT_NOT_BOOLEAN))
    melded = data.get("melded")
    if melded is not None and not isinstance(melded, bool):
        problems.append(Problem(f"{at}.melded", "Melded must be yes or no (true or false), or left out.",
                                Code.INPUT_MELDED))
    values["melded"] = melded if isinstance(melded, bool) else None
    sets = data.get("sets", {})
    if not isinstance(sets, Mapping):
        problems.append(Problem(f"{at}.sets", "The completed sets must be given as a number for each type of set.",
                                Code.INPUT_SETS_NOT_OBJECT))
        sets = {}
    for key, count in sets.items():
        if not is_json_whole_number(count):
            problems.append(Problem(f"{at}.sets.{key}", f"The number of {set_words(key, plural=True)} must be "
                                    "a whole number.", Code.INPUT_SET_NOT_WHOLE))
    values["sets"] = {k: v for k, v in sets.items() if is_json_whole_number(v)}
    progressive = data.get("progressive", 0)
    if not is_json_whole_number(progressive):
        problems.append(Problem(f"{at}.progressive", "The total before the hand must be a whole number.",
                                Code.INPUT_PROGRESSIVE))
        progressive = 0
    if problems:
        return None, 0, problems
    return TeamEntry(**values), progressive, []


def parse_teams(data: Any, field: str = "teams", *, allow_progressive: bool = True
                ) -> tuple[list[TeamEntry], list[int], list[Problem]]:
    """Every team of a request body, their totals before the hand, and every type problem."""
    if not isinstance(data, list) or not data:
        return [], [], [Problem(field, "The teams must be given as a list, one for each team.",
                                 Code.INPUT_TEAMS_NOT_LIST)]
    if len(data) > 3:
        return [], [], [Problem(field, "A hand has two teams (three single players at most).", Code.INPUT_TEAM_COUNT)]
    entries, totals, problems = [], [], []
    for i, item in enumerate(data):
        entry, total, found = parse_team(item, f"{field}[{i}]", allow_progressive=allow_progressive)
        problems += found
        if entry is not None:
            entries.append(entry)
            totals.append(total)
    return entries, totals, problems
