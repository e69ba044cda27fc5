"""The API contract's four worked examples (they must hold exactly), at the engine level."""
from app.rules import get_ruleset, parse_teams, score_hand, validate_hand


def score_body(ruleset_id, teams):
    """Parse the request's teams as the API does, then score them; returns HandResult.as_dict()."""
    entries, totals, found = parse_teams(teams)
    assert found == []
    return score_hand(get_ruleset(ruleset_id), entries, totals).as_dict()


def test_example_1_bolivia_team_a_goes_out():
    """A: bonus 1500 + 500 + 200 + 200 = 2400, cards 400, score 2800, next minimum 90.
    B: bonus 300, cards 150 - 85 - 100 = -35, score 265, next minimum 50."""
    answer = score_body("bolivia", [
        {"name": "A", "sets": {"red_samba": 1, "red_canasta": 1}, "red_threes": 2,
         "table_points": 400, "hand_points": 0, "went_out": True},
        {"name": "B", "sets": {"black_canasta": 1}, "table_points": 150, "hand_points": 85,
         "black_threes_in_hand": 1},
    ])
    a, b = answer["teams"]
    assert (a["bonus"], a["cards"], a["score"], a["progressive"], a["next_initial_meld_minimum"]) == (
        2400, 400, 2800, 2800, 90)
    assert (b["bonus"], b["cards"], b["score"], b["progressive"], b["next_initial_meld_minimum"]) == (
        300, -35, 265, 265, 50)
    assert sorted(line["points"] for line in a["breakdown"]) == sorted([1500, 500, 200, 200, 400])
    assert sorted(line["points"] for line in b["breakdown"]) == sorted([300, 150, -85, -100])
    assert answer["ruleset"] == "bolivia" and answer["target"] == 15000
    assert answer["winner"] is None and answer["game_over"] is False


def test_example_2_bolivia_unmelded_team_red_3s_count_minus():
    """B has not melded and holds 2 red 3s, hand_points 230: score -200 - 230 = -430;
    with progressive 300 before, its next minimum is 15."""
    answer = score_body("bolivia", [
        {"name": "A", "sets": {"red_samba": 1, "red_canasta": 1}, "table_points": 400, "went_out": True},
        {"name": "B", "red_threes": 2, "hand_points": 230, "progressive": 300},
    ])
    b = answer["teams"][1]
    assert (b["bonus"], b["cards"], b["score"]) == (-200, -230, -430)
    assert b["progressive"] == -130
    assert b["next_initial_meld_minimum"] == 15


def test_example_3_sambola_going_out_without_two_red_sets_is_refused():
    """422: the message says two red sets and one black set are needed."""
    entries, totals, found = parse_teams([
        {"name": "A", "sets": {"red_canasta": 1, "black_canasta": 1}, "table_points": 300, "went_out": True},
        {"name": "B"},
    ])
    assert found == []
    problems = validate_hand(get_ruleset("sambola"), entries, totals)
    assert [p.as_dict()["field"] for p in problems] == ["teams[0].went_out"]
    message = problems[0].message
    assert "two red sets" in message and "one black set" in message
    assert "missing: a Red Canasta or Red Samba" in message


def test_example_4_bolivia_plus_going_out_team_wins_even_if_the_other_is_higher():
    """bonus 1500 + 500 + 300 + 600 + 400 = 3300, score 3900, progressive 22,900, winner A."""
    answer = score_body("bolivia_plus", [
        {"name": "A", "sets": {"sequence": 1, "natural_canasta": 1, "mixed_canasta": 1},
         "red_threes": 4, "table_points": 600, "progressive": 19000, "went_out": True},
        {"name": "B", "sets": {"natural_canasta": 1}, "table_points": 200, "progressive": 23000},
    ])
    a, b = answer["teams"]
    assert (a["bonus"], a["cards"], a["score"], a["progressive"]) == (3300, 600, 3900, 22900)
    assert b["progressive"] == 23700 > a["progressive"]
    assert answer["target"] == 20000
    assert answer["winner"] == 0 and answer["game_over"] is True
