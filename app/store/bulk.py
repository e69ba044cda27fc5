"""Many games at once for the records (exports, the ladder, results of the day): their rows, teams and players
in a fixed number of statements, every hand's entries in one more read as plain rows (no object per hand),
and each game's state taken from the version cache or replayed from those entries."""
from __future__ import annotations

from collections import defaultdict

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from app.extensions import db
from app.rules import TeamEntry, replay
from app.store.cache import state_cache
from app.store.club_models import ClubSession
from app.store.ending import format_of, last_hand_of
from app.store.games import ruleset_of, state_key
from app.store.models import Game, Hand, HandEntry, Team


class GamesRead(list):
    """Games read for the records, holding the club sessions of their timed games (the database session keeps
    only weak references, and working out when time was called reads the session)."""

    sessions: list


def read_games(*where, order=(Game.created_at, Game.id)) -> GamesRead:
    """The games matching these conditions, in order, each with its state kept on it (state_of finds it
    there): a fixed number of statements however long the club's history."""
    found = GamesRead(db.session.scalars(select(Game).where(*where).order_by(*order).options(
        selectinload(Game.teams).selectinload(Team.players))))
    timed = {game.session_id for game in found
             if game.last_hand is None and game.format_kind == "time" and game.session_id is not None}
    found.sessions = list(db.session.scalars(select(ClubSession).where(ClubSession.id.in_(timed)))) if timed else []
    keys = {game.id: state_key(game, last_hand_of(game)) for game in found}
    kept = {game.id: state_cache().get(keys[game.id]) for game in found}
    hands = entries_of([game.id for game in found if kept[game.id] is None], found)
    for game in found:
        state = kept[game.id] or replay(ruleset_of(game), hands.get(game.id, []), len(game.teams), game.target,
                                        game.closed, format_of(game), keys[game.id][4])
        game.__dict__["_treys_state"] = (keys[game.id], state)    # as games.remember_state keeps it on the game
    return found


def entries_of(game_ids: list[int], games: list[Game]) -> dict[int, list[list[TeamEntry]]]:
    """Every hand's entries of these games, hand by hand, named after the teams: one statement of plain rows."""
    if not game_ids:
        return {}
    names = {game.id: game.team_names for game in games}
    columns = [getattr(HandEntry, field) for field in HandEntry.FIELDS]
    rows = db.session.execute(
        select(Hand.game_id, Hand.number, HandEntry.team_position, *columns).join(HandEntry, HandEntry.hand_id == Hand.id)
        .where(Hand.game_id.in_(game_ids)).order_by(Hand.game_id, Hand.number, HandEntry.team_position))
    hands: dict[int, dict[int, list[TeamEntry]]] = defaultdict(dict)
    for game_id, number, position, *values in rows:
        figures = dict(zip(HandEntry.FIELDS, values))
        figures["sets"] = dict(figures["sets"] or {})
        hands[game_id].setdefault(number, []).append(TeamEntry(name=names[game_id][position], **figures))
    return {game_id: [by_number[n] for n in sorted(by_number)] for game_id, by_number in hands.items()}
