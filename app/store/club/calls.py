"""Calls to the organiser: a table puts itself on the board's call list, the organiser clears it; each on the
session's record with who did it and when."""
from __future__ import annotations

from sqlalchemy import select

from app.extensions import db
from app.rules.codes import Code
from app.rules.refusal import RefusalKind, refuse
from app.store.club.models import ClubSession, TableCall
from app.store.club.sessionlog import SessionEventKind, note_session_change, save_session_change
from app.store.game.gamelog import Actor, spoken_time
from app.store.game.models import Game, utcnow

#: The longest reason a call gives (a sentence such as "Hand 5 not agreed").
REASON_LENGTH = 200


def session_of(game: Game) -> ClubSession:
    """The session the game's table belongs to, or a refusal: only a session's table calls the organiser."""
    session = db.session.get(ClubSession, game.session_id) if game.session_id is not None else None
    if session is None:
        raise refuse(RefusalKind.CONFLICT, "This game is not a club session's table: there is no organiser's board "
                     "to call. Ask at the table.", "game", Code.CALL_NO_SESSION)
    return session


def open_call(game: Game) -> TableCall | None:
    """The table's call still on the board, if any."""
    return db.session.scalar(select(TableCall).where(TableCall.game_id == game.id, TableCall.cleared_at.is_(None))
                             .order_by(TableCall.id).limit(1))


def open_calls(session: ClubSession) -> list[TableCall]:
    """The session's call list: every call not cleared yet, the oldest first."""
    return list(db.session.scalars(select(TableCall).where(TableCall.session_id == session.id,
                                                           TableCall.cleared_at.is_(None)).order_by(TableCall.id)))


def table_words(call: TableCall) -> str:
    """'Table 3'."""
    return f"Table {call.table_number}" if call.table_number else "A table"


def call_organiser(game: Game, actor: Actor, reason: str = "", *, save: bool = True) -> tuple[TableCall, bool]:
    """Put the table on the board's call list (once: a table already on it stays as it is); the call and whether
    this made it, with its line on the session's record (saved now, or with the caller's change)."""
    session = session_of(game)
    if not isinstance(reason, str) or len(reason) > REASON_LENGTH:
        raise refuse(RefusalKind.INVALID, f"The reason is a sentence of at most {REASON_LENGTH} characters.",
                     "reason", Code.CALL_REASON)
    waiting = open_call(game)
    if waiting is not None:
        return waiting, False
    call = TableCall(session_id=session.id, game_id=game.id, table_number=game.table_number or 0,
                     reason=" ".join(reason.split()), called_at=utcnow(), called_by=actor.label)
    db.session.add(call)
    note_session_change(session, SessionEventKind.TABLE_CALLED, actor,
                        f"{table_words(call)} calls the organiser" + (f": {call.reason}." if call.reason else "."))
    db.session.commit() if save else db.session.flush()
    return call, True


def clear_call(session: ClubSession, call_id: int, actor: Actor) -> TableCall:
    """The organiser has seen to a call: it leaves the board's list, saved with its line on the session's record."""
    call = db.session.get(TableCall, call_id) if 0 < call_id <= 2**31 - 1 else None
    if call is None or call.session_id != session.id:
        raise refuse(RefusalKind.NOT_FOUND, "There is no such call on this session's board.", "call", Code.CALL_UNKNOWN)
    if call.cleared_at is not None:
        raise refuse(RefusalKind.CONFLICT, f"{table_words(call)}'s call was already cleared at "
                     f"{spoken_time(call.cleared_at)}.", "call", Code.CALL_CLEARED)
    call.cleared_at, call.cleared_by = utcnow(), actor.label
    save_session_change(session, SessionEventKind.CALL_CLEARED, actor, f"{table_words(call)}'s call cleared.")
    return call


def take_back_call(game: Game, actor: Actor) -> TableCall:
    """The table no longer needs the organiser: its call leaves the board's list, saved with its line on the
    session's record."""
    session = session_of(game)
    call = open_call(game)
    if call is None:
        raise refuse(RefusalKind.CONFLICT, "There is no call to take back: the organiser has already seen to it, "
                     "or it was taken back.", "call", Code.CALL_NONE)
    call.cleared_at, call.cleared_by = utcnow(), actor.label
    save_session_change(session, SessionEventKind.CALL_TAKEN_BACK, actor,
                        f"{table_words(call)} took its call back.")
    return call


def call_document(call: TableCall) -> dict:
    """A call as the board and the API give it."""
    return {"id": call.id, "table": call.table_number, "label": table_words(call), "game_id": call.game_id,
            "reason": call.reason, "called_at": spoken_time(call.called_at), "called_by": call.called_by,
            "cleared": call.cleared_at is not None,
            "cleared_at": None if call.cleared_at is None else spoken_time(call.cleared_at),
            "cleared_by": call.cleared_by}
