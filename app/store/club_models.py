"""What a club stores for its afternoons: organisers, its players, sessions, who came, calls and substitutes."""
from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum

from sqlalchemy import JSON, ForeignKey, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship
from werkzeug.security import check_password_hash, generate_password_hash

from app.extensions import db
from app.store.ids import PublicIdType, public_id
from app.store.tenancy import ClubOwned
from app.store.models import utcnow


class Role(StrEnum):
    """What an account may do in its club."""

    OWNER = "owner"            # accounts, backup and restore, the club's settings, and all an organiser does
    ORGANISER = "organiser"    # sessions, players, seasons, results
    VIEWER = "viewer"          # reads the results and records, changes nothing


class Organiser(ClubOwned, db.Model):
    """Someone who runs the club's afternoons: a name and a hashed password."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(db.String(60), unique=True)     # unique across the host: signing in finds the club
    #: What the account may do in its club (Role): owner, organiser or a read-only viewer.
    role: Mapped[str] = mapped_column(db.String(12), default="organiser", server_default="organiser")
    password_hash: Mapped[str] = mapped_column(db.String(256))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: Which of the account's logins still count: logging out or a new password moves it on, and every
    #: browser session made before (its cookie holds the old number) is over.
    session_generation: Mapped[int] = mapped_column(default=0, server_default="0")
    #: True for the account made by the first-run setup page only: the database lets one row have it, so
    #: two setup forms sent at once cannot both make an account.
    founder: Mapped[bool | None] = mapped_column(unique=True)

    def set_password(self, password: str) -> None:
        """Store the password's hash, never the password; the account's other sessions end."""
        self.password_hash = generate_password_hash(password)
        self.session_generation = (self.session_generation or 0) + 1

    def check_password(self, password: str) -> bool:
        """True when the password is this organiser's."""
        return check_password_hash(self.password_hash, password)

    # Flask-Login's user protocol
    is_active = True
    is_authenticated = True
    is_anonymous = False

    #: The key of the browser's sign-in this account was loaded or signed in with (app/store/sign_ins.py).
    sign_in_key = None

    def get_id(self) -> str:
        """What Flask-Login keeps in the session: the id, the session generation and the sign-in's key
        ('3.7.Kx9...')."""
        return f"{self.id}.{self.session_generation or 0}.{self.sign_in_key or ''}"


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

    #: Random (app/store/ids.py): a session's link cannot be found by counting.
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
    #: A hand counts on the board only once a player of another team agreed to it on the tablet.
    agreement: Mapped[bool] = mapped_column(default=False, server_default=false())
    client_token: Mapped[str | None] = mapped_column(db.String(64), index=True)   # opened through the API with one
    request_digest: Mapped[str | None] = mapped_column(db.String(64))   # what that request asked for, hashed
    #: The version of the club's house rules the afternoon's games are opened with (None: the seed rule set).
    house_rules_version_id: Mapped[int | None] = mapped_column(
        ForeignKey("house_rules_version.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
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


class Invitation(ClubOwned, db.Model):
    """A one-time link an owner made for a new account of the club: only its hash is kept."""

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(db.String(64), unique=True)
    role: Mapped[str] = mapped_column(db.String(12))
    made_by: Mapped[str] = mapped_column(db.String(80), default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
