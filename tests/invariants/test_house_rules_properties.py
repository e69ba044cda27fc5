"""House rules whose every change is the base's own figure score every hand exactly as the base (Hypothesis)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import (CHANGE_KEYS, InvalidHand, RuleSet, apply_changes, read_changes, score_hand, validate_hand)

from .strategies import RULESETS, arbitrary_entry, multiple_of_5, ruleset_and_valid_hand

SETTINGS = settings(max_examples=150, deadline=None)


def base_value(ruleset: RuleSet, key: str, draw):
    """The base's own figure for one change, in the JSON a club sends (set bonuses: some of its sets)."""
    if key == "initial_meld_table":
        return [{"from": step.from_total, "minimum": step.minimum} for step in ruleset.meld_table]
    if key == "set_bonuses":
        chosen = draw(st.lists(st.sampled_from(ruleset.set_ids), min_size=1, unique=True))
        return {set_id: ruleset.set_type(set_id).bonus for set_id in chosen}
    if key == "red_three_table":
        return list(ruleset.red_three_table[1:])
    if key == "unmelded_red_threes":
        return ruleset.unmelded_red_threes.value
    return getattr(ruleset, key)


@st.composite
def same_changes(draw, ruleset: RuleSet) -> dict:
    """Any valid changes of this base that each equal the base's own value."""
    keys = [k for k in CHANGE_KEYS if not (k == "red_three_in_hand_points" and not ruleset.red_threes_in_hand_allowed)
            and not (k == "failed_go_out_points" and ruleset.failed_go_out_points is None)]
    chosen = draw(st.lists(st.sampled_from(keys), unique=True))
    return {key: base_value(ruleset, key, draw) for key in chosen}


def outcome(ruleset, entries, progressives):
    """The hand's whole answer, or the codes it is refused with."""
    try:
        return score_hand(ruleset, entries, progressives).as_dict()
    except InvalidHand as refused:
        return refused.codes


@SETTINGS
@given(ruleset_and_valid_hand(), st.data())
def test_changes_equal_to_the_base_score_valid_hands_as_the_base(case, data):
    ruleset, entries, progressives = case
    changes, problems = read_changes(ruleset, data.draw(same_changes(ruleset), label="changes"))
    assert problems == []
    house = apply_changes(ruleset, changes, "Same as the book")
    assert house.house_rules == "Same as the book"
    assert outcome(house, entries, progressives) == outcome(ruleset, entries, progressives)


@SETTINGS
@given(st.sampled_from(RULESETS), st.lists(arbitrary_entry(), min_size=2, max_size=3),
       st.lists(multiple_of_5(-3000, 30000), min_size=3, max_size=3), st.data())
def test_changes_equal_to_the_base_score_and_refuse_arbitrary_hands_as_the_base(ruleset, entries, totals, data):
    changes, problems = read_changes(ruleset, data.draw(same_changes(ruleset), label="changes"))
    assert problems == []
    house = apply_changes(ruleset, changes, "Same as the book")
    progressives = totals[:len(entries)]
    assert validate_hand(house, entries, progressives) == validate_hand(ruleset, entries, progressives)
    assert outcome(house, entries, progressives) == outcome(ruleset, entries, progressives)
