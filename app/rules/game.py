"""A whole game replayed hand by hand: totals, minimums, the winner and who deals next."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Sequence

from .entries import HandResult, Problem, TeamEntry
from .model import RuleSet
from .outcome import Closing, Format, Outcome, decide_outcome
from .progress import initial_meld_minimum
from .scoring import score_hand
from .validation import validate_hand
from .codes import Code


@dataclass(frozen=True)
class HandWarning:
    """A stored hand today's rules would refuse: it is still scored as entered, and shown with this."""

    hand_number: int
    problem: Problem

    def as_dict(self) -> dict:
        """As the JSON API shows it."""
        return {"hand": self.hand_number, "code": self.problem.code, "field": self.problem.field,
                "message": self.problem.message}


@dataclass(frozen=True)
class GameState:
    """Where a game stands after its hands: every hand's result, totals and the winner.

    `format` is how the game is played out (to the target, N hands, timed); `last_hand` the hand in
    play when time was called (None: not called); `closing` how the table closed the game before its
    format ended it (ended early, abandoned, deleted; None while it runs). `outcome` decides from these.
    """

    ruleset: RuleSet
    target: int
    team_count: int
    hands: tuple[HandResult, ...]
    entries: tuple[tuple[TeamEntry, ...], ...] = ()
    closing: Closing | None = None
    format: Format = Format()
    last_hand: int | None = None

    @property
    def totals(self) -> tuple[int, ...]:
        """Each team's progressive total after the last hand."""
        if not self.hands:
            return (0,) * self.team_count
        return tuple(team.progressive for team in self.hands[-1].teams)

    def totals_before(self, number: int) -> tuple[int, ...]:
        """Each team's total before hand `number` (1-based)."""
        if number <= 1 or not self.hands:
            return (0,) * self.team_count
        return tuple(team.progressive for team in self.hands[min(number, len(self.hands) + 1) - 2].teams)

    @property
    def next_initial_meld_minimums(self) -> tuple[int, ...]:
        """Each team's initial-meld minimum for the next hand."""
        return tuple(initial_meld_minimum(self.ruleset, total) for total in self.totals)

    @cached_property
    def outcome(self) -> Outcome:
        """The game's one outcome: won, drawn, no result, deleted or in play; why, the margin, who owes a hand."""
        totals = [tuple(team.progressive for team in hand.teams) for hand in self.hands]
        return decide_outcome(totals, [hand.winner for hand in self.hands], self.format, self.last_hand,
                              self.closing)

    @property
    def winner(self) -> int | None:
        """The winning team's index, as the outcome has it."""
        return self.outcome.winner

    @property
    def draw(self) -> bool:
        """True when the game ended with teams equal at the top."""
        return self.outcome.draw

    @property
    def game_over(self) -> bool:
        """True once the game has ended, whichever way."""
        return self.outcome.over

    @property
    def won_at(self) -> int | None:
        """The hand (1-based) that decided the game (won or drawn), else None."""
        return self.outcome.at_hand if self.outcome.decided else None

    @cached_property
    def warnings(self) -> tuple[HandWarning, ...]:
        """Every problem today's rules find in the stored hands, each with its hand number."""
        found = []
        for number, entries in enumerate(self.entries, start=1):
            for problem in validate_hand(self.ruleset, entries, self.totals_before(number)):
                found.append(HandWarning(number, problem))
        return tuple(found)

    def plus(self, entries: Sequence[TeamEntry], *, valid: bool = False) -> GameState:
        """The state with one more hand, scored as entered (checked beforehand by the caller).

        `valid`: the caller found no problem in the hand, so the warnings stay those of the hands before
        (carried over, not worked out again: adding to a long game costs no more than to a short one).
        """
        result = score_hand(self.ruleset, entries, self.totals, self.target, validate=False)
        after = replace(self, hands=self.hands + (result,), entries=self.entries + (tuple(entries),))
        if valid:
            after.__dict__["warnings"] = self.warnings      # what cached_property would have worked out
        return after

    def without_last(self) -> GameState:
        """The state before the last hand, open (what replaying the hands before it gives, without replaying)."""
        after = replace(self, hands=self.hands[:-1], entries=self.entries[:-1], closing=None)
        if "warnings" in self.__dict__:
            after.__dict__["warnings"] = tuple(w for w in self.warnings if w.hand_number <= len(after.hands))
        return after

    def closed(self, closing: Closing | str | None) -> GameState:
        """The same hands, closed this way (or open again with None)."""
        return replace(self, closing=None if closing is None else Closing(closing))

    def time_called(self) -> GameState:
        """The same game once time is called: the hand in play (the next one) is its last."""
        return replace(self, last_hand=len(self.hands) + 1)


def replay(ruleset: RuleSet, hands: Sequence[Sequence[TeamEntry]], team_count: int,
           target: int | None = None, closing: Closing | str | None = None, fmt: Format = Format(),
           last_hand: int | None = None) -> GameState:
    """Score every hand in order, each from the totals the hands before it left, as it was entered.

    Stored hands are not re-validated: a hand today's rules would refuse shows in `warnings`.
    """
    target = ruleset.target if target is None else target
    results, totals = [], (0,) * team_count
    for entries in hands:
        result = score_hand(ruleset, entries, totals, target, validate=False)
        results.append(result)
        totals = tuple(team.progressive for team in result.teams)
    # What adding the hands one by one (plus) gives, made once: a long history replays in linear time.
    return GameState(ruleset, target, team_count, tuple(results), tuple(tuple(entries) for entries in hands),
                     None if closing is None else Closing(closing), fmt, last_hand)


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
    """Two teams of 2 or 3 players, or 2-3 players alone where allowed (the rules' "Teams")."""
    if len(team_sizes) == 2 and team_sizes[0] == team_sizes[1] and team_sizes[0] in ruleset.team_sizes:
        return solo_variation_problems(ruleset)
    if ruleset.solo_players and len(team_sizes) in ruleset.solo_players and set(team_sizes) == {1}:
        return []
    allowed = "two teams of 2 or 3 players"
    if ruleset.solo_players:
        allowed += ", or 2 or 3 players each playing alone"
    return [Problem("teams", f"{ruleset.name} is played by {allowed}.", Code.TEAMS_SIZE)]


def solo_variation_problems(ruleset: RuleSet) -> list[Problem]:
    """A variation for players alone is offered only when each player plays alone (sambola)."""
    return [Problem(f"variations.{v.id}", f"'{v.name}' is only for games where each player plays alone.",
                    Code.VARIATIONS_SOLO_ONLY)
            for v in ruleset.variations if v.solo_only and v.id in ruleset.chosen]


def is_solo(team_sizes: Sequence[int]) -> bool:
    """True when every player plays alone."""
    return all(size == 1 for size in team_sizes)
