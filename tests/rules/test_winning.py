"""Who wins after a hand, in every rule set.

docs/rules.md, Common: '"Reaching" a winning score means a total of at least that score. When three
individual players (Sambola) tie at the top, no one has won.'
bolivia: "if any team has reached 15,000 ..., the team with the higher total wins; equal totals: no
winner yet, play on." sambola: "10,000, same rule as bolivia". bolivia_classic / bolivia_hoyle:
"first to reach 15,000; if both reach it in the same hand, the higher total wins; equal: play on."
bolivia_plus: "only the team that goes out can win, when its total after that hand reaches 20,000
(25,000 German), even if the other team is higher. A hand with no one going out never ends the game."
"""
import pytest

from .helpers import STANDARD_IDS, out_team, score, team

TARGETS = {"bolivia": 15000, "sambola": 10000, "bolivia_classic": 15000, "bolivia_hoyle": 15000}


def hand_after(rid, before, variations=None, target=None):
    """Both teams score 100 (table points only) from the totals before."""
    return score(rid, [team(table_points=100) for _ in before], variations, list(before), target)


@pytest.mark.parametrize("rid", STANDARD_IDS)
def test_reaching_the_target_exactly_wins(rid):
    target = TARGETS[rid]
    hand = hand_after(rid, [target - 100, 0])
    assert hand.teams[0].progressive == target
    assert hand.winner == 0
    assert hand.verdict_named_winner


@pytest.mark.parametrize("rid", STANDARD_IDS)
def test_five_short_of_the_target_does_not_win(rid):
    hand = hand_after(rid, [TARGETS[rid] - 105, TARGETS[rid] - 105])
    assert hand.winner is None
    assert not hand.verdict_named_winner


@pytest.mark.parametrize("higher", [0, 1])
@pytest.mark.parametrize("rid", STANDARD_IDS)
def test_both_over_the_target_the_higher_total_wins(rid, higher):
    before = [TARGETS[rid] + 400, TARGETS[rid] + 400]
    before[higher] += 5
    assert hand_after(rid, before).winner == higher


@pytest.mark.parametrize("rid", STANDARD_IDS)
def test_only_one_over_the_target_wins(rid):
    assert hand_after(rid, [TARGETS[rid] - 500, TARGETS[rid] + 5]).winner == 1


@pytest.mark.parametrize("rid", STANDARD_IDS)
def test_equal_totals_over_the_target_play_on(rid):
    hand = hand_after(rid, [TARGETS[rid] + 200, TARGETS[rid] + 200])
    assert hand.winner is None
    assert not hand.verdict_named_winner


@pytest.mark.parametrize("rid", STANDARD_IDS)
def test_equal_totals_exactly_on_the_target_play_on(rid):
    assert hand_after(rid, [TARGETS[rid] - 100, TARGETS[rid] - 100]).winner is None


@pytest.mark.parametrize("rid", STANDARD_IDS)
def test_a_game_target_overrides_the_rule_set_target(rid):
    assert hand_after(rid, [4900, 0], target=5000).winner == 0
    assert hand_after(rid, [4800, 0], target=5000).winner is None


def test_sambola_three_solo_players_tied_at_the_top_no_winner():
    hand = hand_after("sambola", [10400, 10400, 10400])
    assert hand.winner is None
    assert not hand.verdict_named_winner


def test_sambola_two_of_three_solo_players_tied_at_the_top_no_winner():
    assert hand_after("sambola", [10400, 10400, 9000]).winner is None


@pytest.mark.parametrize("top", [0, 1, 2])
def test_sambola_solo_player_alone_at_the_top_wins(top):
    before = [10400, 10300, 9000]
    before[0], before[top] = before[top], before[0]
    assert hand_after("sambola", before).winner == top


# bolivia_plus
PLUS_TARGETS = [({}, 20000), ({"decks": "german"}, 25000)]


@pytest.mark.parametrize("variations,target", PLUS_TARGETS, ids=["bolivia_plus", "bolivia_plus[decks=german]"])
def test_bolivia_plus_going_out_team_wins_even_if_the_other_is_higher(variations, target):
    going_out = out_team("bolivia_plus")          # scores 1500 + 500 + 300 + 400 + 300 = 3000
    hand = score("bolivia_plus", [going_out, team()], variations, [target - 3000, target + 5000])
    assert hand.teams[0].progressive == target
    assert hand.teams[1].progressive > hand.teams[0].progressive
    assert hand.winner == 0


@pytest.mark.parametrize("variations,target", PLUS_TARGETS, ids=["bolivia_plus", "bolivia_plus[decks=german]"])
def test_bolivia_plus_going_out_team_below_target_does_not_win(variations, target):
    hand = score("bolivia_plus", [out_team("bolivia_plus"), team()], variations, [target - 3005, target + 5000])
    assert hand.winner is None


@pytest.mark.parametrize("variations,target", PLUS_TARGETS, ids=["bolivia_plus", "bolivia_plus[decks=german]"])
def test_bolivia_plus_hand_with_nobody_out_never_ends_the_game(variations, target):
    hand = score("bolivia_plus", [team(table_points=100), team(table_points=200)], variations,
                 [target + 1000, target + 5000])
    assert hand.winner is None
    assert not hand.verdict_named_winner


def test_bolivia_plus_standard_20000_does_not_win_with_german_decks():
    hand = score("bolivia_plus", [out_team("bolivia_plus"), team()], {"decks": "german"}, [17000, 0])
    assert hand.teams[0].progressive == 20000
    assert hand.winner is None
