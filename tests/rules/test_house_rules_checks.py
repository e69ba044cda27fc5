"""House rules refused: every problem at once, each with its field, stable code and a sentence in the club's
words; only the rules the base has may change."""
import pytest

from app.rules import read_house_rules
from app.rules.codes import Code

from .helpers import RULESET_IDS


def problems(rid, changes, name="Ours", variations=None):
    """(field, code, message) of each problem with these house rules."""
    rules, found = read_house_rules(name, rid, variations or {}, changes)
    assert (rules is None) == bool(found)
    return [(p.field, p.code, p.message) for p in found]


def step(start, minimum):
    return {"from": start, "minimum": minimum}


def test_house_checks_find_every_problem_at_once():
    found = problems("bolivia", {
        "target": 10002, "going_out_bonus": -100, "black_three_in_hand_points": 100,
        "initial_meld_table": [step(None, 15), step(0, 50), step(3000, 120), step(7000, 90)],
        "red_three_table": [100, 200, 300, 400, 500], "set_bonuses": {"red_canasta": 600, "sequence": 1000}})
    # In the order the rules are listed, whatever order they were sent in.
    assert [(f, c) for f, c, _ in found] == [
        ("changes.target", Code.HOUSE_NOT_MULTIPLE_OF_5),
        ("changes.initial_meld_table[3].minimum", Code.HOUSE_MELD_FALLS),
        ("changes.set_bonuses.sequence", Code.HOUSE_UNKNOWN_SET),
        ("changes.going_out_bonus", Code.HOUSE_BONUS_NEGATIVE),
        ("changes.red_three_table", Code.HOUSE_RED_THREES_LENGTH),
        ("changes.black_three_in_hand_points", Code.HOUSE_PENALTY_POSITIVE)]
    assert found[1][2] == "The meld minimum cannot fall as the total grows: 120 from 3,000 but 90 from 7,000."
    assert found[4][2] == ("Red 3s on the table need 6 figures, one for each red 3 the pack holds (1 to 6), "
                           "not 5.")


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_house_checks_the_name_and_the_changes_together(rid):
    found = problems(rid, {"target": 50}, name=" ")
    assert [(f, c) for f, c, _ in found] == [("name", Code.HOUSE_NAME), ("changes.target", Code.HOUSE_OUT_OF_BOUNDS)]
    assert found[1][2] == "The winning score must be between 1,000 and 100,000, not 50."


@pytest.mark.parametrize("rid,key", [("bolivia", "red_three_in_hand_points"), ("sambola", "failed_go_out_points"),
                                     ("bolivia_classic", "red_three_in_hand_points"),
                                     ("bolivia_hoyle", "failed_go_out_points")])
def test_house_checks_refuse_a_rule_the_base_does_not_have(rid, key):
    assert [(f, c) for f, c, _ in problems(rid, {key: -200})] == [(f"changes.{key}", Code.HOUSE_NOT_IN_BASE)]


def test_house_checks_refuse_a_red_three_table_that_gives_less_for_more():
    found = problems("bolivia_hoyle", {"red_three_table": [100, 200, 150, 800]})
    assert found == [("changes.red_three_table[2]", Code.HOUSE_RED_THREES_FALL,
                      "More red 3s cannot score less: 2 score 200 but 3 only 150.")]


def test_house_checks_speak_of_treys_in_bolivia_plus():
    found = problems("bolivia_plus", {"black_three_in_hand_points": 5, "red_three_table": [100] * 7})
    assert "red trey the pack holds (1 to 8)" in found[0][2]
    assert found[1][2] == "A black trey left in a hand is a penalty: it must be 0 or less, not 5."


def test_house_checks_meld_steps_start_below_zero_then_from_zero_and_rise():
    found = problems("sambola", {"initial_meld_table": [step(0, 15), step(100, 50), step(1500, 90),
                                                        step(1500, 120)]})
    assert [(f, c) for f, c, _ in found] == [("changes.initial_meld_table[0].from", Code.HOUSE_MELD_FIRST),
                                            ("changes.initial_meld_table[1].from", Code.HOUSE_MELD_ZERO)]
    found = problems("sambola", {"initial_meld_table": [step(None, 15), step(0, 50), step(1500, 90),
                                                        step(1500, 120)]})
    assert found == [("changes.initial_meld_table[3].from", Code.HOUSE_MELD_NOT_RISING,
                      "Each step of the meld minimum starts from a higher total: 1,500 comes after 1,500.")]


def test_house_checks_an_unknown_base_names_the_base():
    assert [(f, c) for f, c, _ in problems("canasta", {})] == [("base", Code.RULESET_UNKNOWN)]


def test_house_checks_a_change_that_is_no_rule():
    found = problems("bolivia", {"pack": 4})
    assert [(f, c) for f, c, _ in found] == [("changes.pack", Code.HOUSE_UNKNOWN_CHANGE)]
