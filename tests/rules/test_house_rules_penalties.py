"""House rules, penalties: a black 3 left in a hand, and where the base has them, a red 3 left in hand and a
failed go-out."""
import pytest

from .helpers import RULESET_IDS, team
from .house_helpers import house, scores, seed

DOCUMENT_BLACK = {"bolivia": -100, "sambola": -5, "bolivia_plus": -100, "bolivia_classic": -100,
                  "bolivia_hoyle": -100}


@pytest.mark.parametrize("rid", RULESET_IDS)
@pytest.mark.parametrize("club", [-200, -500, 0])
def test_house_black_three_in_hand_costs_the_clubs_figure(rid, club):
    ruleset = house(rid, black_three_in_hand_points=club)
    # 100 table points, 2 black 3s left in hand.
    hand = [team(table_points=100, black_threes_in_hand=2), team()]
    assert scores(seed(rid), hand)[0] == 100 + 2 * DOCUMENT_BLACK[rid]
    assert scores(ruleset, hand)[0] == 100 + 2 * club


@pytest.mark.parametrize("club", [-200, -50])
def test_house_red_three_in_hand_costs_the_clubs_figure_in_bolivia_plus(club):
    ruleset = house("bolivia_plus", red_three_in_hand_points=club)
    hand = [team(table_points=100, red_threes_in_hand=3), team()]
    assert scores(seed("bolivia_plus"), hand)[0] == 100 - 300
    assert scores(ruleset, hand)[0] == 100 + 3 * club


@pytest.mark.parametrize("club", [-500, -200])
def test_house_failed_go_out_costs_the_clubs_figure_in_bolivia_plus(club):
    ruleset = house("bolivia_plus", failed_go_out_points=club)
    hand = [team(table_points=100, failed_go_outs=2), team()]
    assert scores(seed("bolivia_plus"), hand)[0] == 100 - 800
    assert scores(ruleset, hand)[0] == 100 + 2 * club
