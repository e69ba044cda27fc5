"""What a stored game brings to its outcome: its format, the hand in play when time was called, and a timed
session's clock (minutes left, the warning), worked out when asked."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, inspect, select

from app.store.base.clubtime import wall_time_utc
from app.extensions import db
from app.rules.outcome import Format, FormatKind
from app.store.club.models import ClubSession
from app.store.game.models import Game, Hand, utcnow


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


def clock_runs(game) -> bool:
    """A timed session's game whose time is not called yet: the session's set end time can make its last hand
    with no write (`game`: a Game, or a row with its last_hand, format_kind and session_id)."""
    return game.last_hand is None and game.format_kind == FormatKind.TIME and game.session_id is not None


def last_hand_of(game: Game, now: datetime | None = None) -> int | None:
    """The hand in play when time was called (None: not called): as recorded when the organiser called it,
    else worked out from the session's set end time once it has passed (a read never writes it)."""
    if not clock_runs(game):
        return game.last_hand
    session = db.session.get(ClubSession, game.session_id)
    moment = None if session is None else time_called_moment(session, now)
    return None if moment is None else hands_before(game, moment) + 1


#: Minutes before the set end time at which the board and the tablets warn.
WARNING_MINUTES = 10


@dataclass(frozen=True)
class SessionClock:
    """A timed session's clock as asked now: its end time, the seconds left and whether time is called."""

    ends_at: str
    seconds_left: int
    called: bool

    @property
    def minutes_left(self) -> int:
        """Whole minutes left, rounded up (59 seconds left is '1 minute')."""
        return 0 if self.called else -(-self.seconds_left // 60)

    @property
    def warning(self) -> bool:
        """True in the last WARNING_MINUTES minutes before time is called."""
        return not self.called and self.minutes_left <= WARNING_MINUTES

    @property
    def words(self) -> str:
        """'34 minutes left (ends at 16:00)', '1 minute left: finish the hand in play', 'Time is called'."""
        if self.called:
            return "Time is called: finish the hand in play."
        left = f"{self.minutes_left} minute{'' if self.minutes_left == 1 else 's'} left"
        return f"{left}: time is called at {self.ends_at}." if self.warning else f"{left} (ends at {self.ends_at})."

    def as_dict(self) -> dict:
        """The clock in the board's and the API's documents."""
        return {"ends_at": self.ends_at, "seconds_left": self.seconds_left, "minutes_left": self.minutes_left,
                "warning": self.warning, "called": self.called, "words": self.words}


def session_clock(session: ClubSession | None, now: datetime | None = None) -> SessionClock | None:
    """The clock of a session with a set end time (None for one without), worked out now; time is called when
    the end has passed or the organiser called it."""
    end = None if session is None else set_end_moment(session)
    if end is None:
        return None
    now = now or utcnow()
    called = time_called_moment(session, now) is not None
    return SessionClock(session.ends_at, 0 if called else max(0, int((end - now).total_seconds())), called)


def game_clock(game: Game, now: datetime | None = None) -> SessionClock | None:
    """The clock of a session game's session (None outside a timed session)."""
    if game.session_id is None or game.format_kind != FormatKind.TIME:
        return None
    return session_clock(db.session.get(ClubSession, game.session_id), now)


def shown_version(game: Game):
    """What a game's pages, sheet and API document depend on: its version, and for a timed session game whose
    time has not been called, the hand its session's set end time makes the last (it can pass with no write)."""
    if clock_runs(game):
        return game.version, last_hand_of(game)
    return game.version
