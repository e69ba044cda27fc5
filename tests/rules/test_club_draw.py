"""The draw: table sizes from the rule set, partners, seats, first dealer, who sits out."""
import random

import pytest

from app.rules import all_rulesets, get_ruleset
from app.rules.draw import (draw_problems, draw_tables, join_table, keep_tables, partner_pairs, plan_tables,
                            table_sizes)

NAMES = [f"P{i:02d}" for i in range(1, 31)]
RULESETS = [r.id for r in all_rulesets()]


@pytest.mark.parametrize("ruleset_id, sizes", [
    ("bolivia", (4, 6)), ("bolivia_classic", (4, 6)), ("bolivia_hoyle", (4, 6)),
    ("bolivia_plus", (6, 4)), ("sambola", (4, 6, 3, 2)),
])
def test_table_sizes_come_from_the_rule_set(ruleset_id, sizes):
    assert table_sizes(get_ruleset(ruleset_id)) == sizes


@pytest.mark.parametrize("ruleset_id, players, plan", [
    ("bolivia", 13, (4, 4, 4)), ("bolivia", 10, (4, 6)), ("bolivia", 8, (4, 4)), ("bolivia", 5, (4,)),
    ("bolivia_plus", 13, (6, 6)), ("bolivia_plus", 10, (6, 4)),
    ("sambola", 13, (4, 6, 3)), ("sambola", 5, (3, 2)), ("sambola", 7, (4, 3)),
])
def test_plan_seats_the_most_players_preferring_team_tables(ruleset_id, players, plan):
    assert plan_tables(get_ruleset(ruleset_id), players) == plan


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("count", range(4, 31))
def test_every_player_is_seated_once_or_sits_out(ruleset_id, count):
    ruleset = get_ruleset(ruleset_id)
    draw = draw_tables(ruleset, NAMES[:count], random.Random(count))
    seated = [name for table in draw.tables for name in table.seats]
    assert sorted(seated + list(draw.sitting_out)) == sorted(NAMES[:count])
    assert all(table.size in table_sizes(ruleset) for table in draw.tables)
    assert len(draw.sitting_out) <= 1
    assert [t.number for t in draw.tables] == list(range(1, len(draw.tables) + 1))


def test_thirteen_players_bolivia_one_sits_out_said_plainly():
    draw = draw_tables(get_ruleset("bolivia"), NAMES[:13], random.Random(1))
    assert len(draw.sitting_out) == 1
    assert draw.sitting_out_words == f"{draw.sitting_out[0]} sits out this round: the numbers do not make another table."


def test_seats_alternate_partners_and_the_first_dealer_is_at_the_table():
    draw = draw_tables(get_ruleset("bolivia"), NAMES[:6], random.Random(3))
    table = draw.tables[0]
    a, b = table.teams
    assert table.seats == (a[0], b[0], a[1], b[1], a[2], b[2])
    assert table.dealer in table.seats


def test_the_draw_is_the_same_with_the_same_seed():
    ruleset = get_ruleset("bolivia")
    assert draw_tables(ruleset, NAMES[:13], random.Random(7)) == draw_tables(ruleset, NAMES[:13], random.Random(7))


def test_a_new_round_avoids_partners_already_had_where_possible():
    ruleset = get_ruleset("bolivia")
    first = draw_tables(ruleset, NAMES[:8], random.Random(1))
    had = partner_pairs(team for table in first.tables for team in table.teams)
    second = draw_tables(ruleset, NAMES[:8], random.Random(2), partners_had=had)
    assert not had & partner_pairs(team for table in second.tables for team in table.teams)


def test_who_sat_out_before_plays_next_round():
    ruleset = get_ruleset("bolivia")
    for seed in range(10):
        draw = draw_tables(ruleset, NAMES[:5], random.Random(seed), sat_out_before=["P01", "P02"])
        assert draw.sitting_out[0] not in ("P01", "P02")


def test_fixed_pairs_stay_together():
    pairs = [["P01", "P02"], ["P03", "P04"], ["P05", "P06"], ["P07", "P08"]]
    draw = draw_tables(get_ruleset("bolivia"), NAMES[:8], random.Random(4), pairs=pairs)
    teams = {frozenset(team) for table in draw.tables for team in table.teams}
    assert teams == {frozenset(p) for p in pairs}


def test_fixed_pairs_with_an_odd_pair_the_pair_sits_out():
    pairs = [["P01", "P02"], ["P03", "P04"], ["P05", "P06"]]
    draw = draw_tables(get_ruleset("bolivia"), NAMES[:6], random.Random(4), pairs=pairs)
    assert len(draw.tables) == 1 and len(draw.sitting_out) == 2
    assert "sit out" in draw.sitting_out_words


@pytest.mark.parametrize("ruleset_id, count, words", [
    ("bolivia", 3, "needs at least 4 players"), ("sambola", 1, "needs at least 2 players"),
])
def test_too_few_players_is_refused(ruleset_id, count, words):
    problems = draw_problems(get_ruleset(ruleset_id), NAMES[:count])
    assert words in problems[0].message
    with pytest.raises(ValueError):
        draw_tables(get_ruleset(ruleset_id), NAMES[:count], random.Random(0))


def test_unknown_names_in_pairs_are_named():
    problems = draw_problems(get_ruleset("bolivia"), NAMES[:4], [["P01", "Zed"]])
    assert problems[0].field == "pairs" and "Zed" in problems[0].message


def test_keep_tables_keeps_partners():
    first = draw_tables(get_ruleset("bolivia"), NAMES[:8], random.Random(1))
    kept = keep_tables(first.tables, random.Random(2))
    assert [t.teams for t in kept] == [t.teams for t in first.tables]


def test_two_latecomers_turn_a_table_of_four_into_six():
    table = draw_tables(get_ruleset("bolivia"), NAMES[:4], random.Random(1)).tables[0]
    grown = join_table(get_ruleset("bolivia"), table, ["X", "Y"])
    assert grown.size == 6 and "X" in grown.teams[0] and "Y" in grown.teams[1]
    assert join_table(get_ruleset("bolivia"), table, ["X"]) is None


def test_one_latecomer_joins_two_sambola_players_alone():
    table = draw_tables(get_ruleset("sambola"), NAMES[:2], random.Random(1)).tables[0]
    grown = join_table(get_ruleset("sambola"), table, ["X"])
    assert grown.size == 3 and grown.solo
