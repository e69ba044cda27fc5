"""House rules, red 3s: the club's table by count, Bolivia Plus's melded black treys priced by it, and minus
or plus for a team that has not melded."""
import pytest

from app.rules import UnmeldedRedThrees

from .helpers import RULESET_IDS, out_team, team
from .house_helpers import house, scores, seed

#: "100 each and 1,000 for all of them", as long as each base's pack has red 3s.
EACH_AND_ALL = {rid: [100 * n for n in range(1, seed(rid).pack.red_threes)] + [1000] for rid in RULESET_IDS}


@pytest.mark.parametrize("rid", RULESET_IDS)
@pytest.mark.parametrize("count", [1, 2, 3])
def test_house_red_three_table_scores_by_count(rid, count):
    ruleset = house(rid, red_three_table=EACH_AND_ALL[rid])
    # Melded with 100 table points: 100 + 100 per red 3.
    entry = team(red_threes=count, table_points=100) if rid != "bolivia_classic" else out_team(rid, red_threes=count)
    base = scores(seed(rid), [entry, team()])[0]
    assert scores(ruleset, [entry, team()])[0] == base - seed(rid).red_three_table[count] + 100 * count


@pytest.mark.parametrize("rid,all_of_them,document", [("bolivia", 6, 1200), ("sambola", 6, 1200),
                                                      ("bolivia_plus", 8, 1400), ("bolivia_hoyle", 4, 800)])
def test_house_red_three_table_all_of_them(rid, all_of_them, document):
    ruleset = house(rid, red_three_table=EACH_AND_ALL[rid])
    hand = [team(red_threes=all_of_them, table_points=100), team()]
    assert scores(seed(rid), hand)[0] == document + 100
    assert scores(ruleset, hand)[0] == 1000 + 100


def test_house_red_three_table_classic_still_needs_the_going_out_sets():
    ruleset = house("bolivia_classic", red_three_table=EACH_AND_ALL["bolivia_classic"])
    # Six red 3s without the going-out sets count 0: only the 100 table points.
    assert scores(ruleset, [team(red_threes=6, table_points=100), team()])[0] == 100
    # With an Escalera and a Natural Canasta (2,000), 300 table points, going out 100: + 1,000.
    assert scores(ruleset, [out_team("bolivia_classic", red_threes=6), team()])[0] == 2000 + 300 + 100 + 1000


@pytest.mark.parametrize("melded,document,club", [(3, 300, 300), (4, 600, 400), (5, 800, 500), (8, 1400, 1000)])
def test_house_red_three_table_prices_bolivia_plus_melded_black_treys(melded, document, club):
    ruleset = house("bolivia_plus", red_three_table=EACH_AND_ALL["bolivia_plus"])
    # Sequence, Natural and Mixed Canasta (2,300) + going out 400 + 300 table points + the black treys.
    hand = [out_team("bolivia_plus", black_threes_melded=melded), team()]
    assert scores(seed("bolivia_plus"), hand)[0] == 2300 + 400 + 300 + document
    assert scores(ruleset, hand)[0] == 2300 + 400 + 300 + club


@pytest.mark.parametrize("rid,document", [("bolivia", UnmeldedRedThrees.NEGATIVE),
                                          ("sambola", UnmeldedRedThrees.POSITIVE),
                                          ("bolivia_plus", UnmeldedRedThrees.POSITIVE),
                                          ("bolivia_hoyle", UnmeldedRedThrees.POSITIVE)])
def test_house_unmelded_red_threes_turns_minus_into_plus_and_back(rid, document):
    other = "positive" if document == UnmeldedRedThrees.NEGATIVE else "negative"
    ruleset = house(rid, unmelded_red_threes=other)
    hand = [team(red_threes=2, melded=False), team()]
    # Two red 3s are worth 200; a team not melded counts them minus or plus.
    assert scores(seed(rid), hand)[0] == (-200 if document == UnmeldedRedThrees.NEGATIVE else 200)
    assert scores(ruleset, hand)[0] == (200 if document == UnmeldedRedThrees.NEGATIVE else -200)
    assert scores(ruleset, [team(red_threes=2, table_points=50), team()])[0] == 250


def test_house_unmelded_red_threes_minus_in_classic_bolivia_still_needs_the_going_out_sets():
    ruleset = house("bolivia_classic", unmelded_red_threes="negative")
    # Not melded and without the going-out sets: the red 3s count 0 either way (the classic rule stands).
    assert scores(ruleset, [team(red_threes=2, melded=False), team()])[0] == 0
    # Melded with the going-out sets: plus as ever, 2,000 + 300 + 100 + 200.
    assert scores(ruleset, [out_team("bolivia_classic", red_threes=2), team()])[0] == 2600


def test_house_unmelded_red_threes_minus_with_the_clubs_table():
    ruleset = house("bolivia", red_three_table=EACH_AND_ALL["bolivia"])
    # Not melded, all six: minus the club's 1,000 (the document's -1,200).
    assert scores(ruleset, [team(red_threes=6, melded=False), team()])[0] == -1000
    assert scores(seed("bolivia"), [team(red_threes=6, melded=False), team()])[0] == -1200
