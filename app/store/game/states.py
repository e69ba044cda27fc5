"""A game's state: replayed by the engine from its hands, kept by version for the reads, and put by a write."""
from __future__ import annotations

from sqlalchemy import inspect, select
from sqlalchemy.orm import joinedload

from app.store.club.house_rules import ruleset_of_version
from app.extensions import db
from app.rules import GameState, RuleSet, TeamEntry, replay
from app.store.game.cache import state_cache
from app.store.game.ending import format_of, last_hand_of
from app.store.game.models import Game, Hand


def ruleset_of(game: Game) -> RuleSet:
    """The game's rule set with its variations, under the version of the club's house rules it was opened with."""
    return ruleset_of_version(game.house_rules_version_id, game.ruleset_id, game.variations)


def state_key(game: Game, last_hand: int | None) -> tuple:
    """What a kept state of the game is kept by: the game's id and saved version (every write bumps it, a
    restore too: app/store/backup/restore.py), and the hand in play when time was called (a session's set end
    time can pass without a write)."""
    return game.id, game.version, last_hand


def kept_state(game: Game) -> GameState | None:
    """The game's state when the cache holds it for the game's version, else None (nothing read or replayed)."""
    return state_cache().get(state_key(game, last_hand_of(game)))


def hand_entries(game: Game) -> tuple[list[list[TeamEntry]], int | None]:
    """Every hand's entries in order, named after the teams, with the game's version they belong to. Hands not
    loaded yet are read with their entries and the game's version in one statement: one snapshot of the
    database, so that a hand removed or added by another tablet meanwhile never arrives half read (a hand
    without its entries), and a version the game has moved past since it was read shows."""
    names = game.team_names
    if "hands" not in inspect(game).unloaded:
        return [hand.team_entries(names) for hand in game.hands], game.version
    rows = db.session.execute(
        select(Game.version, Hand).select_from(Game).outerjoin(Hand, Hand.game_id == Game.id)
        .where(Game.id == game.id).order_by(Hand.number).options(joinedload(Hand.entries))).unique().all()
    version = rows[0].version if rows else None
    return [hand.team_entries(names) for _, hand in rows if hand is not None], version


def state_of(game: Game) -> GameState:
    """Every hand of the game re-scored by the engine from what was entered (once per saved version, kept
    for the app: a write into a long game replays nothing). Hands read at another version than the game's
    (another tablet wrote in between) give the state as they stand, kept nowhere: it is not the state of the
    version it would be kept under (a write based on it fails on that version and says so)."""
    last_hand = last_hand_of(game)
    key = state_key(game, last_hand)
    state = state_cache().get(key)
    if state is not None and same_hands(game, state):
        return state
    entries, version = hand_entries(game)
    state = replay(ruleset_of(game), entries, len(game.teams), game.target, game.closed, format_of(game), last_hand)
    if version == game.version:
        keep_state(game, key, state)     # a state's last hand is the one it was replayed with: the same key
    return state


def same_hands(game: Game, state: GameState) -> bool:
    """False when the game's loaded hands are not the ones the state was worked out from (a row written
    some other way than through the game store, which bumps the version)."""
    return "hands" in inspect(game).unloaded or len(game.hands) == len(state.hands)


def keep_state(game: Game, key: tuple, state: GameState) -> None:
    """Keep the game's state in the app's one cache of states, by what it was worked out from."""
    state_cache().put(key, state)


def after_write(game: Game, state: GameState | None) -> None:
    """The one place a write touches what is kept of a game: once saved, its new state is kept for the version
    the write made; a write that failed (`state` None) drops every state kept of the game, so the next read
    takes it from the database."""
    if state is None:
        state_cache().forget_where(lambda key: key[0] == game.id)
        return
    keep_state(game, state_key(game, state.last_hand), state)
