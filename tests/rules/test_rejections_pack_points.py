"""Rejected entries, part 3: the pack's card points, set counts of 0, and the table a variation needs.

docs/rules.md, "What an entry must never get past": "more red 3s, black 3s, twos or jokers across all
teams than the pack holds" and "an unknown rule set, variation or set type for that rule set".
House reading (the lead's, not written in the rule documents): what the pack holds also bounds the card
points, so table_points + hand_points summed over all teams can be at most the card points of the whole
pack without its 3s: 480 a pack of 52 (4 x A 20, 4 x K-8 10, 4 x 7-4 5, 4 x 2 20; docs/rules.md "Common
to all") and 50 a joker. 3s are entered as counts, never as table or hand points. This catches a typo
such as 4500 for 450 at the table.
docs/rules.md, sambola: "A game offers this variation [solo_go_out] only when each player plays alone".
"""
import pytest

from app.rules import CARD_POINTS, get_ruleset, parse_teams, score_hand, table_problems

from .helpers import RULESET_IDS, codes_of, fields_of, is_sentence, only_line, out_team, problems, team

# Card points of every rule set and variation, worked out by hand: (rule set, variations, teams,
# packs, jokers, card points).
CAPS = [
    ("bolivia", {}, 2, 3, 6, 1740),                       # 3 x 480 + 6 x 50
    ("bolivia", {"jokers": "6"}, 2, 3, 6, 1740),
    ("bolivia", {"jokers": "9"}, 2, 3, 9, 1890),          # 3 x 480 + 9 x 50
    ("sambola", {}, 2, 3, 9, 1890),
    ("sambola", {"jokers": "9"}, 2, 3, 9, 1890),
    ("sambola", {"jokers": "6"}, 2, 3, 6, 1740),
    ("sambola", {"samba_bonus": "original"}, 2, 3, 9, 1890),
    ("sambola", {"solo_go_out": "standard"}, 3, 3, 9, 1890),
    ("sambola", {"solo_go_out": "three_sets"}, 3, 3, 9, 1890),
    ("sambola", {"solo_go_out": "two_sets", "jokers": "6"}, 2, 3, 6, 1740),
    ("bolivia_plus", {}, 2, 4, 8, 2320),                  # 4 x 480 + 8 x 50
    ("bolivia_plus", {"decks": "standard"}, 2, 4, 8, 2320),
    ("bolivia_plus", {"decks": "german"}, 2, 4, 12, 2520),  # 4 x 480 + 12 x 50
    ("bolivia_classic", {}, 2, 3, 6, 1740),
    ("bolivia_hoyle", {}, 2, 2, 4, 1160),                 # 2 x 480 + 4 x 50
]
CAP_IDS = [f"{r}[{','.join(f'{k}={v}' for k, v in v_.items())}]x{n}" for r, v_, n, *_ in CAPS]


def spread(total, team_count, *, table_share=2):
    """Teams whose table and hand points add up to `total`: the first holds most on its table."""
    rest = total // 5 // (team_count + table_share)
    entries = [team(name=f"T{i + 1}", table_points=rest * 5, hand_points=rest * 5)
               for i in range(1, team_count)]
    first_table = total - sum(e.table_points + e.hand_points for e in entries)
    return [team(name="T1", table_points=first_table)] + entries


def test_a_pack_of_52_holds_480_card_points_without_its_3s():
    """4 of each rank; the 3s are left out (they score by their own rules); jokers are 50 each."""
    per_pack = sum(4 * points for rank, points in CARD_POINTS.items() if rank not in ("3", "JK"))
    assert per_pack == 480
    assert CARD_POINTS["JK"] == 50


@pytest.mark.parametrize("rid,variations,teams,packs,jokers,cap", CAPS, ids=CAP_IDS)
def test_the_pack_says_what_its_card_points_are(rid, variations, teams, packs, jokers, cap):
    pack = get_ruleset(rid, variations).pack
    assert (pack.packs, pack.jokers, pack.card_points) == (packs, jokers, cap)


@pytest.mark.parametrize("rid,variations,teams,packs,jokers,cap", CAPS, ids=CAP_IDS)
def test_card_points_exactly_at_the_pack_are_accepted(rid, variations, teams, packs, jokers, cap):
    entries = spread(cap, teams)
    assert sum(e.table_points + e.hand_points for e in entries) == cap
    assert problems(rid, entries, variations) == []


@pytest.mark.parametrize("rid,variations,teams,packs,jokers,cap", CAPS, ids=CAP_IDS)
def test_card_points_5_over_the_pack_are_rejected_naming_both_figures(rid, variations, teams, packs,
                                                                      jokers, cap):
    found = problems(rid, spread(cap + 5, teams), variations)
    assert fields_of(found) == ["teams[0].table_points"]       # marked where the most points were entered
    message = found[0].message
    assert codes_of(found) == ["pack.card_points"]
    teams_words = "The three teams'" if teams == 3 else "The two teams'"
    assert message == (f"{teams_words} card points add up to {cap + 5:,}, but a {get_ruleset(rid).short_name} pack "
                       f"with {jokers} jokers holds only {cap:,}.")
    assert is_sentence(message)


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_the_card_points_are_counted_over_all_teams_table_and_hand(rid):
    """Each team's figures fit the pack alone; together they do not."""
    cap = get_ruleset(rid).pack.card_points
    half = cap // 10 * 5 + 5            # a multiple of 5 just over half the pack
    assert problems(rid, [team(table_points=half), team()]) == []
    assert problems(rid, [team(), team(hand_points=half)]) == []
    found = problems(rid, [team(table_points=half), team(hand_points=half + 5)])
    assert fields_of(found) == ["teams[1].hand_points"] and f"add up to {2 * half + 5:,}," in found[0].message
    found = problems(rid, [team(table_points=half, hand_points=half), team()])
    assert fields_of(found) == ["teams[0].table_points"] and f"add up to {2 * half:,}," in found[0].message


def test_a_typo_of_4500_for_450_at_the_table_is_caught():
    other = team(table_points=300, hand_points=120)
    found = problems("bolivia", [out_team("bolivia", table_points=4500), other])
    assert fields_of(found) == ["teams[0].table_points"]      # the typo is the field marked
    assert codes_of(found) == ["pack.card_points"]
    assert found[0].message == ("The two teams' card points add up to 4,920, but a Bolivia pack with 6 jokers "
                                "holds only 1,740.")
    assert problems("bolivia", [out_team("bolivia", table_points=450), other]) == []


@pytest.mark.parametrize("rid, variations, words", [
    ("bolivia", {"jokers": "6"}, "Bolivia is played with 3 packs of cards, and they hold only 6 red 3s "
                               "(2 in each pack)."),
    ("bolivia", {"jokers": "9"}, "Bolivia is played with 3 packs of cards, and they hold only 6 red 3s "
                               "(2 in each pack)."),
    ("bolivia_plus", {}, "Bolivia Plus is played with 4 packs of cards, and they hold only 8 red treys "
                         "(2 in each pack)."),
    ("bolivia_hoyle", {}, "is played with 2 packs of cards, and they hold only 4 red 3s (2 in each pack)."),
])
def test_too_many_red_3s_names_the_packs_of_cards_not_the_jokers(rid, variations, words):
    """The jokers have nothing to do with the red 3s: the refusal says how many packs the game uses."""
    limit = get_ruleset(rid, variations).pack.red_threes
    found = problems(rid, [team(red_threes=limit - 1), team(red_threes=2)], variations)
    assert codes_of(found) == ["pack.red_threes"]
    assert found[0].message.endswith(words) and "joker" not in found[0].message
    assert found[0].message.startswith(f"The two teams have {limit + 1} red ")


@pytest.mark.parametrize("rid", ["bolivia", "bolivia_classic", "bolivia_hoyle"])
def test_3s_do_not_count_against_the_card_points(rid):
    """A hand at the card points with every 3 of the pack (melded, tabled or in hand) still stands."""
    pack = get_ruleset(rid).pack
    entries = [out_team(rid, table_points=pack.card_points - 100, red_threes=pack.red_threes,
                        black_threes_melded=pack.black_threes - 1),
               team(hand_points=100, black_threes_in_hand=1)]
    assert problems(rid, entries) == []


def test_bolivia_plus_treys_in_hand_do_not_count_against_the_card_points():
    entries = [out_team("bolivia_plus", table_points=2000, red_threes=4, black_threes_melded=4),
               team(table_points=200, hand_points=120, red_threes=2, red_threes_in_hand=2,
                    black_threes_in_hand=4)]
    assert problems("bolivia_plus", entries) == []


def test_the_card_points_are_checked_alongside_the_other_pack_limits():
    found = problems("bolivia_hoyle", [team(table_points=1000, red_threes=3),
                                       team(hand_points=165, red_threes=2)])
    assert fields_of(found) == ["teams[0].red_threes", "teams[0].table_points"]
    assert codes_of(found) == ["pack.red_threes", "pack.card_points"]
    assert "5 red 3s" in found[0].message and "card points add up to 1,165," in found[1].message


# Set counts of 0: kept, so an unknown set type is still rejected; never a completed set.

# A set type id that exists, but in another rule set.
FOREIGN_SETS = {"bolivia": "escalera", "sambola": "mixed_bolivia", "bolivia_plus": "red_samba",
                "bolivia_classic": "sequence", "bolivia_hoyle": "escalera"}
FOREIGN_NAMES = {"escalera": "Escalera", "mixed_bolivia": "Mixed Bolivia", "red_samba": "Red Samba",
                 "sequence": "Sequence"}


@pytest.mark.parametrize("set_id", ["FOREIGN", "joker_canasta"])
@pytest.mark.parametrize("rid", RULESET_IDS)
def test_unknown_set_type_with_a_count_of_0_is_rejected(rid, set_id):
    set_id = FOREIGN_SETS[rid] if set_id == "FOREIGN" else set_id
    found = problems(rid, [team(sets={set_id: 0}), team()])
    assert fields_of(found) == [f"teams[0].sets.{set_id}"]
    name = f"set called '{set_id.replace('_', ' ')}'" if set_id == "joker_canasta" else FOREIGN_NAMES[set_id]
    assert found[0].message.startswith(f"{get_ruleset(rid).short_name} has no {name}; its sets are ")
    assert is_sentence(found[0].message)


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_unknown_set_type_with_a_count_of_0_is_rejected_from_json(rid):
    """As the JSON API sends it: parse_teams keeps the 0 and validation refuses the set type."""
    entries, _, found = parse_teams([{"sets": {"joker_canasta": 0}}, {}])
    assert found == []
    assert fields_of(problems(rid, entries)) == ["teams[0].sets.joker_canasta"]


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_known_set_types_with_counts_of_0_are_fine_and_not_melded(rid):
    zeros = {set_id: 0 for set_id in get_ruleset(rid).set_ids}
    entry = team(sets=zeros, hand_points=40)
    assert not entry.has_sets and not entry.has_melded
    assert problems(rid, [entry, team()]) == []
    assert problems(rid, [team(sets=zeros, melded=False), team()]) == []
    assert entry.as_dict()["sets"] == {}


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_counts_of_0_are_no_completed_set_for_going_out(rid):
    zeros = {set_id: 0 for set_id in get_ruleset(rid).set_ids}
    found = problems(rid, [team(name="A", sets=zeros, went_out=True, table_points=100), team()])
    assert fields_of(found) == ["teams[0].went_out"]
    assert "no completed sets" in found[0].message


def test_bolivia_red_3s_of_a_team_with_only_counts_of_0_count_minus():
    """bolivia: red 3s of a team that has not melded count minus; counts of 0 are not a meld."""
    result = score_hand(get_ruleset("bolivia"), [
        team(sets={"red_canasta": 0, "red_samba": 0}, red_threes=2, hand_points=30),
        team(sets={"red_canasta": 1}, table_points=100, red_threes=2)])
    assert only_line(result.teams[0], "Red 3s") == -200
    assert only_line(result.teams[1], "Red 3s") == 200


def test_a_count_of_0_beside_a_real_set_does_not_change_the_bonus():
    result = score_hand(get_ruleset("sambola"), [
        team(sets={"red_canasta": 1, "black_canasta": 0, "red_samba": 0}, table_points=100), team()])
    assert [line.label for line in result.teams[0].breakdown] == ["Red Canasta x1", "Table points"]
    assert result.teams[0].score == 600


# sambola's solo_go_out: only for players alone (table_problems, where a game is set up).

SOLO_VALUES = ("standard", "three_sets", "two_sets")


@pytest.mark.parametrize("sizes", [(2, 2), (3, 3)], ids=["2v2", "3v3"])
@pytest.mark.parametrize("value", SOLO_VALUES)
def test_sambola_solo_go_out_is_refused_for_a_team_game(value, sizes):
    found = table_problems(get_ruleset("sambola", {"solo_go_out": value}), sizes)
    assert fields_of(found) == ["variations.solo_go_out"]
    assert "alone" in found[0].message and is_sentence(found[0].message)


@pytest.mark.parametrize("sizes", [(1, 1, 1), (1, 1)], ids=["3_alone", "2_alone"])
@pytest.mark.parametrize("value", SOLO_VALUES)
def test_sambola_solo_go_out_is_accepted_for_players_alone(value, sizes):
    assert table_problems(get_ruleset("sambola", {"solo_go_out": value}), sizes) == []


@pytest.mark.parametrize("variations", [{}, {"jokers": "6", "samba_bonus": "original"}],
                         ids=["defaults", "other_variations"])
def test_sambola_team_game_without_solo_go_out_is_fine(variations):
    assert table_problems(get_ruleset("sambola", variations), (2, 2)) == []
    assert table_problems(get_ruleset("sambola", variations), (3, 3)) == []


def test_solo_go_out_refused_beside_a_wrong_table_is_not_reported_twice():
    """Players not alone and not two even teams: the table itself is the problem."""
    found = table_problems(get_ruleset("sambola", {"solo_go_out": "two_sets"}), (2, 1))
    assert fields_of(found) == ["teams"]
