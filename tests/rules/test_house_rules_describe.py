"""House rules described by the seed rule sets' describing code, and beside their document rule by rule."""
import pytest

from app.rules import describe_ruleset, differences, header_words

from .helpers import RULESET_IDS
from .house_helpers import house, seed


def test_house_rules_describe_red_threes_each_and_all():
    ruleset = house("bolivia", red_three_table=[100, 200, 300, 400, 500, 1000])
    described = describe_ruleset(ruleset)
    assert described.red_threes[0] == "Red 3s on the table: +100 each, all 6: +1,000."
    assert described.as_dict()["red_threes"]["table"][-1] == {"count": 6, "points": 1000}


def test_house_rules_describe_the_winning_score_and_the_meld_steps():
    ruleset = house("bolivia", target=10000, initial_meld_table=[
        {"from": None, "minimum": 15}, {"from": 0, "minimum": 50}, {"from": 1505, "minimum": 90}])
    described = describe_ruleset(ruleset)
    assert "reaches 10,000" in described.winning
    assert [(row.label, row.minimum) for row in described.meld_rows] == [
        ("Below 0", 15), ("0 to 1,500", 50), ("1,505 and over", 90)]
    assert not any("15,000" in reading for reading in described.house_readings)


def test_house_rules_compare_each_differing_rule_with_the_document():
    ruleset = house("bolivia", target=10000, going_out_bonus=300, black_three_in_hand_points=-200,
                    red_three_table=[100, 200, 300, 400, 500, 1000], set_bonuses={"red_canasta": 500})
    rows = [(row.key, row.rule, row.document, row.club) for row in differences(seed("bolivia"), ruleset)]
    assert rows == [
        ("target", "The winning score", "15,000", "10,000"),
        ("going_out_bonus", "The going-out bonus", "+200", "+300"),
        ("red_three_table", "Red 3s on the table", "+100 each, all 6: +1,200", "+100 each, all 6: +1,000"),
        ("black_three_in_hand_points", "A black 3 left in a hand", "\u2212100 each", "\u2212200 each")]


def test_house_rules_compare_bolivia_plus_black_treys_follow_the_reds():
    ruleset = house("bolivia_plus", red_three_table=[100, 200, 300, 400, 500, 600, 700, 800])
    rows = {row.rule: row.club for row in differences(seed("bolivia_plus"), ruleset)}
    assert rows["Melded black treys (priced as the reds)"] == ("3: 300 · 4: 400 · 5: 500 · 6: 600 · 7: 700 · "
                                                                "8: 800")
    assert rows["Red treys on the table"] == "+100 each"


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_house_rules_with_the_documents_values_differ_in_nothing(rid):
    base = seed(rid)
    same = house(rid, target=base.target, going_out_bonus=base.going_out_bonus,
                 red_three_table=list(base.red_three_table[1:]))
    assert differences(base, same) == ()
    assert same.house_readings == base.house_readings
    assert header_words(same) == f"House rules: Our rules (on {base.short_name})"
    assert header_words(base) == ""
