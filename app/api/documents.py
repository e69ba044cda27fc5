"""A stored game as the API shows it, every figure re-scored by the engine."""
from __future__ import annotations

from app.models import Game, Hand
from app.rules import GameState, dealer_for_hand
from app.services import state_of


def hand_document(state: GameState, number: int) -> dict:
    """One hand (hands are numbered 1, 2, ... in order): its number, the entries as sent, each team's result."""
    return {
        "number": number,
        "teams": [entry.as_dict() for entry in state.entries[number - 1]],
        "result": [team.as_dict() for team in state.hands[number - 1].teams],
    }


def next_dealer(game: Game, state: GameState) -> dict | None:
    """Who deals the next hand, or None once the game is over."""
    if state.game_over:
        return None
    players = game.team_players
    team, seat = dealer_for_hand(players, (game.first_dealer_team, game.first_dealer_player),
                                 len(state.hands) + 1)
    return {"team": team, "player": seat, "name": players[team][seat]}


def game_document(game: Game, state: GameState | None = None) -> dict:
    """The whole game: rule set, teams with totals and next minimums, every hand, the winner."""
    state = state or state_of(game)
    teams = [{"name": team.name, "players": [p.name for p in team.players],
              "progressive": total, "next_initial_meld_minimum": minimum}
             for team, total, minimum in zip(game.teams, state.totals, state.next_initial_meld_minimums)]
    return {
        "id": game.id,
        "ruleset": game.ruleset_id,
        "variations": dict(game.variations or {}),
        "target": game.target,
        "version": game.version,
        "table": game.table_label,
        "teams": teams,
        "hands": [hand_document(state, number) for number in range(1, len(state.hands) + 1)],
        "winner": state.winner,
        "winner_name": None if state.winner is None else game.team_names[state.winner],
        "won_at": state.won_at,
        "game_over": state.game_over,
        "next_dealer": next_dealer(game, state),
        "closed": game.closed,
        "draw": state.draw,
        "warnings": [warning.as_dict() for warning in state.warnings],
    }


def added_hand_document(game: Game, hand: Hand) -> dict:
    """The answer to a recorded hand: the hand and the game's new totals."""
    state = state_of(game)
    return {"hand": hand_document(state, hand.number), "game": game_document(game, state)}
