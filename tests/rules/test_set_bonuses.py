"""Every set type's bonus, for every rule set and every variation, and the pack each variation plays with.

docs/rules.md, "Per rule set" -> "Sets and bonuses" / "Sets" / "Pack" lines of each rule set.
"""
import pytest

from app.rules import get_ruleset

from .helpers import only_line, score, team

BOLIVIA = {"red_canasta": 500, "black_canasta": 300, "red_samba": 1500, "black_samba": 1000,
           "mixed_bolivia": 2000, "black_bolivia": 3000, "red_bolivia": 4000}
SAMBOLA = {"red_canasta": 500, "black_canasta": 300, "red_samba": 1000, "black_samba": 700}
SAMBOLA_ORIGINAL = {**SAMBOLA, "red_samba": 1500, "black_samba": 1000}
PLUS = {"natural_canasta": 500, "mixed_canasta": 300, "sequence": 1500,
        "wild_canasta": 2500, "pure_wild_canasta": 2500}
CLASSIC = {"natural_canasta": 500, "mixed_canasta": 300, "escalera": 1500, "bolivia": 2500}
HOYLE = {"natural_canasta": 500, "mixed_canasta": 300, "sequence": 500, "bolivia": 2500}

#: (rule set, variations, id label, bonuses) -- every variation value that exists.
CONFIGS = [
    ("bolivia", {}, "bolivia", BOLIVIA),
    ("bolivia", {"jokers": "6"}, "bolivia[jokers=6]", BOLIVIA),
    ("bolivia", {"jokers": 9}, "bolivia[jokers=9]", BOLIVIA),
    ("sambola", {}, "sambola", SAMBOLA),
    ("sambola", {"samba_bonus": "standard"}, "sambola[samba_bonus=standard]", SAMBOLA),
    ("sambola", {"samba_bonus": "original"}, "sambola[samba_bonus=original]", SAMBOLA_ORIGINAL),
    ("sambola", {"jokers": "6"}, "sambola[jokers=6]", SAMBOLA),
    ("sambola", {"solo_go_out": "standard"}, "sambola[solo_go_out=standard]", SAMBOLA),
    ("sambola", {"solo_go_out": "three_sets"}, "sambola[solo_go_out=three_sets]", SAMBOLA),
    ("sambola", {"solo_go_out": "two_sets"}, "sambola[solo_go_out=two_sets]", SAMBOLA),
    ("bolivia_plus", {}, "bolivia_plus", PLUS),
    ("bolivia_plus", {"decks": "standard"}, "bolivia_plus[decks=standard]", PLUS),
    ("bolivia_plus", {"decks": "german"}, "bolivia_plus[decks=german]", PLUS),
    ("bolivia_classic", {}, "bolivia_classic", CLASSIC),
    ("bolivia_hoyle", {}, "bolivia_hoyle", HOYLE),
]

SET_CASES = [pytest.param(rid, var, set_id, bonus, id=f"{label}-{set_id}")
             for rid, var, label, bonuses in CONFIGS for set_id, bonus in bonuses.items()]


@pytest.mark.parametrize("rid,variations,bonuses",
                         [pytest.param(r, v, b, id=label) for r, v, label, b in CONFIGS])
def test_rule_set_has_exactly_these_set_types(rid, variations, bonuses):
    """docs/rules.md lists each rule set's set types; there are no others."""
    ruleset = get_ruleset(rid, variations)
    assert set(ruleset.set_ids) == set(bonuses)
    assert {s.id: s.bonus for s in ruleset.set_types} == bonuses


@pytest.mark.parametrize("rid,variations,set_id,bonus", SET_CASES)
def test_one_completed_set_scores_its_bonus(rid, variations, set_id, bonus):
    """A team with one completed set of this type gets exactly its bonus (and its table points)."""
    entry = team(sets={set_id: 1}, table_points=400)
    result = score(rid, [entry, team()], variations).teams[0]
    assert only_line(result, get_ruleset(rid, variations).set_type(set_id).name) == bonus
    assert result.bonus == bonus
    assert result.cards == 400
    assert result.score == bonus + 400


NON_WILD_CASES = [pytest.param(rid, var, set_id, bonus, id=f"{label}-{set_id}")
                  for rid, var, label, bonuses in CONFIGS for set_id, bonus in bonuses.items()
                  if "bolivia" not in set_id and "wild" not in set_id and set_id != "bolivia"]


@pytest.mark.parametrize("rid,variations,set_id,bonus", NON_WILD_CASES)
def test_several_sets_of_one_type_each_score_the_bonus(rid, variations, set_id, bonus):
    """Three sets of one type: three times the bonus, on one line 'Name x3'."""
    entry = team(sets={set_id: 3}, table_points=600)
    result = score(rid, [entry, team()], variations).teams[0]
    name = get_ruleset(rid, variations).set_type(set_id).name
    assert only_line(result, f"{name} x3") == 3 * bonus
    assert result.bonus == 3 * bonus


# docs/rules.md: the pack of each rule set and variation.
PACKS = [
    pytest.param("bolivia", {}, (3, 6, 6, 6, 12, 15000), id="bolivia"),
    pytest.param("bolivia", {"jokers": "9"}, (3, 9, 6, 6, 12, 15000), id="bolivia[jokers=9]"),
    pytest.param("sambola", {}, (3, 9, 6, 6, 12, 10000), id="sambola"),
    pytest.param("sambola", {"jokers": "6"}, (3, 6, 6, 6, 12, 10000), id="sambola[jokers=6]"),
    pytest.param("bolivia_plus", {}, (4, 8, 8, 8, 16, 20000), id="bolivia_plus"),
    pytest.param("bolivia_plus", {"decks": "german"}, (4, 12, 8, 8, 16, 25000),
                 id="bolivia_plus[decks=german]"),
    pytest.param("bolivia_classic", {}, (3, 6, 6, 6, 12, 15000), id="bolivia_classic"),
    pytest.param("bolivia_hoyle", {}, (2, 4, 4, 4, 8, 15000), id="bolivia_hoyle"),
]


@pytest.mark.parametrize("rid,variations,expected", PACKS)
def test_pack_and_target_of_each_variation(rid, variations, expected):
    """Packs, jokers, red 3s, black 3s, twos and the winning score of each variation."""
    ruleset = get_ruleset(rid, variations)
    pack = ruleset.pack
    assert (pack.packs, pack.jokers, pack.red_threes, pack.black_threes, pack.twos,
            ruleset.target) == expected
    assert pack.wild_cards == pack.twos + pack.jokers


def test_sambola_original_samba_bonus_scores_1500_and_1000_in_one_hand():
    """docs/rules.md, sambola: 'Variation samba_bonus: original: red samba 1500, black samba 1000.'"""
    entry = team(sets={"red_samba": 1, "black_samba": 1}, table_points=300)
    assert score("sambola", [entry, team()], {"samba_bonus": "original"}).teams[0].bonus == 2500
    assert score("sambola", [entry, team()]).teams[0].bonus == 1700
