"""Many games at once for the records (exports, the ladder, results of the day): their rows, teams and players
in a fixed number of statements, every hand's entries in one more read as plain rows (no object per hand),
and each game's state taken from the cache of states or replayed from those entries; or (read_tallied) each
game's stored result, replaying only the games without one."""
from __future__ import annotations

import json
from dataclasses import fields

from sqlalchemy import Text, bindparam, cast, select, update
from sqlalchemy.orm import selectinload

from app.extensions import db
from app.rules import TeamEntry, replay
from app.store.game.cache import state_cache
from app.store.club.models import ClubSession
from app.store.game.ending import clock_runs, format_of, last_hand_of
from app.store.game.results import GameTally, SeatRow, TalliedGame, TeamRow, result_document, stored_tally
from app.store.game.states import ruleset_of, state_key, state_of
from app.store.game.models import Game, Hand, HandEntry, Player, Team


class GamesRead(list):
    """Games read for the records, holding the club sessions of their timed games (the database session keeps
    only weak references, and working out when time was called reads the session)."""

    sessions: list


def read_games(*where, order=(Game.created_at, Game.id)) -> GamesRead:
    """The games matching these conditions, in order, each with its state in the app's cache of states
    (state_of finds it there): a fixed number of statements however long the club's history, as long as the
    cache holds it (STATE_CACHE_ITEMS, sized for a club's whole history)."""
    found = games_found(*where, order=order)
    with_states(found)
    return found


def read_tallied(*where, order=(Game.created_at, Game.id)) -> list[TalliedGame]:
    """The games matching these conditions, in order, as plain rows with their teams and players, each with its
    tally: the result stored with its version (no hand read), else from its state (the cache's, or replayed from
    the hands of those games alone). Three statements, and those of read_games for the games without one."""
    columns = (Game.id, Game.created_at, Game.session_id, Game.table_label, Game.ruleset_id,
               Game.house_rules_version_id, Game.version, Game.last_hand, Game.format_kind, Game.result)
    rows = db.session.execute(select(*columns).where(*where).order_by(*order)).all()
    teams = teams_of(select(Game.id).where(*where))
    stored = {row.id: None if clock_runs(row) else stored_tally(row.result, row.version, row.last_hand)
              for row in rows}
    missing = [row.id for row in rows if stored[row.id] is None]
    if missing:
        stored.update((game.id, GameTally.of(state_of(game))) for game in read_games(Game.id.in_(missing)))
    return [TalliedGame(*row[:6], teams.get(row.id, ()), stored[row.id]) for row in rows]


def teams_of(game_ids) -> dict[int, tuple[TeamRow, ...]]:
    """The teams and players of these games (a query of their ids) as plain rows, in seating order: two
    statements, each one pass over its table (joined, SQLite would look the players up by the club's index)."""
    teams = db.session.execute(select(Team.id, Team.game_id, Team.position, Team.name)
                               .where(Team.game_id.in_(game_ids)).order_by(Team.game_id, Team.position)).all()
    players: dict[int, list[SeatRow]] = {}
    for team_id, position, name, member_id in db.session.execute(
            select(Player.team_id, Player.position, Player.name, Player.member_id)
            .where(Player.team_id.in_(select(Team.id).where(Team.game_id.in_(game_ids))))
            .order_by(Player.team_id, Player.position)):
        players.setdefault(team_id, []).append(SeatRow(position, name, member_id))
    found: dict[int, list[TeamRow]] = {}
    for team_id, game_id, position, name in teams:
        found.setdefault(game_id, []).append(TeamRow(position, name, tuple(players.get(team_id, ()))))
    return {game_id: tuple(rows) for game_id, rows in found.items()}


def games_found(*where, order) -> GamesRead:
    """The games' rows with their teams and players, and the club sessions of their timed games."""
    found = GamesRead(db.session.scalars(select(Game).where(*where).order_by(*order).options(
        selectinload(Game.teams).selectinload(Team.players))))
    timed = {game.session_id for game in found if clock_runs(game)}
    found.sessions = list(db.session.scalars(select(ClubSession).where(ClubSession.id.in_(timed)))) if timed else []
    return found


def with_states(games: list[Game]) -> None:
    """Each game's state in the app's cache: those it lacks replayed from their hands, read in one statement."""
    keys = {game.id: state_key(game, last_hand_of(game)) for game in games}
    kept = {game.id: state_cache().get(keys[game.id]) for game in games}
    hands = entries_of([game.id for game in games if kept[game.id] is None], games)
    for game in games:
        if kept[game.id] is None:
            state_cache().put(keys[game.id], replay(ruleset_of(game), hands.get(game.id, []), len(game.teams),
                                                    game.target, game.closed, format_of(game), keys[game.id][2]))


def store_results(game_ids: list[int]) -> None:
    """Each of these games' result replayed by the engine from its stored hands and written with the game's
    version as it stands (a restore: its rows come without one): read_games's statements and one more write."""
    games = read_games(Game.id.in_(game_ids), order=(Game.id,))
    written = [{"game_id": game.id, "stored": result_document(state_of(game), game.version)} for game in games]
    if written:
        table = Game.__table__
        db.session.execute(update(table).where(table.c.id == bindparam("game_id"))
                           .values(result=bindparam("stored")), written)


#: A team's entry's fields in the order the engine's TeamEntry takes them after its name (the sets first).
ENGINE_ORDER = tuple(field.name for field in fields(TeamEntry))[1:]
assert ENGINE_ORDER[0] == "sets"


def entries_of(game_ids: list[int], games: list[Game]) -> dict[int, list[list[TeamEntry]]]:
    """Every hand's entries of these games, hand by hand, named after the teams: one statement of plain rows,
    in the order of the games, their hands and teams (each row made an entry as it comes)."""
    if not game_ids:
        return {}
    names = {game.id: game.team_names for game in games}
    figures = [getattr(HandEntry, field) for field in ENGINE_ORDER if field != "sets"]
    rows = db.session.execute(
        select(Hand.game_id, Hand.number, HandEntry.team_position, cast(HandEntry.sets, Text), *figures)
        .join(HandEntry, HandEntry.hand_id == Hand.id)
        .where(Hand.game_id.in_(game_ids)).order_by(Hand.game_id, Hand.number, HandEntry.team_position))
    hands: dict[int, list[list[TeamEntry]]] = {}
    sets_read: dict[str | None, dict] = {}      # the sets as stored, each text read once (a few dozen differ)
    game_id = number = None
    for row_game, row_number, position, text, *figures in rows:
        sets = sets_read.get(text)
        if sets is None:
            sets = sets_read[text] = (json.loads(text) if text is not None else None) or {}
        if row_game != game_id:
            game_id, number, team_names, game_hands = row_game, None, names[row_game], hands.setdefault(row_game, [])
        if row_number != number:
            number, hand = row_number, []
            game_hands.append(hand)
        hand.append(TeamEntry(team_names[position], sets, *figures))
    return hands
