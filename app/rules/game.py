"""A whole game replayed hand by hand: totals, minimums, the winner and who deals next."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .entries import HandResult, Problem, TeamEntry
from .model import RuleSet
from .progress import initial_meld_minimum
from .scoring import score_hand


@dataclass(frozen=True)
class GameState:
    """Where a game stands after its hands: every hand's result, totals and the winner."""

    ruleset: RuleSet
    target: int
    team_count: int
    hands: tuple[HandResult, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each team's progressive total after the last hand."""
        if not self.hands:
            return (0,) * self.team_count
        return tuple(team.progressive for team in self.hands[-1].teams)

    @property
    def next_initial_meld_minimums(self) -> tuple[int, ...]:
        """Each team's initial-meld minimum for the next hand."""
        return tuple(initial_meld_minimum(self.ruleset, total) for total in self.totals)

    @property
    def winner(self) -> int | None:
        """The winning team's index, decided by the hand that ended the game."""
        return next((hand.winner for hand in self.hands if hand.winner is not None), None)

    @property
    def game_over(self) -> bool:
        """True once a hand has produced a winner."""
        return self.winner is not None

    @property
    def won_at(self) -> int | None:
        """The number (1-based) of the hand that produced the winner."""
        return next((i + 1 for i, hand in enumerate(self.hands) if hand.winner is not None), None)


def replay(ruleset: RuleSet, hands: Sequence[Sequence[TeamEntry]], team_count: int,
           target: int | None = None) -> GameState:
    """Score every hand in order, each from the totals the hands before it left."""
    target = ruleset.target if target is None else target
    totals = [0] * team_count
    results = []
    for entries in hands:
        result = score_hand(ruleset, entries, totals, target)
        totals = [team.progressive for team in result.teams]
        results.append(result)
    return GameState(ruleset, target, team_count, tuple(results))


def seat_order(team_players: Sequence[Sequence[str]]) -> list[tuple[int, int]]:
    """(team, player) around the table: partners sit alternately (sambola.txt "Teams")."""
    seats = []
    for round_ in range(max(len(p) for p in team_players)):
        for team, players in enumerate(team_players):
            if round_ < len(players):
                seats.append((team, round_))
    return seats


def dealer_for_hand(team_players: Sequence[Sequence[str]], first_dealer: tuple[int, int],
                    hand_number: int) -> tuple[int, int]:
    """Who deals hand N (1-based): the deal passes to the left each hand (bolivia.txt "The Deal")."""
    seats = seat_order(team_players)
    start = seats.index(tuple(first_dealer)) if tuple(first_dealer) in seats else 0
    return seats[(start + hand_number - 1) % len(seats)]


def table_problems(ruleset: RuleSet, team_sizes: Sequence[int]) -> list[Problem]:
    """Two teams of 2 or 3 players, or 2-3 players alone where allowed (rulesets.md "Teams")."""
    if len(team_sizes) == 2 and team_sizes[0] == team_sizes[1] and team_sizes[0] in ruleset.team_sizes:
        return solo_variation_problems(ruleset)
    if ruleset.solo_players and len(team_sizes) in ruleset.solo_players and set(team_sizes) == {1}:
        return []
    allowed = "two teams of 2 or 3 players"
    if ruleset.solo_players:
        allowed += ", or 2 or 3 players each playing alone"
    return [Problem("teams", f"{ruleset.name} is played by {allowed}.")]


def solo_variation_problems(ruleset: RuleSet) -> list[Problem]:
    """A variation for players alone is offered only when each player plays alone (rulesets.md, sambola)."""
    return [Problem(f"variations.{v.id}", f"'{v.name}' is only for games where each player plays alone.")
            for v in ruleset.variations if v.solo_only and v.id in ruleset.chosen]


def is_solo(team_sizes: Sequence[int]) -> bool:
    """True when every player plays alone."""
    return all(size == 1 for size in team_sizes)
