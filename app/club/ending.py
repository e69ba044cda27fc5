"""How a session's game ends by its format: the engine's end rule applied to a stored game."""
from __future__ import annotations

from app.models import Game
from app.rules import GameState
from app.rules.formats import Format, Outcome, game_outcome


def format_of(game: Game) -> Format:
    """The game's club format (a game outside a session plays to the target)."""
    return Format(game.format_kind or "target", game.format_hands)


def outcome_of(game: Game, state: GameState) -> Outcome:
    """The game's end by its format and the clock (rulesets.md "Club formats")."""
    totals = [tuple(team.progressive for team in hand.teams) for hand in state.hands]
    went_out = [next((position for position, e in enumerate(entries) if e.went_out), None) for entries in state.entries]
    return game_outcome(state.ruleset, state.target, totals, went_out, format_of(game), game.last_hand)


def ended_message(game: Game, state: GameState) -> str | None:
    """Why no more hands can be entered once the format has ended the game (None: play on)."""
    if game.format_kind in (None, "target") and game.last_hand is None:
        return None
    outcome = outcome_of(game, state)
    if not outcome.over or state.game_over:
        return None
    if outcome.no_result:
        return "This game was ended before any hand was entered: it has no result."
    if outcome.draw:
        return f"This game is over ({outcome.reason}). Start a new game."
    return f"This game is over: {game.team_names[outcome.winner]} won ({outcome.reason}). Start a new game."
