"""Every boundary of both initial-meld tables, directly and as the next minimum a scored hand reports.

docs/rules.md, bolivia: "Initial-meld minimum from the team's progressive total: negative 15; 0-1495 50;
1500-2995 90; 3000-6995 120; 7000 and over 150." (sambola, bolivia_classic, bolivia_hoyle: "as bolivia")
docs/rules.md, bolivia_plus: "negative 15; 0-3995 50; 4000-7995 90; 8000-11995 120; 12000 and over 150."
"""
import pytest

from app.rules import get_ruleset, initial_meld_minimum

from .helpers import STANDARD_IDS, score, team

STANDARD = [(-1000, 15), (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120),
            (6995, 120), (7000, 150), (14995, 150), (15000, 150), (100000, 150)]
PLUS = [(-1000, 15), (-5, 15), (0, 50), (3995, 50), (4000, 90), (7995, 90), (8000, 120),
        (11995, 120), (12000, 150), (25000, 150)]

CASES = ([pytest.param(rid, {}, total, minimum, id=f"{rid}-{total}")
          for rid in STANDARD_IDS for total, minimum in STANDARD]
         + [pytest.param("bolivia_plus", var, total, minimum, id=f"{label}-{total}")
            for label, var in (("bolivia_plus", {}), ("bolivia_plus[decks=german]", {"decks": "german"}))
            for total, minimum in PLUS])


@pytest.mark.parametrize("rid,variations,total,minimum", CASES)
def test_initial_meld_minimum_table(rid, variations, total, minimum):
    assert initial_meld_minimum(get_ruleset(rid, variations), total) == minimum


@pytest.mark.parametrize("rid,variations,total,minimum", CASES)
def test_next_minimum_after_a_hand_landing_on_the_total(rid, variations, total, minimum):
    """A team that scores 100 from total-100 reports the minimum for `total` for the next hand."""
    hand = score(rid, [team(table_points=100), team()], variations, progressives=[total - 100, 0])
    assert hand.teams[0].progressive == total
    assert hand.teams[0].next_initial_meld_minimum == minimum
