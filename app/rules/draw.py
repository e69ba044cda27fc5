"""The draw of a club afternoon: table sizes, partners, seats, first dealer and who sits out."""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import product
from typing import Iterable, Mapping, Sequence

from .entries import Problem
from .game import seat_order
from .mixing import History
from .model import RuleSet
from .seating import Ratings, form_teams, pairs_by_matching, seat_teams
from .codes import Code

@dataclass(frozen=True)
class TableDraw:
    """One table of the draw: its teams (players in seating order) and who deals first."""

    number: int
    teams: tuple[tuple[str, ...], ...]
    first_dealer: tuple[int, int]

    @property
    def solo(self) -> bool:
        """True when every player plays alone (Sambola, 2 or 3 players)."""
        return all(len(team) == 1 for team in self.teams)

    @property
    def seats(self) -> tuple[str, ...]:
        """Names round the table, partners alternating (sambola.txt "Teams")."""
        return tuple(self.teams[t][p] for t, p in seat_order(self.teams))

    @property
    def dealer(self) -> str:
        """Who deals the first hand."""
        team, player = self.first_dealer
        return self.teams[team][player]

    @property
    def size(self) -> int:
        """Players at the table."""
        return sum(len(team) for team in self.teams)


@dataclass(frozen=True)
class Draw:
    """The whole draw: tables, who sits out, and the sitting-out sentence."""

    tables: tuple[TableDraw, ...]
    sitting_out: tuple[str, ...]

    @property
    def sitting_out_words(self) -> str:
        """Who sits out this round, said plainly ('' when everyone plays)."""
        if not self.sitting_out:
            return ""
        names = " and ".join(self.sitting_out) if len(self.sitting_out) <= 2 else \
            ", ".join(self.sitting_out[:-1]) + " and " + self.sitting_out[-1]
        verb = "sits" if len(self.sitting_out) == 1 else "sit"
        return f"{names} {verb} out this round: the numbers do not make another table."


def table_sizes(ruleset: RuleSet) -> tuple[int, ...]:
    """Players a table may seat, preferred first: two teams of each team size, then players alone."""
    return tuple(2 * size for size in ruleset.team_sizes) + tuple(sorted(ruleset.solo_players, reverse=True))


def smallest_table(ruleset: RuleSet) -> int:
    """The fewest players that make a table under this rule set."""
    return min(table_sizes(ruleset))


def plan_tables(ruleset: RuleSet, players: int) -> tuple[int, ...]:
    """Table sizes for this many players: fewest sitting out, then fewest tables alone, then preferred sizes."""
    sizes = table_sizes(ruleset)
    solo = set(ruleset.solo_players)
    best: tuple | None = None
    for counts in product(*(range(players // size + 1) for size in sizes)):
        seated = sum(c * s for c, s in zip(counts, sizes))
        if seated > players:
            continue
        tables = [s for c, s in zip(counts, sizes) for _ in range(c)]
        key = (players - seated, sum(1 for s in tables if s in solo),
               tuple(-c for c in counts[:len(ruleset.team_sizes)]), len(tables))
        if best is None or key < best[0]:
            best = (key, tuple(sorted(tables, key=sizes.index)))
    return best[1] if best else ()


def partner_pairs(teams: Iterable[Sequence[str]]) -> set[frozenset[str]]:
    """Every two players who were partners in these teams."""
    return {frozenset((a, b)) for team in teams for i, a in enumerate(team) for b in team[i + 1:]}


def draw_problems(ruleset: RuleSet, players: Sequence[str], pairs: Sequence[Sequence[str]] = ()) -> list[Problem]:
    """Every reason these players and pairs cannot be drawn into tables."""
    problems = []
    if len(set(players)) != len(players):
        problems.append(Problem("players", "A name is listed twice: each player once, please.",
                                Code.PLAYERS_REPEATED))
    need = smallest_table(ruleset)
    if len(players) < need:
        problems.append(Problem("players", f"{ruleset.name} needs at least {need} players for a table; "
                                           f"{len(players)} {'is' if len(players) == 1 else 'are'} here.",
                                Code.PLAYERS_TOO_FEW))
    seen: set[str] = set()
    for pair in pairs:
        unknown = [name for name in pair if name not in players]
        if unknown:
            problems.append(Problem("pairs", f"{', '.join(unknown)} in the pairs {'is' if len(unknown) == 1 else 'are'} "
                                             "not among the players here.", Code.PAIRS_UNKNOWN_PLAYER))
        if len(pair) != 2 or len(set(pair)) != 2:
            problems.append(Problem("pairs", "Each pair is two different players.", Code.PAIRS_NOT_TWO))
        if seen & set(pair):
            problems.append(Problem("pairs", f"{', '.join(sorted(seen & set(pair)))} is in two pairs.",
                                    Code.PAIRS_REPEATED))
        seen |= set(pair)
    return problems


def pick_sitters(players: Sequence[str], count: int, rng: random.Random,
                 sat_out_before: Iterable[str]) -> list[str]:
    """Who sits out: drawn by lot among those who did not sit out last time (last round or last session),
    where possible."""
    before = set(sat_out_before)
    fresh = [p for p in players if p not in before]
    pool = fresh if len(fresh) >= count else list(players)
    return rng.sample(pool, count)


def team_sizes_of(ruleset: RuleSet, plan: Sequence[int]) -> list[int]:
    """The size of every team the plan needs (1: a player alone)."""
    sizes = []
    for size in plan:
        sizes += [1] * size if size in ruleset.solo_players else [size // 2, size // 2]
    return sizes


def seated(number: int, teams: tuple[tuple[str, ...], ...], rng: random.Random) -> TableDraw:
    """A table with its first dealer drawn by lot (bolivia.txt "The Deal")."""
    seats = seat_order(teams)
    return TableDraw(number, teams, seats[rng.randrange(len(seats))])


def with_today(history: History | None, partners_had: Iterable[frozenset[str]]) -> History:
    """The history, with partners had earlier today given as bare pairs added to it."""
    history = history or History()
    had = frozenset(frozenset(p) for p in partners_had)
    if not had:
        return history
    return History(history.sessions, history.sat_out_last, history.partners_today | had)


def draw_tables(ruleset: RuleSet, players: Sequence[str], rng: random.Random, *,
                pairs: Sequence[Sequence[str]] | None = None,
                partners_had: Iterable[frozenset[str]] = (), sat_out_before: Iterable[str] = (),
                history: History | None = None, ratings: Mapping[str, float] | None = None) -> Draw:
    """Draw tables mixing the club: fewest partners had before (earlier today above all, recent sessions more
    than old ones), then fewest opponents met before, tables balanced by rating when ratings are given; or
    fixed pairs. The same seed gives the same draw.

    Raises ValueError when draw_problems finds anything.
    """
    problems = draw_problems(ruleset, players, pairs or ())
    if problems:
        raise ValueError("; ".join(p.message for p in problems))
    history = with_today(history, partners_had)
    sat_out = set(sat_out_before) | set(history.sat_out_last)
    balance = Ratings.of(ratings)
    if pairs is not None:
        return draw_pairs(ruleset, players, pairs, rng, sat_out, history, balance)
    plan = plan_tables(ruleset, len(players))
    out = pick_sitters(players, len(players) - sum(plan), rng, sat_out)
    playing = [p for p in players if p not in out]
    rng.shuffle(playing)
    teams = form_teams(playing, team_sizes_of(ruleset, plan), history, balance, rng)
    tables = seat_teams(plan, teams, history, balance, rng, ruleset.solo_players)
    return Draw(tuple(seated(i, teams, rng) for i, teams in enumerate(tables, start=1)), tuple(out))


def draw_pairs(ruleset: RuleSet, players: Sequence[str], pairs: Sequence[Sequence[str]],
               rng: random.Random, sat_out: set[str], history: History, balance: Ratings) -> Draw:
    """Fixed pairs: two pairs a table, fewest opponents met before; players without a pair are paired by the
    history; an odd one out, or a pair left over, sits out (not whoever sat out last time, where possible)."""
    paired = {name for pair in pairs for name in pair}
    loose = [p for p in players if p not in paired]
    rng.shuffle(loose)
    out = pick_sitters(loose, len(loose) % 2, rng, sat_out) if loose else []
    loose = [p for p in loose if p not in out]
    teams = [tuple(pair) for pair in pairs] + pairs_by_matching(loose, history, balance, rng)
    rng.shuffle(teams)
    if len(teams) % 2:
        fresh = [team for team in teams if not sat_out & set(team)] or teams
        spare = fresh[rng.randrange(len(fresh))]
        teams.remove(spare)
        out.extend(spare)
    tables = seat_teams([4] * (len(teams) // 2), teams, history, balance, rng, ())
    return Draw(tuple(seated(i, t, rng) for i, t in enumerate(tables, start=1)), tuple(out))


def keep_tables(tables: Sequence[TableDraw], rng: random.Random) -> tuple[TableDraw, ...]:
    """The same tables and partners for a new round; the first deal moves on by lot."""
    return tuple(seated(t.number, t.teams, rng) for t in tables)


def join_table(ruleset: RuleSet, table: TableDraw, newcomers: Sequence[str]) -> TableDraw | None:
    """The table grown by these players (4 to 6, or 2 to 3 alone) if the rule set allows it, else None."""
    size = table.size + len(newcomers)
    if table.solo:
        if size in ruleset.solo_players and len(newcomers) == 1:
            return TableDraw(table.number, table.teams + ((newcomers[0],),), table.first_dealer)
        return None
    if len(newcomers) != 2 or len(table.teams[0]) + 1 not in ruleset.team_sizes:
        return None
    teams = (table.teams[0] + (newcomers[0],), table.teams[1] + (newcomers[1],))
    return TableDraw(table.number, teams, table.first_dealer)
