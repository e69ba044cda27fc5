"""House rules, a set's bonus: each set type of each base may earn the club's figure instead."""
import pytest

from app.rules import get_ruleset

from .helpers import RULESET_IDS, team
from .house_helpers import house, scores

#: Every set type of every base, with the smallest table points it can hold.
SETS = [(rid, s.id, s.min_points) for rid in RULESET_IDS for s in get_ruleset(rid).set_types]


@pytest.mark.parametrize("rid,set_id,least", SETS)
def test_house_set_bonus_scores_the_clubs_figure(rid, set_id, least):
    document = get_ruleset(rid).set_type(set_id).bonus
    ruleset = house(rid, set_bonuses={set_id: document + 250})
    # One such set and its least table points: (document + 250) + least.
    hand = [team(sets={set_id: 1}, table_points=least), team()]
    assert scores(ruleset, hand)[0] == document + 250 + least
    assert scores(get_ruleset(rid), hand)[0] == document + least
    others = [s for s in ruleset.set_types if s.id != set_id]
    assert all(s.bonus == get_ruleset(rid).set_type(s.id).bonus for s in others)


def test_house_set_bonus_on_sambolas_original_samba_bonuses():
    # The variation sets the red samba at 1,500; the club's 1,200 stands over it, the black samba stays 1,000.
    ruleset = house("sambola", {"samba_bonus": "original"}, set_bonuses={"red_samba": 1200})
    assert ruleset.set_type("red_samba").bonus == 1200 and ruleset.set_type("black_samba").bonus == 1000
    assert scores(ruleset, [team(sets={"red_samba": 1}, table_points=50), team()])[0] == 1250
