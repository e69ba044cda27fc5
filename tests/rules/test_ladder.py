"""The season ladder: games won then margins among qualified players, ties, the qualifying line, draws."""
from fractions import Fraction

import pytest

from app.rules.ladder import PlayerGame, games_needed, method_text, rank


def games(player, results, margin=10, session=1):
    """Games for one player with these results (1, 0.5, 0) and the same margin each."""
    return [PlayerGame(player, session, r, margin if r == 1 else -margin if r == 0 else 0) for r in results]


def test_ranked_by_games_won_then_margin():
    ladder = rank(games("Ann", [1, 1, 0]) + games("Bob", [1, 0, 0]) + games("Cy", [1, 1, 1]))
    assert [(s.player, s.place) for s in ladder] == [("Cy", 1), ("Ann", 2), ("Bob", 3)]
    ann = ladder[1]
    assert (ann.games, ann.won, ann.margin, ann.sessions) == (3, 2, 10, 1)
    assert ann.win_rate == 2 / 3


def test_draws_count_half():
    ladder = rank(games("Ann", [0.5, 0.5]) + games("Bob", [1, 0]))
    assert [s.won for s in ladder] == [1.0, 1.0]
    assert all(s.win_rate == 0.5 for s in ladder)


def test_ties_share_a_place_and_the_next_place_is_skipped():
    ladder = rank(games("Bob", [1, 0]) + games("Ann", [1, 0]) + games("Cy", [0, 0]))
    assert [(s.player, s.place) for s in ladder] == [("Ann", 1), ("Bob", 1), ("Cy", 3)]


def test_equal_games_won_are_split_by_sum_of_margins():
    ladder = rank(games("Ann", [1, 0], margin=10) + [PlayerGame("Bob", 1, 1, 500), PlayerGame("Bob", 1, 0, -10)])
    assert [(s.player, s.place) for s in ladder] == [("Bob", 1), ("Ann", 2)]


def test_the_qualifying_line_exactly_at_30_percent():
    """The most active player has 10 games: 3 games (exactly 30 %) qualify, 2 do not."""
    assert games_needed(10) == 3
    ladder = rank(games("Ann", [0] * 10) + games("Bob", [1, 1, 1]) + games("Cy", [1, 1]))
    assert [(s.player, s.qualified) for s in ladder] == [("Bob", True), ("Ann", True), ("Cy", False)]
    assert ladder[2].place is None


def test_the_line_rounds_up_and_the_share_can_change():
    assert games_needed(7) == 3           # 2.1 games -> 3
    assert games_needed(10, Fraction(1, 2)) == 5
    ladder = rank(games("Ann", [0] * 10) + games("Bob", [1] * 4), Fraction(1, 2))
    assert [(s.player, s.place) for s in ladder] == [("Ann", 1), ("Bob", None)]


def test_nobody_qualified_but_the_most_active_and_nobody_at_all():
    assert rank([]) == []
    ladder = rank(games("Ann", [1]))
    assert [(s.player, s.place) for s in ladder] == [("Ann", 1)]


def test_sessions_attended_are_counted_once_each():
    ladder = rank(games("Ann", [1, 1], session=1) + games("Ann", [0], session=2) + games("Ann", [1], session=None))
    assert (ladder[0].sessions, ladder[0].games) == (2, 4)


def test_method_is_written_out():
    text = method_text(10)
    assert "30 %" in text and "3 games" in text and "draw ½" in text


@pytest.mark.parametrize("most_games, figures", [
    (10, "(10 games so far this season, so at least 3 games)"),
    (2, "(2 games so far this season, so at least 1 game)"),
    (1, "(1 game so far this season, so at least 1 game)"),
])
def test_method_names_the_most_active_players_games_and_the_games_needed_apart(most_games, figures):
    assert f"most active player {figures} are ranked" in method_text(most_games)


def test_method_of_a_season_without_games_gives_no_figures():
    text = method_text(0)
    assert "most active player are ranked" in text and "0 games" not in text and "1 games" not in text


def test_more_games_won_ranks_above_a_higher_win_rate():
    """Games won first (docs/rules.md decision): 3 wins in 6 games above 2 wins in 2."""
    ladder = rank(games("Ann", [1, 1, 1, 0, 0, 0]) + games("Bob", [1, 1]))
    assert [(s.player, s.place) for s in ladder] == [("Ann", 1), ("Bob", 2)]
