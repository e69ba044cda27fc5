"""Recording a hand in few statements (app/services.py add_hand is the full path, taken whenever something
is not kept, e.g. after a restart, or for a client token already used). Both ways here start from the teams,
state and next record line the last write at the game's version kept:

- known: the game's row as this process last wrote it. The write itself checks that nothing has changed
  since (the version; no brake row for this address, no wait on the game; the token unused), in one
  statement on PostgreSQL. Whatever it cannot save (refusals included) it leaves to the read way.
- read: the game's own row read with its code brake first (404, 403, 429 answered here), then the write.
"""
from __future__ import annotations

from datetime import datetime
from functools import cache

from sqlalchemy import (Connection, Select, and_, bindparam, cast, exists, insert, literal, or_, select,
                        union_all, update)
from sqlalchemy.exc import IntegrityError

from app.brake import EVERY_ADDRESS, CodeBrake, braked_or_own, brake_values, check_code_from, short_address
from app.cache import keep_row, kept_row, version_cache
from app.club.ending import ended_message
from app.extensions import db
from app.gamelog import Actor, actor_label, forget_record, kept_record, record_key
from app.models import Game, GameEvent, Hand, HandEntry, utcnow
from app.rules import EventRecord, GameState, TeamEntry
from app.services import (GameError, check_not_deleted, check_table_code, check_version, guarded_write,
                          next_hand, refuse, remember_state, stale, state_key, teams_key)

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
#: Whether a hand was ever recorded with the client token (the full path answers it: 200 or 409).
TOKEN_USED = or_(
    exists().where(Hand.game_id == bindparam("game"), Hand.client_token == bindparam("client_token")),
    exists().where(GameEvent.game_id == bindparam("game"), GameEvent.client_token == bindparam("client_token")))
#: The bump of a known game's write: it also finds nothing the read way would answer otherwise.
KNOWN_BUMP = BUMP.where(~exists(braked_or_own(bindparam("game"), bindparam("address"), bindparam("now"),
                                              bindparam("forgotten_before"))), ~TOKEN_USED)
HAND, ENTRY, EVENT = Hand.__table__, HandEntry.__table__, GameEvent.__table__
NEW_HAND = insert(HAND).returning(HAND.c.id)
NEW_ENTRY = insert(ENTRY)
NEW_EVENT = insert(EVENT)
HAND_COLUMNS = ("number", "client_token", "created_at", "updated_at")
EVENT_COLUMNS = ("seq", "kind", "hand_number", "client_token", "before", "after", "at", "actor_kind", "actor_id",
                 "actor_label")
#: Values the write binds once for several columns.
SHARED = {"created_at": "now", "updated_at": "now", "at": "now"}


def value(table, column: str, key: str | None = None):
    """A bound value for a column of the table, cast to the column's type (a None in a UNION has none)."""
    return cast(bindparam(key or SHARED.get(column, column), type_=table.c[column].type), table.c[column].type)


@cache
def one_write(teams: int, known: bool) -> Select:
    """The whole write as one PostgreSQL statement of data-modifying CTEs (one round trip, committing itself):
    the version bumped (no row when another write took it: nothing inserted), the hand, its entries and
    its record line; it returns the hand's id."""
    bumped = (KNOWN_BUMP if known else BUMP).returning(GAME.c.id).cte("bumped")
    new_hand = insert(HAND).from_select(["game_id", *HAND_COLUMNS], select(
        bumped.c.id, *(value(HAND, column) for column in HAND_COLUMNS))).returning(HAND.c.id).cte("new_hand")
    rows = union_all(*(select(new_hand.c.id, literal(position), *(
        value(ENTRY, field, f"{field}_{position}") for field in HandEntry.FIELDS)) for position in range(teams)))
    entries = insert(ENTRY).from_select(["hand_id", "team_position", *HandEntry.FIELDS], rows).cte("new_entries")
    record = insert(EVENT).from_select(["game_id", *EVENT_COLUMNS], select(
        bumped.c.id, *(value(EVENT, column) for column in EVENT_COLUMNS))).cte("new_event")
    return select(new_hand.c.id).add_cte(entries, record)


def connect() -> Connection:
    """The write's own connection; on PostgreSQL in autocommit (its write is one statement: no BEGIN or
    COMMIT to wait for)."""
    connection = db.engine.connect()
    if connection.dialect.name == "postgresql":
        connection.execution_options(isolation_level="AUTOCOMMIT")
    return connection


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
    return connection.execute(select(TOKEN_USED), {"game": game.id, "client_token": client_token}).scalar()


def known_game(game_id: int, code: str | None) -> GameRow | None:
    """The game's row as this process last wrote it, when the code is its table code (None otherwise: the
    read way checks it, counting a wrong code)."""
    columns = kept_row(game_id)
    if columns is None:
        return None
    game = GameRow(columns)
    try:
        check_table_code(game, code)
    except GameError:
        return None
    return game


def kept_state(game: GameRow) -> tuple[GameState, tuple[int, str | None]] | None:
    """The game's state and next record line kept at its version (its teams filled in), or None."""
    teams, following = version_cache().get(teams_key(game)), kept_record(game)
    if teams is None or following is None:
        return None
    game.team_names, game.team_players = teams
    state = version_cache().get(("state", *state_key(game)))
    return None if state is None else (state, following)


@guarded_write
def add_known_hand(connection: Connection, game: GameRow, entries: list[TeamEntry], *, client_token: str | None,
                   version: int | None, address: str | None, actor: Actor) -> GameState | None:
    """Record the next hand of a known game, the write checking that nothing changed since; its new state,
    or None when it saved nothing (the read way answers then, refusals included)."""
    kept = kept_state(game)
    if kept is None or version not in (None, game.version):
        return None
    now = utcnow()
    try:
        return record_hand(connection, game, kept, entries, client_token, actor, now, brake_values(address, now))
    except GameError:
        return None


@guarded_write
def add_hand(connection: Connection, game: GameRow, entries: list[TeamEntry], *, client_token: str | None,
             version: int | None, actor: Actor) -> GameState | None:
    """Record the next hand as services.add_hand does, on this connection (not the ORM session: nothing
    here needs it); the game's new state, or None when nothing is kept or the token was used before (then
    the full path must answer)."""
    kept = kept_state(game)
    if kept is None or (client_token is not None and token_used(connection, game, client_token)):
        return None
    check_version(game, version)
    return record_hand(connection, game, kept, entries, client_token, actor, utcnow())


def record_hand(connection: Connection, game: GameRow, kept: tuple[GameState, tuple[int, str | None]],
                entries: list[TeamEntry], client_token: str | None, actor: Actor, now: datetime,
                guard: dict | None = None) -> GameState | None:
    """The engine's next hand on the kept state, written: the new state; 409 when the version was taken
    first (or `guard` found something changed), None when a write with this token clashed (the full path
    answers)."""
    state, following = kept
    event, after = next_hand(game, state, entries)
    try:
        write(connection, game, entries, event, after, client_token, actor, following, now, guard)
    except IntegrityError:                  # the same token at the same moment, or a row written elsewhere
        connection.rollback()
        forget(game)
        if client_token is not None:
            return None
        raise stale(game) from None
    return after


def forget(game: GameRow) -> None:
    """A write at the game's version failed: its state and record line are read afresh by the next write."""
    version_cache().forget(("state", *state_key(game)))
    forget_record(game)


def write(connection: Connection, game: GameRow, entries: list[TeamEntry], event: EventRecord, after: GameState,
          client_token: str | None, actor: Actor, following: tuple[int, str | None], now: datetime,
          guard: dict | None = None) -> None:
    """Write the hand, its entries, its record line and the game's new version in one transaction, and keep
    what the next write needs; 409, nothing saved, when the version was taken first or `guard` (a known
    game's write: brake.brake_values) found something changed."""
    over = after.game_over or ended_message(game, after) is not None
    finished_at = (game.finished_at or now) if over else None
    seq, opener = following
    values = {"game": game.id, "was": game.version, "now_version": game.version + 1, "now": now,
              "finished": finished_at, "number": len(after.hands), **(guard or {}),
              "client_token": client_token, "seq": seq, "kind": event.kind, "hand_number": event.hand_number,
              "before": event.before, "after": event.after, "actor_kind": actor.kind, "actor_id": actor.id,
              "actor_label": actor_label(game, actor, opener)}
    rows = [entry_values(entry) for entry in entries]
    written = (in_one_statement if connection.dialect.name == "postgresql" else in_four)(connection, values, rows,
                                                                                       guard is not None)
    if not written:
        connection.rollback()
        raise stale(game)
    connection.commit()
    keep(game, after, (seq + 1, opener), now, finished_at)


def in_one_statement(connection: Connection, values: dict, rows: list[dict], known: bool) -> bool:
    """The write as one statement (PostgreSQL); False when its bump changed no row."""
    for position, row in enumerate(rows):
        values.update((f"{field}_{position}", row[field]) for field in HandEntry.FIELDS)
    return connection.execute(one_write(len(rows), known), values).scalar() is not None


def in_four(connection: Connection, values: dict, rows: list[dict], known: bool) -> bool:
    """The write as four statements in the connection's transaction (SQLite: no server to wait for); False
    when its bump changed no row."""
    if connection.execute(KNOWN_BUMP if known else BUMP, values).rowcount != 1:
        return False
    hand_id = connection.execute(NEW_HAND, {"game_id": values["game"], **columns(HAND_COLUMNS, values)}).scalar_one()
    connection.execute(NEW_ENTRY, [{"hand_id": hand_id, "team_position": position, **row}
                                   for position, row in enumerate(rows)])
    connection.execute(NEW_EVENT, {"game_id": values["game"], **columns(EVENT_COLUMNS, values)})
    return True


def columns(names: tuple[str, ...], values: dict) -> dict:
    """The values of these columns, as the write binds them."""
    return {name: values[SHARED.get(name, name)] for name in names}


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
    keep_row(game.id, Game.saved_row(game))
