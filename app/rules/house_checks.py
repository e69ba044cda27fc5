"""Read and check a club's changes to a base rule set: every problem at once, each in the club's words.

Figures are multiples of 5 within sane bounds; meld steps start below 0, then from 0, rise with the total and
never ask less as it grows; the red 3 table has one figure for each red 3 of the pack and never gives less for
more; bonuses are not negative and penalties not positive; only rules the base has may change.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from .codes import Code
from .entries import Problem
from .house import CHANGE_KEYS, Changes, HouseRules, apply_changes
from .house_words import rule_words
from .model import MeldStep, RuleSet, UnmeldedRedThrees
from .numbers import points
from .registry import get_ruleset, variation_problems
from .wording import and_list, plain_words

#: Longest name of a club's house rules.
NAME_LIMIT = 60
#: At most this many initial-meld steps.
MELD_STEPS_LIMIT = 12

#: (lowest, highest) for each single figure; bonuses start at 0, penalties end at 0.
BOUNDS = {
    "target": (1000, 100000), "going_out_bonus": (0, 5000), "concealed_bonus": (0, 5000),
    "black_three_in_hand_points": (-5000, 0), "red_three_in_hand_points": (-5000, 0),
    "failed_go_out_points": (-5000, 0), "set_bonus": (0, 10000), "red_three": (0, 10000),
    "meld_minimum": (0, 1000), "meld_from": (0, 100000),
}
PENALTIES = ("black_three_in_hand_points", "red_three_in_hand_points", "failed_go_out_points")
#: Changes the base must have a rule for: the rule set's switch that says it has one.
NEEDS = {"red_three_in_hand_points": lambda r: r.red_threes_in_hand_allowed,
         "failed_go_out_points": lambda r: r.failed_go_out_points is not None}


def is_whole(value) -> bool:
    """A whole number, and not a True/False."""
    return isinstance(value, int) and not isinstance(value, bool)


def figure_problems(value, field: str, what: str, bounds: tuple[int, int], *, penalty: bool = False
                    ) -> list[Problem]:
    """One figure: whole, a multiple of 5, not negative (a bonus) or not positive (a penalty), within bounds."""
    low, high = bounds
    if not is_whole(value):
        return [Problem(field, f"{what} must be a whole number of points, not '{plain_words(value)}'.",
                        Code.HOUSE_NOT_WHOLE)]
    if value % 5:
        return [Problem(field, f"{what} must be a multiple of 5, as every score is; {points(value)} is not.",
                        Code.HOUSE_NOT_MULTIPLE_OF_5)]
    if penalty and value > 0:
        return [Problem(field, f"{what} is a penalty: it must be 0 or less, not {points(value)}.",
                        Code.HOUSE_PENALTY_POSITIVE)]
    if not penalty and low >= 0 and value < 0:
        return [Problem(field, f"{what} is a bonus: it cannot be less than 0 ({points(value)}).",
                        Code.HOUSE_BONUS_NEGATIVE)]
    if not low <= value <= high:
        return [Problem(field, f"{what} must be between {points(low)} and {points(high)}, not {points(value)}.",
                        Code.HOUSE_OUT_OF_BOUNDS)]
    return []


def read_meld_table(value, field: str) -> tuple[tuple[MeldStep, ...] | None, list[Problem]]:
    """The initial-meld steps: [{"from": null, "minimum": 15}, {"from": 0, "minimum": 50}, ...]."""
    if not isinstance(value, list) or not 2 <= len(value) <= MELD_STEPS_LIMIT:
        return None, [Problem(field, f"The meld minimum must be a list of 2 to {MELD_STEPS_LIMIT} steps, each "
                                     "a total it applies from and the minimum.", Code.HOUSE_MELD_NOT_LIST)]
    steps, problems = [], []
    for i, step in enumerate(value):
        at = f"{field}[{i}]"
        if not isinstance(step, Mapping) or set(step) != {"from", "minimum"}:
            problems.append(Problem(at, f"Step {i + 1} of the meld minimum must give the total it applies "
                                        "from and the minimum, and nothing else.", Code.HOUSE_MELD_STEP))
            continue
        start, minimum = step["from"], step["minimum"]
        found = figure_problems(minimum, f"{at}.minimum", f"The meld minimum of step {i + 1}",
                                BOUNDS["meld_minimum"])
        if i == 0 and start is not None:
            found.append(Problem(f"{at}.from", "The first step of the meld minimum is for a total below 0: "
                                               "leave its total empty.", Code.HOUSE_MELD_FIRST))
        elif i == 1 and start != 0:
            found.append(Problem(f"{at}.from", "The second step of the meld minimum starts from a total of 0, "
                                               f"not {plain_words(start)}.", Code.HOUSE_MELD_ZERO))
        elif i > 1:
            found += figure_problems(start, f"{at}.from", f"The total of step {i + 1} of the meld minimum",
                                     BOUNDS["meld_from"])
        problems += found
        if not found:
            steps.append(MeldStep(start, minimum))
    if problems:
        return None, problems
    return tuple(steps), meld_order_problems(steps, field)


def meld_order_problems(steps: list[MeldStep], field: str) -> list[Problem]:
    """Totals that rise from step to step, and minimums that never fall as the total grows."""
    problems = []
    for i, (before, step) in enumerate(zip(steps, steps[1:]), start=1):
        if before.from_total is not None and step.from_total <= before.from_total:
            problems.append(Problem(f"{field}[{i}].from", "Each step of the meld minimum starts from a higher "
                                    f"total: {points(step.from_total)} comes after {points(before.from_total)}.",
                                    Code.HOUSE_MELD_NOT_RISING))
        elif step.minimum < before.minimum:
            since = "a total below 0" if before.from_total is None else points(before.from_total)
            problems.append(Problem(f"{field}[{i}].minimum", "The meld minimum cannot fall as the total grows: "
                                    f"{points(before.minimum)} from {since} but {points(step.minimum)} from "
                                    f"{points(step.from_total)}.", Code.HOUSE_MELD_FALLS))
    return problems


def read_red_three_table(base: RuleSet, value, field: str) -> tuple[tuple[int, ...] | None, list[Problem]]:
    """Points for 1, 2, ... red 3s on the table: one figure for each red 3 the pack holds, never falling."""
    threes, many = base.threes, base.pack.red_threes
    if not isinstance(value, list):
        return None, [Problem(field, f"Red {threes} on the table must be a list of points: for 1 red "
                                     f"{threes[:-1]}, for 2, and so on.", Code.HOUSE_RED_THREES_NOT_LIST)]
    if len(value) != many:
        return None, [Problem(field, f"Red {threes} on the table need {many} figures, one for each red "
                                     f"{threes[:-1]} the pack holds (1 to {many}), not {len(value)}.",
                              Code.HOUSE_RED_THREES_LENGTH)]
    problems = []
    for n, figure in enumerate(value, start=1):
        problems += figure_problems(figure, f"{field}[{n - 1}]", f"Red {threes} on the table, {n} of them",
                                    BOUNDS["red_three"])
    if problems:
        return None, problems
    for n, (before, figure) in enumerate(zip(value, value[1:]), start=2):
        if figure < before:
            problems.append(Problem(f"{field}[{n - 1}]", f"More red {threes} cannot score less: {n - 1} "
                                    f"score {points(before)} but {n} only {points(figure)}.",
                                    Code.HOUSE_RED_THREES_FALL))
    return (None, problems) if problems else (tuple(value), [])


def read_set_bonuses(base: RuleSet, value, field: str) -> tuple[tuple[tuple[str, int], ...], list[Problem]]:
    """The bonus of any set type of the base: {"red_canasta": 600}."""
    if not isinstance(value, Mapping):
        return (), [Problem(field, "The sets' bonuses must be given set by set, each with its bonus.",
                            Code.HOUSE_NOT_OBJECT)]
    problems, found = [], {}
    for set_id, bonus in value.items():
        if set_id not in base.set_ids:
            names = and_list(s.name for s in base.set_types)
            problems.append(Problem(f"{field}.{set_id}", f"{base.short_name} has no set called "
                                    f"'{plain_words(set_id)}'; its sets are {names}.", Code.HOUSE_UNKNOWN_SET))
            continue
        bad = figure_problems(bonus, f"{field}.{set_id}", rule_words(base, f"set_bonuses.{set_id}"),
                              BOUNDS["set_bonus"])
        problems += bad
        if not bad:
            found[set_id] = bonus
    return tuple((s, found[s]) for s in base.set_ids if s in found), problems


def read_changes(base: RuleSet, data, field: str = "changes") -> tuple[Changes | None, list[Problem]]:
    """The club's changes to this base, read and checked; (None, every problem) when any is wrong."""
    if not isinstance(data, Mapping):
        return None, [Problem(field, "The changes must be given rule by rule, each with the club's figure.",
                              Code.HOUSE_NOT_OBJECT)]
    values, problems = {}, []
    order = {key: i for i, key in enumerate(CHANGE_KEYS)}
    for key, value in sorted(data.items(), key=lambda item: order.get(item[0], len(order))):
        at = f"{field}.{key}"
        if key not in CHANGE_KEYS:
            known = and_list((plain_words(k) for k in CHANGE_KEYS), "or")
            problems.append(Problem(at, f"'{plain_words(key)}' is not a rule a club may change; "
                                        f"these may change: {known}.", Code.HOUSE_UNKNOWN_CHANGE))
        elif key in NEEDS and not NEEDS[key](base):
            problems.append(Problem(at, f"{base.short_name} has no such rule: {rule_words(base, key).lower()} "
                                        "is not scored in it.", Code.HOUSE_NOT_IN_BASE))
        else:
            read, found = read_one(base, key, value, at)
            problems += found
            if not found:
                values[key] = read
    if problems:
        return None, problems
    return Changes(**values), []


def read_one(base: RuleSet, key: str, value, at: str):
    """One change read and checked: (its value, problems)."""
    if key == "initial_meld_table":
        return read_meld_table(value, at)
    if key == "red_three_table":
        return read_red_three_table(base, value, at)
    if key == "set_bonuses":
        return read_set_bonuses(base, value, at)
    if key == "unmelded_red_threes":
        return read_unmelded(base, value, at)
    return value, figure_problems(value, at, rule_words(base, key), BOUNDS[key], penalty=key in PENALTIES)


def read_unmelded(base: RuleSet, value, at: str) -> tuple[UnmeldedRedThrees | None, list[Problem]]:
    """Whether a team not yet melded counts its red 3s minus ('negative') or plus ('positive')."""
    if value in {kind.value for kind in UnmeldedRedThrees}:
        return UnmeldedRedThrees(value), []
    return None, [Problem(at, f"Red {base.threes} of a team that has not melded count either "
                              f"'negative' (minus) or 'positive' (plus), not '{plain_words(value)}'.",
                          Code.HOUSE_UNMELDED_VALUE)]


def name_problems(name, field: str = "name") -> list[Problem]:
    """A name the club will know the house rules by: 1 to 60 characters."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > NAME_LIMIT:
        return [Problem(field, f"Give the house rules a name of 1 to {NAME_LIMIT} characters, such as "
                               "'Our Bolivia to 10,000'.", Code.HOUSE_NAME)]
    return []


def read_house_rules(name, base, variations, changes, version: int = 1
                     ) -> tuple[HouseRules | None, list[Problem]]:
    """House rules from what a club sent: the name, the base with its variations, the changes; every problem."""
    problems = name_problems(name)
    if not isinstance(variations, Mapping) and variations is not None:
        problems.append(Problem("variations", "The variations must be given one by one, each with its value.",
                                Code.HOUSE_NOT_OBJECT))
        variations = {}
    found = variation_problems(base, variations, "variations")
    for problem in found:
        problems.append(replace(problem, field="base") if problem.field == "ruleset" else problem)
    if found:
        return None, problems
    seed = get_ruleset(base, variations)
    read, changed = read_changes(seed, {} if changes is None else changes)
    problems += changed
    if problems:
        return None, problems
    chosen = {k: str(v) for k, v in (variations or {}).items()}
    return HouseRules(name.strip(), base, chosen, read, version), []


def house_ruleset(house: HouseRules) -> RuleSet:
    """The rule set a club's house rules play by: the base with its variations and the changes applied."""
    return apply_changes(get_ruleset(house.base, house.variations), house.changes, house.name)


__all__ = ["BOUNDS", "NAME_LIMIT", "house_ruleset", "name_problems", "read_changes", "read_house_rules"]
