"""House rules, the winning score: a game ends when a team reaches the club's figure, not the document's."""
import pytest

from app.rules import score_hand

from .helpers import RULESET_IDS, out_team, team
from .house_helpers import house, seed

#: Each base, the club's winning score, and the document's.
TARGETS = [("bolivia", 10000, 15000), ("sambola", 7500, 10000), ("bolivia_plus", 15000, 20000),
           ("bolivia_classic", 10000, 15000), ("bolivia_hoyle", 10000, 15000)]


@pytest.mark.parametrize("rid,club,document", TARGETS)
def test_house_winning_score_ends_the_game_at_the_clubs_figure(rid, club, document):
    ruleset = house(rid, target=club)
    assert ruleset.target == club and seed(rid).target == document
    # The going-out team's hand: its sets' bonuses + the going-out bonus + 300 table points.
    out = out_team(rid)
    hand = sum(ruleset.set_type(s).bonus * n for s, n in out.sets.items()) + ruleset.going_out_bonus + 300
    before = club - hand
    result = score_hand(ruleset, [out, team()], [before, 0])
    assert result.teams[0].progressive == club
    assert result.winner == 0
    assert score_hand(seed(rid), [out, team()], [before, 0]).winner is None


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_house_winning_score_one_hand_short_plays_on(rid):
    ruleset = house(rid, target=10000)
    out = out_team(rid)
    hand = sum(ruleset.set_type(s).bonus * n for s, n in out.sets.items()) + ruleset.going_out_bonus + 300
    result = score_hand(ruleset, [out, team()], [10000 - hand - 5, 0])
    assert result.teams[0].progressive == 9995 and result.winner is None


def test_house_winning_score_follows_the_german_decks_base():
    # German decks play to 25,000; the club plays them to 30,000.
    ruleset = house("bolivia_plus", {"decks": "german"}, target=30000)
    assert ruleset.pack.jokers == 12 and ruleset.target == 30000
    assert "play to 30,000" in ruleset.summary
