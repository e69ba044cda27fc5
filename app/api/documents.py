"""A stored game as the API shows it, every figure re-scored by the engine."""
from __future__ import annotations

import secrets
from datetime import timezone

from flask import current_app

from app.store.club.house_rules import reference
from app.store.game.gamelog import unnamed_label
from app.store.game.models import Game, GameEvent, Hand
from app.rules import GameState, HandResult, TeamEntry, dealer_for_hand


#: Stands in for the hands in a game document until their JSON text is put in its place.
HANDS_MARK = "hands-" + secrets.token_hex(16)


def hand_document(number: int, entries: tuple[TeamEntry, ...], result: HandResult) -> dict:
    """One hand (hands are numbered 1, 2, ... in order): its number, the entries as sent, each team's result."""
    return {
        "number": number,
        "teams": [entry.as_dict() for entry in entries],
        "result": [team.as_dict() for team in result.teams],
    }


def numbered_hands(state: GameState):
    """Each hand of the game as (number, entries, result)."""
    return ((number, entries, result)
            for number, (entries, result) in enumerate(zip(state.entries, state.hands), start=1))


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
        "house_rules": reference(game.house_rules_version_id),
        "target": game.target,
        "version": game.version,
        "table": game.table_label,
        "teams": teams,
        "hands": [hand_document(*hand) for hand in numbered_hands(state)] if hands else [],
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


def hand_text(number: int, entries: tuple[TeamEntry, ...], result: HandResult) -> str:
    """One hand's JSON text (hand_document's)."""
    return compact(hand_document(number, entries, result))


def hands_json(state: GameState) -> str:
    """The JSON text of the game's hands, each from hand_text."""
    return "[" + ",".join(hand_text(*hand) for hand in numbered_hands(state)) + "]"


def game_json(game: Game, state: GameState) -> str:
    """game_document as JSON text, its hands from hands_json."""
    document = game_document(game, state, hands=False) | {"hands": HANDS_MARK}
    # written in one go, keys sorted as every JSON answer; the mark is a random word no name can guess
    return compact(document).replace(f'"{HANDS_MARK}"', hands_json(state), 1)


def added_hand_json(game: Game, hand: Hand, state: GameState) -> str:
    """The answer to a recorded hand, as JSON text: the hand and the game's new totals (`state`: after it)."""
    number = hand.number
    return ('{"game":' + game_json(game, state) + ',"hand":'
            + hand_text(number, state.entries[number - 1], state.hands[number - 1]) + "}\n")


def event_document(event: GameEvent, named: bool = True) -> dict:
    """One event as `GET /api/v1/games/<id>/events` lists it (`named` False: an account's name left out, for a
    table's tablet)."""
    label = event.actor_label if named else unnamed_label(event.actor_kind, event.actor_label)
    return {
        "seq": event.seq, "kind": event.kind, "hand": event.hand_number,
        "at": event.at.replace(tzinfo=timezone.utc).isoformat().replace("+00:00", "Z"),
        "actor": {"kind": event.actor_kind, "label": label},
        "before": event.before, "after": event.after,
    }
