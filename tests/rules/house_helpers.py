"""Builders for the house rules tests: a seed rule set with a club's changes applied, and one team's score."""
from __future__ import annotations

from app.rules import RuleSet, TeamEntry, get_ruleset, house_ruleset, read_house_rules, score_hand


def house(rid: str, variations: dict | None = None, **changes) -> RuleSet:
    """The rule set of house rules on this base with these changes (which must be valid)."""
    rules, problems = read_house_rules("Our rules", rid, variations or {}, changes)
    assert problems == [], problems
    return house_ruleset(rules)


def scores(ruleset: RuleSet, teams: list[TeamEntry], progressives=None) -> list[int]:
    """Each team's hand score under this rule set."""
    return [t.score for t in score_hand(ruleset, teams, progressives).teams]


def seed(rid: str, variations: dict | None = None) -> RuleSet:
    """The seed rule set, as its document has it."""
    return get_ruleset(rid, variations)
