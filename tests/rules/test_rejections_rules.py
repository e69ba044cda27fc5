"""Rejected entries, part 2: going out, melded state, pack limits, table points, 3s and penalties.

docs/rules.md, "What an entry must never get past": "more than one team going out; concealed without
going out; a team going out without the sets its rule set requires; a team marked as not melded that
has sets or table points; more red 3s, black 3s, twos or jokers across all teams than the pack holds
(count the wild cards that the completed wild sets must contain ...); table points below the smallest
card-point total the team's completed sets could have (e.g. a red_bolivia alone is at least 140
points); black 3s melded by a team that did not go out, or where the rule set forbids them (sambola),
or outside 3-8 (bolivia_plus); red 3s in hand outside bolivia_plus; failed go-outs outside bolivia_plus."
"""
import re

import pytest

from .helpers import RULESET_IDS, fields_of, is_sentence, out_team, problems, team

NOT_PLUS = ("bolivia", "sambola", "bolivia_classic", "bolivia_hoyle")


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_two_teams_going_out_is_rejected(rid):
    found = problems(rid, [out_team(rid, name="A"), out_team(rid, name="B")])
    assert fields_of(found) == ["teams[1].went_out"]
    assert "Only one team" in found[0].message and "A and B" in found[0].message


def test_sambola_two_of_three_solo_players_going_out_is_rejected():
    found = problems("sambola", [out_team("sambola"), team(), out_team("sambola")])
    assert fields_of(found) == ["teams[2].went_out"]


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_concealed_without_going_out_is_rejected(rid):
    found = problems(rid, [team(), team(name="B", concealed=True, table_points=50)])
    assert fields_of(found) == ["teams[1].concealed"]
    assert found[0].message.startswith("B cannot go out concealed") and is_sentence(found[0].message)


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_going_out_without_any_set_is_rejected(rid):
    found = problems(rid, [team(name="A", went_out=True, table_points=100), team()])
    assert fields_of(found) == ["teams[0].went_out"]
    assert "A cannot go out" in found[0].message and "no completed sets" in found[0].message


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_not_melded_with_sets_is_rejected(rid):
    found = problems(rid, [team(), out_team(rid, went_out=False, melded=False)])
    assert fields_of(found) == ["teams[1].melded"]
    assert "not melded" in found[0].message and is_sentence(found[0].message)


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_not_melded_with_table_points_is_rejected(rid):
    assert fields_of(problems(rid, [team(melded=False, table_points=60), team()])) == ["teams[0].melded"]


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_not_melded_with_nothing_on_the_table_is_fine(rid):
    assert problems(rid, [team(melded=False, hand_points=60), team()]) == []


# Pack limits: (rule set, variations, id, teams' fields, limit words or None when it must pass).
RB, BB, MB = "red_bolivia", "black_bolivia", "mixed_bolivia"
PACK_CASES = [
    ("bolivia", {}, "red_3s", [dict(red_threes=4), dict(red_threes=3)], "7 red 3s"),
    ("sambola", {}, "red_3s", [dict(red_threes=6), dict(red_threes=1)], "7 red 3s"),
    ("bolivia_plus", {}, "red_3s_table_and_hand",
     [dict(red_threes=5, red_threes_in_hand=2), dict(red_threes_in_hand=2)], "9 red treys"),
    ("bolivia_classic", {}, "red_3s", [dict(red_threes=5), dict(red_threes=2)], "7 red 3s"),
    ("bolivia_hoyle", {}, "red_3s", [dict(red_threes=4), dict(red_threes=1)], "5 red 3s"),
    ("bolivia", {}, "black_3s", [dict(black_threes_in_hand=4), dict(black_threes_in_hand=3)], "7 black 3s"),
    ("sambola", {}, "black_3s", [dict(black_threes_in_hand=7), dict()], "7 black 3s"),
    ("bolivia_plus", {}, "black_3s", [dict(black_threes_in_hand=5), dict(black_threes_in_hand=4)],
     "9 black treys"),
    ("bolivia_classic", {}, "black_3s", [dict(black_threes_in_hand=6), dict(black_threes_in_hand=1)],
     "7 black 3s"),
    ("bolivia_hoyle", {}, "black_3s", [dict(black_threes_in_hand=3), dict(black_threes_in_hand=2)],
     "5 black 3s"),
    ("bolivia", {}, "twos-2_red_bolivias", [dict(sets={RB: 1}, table_points=140),
                                            dict(sets={RB: 1}, table_points=140)], "14 2s"),
    ("bolivia", {}, "jokers-2_black_bolivias", [dict(sets={BB: 1}, table_points=260),
                                                dict(sets={BB: 1}, table_points=260)], "8 jokers"),
    ("bolivia", {"jokers": "9"}, "jokers9-2_black_bolivias", [dict(sets={BB: 2}, table_points=520), dict()],
     None),
    ("bolivia", {}, "wild-3_mixed_bolivias", [dict(sets={MB: 2}, table_points=340),
                                              dict(sets={MB: 1}, table_points=170)], "21 wild cards"),
    ("bolivia", {"jokers": "9"}, "jokers9-3_mixed_bolivias", [dict(sets={MB: 3}, table_points=510), dict()],
     None),
    ("sambola", {"jokers": "6"}, "jokers6-wild-19_black_sets",
     [dict(sets={"black_canasta": 10}, table_points=500), dict(sets={"black_samba": 9}, table_points=540)],
     "19 wild cards"),
    ("sambola", {}, "jokers9-19_black_sets",
     [dict(sets={"black_canasta": 10}, table_points=500), dict(sets={"black_samba": 9}, table_points=540)],
     None),
    ("bolivia_plus", {}, "wild-4_wild_canastas", [dict(sets={"wild_canasta": 2}, table_points=340),
                                                  dict(sets={"wild_canasta": 2}, table_points=340)],
     "28 wild cards"),
    ("bolivia_plus", {"decks": "german"}, "german-4_wild_canastas",
     [dict(sets={"wild_canasta": 2}, table_points=340), dict(sets={"wild_canasta": 2}, table_points=340)],
     None),
    # Each pure wild canasta is seven 2s or seven jokers: 16 twos and 12 jokers make at most three.
    ("bolivia_plus", {"decks": "german"}, "german-4_pure_wild_canastas",
     [dict(sets={"pure_wild_canasta": 2}, table_points=280),
      dict(sets={"pure_wild_canasta": 2}, table_points=280)], "Pure Wild Canasta"),
    ("bolivia_plus", {"decks": "german"}, "german-3_pure_wild_canastas",
     [dict(sets={"pure_wild_canasta": 2}, table_points=280),
      dict(sets={"pure_wild_canasta": 1, "wild_canasta": 1}, table_points=310)], None),
    ("bolivia_classic", {}, "wild-3_bolivias", [dict(sets={"bolivia": 3}, table_points=420), dict()],
     "21 wild cards"),
    ("bolivia_hoyle", {}, "wild-2_bolivias", [dict(sets={"bolivia": 1}, table_points=140),
                                              dict(sets={"bolivia": 1}, table_points=140)], "14 wild cards"),
    ("bolivia_hoyle", {}, "wild-bolivia_and_5_mixed",
     [dict(sets={"bolivia": 1}, table_points=140), dict(sets={"mixed_canasta": 5}, table_points=250)], None),
]


@pytest.mark.parametrize("rid,variations,fields,words",
                         [pytest.param(r, v, f, w, id=f"{r}-{i}") for r, v, i, f, w in PACK_CASES])
def test_pack_limits(rid, variations, fields, words):
    found = problems(rid, [team(**f) for f in fields], variations)
    if words is None:
        assert found == []
        return
    assert len(found) == 1 and re.fullmatch(r"teams\[[01]\]\.[a-z_.]+", found[0].field)   # where the most were entered
    assert words in found[0].message
    # what the pack holds, in a player's words: the packs alone for 3s and 2s, the packs and jokers for the rest
    packs = r"[A-Za-z' ]+ is played with \d+ packs? of cards, and (they hold|it holds) only "
    assert re.search(rf"but (a [A-Za-z ]+ pack with \d+ jokers holds only |{packs})", found[0].message)
    assert is_sentence(found[0].message)


# Smallest card points of completed sets: (rule set, sets, least).
LEAST = [
    ("bolivia", {"red_bolivia": 1}, 140), ("bolivia", {"black_bolivia": 1}, 260),
    ("bolivia", {"mixed_bolivia": 1}, 170), ("bolivia", {"red_canasta": 1}, 35),
    ("bolivia", {"black_canasta": 1}, 50), ("bolivia", {"red_samba": 1}, 50),
    ("bolivia", {"black_samba": 1}, 60), ("bolivia", {"red_samba": 1, "red_canasta": 2}, 120),
    ("sambola", {"red_canasta": 1}, 35), ("sambola", {"black_canasta": 1}, 50),
    ("sambola", {"red_samba": 1}, 50), ("sambola", {"black_samba": 2}, 120),
    ("bolivia_plus", {"natural_canasta": 1}, 35), ("bolivia_plus", {"mixed_canasta": 1}, 50),
    ("bolivia_plus", {"sequence": 1}, 50), ("bolivia_plus", {"wild_canasta": 1}, 170),
    ("bolivia_plus", {"pure_wild_canasta": 1}, 140),
    ("bolivia_classic", {"natural_canasta": 1}, 35), ("bolivia_classic", {"mixed_canasta": 1}, 50),
    ("bolivia_classic", {"escalera": 1}, 50), ("bolivia_classic", {"bolivia": 1}, 140),
    ("bolivia_hoyle", {"natural_canasta": 1}, 35), ("bolivia_hoyle", {"mixed_canasta": 1}, 50),
    ("bolivia_hoyle", {"sequence": 1}, 50), ("bolivia_hoyle", {"bolivia": 1}, 140),
]
LEAST_IDS = [f"{r}-{'+'.join(f'{n}{k}' for k, n in s.items())}" for r, s, _ in LEAST]


@pytest.mark.parametrize("rid,sets,least", [pytest.param(*c, id=i) for c, i in zip(LEAST, LEAST_IDS)])
def test_table_points_below_what_the_sets_must_hold_are_rejected(rid, sets, least):
    found = problems(rid, [team(name="A", sets=sets, table_points=least - 5), team()])
    assert fields_of(found) == ["teams[0].table_points"]
    assert f"at least {least}" in found[0].message and is_sentence(found[0].message)


@pytest.mark.parametrize("rid,sets,least", [pytest.param(*c, id=i) for c, i in zip(LEAST, LEAST_IDS)])
def test_table_points_equal_to_what_the_sets_must_hold_are_fine(rid, sets, least):
    assert problems(rid, [team(sets=sets, table_points=least), team()]) == []


@pytest.mark.parametrize("rid", ["bolivia", "bolivia_plus", "bolivia_classic", "bolivia_hoyle"])
def test_black_3s_melded_by_a_team_that_did_not_go_out_are_rejected(rid):
    found = problems(rid, [out_team(rid), team(name="B", table_points=50, black_threes_melded=3)])
    assert fields_of(found) == ["teams[1].black_threes_melded"]
    assert "did not go out" in found[0].message


@pytest.mark.parametrize("went_out", [True, False], ids=["went_out", "did_not"])
def test_sambola_black_3s_can_never_be_melded(went_out):
    found = problems("sambola", [out_team("sambola", went_out=went_out, black_threes_melded=3), team()])
    assert fields_of(found) == ["teams[0].black_threes_melded"]
    assert "never" in found[0].message


@pytest.mark.parametrize("count,extra", [(1, []), (2, []), (9, ["teams[0].black_threes_melded"])])
def test_bolivia_plus_black_treys_melded_outside_3_to_8_are_rejected(count, extra):
    found = problems("bolivia_plus", [out_team("bolivia_plus", black_threes_melded=count), team()])
    assert fields_of(found) == ["teams[0].black_threes_melded", *extra]


@pytest.mark.parametrize("rid", NOT_PLUS)
def test_red_3s_in_hand_outside_bolivia_plus_are_rejected(rid):
    found = problems(rid, [team(red_threes_in_hand=1), team()])
    assert fields_of(found) == ["teams[0].red_threes_in_hand"]
    assert is_sentence(found[0].message)


@pytest.mark.parametrize("rid", NOT_PLUS)
def test_failed_go_outs_outside_bolivia_plus_are_rejected(rid):
    found = problems(rid, [team(), team(failed_go_outs=1)])
    assert fields_of(found) == ["teams[1].failed_go_outs"]
    assert is_sentence(found[0].message)
