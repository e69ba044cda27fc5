"""Properties of initial-meld tables and of replaying games (Hypothesis)."""
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import initial_meld_minimum, replay, score_hand

from .strategies import RULESETS, ruleset_and_game, valid_hand

SETTINGS = settings(max_examples=200, deadline=None)


@SETTINGS
@given(st.sampled_from(RULESETS), st.integers(-10**6, 10**6), st.integers(0, 10**5))
def test_initial_meld_minimum_never_decreases_as_the_total_grows(ruleset, total, more):
    assert initial_meld_minimum(ruleset, total) <= initial_meld_minimum(ruleset, total + more)
    assert initial_meld_minimum(ruleset, total) in {15, 50, 90, 120, 150}


@SETTINGS
@given(ruleset_and_game())
def test_replaying_a_game_is_deterministic(case):
    ruleset, team_count, hands = case
    first = replay(ruleset, hands, team_count)
    second = replay(ruleset, hands, team_count)
    assert first.hands == second.hands
    assert (first.totals, first.winner, first.won_at) == (second.totals, second.winner, second.won_at)


@SETTINGS
@given(ruleset_and_game(), st.data())
def test_correcting_one_hand_changes_only_totals_from_that_hand_on(case, data):
    ruleset, team_count, hands = case
    k = data.draw(st.integers(0, len(hands) - 1), label="corrected hand")
    replacement, _ = data.draw(valid_hand(ruleset, team_count), label="correction")
    before = replay(ruleset, hands, team_count)
    after = replay(ruleset, hands[:k] + [replacement] + hands[k + 1:], team_count)
    assert after.hands[:k] == before.hands[:k]
    shift = [a.progressive - b.progressive for a, b in zip(after.hands[k].teams, before.hands[k].teams)]
    for old, new in zip(before.hands[k + 1:], after.hands[k + 1:]):
        for i, (b, a) in enumerate(zip(old.teams, new.teams)):
            assert a.breakdown == b.breakdown and a.score == b.score
            assert a.progressive - b.progressive == shift[i]
    assert list(after.totals) == [t + s for t, s in zip(before.totals, shift)]


@SETTINGS
@given(ruleset_and_game())
def test_each_hand_starts_from_the_totals_the_hand_before_left(case):
    ruleset, team_count, hands = case
    state = replay(ruleset, hands, team_count)
    totals = [0] * team_count
    for result in state.hands:
        assert [t.progressive_before for t in result.teams] == totals
        totals = [t.progressive for t in result.teams]
    assert list(state.totals) == totals
    winners = [i for i, h in enumerate(state.hands) if h.winner is not None]
    assert state.won_at == (winners[0] + 1 if winners else None)


@SETTINGS
@given(ruleset_and_game(max_hands=12), st.sampled_from([None, "ended", "abandoned"]))
def test_a_replay_of_stored_hands_has_the_figures_and_outcome_of_checked_hand_by_hand_scoring(case, closing):
    """Replay scores stored hands as entered, unchecked, in one pass: every hand's figures, its lines,
    the totals and the one outcome are those of checking and scoring each hand, one by one."""
    ruleset, team_count, hands = case
    state = replay(ruleset, hands, team_count, closing=closing)
    checked = replay(ruleset, [], team_count, closing=closing)
    for entries in hands:
        result = score_hand(ruleset, entries, checked.totals)          # validates: a problem would raise
        for team in result.teams:
            assert team.bonus + team.cards == sum(line.points for line in team.breakdown)
        checked = replace(checked, hands=checked.hands + (result,), entries=checked.entries + (tuple(entries),))
    assert state.hands == checked.hands and state.entries == checked.entries
    assert [[t.progressive for t in h.teams] for h in state.hands] == [[t.progressive for t in h.teams]
                                                                        for h in checked.hands]
    assert (state.totals, state.outcome) == (checked.totals, checked.outcome)
