"""A game's result stored with the version it belongs to: each team's total, the hands played and the engine's
outcome as decided, written with every change of the game (games.commit) and read by the records instead of
replaying every hand; a result of another version (or of another hand ended by a running clock) is not read."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from app.rules import GameState
from app.rules.outcome import EndReason, Outcome, OutcomeState
from app.store.game.models import Game


@dataclass(frozen=True)
class GameTally:
    """What the records read of a game's state: each team's total, how many hands, and its one outcome."""

    totals: tuple[int, ...]
    hands: int
    outcome: Outcome

    @classmethod
    def of(cls, state: GameState) -> GameTally:
        """The tally of an engine state."""
        return cls(tuple(state.totals), len(state.hands), state.outcome)


def result_document(state: GameState, version: int) -> dict:
    """The stored form of a state's tally at a version: the outcome as the engine decided it, field by field."""
    outcome = state.outcome
    return {"version": version, "last_hand": state.last_hand, "hands": len(state.hands),
            "totals": list(state.totals), "state": outcome.state.value, "winners": list(outcome.winners),
            "reason": None if outcome.reason is None else outcome.reason.value, "margin": outcome.margin,
            "at_hand": outcome.at_hand, "owes_hand": outcome.owes_hand}


def stored_tally(document: dict | None, version: int | None, last_hand: int | None) -> GameTally | None:
    """The tally a stored result holds when it is the result of this version (and hand called last), else None."""
    if not document or document.get("version") != version or document.get("last_hand") != last_hand:
        return None
    reason = document["reason"]
    outcome = Outcome(OutcomeState(document["state"]), tuple(document["winners"]),
                      None if reason is None else EndReason(reason), document["margin"], document["at_hand"],
                      bool(document["owes_hand"]))
    return GameTally(tuple(document["totals"]), document["hands"], outcome)


def keep_result(game: Game, state: GameState) -> None:
    """Store the state's result with the game's change, right before it is flushed: that flush writes the game's
    row once more, moving its version on by one (a game not yet saved starts at version 1)."""
    game.result = result_document(state, 1 if game.version is None else game.version + 1)


@dataclass(frozen=True)
class SeatRow:
    """A player seated in a team, as read for the records: place in the team, name typed, member linked."""

    position: int
    name: str
    member_id: int | None


@dataclass(frozen=True)
class TeamRow:
    """A team of a game as read for the records."""

    position: int
    name: str
    players: tuple[SeatRow, ...]


@dataclass(frozen=True)
class TalliedGame:
    """A game as the records read it: what they show of its row, its teams and players, and its tally."""

    id: int
    created_at: datetime
    session_id: int | None
    table_label: str
    ruleset_id: str
    house_rules_version_id: int | None
    teams: tuple[TeamRow, ...]
    tally: GameTally

    @property
    def team_players(self) -> list[list[str]]:
        """Players' names team by team, in seating order."""
        return [[p.name for p in team.players] for team in self.teams]
