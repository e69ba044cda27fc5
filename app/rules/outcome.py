"""How a game stands or ended: the one outcome every page, sheet, export and ranking reads."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Sequence



class FormatKind(StrEnum):
    """How a game is played out: to the winning score, a number of hands, or on the clock."""

    TARGET = "target"
    HANDS = "hands"
    TIME = "time"


class Closing(StrEnum):
    """How a table (or the organiser) closed a game before its format ended it."""

    ENDED = "ended"            # ended early: the higher total wins
    ABANDONED = "abandoned"    # no result
    DELETED = "deleted"        # started by mistake, no hand: gone from the lists


class OutcomeState(StrEnum):
    """Where a game stands."""

    IN_PLAY = "in_play"
    WON = "won"
    DRAWN = "drawn"
    NO_RESULT = "no_result"
    DELETED = "deleted"


class EndReason(StrEnum):
    """Why a game ended."""

    TARGET = "target"              # the rule set's winning score was reached
    HANDS = "hands"                # the format's last hand was played
    TIME = "time"                  # time was called and the hand in play entered
    ENDED_EARLY = "ended_early"    # the table or the organiser ended it now
    ABANDONED = "abandoned"        # stopped with no result
    DELETED = "deleted"            # started by mistake


REASON_WORDS = {
    EndReason.TARGET: "the winning score was reached",
    EndReason.HANDS: "the last hand of the format was played",
    EndReason.TIME: "time was called and the last hand was entered",
    EndReason.ENDED_EARLY: "it was ended early",
    EndReason.ABANDONED: "it was abandoned",
    EndReason.DELETED: "it was deleted",
}


@dataclass(frozen=True)
class Format:
    """A game's format: to the target, N hands, or timed."""

    kind: FormatKind = FormatKind.TARGET
    hands: int | None = None

    @classmethod
    def of(cls, kind: str | None, hands: int | None = None) -> Format:
        """The format as stored (no kind: to the target)."""
        return cls(FormatKind(kind or FormatKind.TARGET), hands if kind == FormatKind.HANDS else None)

    @property
    def words(self) -> str:
        """The format as a club player says it: 'to the winning score', '8 hands', 'timed'."""
        if self.kind == FormatKind.HANDS:
            return f"{self.hands} hands"
        return "timed" if self.kind == FormatKind.TIME else "to the winning score"


def play_words(fmt: Format, target: int) -> str:
    """How the game is played out, for its heading: 'play to 15,000', '8 hands (or first to 15,000)'."""
    to = f"{target:,}"
    if fmt.kind == FormatKind.HANDS:
        return f"{fmt.hands} hands (or first to {to})"
    if fmt.kind == FormatKind.TIME:
        return f"on the clock (or first to {to})"
    return f"play to {to}"


@dataclass(frozen=True)
class Outcome:
    """A game's one outcome: its state, the winner (or the teams drawn), why, the margin, who owes a hand."""

    state: OutcomeState = OutcomeState.IN_PLAY
    winners: tuple[int, ...] = ()
    reason: EndReason | None = None
    margin: int | None = None
    at_hand: int | None = None       # the hand (1-based) that ended the game
    owes_hand: bool = False          # time was called and the hand in play is still to be entered

    @property
    def over(self) -> bool:
        """True once the game has ended, whichever way."""
        return self.state != OutcomeState.IN_PLAY

    @property
    def winner(self) -> int | None:
        """The winning team's index when the game was won, else None."""
        return self.winners[0] if self.state == OutcomeState.WON else None

    @property
    def draw(self) -> bool:
        """True when teams share the highest total as the game ended."""
        return self.state == OutcomeState.DRAWN

    @property
    def no_result(self) -> bool:
        """True when the game ended with no result (abandoned, or ended before any hand)."""
        return self.state == OutcomeState.NO_RESULT

    @property
    def decided(self) -> bool:
        """True when the game has a result (a winner or a draw): only these count in results and ladders."""
        return self.state in (OutcomeState.WON, OutcomeState.DRAWN)

    @property
    def listed(self) -> bool:
        """False for a deleted game: started by mistake, it leaves every list and table and counts for nobody."""
        return self.state != OutcomeState.DELETED

    def as_dict(self) -> dict:
        """As the JSON API shows it."""
        return {"state": self.state.value, "winners": list(self.winners),
                "reason": None if self.reason is None else self.reason.value, "margin": self.margin,
                "owes_hand": self.owes_hand}

    def headline(self, names: Sequence[str]) -> str:
        """The banner's line: 'Jets won!', 'A draw.' (every team level), 'Bob and Cy drew; Ann lost.' (some
        level at the top, the others behind, as the results count them), 'No result.'; in play: ''."""
        if self.state == OutcomeState.WON:
            return f"{names[self.winner]} won!"
        if self.state == OutcomeState.DRAWN:
            behind = [name for i, name in enumerate(names) if i not in self.winners]
            if not behind:
                return "A draw."
            return f"{and_list([names[i] for i in self.winners])} drew; {and_list(behind)} lost."
        if self.state == OutcomeState.NO_RESULT:
            return "No result."
        return ""

    def words(self, names: Sequence[str]) -> str:
        """The outcome in a sentence: 'Jets won at hand 12: the winning score was reached.'"""
        if self.state == OutcomeState.IN_PLAY:
            return "Time has been called: this is the last hand." if self.owes_hand else "In play."
        if self.state == OutcomeState.DELETED:
            return "This game was deleted: it was started by mistake."
        at = f" at hand {self.at_hand}" if self.at_hand else ""
        why = REASON_WORDS[self.reason]
        if self.state == OutcomeState.WON:
            return f"{names[self.winner]} won{at}: {why}."
        if self.state == OutcomeState.DRAWN:
            return f"A draw between {and_list([names[i] for i in self.winners])}{at}: {why}."
        return f"No result: {why}."


def and_list(names: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def margin_of(totals: Sequence[int], winner: int) -> int:
    """The winner's total less the best other total, never below 0 (a win from behind has margin 0)."""
    others = [total for i, total in enumerate(totals) if i != winner]
    return max(0, totals[winner] - max(others)) if others else 0


def higher_total(totals: Sequence[int], at: int, reason: EndReason) -> Outcome:
    """The higher total wins; teams equal at the top draw between them, margin 0."""
    top = max(totals)
    leaders = tuple(i for i, total in enumerate(totals) if total == top)
    if len(leaders) > 1:
        return Outcome(OutcomeState.DRAWN, leaders, reason, 0, at)
    return Outcome(OutcomeState.WON, leaders, reason, margin_of(totals, leaders[0]), at)


def decide_outcome(totals: Sequence[Sequence[int]], ruled_winners: Sequence[int | None],
                   fmt: Format = Format(), last_hand: int | None = None,
                   closing: Closing | str | None = None) -> Outcome:
    """The game's outcome: the rule set's winning rule first, then hand N of the format or the clock, then
    how the table closed it.

    totals holds each team's progressive total after every hand; ruled_winners the winner the rule set's
    own winning rule gave after each hand (None: play on); last_hand is the hand in play when time was
    called (None while it has not been called).
    """
    for number, (hand_totals, winner) in enumerate(zip(totals, ruled_winners), start=1):
        if winner is not None:
            return Outcome(OutcomeState.WON, (winner,), EndReason.TARGET, margin_of(hand_totals, winner), number)
        if fmt.kind == FormatKind.HANDS and number == fmt.hands:
            return higher_total(hand_totals, number, EndReason.HANDS)
        if last_hand is not None and number >= last_hand:
            return higher_total(hand_totals, number, EndReason.TIME)
    return closed_outcome(totals, closing) or Outcome(owes_hand=last_hand is not None)


def closed_outcome(totals: Sequence[Sequence[int]], closing: Closing | str | None) -> Outcome | None:
    """How a game the table closed came out (None: not closed)."""
    if closing is None:
        return None
    closing = Closing(closing)
    if closing == Closing.DELETED:
        return Outcome(OutcomeState.DELETED, reason=EndReason.DELETED)
    if closing == Closing.ABANDONED:
        return Outcome(OutcomeState.NO_RESULT, reason=EndReason.ABANDONED, at_hand=len(totals) or None)
    if not totals:
        return Outcome(OutcomeState.NO_RESULT, reason=EndReason.ENDED_EARLY)
    return higher_total(totals[-1], len(totals), EndReason.ENDED_EARLY)
