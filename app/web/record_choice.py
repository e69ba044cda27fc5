"""Which of a player's games a page or the API shows, read from plain query parameters (from, to, ruleset,
house_rules, sort, order, page): every problem at once, each with its field and code."""
from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from app.rules import ruleset_ids
from app.rules.codes import Code
from app.rules.entries import Problem
from app.rules.own_record import Choice, SortBy

#: The query parameters of a player's games, in the order the page's form sends them.
CHOICE_PARAMETERS = ("from", "to", "ruleset", "house_rules", "sort", "order", "page")
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
LARGEST_PAGE = 10 ** 6
LARGEST_ID = 2 ** 31 - 1


def day_of(text: str, name: str, problems: list[Problem]) -> date | None:
    """A day written 2026-03-01 (empty: none)."""
    if not text:
        return None
    try:
        if DAY.fullmatch(text):
            return date.fromisoformat(text)
    except ValueError:
        pass
    problems.append(Problem(name, f"'{name}' must be a day written like 2026-03-01 (year, month, day).",
                            Code.QUERY_DATE))
    return None


def whole_of(text: str, largest: int) -> int | None:
    """A whole number from 1 to `largest`, else None."""
    if text.isascii() and text.isdigit() and 1 <= int(text[:10]) <= largest:
        return int(text)
    return None


def read_choice(arguments, house_rules_ids: set[int] | None = None, *, paged: bool = True
                ) -> tuple[Choice, list[Problem]]:
    """The choice the query asks for (a parameter left empty or out: its default) and every problem with it; a
    parameter with a problem counts as left out. `house_rules_ids`: the club's house rules (None: any number)."""
    problems: list[Problem] = []
    text = {name: (arguments.get(name) or "").strip() for name in CHOICE_PARAMETERS}
    choice = Choice(since=day_of(text["from"], "from", problems), until=day_of(text["to"], "to", problems))
    if choice.since and choice.until and choice.since > choice.until:
        problems.append(Problem("to", "'to' must be the same day as 'from' or after it.", Code.QUERY_DATE_ORDER))
        choice = replace(choice, until=None)
    if text["ruleset"]:
        if text["ruleset"] in ruleset_ids():
            choice = replace(choice, ruleset_id=text["ruleset"])
        else:
            problems.append(Problem("ruleset", f"'ruleset' must be one of: {', '.join(ruleset_ids())}.",
                                    Code.QUERY_RULESET))
    if text["house_rules"]:
        found = whole_of(text["house_rules"], LARGEST_ID)
        if found is not None and (house_rules_ids is None or found in house_rules_ids):
            choice = replace(choice, house_rules_id=found)
        else:
            problems.append(Problem("house_rules", "'house_rules' must be the number of one of the club's house "
                                                   "rules.", Code.QUERY_HOUSE_RULES))
    if text["sort"]:
        if text["sort"] in set(SortBy):
            choice = replace(choice, sort=SortBy(text["sort"]))
        else:
            problems.append(Problem("sort", "'sort' must be one of: date, result, margin.", Code.QUERY_SORT))
    if text["order"]:
        if text["order"] in ("desc", "asc"):
            choice = replace(choice, descending=text["order"] == "desc")
        else:
            problems.append(Problem("order", "'order' must be desc (newest, best or largest first) or asc.",
                                    Code.QUERY_ORDER))
    if paged and text["page"]:
        page = whole_of(text["page"], LARGEST_PAGE)
        if page is None:
            problems.append(Problem("page", f"'page' must be a whole number from 1 to {LARGEST_PAGE:,}.",
                                    Code.QUERY_PAGE))
        else:
            choice = replace(choice, page=page)
    return choice, problems


def choice_arguments(choice: Choice, **changes) -> dict:
    """The query parameters that ask for this choice (defaults left out), with some changed: what a link to
    another sort or page of the same games carries."""
    found = {"from": choice.since.isoformat() if choice.since else None,
             "to": choice.until.isoformat() if choice.until else None,
             "ruleset": choice.ruleset_id, "house_rules": choice.house_rules_id,
             "sort": None if choice.sort == SortBy.DATE else choice.sort.value,
             "order": None if choice.descending else "asc", "page": None if choice.page == 1 else choice.page}
    found.update(changes)
    return {name: value for name, value in found.items() if value is not None}
