"""What a table may do to a game, as verify/do pairs that return event records (pokerkit's manner).

`verify_*` returns every problem (empty: allowed); `do_*` verifies, then returns the event record and
the game state that follows. Nothing here stores anything: the game store saves the records.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Mapping, Sequence

from .entries import Problem, TeamEntry
from .game import GameState, replay
from .outcome import Closing, FormatKind
from .refusal import GAME_OVER, NOT_LAST_HAND, Refusal, RefusalKind
from .validation import validate_hand
from .codes import Code

#: Codes of problems that clash with the game as it is (a conflict), not with the figures sent.
CONFLICT_CODES = frozenset({GAME_OVER, Code.GAME_CLOSED, NOT_LAST_HAND, Code.GAME_HAS_HANDS,
                            Code.TOKEN_REMOVED, Code.TIME_NOT_TIMED, Code.TIME_ALREADY_CALLED})
NOT_FOUND_CODES = frozenset({Code.HAND_UNKNOWN})

CLOSED_WORDS = {Closing.ENDED: "ended early", Closing.ABANDONED: "abandoned", Closing.DELETED: "deleted"}


class EventKind(StrEnum):
    """The kinds of change the record of a game keeps."""

    GAME_OPENED = "game_opened"
    HAND_ADDED = "hand_added"
    HAND_CORRECTED = "hand_corrected"
    HAND_REMOVED = "hand_removed"
    TIME_CALLED = "time_called"
    GAME_ENDED = "game_ended"
    GAME_ABANDONED = "game_abandoned"
    GAME_DELETED = "game_deleted"
    CODE_RESET = "code_reset"


@dataclass(frozen=True)
class EventRecord:
    """One change to a game, as the record keeps it: kind, hand number, entries before and after."""

    kind: EventKind | str
    hand_number: int | None = None
    before: Mapping | None = None
    after: Mapping | None = None


def entries_record(entries: Sequence[TeamEntry]) -> dict:
    """A hand's entries as the record keeps them (the API's team shape)."""
    return {"teams": [entry.as_dict() for entry in entries]}


def refusal_of(problems: list[Problem]) -> Refusal:
    """The refusal these problems make: not found, a conflict with the game, or invalid figures."""
    codes = {p.code for p in problems}
    if codes & NOT_FOUND_CODES:
        return Refusal(RefusalKind.NOT_FOUND, problems)
    return Refusal(RefusalKind.CONFLICT if codes & CONFLICT_CODES else RefusalKind.INVALID, problems)


def raise_if(problems: list[Problem]) -> None:
    """Refuse when there is any problem."""
    if problems:
        raise refusal_of(problems)


def verb(name: str, singular: str, plural: str) -> str:
    """'Jean wins', 'Jets win': a name of several people ('and', '&', ',' or a plural) takes the plural."""
    words = name.strip()
    several = any(mark in f" {words} " for mark in (" and ", " & ", ", ")) or (
        words.endswith("s") and not words.endswith(("'s", "ss")))
    return f"{name} {plural if several else singular}"


def over_problems(state: GameState, names: Sequence[str]) -> list[Problem]:
    """The game is over (its outcome says how): nothing more can be entered."""
    outcome = state.outcome
    if not outcome.over:
        return []
    if state.closing:
        return [Problem(None, f"This game was {CLOSED_WORDS[state.closing]}: no more hands can be entered.",
                        Code.GAME_CLOSED)]
    # what comes next (a new game, or the organiser's next round) is said where the game is shown
    return [Problem(None, f"This game is over: {outcome.words(names)} No more hands can be entered.", GAME_OVER)]


def verify_add_hand(state: GameState, entries: Sequence[TeamEntry], names: Sequence[str]) -> list[Problem]:
    """The next hand may be added: the game runs on and the entries pass today's rules."""
    return over_problems(state, names) or validate_hand(state.ruleset, entries, state.totals)


def do_add_hand(state: GameState, entries: Sequence[TeamEntry],
                names: Sequence[str]) -> tuple[EventRecord, GameState]:
    """Add the next hand (validated once here, then scored as entered)."""
    raise_if(verify_add_hand(state, entries, names))
    after = state.plus(entries, valid=True)
    return EventRecord(EventKind.HAND_ADDED, len(after.hands), None, entries_record(entries)), after


def hand_problems(state: GameState, number: int) -> list[Problem]:
    """The hand exists."""
    if not 1 <= number <= len(state.hands):
        return [Problem(None, f"This game has no hand number {number}.", Code.HAND_UNKNOWN)]
    return []


def corrected_state(state: GameState, number: int, entries: Sequence[TeamEntry]) -> GameState:
    """The game replayed with hand `number` replaced."""
    hands = list(state.entries)
    hands[number - 1] = tuple(entries)
    return replay(state.ruleset, hands, state.team_count, state.target, state.closing, state.format,
                  state.last_hand)


def verify_correct_hand(state: GameState, number: int, entries: Sequence[TeamEntry],
                        names: Sequence[str]) -> list[Problem]:
    """A hand may be corrected: it exists, the entries pass, and no earlier hand would end the game."""
    problems = hand_problems(state, number) or validate_hand(state.ruleset, entries, state.totals_before(number))
    if problems:
        return problems
    after = corrected_state(state, number, entries)
    outcome = after.outcome
    if outcome.at_hand is not None and outcome.at_hand < len(after.hands):
        ended = (f"{names[outcome.winner]} would have won" if outcome.winner is not None
                 else "the game would have ended")
        later = len(after.hands) - outcome.at_hand
        return [Problem(None, f"With this correction {ended} at hand {outcome.at_hand}, "
                              f"but {later:,} more hand{'s' * (later > 1)} were played after it. "
                              "Remove the later hands first.", Code.CORRECTION_ENDS_GAME_EARLY)]
    return []


def do_correct_hand(state: GameState, number: int, entries: Sequence[TeamEntry],
                    names: Sequence[str]) -> tuple[EventRecord, GameState]:
    """Correct a hand; every later total, minimum and the winner follow."""
    raise_if(verify_correct_hand(state, number, entries, names))
    before = entries_record(state.entries[number - 1])
    return (EventRecord(EventKind.HAND_CORRECTED, number, before, entries_record(entries)),
            corrected_state(state, number, entries))


def verify_remove_hand(state: GameState, number: int) -> list[Problem]:
    """Only the last hand of a game the table has not closed can be removed."""
    problems = hand_problems(state, number)
    if problems:
        return problems
    if state.closing:
        return [Problem(None, f"This game was {CLOSED_WORDS[state.closing]}: its hands can no longer be removed.",
                        Code.GAME_CLOSED)]
    if number != len(state.hands):
        return [Problem(None, f"Only the last hand (hand {len(state.hands)}) can be removed; "
                              "correct an earlier hand instead.", NOT_LAST_HAND)]
    return []


def do_remove_hand(state: GameState, number: int) -> tuple[EventRecord, GameState]:
    """Remove the last hand (a game it had ended is in play again); the record keeps it."""
    raise_if(verify_remove_hand(state, number))
    before = entries_record(state.entries[number - 1])
    return (EventRecord(EventKind.HAND_REMOVED, number, before, None),
            state.without_last())


def result_record(state: GameState, names: Sequence[str]) -> dict:
    """How a closed game came out: totals, the winner (or a draw, or no result)."""
    winner = state.winner
    return {"totals": list(state.totals), "winner": winner,
            "winner_name": None if winner is None else names[winner], "draw": state.draw,
            "outcome": state.outcome.as_dict(), "words": state.outcome.words(names)}


def verify_close(state: GameState, names: Sequence[str]) -> list[Problem]:
    """A game may be ended early or abandoned only while it runs."""
    return over_problems(state, names)


def do_end_game(state: GameState, names: Sequence[str]) -> tuple[EventRecord, GameState]:
    """End the game now: the higher total wins; equal totals: a draw; no hand: no result ("time" format)."""
    raise_if(verify_close(state, names))
    after = state.closed(Closing.ENDED)
    return EventRecord(EventKind.GAME_ENDED, len(state.hands) or None, None, result_record(after, names)), after


def do_abandon_game(state: GameState, names: Sequence[str]) -> tuple[EventRecord, GameState]:
    """Abandon the game: it ends with no result."""
    raise_if(verify_close(state, names))
    after = state.closed(Closing.ABANDONED)
    return EventRecord(EventKind.GAME_ABANDONED, len(state.hands) or None, None, {"totals": list(state.totals)}), after


def verify_delete_game(state: GameState) -> list[Problem]:
    """Only a game started by mistake, with no hand entered, can be deleted."""
    if state.hands:
        count = len(state.hands)
        return [Problem(None, f"This game has {count} hand{'s' * (count > 1)}: only a game with no hands can "
                              "be deleted. End it early or abandon it instead.", Code.GAME_HAS_HANDS)]
    return []


def do_delete_game(state: GameState) -> tuple[EventRecord, GameState]:
    """Delete a game started by mistake (the record keeps that it was)."""
    raise_if(verify_delete_game(state))
    return EventRecord(EventKind.GAME_DELETED), state.closed(Closing.DELETED)


def verify_call_time(state: GameState, names: Sequence[str]) -> list[Problem]:
    """Time can be called on a timed game that runs and has not been called yet."""
    if state.format.kind != FormatKind.TIME:
        return [Problem(None, f"This game plays {state.format.words}: time is called only in a timed game. "
                              "End the game instead.", Code.TIME_NOT_TIMED)]
    if state.last_hand is not None:
        return [Problem(None, f"Time has already been called: hand {state.last_hand} is the last.",
                        Code.TIME_ALREADY_CALLED)]
    return over_problems(state, names)


def do_call_time(state: GameState, names: Sequence[str]) -> tuple[EventRecord, GameState]:
    """Call time: the hand in play (the next one, hand 1 at a table with none yet) is the last."""
    raise_if(verify_call_time(state, names))
    after = state.time_called()
    return EventRecord(EventKind.TIME_CALLED, after.last_hand, None, {"last_hand": after.last_hand}), after


def do_reset_code() -> EventRecord:
    """A new table code for the game (the record never holds the code itself)."""
    return EventRecord(EventKind.CODE_RESET)


def winner_sentence(name: str) -> str:
    """'Jean wins the game.', 'Jets win the game.'"""
    return f"{verb(name, 'wins', 'win')} the game."
