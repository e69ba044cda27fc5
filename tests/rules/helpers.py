"""Small builders shared by the rule tests: teams, hands and what the engine answers for them."""
from __future__ import annotations

from app.rules import TeamEntry, get_ruleset, score_hand, validate_hand

#: Every rule set id, in the order docs/rules.md lists them.
RULESET_IDS = ("bolivia", "sambola", "bolivia_plus", "bolivia_classic", "bolivia_hoyle")

#: Rule sets that share the standard initial-meld table and the "higher once reached" rule.
STANDARD_IDS = ("bolivia", "sambola", "bolivia_classic", "bolivia_hoyle")

#: The fewest sets each rule set needs to go out, and table points they comfortably allow.
GOING_OUT_SETS = {
    "bolivia": {"red_samba": 1, "red_canasta": 1},
    "sambola": {"red_canasta": 2, "black_canasta": 1},
    "bolivia_plus": {"sequence": 1, "natural_canasta": 1, "mixed_canasta": 1},
    "bolivia_classic": {"escalera": 1, "natural_canasta": 1},
    "bolivia_hoyle": {"sequence": 1, "natural_canasta": 1},
}
GOING_OUT_TABLE = 300


def team(**fields) -> TeamEntry:
    """A team entry; any figure left out is 0, false or {} as in the API."""
    return TeamEntry(**fields)


def out_team(ruleset_id: str, **fields) -> TeamEntry:
    """A team that went out with its rule set's smallest going-out sets (overridable)."""
    values = {"sets": dict(GOING_OUT_SETS[ruleset_id]), "table_points": GOING_OUT_TABLE,
              "went_out": True}
    values.update(fields)
    return TeamEntry(**values)


def score(ruleset_id: str, teams, variations=None, progressives=None, target=None):
    """The engine's HandResult for these entries."""
    return score_hand(get_ruleset(ruleset_id, variations), teams, progressives, target)


def problems(ruleset_id: str, teams, variations=None, progressives=None):
    """The engine's problems for these entries."""
    return validate_hand(get_ruleset(ruleset_id, variations), teams, progressives)


def line_points(result, prefix: str) -> list[int]:
    """Points of every breakdown line of a TeamResult whose label starts with `prefix`."""
    return [line.points for line in result.breakdown if line.label.startswith(prefix)]


def only_line(result, prefix: str) -> int:
    """The points of the one breakdown line starting with `prefix` (fails if not exactly one)."""
    found = line_points(result, prefix)
    assert len(found) == 1, f"expected one '{prefix}' line in {result.breakdown}"
    return found[0]


def only_kind(result, kind: str) -> int:
    """The points of the one breakdown line of this kind (fails if not exactly one)."""
    found = [line.points for line in result.breakdown if line.kind == kind]
    assert len(found) == 1, f"expected one '{kind}' line in {result.breakdown}"
    return found[0]


def codes_of(found) -> list:
    """The stable codes of a list of problems."""
    return [p.code for p in found]


def fields_of(found) -> list:
    """The field paths of a list of problems."""
    return [p.field for p in found]


def is_sentence(message: str) -> bool:
    """A message a player can read: starts with a capital, a digit or a quote, ends with a full stop."""
    return (bool(message) and (message[0].isupper() or message[0].isdigit() or message[0] in "'\"")
            and message.rstrip().endswith("."))
