"""Red 3s and black 3s in every rule set.

docs/rules.md, each rule set's "Red 3s" / "Red treys" and "Black 3s" / "Black treys" lines.
"""
import pytest

from .helpers import fields_of, only_kind, out_team, problems, score, team

MELDED = {"table_points": 100}          # a team with table points has melded (the API's default)
NOT_MELDED = {"hand_points": 0}         # no sets, no table points: not melded


def red_three_points(rid, count, variations=None, **fields):
    """The red 3 line of a team holding `count` red 3s, and that team's result."""
    result = score(rid, [team(red_threes=count, **fields), team()], variations).teams[0]
    return only_kind(result, "red_threes"), result


# bolivia: "Red 3s: +100 each; all six held by one team: +1200 in total."
@pytest.mark.parametrize("count,points", [(1, 100), (2, 200), (3, 300), (4, 400), (5, 500), (6, 1200)])
def test_bolivia_red_3s_when_melded(count, points):
    line, result = red_three_points("bolivia", count, **MELDED)
    assert line == points
    assert result.bonus == points


# bolivia: "If the team has not melded, the same value counts negative (-100 each, -1200 for all six)."
@pytest.mark.parametrize("count,points", [(1, -100), (2, -200), (5, -500), (6, -1200)])
def test_bolivia_red_3s_negative_when_not_melded(count, points):
    line, result = red_three_points("bolivia", count, **NOT_MELDED)
    assert line == points
    assert result.score == points


def test_bolivia_red_3s_negative_when_marked_not_melded_explicitly():
    line, _ = red_three_points("bolivia", 3, melded=False, hand_points=50)
    assert line == -300


# sambola: "Red 3s: +100 each; all six: +1200; positive even when the team has not melded."
@pytest.mark.parametrize("melded", [True, False], ids=["melded", "not_melded"])
@pytest.mark.parametrize("count,points", [(1, 100), (3, 300), (5, 500), (6, 1200)])
def test_sambola_red_3s_always_positive(count, points, melded):
    line, _ = red_three_points("sambola", count, **(MELDED if melded else NOT_MELDED))
    assert line == points


# bolivia_plus: "1-3: 100 each; 4: 600; 5: 800; 6: 1000; 7: 1200; 8: 1400"; positive whether or not melded.
PLUS_TABLE = [(1, 100), (2, 200), (3, 300), (4, 600), (5, 800), (6, 1000), (7, 1200), (8, 1400)]


@pytest.mark.parametrize("variations", [{}, {"decks": "german"}], ids=["standard", "german"])
@pytest.mark.parametrize("melded", [True, False], ids=["melded", "not_melded"])
@pytest.mark.parametrize("count,points", PLUS_TABLE)
def test_bolivia_plus_red_trey_table(count, points, melded, variations):
    line, _ = red_three_points("bolivia_plus", count, variations, **(MELDED if melded else NOT_MELDED))
    assert line == points


# bolivia_plus: "A red trey still concealed in a hand: -100 each."
@pytest.mark.parametrize("in_hand", [1, 2, 8])
def test_bolivia_plus_red_treys_in_hand_cost_100_each(in_hand):
    result = score("bolivia_plus", [out_team("bolivia_plus"), team(red_threes_in_hand=in_hand)]).teams[1]
    assert only_kind(result, "red_threes_penalty") == -100 * in_hand
    assert result.cards == -100 * in_hand


def test_bolivia_plus_red_treys_on_table_and_in_hand_together():
    result = score("bolivia_plus", [team(red_threes=4, red_threes_in_hand=2, **MELDED), team()]).teams[0]
    assert result.score == 600 - 200 + 100


# bolivia_classic: "+100 each, all six +1000, only when the team has the sets required to go out;
# otherwise they score 0."
@pytest.mark.parametrize("went_out", [True, False], ids=["went_out", "stock_ran_out"])
@pytest.mark.parametrize("count,points", [(1, 100), (2, 200), (5, 500), (6, 1000)])
def test_bolivia_classic_red_3s_with_going_out_sets(count, points, went_out):
    entry = out_team("bolivia_classic", red_threes=count, went_out=went_out)
    result = score("bolivia_classic", [entry, team()]).teams[0]
    assert only_kind(result, "red_threes") == points


@pytest.mark.parametrize("fields", [
    {"sets": {"escalera": 1}, "table_points": 100},
    {"sets": {"natural_canasta": 2, "bolivia": 1}, "table_points": 300},
    {"table_points": 100},
    {},
], ids=["escalera_only", "no_escalera", "melds_only", "not_melded"])
@pytest.mark.parametrize("count", [1, 6])
def test_bolivia_classic_red_3s_score_0_without_going_out_sets(count, fields):
    result = score("bolivia_classic", [team(red_threes=count, **fields), team()]).teams[0]
    assert only_kind(result, "red_threes") == 0


# bolivia_hoyle: "+100 each; all four +800 (decision: positive whether or not the team melded)."
@pytest.mark.parametrize("melded", [True, False], ids=["melded", "not_melded"])
@pytest.mark.parametrize("count,points", [(1, 100), (2, 200), (3, 300), (4, 800)])
def test_bolivia_hoyle_red_3s(count, points, melded):
    line, _ = red_three_points("bolivia_hoyle", count, **(MELDED if melded else NOT_MELDED))
    assert line == points


# Black 3s left in a hand: -100 each in bolivia, bolivia_plus, bolivia_classic, bolivia_hoyle,
# "also when the hand ended with no one going out"; sambola "-5" (its card value).
IN_HAND = [("bolivia", -100), ("bolivia_plus", -100), ("bolivia_classic", -100),
           ("bolivia_hoyle", -100), ("sambola", -5)]


@pytest.mark.parametrize("someone_out", [True, False], ids=["someone_out", "nobody_out"])
@pytest.mark.parametrize("rid,each", [pytest.param(r, e, id=r) for r, e in IN_HAND])
def test_black_3s_left_in_hand(rid, each, someone_out):
    first = out_team(rid) if someone_out else team()
    result = score(rid, [first, team(black_threes_in_hand=2, hand_points=40)]).teams[1]
    assert only_kind(result, "black_threes_penalty") == 2 * each
    assert result.cards == -40 + 2 * each
    assert result.bonus == 0


# bolivia / classic / hoyle: black 3s melded by the team going out, 5 each (card points); any count up to
# the pack's in bolivia and classic, 3 or 4 (three or four of a kind) in hoyle (test_hoyle_black_threes.py).
MELD_COUNTS = [("bolivia", 1), ("bolivia", 3), ("bolivia", 6), ("bolivia_classic", 3),
               ("bolivia_classic", 6), ("bolivia_hoyle", 3), ("bolivia_hoyle", 4)]


@pytest.mark.parametrize("rid,count", [pytest.param(r, c, id=f"{r}-{c}") for r, c in MELD_COUNTS])
def test_black_3s_melded_when_going_out_score_5_each(rid, count):
    plain = score(rid, [out_team(rid), team()]).teams[0]
    result = score(rid, [out_team(rid, black_threes_melded=count), team()]).teams[0]
    assert only_kind(result, "black_threes_melded") == 5 * count
    assert result.cards == plain.cards + 5 * count
    assert result.bonus == plain.bonus


# bolivia_plus: "The player going out may meld 3 to 8 black treys; they score like red treys on the
# table (3: 300, 4: 600, 5: 800, ...)."
@pytest.mark.parametrize("count,points", PLUS_TABLE[2:])
def test_bolivia_plus_melded_black_treys_score_by_the_trey_table(count, points):
    plain = score("bolivia_plus", [out_team("bolivia_plus"), team()]).teams[0]
    result = score("bolivia_plus", [out_team("bolivia_plus", black_threes_melded=count), team()]).teams[0]
    assert only_kind(result, "black_threes_melded") == points
    assert result.bonus == plain.bonus + points
    assert result.cards == plain.cards


def test_bolivia_plus_trey_table_is_applied_to_red_and_black_separately():
    """docs/rules.md, bolivia_plus decision: 'the trey table is applied to red treys on the table and
    to melded black treys separately' -- 4 red + 4 black is 600 + 600, not 8 treys = 1400."""
    entry = out_team("bolivia_plus", red_threes=4, black_threes_melded=4)
    result = score("bolivia_plus", [entry, team()]).teams[0]
    assert only_kind(result, "red_threes") == 600
    assert only_kind(result, "black_threes_melded") == 600


@pytest.mark.parametrize("count", [1, 2])
def test_bolivia_plus_one_or_two_melded_black_treys_are_rejected(count):
    """docs/rules.md, bolivia_plus: black treys melded 'outside 3-8' are rejected."""
    found = problems("bolivia_plus", [out_team("bolivia_plus", black_threes_melded=count), team()])
    assert fields_of(found) == ["teams[0].black_threes_melded"]
    assert "3 to 8" in found[0].message
