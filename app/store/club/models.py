"""What a club stores for its afternoons: its players, seasons, sessions, who came, the record, calls and substitutes."""
from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, ForeignKey, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.extensions import db
from app.store.base.ids import PublicIdType, public_id
from app.store.tenancy.scope import ClubOwned
from app.store.game.models import utcnow


class Member(ClubOwned, db.Model):
    """A player on the club's list: a name as the club writes it, a short name, active or not."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(db.String(60))
    short_name: Mapped[str | None] = mapped_column(db.String(20))
    active: Mapped[bool] = mapped_column(default=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    __table_args__ = (UniqueConstraint("club_id", "name"),)


class ClubSession(ClubOwned, db.Model):
    """A club afternoon: date, rule set, format, partners mode, rounds and when time was called."""

    __tablename__ = "club_session"

    #: Random (app/store/base/ids.py): a session's link cannot be found by counting.
    id: Mapped[int] = mapped_column(PublicIdType, primary_key=True, autoincrement=False, default=public_id)
    played_on: Mapped[date]
    ruleset_id: Mapped[str] = mapped_column(db.String(40))
    variations: Mapped[dict] = mapped_column(JSON, default=dict)
    format_kind: Mapped[str] = mapped_column(db.String(10), default="target")
    format_hands: Mapped[int | None]
    ends_at: Mapped[str | None] = mapped_column(db.String(5))        # "16:00", None: until called
    partners: Mapped[str] = mapped_column(db.String(10), default="random")
    pairs: Mapped[list] = mapped_column(JSON, default=list)
    round: Mapped[int] = mapped_column(default=0)
    sitting_out: Mapped[list] = mapped_column(JSON, default=list)     # names sitting out this round
    seed: Mapped[int] = mapped_column(default=0)
    time_called_at: Mapped[datetime | None]
    #: When the write that ended the afternoon found it over (app/store/club/afternoon.py); cleared once its
    #: results are in the outbox.
    results_due_at: Mapped[datetime | None]
    #: A hand counts on the board only once a player of another team agreed to it on the tablet.
    agreement: Mapped[bool] = mapped_column(default=False, server_default=false())
    client_token: Mapped[str | None] = mapped_column(db.String(64), index=True)   # opened through the API with one
    request_digest: Mapped[str | None] = mapped_column(db.String(64))   # what that request asked for, hashed
    #: The version of the club's house rules the afternoon's games are opened with (None: the seed rule set).
    house_rules_version_id: Mapped[int | None] = mapped_column(
        ForeignKey("house_rules_version.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: Moves on with every write of what the session's board shows, as a game's version does with its game:
    #: the session's record and its games' writes (app/store/stamps.py, session_moved); the board's stamp.
    version: Mapped[int] = mapped_column(default=1, server_default="1")
    attendees: Mapped[list[Attendance]] = relationship(back_populates="session", cascade="all, delete-orphan",
                                                       order_by="Attendance.id")


class Attendance(ClubOwned, db.Model):
    """A player here for a session."""

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(PublicIdType, ForeignKey("club_session.id", ondelete="CASCADE"), index=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"), index=True)
    arrived_at: Mapped[datetime] = mapped_column(default=utcnow)
    session: Mapped[ClubSession] = relationship(back_populates="attendees")
    member: Mapped[Member] = relationship()
    __table_args__ = (UniqueConstraint("session_id", "member_id"),)


class Season(ClubOwned, db.Model):
    """A season of the ladder: a name, first and last day, and the qualifying share in percent."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(db.String(60))
    starts_on: Mapped[date]
    ends_on: Mapped[date]
    qualifying_percent: Mapped[int] = mapped_column(default=30)
    __table_args__ = (UniqueConstraint("club_id", "name"),)


class SessionEvent(ClubOwned, db.Model):
    """One change to a session, as its record keeps it: what, when, and who did it."""

    __tablename__ = "session_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(PublicIdType, ForeignKey("club_session.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(db.String(20))
    words: Mapped[str] = mapped_column(db.String(400), default="")
    at: Mapped[datetime] = mapped_column(default=utcnow)
    actor_kind: Mapped[str] = mapped_column(db.String(12))
    actor_id: Mapped[str] = mapped_column(db.String(64), default="")
    actor_label: Mapped[str] = mapped_column(db.String(80), default="")


class TableCall(ClubOwned, db.Model):
    """A table calling the organiser: on the board's call list from when it called until the organiser clears it."""

    __tablename__ = "table_call"

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(PublicIdType, ForeignKey("club_session.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[int | None] = mapped_column(PublicIdType, ForeignKey("game.id", ondelete="SET NULL"), index=True)
    table_number: Mapped[int] = mapped_column(default=0)
    reason: Mapped[str] = mapped_column(db.String(200), default="")
    called_at: Mapped[datetime] = mapped_column(default=utcnow)
    called_by: Mapped[str] = mapped_column(db.String(80), default="")
    cleared_at: Mapped[datetime | None]
    cleared_by: Mapped[str] = mapped_column(db.String(80), default="")


class Substitution(ClubOwned, db.Model):
    """A player who left a game mid-way and the substitute who took the seat from a hand on."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(PublicIdType, ForeignKey("game.id", ondelete="CASCADE"), index=True)
    team_position: Mapped[int]
    seat: Mapped[int]
    from_hand: Mapped[int]
    left_name: Mapped[str] = mapped_column(db.String(60))
    left_member_id: Mapped[int | None] = mapped_column(ForeignKey("member.id", ondelete="SET NULL"), index=True)
    came_name: Mapped[str] = mapped_column(db.String(60))
    came_member_id: Mapped[int | None] = mapped_column(ForeignKey("member.id", ondelete="SET NULL"), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    by: Mapped[str] = mapped_column(db.String(80), default="")
