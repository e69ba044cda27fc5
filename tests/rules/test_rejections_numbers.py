"""Rejected entries, part 1: unknown ids, malformed numbers, and every problem reported at once.

docs/rules.md, "What an entry must never get past": "an unknown rule set, variation or set type for that
rule set; a count, table_points or hand_points that is negative or not a whole number, or points
(including a progressive total) that are not a multiple of 5". Each is "rejected with a message that
names the field and the rule".
"""
import pytest

from app.rules import RulesetError, TeamEntry, get_ruleset, parse_team, validate_hand, variation_problems
from app.rules.entries import COUNT_FIELDS

from .helpers import RULESET_IDS, fields_of, is_sentence, problems, team


def test_unknown_rule_set_is_rejected():
    with pytest.raises(RulesetError) as caught:
        get_ruleset("canasta")
    assert fields_of(caught.value.problems) == ["ruleset"]
    message = caught.value.problems[0].message
    assert "'canasta'" in message and all(get_ruleset(rid).short_name in message for rid in RULESET_IDS)
    assert is_sentence(message)


# A variation id each rule set does not have (another rule set's, or a made-up one).
UNKNOWN_VARIATIONS = {"bolivia": "decks", "sambola": "decks", "bolivia_plus": "jokers",
                      "bolivia_classic": "jokers", "bolivia_hoyle": "samba_bonus"}


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_unknown_variation_is_rejected(rid):
    key = UNKNOWN_VARIATIONS[rid]
    with pytest.raises(RulesetError) as caught:
        get_ruleset(rid, {key: "9"})
    assert fields_of(caught.value.problems) == [f"variations.{key}"]
    assert f"'{key.replace('_', ' ')}'" in caught.value.problems[0].message    # the id stays in the field path
    assert is_sentence(caught.value.problems[0].message)


BAD_VALUES = [("bolivia", "jokers", 7), ("bolivia", "jokers", True), ("sambola", "jokers", "8"),
              ("sambola", "samba_bonus", "double"), ("sambola", "solo_go_out", "one_set"),
              ("bolivia_plus", "decks", "french")]


@pytest.mark.parametrize("rid,key,value", [pytest.param(r, k, v, id=f"{r}-{k}={v}") for r, k, v in BAD_VALUES])
def test_variation_value_outside_its_allowed_values_is_rejected(rid, key, value):
    found = variation_problems(rid, {key: value})
    assert fields_of(found) == [f"variations.{key}"]
    assert f"not '{str(value).replace('_', ' ')}'" in found[0].message and is_sentence(found[0].message)
    with pytest.raises(RulesetError):
        get_ruleset(rid, {key: value})


# A set type id that exists, but in another rule set, and its name there.
FOREIGN_SETS = {"bolivia": "escalera", "sambola": "mixed_bolivia", "bolivia_plus": "red_samba",
                "bolivia_classic": "sequence", "bolivia_hoyle": "escalera"}
SET_NAMES = {"escalera": "Escalera", "mixed_bolivia": "Mixed Bolivia", "red_samba": "Red Samba", "sequence": "Sequence"}


def test_a_set_type_of_another_rule_set_is_named_as_its_rules_page_names_it():
    found = problems("bolivia_plus", [team(sets={"red_samba": 1}), team()])
    assert fields_of(found) == ["teams[0].sets.red_samba"]
    assert found[0].message == ("Bolivia Plus has no Red Samba; its sets are Natural Canasta, Mixed Canasta, "
                                "Sequence, Wild Canasta and Pure Wild Canasta.")


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_unknown_set_type_for_the_rule_set_is_rejected(rid):
    set_id = FOREIGN_SETS[rid]
    found = problems(rid, [team(sets={set_id: 1}, table_points=500), team()])
    assert fields_of(found) == [f"teams[0].sets.{set_id}"]
    ruleset = get_ruleset(rid)
    names = ", ".join(s.name for s in ruleset.set_types[:-1]) + f" and {ruleset.set_types[-1].name}"
    assert found[0].message == f"{ruleset.short_name} has no {SET_NAMES[set_id]}; its sets are {names}."


@pytest.mark.parametrize("field", COUNT_FIELDS)
@pytest.mark.parametrize("rid", RULESET_IDS)
def test_negative_count_or_points_is_rejected(rid, field):
    found = problems(rid, [team(), team(name="Them", **{field: -5})])
    assert fields_of(found) == [f"teams[1].{field}"]
    assert "0 or more" in found[0].message and found[0].message.startswith("Them")


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_negative_set_count_is_rejected(rid):
    set_id = get_ruleset(rid).set_ids[0]
    found = problems(rid, [team(sets={set_id: -1}), team()])
    assert fields_of(found) == [f"teams[0].sets.{set_id}"]
    assert "0 or more" in found[0].message


@pytest.mark.parametrize("value", [2.5, 5.0, "5", None], ids=["2.5", "5.0", "text", "null"])
@pytest.mark.parametrize("rid", RULESET_IDS)
def test_non_whole_count_is_rejected(rid, value):
    """Both where a request is parsed (parse_team) and where a hand is validated (validate_hand)."""
    _, _, found = parse_team({"table_points": value, "sets": {"x": value}}, "teams[0]")
    assert fields_of(found) == ["teams[0].table_points", "teams[0].sets.x"]
    assert all("whole number" in p.message for p in found)
    found = problems(rid, [team(hand_points=value), team()])
    assert fields_of(found) == ["teams[0].hand_points"]


@pytest.mark.parametrize("field,value", [("table_points", 12), ("hand_points", 7), ("table_points", 1)])
@pytest.mark.parametrize("rid", RULESET_IDS)
def test_points_not_a_multiple_of_5_are_rejected(rid, field, value):
    found = problems(rid, [team(**{field: value}), team()])
    assert fields_of(found) == [f"teams[0].{field}"]
    assert "multiple of 5" in found[0].message and str(value) in found[0].message


@pytest.mark.parametrize("total", [1003, -7, 14999])
@pytest.mark.parametrize("rid", RULESET_IDS)
def test_progressive_not_a_multiple_of_5_is_rejected(rid, total):
    found = problems(rid, [team(), team()], progressives=[0, total])
    assert fields_of(found) == ["teams[1].progressive"]
    assert str(total) in found[0].message and "multiple of 5" in found[0].message


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_progressive_that_is_not_whole_is_rejected(rid):
    _, _, found = parse_team({"progressive": 12.5}, "teams[0]")
    assert fields_of(found) == ["teams[0].progressive"]
    assert fields_of(problems(rid, [team(), team()], progressives=[12.5, 0])) == ["teams[0].progressive"]


@pytest.mark.parametrize("count", [1, 3, 4])
@pytest.mark.parametrize("rid", ["bolivia", "bolivia_plus", "bolivia_classic", "bolivia_hoyle"])
def test_wrong_number_of_teams_is_rejected(rid, count):
    found = problems(rid, [team() for _ in range(count)])
    assert fields_of(found) == ["teams"]
    assert str(count) in found[0].message


@pytest.mark.parametrize("count", [1, 4])
def test_sambola_takes_two_or_three_teams_only(count):
    assert fields_of(problems("sambola", [team() for _ in range(count)])) == ["teams"]
    assert problems("sambola", [team() for _ in range(3)]) == []


# "Assert that validation returns ALL problems at once."
@pytest.mark.parametrize("rid", RULESET_IDS)
def test_three_rule_problems_in_one_entry_give_three_problems(rid):
    entry = team(name="Us", concealed=True, melded=False, table_points=100, black_threes_melded=3)
    found = problems(rid, [entry, team()])
    assert sorted(fields_of(found)) == ["teams[0].black_threes_melded", "teams[0].concealed",
                                        "teams[0].melded"]
    assert all(is_sentence(p.message) for p in found)


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_three_number_problems_in_one_entry_give_three_problems(rid):
    entry = team(table_points=-5, hand_points=7, red_threes=-1)
    found = problems(rid, [team(), entry])
    assert sorted(fields_of(found)) == ["teams[1].hand_points", "teams[1].red_threes",
                                        "teams[1].table_points"]
    assert all(is_sentence(p.message) for p in found)


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_problems_of_both_teams_come_together(rid):
    first = team(name="A", went_out=True, red_threes_in_hand=0, melded=False, table_points=50)
    second = team(name="B", went_out=True, concealed=True, sets={}, hand_points=10)
    found = problems(rid, [first, second])
    assert sorted(fields_of(found)) == ["teams[0].melded", "teams[0].went_out",
                                        "teams[1].went_out", "teams[1].went_out"]
    messages = " ".join(p.message for p in found)
    assert "Only one team" in messages and "A cannot go out" in messages and "B cannot go out" in messages


def test_a_malformed_figure_does_not_hide_the_going_out_problems():
    """docs/rules.md "What an entry must never get past": every problem at once, even beside a bad figure."""
    found = problems("bolivia", [
        team(name="Us", hand_points=7, went_out=True),
        team(name="Them", concealed=True, went_out=True, sets={"red_samba": 1, "red_canasta": 1},
             table_points=200),
    ])
    assert set(fields_of(found)) >= {"teams[0].hand_points", "teams[1].went_out"}


def test_every_problem_at_once_a_point_figure_off_by_a_few_does_not_hide_the_rule_problems():
    """Table points of 12, going out without the sets and 7 red 3s: all three refusals in one answer."""
    ruleset = get_ruleset("bolivia")
    out = TeamEntry(name="Us", table_points=12, went_out=True, red_threes=7, sets={"red_canasta": 1})
    codes = {p.code for p in validate_hand(ruleset, [out, TeamEntry(name="Them")])}
    assert {"table_points.not_multiple_of_5", "went_out.missing_sets"} <= codes
    assert "pack.red_threes" in codes
