"""A stored game as the API shows it, every figure re-scored by the engine."""
from __future__ import annotations

import secrets

from flask import current_app

from app.store.cache import version_cache
from app.store.models import Game, Hand
from app.rules import GameState, dealer_for_hand


#: Stands in for the hands in a game document until their JSON text is put in its place.
HANDS_MARK = "hands-" + secrets.token_hex(16)


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


def game_document(game: Game, state: GameState, *, hands: bool = True) -> dict:
    """The whole game: rule set, teams with totals and next minimums, every hand (unless not `hands`), the winner."""
    teams = [{"name": name, "players": list(players), "progressive": total, "next_initial_meld_minimum": minimum}
             for name, players, total, minimum in zip(game.team_names, game.team_players, state.totals,
                                                      state.next_initial_meld_minimums)]
    return {
        "id": game.id,
        "ruleset": game.ruleset_id,
        "variations": dict(game.variations or {}),
        "target": game.target,
        "version": game.version,
        "table": game.table_label,
        "teams": teams,
        "hands": [hand_document(state, number) for number in range(1, len(state.hands) + 1)] if hands else [],
        "winner": state.winner,
        "winner_name": None if state.winner is None else game.team_names[state.winner],
        "won_at": state.won_at,
        "game_over": state.game_over,
        "next_dealer": next_dealer(game, state),
        "closed": game.closed,
        "draw": state.draw,
        "format": {"kind": state.format.kind.value, "hands": state.format.hands},
        "outcome": state.outcome.as_dict(),
        "warnings": [warning.as_dict() for warning in state.warnings],
    }


def compact(value) -> str:
    """A value as JSON text, as the app's JSON answers write it."""
    return current_app.json.dumps(value, separators=(",", ":"))


def hands_json(game: Game, state: GameState) -> str:
    """The JSON text of the game's hands, each hand written once: the hands a new version shares with the
    one before (all but the newest, after an added hand) are taken from the app's cache."""
    key = ("hands-json", game.id, game.created_at)
    kept = version_cache().get(key)
    shared = 0
    if kept is not None:
        entries, results, texts = kept
        shared = min(len(results), len(state.hands))
        if state.entries[:shared] != entries[:shared] or state.hands[:shared] != results[:shared]:
            shared = 0              # a corrected hand changes the hands after it: write them all again
    texts = (kept[2][:shared] if shared else ()) + tuple(
        compact(hand_document(state, number)) for number in range(shared + 1, len(state.hands) + 1))
    version_cache().put(key, (state.entries, state.hands, texts))
    return "[" + ",".join(texts) + "]"


def game_json(game: Game, state: GameState) -> str:
    """game_document as JSON text, its hands from hands_json (a long game costs little more than a short one)."""
    document = game_document(game, state, hands=False) | {"hands": HANDS_MARK}
    # written in one go, keys sorted as every JSON answer; the mark is a random word no name can guess
    return compact(document).replace(f'"{HANDS_MARK}"', hands_json(game, state), 1)


def added_hand_json(game: Game, hand: Hand, state: GameState) -> str:
    """The answer to a recorded hand, as JSON text: the hand and the game's new totals (`state`: after it)."""
    return '{"game":' + game_json(game, state) + ',"hand":' + compact(hand_document(state, hand.number)) + "}\n"
