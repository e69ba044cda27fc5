"""The draw mixes the club: it remembers earlier sessions, avoids repeated partners first, then repeated
opponents, keeps fixed pairs, rotates who sits out, balances by rating when asked, and says how it did."""
import random
from collections import Counter

import pytest

from app.rules import all_rulesets, get_ruleset
from app.rules.draw import draw_tables, table_sizes
from app.rules.mixing import DrawQuality, History, PastSession, draw_quality, opponents_in, partners_in

NAMES = [f"P{i:02d}" for i in range(1, 41)]


def teams_of(draw) -> tuple:
    """A draw's tables as plain teams."""
    return tuple(table.teams for table in draw.tables)


def history_before(days: list[tuple], today: list[tuple], keep: int = 12) -> History:
    """The history as the store hands it: this afternoon's rounds (age 0), then the last sessions, newest first."""
    sessions = [PastSession(0, tuple(t for round_ in today for t in round_))] if today else []
    sessions += [PastSession(age, tuple(t for round_ in rounds for t in round_))
                 for age, rounds in enumerate(reversed(days[-keep:]), start=1)]
    return History(tuple(sessions))


def club_season(seed: int, sessions: int = 12, rounds: int = 1, players: int = 16, ruleset: str = "bolivia"):
    """The same players opened `sessions` times on successive days: every session's rounds of tables."""
    days: list[list[tuple]] = []
    for day in range(sessions):
        today: list[tuple] = []
        for round_ in range(rounds):
            rng = random.Random(seed * 10_000 + day * 100 + round_)
            today.append(teams_of(draw_tables(get_ruleset(ruleset), NAMES[:players], rng,
                                              history=history_before(days, today))))
        days.append(today)
    return days


@pytest.mark.parametrize("seed", range(4))
def test_twelve_sessions_of_sixteen_players_repeat_at_most_two_partner_pairs(seed):
    partnered = Counter(p for day in club_season(seed) for round_ in day for teams in round_
                        for p in partners_in(teams))
    assert sum(count - 1 for count in partnered.values()) <= 2


@pytest.mark.parametrize("ruleset", ["bolivia", "bolivia_plus"])
def test_no_partner_pair_repeats_within_a_session(ruleset):
    for day in club_season(seed=5, sessions=4, rounds=4, ruleset=ruleset):
        partnered = Counter(p for round_ in day for teams in round_ for p in partners_in(teams))
        assert max(partnered.values()) == 1


def test_opponents_of_last_session_are_avoided_where_the_numbers_allow():
    for seed in range(6):
        last = teams_of(draw_tables(get_ruleset("bolivia"), NAMES[:16], random.Random(seed)))
        history = History((PastSession(1, last),))
        now = teams_of(draw_tables(get_ruleset("bolivia"), NAMES[:16], random.Random(seed + 50), history=history))
        met = {p for teams in last for p in opponents_in(teams)}
        assert not met & {p for teams in now for p in opponents_in(teams)}
        assert draw_quality(now, history).tables_last == 0


@pytest.mark.parametrize("ruleset_id", [r.id for r in all_rulesets()])
@pytest.mark.parametrize("count", [5, 10, 13, 17, 40])
def test_the_draw_is_the_same_for_the_same_seed_and_history(ruleset_id, count):
    ruleset = get_ruleset(ruleset_id)
    history = History((PastSession(1, teams_of(draw_tables(ruleset, NAMES[:count], random.Random(1)))),),
                      sat_out_last=(NAMES[0],))
    ratings = {name: float(i) for i, name in enumerate(NAMES)}
    first = draw_tables(ruleset, NAMES[:count], random.Random(9), history=history, ratings=ratings)
    assert first == draw_tables(ruleset, NAMES[:count], random.Random(9), history=history, ratings=ratings)
    seated = [name for table in first.tables for name in table.seats]
    assert sorted(seated + list(first.sitting_out)) == sorted(NAMES[:count])
    assert all(table.size in table_sizes(ruleset) for table in first.tables)


def test_other_seeds_give_other_draws():
    ruleset = get_ruleset("bolivia")
    draws = {teams_of(draw_tables(ruleset, NAMES[:16], random.Random(seed))) for seed in range(5)}
    assert len(draws) > 1


def test_fixed_pairs_are_kept_whatever_the_history():
    pairs = [["P01", "P02"], ["P03", "P04"], ["P05", "P06"], ["P07", "P08"]]
    history = History((PastSession(1, ((("P01", "P02"), ("P03", "P04")), (("P05", "P06"), ("P07", "P08")))),))
    draw = draw_tables(get_ruleset("bolivia"), NAMES[:8], random.Random(4), pairs=pairs, history=history)
    assert {frozenset(team) for table in draw.tables for team in table.teams} == {frozenset(p) for p in pairs}
    assert draw_quality(teams_of(draw), history, fixed=True).tables_last == 0     # new opponents


@pytest.mark.parametrize("seed", range(8))
def test_whoever_sat_out_last_session_does_not_sit_out_again(seed):
    history = History((), sat_out_last=("P01",))
    draw = draw_tables(get_ruleset("bolivia"), NAMES[:13], random.Random(seed), history=history)
    assert len(draw.sitting_out) == 1 and draw.sitting_out != ("P01",)


@pytest.mark.parametrize("seed", range(8))
def test_a_pair_that_sat_out_last_round_plays_this_round(seed):
    pairs = [["P01", "P02"], ["P03", "P04"], ["P05", "P06"]]
    draw = draw_tables(get_ruleset("bolivia"), NAMES[:6], random.Random(seed), pairs=pairs,
                       sat_out_before=["P05", "P06"])
    assert set(draw.sitting_out) != {"P05", "P06"}


def test_sitting_out_goes_round_everyone_in_turn():
    sat: list[str] = []
    for round_ in range(5):
        draw = draw_tables(get_ruleset("bolivia"), NAMES[:5], random.Random(round_), sat_out_before=sat)
        sat += draw.sitting_out
    assert len(set(sat)) == 5


@pytest.mark.parametrize("seed", range(6))
def test_balancing_by_rating_puts_a_strong_and_a_weaker_player_in_each_team(seed):
    ratings = {name: (40.0 if i < 4 else 10.0) for i, name in enumerate(NAMES[:8])}
    draw = draw_tables(get_ruleset("bolivia"), NAMES[:8], random.Random(seed), ratings=ratings)
    for table in draw.tables:
        for team in table.teams:
            assert sorted(ratings[name] for name in team) == [10.0, 40.0]


@pytest.mark.parametrize("quality, words", [
    (DrawQuality(8, False, 0, 0, 4, 0, 2), "Everyone has a new partner; 2 tables meet again from the last session."),
    (DrawQuality(8, False, 0, 0, 4, 0, 0), "Everyone has a new partner; no table meets again from the last session."),
    (DrawQuality(8, False, 0, 3, 4, 0, 1), "Everyone has a partner not had today; 3 pairs were partners in the "
                                           "last 12 sessions; 1 table meets again from the last session."),
    (DrawQuality(4, False, 1, 0, 2, 1, 0), "1 pair partners again from earlier today: the numbers allow no other "
                                           "way; 1 table meets again from earlier today."),
    (DrawQuality(0, False, 0, 0, 1, 0, 0), "Everyone plays alone; no table meets again from the last session."),
    (DrawQuality(4, True, 0, 0, 2, 0, 0), "Partners play in their set pairs; no table meets again from the last "
                                          "session."),
])
def test_the_quality_of_the_draw_is_said_in_words(quality, words):
    assert quality.words == words


@pytest.mark.parametrize("history, words", [
    (History(), "Everyone has a new partner; this is the club's first session, so every table is new."),
    (History((PastSession(0, ((("A", "E"), ("B", "F")),)),)),
     "Everyone has a new partner; no table meets again from earlier today."),
    (History((PastSession(1, ((("A", "E"), ("B", "F")),)),)),
     "Everyone has a new partner; no table meets again from the last session."),
])
def test_the_club_s_first_draw_speaks_of_no_last_session(history, words):
    now = ((("A", "B"), ("C", "D")), (("E", "F"), ("G", "H")))
    assert draw_quality(now, history).words == words


def test_the_quality_counts_what_the_history_remembers():
    last = ((("A", "B"), ("C", "D")), (("E", "F"), ("G", "H")))
    history = History((PastSession(1, last),))
    now = ((("A", "C"), ("E", "G")), (("B", "D"), ("F", "H")))
    assert draw_quality(now, history) == DrawQuality(4, False, 0, 0, 2, 0, 0)
    again = ((("A", "B"), ("E", "G")), (("C", "F"), ("D", "H")))
    quality = draw_quality(again, history)
    assert (quality.partners_recent, quality.tables_last) == (1, 1)      # F and H met at table 2
    assert draw_quality(((("A", "E"), ("C", "F")),), history).tables_last == 1
