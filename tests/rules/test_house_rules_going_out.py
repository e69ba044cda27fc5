"""House rules, going out: the going-out bonus and the whole bonus for going out concealed."""
import pytest

from .helpers import RULESET_IDS, out_team, team
from .house_helpers import house, scores, seed

#: Each base's going-out sets' bonuses (helpers.GOING_OUT_SETS), so a hand's score can be worked out.
SETS_BONUS = {"bolivia": 1500 + 500, "sambola": 2 * 500 + 300, "bolivia_plus": 1500 + 500 + 300,
              "bolivia_classic": 1500 + 500, "bolivia_hoyle": 500 + 500}
#: The document's going-out and concealed bonuses.
DOCUMENT = {"bolivia": (200, 200), "sambola": (200, 200), "bolivia_plus": (400, 400),
            "bolivia_classic": (100, 200), "bolivia_hoyle": (100, 200)}


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_house_going_out_bonus_scores_the_clubs_figure(rid):
    assert (seed(rid).going_out_bonus, seed(rid).concealed_bonus) == DOCUMENT[rid]
    ruleset = house(rid, going_out_bonus=300)
    # Sets' bonuses + 300 going out + 300 table points.
    assert scores(ruleset, [out_team(rid), team()])[0] == SETS_BONUS[rid] + 300 + 300


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_house_going_out_bonus_alone_keeps_the_documents_concealed_figure(rid):
    ruleset = house(rid, going_out_bonus=300)
    assert ruleset.concealed_bonus == DOCUMENT[rid][1]
    assert scores(ruleset, [out_team(rid, concealed=True), team()])[0] == SETS_BONUS[rid] + DOCUMENT[rid][1] + 300


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_house_concealed_bonus_is_the_whole_bonus_not_an_extra(rid):
    ruleset = house(rid, concealed_bonus=500)
    # Sets' bonuses + 500 concealed (not 500 on top of going out) + 300 table points.
    assert scores(ruleset, [out_team(rid, concealed=True), team()])[0] == SETS_BONUS[rid] + 500 + 300
    assert scores(ruleset, [out_team(rid), team()])[0] == SETS_BONUS[rid] + DOCUMENT[rid][0] + 300
