"""A member's own record agrees with the ladder: whatever games are played, each player's games, wins, margins and
afternoons on their record are their line on the ladder, and partners and opponents count alike from both sides."""
from __future__ import annotations

from datetime import date, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules.ladder import player_games, rank
from app.rules.outcome import EndReason, Outcome, OutcomeState
from app.rules.own_record import Choice, GamePlayed, Seat, SortBy, chosen, figures_of, head_to_head, result_of, tallies

POOL = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


@st.composite
def club_games(draw):
    """Games of two or three teams of one or two players from the pool, each won, drawn or without a result."""
    games = []
    for index in range(draw(st.integers(0, 12))):
        team_count, size = draw(st.sampled_from([(2, 2), (2, 1), (3, 1)]))
        players = draw(st.permutations(POOL))[:team_count * size]
        teams = [list(players[t * size:(t + 1) * size]) for t in range(team_count)]
        kind = draw(st.sampled_from(["won", "drawn", "no_result"]))
        if kind == "won":
            outcome = Outcome(OutcomeState.WON, (draw(st.integers(0, team_count - 1)),), EndReason.TARGET,
                              draw(st.integers(0, 5000)))
        elif kind == "drawn":
            outcome = Outcome(OutcomeState.DRAWN, tuple(sorted(draw(st.sets(st.integers(0, team_count - 1),
                                                                             min_size=2)))), EndReason.TIME, 0)
        else:
            outcome = Outcome(OutcomeState.NO_RESULT, (), EndReason.ABANDONED)
        games.append((index, teams, outcome, draw(st.sampled_from([None, 1, 2, 3]))))
    return games


def as_played(index: int, teams: list[list[str]], outcome: Outcome, session: int | None, player: str) -> GamePlayed:
    """The game as `player` played it, from the ladder's lines as the store takes them."""
    lines = player_games(teams, outcome, session)
    flat = [name for team in teams for name in team]
    line = lines[flat.index(player)] if lines else None
    mine = next(team for team in teams if player in team)
    result, margin = result_of(line, outcome.over)
    seat = lambda name: Seat(f"n:{name.lower()}", name)      # noqa: E731
    points = [row.result for row in lines]
    theirs = tuple(points[flat.index(n)] for team in teams if team is not mine for n in team) if points else ()
    return GamePlayed(index, datetime(2026, 1, 1) + timedelta(days=index), date(2026, 1, 1) + timedelta(days=index),
                      session, "", "bolivia", None, "Bolivia", tuple(seat(n) for n in mine if n != player),
                      tuple(seat(n) for team in teams if team is not mine for n in team), "", 0, (), result, margin, "", theirs)


def records(games) -> dict[str, list[GamePlayed]]:
    """Every player's games."""
    return {player: [as_played(i, teams, outcome, session, player) for i, teams, outcome, session in games
                     if any(player in team for team in teams)] for player in POOL}


@settings(max_examples=200, deadline=None)
@given(club_games())
def test_each_players_record_is_their_line_on_the_ladder(games):
    ladder = {row.player: row for row in rank([line for _, teams, outcome, session in games
                                                for line in player_games(teams, outcome, session)])}
    for player, played in records(games).items():
        figures = figures_of(played)
        row = ladder.get(player)
        if row is None:
            assert figures.games == 0 and figures.won == 0
            continue
        assert (figures.games, figures.won, figures.margin, figures.sessions) == (row.games, row.won, row.margin,
                                                                                  row.sessions)


@settings(max_examples=200, deadline=None)
@given(club_games())
def test_partners_and_opponents_count_alike_from_both_sides_and_sum_to_the_seats(games):
    played = records(games)
    partners = {p: {t.seat.name: t for t in tallies(played[p], "partners")} for p in POOL}
    opponents = {p: {t.seat.name: t for t in tallies(played[p], "opponents")} for p in POOL}
    for player in POOL:
        counted = [g for g in played[player] if g.counts]
        assert sum(t.games for t in partners[player].values()) == sum(len(g.partners) for g in counted)
        assert sum(t.games for t in opponents[player].values()) == sum(len(g.opponents) for g in counted)
        for other, tally in partners[player].items():
            assert (partners[other][player].games, partners[other][player].won) == (tally.games, tally.won)
        for other, tally in opponents[player].items():
            back = opponents[other][player]
            assert (back.games, back.won, back.lost) == (tally.games, tally.lost, tally.won)
            both = head_to_head(played[player], Seat(f"n:{other.lower()}", other))
            assert (both.against.games, both.against.won, both.against.lost) == (tally.games, tally.won, tally.lost)


@settings(max_examples=100, deadline=None)
@given(club_games(), st.sampled_from(["date", "result", "margin"]), st.booleans())
def test_every_sort_lists_each_game_once(games, sort, descending):
    for played in records(games).values():
        listed = chosen(played, Choice(sort=SortBy(sort), descending=descending))
        assert sorted(g.game_id for g in listed) == sorted(g.game_id for g in played)
