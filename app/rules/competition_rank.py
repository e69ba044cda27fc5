"""A competition's table: one pure function ranks every competition, ties shared, each row with the afternoons
that counted and the ones dropped."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from math import lcm
from typing import Sequence

from .competition import Competition, CompetitionGame, HandicapKind, Method, Whom
from .form_guide import START, RatedGame, rate_games, rating_mu, rating_steps
from .ladder import games_needed


@dataclass(frozen=True)
class Line:
    """One game as one entrant played it, its handicap given: won (1, ½, 0), margin and points."""

    entrant: str
    players: tuple[str, ...]
    partners: tuple[str, ...]
    afternoon: int | None
    played_on: date
    result: Fraction
    margin: int
    points: int
    handicap: int


@dataclass(frozen=True)
class AfternoonResult:
    """An entrant's afternoon: games, won, margin and points (handicap in), the place that afternoon, and the
    score the competition's method counts from it."""

    afternoon: int | None
    played_on: date
    games: int
    won: Fraction
    margin: int
    points: int
    handicap: int
    place: int
    score: Fraction

    @property
    def key(self) -> tuple:
        """What makes one afternoon better than another: its score, then games won, then margin."""
        return (self.score, self.won, self.margin)


@dataclass(frozen=True)
class CompetitionRow:
    """An entrant's line in the table: place (None: not yet qualified), the totals of the afternoons counted."""

    place: int | None
    entrant: str
    players: tuple[str, ...]
    afternoons: int
    games: int
    partners: int
    won: Fraction
    margin: int
    points: int
    handicap: int
    score: Fraction
    counted: tuple[AfternoonResult, ...]
    dropped: tuple[AfternoonResult, ...]

    @property
    def qualified(self) -> bool:
        """True when the entrant is ranked."""
        return self.place is not None


@dataclass(frozen=True)
class CompetitionTable:
    """A competition ranked: its rows, qualified first, and the games the share of the most active asks for."""

    competition: Competition
    rows: tuple[CompetitionRow, ...]
    most_games: int
    games_needed: int

    def row_of(self, player: str) -> CompetitionRow | None:
        """The row a player is in (their own, or their pair's)."""
        folded = player.casefold()
        return next((row for row in self.rows if folded in (name.casefold() for name in row.players)), None)


#: A game's results as an entrant's line counts them: won, drawn, lost.
ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)


def pair_name(players: Sequence[str]) -> str:
    """A pair as its row names it: 'Ann & Bob', in the order of the names."""
    return " & ".join(sorted(players, key=str.casefold))


def rating_handicap(competition: Competition, mu: float) -> int:
    """Points a game for a rating: `per_point` for each point under the club's middle, rounded."""
    return round((START - mu) * competition.handicap.per_point)


def handicaps(competition: Competition, games: Sequence[CompetitionGame]) -> list[dict[str, int]]:
    """Each game's handicap per player, from the competition's kind (the rating read over every game given)."""
    kind = competition.handicap.kind
    names = [{name for team in game.result.teams for name in team} for game in games]
    if kind == HandicapKind.FIXED:
        return [{name: competition.handicap.fixed_of(name) for name in players} for players in names]
    if kind == HandicapKind.RATING_ON:
        rated = rate_games([RatedGame(g.played_on, g.result) for g in games
                            if competition.handicap.rating_on is None or g.played_on < competition.handicap.rating_on])
        return [{name: rating_handicap(competition, rated.of(name).mu) for name in players} for players in names]
    if kind == HandicapKind.RATING_MOVING:
        steps = rating_steps([RatedGame(g.played_on, g.result) for g in games])
        return [{name: rating_handicap(competition, rating_mu(before, name)) for name in players}
                for players, (_, before, _, _) in zip(names, steps)]
    return [{} for _ in games]


def team_handicaps(teams: Sequence[Sequence[str]], handicap: dict[str, int]) -> list[Fraction]:
    """Each team's handicap in a game: its players' handicaps averaged."""
    return [Fraction(sum(handicap.get(p, 0) for p in team), len(team)) if team else Fraction(0) for team in teams]


def given_to(index: int, teams: list[Fraction]) -> int:
    """What a team's handicap gives it in a game: its own less the others' (averaged), rounded to a point."""
    others = [h for i, h in enumerate(teams) if i != index]
    return round(teams[index] - (sum(others) / len(others) if others else 0))


def lines_of(competition: Competition, game: CompetitionGame, handicap: dict[str, int]) -> list[Line]:
    """Each entrant's line in one game: won, drawn (½ to the teams level at the top) or lost with the margin ±;
    a handicap, the team's less its opponents', is added to the margin and the result read again from it."""
    result = game.result
    teams = team_handicaps(result.teams, handicap) if any(handicap.values()) else None   # None: no handicap
    lines = []
    for index, team in enumerate(result.teams):
        if competition.whom == Whom.PAIRS and len(team) != 2:
            continue
        ahead = index in result.winners
        won = (HALF if result.draw else ONE) if ahead else ZERO
        margin = 0 if result.draw else (result.margin if ahead else -result.margin)
        given = given_to(index, teams) if teams is not None else 0
        if given:
            margin += given
            won = ONE if margin > 0 else HALF if margin == 0 else ZERO
        total = (game.totals[index] if index < len(game.totals) else 0) + given
        players = tuple(sorted(team, key=str.casefold))
        entrants = [(pair_name(team), players)] if competition.whom == Whom.PAIRS else [(p, (p,)) for p in team]
        for entrant, own in entrants:
            partners = tuple(p for p in team if p not in own)
            lines.append(Line(entrant, own, partners, game.afternoon, game.played_on, won, margin, total, given))
    return lines


def fraction_sum(values: list[Fraction]) -> Fraction:
    """The fractions' sum (one alone is its own sum: most entrants play one game an afternoon)."""
    return values[0] if len(values) == 1 else sum(values, ZERO)


def shared_places(keys: Sequence[tuple]) -> list[int]:
    """Places for keys already in order, best first: equal keys share a place and the next place is skipped."""
    places: list[int] = []
    for index, key in enumerate(keys):
        places.append(places[-1] if index and key == keys[index - 1] else index + 1)
    return places


def afternoon_results(competition: Competition, lines: list[Line]) -> dict[str, list[AfternoonResult]]:
    """Each entrant's afternoons, with the afternoon's place among the entrants who played it."""
    days: dict[tuple, dict[str, list[Line]]] = defaultdict(lambda: defaultdict(list))
    for line in lines:
        days[(line.afternoon, line.played_on) if line.afternoon is not None else (None, line.played_on)][
            line.entrant].append(line)
    found: dict[str, list[AfternoonResult]] = defaultdict(list)
    for (afternoon, played_on), entrants in days.items():
        sums = {name: (fraction_sum([line.result for line in rows]), sum(line.margin for line in rows),
                       sum(line.points for line in rows), sum(line.handicap for line in rows), len(rows))
                for name, rows in entrants.items()}
        order = sorted(sums, key=lambda name: (-sums[name][0], -sums[name][1], name))
        for name, place in zip(order, shared_places([sums[name][:2] for name in order])):
            won, margin, points, given, games = sums[name]
            found[name].append(AfternoonResult(afternoon, played_on, games, won, margin, points, given, place,
                                               afternoon_score(competition, won, margin, points, games, place)))
    return found


def afternoon_score(competition: Competition, won: Fraction, margin: int, points: int, games: int,
                    place: int) -> Fraction:
    """What the method counts from one afternoon."""
    if competition.method == Method.AVERAGE_MARGIN:
        return Fraction(margin, games)
    if competition.method == Method.AFTERNOON_POINTS:
        return Fraction(points)
    if competition.method == Method.PLACE_POINTS:
        table = competition.place_points
        return Fraction(table[place - 1] if place <= len(table) else 0)
    return won


def counted_and_dropped(competition: Competition, afternoons: list[AfternoonResult]) -> tuple[tuple, tuple]:
    """The afternoons that count and the ones dropped (the lowest; of equal ones the earlier), each by date."""
    drop = competition.counting.dropped(len(afternoons))
    if not drop:
        return by_date(afternoons), ()
    scores, wins = whole_numbers([a.score for a in afternoons]), whole_numbers([a.won for a in afternoons])
    worst_first = [afternoons[i] for i in sorted(range(len(afternoons)), key=lambda i: (
        scores[i], wins[i], afternoons[i].margin, afternoons[i].played_on))]
    dropped, counted = worst_first[:drop], worst_first[drop:]
    return by_date(counted), by_date(dropped)


def whole_numbers(values: Sequence[Fraction]) -> list[int]:
    """Fractions as whole numbers in the same order (each times the least common multiple of their
    denominators): they sort as the fractions do, without comparing fractions."""
    common = lcm(*(value.denominator for value in values)) if values else 1
    return [value.numerator * (common // value.denominator) for value in values]


def by_date(results: list[AfternoonResult]) -> tuple[AfternoonResult, ...]:
    """Afternoons oldest first."""
    return tuple(sorted(results, key=lambda a: (a.played_on, a.afternoon or 0)))


def total_key(competition: Competition, row: CompetitionRow) -> tuple:
    """What places a qualified entrant: the score, then games won, then margin (the ladder: won, then margin)."""
    if competition.method == Method.GAMES_WON:
        return (row.won, row.margin)
    return (row.score, row.won, row.margin)


def row_of(competition: Competition, entrant: str, lines: list[Line], afternoons: list[AfternoonResult]) -> CompetitionRow:
    """An entrant's row, unranked: the counted afternoons' totals."""
    counted, dropped = counted_and_dropped(competition, afternoons)
    won = sum((a.won for a in counted), Fraction(0))
    margin, points, games = sum(a.margin for a in counted), sum(a.points for a in counted), sum(a.games for a in counted)
    if competition.method == Method.AVERAGE_MARGIN:
        score = Fraction(margin, games) if games else Fraction(0)
    else:
        score = won if competition.method == Method.GAMES_WON else sum((a.score for a in counted), Fraction(0))
    partners = {p.casefold() for line in lines for p in line.partners}
    return CompetitionRow(None, entrant, lines[0].players, len(afternoons), len(lines), len(partners), won, margin,
                          points, sum(a.handicap for a in counted), score, counted, dropped)


def qualifies(competition: Competition, row: CompetitionRow, needed: int) -> bool:
    """True when the entrant has the afternoons, games, share and partners the competition asks."""
    rule = competition.qualification
    return (row.afternoons >= rule.afternoons and row.games >= max(rule.games, needed)
            and (competition.whom == Whom.PAIRS or row.partners >= rule.partners))


def rank_competition(competition: Competition, games: Sequence[CompetitionGame]) -> CompetitionTable:
    """The competition's table from the club's games with a result, oldest first (every game: a rating handicap
    reads games before the competition's afternoons too): qualified entrants by place, ties sharing one, then
    the others by games played."""
    given = handicaps(competition, games)
    lines = [line for game, handicap in zip(games, given)
             if competition.afternoons.includes(game.played_on, game.afternoon)
             for line in lines_of(competition, game, handicap)]
    by_entrant: dict[str, list[Line]] = defaultdict(list)
    for line in lines:
        by_entrant[line.entrant].append(line)
    afternoons = afternoon_results(competition, lines)
    rows = [row_of(competition, name, by_entrant[name], afternoons[name]) for name in by_entrant]
    most = max((row.games for row in rows), default=0)
    needed = games_needed(most, Fraction(competition.qualification.percent, 100)) if rows else 0
    ranked = sorted(sorted((r for r in rows if qualifies(competition, r, needed)), key=lambda r: r.entrant),
                    key=lambda r: total_key(competition, r), reverse=True)
    places = shared_places([total_key(competition, row) for row in ranked])
    others = sorted((r for r in rows if not qualifies(competition, r, needed)), key=lambda r: (-r.games, r.entrant))
    placed = tuple(replace(row, place=place) for row, place in zip(ranked, places))
    return CompetitionTable(competition, placed + tuple(others), most, needed)

