"""Results of the day: players ranked by wins (a draw half) then by the sum of margins."""
from fractions import Fraction

from app.rules.ranking import METHOD, GameResult, rank_players


def test_ranking_by_wins_then_margin():
    games = [
        GameResult((("Ann", "Bob"), ("Cy", "Di")), (0,), False, 500),
        GameResult((("Ann", "Cy"), ("Bob", "Di")), (1,), False, 200),
    ]
    table = {s.player: (s.place, s.played, s.won, s.margin) for s in rank_players(games)}
    assert table == {"Bob": (1, 2, 2, 700), "Ann": (2, 2, 1, 300), "Di": (3, 2, 1, -300),
                     "Cy": (4, 2, 0, -700)}


def test_a_draw_counts_half_a_win_and_no_margin():
    standings = rank_players([GameResult((("Ann",), ("Bob",)), (0, 1), True, 0)])
    assert [(s.place, s.won, s.margin, s.won_words) for s in standings] == [
        (1, Fraction(1, 2), 0, "½"), (1, Fraction(1, 2), 0, "½")]


def test_players_level_on_wins_and_margin_share_a_place_and_the_next_place_skips():
    games = [GameResult((("Ann", "Bob"), ("Cy", "Di")), (0,), False, 100)]
    places = [(s.player, s.place) for s in rank_players(games)]
    assert places == [("Ann", 1), ("Bob", 1), ("Cy", 3), ("Di", 3)]


def test_players_present_who_played_nothing_are_listed_last_with_nothing():
    standings = rank_players([GameResult((("Ann",), ("Bob",)), (0,), False, 50)], present=["Eve"])
    assert standings[-1].player == "Eve" and standings[-1].played == 0 and standings[-1].won == 0


def test_a_win_and_a_draw_make_one_and_a_half():
    games = [GameResult((("Ann",), ("Bob",)), (0,), False, 50), GameResult((("Ann",), ("Bob",)), (0, 1), True, 0)]
    first = rank_players(games)[0]
    assert (first.player, first.won_words, first.as_dict()["won"]) == ("Ann", "1½", 1.5)


def test_three_players_alone_both_losers_lose_the_margin():
    standings = rank_players([GameResult((("Ann",), ("Bob",), ("Cy",)), (2,), False, 300)])
    assert [(s.player, s.margin) for s in standings] == [("Cy", 300), ("Ann", -300), ("Bob", -300)]


def test_the_method_is_written_out():
    assert "draw counts as half" in METHOD and "margin" in METHOD


def test_a_draw_between_two_of_three_players_alone_gives_the_third_a_loss():
    standings = rank_players([GameResult((("Ann",), ("Bob",), ("Cy",)), (0, 1), True, 0)])
    won = {s.player: s.won for s in standings}
    assert won == {"Ann": Fraction(1, 2), "Bob": Fraction(1, 2), "Cy": 0}
    assert all(s.played == 1 and s.margin == 0 for s in standings)
