"""Properties of the club engine: any draw seats each player once; a ranking keeps every player."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import all_rulesets, get_ruleset
from app.rules.draw import draw_tables, partner_pairs, table_sizes
from app.rules.mixing import History, PastSession, draw_quality
from app.rules.outcome import Format, decide_outcome
from app.rules import decide_winner
from app.rules.ranking import GameResult, rank_players

RULESETS = [r.id for r in all_rulesets()]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(RULESETS), st.integers(4, 30), st.integers(0, 2**31), st.integers(0, 3))
def test_every_draw_seats_each_player_once_at_tables_of_allowed_sizes(ruleset_id, count, seed, earlier_rounds):
    ruleset = get_ruleset(ruleset_id)
    names = [f"N{i}" for i in range(count)]
    had = set()
    for round_ in range(earlier_rounds + 1):
        draw = draw_tables(ruleset, names, random.Random(seed + round_), partners_had=had)
        seated = [n for t in draw.tables for n in t.seats]
        assert sorted(seated + list(draw.sitting_out)) == sorted(names)
        assert all(t.size in table_sizes(ruleset) for t in draw.tables)
        assert all(t.dealer in t.seats for t in draw.tables)
        had |= partner_pairs(team for t in draw.tables for team in t.teams)


totals_lists = st.lists(st.tuples(st.integers(-2000, 30000).map(lambda x: x - x % 5),
                                  st.integers(-2000, 30000).map(lambda x: x - x % 5)), max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(RULESETS), totals_lists, st.integers(1, 12))
def test_a_hands_game_is_over_by_hand_n_and_its_margin_is_never_negative(ruleset_id, totals, hands):
    ruleset = get_ruleset(ruleset_id)
    ruled = [decide_winner(ruleset, ruleset.target, hand, None) for hand in totals]
    outcome = decide_outcome(totals, ruled, Format.of("hands", hands))
    if len(totals) >= hands:
        assert outcome.over and outcome.at_hand <= hands
    assert outcome.margin is None or outcome.margin >= 0
    assert outcome.draw == (outcome.over and outcome.winner is None and not outcome.no_result)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([None, 0, 1]), st.integers(0, 2000)), max_size=8))
def test_a_ranking_lists_every_player_once_with_places_in_order(games):
    results = [GameResult((("A", "B"), ("C", "D")), (0, 1) if winner is None else (winner,), winner is None,
                          0 if winner is None else margin)
               for winner, margin in games]
    standings = rank_players(results, present=["A", "B", "C", "D", "E"])
    assert sorted(s.player for s in standings) == ["A", "B", "C", "D", "E"]
    assert [s.place for s in standings] == sorted(s.place for s in standings)
    assert sum(s.won for s in standings) == 2 * len(games)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RULESETS), st.integers(4, 24), st.integers(0, 2**31), st.integers(0, 4),
       st.booleans(), st.data())
def test_a_draw_with_any_history_seats_each_player_once_and_is_repeatable(ruleset_id, count, seed, sessions,
                                                                           balance, data):
    ruleset = get_ruleset(ruleset_id)
    names = [f"N{i}" for i in range(count)]
    past = tuple(PastSession(age, tuple(t.teams for t in draw_tables(ruleset, names, random.Random(seed + age)).tables))
                 for age in range(sessions))
    sat = tuple(data.draw(st.lists(st.sampled_from(names), max_size=3, unique=True)))
    history = History(past, sat)
    ratings = {n: float(data.draw(st.integers(0, 50))) for n in names} if balance else None
    draw = draw_tables(ruleset, names, random.Random(seed), history=history, ratings=ratings)
    seated = [n for t in draw.tables for n in t.seats]
    assert sorted(seated + list(draw.sitting_out)) == sorted(names)
    assert all(t.size in table_sizes(ruleset) for t in draw.tables)
    if len(names) - len(sat) >= len(draw.sitting_out):
        assert not set(draw.sitting_out) & set(sat)           # whoever sat out last time plays, if anyone else can
    assert draw == draw_tables(ruleset, names, random.Random(seed), history=history, ratings=ratings)
    assert draw_quality([t.teams for t in draw.tables], history).words.endswith(".")
