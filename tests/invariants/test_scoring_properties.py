"""Properties of scoring every valid hand of every rule set (Hypothesis).

docs/rules.md, Common: "Every card-point total and every score is a multiple of 5." the API contract: "bonus ...
cards ... score: bonus + cards, progressive: progressive + score".
"""
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import BlackThreeMelding, InvalidHand, Winning, initial_meld_minimum, score_hand, validate_hand

from .strategies import RULESETS, arbitrary_entry, multiple_of_5, ruleset_and_valid_hand

SETTINGS = settings(max_examples=200, deadline=None)


@SETTINGS
@given(ruleset_and_valid_hand())
def test_valid_entries_validate_and_never_raise(case):
    ruleset, entries, progressives = case
    assert validate_hand(ruleset, entries, progressives) == []
    result = score_hand(ruleset, entries, progressives)
    assert len(result.teams) == len(entries)
    assert result.as_dict()["ruleset"] == ruleset.id


@SETTINGS
@given(ruleset_and_valid_hand(), st.data())
def test_card_points_past_the_pack_are_refused_and_nothing_else_changes(case, data):
    """House reading: table + hand points of all teams are at most the pack's card points."""
    ruleset, entries, progressives = case
    cap = ruleset.pack.card_points
    used = sum(e.table_points + e.hand_points for e in entries)
    assert used <= cap
    i = data.draw(st.integers(0, len(entries) - 1), label="team")
    entries[i] = replace(entries[i], hand_points=entries[i].hand_points + cap - used + 5)
    found = validate_hand(ruleset, entries, progressives)
    shares = {f"teams[{j}].{name}": getattr(e, name) for j, e in enumerate(entries)
              for name in ("table_points", "hand_points")}
    assert [p.code for p in found] == ["pack.card_points"]
    assert shares[found[0].field] == max(shares.values())      # marked where the most points were entered
    assert f"card points add up to {cap + 5:,}, but" in found[0].message and found[0].message.endswith(
        f"holds only {cap:,}.")


@SETTINGS
@given(ruleset_and_valid_hand())
def test_score_is_bonus_plus_cards_and_lines_sum_to_it(case):
    ruleset, entries, progressives = case
    for team, before in zip(score_hand(ruleset, entries, progressives).teams, progressives):
        assert team.score == team.bonus + team.cards
        assert sum(line.points for line in team.breakdown) == team.score
        assert sum(line.points for line in team.breakdown if line.part == "bonus") == team.bonus
        assert {line.part for line in team.breakdown} <= {"bonus", "cards"}
        assert team.progressive == before + team.score
        assert team.progressive_before == before


@SETTINGS
@given(ruleset_and_valid_hand())
def test_every_figure_is_a_multiple_of_5(case):
    ruleset, entries, progressives = case
    answer = score_hand(ruleset, entries, progressives).as_dict()
    for team in answer["teams"]:
        for key in ("bonus", "cards", "score", "progressive", "next_initial_meld_minimum"):
            assert team[key] % 5 == 0, (key, team)
        for line in team["breakdown"]:
            assert line["points"] % 5 == 0, line


@SETTINGS
@given(ruleset_and_valid_hand())
def test_next_minimum_follows_the_new_total(case):
    ruleset, entries, progressives = case
    for team in score_hand(ruleset, entries, progressives).teams:
        assert team.next_initial_meld_minimum == initial_meld_minimum(ruleset, team.progressive)


@SETTINGS
@given(ruleset_and_valid_hand())
def test_a_winner_is_at_the_target_and_by_the_rule_set_rule(case):
    ruleset, entries, progressives = case
    result = score_hand(ruleset, entries, progressives)
    totals = [team.progressive for team in result.teams]
    went_out = next((i for i, e in enumerate(entries) if e.went_out), None)
    if ruleset.winning == Winning.GOING_OUT_TEAM:
        expected = went_out if went_out is not None and totals[went_out] >= ruleset.target else None
    else:
        top = max(totals)
        expected = totals.index(top) if top >= ruleset.target and totals.count(top) == 1 else None
    assert result.winner == expected
    assert result.verdict_named_winner == (expected is not None)
    assert result.as_dict()["game_over"] == (expected is not None)      # a game to the target is over then


@SETTINGS
@given(ruleset_and_valid_hand())
def test_bonus_and_cards_are_what_the_entry_says(case):
    """cards = table points - hand points + 3s in hand + melded black 3s at card value + penalties."""
    ruleset, entries, progressives = case
    for entry, team in zip(entries, score_hand(ruleset, entries, progressives).teams):
        expected = (entry.table_points - entry.hand_points
                    + ruleset.black_three_in_hand_points * entry.black_threes_in_hand
                    + ruleset.red_three_in_hand_points * entry.red_threes_in_hand
                    + (ruleset.failed_go_out_points or 0) * entry.failed_go_outs)
        if ruleset.black_three_melding == BlackThreeMelding.CARD_VALUE:
            expected += 5 * entry.black_threes_melded
        assert team.cards == expected
        sets = sum(ruleset.set_type(k).bonus * n for k, n in entry.sets.items())
        going_out = (ruleset.concealed_bonus if entry.concealed else ruleset.going_out_bonus) if entry.went_out else 0
        assert team.bonus - sets - going_out in _possible_trey_bonuses(ruleset, entry)


def _possible_trey_bonuses(ruleset, entry):
    """Red 3s (plus, minus or 0 as the rule set says) and, in bolivia_plus, melded black treys."""
    table = ruleset.red_three_table
    red = table[min(entry.red_threes, len(table) - 1)]
    trey_table = ruleset.black_three_melding == BlackThreeMelding.TREY_TABLE
    black = table[min(entry.black_threes_melded, len(table) - 1)] if trey_table else 0
    return {red + black, -red + black, black}


@SETTINGS
@given(st.sampled_from(RULESETS), st.lists(arbitrary_entry(), min_size=1, max_size=4),
       st.lists(st.one_of(multiple_of_5(-5000, 30000), st.integers(-100, 100)), max_size=4))
def test_score_hand_raises_exactly_when_validate_hand_finds_problems(ruleset, entries, progressives):
    progressives = (progressives + [0] * len(entries))[:len(entries)]
    found = validate_hand(ruleset, entries, progressives)
    try:
        result = score_hand(ruleset, entries, progressives)
    except InvalidHand as refused:
        assert found and refused.problems == found
    else:
        assert found == []
        for team in result.teams:
            assert team.score == team.bonus + team.cards == sum(line.points for line in team.breakdown)
