"""The draw's optimiser: partners chosen by a maximum-weight matching on the club's history, then teams matched
to tables to avoid repeated opponents; ratings, when given, even the teams out; chance settles the rest (seeded)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations
from typing import Callable, Mapping, Sequence, TypeVar

import networkx as nx

from .mixing import History

T = TypeVar("T")

#: Chance among equally good draws: each pairing gets a random tie-break below one unit of balance.
JITTER = 16
#: The most one pairing's rating gap counts for (in half points of rating).
BALANCE_MAX = 100
#: Fresh starts of the search for teams of three and players alone (the best is kept).
RESTARTS = 4


@dataclass(frozen=True)
class Ratings:
    """Each player's rating (missing players at the club's mean), or nothing when tables are not balanced."""

    given: Mapping[str, float] = field(default_factory=dict)
    mean: float = 0.0

    @classmethod
    def of(cls, ratings: Mapping[str, float] | None) -> Ratings:
        """The ratings to balance by (none: not balancing)."""
        given = dict(ratings or {})
        return cls(given, sum(given.values()) / len(given) if given else 0.0)

    def __bool__(self) -> bool:
        return bool(self.given)

    def team(self, team: Sequence[str]) -> float:
        """A team's mean rating."""
        return sum(self.given.get(name, self.mean) for name in team) / len(team)

    def gap(self, first: Sequence[str], second: Sequence[str]) -> int:
        """How far apart two teams are, in half points (0 when not balancing)."""
        return min(BALANCE_MAX, round(abs(self.team(first) - self.team(second)) * 2)) if self else 0

    def off_mean(self, team: Sequence[str]) -> int:
        """How far a team is from the club's mean, in half points (0 when not balancing)."""
        return min(BALANCE_MAX, round(abs(self.team(team) - self.mean) * 2)) if self else 0


def best_matching(items: Sequence[T], cost: Callable[[T, T], int], balance: Callable[[T, T], int],
                  rng: random.Random) -> list[tuple[T, T]]:
    """Items two by two with the least cost, then the least imbalance, then by chance: networkx's
    maximum-weight matching over every possible couple (integer weights, so exact)."""
    n = len(items)
    fine = JITTER * (n + 1)                             # one unit of balance outweighs all the chance
    coarse = fine * (BALANCE_MAX + 1) * (n + 1)         # one unit of cost outweighs all the balance
    scores = {(i, j): cost(items[i], items[j]) * coarse + balance(items[i], items[j]) * fine + rng.randrange(JITTER)
              for i, j in combinations(range(n), 2)}
    top = max(scores.values(), default=0) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from((i, j, top - score) for (i, j), score in scores.items())
    matched = sorted(tuple(sorted(edge)) for edge in nx.max_weight_matching(graph, maxcardinality=True))
    return [(items[i], items[j]) for i, j in matched]


def pairs_by_matching(players: Sequence[str], history: History, ratings: Ratings,
                      rng: random.Random) -> list[tuple[str, ...]]:
    """Partners two by two: fewest repeated partnerships, then teams near the club's mean rating."""
    return [tuple(p) for p in best_matching(list(players), lambda a, b: history.team_cost((a, b)),
                                            lambda a, b: ratings.off_mean((a, b)), rng)]


def group_cost(group: Sequence[str], solo: bool, cost: Callable[[Sequence[str]], int]) -> int:
    """A group's cost; a player alone costs nothing."""
    return 0 if solo else cost(group)


def improve(groups: list[list[str]], solo: list[bool], cost: Callable[[Sequence[str]], int]) -> None:
    """Swap players between groups while a swap lowers the total cost (first improvement, fixed order)."""
    costs = [group_cost(group, alone, cost) for group, alone in zip(groups, solo)]
    improved = True
    while improved:
        improved = False
        for gi, gj in combinations(range(len(groups)), 2):
            if solo[gi] and solo[gj]:
                continue
            for a in range(len(groups[gi])):
                for b in range(len(groups[gj])):
                    first, second = list(groups[gi]), list(groups[gj])
                    first[a], second[b] = second[b], first[a]
                    after = group_cost(first, solo[gi], cost), group_cost(second, solo[gj], cost)
                    if sum(after) < costs[gi] + costs[gj]:
                        groups[gi], groups[gj] = first, second
                        costs[gi], costs[gj] = after
                        improved = True


def remembered(cost: Callable[[Sequence[str]], int]) -> Callable[[Sequence[str]], int]:
    """The cost of a group, worked out once per set of players."""
    known: dict[frozenset[str], int] = {}

    def lookup(group: Sequence[str]) -> int:
        key = frozenset(group)
        if key not in known:
            known[key] = cost(group)
        return known[key]
    return lookup


def form_teams(players: Sequence[str], sizes: Sequence[int], history: History, ratings: Ratings,
               rng: random.Random) -> list[tuple[str, ...]]:
    """Teams of these sizes (1: a player alone) with the fewest repeated partnerships: a matching when every
    team is a pair, else a swap search from a few seeded starts, its pairs matched again at the end."""
    if all(size == 2 for size in sizes):
        return pairs_by_matching(players, history, ratings, rng)
    solo = [size == 1 for size in sizes]

    @remembered
    def cost(team: Sequence[str]) -> int:
        return history.team_cost(team) * (BALANCE_MAX + 1) + ratings.off_mean(team)
    best = None
    for _ in range(RESTARTS):
        groups = shuffled_groups(players, sizes, rng)
        improve(groups, solo, cost)
        paired = [name for group in groups if len(group) == 2 for name in group]
        teams = [tuple(g) for g in groups if len(g) != 2] + pairs_by_matching(paired, history, ratings, rng)
        total = sum(cost(team) for team in teams if len(team) > 1)
        if best is None or total < best[0]:
            best = (total, teams)
    return best[1]


def shuffled_groups(players: Sequence[str], sizes: Sequence[int], rng: random.Random) -> list[list[str]]:
    """The players in a shuffled order, cut into groups of these sizes (where a search starts from)."""
    order = list(players)
    rng.shuffle(order)
    groups, start = [], 0
    for size in sizes:
        groups.append(order[start:start + size])
        start += size
    return groups


def solo_tables(players: Sequence[str], sizes: Sequence[int], history: History,
                rng: random.Random) -> list[tuple[tuple[str, ...], ...]]:
    """Players alone cut into tables of these sizes, fewest opponents met before."""
    groups = shuffled_groups(players, sizes, rng)
    improve(groups, [False] * len(groups), remembered(lambda group: history.table_cost([(n,) for n in group])))
    return [tuple((name,) for name in group) for group in groups]


def team_tables(teams: Sequence[tuple[str, ...]], history: History, ratings: Ratings,
                rng: random.Random) -> list[tuple[tuple[str, ...], ...]]:
    """Teams two to a table: fewest opponents met before, then the closest ratings."""
    return [tuple(couple) for couple in best_matching(list(teams), lambda a, b: history.table_cost((a, b)),
                                                      ratings.gap, rng)]


def seat_teams(plan: Sequence[int], teams: Sequence[tuple[str, ...]], history: History, ratings: Ratings,
               rng: random.Random, solo_sizes: Sequence[int]) -> list[tuple[tuple[str, ...], ...]]:
    """Every table of the plan, in its order: team tables by matching, tables alone by a swap search."""
    alone = [team[0] for team in teams if len(team) == 1]
    by_size: dict[int, list] = {}
    for size in sorted({len(team) for team in teams if len(team) > 1}):
        tables = team_tables([t for t in teams if len(t) == size], history, ratings, rng)
        rng.shuffle(tables)
        by_size[2 * size] = tables
    solo_plan = [size for size in plan if size in solo_sizes]
    solos = solo_tables(alone, solo_plan, history, rng)
    tables = []
    for size in plan:
        tables.append(solos.pop(0) if size in solo_sizes else by_size[size].pop())
    return [tuple(rng.sample(list(table), len(table))) for table in tables]
