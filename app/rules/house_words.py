"""House rules beside their document: each rule the club plays differently, the document's value and the club's.

Every value is worded by the describing code the seed rule sets use (describe.py), never a copy of it; each
rule's name (`rule_words`) is the one the checks, the form and the pages use.
"""
from __future__ import annotations

from dataclasses import dataclass

from .describe import black_three_counts, meld_rows, trey_table_words
from .model import BlackThreeMelding, RuleSet, UnmeldedRedThrees
from .numbers import points, signed
from .wording import plain_words


@dataclass(frozen=True)
class ChangedRule:
    """One rule that differs: its key (the change's JSON name), the rule in words, the two values in words."""

    key: str
    rule: str
    document: str
    club: str

    def as_dict(self) -> dict:
        """As GET /api/v1/house-rules/<id> lists it under `differences`."""
        return {"key": self.key, "rule": self.rule, "document": self.document, "club": self.club}


def rule_words(ruleset: RuleSet, key: str) -> str:
    """A change's rule in the club's words: 'The going-out bonus', 'A black trey left in a hand', and for
    `set_bonuses.<set id>` 'The Red Canasta bonus'."""
    one = ruleset.threes[:-1]
    if key.startswith("set_bonuses."):
        return f"The {ruleset.set_type(key.removeprefix('set_bonuses.')).name} bonus"
    return {
        "target": "The winning score", "initial_meld_table": "The meld minimum",
        "going_out_bonus": "The going-out bonus", "concealed_bonus": "The bonus for going out concealed",
        "red_three_table": f"Red {ruleset.threes} on the table",
        "unmelded_red_threes": f"Red {ruleset.threes} of a team that has not melded",
        "black_three_in_hand_points": f"A black {one} left in a hand",
        "red_three_in_hand_points": f"A red {one} left in a hand", "failed_go_out_points": "A failed go-out",
    }.get(key, plain_words(key).capitalize())


def meld_words(ruleset: RuleSet) -> str:
    """'Below 0: 15 · 0 to 1,495: 50 · 1,500 to 2,995: 90 · ...'."""
    return " · ".join(f"{row.label}: {row.minimum}" for row in meld_rows(ruleset))


def unmelded_words(ruleset: RuleSet) -> str:
    """'minus' or 'plus', as a team not yet melded counts its red 3s."""
    return "minus" if ruleset.unmelded_red_threes == UnmeldedRedThrees.NEGATIVE else "plus"


def each_words(value: int | None) -> str:
    """'−100 each'."""
    return f"{signed(value)} each"


def black_trey_words(ruleset: RuleSet) -> str:
    """'3: 300 · 4: 600 · ...': melded black treys priced by the trey table (Bolivia Plus)."""
    return " · ".join(f"{n}: {points(value)}" for n, value in black_three_counts(ruleset))


def differences(document: RuleSet, club: RuleSet) -> tuple[ChangedRule, ...]:
    """Each rule the club's rule set scores differently from its document's, in the order pages list them."""
    rows = []

    def differ(key: str, rule: str, words) -> None:
        if words(document) != words(club):
            rows.append(ChangedRule(key, rule, words(document), words(club)))

    differ("target", rule_words(document, "target"), lambda r: points(r.target))
    differ("initial_meld_table", rule_words(document, "initial_meld_table"), meld_words)
    for set_type in document.set_types:
        differ(f"set_bonuses.{set_type.id}", rule_words(document, f"set_bonuses.{set_type.id}"),
               lambda r, set_id=set_type.id: signed(r.set_type(set_id).bonus))
    differ("going_out_bonus", rule_words(document, "going_out_bonus"), lambda r: signed(r.going_out_bonus))
    differ("concealed_bonus", rule_words(document, "concealed_bonus"), lambda r: signed(r.concealed_bonus))
    differ("red_three_table", rule_words(document, "red_three_table"),
           lambda r: trey_table_words(r.red_three_table))
    if document.black_three_melding == BlackThreeMelding.TREY_TABLE:
        differ("red_three_table", f"Melded black {document.threes} (priced as the reds)", black_trey_words)
    differ("unmelded_red_threes", rule_words(document, "unmelded_red_threes"), unmelded_words)
    differ("black_three_in_hand_points", rule_words(document, "black_three_in_hand_points"),
           lambda r: each_words(r.black_three_in_hand_points))
    if document.red_threes_in_hand_allowed:
        differ("red_three_in_hand_points", rule_words(document, "red_three_in_hand_points"),
               lambda r: each_words(r.red_three_in_hand_points))
    if document.failed_go_out_points is not None:
        differ("failed_go_out_points", rule_words(document, "failed_go_out_points"),
               lambda r: each_words(r.failed_go_out_points))
    return tuple(rows)


def header_words(ruleset: RuleSet) -> str:
    """'House rules: Our Bolivia (on Bolivia)' for a sheet's header; '' for a seed rule set."""
    if not ruleset.house_rules:
        return ""
    return f"House rules: {ruleset.house_rules} (on {ruleset.short_name})"


__all__ = ["ChangedRule", "differences", "header_words", "rule_words"]
