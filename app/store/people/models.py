"""People's tables: the club's accounts (organisers, one-time links) and what a club keeps to reach its members at
home (who reads its records, members' email addresses, the outbox)."""
from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import ForeignKey, Text, UniqueConstraint, false, true
from sqlalchemy.orm import Mapped, mapped_column
from werkzeug.security import check_password_hash, generate_password_hash

from app.extensions import db
from app.store.base.ids import PublicIdType
from app.store.game.models import utcnow
from app.store.tenancy.scope import ClubOwned


class Visibility(StrEnum):
    """Who may read a club's records (the afternoons' results, the ladder, players' pages and form charts)."""

    ACCOUNTS = "accounts"      # the club's accounts only
    LINK = "link"              # also anyone with the club's own members' link
    PUBLIC = "public"          # anyone


class MailStatus(StrEnum):
    """Where one email of the outbox stands."""

    PENDING = "pending"        # waiting for its turn (or its next try after a failure)
    SENDING = "sending"        # claimed by one sender, which is handing it to the mail server
    SENT = "sent"              # the mail server accepted it
    FAILED = "failed"          # the mail server refused it for good, or every try failed
    UNSURE = "unsure"          # Treys stopped while handing it over: it may or may not have gone


class ClubSettings(ClubOwned, db.Model):
    """A club's own choices for its members: who reads its records, its members' link, what its emails hold."""

    __tablename__ = "club_settings"

    id: Mapped[int] = mapped_column(primary_key=True)
    visibility: Mapped[str] = mapped_column(db.String(10), default=Visibility.ACCOUNTS)
    #: The members' link: random, replaced by the owner (which ends the old one). Kept as it is, so the owner
    #: can copy it again: it reads the records, never writes.
    link: Mapped[str | None] = mapped_column(db.String(64), unique=True)
    #: The day's results go out by themselves when the afternoon's last game ends.
    email_when_done: Mapped[bool] = mapped_column(default=True, server_default=true())
    #: The emails say how each player's form moved (the form guide).
    email_form: Mapped[bool] = mapped_column(default=False, server_default=false())
    changed_at: Mapped[datetime] = mapped_column(default=utcnow)
    changed_by: Mapped[str] = mapped_column(db.String(80), default="")
    __table_args__ = (UniqueConstraint("club_id"),)


class MemberContact(ClubOwned, db.Model):
    """A member's email address, given with their consent, and the one-click link that stops the emails."""

    __tablename__ = "member_contact"

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"), unique=True)
    email: Mapped[str] = mapped_column(db.String(254))
    #: The unsubscribe link's token: random, in every email, opens nothing but the stop.
    stop_token: Mapped[str] = mapped_column(db.String(64), unique=True)
    added_at: Mapped[datetime] = mapped_column(default=utcnow)
    added_by: Mapped[str] = mapped_column(db.String(80), default="")
    stopped_at: Mapped[datetime | None]


class MailJob(ClubOwned, db.Model):
    """One email of the day's results to one member, kept until the mail server took it: the outbox."""

    __tablename__ = "mail_job"

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(PublicIdType, ForeignKey("club_session.id", ondelete="CASCADE"),
                                            index=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("member.id", ondelete="SET NULL"), index=True)
    address: Mapped[str] = mapped_column(db.String(254))
    subject: Mapped[str] = mapped_column(db.String(200))
    text_body: Mapped[str] = mapped_column(Text)
    html_body: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(db.String(10), default=MailStatus.PENDING, index=True)
    tries: Mapped[int] = mapped_column(default=0)
    next_try_at: Mapped[datetime] = mapped_column(default=utcnow)
    claimed_at: Mapped[datetime | None]
    sent_at: Mapped[datetime | None]
    #: The mail server's own words when it refused (shown to the organiser).
    last_error: Mapped[str] = mapped_column(db.String(400), default="")
    #: Where a mail program's own "unsubscribe" stops the member's emails with one press (List-Unsubscribe,
    #: RFC 8058); '' for an email queued before it was kept.
    unsubscribe_url: Mapped[str] = mapped_column(db.String(400), default="", server_default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    created_by: Mapped[str] = mapped_column(db.String(80), default="")
    #: One email per member per afternoon, however often the results are sent.
    __table_args__ = (UniqueConstraint("session_id", "member_id"),)


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

    #: The key of the browser's sign-in this account was loaded or signed in with (app/store/people/sign_ins.py).
    sign_in_key = None

    def get_id(self) -> str:
        """What Flask-Login keeps in the session: the id, the session generation and the sign-in's key
        ('3.7.Kx9...')."""
        return f"{self.id}.{self.session_generation or 0}.{self.sign_in_key or ''}"


class Invitation(ClubOwned, db.Model):
    """A one-time link an owner made for a new account of the club: only its hash is kept."""

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(db.String(64), unique=True)
    role: Mapped[str] = mapped_column(db.String(12))
    made_by: Mapped[str] = mapped_column(db.String(80), default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
