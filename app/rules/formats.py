"""Club formats: how a game ends in a club afternoon (rulesets.md "Club formats")."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .entries import Problem
from .model import RuleSet
from .progress import decide_winner

#: The format kinds, in the order a form offers them (rulesets.md "Club formats").
FORMAT_KINDS = ("target", "hands", "time")
FORMAT_NAMES = {
    "target": "To the winning score",
    "hands": "A number of hands",
    "time": "On the clock (timed)",
}
#: The largest number of hands a "hands" format may ask for.
MAX_HANDS = 60


@dataclass(frozen=True)
class Format:
    """A game's format: to the target, N hands, or timed (rulesets.md "Club formats")."""

    kind: str = "target"
    hands: int | None = None

    @property
    def words(self) -> str:
        """The format as a club player says it: 'to the winning score', '8 hands', 'timed'."""
        if self.kind == "hands":
            return f"{self.hands} hands"
        return "timed" if self.kind == "time" else "to the winning score"


@dataclass(frozen=True)
class Outcome:
    """How a game stands by its format: over or not, winner, draw, no result, margin and why."""

    over: bool
    winner: int | None = None
    draw: bool = False
    no_result: bool = False
    margin: int = 0
    ended_at: int | None = None          # the hand (1-based) that ended the game
    reason: str = ""

    @property
    def decided(self) -> bool:
        """True when the game is over with a winner or a draw (it counts in a ranking)."""
        return self.over and not self.no_result


def format_problems(kind: object, hands: object) -> list[Problem]:
    """Every problem with a format as given (rulesets.md "Club formats")."""
    if kind not in FORMAT_KINDS:
        return [Problem("format.kind", "The format must be 'target', 'hands' or 'time'.")]
    if kind != "hands":
        return []
    if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= MAX_HANDS:
        return [Problem("format.hands", f"Say how many hands to play: a whole number from 1 to {MAX_HANDS}.")]
    return []


def margin_of(totals: Sequence[int], winner: int) -> int:
    """The winner's total less the best other total, as a positive number (house reading: a win counts +)."""
    others = [total for i, total in enumerate(totals) if i != winner]
    return abs(totals[winner] - max(others)) if others else 0


def higher_total(totals: Sequence[int], at: int, reason: str) -> Outcome:
    """The higher total wins; equal totals at the top make a draw (rulesets.md "Club formats")."""
    top = max(totals)
    if list(totals).count(top) > 1:
        return Outcome(True, draw=True, ended_at=at, reason=f"{reason}: equal totals, a draw")
    winner = list(totals).index(top)
    return Outcome(True, winner=winner, margin=margin_of(totals, winner), ended_at=at,
                   reason=f"{reason}: the higher total wins")


def game_outcome(ruleset: RuleSet, target: int, totals: Sequence[Sequence[int]],
                 went_out: Sequence[int | None], fmt: Format, last_hand: int | None = None) -> Outcome:
    """The game's end by its format: the rule set's winning rule first, then hands N or the clock.

    totals holds each team's progressive total after every hand; went_out who went out in each
    hand (None: nobody); last_hand is the hand that ends the game because time was called
    (the hand in play when it was called), None while time has not been called.
    """
    for number, (hand_totals, out) in enumerate(zip(totals, went_out), start=1):
        winner = decide_winner(ruleset, target, hand_totals, out)
        if winner is not None:
            return Outcome(True, winner=winner, margin=margin_of(hand_totals, winner), ended_at=number,
                           reason="the rule set's winning score was reached")
        if fmt.kind == "hands" and number == fmt.hands:
            return higher_total(hand_totals, number, f"after hand {number}")
        if last_hand is not None and number >= last_hand:
            return higher_total(hand_totals, number, "time was called")
    if last_hand is not None and len(totals) >= last_hand:
        return Outcome(True, no_result=True, ended_at=0, reason="time was called before any hand was entered")
    return Outcome(False)


def owes_last_hand(outcome: Outcome, last_hand: int | None) -> bool:
    """True when time was called and the table has still to enter the hand in play."""
    return last_hand is not None and not outcome.over
