"""The record of a club session: who opened it, ticked, drew, swapped or moved players,
seated, called time, called the organiser or
cleared a call, agreed to a hand or brought a substitute, and when."""
from __future__ import annotations

from enum import StrEnum

from sqlalchemy import select

from app.extensions import db
from app.store.club.models import ClubSession, SessionEvent
from app.store.game.gamelog import Actor
from app.store.stamps import session_moved


class SessionEventKind(StrEnum):
    """The kinds of change the record of a session keeps."""

    SESSION_OPENED = "session_opened"
    PLAYERS_HERE = "players_here"
    ROUND_DRAWN = "round_drawn"
    PLAYERS_SWAPPED = "players_swapped"
    PLAYERS_MOVED = "players_moved"
    LATECOMER_SEATED = "latecomer_seated"
    TIME_CALLED = "time_called"
    TABLE_CALLED = "table_called"
    CALL_CLEARED = "call_cleared"
    CALL_TAKEN_BACK = "call_taken_back"
    HAND_AGREED = "hand_agreed"
    HAND_NOT_AGREED = "hand_not_agreed"
    PLAYER_SUBSTITUTED = "player_substituted"
    RESULTS_EMAILED = "results_emailed"


def save_session_change(session: ClubSession, kind: SessionEventKind, actor: Actor, words: str) -> SessionEvent:
    """Record a change to the session with who made it, and save both in one transaction."""
    event = note_session_change(session, kind, actor, words)
    db.session.commit()
    return event


def note_session_change(session: ClubSession, kind: SessionEventKind, actor: Actor, words: str) -> SessionEvent:
    """Add the record's line of a change to the session, saved with the change by the caller's commit; the
    session's version moves on with it (what its board shows has changed)."""
    if session.id is None:
        db.session.flush()              # a session being opened: its id first
    session_moved(session.id)
    event = SessionEvent(session_id=session.id, kind=kind.value, words=words[:400], actor_kind=actor.kind,
                         actor_id=actor.id, actor_label=actor.label)
    db.session.add(event)
    return event


def session_events(session: ClubSession) -> list[SessionEvent]:
    """The session's record, oldest first."""
    return list(db.session.scalars(select(SessionEvent).where(SessionEvent.session_id == session.id)
                                   .order_by(SessionEvent.id)))
