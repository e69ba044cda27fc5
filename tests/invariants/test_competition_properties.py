"""Properties of competitions: with no drop, no handicap and the ladder's method a competition ranks exactly as the
ladder does; every entrant is in the table once, with every afternoon either counted or dropped."""
from datetime import date, timedelta
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import ladder
from app.rules.competition import (Afternoons, Competition, CompetitionGame, Counting, CountKind, Handicap,
                                   HandicapKind, Method, Qualification, ladder_competition)
from app.rules.competition_rank import rank_competition
from app.rules.outcome import EndReason, Outcome, OutcomeState
from app.rules.ranking import GameResult

NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus"]
FIRST = date(2026, 3, 2)


@st.composite
def played_game(draw):
    """A game with a result: 2 or 3 teams of 1 or 2 different players, won by one team or drawn at the top."""
    players = draw(st.permutations(NAMES))
    sizes = draw(st.lists(st.integers(1, 2), min_size=2, max_size=3))
    teams, at = [], 0
    for size in sizes:
        teams.append(tuple(players[at:at + size]))
        at += size
    if draw(st.booleans()):
        outcome = Outcome(OutcomeState.WON, (draw(st.integers(0, len(teams) - 1)),), EndReason.TARGET,
                          draw(st.integers(0, 3000).map(lambda m: m - m % 5)))
    else:
        level = draw(st.lists(st.integers(0, len(teams) - 1), min_size=2, max_size=len(teams), unique=True))
        outcome = Outcome(OutcomeState.DRAWN, tuple(sorted(level)), EndReason.HANDS, 0)
    afternoon = draw(st.integers(1, 6))
    return teams, outcome, afternoon


@settings(max_examples=300, deadline=None)
@given(st.lists(played_game(), max_size=30), st.sampled_from([0, 10, 30, 50, 100]))
def test_the_ladder_as_a_competition_ranks_as_the_ladder(games, percent):
    lines = [line for teams, outcome, afternoon in games for line in ladder.player_games(teams, outcome, afternoon)]
    expected = ladder.rank(lines, Fraction(percent, 100))
    entries = [CompetitionGame(FIRST + timedelta(days=7 * (afternoon - 1)), afternoon, GameResult.of(teams, outcome))
               for teams, outcome, afternoon in games]
    table = rank_competition(ladder_competition("Ladder", Afternoons(), percent), entries)
    assert [(s.player, s.place, s.games, Fraction(s.won), s.margin, s.sessions) for s in expected] == [
        (r.entrant, r.place, r.games, r.won, r.margin, r.afternoons) for r in table.rows]


@settings(max_examples=200, deadline=None)
@given(st.lists(played_game(), max_size=30), st.sampled_from(list(Method)),
       st.sampled_from([Counting(), Counting(CountKind.BEST, best=2), Counting(CountKind.DROP_PER, per=2, beyond=1)]),
       st.sampled_from([Handicap(), Handicap(HandicapKind.FIXED, fixed=(("Ann", 200), ("Bob", -50))),
                        Handicap(HandicapKind.RATING_MOVING, per_point=20)]),
       st.integers(0, 3))
def test_every_entrant_once_and_every_afternoon_counted_or_dropped(games, method, counting, handicap, afternoons):
    entries = [CompetitionGame(FIRST + timedelta(days=7 * (afternoon - 1)), afternoon, GameResult.of(teams, outcome),
                               tuple(1000 * i for i in range(len(teams))))
               for teams, outcome, afternoon in games]
    competition = Competition("Any", method=method, counting=counting, handicap=handicap,
                              qualification=Qualification(afternoons=afternoons))
    rows = rank_competition(competition, entries).rows
    played = {name for teams, _, _ in games for team in teams for name in team}
    assert sorted(row.entrant for row in rows) == sorted(played)
    for row in rows:
        assert len(row.counted) + len(row.dropped) == row.afternoons
        assert len(row.dropped) == counting.dropped(row.afternoons)
        assert sum(a.games for a in row.counted + row.dropped) == row.games
        assert row.qualified == (row.afternoons >= afternoons)
    places = [row.place for row in rows if row.qualified]
    assert places == sorted(places) and (not places or places[0] == 1)
