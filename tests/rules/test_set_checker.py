"""The set checker: which set type some cards make under each rule set, or every reason they make none.

docs/rules.md, each rule set's "Sets and bonuses" line (what each set is made of) and "Pack".
"""
import pytest

from app.rules import check_set, get_ruleset

from .helpers import RULESET_IDS, is_sentence

SEVEN_7S = "7H 7S 7D 7C 7H 7S 7D"
# (rule set, variations, cards, expected set type id, expected card points)
RECOGNISED = [
    ("bolivia", {}, SEVEN_7S, "red_canasta", 35),
    ("bolivia", {}, "KH KS KD KC KH KS KD KC", "red_canasta", 80),
    ("bolivia", {}, "7H 7S 7D 7C 7H 2S JK", "black_canasta", 95),
    ("bolivia", {}, "4H 5H 6H 7H 8H 9H 10H", "red_samba", 50),
    ("bolivia", {}, "8S 9S 10S JS QS KS AS", "red_samba", 80),
    ("bolivia", {}, "4H 5H 6H 8H 9H 10H JK", "black_samba", 95),
    ("bolivia", {}, "9C 10C JC QC KC AC 2D", "black_samba", 90),
    ("bolivia", {}, "2H 2S 2D 2C 2H 2S JK", "mixed_bolivia", 170),
    ("bolivia", {}, "2H 2S 2D JK JK JK JK", "black_bolivia", 260),
    ("bolivia", {}, "2H 2H 2S 2S 2D 2D 2C", "red_bolivia", 140),
    ("bolivia", {"jokers": "9"}, "JK JK JK JK JK JK JK", "mixed_bolivia", 350),
    ("sambola", {}, SEVEN_7S, "red_canasta", 35),
    ("sambola", {}, "7H 7S 7D 7C 2H 2S JK", "black_canasta", 110),
    ("sambola", {}, "5D 6D 7D 8D 9D 10D JD", "red_samba", 55),
    ("sambola", {}, "5D 6D 7D 8D 9D JD 2C", "black_samba", 65),
    ("bolivia_plus", {}, "KH KS KD KC KH KS KD", "natural_canasta", 70),
    ("bolivia_plus", {}, "KH KS KD KC KH 2S JK", "mixed_canasta", 120),
    ("bolivia_plus", {}, "KH KS KD KC KH KS JK", "mixed_canasta", 110),
    ("bolivia_plus", {}, "4S 5S 6S 7S 8S 9S 10S", "sequence", 50),
    ("bolivia_plus", {}, "5S 6S 7S 8S 9S 10S JS", "sequence", 55),
    ("bolivia_plus", {}, "6S 7S 8S 9S 10S JS QS", "sequence", 60),
    ("bolivia_plus", {}, "7S 8S 9S 10S JS QS KS", "sequence", 65),
    ("bolivia_plus", {}, "2H 2S JK JK JK 2D 2C", "wild_canasta", 230),
    ("bolivia_plus", {}, "2H 2H 2S 2S 2D 2D 2C", "pure_wild_canasta", 140),
    ("bolivia_plus", {}, "JK JK JK JK JK JK JK", "pure_wild_canasta", 350),
    ("bolivia_classic", {}, SEVEN_7S, "natural_canasta", 35),
    ("bolivia_classic", {}, "7H 7S 7D 7C 7H 7S 2C", "mixed_canasta", 50),
    ("bolivia_classic", {}, "7H 7S 7D 7C 7H JK 2C", "mixed_canasta", 95),
    ("bolivia_classic", {}, "8D 9D 10D JD QD KD AD", "escalera", 80),
    ("bolivia_classic", {}, "2H 2S JK JK 2D 2C JK", "bolivia", 230),
    ("bolivia_hoyle", {}, "QH QS QD QC 2H 2S JK", "mixed_canasta", 130),
    ("bolivia_hoyle", {}, "QH QS QD QC QH QS QD", "natural_canasta", 70),
    ("bolivia_hoyle", {}, "4C 5C 6C 7C 8C 9C 10C", "sequence", 50),
    ("bolivia_hoyle", {}, "2H 2S 2D 2C JK JK JK", "bolivia", 230),
]


@pytest.mark.parametrize("rid,variations,cards,set_id,points", [
    pytest.param(*r, id=f"{r[0]}{'[' + ','.join(f'{k}={v}' for k, v in r[1].items()) + ']' if r[1] else ''}"
                 f"-{r[3]}-{r[2].replace(' ', '_')}") for r in RECOGNISED])
def test_cards_make_the_set_type(rid, variations, cards, set_id, points):
    ruleset = get_ruleset(rid, variations)
    verdict = check_set(ruleset, cards)
    assert verdict.problems == ()
    assert verdict.set_type is not None and verdict.set_type.id == set_id
    assert verdict.set_type.bonus == ruleset.set_type(set_id).bonus
    assert verdict.points == points


def test_every_set_type_of_every_rule_set_is_recognised_somewhere():
    found = {(r[0], r[3]) for r in RECOGNISED}
    for rid in RULESET_IDS:
        for set_id in get_ruleset(rid).set_ids:
            assert (rid, set_id) in found


def test_sambola_original_samba_bonus_shows_in_the_verdict():
    verdict = check_set(get_ruleset("sambola", {"samba_bonus": "original"}), "5D 6D 7D 8D 9D 10D JD")
    assert verdict.set_type.bonus == 1500


def rejected(rid, cards, variations=None):
    """The problems of cards that make no set: all on field 'cards', each a sentence."""
    verdict = check_set(get_ruleset(rid, variations), cards)
    assert verdict.set_type is None and verdict.problems
    assert all(p.field == "cards" and is_sentence(p.message) for p in verdict.problems)
    return " ".join(p.message for p in verdict.problems)


# (rule set, variations, id, cards, words in the reason)
REJECTED = [
    ("bolivia_plus", {}, "sequence_8_to_A", "8H 9H 10H JH QH KH AH", ["4 to K", "cannot hold A"]),
    ("bolivia_plus", {}, "sequence_with_wild", "4S 5S 6S 7S 8S 9S 2S", ["Sequence has no wild cards"]),
    ("bolivia_plus", {}, "mixed_canasta_of_8", "KH KS KD KC KH KS 2D JK", ["exactly 7 cards; these are 8"]),
    ("bolivia_plus", {}, "wild_set_of_8", "2H 2S JK JK JK 2D 2C 2H", ["exactly 7 cards; these are 8"]),
    ("bolivia", {}, "black_canasta_3_wild", "7H 7S 7D 7C 2H 2S JK", ["at most 2 wild cards; these have 3"]),
    ("bolivia", {}, "samba_of_8", "4H 5H 6H 7H 8H 9H 10H JH", ["exactly 7 cards; these are 8"]),
    ("sambola", {}, "samba_of_8", "4H 5H 6H 7H 8H 9H 10H JH", ["exactly 7 cards; these are 8"]),
    ("bolivia", {}, "samba_with_gap", "4H 5H 6H 8H 9H 10H QH", ["7 in a row"]),
    ("bolivia", {}, "samba_with_2_wild", "4H 5H 6H 7H 8H 2C JK", ["exactly 1 wild card"]),
    ("bolivia", {"jokers": "6"}, "seven_jokers_in_6", "JK JK JK JK JK JK JK", ["6 jokers", "have 7"]),
    ("sambola", {}, "wild_cards_only", "2H 2S 2D 2C JK JK JK", ["no set of wild cards only"]),
    ("sambola", {}, "black_canasta_4_wild", "7H 7S 7D 2C 2H 2S JK", ["at most 3 wild cards"]),
    ("bolivia_classic", {}, "mixed_canasta_3_wild", "7H 7S 7D 7C 2H 2S JK", ["at most 2 wild cards"]),
    ("bolivia_hoyle", {}, "mixed_canasta_4_wild", "QH QS QD 2C 2H 2S JK", ["at most 3 wild cards"]),
    ("bolivia_hoyle", {}, "five_jokers", "JK JK JK JK JK 2H 2S", ["4 jokers", "have 5"]),
]


@pytest.mark.parametrize("rid,variations,cards,words",
                         [pytest.param(r, v, c, w, id=f"{r}-{i}") for r, v, i, c, w in REJECTED])
def test_cards_that_make_no_set_say_why(rid, variations, cards, words):
    message = rejected(rid, cards, variations)
    for word in words:
        assert word in message


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_fewer_than_7_cards(rid):
    assert "at least 7 cards; these are 6" in rejected(rid, "7H 7S 7D 7C 7H 7S")


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_3s_are_never_part_of_a_set(rid):
    assert "3s are never part" in rejected(rid, "3H 3S 3D 3C 3H 3S 3D")
    assert "3s are never part" in rejected(rid, "3S 4S 5S 6S 7S 8S 9S")


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_unknown_card_names_are_each_named(rid):
    verdict = check_set(get_ruleset(rid), "7H 7S XX 7C 1H 7S 7D")
    assert verdict.set_type is None
    assert [p.message.split()[0] for p in verdict.problems] == ["'XX'", "'1H'"]
    assert "No cards given" in rejected(rid, "  ")


# More copies of one card than the pack holds: one per pack.
COPIES = [("bolivia", "7H 7H 7H 7H 7S 7S 7S", "3 7H cards"), ("sambola", "2C 2C 2C 2C 7S 7S 7S", "3 2C cards"),
          ("bolivia_plus", "7H 7H 7H 7H 7H 7S 7S", "4 7H cards"),
          ("bolivia_classic", "AS AS AS AS AH AH AH", "3 AS cards"),
          ("bolivia_hoyle", "7H 7H 7H 7S 7S 7D 7D", "2 7H cards")]


@pytest.mark.parametrize("rid,cards,words", [pytest.param(*c, id=c[0]) for c in COPIES])
def test_more_copies_of_a_card_than_the_pack_holds(rid, cards, words):
    assert words in rejected(rid, cards)


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_mixed_ranks_and_suits(rid):
    assert "neither all of one value nor all of one suit" in rejected(rid, "7H 8S 9D 10C JH QS KD")
