"""Game-level rules as verify/do operations that return event records (docs/rules.md decisions, club formats)."""
import pytest

from app.rules import Refusal, get_ruleset, replay
from app.rules.operations import (do_abandon_game, do_add_hand, do_correct_hand, do_delete_game, do_end_game,
                                  do_remove_hand, verify_add_hand, verify_delete_game, verify_remove_hand)

from .helpers import codes_of, team

NAMES = ["Us", "Them"]
OUT = team(name="Us", sets={"red_samba": 1, "red_canasta": 1}, red_threes=2, table_points=400, went_out=True)
OTHER = team(name="Them", sets={"black_canasta": 1}, table_points=150, hand_points=85, black_threes_in_hand=1)


def state_with(*hands, target=None):
    return replay(get_ruleset("bolivia"), [list(h) for h in hands], 2, target)


def test_adding_returns_the_record_and_the_next_state():
    event, after = do_add_hand(state_with(), [OUT, OTHER], NAMES)
    assert (event.kind, event.hand_number, event.before) == ("hand_added", 1, None)
    assert event.after["teams"][0]["table_points"] == 400
    assert after.totals == (2800, 265)


def test_a_game_over_refuses_another_hand_as_a_conflict():
    state = state_with([OUT, OTHER], target=2800)
    assert codes_of(verify_add_hand(state, [OUT, OTHER], NAMES)) == ["game.over"]
    with pytest.raises(Refusal) as refused:
        do_add_hand(state, [OUT, OTHER], NAMES)
    assert refused.value.kind == "conflict"


def test_bad_figures_are_refused_as_invalid_with_every_problem():
    with pytest.raises(Refusal) as refused:
        do_add_hand(state_with(), [team(went_out=True, hand_points=7), OTHER], NAMES)
    assert refused.value.kind == "invalid"
    assert set(refused.value.codes) == {"hand_points.not_multiple_of_5", "went_out.missing_sets"}   # every problem


def test_a_correction_records_both_versions_and_replays_the_later_hands():
    state = state_with([OUT, OTHER], [OTHER, OUT])
    better = team(name="Us", sets={"red_samba": 1, "red_canasta": 1}, red_threes=2, table_points=490, went_out=True)
    event, after = do_correct_hand(state, 1, [better, OTHER], NAMES)
    assert (event.kind, event.hand_number) == ("hand_corrected", 1)
    assert event.before["teams"][0]["table_points"] == 400 and event.after["teams"][0]["table_points"] == 490
    assert after.totals[0] == state.totals[0] + 90


def test_a_correction_that_would_end_the_game_earlier_is_refused():
    state = state_with([OTHER, OTHER], [OTHER, OTHER], target=2800)
    with pytest.raises(Refusal) as refused:
        do_correct_hand(state, 1, [OUT, OTHER], NAMES)
    assert (refused.value.kind, refused.value.codes) == ("invalid", ["correction.ends_game_early"])


def test_only_the_last_hand_can_be_removed_and_removal_reopens_a_won_game():
    state = state_with([OTHER, OTHER], [OUT, OTHER], target=3000)
    assert state.game_over
    assert codes_of(verify_remove_hand(state, 1)) == ["hand.not_last"]
    assert codes_of(verify_remove_hand(state, 3)) == ["hand.unknown"]
    event, after = do_remove_hand(state, 2)
    assert (event.kind, event.hand_number, event.after) == ("hand_removed", 2, None)
    assert event.before["teams"][0]["went_out"] is True
    assert not after.game_over


@pytest.mark.parametrize("hands,winner,draw", [
    ([[OUT, OTHER]], 0, False), ([[OTHER, OUT]], 1, False), ([[OTHER, OTHER]], None, True), ([], None, False),
])
def test_ending_early_the_higher_total_wins_equal_is_a_draw_no_hand_no_result(hands, winner, draw):
    event, after = do_end_game(state_with(*hands), NAMES)
    assert event.kind == "game_ended" and after.game_over and after.closing == "ended"
    assert (after.winner, after.draw) == (winner, draw)
    assert (event.after["winner"], event.after["draw"]) == (winner, draw)


def test_abandoning_gives_no_result_and_a_closed_game_cannot_close_again():
    event, after = do_abandon_game(state_with([OUT, OTHER]), NAMES)
    assert event.kind == "game_abandoned" and after.game_over and after.winner is None
    assert codes_of(verify_add_hand(after, [OUT, OTHER], NAMES)) == ["game.closed"]
    with pytest.raises(Refusal):
        do_end_game(after, NAMES)


def test_only_a_game_with_no_hands_can_be_deleted():
    assert codes_of(verify_delete_game(state_with([OUT, OTHER]))) == ["game.has_hands"]
    event, after = do_delete_game(state_with())
    assert event.kind == "game_deleted" and after.closing == "deleted"


def test_stored_hands_are_scored_as_entered_and_warned_about_not_refused():
    bad = team(name="Us", went_out=True, table_points=100)       # went out without the sets
    state = replay(get_ruleset("bolivia"), [[bad, OTHER]], 2)
    assert state.totals[0] == 300
    assert [(w.hand_number, w.problem.code) for w in state.warnings] == [(1, "went_out.missing_sets")]
