"""Club formats (docs/rules.md "Club formats"): how a game ends to the target, after N hands, or on the clock."""
import pytest

from app.rules import all_rulesets, decide_winner, get_ruleset
from app.rules.formats import format_problems
from app.rules.ladder import player_games
from app.rules.outcome import EndReason, Format, OutcomeState, decide_outcome, margin_of

RULESETS = [r.id for r in all_rulesets()]
TARGET, HANDS, TIME = Format.of("target"), Format.of("hands", 3), Format.of("time")


def outcome(ruleset_id, totals, went_out, fmt, last_hand=None, closing=None):
    """The engine's outcome of a game whose hands left these totals, the rule set deciding each hand."""
    ruleset = get_ruleset(ruleset_id)
    ruled = [decide_winner(ruleset, ruleset.target, hand, out) for hand, out in zip(totals, went_out)]
    return decide_outcome(totals, ruled, fmt, last_hand, closing)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_target_format_ends_only_by_the_rule_sets_winning_score(ruleset_id):
    target = get_ruleset(ruleset_id).target
    playing = outcome(ruleset_id, [(1000, 500)] * 10, [0] * 10, TARGET)
    assert not playing.over
    won = outcome(ruleset_id, [(1000, 500), (target + 100, 600)], [0, 0], TARGET)
    assert (won.over, won.winner, won.margin, won.at_hand) == (True, 0, target - 500, 2)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_hands_format_after_hand_n_the_higher_total_wins(ruleset_id):
    result = outcome(ruleset_id, [(100, 300), (400, 900), (1200, 1000)], [None, 1, 0], HANDS)
    assert (result.over, result.winner, result.margin, result.at_hand) == (True, 0, 200, 3)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_hands_format_equal_totals_after_hand_n_is_a_draw(ruleset_id):
    result = outcome(ruleset_id, [(100, 300), (400, 900), (1000, 1000)], [None, 1, 0], HANDS)
    assert result.over and result.draw and result.winner is None and result.margin == 0


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_hands_format_before_hand_n_plays_on(ruleset_id):
    assert not outcome(ruleset_id, [(100, 300), (400, 900)], [None, 1], HANDS).over


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_hands_format_the_winning_rule_still_ends_the_game_early(ruleset_id):
    target = get_ruleset(ruleset_id).target
    result = outcome(ruleset_id, [(100, 300), (target, 900)], [None, 0], HANDS)
    assert (result.over, result.winner, result.at_hand) == (True, 0, 2)


def test_hands_format_bolivia_plus_moral_winner_is_the_higher_total():
    """Bolivia Plus section K(ii): after the agreed hands the higher total is the moral winner."""
    result = outcome("bolivia_plus", [(5000, 6000), (9000, 12000), (15000, 19000)], [0, 1, 0], HANDS)
    assert (result.winner, result.margin) == (1, 4000)


def test_bolivia_plus_lower_team_going_out_over_the_target_wins_from_behind_with_margin_0():
    result = outcome("bolivia_plus", [(20100, 22000)], [0], TARGET)
    assert (result.winner, result.margin) == (0, 0)


def test_bolivia_plus_higher_team_not_going_out_has_not_won():
    assert not outcome("bolivia_plus", [(21000, 19900)], [1], TARGET).over


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_time_format_ends_after_the_hand_in_play_higher_total_wins(ruleset_id):
    totals = [(100, 300), (700, 500)]
    assert not outcome(ruleset_id, totals[:1], [None], TIME, last_hand=2).over
    result = outcome(ruleset_id, totals, [None, None], TIME, last_hand=2)
    assert (result.over, result.winner, result.margin, result.at_hand) == (True, 0, 200, 2)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_time_format_equal_totals_is_a_draw(ruleset_id):
    result = outcome(ruleset_id, [(500, 500)], [None], TIME, last_hand=1)
    assert result.over and result.draw and result.margin == 0


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_time_called_at_a_table_with_no_hand_owes_hand_1(ruleset_id):
    result = outcome(ruleset_id, [], [], TIME, last_hand=1)
    assert not result.over and result.owes_hand and result.state == OutcomeState.IN_PLAY
    ended = outcome(ruleset_id, [(300, 100)], [None], TIME, last_hand=1)
    assert (ended.state, ended.winner, ended.reason, ended.at_hand) == (OutcomeState.WON, 0, EndReason.TIME, 1)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_time_format_winning_rule_met_in_the_last_hand_decides(ruleset_id):
    target = get_ruleset(ruleset_id).target
    result = outcome(ruleset_id, [(100, 300), (target + 5, target + 500)], [None, 0], TIME, last_hand=2)
    expected = 0 if ruleset_id == "bolivia_plus" else 1
    assert (result.winner, result.at_hand) == (expected, 2)
    assert result.reason == EndReason.TARGET


def test_time_format_without_time_called_plays_on():
    assert not outcome("bolivia", [(100, 300)] * 20, [None] * 20, TIME).over


def test_three_players_alone_tied_at_the_top_after_hand_n_is_a_draw_between_the_two():
    result = outcome("sambola", [(100, 300, 300)] * 3, [None] * 3, HANDS)
    assert result.draw and result.winners == (1, 2) and result.margin == 0


def test_three_players_alone_margin_is_to_the_next_total():
    result = outcome("sambola", [(100, 900, 300)] * 3, [None] * 3, HANDS)
    assert (result.winner, result.margin) == (1, 600)
    assert margin_of((100, 900, 300), 1) == 600


@pytest.mark.parametrize("kind, hands, field", [
    ("sprint", None, "format.kind"), ("hands", None, "format.hands"), ("hands", 0, "format.hands"),
    ("hands", True, "format.hands"), ("hands", "8", "format.hands"), ("hands", 61, "format.hands"),
])
def test_format_problems_name_the_field(kind, hands, field):
    problems = format_problems(kind, hands)
    assert [p.field for p in problems] == [field]


@pytest.mark.parametrize("kind, hands", [("target", None), ("time", None), ("hands", 8)])
def test_good_formats_have_no_problems(kind, hands):
    assert format_problems(kind, hands) == []


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_ending_early_decides_as_time_does(ruleset_id):
    won = outcome(ruleset_id, [(100, 300), (700, 500)], [None, None], TARGET, closing="ended")
    assert (won.state, won.winner, won.margin, won.reason) == (OutcomeState.WON, 0, 200, EndReason.ENDED_EARLY)
    drawn = outcome(ruleset_id, [(500, 500)], [None], TARGET, closing="ended")
    assert (drawn.state, drawn.winners, drawn.margin) == (OutcomeState.DRAWN, (0, 1), 0)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_ending_early_before_any_hand_gives_no_result(ruleset_id):
    result = outcome(ruleset_id, [], [], TARGET, closing="ended")
    assert result.state == OutcomeState.NO_RESULT and not result.decided


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_an_abandoned_game_has_no_result_whatever_the_totals(ruleset_id):
    result = outcome(ruleset_id, [(100, 900)], [None], TARGET, closing="abandoned")
    assert (result.state, result.winners, result.reason) == (OutcomeState.NO_RESULT, (), EndReason.ABANDONED)
    assert not result.decided and result.winner is None


def test_a_deleted_game_is_deleted():
    result = outcome("bolivia", [], [], TARGET, closing="deleted")
    assert result.state == OutcomeState.DELETED and result.over and not result.decided


def test_the_api_shape_of_an_outcome():
    result = outcome("sambola", [(100, 300, 300)] * 3, [None] * 3, HANDS)
    assert result.as_dict() == {"state": "drawn", "winners": [1, 2], "reason": "hands", "margin": 0,
                                "owes_hand": False}


def test_an_outcome_in_words_names_the_teams():
    result = outcome("bolivia", [(100, 300), (700, 500)], [None, None], TIME, last_hand=2)
    assert result.words(["Jets", "Sharks"]) == (
        "Jets won at hand 2: time was called and the last hand was entered.")
    drawn = outcome("sambola", [(100, 300, 300)] * 3, [None] * 3, HANDS)
    assert drawn.words(["Ann", "Bob", "Cy"]).startswith("A draw between Bob and Cy at hand 3")


def test_three_players_alone_two_level_at_the_top_the_banner_says_who_drew_and_who_lost():
    drawn = outcome("sambola", [(100, 300, 300)] * 3, [None] * 3, HANDS)
    assert drawn.headline(["Ann", "Bob", "Cy"]) == "Bob and Cy drew; Ann lost."
    first_two = outcome("sambola", [(300, 300, 100)] * 3, [None] * 3, HANDS)
    assert first_two.headline(["Ann", "Bob", "Cy"]) == "Ann and Bob drew; Cy lost."


def test_the_banner_agrees_with_the_results_on_who_drew_and_who_lost():
    drawn = outcome("sambola", [(300, 100, 300)] * 3, [None] * 3, HANDS)
    lines = {line.player: line.result for line in player_games([["Ann"], ["Bob"], ["Cy"]], drawn, None)}
    assert lines == {"Ann": 0.5, "Bob": 0.0, "Cy": 0.5}
    assert drawn.headline(["Ann", "Bob", "Cy"]) == "Ann and Cy drew; Bob lost."


@pytest.mark.parametrize("totals, closing, words", [
    ((500, 500), "ended", "A draw."),
    ((100, 300, 100), "ended", "Bob won!"),
    ((300, 300, 300), "ended", "A draw."),
    ((100, 900), "abandoned", "No result."),
])
def test_the_banner_of_every_other_ending(totals, closing, words):
    ruleset_id = "sambola" if len(totals) == 3 else "bolivia"
    result = outcome(ruleset_id, [totals], [None], TARGET, closing=closing)
    assert result.headline(["Ann", "Bob", "Cy"][:len(totals)]) == words


def test_a_game_in_play_has_no_banner():
    assert outcome("bolivia", [(100, 300)], [None], TARGET).headline(["Jets", "Sharks"]) == ""
