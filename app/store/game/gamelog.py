"""The game record: who changed what and when, stored with each write (told in words by app/games/gamelog_words.py)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import NamedTuple

from sqlalchemy import case, func, select

from app.store.base.clubtime import in_club_zone
from app.extensions import db
from app.store.game.models import Game, GameEvent
from app.store.stamps import session_moved
from app.rules import EventRecord
from app.rules.operations import EventKind


class ActorKind(StrEnum):
    """What made a change (its value is stored in each line's actor_kind)."""

    TABLET = "tablet"          # a table's tablet, by the id in its cookie
    ORGANISER = "organiser"    # an organiser signed in
    API = "api"                # a script through the API
    TREYS = "treys"            # Treys itself (the results emailed when the last game ended)


@dataclass(frozen=True)
class Actor:
    """Who made a change: a tablet (by the id in its cookie), the organiser, a script through the API, or Treys."""

    kind: ActorKind
    id: str = ""
    label: str = ""


UNKNOWN_TABLET = Actor(ActorKind.TABLET)
API = Actor(ActorKind.API, "", "the API")
ORGANISER = Actor(ActorKind.ORGANISER, "", "the organiser")


def first_tablet(game_id):
    """The query of the table's own tablet: the first tablet on the game's record (the one that opened it, or
    in a session, where the organiser's draw opens every game, the first tablet to write)."""
    return (select(GameEvent.actor_id).where(GameEvent.game_id == game_id, GameEvent.actor_kind == ActorKind.TABLET,
                                             GameEvent.actor_id != "")
            .order_by(GameEvent.seq).limit(1))


def opener_id(game: Game) -> str | None:
    """The id of the table's own tablet (first_tablet), when there is one yet."""
    return db.session.scalar(first_tablet(game.id))


def next_seq(game_id: int):
    """The number of the game's next event, as the database works it out when the event is inserted (the
    write's lock on the game's row comes first, so two writes never take one number)."""
    return (select(func.coalesce(func.max(GameEvent.seq), 0) + 1).where(GameEvent.game_id == game_id)
            .scalar_subquery())


def actor_label(game: Game, actor: Actor, opener: str | None) -> str:
    """'Table 2's tablet' (the table's own tablet: see first_tablet), 'another tablet', 'the organiser Margaret'
    (its label), 'the API'."""
    if actor.label:
        return actor.label
    if actor.kind == ActorKind.TABLET and actor.id and actor.id == opener:
        return f"{game.table_label}'s tablet" if game.table_label else "the tablet that opened the game"
    if actor.kind == ActorKind.TABLET:
        return "another tablet"
    return {ActorKind.ORGANISER: "the organiser", ActorKind.API: "the API"}.get(actor.kind, actor.kind)


def record(game: Game, event: EventRecord, actor: Actor, *, client_token: str | None = None,
           seq: int | None = None) -> GameEvent:
    """Add the event to the game's record, in the same transaction as the change itself, numbered by the
    database (`seq`: given only for a game being opened); a session's game moves its session's version on too
    (its board shows the game)."""
    session_moved(game.session_id)
    opener = None
    if actor.kind == ActorKind.TABLET and not actor.label and event.kind != EventKind.GAME_OPENED:
        opener = opener_id(game)          # whether this tablet is the table's own: one indexed read
    if opener is None and actor.kind == ActorKind.TABLET and actor.id:
        opener = actor.id                 # the first tablet on the record is the table's own
    if seq is None:
        seq = 1 if game.id is None else next_seq(game.id)
    row = GameEvent(seq=seq, kind=event.kind, hand_number=event.hand_number, client_token=client_token,
                    before=event.before, after=event.after, actor_kind=actor.kind, actor_id=actor.id,
                    actor_label=actor_label(game, actor, opener))
    if game.id is None:
        game.events.append(row)           # a game being opened: its record starts with it
    else:
        row.game_id = game.id             # no need to load the whole record to add a line
        db.session.add(row)
    return row


def added_with_token(game: Game, client_token: str):
    """The record's line that added a hand sent with this token, as a subquery of its hand's number and when (a
    token adds one hand: its line is kept when the hand is removed)."""
    return (select(GameEvent.hand_number, GameEvent.at)
            .where(GameEvent.game_id == game.id, GameEvent.client_token == client_token,
                   GameEvent.kind == EventKind.HAND_ADDED).limit(1).subquery())


def events_of(game: Game) -> list[GameEvent]:
    """The game's record, oldest first."""
    return list(db.session.scalars(select(GameEvent).where(GameEvent.game_id == game.id).order_by(GameEvent.seq)))


class RecordLine(NamedTuple):
    """One event of the record as plain figures (what the game page's record and the sheet's marks read)."""

    id: int
    seq: int
    kind: str
    hand_number: int | None
    before: dict | None
    after: dict | None
    at: datetime
    actor_label: str
    actor_kind: str


def unnamed_label(kind: str, label: str) -> str:
    """Who made a change as a table's tablet is told it: an account's name left out ('the organiser')."""
    return ORGANISER.label if kind == ActorKind.ORGANISER else label


def record_lines_of(game: Game, latest: int | None = None) -> tuple[RecordLine, ...]:
    """The game's record, oldest first, as plain rows in one statement; `latest`: only the newest `latest` lines
    carry their entries before and after (the older ones' are None: their kinds and hands mark the sheet)."""
    columns = [getattr(GameEvent, name) for name in RecordLine._fields]
    if latest is not None:
        last_seq = select(func.max(GameEvent.seq)).where(GameEvent.game_id == game.id).scalar_subquery()
        newest = GameEvent.seq > last_seq - latest
        columns = [case((newest, column), else_=None).label(column.key) if column.key in ("before", "after")
                   else column for column in columns]
    rows = db.session.execute(select(*columns).where(GameEvent.game_id == game.id).order_by(GameEvent.seq))
    return tuple(RecordLine(*row) for row in rows)


def spoken_time(moment: datetime) -> str:
    """A stored UTC time as the club's clock shows it: '15:42'."""
    return in_club_zone(moment).strftime("%H:%M")


def corrected_hands(game: Game, record: tuple[RecordLine, ...] | None = None) -> set[int]:
    """Numbers of the hands corrected since they were entered (a hand removed and entered again starts afresh);
    `record`: the game's record when read already."""
    corrected: set[int] = set()
    for event in record_lines_of(game) if record is None else record:
        if event.kind == EventKind.HAND_CORRECTED:
            corrected.add(event.hand_number)
        elif event.kind in (EventKind.HAND_ADDED, EventKind.HAND_REMOVED):
            corrected.discard(event.hand_number)
    return corrected
