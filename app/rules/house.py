"""A club's house rules: a seed rule set (with its variations) and the club's changes to its numbers.

Applying the changes (`apply_changes`) gives a RuleSet like any other, which validation, scoring and the
outcome use unchanged. Only these numbers may change (docs/rules.md, "House rules"): the winning score, the
initial-meld steps, each set's bonus, the going-out and concealed bonuses, the red 3 table (which Bolivia
Plus's melded black treys follow, "as per the REDs"), whether a team not yet melded counts its red 3s minus or
plus, and what a black 3, a red 3 left in hand and a failed go-out cost. Set shapes, the going-out requirement,
the pack and the variations are the base's.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Mapping

from .model import MeldStep, RuleSet, UnmeldedRedThrees
from .numbers import points

#: The changes that are one figure of the rule set (the rest are tables, the sets' bonuses and a choice).
FIGURE_KEYS = ("target", "going_out_bonus", "concealed_bonus", "black_three_in_hand_points",
               "red_three_in_hand_points", "failed_go_out_points")
#: Every change a club may make, in the order pages and documents list them.
CHANGE_KEYS = (
    "target", "initial_meld_table", "set_bonuses", "going_out_bonus", "concealed_bonus", "red_three_table",
    "unmelded_red_threes", "black_three_in_hand_points", "red_three_in_hand_points", "failed_go_out_points",
)


@dataclass(frozen=True)
class Changes:
    """The club's figures where they differ from the base's; None (or no bonus) where the base's stand."""

    target: int | None = None
    initial_meld_table: tuple[MeldStep, ...] | None = None
    set_bonuses: tuple[tuple[str, int], ...] = ()          # (set type id, bonus), in the base's set order
    going_out_bonus: int | None = None
    concealed_bonus: int | None = None
    red_three_table: tuple[int, ...] | None = None          # points for 1, 2, ... red 3s on the table
    unmelded_red_threes: UnmeldedRedThrees | None = None
    black_three_in_hand_points: int | None = None
    red_three_in_hand_points: int | None = None
    failed_go_out_points: int | None = None

    def __post_init__(self):
        object.__setattr__(self, "set_bonuses", tuple((str(k), int(v)) for k, v in self.set_bonuses))
        if self.initial_meld_table is not None:
            object.__setattr__(self, "initial_meld_table", tuple(self.initial_meld_table))
        if self.red_three_table is not None:
            object.__setattr__(self, "red_three_table", tuple(self.red_three_table))
        if self.unmelded_red_threes is not None:
            object.__setattr__(self, "unmelded_red_threes", UnmeldedRedThrees(self.unmelded_red_threes))

    @property
    def keys(self) -> tuple[str, ...]:
        """The changes made, by their JSON names."""
        return tuple(key for key in CHANGE_KEYS if self.value(key) not in (None, ()))

    def value(self, key: str):
        """One change as stored here (None or () when not made)."""
        return getattr(self, key)

    def as_dict(self) -> dict:
        """The changes as JSON: only those made, each as the rule set's JSON names it."""
        found: dict = {}
        for key in self.keys:
            value = self.value(key)
            if key == "initial_meld_table":
                value = [{"from": step.from_total, "minimum": step.minimum} for step in value]
            elif key == "set_bonuses":
                value = dict(value)
            elif key == "red_three_table":
                value = list(value)
            elif key == "unmelded_red_threes":
                value = value.value
            found[key] = value
        return found


@dataclass(frozen=True)
class HouseRules:
    """A club's house rules: their name, the base rule set with its variations, the changes and the version."""

    name: str
    base: str
    variations: Mapping[str, str]
    changes: Changes
    version: int = 1

    def __post_init__(self):
        object.__setattr__(self, "variations", MappingProxyType(dict(self.variations)))


def apply_changes(base: RuleSet, changes: Changes, name: str = "") -> RuleSet:
    """The base rule set with the club's changes applied (changes already checked by house_checks)."""
    bonuses = dict(changes.set_bonuses)
    set_types = tuple(replace(s, bonus=bonuses[s.id]) if s.id in bonuses else s for s in base.set_types)
    table = base.red_three_table if changes.red_three_table is None else (0, *changes.red_three_table)
    ruleset = replace(
        base,
        target=_or(changes.target, base.target),
        meld_table=_or(changes.initial_meld_table, base.meld_table),
        set_types=set_types,
        going_out_bonus=_or(changes.going_out_bonus, base.going_out_bonus),
        concealed_bonus=_or(changes.concealed_bonus, base.concealed_bonus),
        red_three_table=table,
        unmelded_red_threes=_or(changes.unmelded_red_threes, base.unmelded_red_threes),
        black_three_in_hand_points=_or(changes.black_three_in_hand_points, base.black_three_in_hand_points),
        red_three_in_hand_points=_or(changes.red_three_in_hand_points, base.red_three_in_hand_points),
        failed_go_out_points=_or(changes.failed_go_out_points, base.failed_go_out_points),
        house_rules=name or base.house_rules,
    )
    if ruleset == replace(base, house_rules=ruleset.house_rules):
        return ruleset
    summary = re.sub(r"play to [\d,]+", f"play to {points(ruleset.target)}", base.summary)
    return replace(ruleset, summary=summary, house_readings=readings_kept(base, ruleset))


def _or(value, default):
    """The change when made, else the base's figure."""
    return default if value is None else value


def base_figures(ruleset: RuleSet) -> dict[str, tuple[str, ...]]:
    """Each changeable rule's figures as a reading of the document may quote them ('15,000', '200')."""
    def words(value) -> tuple[str, ...]:
        return (points(value), str(value), str(value).replace("-", "\u2212")) if isinstance(value, int) else ()
    found = {key: words(getattr(ruleset, key)) for key in FIGURE_KEYS}
    found["red_three_table"] = tuple(w for value in ruleset.red_three_table[1:] for w in words(value))
    found["set_bonuses"] = tuple(w for s in ruleset.set_types for w in words(s.bonus))
    found["unmelded_red_threes"] = ("not melded", "whether or not the team has melded")
    return found


def readings_kept(base: RuleSet, ruleset: RuleSet) -> tuple[str, ...]:
    """The base's readings of its document, but those that quote a figure the club has changed."""
    changed = [key for key in (*FIGURE_KEYS, "red_three_table", "unmelded_red_threes")
               if getattr(base, key) != getattr(ruleset, key)]
    if base.set_types != ruleset.set_types:
        changed.append("set_bonuses")
    figures = base_figures(base)
    quoted = [re.compile(rf"(?<![\d,.\-\u2212]){re.escape(word)}(?![\d,])")
              for key in changed for word in figures[key]]
    return tuple(reading for reading in base.house_readings
                 if not any(pattern.search(reading) for pattern in quoted))


__all__ = ["CHANGE_KEYS", "FIGURE_KEYS", "Changes", "HouseRules", "apply_changes"]
