"""Going-out requirements (met / not met, and what the message says is missing), going-out and
concealed bonuses, and Bolivia Plus failed go-outs.

docs/rules.md, each rule set's "Going out requires ..." line and its going-out bonus.
"""
import pytest

from app.rules import get_ruleset, going_out_message, has_going_out_sets, missing_slots

from .helpers import GOING_OUT_TABLE, fields_of, is_sentence, only_line, out_team, problems, score, team

# (rule set, variations, id, sets that satisfy the requirement)
MET = [
    # bolivia: "at least one samba (red or black) and at least one more completed set of any kind"
    ("bolivia", {}, "red_samba+red_canasta", {"red_samba": 1, "red_canasta": 1}),
    ("bolivia", {}, "black_samba+black_canasta", {"black_samba": 1, "black_canasta": 1}),
    ("bolivia", {}, "two_red_sambas", {"red_samba": 2}),
    ("bolivia", {}, "red_samba+black_samba", {"red_samba": 1, "black_samba": 1}),
    ("bolivia", {}, "black_samba+mixed_bolivia", {"black_samba": 1, "mixed_bolivia": 1}),
    ("bolivia", {}, "red_samba+red_bolivia", {"red_samba": 1, "red_bolivia": 1}),
    # sambola: "at least 2 red sets ... and at least 1 black set"
    ("sambola", {}, "2red_canasta+black_canasta", {"red_canasta": 2, "black_canasta": 1}),
    ("sambola", {}, "red_samba+red_canasta+black_samba",
     {"red_samba": 1, "red_canasta": 1, "black_samba": 1}),
    ("sambola", {"solo_go_out": "standard"}, "solo_standard",
     {"red_samba": 2, "black_canasta": 1}),
    ("sambola", {"solo_go_out": "three_sets"}, "three_sets-1red+2black",
     {"red_canasta": 1, "black_canasta": 1, "black_samba": 1}),
    ("sambola", {"solo_go_out": "two_sets"}, "two_sets-1red+1black",
     {"red_samba": 1, "black_canasta": 1}),
    # bolivia_plus: sequence + natural (natural_canasta or pure_wild_canasta) + any
    ("bolivia_plus", {}, "sequence+natural+mixed",
     {"sequence": 1, "natural_canasta": 1, "mixed_canasta": 1}),
    ("bolivia_plus", {}, "sequence+pure_wild+wild",
     {"sequence": 1, "pure_wild_canasta": 1, "wild_canasta": 1}),
    ("bolivia_plus", {}, "two_sequences+natural", {"sequence": 2, "natural_canasta": 1}),
    ("bolivia_plus", {"decks": "german"}, "german-sequence+2natural",
     {"sequence": 1, "natural_canasta": 2}),
    # bolivia_classic: an escalera and at least one more completed set
    ("bolivia_classic", {}, "escalera+bolivia", {"escalera": 1, "bolivia": 1}),
    ("bolivia_classic", {}, "two_escaleras", {"escalera": 2}),
    ("bolivia_classic", {}, "escalera+mixed", {"escalera": 1, "mixed_canasta": 1}),
    # bolivia_hoyle: two canastas, one of them a sequence
    ("bolivia_hoyle", {}, "sequence+natural", {"sequence": 1, "natural_canasta": 1}),
    ("bolivia_hoyle", {}, "sequence+bolivia", {"sequence": 1, "bolivia": 1}),
    ("bolivia_hoyle", {}, "two_sequences", {"sequence": 2}),
]

# (rule set, variations, id, sets, words the message must contain: the rule, then what is missing)
NOT_MET = [
    ("bolivia", {}, "no_samba", {"red_canasta": 2, "red_bolivia": 1},
     ["needs a Samba and one more Set", "missing: a Red Samba or Black Samba"]),
    ("bolivia", {}, "samba_alone", {"red_samba": 1},
     ["needs a Samba and one more Set", "missing: one more set of any kind"]),
    ("bolivia", {}, "nothing", {}, ["no completed sets", "Red Samba or Black Samba", "one more set"]),
    # sambola decision: "a third red set does not stand in for the black one"
    ("sambola", {}, "three_red_sets", {"red_canasta": 2, "red_samba": 1},
     ["two red sets", "one black set", "missing: a Black Canasta or Black Samba"]),
    ("sambola", {}, "one_red_two_black", {"red_canasta": 1, "black_canasta": 2},
     ["two red sets", "missing: a Red Canasta or Red Samba"]),
    ("sambola", {"solo_go_out": "three_sets"}, "three_sets-2red+1black",
     {"red_canasta": 2, "black_canasta": 1},
     ["one red set and two black sets", "missing: a Black Canasta or Black Samba"]),
    ("sambola", {"solo_go_out": "two_sets"}, "two_sets-2red",
     {"red_canasta": 1, "red_samba": 1},
     ["one red set and one black set", "missing: a Black Canasta or Black Samba"]),
    # bolivia_plus: a wild_canasta is not a natural, a pure_wild_canasta is
    ("bolivia_plus", {}, "wild_canasta_is_not_natural", {"sequence": 1, "wild_canasta": 2},
     ["3 canastas", "missing: a Natural Canasta or Pure Wild Canasta"]),
    ("bolivia_plus", {}, "no_sequence", {"natural_canasta": 2, "pure_wild_canasta": 1},
     ["missing: a Sequence"]),
    ("bolivia_plus", {}, "only_two_canastas", {"sequence": 1, "natural_canasta": 1},
     ["missing: one more set of any kind"]),
    ("bolivia_classic", {}, "no_escalera", {"natural_canasta": 2, "bolivia": 1},
     ["an Escalera and one more Set", "missing: an Escalera"]),
    ("bolivia_classic", {}, "escalera_alone", {"escalera": 1}, ["missing: one more set of any kind"]),
    ("bolivia_hoyle", {}, "no_sequence", {"natural_canasta": 2, "bolivia": 1},
     ["two canastas, one of them a Sequence", "missing: a Sequence"]),
    ("bolivia_hoyle", {}, "sequence_alone", {"sequence": 1}, ["missing: one more set of any kind"]),
]


@pytest.mark.parametrize("rid,variations,sets", [pytest.param(r, v, s, id=f"{r}-{i}") for r, v, i, s in MET])
def test_going_out_requirement_met(rid, variations, sets):
    ruleset = get_ruleset(rid, variations)
    assert has_going_out_sets(ruleset, sets)
    assert missing_slots(ruleset, sets) == []
    entry = team(sets=sets, table_points=600, went_out=True)
    assert problems(rid, [entry, team()], variations) == []


@pytest.mark.parametrize("rid,variations,sets,words",
                         [pytest.param(r, v, s, w, id=f"{r}-{i}") for r, v, i, s, w in NOT_MET])
def test_going_out_requirement_not_met_names_what_is_missing(rid, variations, sets, words):
    ruleset = get_ruleset(rid, variations)
    assert not has_going_out_sets(ruleset, sets)
    entry = team(name="Us", sets=sets, table_points=600, went_out=True)
    found = problems(rid, [entry, team()], variations)
    assert fields_of(found) == ["teams[0].went_out"]
    message = found[0].message
    assert message.startswith("Us cannot go out")
    assert is_sentence(message)
    for word in words:
        assert word in message
    assert message == going_out_message(ruleset, "Us", sets)


def test_sambola_solo_variation_applies_with_two_teams_too():
    """docs/rules.md, sambola: 'the scorer applies it whenever it is given.'"""
    sets = {"red_samba": 1, "black_canasta": 1}
    entry = team(sets=sets, table_points=300, went_out=True)
    assert problems("sambola", [entry, team()], {"solo_go_out": "two_sets"}) == []
    assert fields_of(problems("sambola", [entry, team()])) == ["teams[0].went_out"]


# docs/rules.md: bolivia/sambola "Going-out bonus 200; concealed earns no extra";
# bolivia_plus "Going-out bonus 400", decision "going out concealed earns the same 400";
# bolivia_classic / bolivia_hoyle "Going out 100; going out concealed 200".
BONUSES = [("bolivia", 200, 200), ("sambola", 200, 200), ("bolivia_plus", 400, 400),
           ("bolivia_classic", 100, 200), ("bolivia_hoyle", 100, 200)]


@pytest.mark.parametrize("rid,plain,concealed", [pytest.param(*b, id=b[0]) for b in BONUSES])
def test_going_out_bonus(rid, plain, concealed):
    result = score(rid, [out_team(rid), team()]).teams[0]
    assert only_line(result, "Going out") == plain
    sets_bonus = sum(get_ruleset(rid).set_type(k).bonus * n for k, n in out_team(rid).sets.items())
    assert result.bonus == sets_bonus + plain
    assert result.score == sets_bonus + plain + GOING_OUT_TABLE


@pytest.mark.parametrize("rid,plain,concealed", [pytest.param(*b, id=b[0]) for b in BONUSES])
def test_going_out_concealed_bonus(rid, plain, concealed):
    result = score(rid, [out_team(rid, concealed=True), team()]).teams[0]
    assert only_line(result, "Going out") == concealed
    assert [line.label for line in result.breakdown if line.label.startswith("Going out")] == [
        "Going out concealed"]


@pytest.mark.parametrize("rid", [b[0] for b in BONUSES])
def test_no_going_out_bonus_when_the_stock_ran_out(rid):
    """docs/rules.md, Common: 'no team went out: nobody gets a going-out bonus'."""
    sets = out_team(rid).sets
    hand = score(rid, [team(sets=sets, table_points=300), team(sets=sets, table_points=300)])
    for result in hand.teams:
        assert not [line for line in result.breakdown if line.label.startswith("Going out")]
    assert hand.teams[0].score == hand.teams[1].score


@pytest.mark.parametrize("attempts", [1, 2, 3])
def test_bolivia_plus_failed_go_out_costs_400_each(attempts):
    """docs/rules.md, bolivia_plus: 'A failed attempt to go out ...: -400 each.'"""
    result = score("bolivia_plus", [out_team("bolivia_plus"), team(failed_go_outs=attempts)]).teams[1]
    assert only_line(result, "Failed go-out") == -400 * attempts
    assert result.cards == -400 * attempts
    assert result.score == -400 * attempts


def test_bolivia_plus_failed_go_out_also_counts_for_the_team_going_out_later():
    """A team that was told yes, could not go out, and later went out still pays -400."""
    result = score("bolivia_plus", [out_team("bolivia_plus", failed_go_outs=1), team()]).teams[0]
    assert result.score == 1500 + 500 + 300 + 400 + GOING_OUT_TABLE - 400
