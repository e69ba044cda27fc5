"""The form guide: a rating per player from every game with a result, teams and players alone, each result as the
engine's outcome gives it (the winners), never worked out again from the totals."""
from datetime import date

import pytest

from app.rules.form_guide import START, START_SIGMA, FormGuide, RatedGame, rate_games
from app.rules.outcome import Outcome, OutcomeState
from app.rules.ranking import GameResult

DAY = date(2026, 11, 1)


def game(teams, winners, draw=False, day=DAY) -> RatedGame:
    return RatedGame(day, GameResult(tuple(tuple(t) for t in teams), tuple(winners), draw, 100))


def test_the_winners_rise_and_the_losers_fall():
    guide = rate_games([game([["Ann", "Bob"], ["Cy", "Di"]], [0])])
    assert guide.of("Ann").mu > START > guide.of("Cy").mu
    assert guide.of("Ann").mu == guide.of("Bob").mu and guide.of("Ann").games == 1


def test_the_winner_is_the_outcomes_whichever_team_it_names():
    guide = rate_games([game([["Ann", "Bob"], ["Cy", "Di"]], [1])])
    assert guide.of("Cy").mu > START > guide.of("Ann").mu


def test_a_draw_leaves_equal_teams_level():
    guide = rate_games([game([["Ann", "Bob"], ["Cy", "Di"]], [0, 1], draw=True)])
    assert guide.of("Ann").mu == pytest.approx(guide.of("Cy").mu)
    assert guide.of("Ann").sigma < START_SIGMA and guide.of("Ann").games == 1      # surer after a game


@pytest.mark.parametrize("teams", [[["Ann"], ["Bob"], ["Cy"]], [["Ann"], ["Bob"]],
                                   [["Ann", "Bob", "Cy"], ["Di", "Ed", "Flo"]]])
def test_players_alone_and_teams_of_three_are_rated(teams):
    guide = rate_games([game(teams, [0])])
    winner, loser = teams[0][0], teams[-1][0]
    assert guide.of(winner).mu > START > guide.of(loser).mu
    assert len(guide.forms) == sum(map(len, teams))


def test_beating_a_stronger_team_raises_the_rating_more():
    strong = [game([["Ann", "Bob"], ["Cy", "Di"]], [0]) for _ in range(5)]
    upset = rate_games(strong + [game([["Ed", "Flo"], ["Ann", "Bob"]], [0])])
    easy = rate_games(strong + [game([["Ed", "Flo"], ["Cy", "Di"]], [0])])
    assert upset.of("Ed").mu > easy.of("Ed").mu


def test_each_player_has_a_point_per_game_in_order():
    games = [game([["Ann", "Bob"], ["Cy", "Di"]], [i % 2], day=date(2026, 11, i + 1)) for i in range(4)]
    points = rate_games(games).of("Ann").points
    assert [p.played_on.day for p in points] == [1, 2, 3, 4]
    assert points[0].rating > START and points[1].rating < points[0].rating


def test_the_same_games_give_the_same_ratings():
    games = [game([["Ann", "Bob"], ["Cy", "Di"]], [0]), game([["Ann"], ["Cy"], ["Ed"]], [2])]
    assert rate_games(games).forms == rate_games(games).forms


def test_a_player_with_no_game_starts_at_the_start():
    form = FormGuide().of("Zed")
    assert (form.mu, form.games, form.points, form.figure) == (START, 0, (), 25.0)
    assert set(form.as_dict()) == {"rating", "mu", "sigma", "ordinal", "games_rated"}


def test_a_name_is_found_whatever_its_capitals():
    assert rate_games([game([["Ann"], ["Bob"]], [0])]).of("ann").games == 1


def test_a_game_without_a_result_gives_no_line():
    outcome = Outcome(OutcomeState.NO_RESULT)
    assert GameResult.of([["Ann"], ["Bob"]], outcome) is None
