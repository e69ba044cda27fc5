"""What a stored game brings to its outcome: its format, and the hand in play when time was called."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, inspect, select

from app.clubtime import wall_time_utc
from app.extensions import db
from app.rules.outcome import Format, FormatKind
from app.store.club_models import ClubSession
from app.store.models import Game, Hand, utcnow


def format_of(game: Game) -> Format:
    """The game's format (a game outside a session plays to the target)."""
    return Format.of(game.format_kind, game.format_hands)


def set_end_moment(session: ClubSession) -> datetime | None:
    """A timed session's set end time as a UTC moment (None: no end time set); a clock change never moves it."""
    if session.format_kind != FormatKind.TIME or not session.ends_at:
        return None
    return wall_time_utc(session.played_on, session.ends_at)      # a wall time on the club's clock, that date


def time_called_moment(session: ClubSession, now: datetime | None = None) -> datetime | None:
    """When time was called on the session: by the organiser, or by its set end time once that has passed."""
    moments = [session.time_called_at] if session.time_called_at else []
    end = set_end_moment(session)
    if end is not None and end <= (now or utcnow()):
        moments.append(end)
    return min(moments, default=None)


def hands_before(game: Game, moment: datetime) -> int:
    """How many of the game's hands were entered by this moment."""
    if "hands" not in inspect(game).unloaded:
        return sum(1 for hand in game.hands if hand.created_at <= moment)
    return db.session.scalar(select(func.count()).select_from(Hand).where(
        Hand.game_id == game.id, Hand.created_at <= moment))


def last_hand_of(game: Game, now: datetime | None = None) -> int | None:
    """The hand in play when time was called (None: not called): as recorded when the organiser called it,
    else worked out from the session's set end time once it has passed (a read never writes it)."""
    if game.last_hand is not None or game.format_kind != FormatKind.TIME or game.session_id is None:
        return game.last_hand
    session = db.session.get(ClubSession, game.session_id)
    moment = None if session is None else time_called_moment(session, now)
    return None if moment is None else hands_before(game, moment) + 1
