"""Whole games read in a fixed number of statements, for pages, sheets and the API (eager loading)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Select, func, inspect, select

from app.store.ids import LARGEST_ID
from app.extensions import db
from app.store.models import Game, Hand
from app.store import games
from app.store.states import state_of
from app.store.ending import clock_runs
from app.rules.outcome import Closing


def whole_games(query: Select) -> list[Game]:
    """The games a select(Game) query finds, read whole (games.whole_games: never half a game)."""
    return list(db.session.scalars(games.whole_games().where(query.whereclause)).unique())


def load_whole_game(game_id: int) -> Game:
    """The game with this id read whole (games.get_game); a 404 Refusal when unknown."""
    return games.get_game(game_id)


@dataclass(frozen=True)
class Stamp:
    """What a reader's caches key a game by: its shown version (games.shown_version) and when it last changed."""

    version: object
    updated_at: datetime


def game_stamp(game_id: int) -> Stamp | None:
    """The game's stamp in one small query (two for a timed session game not yet called), or None when there
    is no such game."""
    if not 0 < game_id <= LARGEST_ID:
        return None
    shown = (Game.closed.is_(None)) | (Game.closed != Closing.DELETED.value)
    row = db.session.execute(select(Game.version, Game.updated_at, Game.last_hand, Game.format_kind,
                                    Game.session_id).where(Game.id == game_id, shown)).first()
    return None if row is None else stamp_of_game_row(row, game_id)


def stamp_of_game_row(row, game_id: int) -> Stamp:
    """The stamp of a game read as a row (its version, updated_at, last_hand, format_kind and session_id): its
    version, or while its session's clock runs the version it is shown at (the game read for it)."""
    if clock_runs(row):
        return Stamp(games.shown_version(db.session.get(Game, game_id)), row.updated_at)
    return Stamp(row.version, row.updated_at)


def stored_hands(game_id: int) -> int:
    """How many hands the game has in the database (one small query)."""
    return db.session.scalar(select(func.count()).select_from(Hand).where(Hand.game_id == game_id))


def checked_state(game: Game):
    """The game's state (kept by the write that made its version), replayed from the game read whole when the
    database holds another number of hands (a row written some other way than through the game store)."""
    state = state_of(game)
    if "hands" in inspect(game).unloaded and stored_hands(game.id) != len(state.hands):
        state = state_of(load_whole_game(game.id))
    return state

