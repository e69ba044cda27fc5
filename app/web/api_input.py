"""Read and check API request bodies: types and shapes only, every rule is the engine's."""
from __future__ import annotations

import hashlib
import json
import unicodedata
from typing import Any, Iterable

from flask import current_app, request, url_for
from werkzeug.exceptions import MethodNotAllowed

from app.rules import (Problem, RuleSet, TeamEntry, apply_changes, get_ruleset, parse_teams, read_changes, ruleset_ids,
                       variation_problems)
from app.rules.parse import LARGEST_NUMBER, is_json_whole_number
from app.rules.refusal import Refusal, RefusalKind
from app.rules.codes import Code
from app.store.club.house_models import HouseRulesVersion
from app.store.club.house_rules import chosen_house_rules, game_variations, ruleset_of_version

NAME_LENGTH = 60        # Team.name and Player.name columns
LABEL_LENGTH = 40       # Game.table_label column
TOKEN_LENGTH = 64       # Hand.client_token column
CARDS_LENGTH = 500      # far more than any completed set needs
NOT_AN_OBJECT = ("The request body must be a JSON object, sent with "
                 "'Content-Type: application/json'.")


def read_body() -> dict:
    """The request's JSON object; 400 for anything else (bad JSON, wrong type, far too deep)."""
    try:
        body = request.get_json(silent=True)
    except RecursionError:
        body = None
    if not isinstance(body, dict):
        raise Refusal(RefusalKind.BAD_REQUEST, [Problem(None, NOT_AN_OBJECT, Code.BODY_NOT_OBJECT)])
    return body


def refuse_problems(problems: list[Problem]) -> None:
    """Raise a 422 when there is any problem."""
    if problems:
        raise Refusal(RefusalKind.INVALID, problems)


def unknown_fields(body: dict, known: Iterable[str], at: str = "") -> list[Problem]:
    """A problem for each key the endpoint does not take (a typo would otherwise go unseen)."""
    known = tuple(known)
    listed = f"it takes: {', '.join(known)}" if known else "it takes none"
    return [Problem(f"{at}{key}", f"'{key}' is not a field Treys knows here ({listed}).", Code.FIELD_UNKNOWN)
            for key in body if key not in known]


def token_problems(token: Any) -> list[Problem]:
    """An optional client_token: text of 1 to 64 characters."""
    return [] if token is None else text_problems(token, "client_token", "client_token", TOKEN_LENGTH)


def request_digest(body: dict) -> str:
    """What a request asks for, hashed (its client_token left out): tells a resent request from another one."""
    asked = {key: value for key, value in body.items() if key != "client_token"}
    return hashlib.sha256(json.dumps(asked, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def is_plain_text(value: str) -> bool:
    """Text without control characters or lone surrogates (the database refuses both)."""
    return not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value)


def text_problems(value: Any, field: str, what: str, limit: int, *, required: bool = True) -> list[Problem]:
    """A name or label: text of at most `limit` characters, not empty when required."""
    if not isinstance(value, str) or not is_plain_text(value) or len(value.strip()) > limit:
        return [Problem(field, f"{what} must be text of at most {limit} characters.", Code.TEXT_TOO_LONG)]
    if required and not value.strip():
        return [Problem(field, f"{what} must not be empty.", Code.TEXT_EMPTY)]
    return []


def whole_problems(value: Any, field: str, what: str) -> list[Problem]:
    """A JSON whole number (not true/false, not 5.0) of a sane size."""
    if is_json_whole_number(value):
        return []
    return [Problem(field, f"{what} must be a whole number (at most {LARGEST_NUMBER:,}).", Code.INPUT_NOT_WHOLE)]


def target_problems(value: Any) -> list[Problem]:
    """An optional winning score: a positive whole multiple of 5."""
    if value is None:
        return []
    if not is_json_whole_number(value) or value <= 0 or value % 5:
        return [Problem("target", "The winning score must be a positive whole multiple of 5 "
                                  f"(at most {LARGEST_NUMBER:,}).", Code.TARGET_INVALID)]
    return []


def safe_variation(value: Any) -> Any:
    """A variation value the engine can quote: lists, objects and huge numbers are summarised."""
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > LARGEST_NUMBER:
        return "a huge number"
    return value


def house_version(body: dict) -> tuple[HouseRulesVersion | None, list[Problem]]:
    """The newest version of the club's house rules the body names (`house_rules`), if any, with its problems."""
    return chosen_house_rules(body.get("house_rules"), body.get("ruleset"))


def ruleset_problems(body: dict) -> tuple[dict, list[Problem]]:
    """The body's variations made safe to quote, and every problem with its rule set (or house rules) and
    variations. Under house rules the variations are theirs, with a solo variation the body chooses."""
    version, problems = house_version(body)
    if problems or version is not None:
        variations = body.get("variations") or {}
        variations = {k: safe_variation(v) for k, v in variations.items()} if isinstance(variations, dict) else {}
        variations = game_variations(version, variations) if version is not None else {}
        return variations, problems or variation_problems(version.base, variations)
    ruleset_id, variations = body.get("ruleset"), body.get("variations")
    if not isinstance(ruleset_id, str) or not ruleset_id:
        known = ", ".join(ruleset_ids())
        return {}, [Problem("ruleset", f"Give the rule set's id as text, one of: {known}.", Code.RULESET_UNKNOWN)]
    if variations is None:
        variations = {}
    if not isinstance(variations, dict):
        return {}, [Problem("variations", "'variations' must be an object like {\"jokers\": 9}.",
                            Code.VARIATIONS_NOT_OBJECT)]
    variations = {key: safe_variation(value) for key, value in variations.items()}
    return variations, variation_problems(ruleset_id, variations)


def load_ruleset(body: dict) -> tuple[RuleSet | None, list[Problem]]:
    """The rule set the body names with its variations: the club's house rules (`house_rules`), or a rule set with
    `changes` sent inline (checked as house rules are, nothing stored), or as written; or None and the problems."""
    if body.get("house_rules") is not None and body.get("changes") is not None:
        return None, [Problem("changes", "Send either the id of the club's house rules or the changes, not both.",
                              Code.HOUSE_BOTH)]
    variations, problems = ruleset_problems(body)
    if problems:
        return None, problems
    version, _ = house_version(body)
    if version is not None:
        return ruleset_of_version(version.id, version.base, variations), []
    ruleset = get_ruleset(body["ruleset"], variations)
    if body.get("changes") is None:
        return ruleset, []
    changes, problems = read_changes(ruleset, body["changes"])
    return (None, problems) if problems else (apply_changes(ruleset, changes, "The changes sent"), [])


def score_request(body: dict) -> tuple[RuleSet, list[TeamEntry], list[int], int | None]:
    """The rule set, entries, totals before the hand and target of a /score body; 422 otherwise."""
    problems = unknown_fields(body, ("ruleset", "variations", "house_rules", "changes", "target", "teams"))
    ruleset, found = load_ruleset(body)
    problems += found + target_problems(body.get("target"))
    entries, totals, found = parse_teams(body.get("teams"))
    refuse_problems(problems + found)
    return ruleset, entries, totals, body.get("target")


def set_request(body: dict) -> tuple[RuleSet, str]:
    """The rule set and the cards of a /sets/check body; 422 otherwise."""
    problems = unknown_fields(body, ("ruleset", "variations", "cards"))
    ruleset, found = load_ruleset(body)
    problems += found
    cards = body.get("cards")
    if not isinstance(cards, str):
        problems.append(Problem("cards", "'cards' must be text like \"7H 7S 7D 7C 7H 7S 2C\".", Code.CARDS_NOT_TEXT))
    elif len(cards) > CARDS_LENGTH:
        problems.append(Problem("cards", f"That is far too many cards for one set "
                                         f"(at most {CARDS_LENGTH} characters).", Code.CARDS_TOO_LONG))
    refuse_problems(problems)
    return ruleset, cards


def team_table(data: Any, at: str, index: int) -> tuple[dict | None, list[Problem]]:
    """One team of a new game: {"name"?, "players": [...]}, named 'Team N' when it has no name."""
    if not isinstance(data, dict):
        return None, [Problem(at, "Each team must be an object like "
                                  "{\"name\": \"Us\", \"players\": [\"Ann\", \"Bob\"]}.", Code.INPUT_TEAM_NOT_OBJECT)]
    problems = unknown_fields(data, ("name", "players"), f"{at}.")
    name = data.get("name")
    if name is None:
        name = f"Team {index + 1}"
    problems += text_problems(name, f"{at}.name", "A team's name", NAME_LENGTH)
    players = data.get("players")
    if not isinstance(players, list) or not players:
        problems.append(Problem(f"{at}.players", "'players' must be a list of the players' names.",
                                Code.PLAYERS_NOT_LIST))
        players = []
    for i, player in enumerate(players):
        problems += text_problems(player, f"{at}.players[{i}]", "A player's name", NAME_LENGTH)
    if problems:
        return None, problems
    return {"name": name.strip(), "players": [p.strip() for p in players]}, []


def first_dealer(value: Any) -> tuple[tuple[int, int], list[Problem]]:
    """The optional first dealer {"team": 0, "player": 0}; the game checks the player exists."""
    if value is None:
        return (0, 0), []
    if not isinstance(value, dict) or set(value) != {"team", "player"}:
        return (0, 0), [Problem("first_dealer", "'first_dealer' must be an object like "
                                                "{\"team\": 0, \"player\": 0}.", Code.FIRST_DEALER_INVALID)]
    problems = (whole_problems(value["team"], "first_dealer.team", "The dealer's team")
                + whole_problems(value["player"], "first_dealer.player", "The dealer's seat"))
    return (value["team"], value["player"]), problems


def game_request(body: dict) -> dict:
    """The arguments of the store's create_game from a new-game body, or a refusal naming every problem."""
    problems = unknown_fields(body, ("ruleset", "variations", "house_rules", "target", "teams", "table",
                                     "first_dealer", "client_token"))
    problems += token_problems(body.get("client_token"))
    variations, found = ruleset_problems(body)
    problems += found + target_problems(body.get("target"))
    label = "" if body.get("table") is None else body["table"]
    problems += text_problems(label, "table", "The table's label", LABEL_LENGTH, required=False)
    teams, data = [], body.get("teams")
    if not isinstance(data, list) or not data:
        problems.append(Problem("teams", "'teams' must be a list of teams, each with its players.",
                                Code.INPUT_TEAMS_NOT_LIST))
        data = []
    for i, item in enumerate(data):
        team, found = team_table(item, f"teams[{i}]", i)
        problems += found
        teams.append(team)
    dealer, found = first_dealer(body.get("first_dealer"))
    refuse_problems(problems + found)
    version, _ = house_version(body)
    return {"ruleset_id": version.base if version is not None else body["ruleset"], "variations": variations,
            "teams": teams, "house_rules": version,
            "target": body.get("target"), "table_label": label.strip(),
            "first_dealer": dealer, "client_token": body.get("client_token"),
            "request_digest": request_digest(body)}


def hand_request(body: dict, *, correcting: bool) -> tuple[list[TeamEntry], str | None, int | None]:
    """The entries, client token and version of a hand body; 422 otherwise."""
    known = ("teams", "version") if correcting else ("teams", "client_token", "version")
    problems = unknown_fields(body, known)
    entries, _, found = parse_teams(body.get("teams"), allow_progressive=False)
    problems += found
    token, version = body.get("client_token"), body.get("version")
    problems += token_problems(token)
    if version is None and correcting:
        problems.append(Problem("version", "Send the game's 'version' as you read it, so that a "
                                           "correction cannot overwrite someone else's.", Code.VERSION_MISSING))
    elif version is not None:
        problems += whole_problems(version, "version", "'version'")
    refuse_problems(problems)
    return entries, token, version


def version_request(body: dict) -> int | None:
    """The optional {"version": N} body of removing a hand, ending, abandoning or deleting a game; 422 otherwise."""
    problems = unknown_fields(body, ("version",))
    version = body.get("version")
    if version is not None:
        problems += whole_problems(version, "version", "'version'")
    refuse_problems(problems)
    return version


#: A list's pages: `limit` items a page (at most LONGEST_PAGE), page 1 first.
PAGE_LIMIT, LONGEST_PAGE = 100, 500


def page_arguments() -> tuple[int, int]:
    """The ?page=N&limit=M of a list (page from 1, limit 1 to LONGEST_PAGE); 422 otherwise."""
    found, problems = {}, []
    for name, default, largest in (("page", 1, 10**6), ("limit", PAGE_LIMIT, LONGEST_PAGE)):
        value = request.args.get(name, str(default))
        if not value.isascii() or not value.isdigit() or not 1 <= int(value[:8]) <= largest:
            problems.append(Problem(name, f"'{name}' must be a whole number from 1 to {largest:,}.",
                                    Code(f"query.{name}")))
        else:
            found[name] = int(value)
    refuse_problems(problems)
    return found["page"], found["limit"]


def paged(total: int, page: int, limit: int) -> dict:
    """What a list's answer says of its pages, beside its items: this page, its size, how many items and pages,
    and the next page's address (None on the last page)."""
    pages = max(1, -(-total // limit))
    following = url_for(request.endpoint, page=page + 1, limit=limit) if page < pages else None
    return {"page": page, "limit": limit, "total": total, "pages": pages, "next": following}


#: The query parameters each route reads; any other one is refused (a typo would otherwise go unseen).
QUERY_PARAMETERS = {"club_api.list_players": ("page", "limit"), "club_api.list_sessions": ("page", "limit"),
                    "club_api.list_games": ("page", "limit"),
                    "club_api.player_games": ("from", "to", "ruleset", "house_rules", "sort", "order", "page", "limit"),
                    "club_api.player_head_to_head": ("from", "to", "ruleset", "house_rules", "sort", "order", "page",
                                                     "limit")}
VERSION_IN_QUERY = ("Send 'version' in the JSON body ({\"version\": 3}), not in the address: a version in the "
                    "address is not read.")


def query_problems(endpoint: str | None, arguments) -> list[Problem]:
    """A problem for each query parameter the route does not read; 'version' says where it goes."""
    known = QUERY_PARAMETERS.get(endpoint or "", ())
    listed = ", ".join(known) or "none"
    return [Problem("version", VERSION_IN_QUERY, Code.VERSION_IN_QUERY) if key == "version" else
            Problem(key, f"'{key}' is not a query parameter Treys reads here (it reads: {listed}).",
                    Code.QUERY_UNKNOWN)
            for key in arguments if key not in known]


def refuse_unknown_query() -> None:
    """Before an API route: 405 for OPTIONS (no route takes it: the document lists every method each takes), 422
    for a query parameter it does not read."""
    if request.method == "OPTIONS":
        taken = current_app.url_map.bind_to_environ(request.environ).allowed_methods()
        raise MethodNotAllowed(valid_methods=sorted(set(taken) - {"OPTIONS"}))
    refuse_problems(query_problems(request.endpoint, request.args))
