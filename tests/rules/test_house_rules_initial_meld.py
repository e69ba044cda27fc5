"""House rules, the initial-meld minimum: the club's steps decide what a team needs next."""
import pytest

from app.rules import initial_meld_minimum, score_hand

from .helpers import RULESET_IDS, team
from .house_helpers import house, seed

#: A family variant: 50 / 90 / 120 / 150 from 0 / 1,505 / 3,005 / 5,005.
FAMILY = [{"from": None, "minimum": 15}, {"from": 0, "minimum": 50}, {"from": 1505, "minimum": 90},
          {"from": 3005, "minimum": 120}, {"from": 5005, "minimum": 150}]


@pytest.mark.parametrize("rid", RULESET_IDS)
@pytest.mark.parametrize("total,club", [(-5, 15), (0, 50), (1500, 50), (1505, 90), (3000, 90), (3005, 120),
                                        (5000, 120), (5005, 150), (40000, 150)])
def test_house_initial_meld_minimum_follows_the_clubs_steps(rid, total, club):
    assert initial_meld_minimum(house(rid, initial_meld_table=FAMILY), total) == club


@pytest.mark.parametrize("rid,total,document", [("bolivia", 1500, 90), ("sambola", 1500, 90),
                                                ("bolivia_plus", 1500, 50), ("bolivia_classic", 1500, 90),
                                                ("bolivia_hoyle", 1500, 90)])
def test_house_initial_meld_minimum_differs_from_the_document_at_1500(rid, total, document):
    assert initial_meld_minimum(seed(rid), total) == document
    assert initial_meld_minimum(house(rid, initial_meld_table=FAMILY), total) == 50


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_house_initial_meld_next_minimum_after_a_hand(rid):
    ruleset = house(rid, initial_meld_table=FAMILY)
    # 1,400 + 100 table points = 1,500: the club still asks 50; 1,395 + 110 = 1,505: now 90.
    at_1500 = score_hand(ruleset, [team(table_points=100), team()], [1400, 0]).teams[0]
    assert (at_1500.progressive, at_1500.next_initial_meld_minimum) == (1500, 50)
    at_1505 = score_hand(ruleset, [team(table_points=110), team()], [1395, 0]).teams[0]
    assert (at_1505.progressive, at_1505.next_initial_meld_minimum) == (1505, 90)
