"""Competitions: each ranking method, the drop rules, qualification, the partners' minimum and each handicap kind,
with the figures worked out here; ties share a place; the method in words from the same data."""
from datetime import date
from fractions import Fraction

import pytest

from app.rules.competition import (Afternoons, Competition, CompetitionGame, Counting, CountKind, Handicap,
                                   HandicapKind, Method, Qualification, Shape, Whom, ladder_competition, shaped)
from app.rules.competition_rank import rank_competition
from app.rules.competition_words import method_words, score_words
from app.rules.form_guide import RatedGame, rate_games
from app.rules.ranking import GameResult

MONDAY = date(2026, 3, 2)


def day(n: int) -> date:
    """The n-th afternoon's day: a week apart, Mondays."""
    return date.fromordinal(MONDAY.toordinal() + 7 * (n - 1))


def won(afternoon: int, winner: str, loser: str, margin: int = 100, totals=(5000, 4900)) -> CompetitionGame:
    """A game of two players alone: the first won by this margin."""
    return CompetitionGame(day(afternoon), afternoon, GameResult(((winner,), (loser,)), (0,), False, margin), totals)


def drawn(afternoon: int, one: str, other: str, totals=(5000, 5000)) -> CompetitionGame:
    """A game of two players alone that ended level."""
    return CompetitionGame(day(afternoon), afternoon, GameResult(((one,), (other,)), (0, 1), True, 0), totals)


def pairs(afternoon: int, winners, losers, margin=100, totals=(5000, 4900)) -> CompetitionGame:
    """A game of two pairs: the first won."""
    return CompetitionGame(day(afternoon), afternoon, GameResult((tuple(winners), tuple(losers)), (0,), False, margin),
                           totals)


def table(competition, games):
    """Each row as (entrant, place, score)."""
    return [(row.entrant, row.place, row.score) for row in rank_competition(competition, games).rows]


METHOD_CASES = {
    # Ann: 2 wins (+100, +300), 1 loss (-50): won 2; Bob: won 1 and drew 1 -> 1½
    "games_won_draws_half": (Method.GAMES_WON,
                             [won(1, "Ann", "Bob"), won(1, "Bob", "Ann", 50), won(2, "Ann", "Cy", 300),
                              drawn(2, "Bob", "Cy")],
                             [("Ann", 1, Fraction(2)), ("Bob", 2, Fraction(3, 2)), ("Cy", 3, Fraction(1, 2))]),
    # Ann +100 -50 +300 = 350 over 3 games; Bob -100 +50 +0 = -50 over 3; Cy -300 +0 = -300 over 2
    "average_margin_per_game": (Method.AVERAGE_MARGIN,
                                [won(1, "Ann", "Bob"), won(1, "Bob", "Ann", 50), won(2, "Ann", "Cy", 300),
                                 drawn(2, "Bob", "Cy")],
                                [("Ann", 1, Fraction(350, 3)), ("Bob", 2, Fraction(-50, 3)),
                                 ("Cy", 3, Fraction(-150))]),
    # the points each scored: Ann 5000 + 3000 = 8000, Bob 4000 + 6000 = 10000
    "total_points_per_afternoon": (Method.AFTERNOON_POINTS,
                                   [won(1, "Ann", "Bob", 1000, (5000, 4000)), won(2, "Bob", "Ann", 3000, (6000, 3000))],
                                   [("Bob", 1, Fraction(10000)), ("Ann", 2, Fraction(8000))]),
    # afternoon 1: Ann 1st (8), Bob 2nd (7); afternoon 2: Bob 1st (8), Cy 2nd (7); afternoon 3: Ann 1st (8), Cy 2nd (7)
    "place_points_per_afternoon": (Method.PLACE_POINTS,
                                   [won(1, "Ann", "Bob"), won(2, "Bob", "Cy"), won(3, "Ann", "Cy")],
                                   [("Ann", 1, Fraction(16)), ("Bob", 2, Fraction(15)), ("Cy", 3, Fraction(14))]),
}


@pytest.mark.parametrize("method, games, expected", METHOD_CASES.values(), ids=METHOD_CASES.keys())
def test_each_ranking_method(method, games, expected):
    assert table(Competition("Test", method=method), games) == expected


def test_place_points_are_shared_by_players_level_on_the_afternoon_and_none_below_the_table():
    """Two games, Ann and Bob each win one by 100: level, both placed 1st (8 points); Cy and Di both lost by 100
    once: level 3rd; with points (5, 3) a third place earns none."""
    games = [won(1, "Ann", "Cy"), won(1, "Bob", "Di")]
    competition = Competition("Test", method=Method.PLACE_POINTS, place_points=(5, 3))
    assert table(competition, games) == [("Ann", 1, 5), ("Bob", 1, 5), ("Cy", 3, 0), ("Di", 3, 0)]


def test_ties_share_a_place_and_the_next_place_is_skipped():
    games = [won(1, "Ann", "Cy"), won(1, "Bob", "Di"), won(2, "Cy", "Di", 50)]
    assert [(e, p) for e, p, _ in table(Competition("Test"), games)] == [
        ("Ann", 1), ("Bob", 1), ("Cy", 3), ("Di", 4)]


def five_afternoons():
    """Ann wins by 100, 200, 300, 400, 500 on five afternoons against Bob."""
    return [won(n, "Ann", "Bob", 100 * n, (5000 + 100 * n, 5000)) for n in range(1, 6)]


DROP_CASES = {
    # best 3 of 5: the afternoons won by 300, 400, 500 count; 100 and 200 are dropped
    "best_n_count": (Counting(CountKind.BEST, best=3), [3, 4, 5], [1, 2]),
    # best 8 of 5: all count
    "best_n_with_fewer_afternoons_all_count": (Counting(CountKind.BEST, best=8), [1, 2, 3, 4, 5], []),
    # one dropped per 2 beyond the first 1: (5 - 1) // 2 = 2 dropped
    "lowest_dropped_per_k_beyond_a_minimum": (Counting(CountKind.DROP_PER, per=2, beyond=1), [3, 4, 5], [1, 2]),
    # one dropped per 3 beyond the first 3: (5 - 3) // 3 = 0 dropped
    "nothing_dropped_until_k_beyond_the_minimum": (Counting(CountKind.DROP_PER, per=3, beyond=3),
                                                   [1, 2, 3, 4, 5], []),
    "every_afternoon_counts": (Counting(), [1, 2, 3, 4, 5], []),
}


@pytest.mark.parametrize("counting, counted, dropped", DROP_CASES.values(), ids=DROP_CASES.keys())
def test_drop_rules(counting, counted, dropped):
    ann = rank_competition(Competition("Test", method=Method.AVERAGE_MARGIN, counting=counting),
                           five_afternoons()).row_of("Ann")
    assert [a.afternoon for a in ann.counted] == counted
    assert [a.afternoon for a in ann.dropped] == dropped
    assert ann.score == Fraction(sum(100 * n for n in counted), len(counted))
    assert ann.afternoons == 5 and ann.games == 5


def test_of_equal_afternoons_the_earlier_is_dropped():
    games = [won(n, "Ann", "Bob") for n in (1, 2, 3)]
    ann = rank_competition(Competition("Test", counting=Counting(CountKind.BEST, best=2)), games).row_of("Ann")
    assert [a.afternoon for a in ann.dropped] == [1] and ann.won == 2


QUALIFY_CASES = {
    # Ann played 3 afternoons, Bob 3, Cy 1
    "min_afternoons": (Qualification(afternoons=2), {"Ann", "Bob"}),
    # games: Ann 3, Bob 4, Cy 1
    "min_games": (Qualification(games=4), {"Bob"}),
    # 30 % of Bob's 4 games rounds up to 2: Cy's 1 is short
    "share_of_the_most_active": (Qualification(percent=30), {"Ann", "Bob"}),
    # partners: games of pairs below; Ann partnered Bob and Cy, Bob only Ann, Cy only Ann
    "nobody_short": (Qualification(), {"Ann", "Bob", "Cy"}),
}


def qualifying_games():
    return [won(1, "Ann", "Bob"), won(2, "Bob", "Ann"), won(3, "Ann", "Bob"), won(3, "Bob", "Cy")]


@pytest.mark.parametrize("rule, qualified", QUALIFY_CASES.values(), ids=QUALIFY_CASES.keys())
def test_qualification(rule, qualified):
    rows = rank_competition(Competition("Test", qualification=rule), qualifying_games()).rows
    assert {row.entrant for row in rows if row.qualified} == qualified
    assert all(row.qualified for row in rows[:len(qualified)])        # the qualified come first
    assert all(row.place is None for row in rows[len(qualified):])


def test_partners_minimum():
    """Ann played with Bob and then with Cy: two partners; Bob and Cy one each, Di one (Eve twice)."""
    games = [pairs(1, ("Ann", "Bob"), ("Di", "Eve")), pairs(2, ("Ann", "Cy"), ("Di", "Eve"))]
    rows = rank_competition(Competition("Test", qualification=Qualification(partners=2)), games).rows
    assert [(row.entrant, row.partners, row.qualified) for row in rows] == [
        ("Ann", 2, True), ("Di", 1, False), ("Eve", 1, False), ("Bob", 1, False), ("Cy", 1, False)]


def test_pairs_rank_the_pairs_that_played_together():
    games = [pairs(1, ("Bob", "Ann"), ("Cy", "Di")), pairs(2, ("Cy", "Di"), ("Ann", "Bob"), 300),
             pairs(3, ("Ann", "Bob"), ("Cy", "Eve"))]
    competition = Competition("Test", whom=Whom.PAIRS, qualification=Qualification(games=2))
    rows = rank_competition(competition, games).rows
    # Ann & Bob: 2 won, margins +100 -300 +100 = -100; Cy & Di: 1 won +200; Cy & Eve: 1 game, not qualified
    assert [(r.entrant, r.place, r.won, r.margin) for r in rows] == [
        ("Ann & Bob", 1, 2, -100), ("Cy & Di", 2, 1, 200), ("Cy & Eve", None, 0, -100)]
    assert rows[0].players == ("Ann", "Bob")


def test_fixed_handicap_changes_results_by_the_margin():
    """Cy gets +150 a game, Ann and Bob none: Cy's loss by 100 to Ann becomes a win by 50 (Ann's win a loss by
    50); the loss by 200 to Bob stays a loss, by 50."""
    games = [won(1, "Ann", "Cy", 100), won(2, "Bob", "Cy", 200)]
    competition = Competition("Test", handicap=Handicap(HandicapKind.FIXED, fixed=(("cy", 150),)))
    rows = rank_competition(competition, games).rows
    assert [(r.entrant, r.place, r.won, r.margin, r.handicap) for r in rows] == [
        ("Bob", 1, 1, 50, -150), ("Cy", 2, 1, 50 - 50, 300), ("Ann", 3, 0, -50, -150)]


def test_partners_share_their_team_handicap_against_the_other_team():
    """Ann +100 and Bob 0 average +50 for their team, against Cy and Di's 0: their loss by 30 becomes a win by 20."""
    games = [pairs(1, ("Cy", "Di"), ("Ann", "Bob"), 30)]
    competition = Competition("Test", handicap=Handicap(HandicapKind.FIXED, fixed=(("Ann", 100),)))
    rows = rank_competition(competition, games).rows
    assert [(r.entrant, r.won, r.margin) for r in rows] == [("Ann", 1, 20), ("Bob", 1, 20), ("Cy", 0, -20),
                                                            ("Di", 0, -20)]


def test_fixed_handicap_level_after_it_is_a_draw():
    games = [won(1, "Ann", "Cy", 100)]
    competition = Competition("Test", handicap=Handicap(HandicapKind.FIXED, fixed=(("Cy", 100),)))
    assert rank_competition(competition, games).row_of("Cy").won == Fraction(1, 2)


def rating_games():
    """Ann beats Bob twice before 1 March; on 2 March and after, Bob and Ann play again."""
    early = [CompetitionGame(date(2026, 2, d), None, GameResult((("Ann",), ("Bob",)), (0,), False, 100), (5100, 5000))
             for d in (2, 9)]
    return early + [won(1, "Ann", "Bob", 100), won(2, "Ann", "Bob", 100)]


def test_handicap_from_the_rating_on_a_date():
    """The rating on 1 March comes from the two February games; the handicap is per_point points a game for each
    point under 25, worked out here from the form guide itself."""
    before = rate_games([RatedGame(g.played_on, g.result) for g in rating_games()[:2]])
    bob, ann = before.of("Bob").mu, before.of("Ann").mu
    competition = Competition("Test", Afternoons(starts_on=MONDAY),
                              handicap=Handicap(HandicapKind.RATING_ON, per_point=10, rating_on=date(2026, 3, 1)))
    rows = {row.entrant: row for row in rank_competition(competition, rating_games()).rows}
    bob_points, ann_points = round((25 - bob) * 10), round((25 - ann) * 10)     # each game: own less the other's
    assert rows["Bob"].handicap == 2 * (bob_points - ann_points) and rows["Bob"].handicap > 0
    assert rows["Ann"].handicap == 2 * (ann_points - bob_points)
    assert rows["Bob"].margin == -200 + rows["Bob"].handicap
    assert rows["Bob"].games == 2                   # February is not in the competition's afternoons


def test_handicap_moving_with_each_game():
    """Before the first game everyone is at 25 (no handicap); from then on the rating before each game counts."""
    games = rating_games()
    competition = Competition("Test", handicap=Handicap(HandicapKind.RATING_MOVING, per_point=10))
    bob = rank_competition(competition, games).row_of("Bob")
    expected = 0
    for n in range(1, len(games)):
        guide = rate_games([RatedGame(g.played_on, g.result) for g in games[:n]])
        expected += round((25 - guide.of("Bob").mu) * 10) - round((25 - guide.of("Ann").mu) * 10)
    assert bob.handicap == expected and bob.handicap > 0


def test_no_handicap_gives_none():
    assert rank_competition(Competition("Test"), rating_games()).row_of("Bob").handicap == 0


def test_afternoons_by_date_weekday_and_choice():
    games = [won(1, "Ann", "Bob"), won(2, "Ann", "Bob"),
             CompetitionGame(date(2026, 3, 4), 7, GameResult((("Bob",), ("Ann",)), (0,), False, 50), (1, 0))]
    def ann_games(afternoons):
        return rank_competition(Competition("Test", afternoons), games).row_of("Ann").games
    assert ann_games(Afternoons()) == 3
    assert ann_games(Afternoons(starts_on=date(2026, 3, 3))) == 2
    assert ann_games(Afternoons(weekday=0)) == 2                     # Mondays
    assert ann_games(Afternoons(chosen=(7, 2))) == 2


def test_the_ladder_shape_is_the_ladder():
    competition = shaped(Shape.SEASON_LADDER, Afternoons(season="Spring 2026"))
    assert competition == ladder_competition("Season ladder", Afternoons(season="Spring 2026"))
    assert competition.qualification.percent == 30 and competition.counting.kind == CountKind.ALL


WORD_CASES = {
    "best_n": (Competition("Q", counting=Counting(CountKind.BEST, best=8)), "Best 8 of the afternoons count"),
    "rating_on_a_date": (Competition("H", handicap=Handicap(HandicapKind.RATING_ON, per_point=2,
                                                            rating_on=date(2026, 3, 1))),
                         "A handicap of +2 points a game for each point of form rating under 25 (less for each "
                         "point over it), from the rating on 1 March 2026"),
    "min_afternoons": (Competition("A", qualification=Qualification(afternoons=5)),
                       "players with fewer than 5 afternoons are listed below as not yet qualified"),
    "drop_per": (Competition("D", counting=Counting(CountKind.DROP_PER, per=4, beyond=6)),
                 "The lowest afternoon is dropped for every 4 afternoons beyond the first 6."),
    "season": (Competition("S", Afternoons(season="Autumn 2026")), "It counts the afternoons of the season Autumn 2026."),
    "pairs_place_points": (Competition("P", whom=Whom.PAIRS, method=Method.PLACE_POINTS, place_points=(3, 2, 1)),
                           "a place earns 3, 2, 1 points"),
}


@pytest.mark.parametrize("competition, words", WORD_CASES.values(), ids=WORD_CASES.keys())
def test_the_method_in_words_from_the_same_data(competition, words):
    assert words in method_words(competition)


@pytest.mark.parametrize("method, score, words", [
    (Method.GAMES_WON, Fraction(9, 2), "4½"), (Method.AVERAGE_MARGIN, Fraction(247, 2), "+123.5"),
    (Method.AFTERNOON_POINTS, Fraction(12340), "12,340"), (Method.PLACE_POINTS, Fraction(38), "38")])
def test_scores_as_the_club_writes_them(method, score, words):
    assert score_words(Competition("T", method=method), score) == words
