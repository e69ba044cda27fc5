"""Recording a hand in a few statements: the game's own row read with its code brake, and its teams, state
and next record line as the last write at that version kept them (app/services.py add_hand is the full
path, taken whenever something is not kept, e.g. after a restart or for a client token already used)."""
from __future__ import annotations

from sqlalchemy import Connection, and_, bindparam, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from app.brake import EVERY_ADDRESS, CodeBrake, check_code_from, short_address
from app.cache import version_cache
from app.club.ending import ended_message
from app.extensions import db
from app.gamelog import Actor, actor_label, forget_record, kept_record, record_key
from app.models import Game, GameEvent, Hand, HandEntry, utcnow
from app.rules import EventRecord, GameState, TeamEntry
from app.services import (check_not_deleted, check_version, guarded_write, next_hand, refuse,
                          remember_state, stale, state_key, teams_key)

GAME = Game.__table__
#: The brake rows' columns, as app/brake.py reads them (no game column has these names).
BRAKE = (CodeBrake.address, CodeBrake.next_try_at, CodeBrake.last_failure_at)


#: The statements of a write, built once (each call only binds its values).
READ_GAME = select(*GAME.c, *BRAKE).select_from(GAME.outerjoin(CodeBrake.__table__, and_(
    CodeBrake.game_id == GAME.c.id, or_(CodeBrake.address == bindparam("address"),
                                        CodeBrake.address == EVERY_ADDRESS)))).where(GAME.c.id == bindparam("game_id"))
GAME_NAMES = [column.name for column in GAME.c]
BUMP = update(GAME).where(GAME.c.id == bindparam("game"), GAME.c.version == bindparam("was")).values(
    version=bindparam("now_version"), updated_at=bindparam("now"), finished_at=bindparam("finished"))
NEW_HAND = insert(Hand.__table__).returning(Hand.__table__.c.id)
NEW_ENTRY = insert(HandEntry.__table__)
NEW_EVENT = insert(GameEvent.__table__)


class GameRow:
    """A game as its own row reads (each column an attribute), with the teams kept at its version."""

    def __init__(self, columns: dict):
        self.__dict__.update(columns)
        self.team_names: tuple[str, ...] = ()
        self.team_players: tuple[tuple[str, ...], ...] = ()


def game_row(connection: Connection, game_id: int, address: str | None, code: str | None) -> GameRow:
    """The game's row, its table code checked against the code brake, in one query (404, 403, 429)."""
    address = short_address(address)
    rows = connection.execute(READ_GAME, {"game_id": game_id, "address": address}).all()
    if not rows:
        raise refuse(404, f"There is no game number {game_id}.")
    game = GameRow(dict(zip(GAME_NAMES, rows[0])))
    check_not_deleted(game)
    check_code_from(address, game, code, rows)
    return game


def token_used(connection: Connection, game: GameRow, client_token: str) -> bool:
    """Whether a hand was ever recorded with this token (the full path answers it: 200 or 409)."""
    hand = select(Hand.id).where(Hand.game_id == game.id, Hand.client_token == client_token)
    added = select(GameEvent.id).where(GameEvent.game_id == game.id, GameEvent.client_token == client_token)
    return connection.execute(select(hand.exists() | added.exists())).scalar()


def kept_state(game: GameRow) -> tuple[GameState, tuple[int, str | None]] | None:
    """The game's state and next record line kept at its version (its teams filled in), or None."""
    teams, following = version_cache().get(teams_key(game)), kept_record(game)
    if teams is None or following is None:
        return None
    game.team_names, game.team_players = teams
    state = version_cache().get(("state", *state_key(game)))
    return None if state is None else (state, following)


@guarded_write
def add_hand(connection: Connection, game: GameRow, entries: list[TeamEntry], *, client_token: str | None,
             version: int | None, actor: Actor) -> GameState | None:
    """Record the next hand as services.add_hand does, on this connection (not the ORM session: nothing
    here needs it); the game's new state, or None when nothing is kept or the token was used before (then
    the full path must answer)."""
    kept = kept_state(game)
    if kept is None or (client_token is not None and token_used(connection, game, client_token)):
        return None
    state, following = kept
    check_version(game, version)
    event, after = next_hand(game, state, entries)
    try:
        save(connection, game, entries, event, after, client_token, actor, following)
    except IntegrityError:                  # the same token at the same moment, or a row written elsewhere
        connection.rollback()
        version_cache().forget(("state", *state_key(game)))        # read afresh by the next write
        forget_record(game)
        if client_token is not None:
            return None
        raise stale(game) from None
    return after


def save(connection: Connection, game: GameRow, entries: list[TeamEntry], event: EventRecord, after: GameState,
         client_token: str | None, actor: Actor, following: tuple[int, str | None]) -> None:
    """Write the hand, its entries, its record line and the game's new version in one transaction (409 when
    another write took this version first); keep what the next write needs."""
    now = utcnow()
    over = after.game_over or ended_message(game, after) is not None
    finished_at = (game.finished_at or now) if over else None
    seq, opener = following
    bumped = connection.execute(BUMP, {"game": game.id, "was": game.version, "now_version": game.version + 1,
                                       "now": now, "finished": finished_at})
    if bumped.rowcount != 1:
        connection.rollback()
        raise stale(game)
    hand_id = connection.execute(NEW_HAND, {"game_id": game.id, "number": len(after.hands), "client_token":
                                            client_token, "created_at": now, "updated_at": now}).scalar_one()
    connection.execute(NEW_ENTRY, [{"hand_id": hand_id, "team_position": position, **entry_values(entry)}
                                   for position, entry in enumerate(entries)])
    connection.execute(NEW_EVENT, {
        "game_id": game.id, "seq": seq, "kind": event.kind, "hand_number": event.hand_number,
        "client_token": client_token, "before": event.before, "after": event.after, "at": now,
        "actor_kind": actor.kind, "actor_id": actor.id, "actor_label": actor_label(game, actor, opener)})
    connection.commit()
    keep(game, after, (seq + 1, opener), now, finished_at)


def entry_values(entry: TeamEntry) -> dict:
    """A team's entry as its hand_entry row holds it."""
    values = {field: getattr(entry, field) for field in HandEntry.FIELDS}
    values["sets"] = dict(entry.sets)
    return values


def keep(game: GameRow, state: GameState, following: tuple[int, str | None], now, finished_at) -> None:
    """The game at its new version, and its state, teams and next record line kept for the next write."""
    game.version, game.updated_at, game.finished_at = game.version + 1, now, finished_at
    remember_state(game, state)
    version_cache().put(record_key(game), following)
